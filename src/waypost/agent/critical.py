"""Critical actions: what is held for a person's approval before it is done.

Purchases, payments, deleting, sending messages and submitting passwords, and whatever the
user lists as extra patterns. The graph holds such a call with LangGraph's ``interrupt()`` when
the policy is ``ask``; ``always`` does it, ``never`` refuses it. Pure functions on plain data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

Reply = Literal["approve", "deny", "edit"]

_W = r"(?<![^\W_])"  # start of a word (works for German compounds' first part)
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "a purchase",
        re.compile(
            _W + r"(?:buy|purchase|check ?out|place (?:the |your )?order|order now|kauf(?:en|e)?\b|"
            r"jetzt kaufen|bestellen|bestellung abschicken|zahlungspflichtig|zur kasse|kasse\b|"
            r"subscribe|abonnieren|in den warenkorb und bezahlen)",
            re.I,
        ),
    ),
    (
        "a payment",
        re.compile(
            _W + r"(?:pay\b|pay now|payment|bezahlen|jetzt zahlen|zahlung|überweis|kreditkarte|credit card|"
            r"card number|kartennummer|iban|paypal|cvv|cvc)",
            re.I,
        ),
    ),
    (
        "deleting something",
        re.compile(
            _W + r"(?:delete|remove|erase|destroy|löschen|lösche|entfernen|konto schließen|close account|"
            r"kündigen|cancel (?:my |the )?(?:account|subscription)|unsubscribe|abmelden vom newsletter)",
            re.I,
        ),
    ),
    (
        "sending a message",
        re.compile(
            _W + r"(?:send|senden|absenden|abschicken|verschicken|versenden|post (?:a |the )?"
            r"(?:comment|message|reply)|kommentar (?:abschicken|senden|veröffentlichen)|veröffentlichen|"
            r"publish|submit (?:message|comment|form)|nachricht senden)",
            re.I,
        ),
    ),
)
_URL_KINDS = re.compile(r"/(?:checkout|kasse|pay(?:ment)?|bezahlen|delete|remove|loeschen|löschen)\b", re.I)
_SECRET_FIELD = re.compile(r"pass(?:word|wort)?|kennwort|\bpin\b|passphrase|secret", re.I)
_SUBMIT_WORDS = re.compile(
    r"log ?in|sign ?in|anmelden|einloggen|submit|absenden|weiter|continue|bestätigen|confirm|"
    r"type=.?submit|button",
    re.I,
)
_MESSAGE_FIELD = re.compile(r"message|nachricht|comment|kommentar|text ?area|mitteilung|reply|antwort", re.I)

_YES = {"y", "yes", "ja", "j", "ok", "okay", "approve", "approved", "allow", "go", "true", "1", "sure"}
_NO = {"n", "no", "nein", "deny", "denied", "reject", "stop", "cancel", "abbrechen", "false", "0"}


@dataclass(frozen=True)
class Verdict:
    """Why a call is critical.

    Attributes:
        reason: In words for the person asked, e.g. ``click 'Jetzt kaufen' looks like a purchase``.
        kind: ``a purchase``, ``a payment``, ``deleting something``, ``sending a message``,
            ``submitting a password`` or ``a pattern you listed``.
    """

    reason: str
    kind: str


def is_secret_field(target: str) -> bool:
    """Whether a ``type`` target names a password-like field (what is typed there is a secret)."""
    return _SECRET_FIELD.search(target) is not None


def _words(args: Mapping[str, Any]) -> str:
    parts = [str(v) for k, v in args.items() if k != "session_id" and isinstance(v, str | int | float)]
    return " ".join(parts)


def masked(tool: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments with a typed password replaced by ``•••`` (for prompts and logs)."""
    out = {k: v for k, v in args.items() if k != "session_id"}
    if tool == "type" and _SECRET_FIELD.search(str(args.get("target") or "")) and "text" in out:
        out["text"] = "•••"
    return out


def describe_call(tool: str, args: Mapping[str, Any]) -> str:
    """``click 'Jetzt kaufen'`` or ``type 'Hallo' into 'Nachricht'`` for the approval prompt."""
    target = args.get("target")
    if tool == "type":
        text = "•••" if _SECRET_FIELD.search(str(target or "")) else str(args.get("text", ""))
        enter = " and press Enter" if args.get("submit") else ""
        return f"type {text!r} into {str(target)!r}{enter}"
    if target is not None:
        return f"{tool} {str(target)!r}"
    shown = json.dumps({k: v for k, v in args.items() if k != "session_id"}, ensure_ascii=False)
    return f"{tool} {shown}"


def check(
    tool: str,
    args: Mapping[str, Any],
    *,
    read_only: bool = False,
    patterns: Sequence[str] = (),
    password_typed: bool = False,
) -> Verdict | None:
    """Whether a tool call is critical, and why.

    Args:
        tool: The tool's name.
        args: Its arguments.
        read_only: True for tools that change nothing (they are only checked against the
            user's patterns and, for navigation, against checkout/delete URLs).
        patterns: Extra patterns the user listed: regular expressions (case-insensitive), or
            plain text if not a valid expression, matched against the tool name and arguments.
        password_typed: A password was typed on the current page and not yet submitted.
    """
    what = describe_call(tool, args)
    text = _words(args)
    haystack = f"{tool} {json.dumps(dict(args), ensure_ascii=False, default=str)}"
    for pattern in patterns:
        if not pattern:
            continue
        try:
            hit = re.search(pattern, haystack, re.I) is not None
        except re.error:
            hit = pattern.lower() in haystack.lower()
        if hit:
            return Verdict(f"{what} matches your pattern {pattern!r}", "a pattern you listed")
    if tool in ("think", "final_answer", "list_tools", "load_tools"):
        return None
    if _touches_user_tabs(tool, args):
        return Verdict(
            f"{what} touches the user's own browser tabs, which Waypost did not open", "your own tabs"
        )
    if read_only:
        target = str(args.get("target") or "")
        if tool == "research_navigate" and _URL_KINDS.search(target):
            return Verdict(f"opening {target} looks like a checkout, payment or delete link", "a purchase")
        return None
    if tool == "type":
        target = str(args.get("target") or "")
        if _SECRET_FIELD.search(target) and args.get("submit") and args.get("text"):
            return Verdict(f"{what} submits a password", "submitting a password")
        if args.get("submit") and _MESSAGE_FIELD.search(target):
            return Verdict(f"{what} sends a message", "sending a message")
        # What is typed is data, not an action: only the target's words count below.
        text = target
    if password_typed and (
        (tool == "click" and _SUBMIT_WORDS.search(text)) or (tool == "press" and "enter" in text.lower())
    ):
        return Verdict(f"{what} submits the password typed on this page", "submitting a password")
    for kind, rx in _KINDS:
        if rx.search(text):
            return Verdict(f"{what} looks like {kind}", kind)
    return None


def _touches_user_tabs(tool: str, args: Mapping[str, Any]) -> bool:
    """A tab tool call that shows or acts on the user's own tabs (``u1``...) of an attached browser."""
    if tool == "list_tabs":
        return bool(args.get("include_user_tabs"))
    tab = args.get("tab")
    return (
        tool in ("switch_tab", "close_tab") and isinstance(tab, str) and tab.strip().lower().startswith("u")
    )


def password_pending(trail: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the latest actions typed a password that no later navigation or submit consumed."""
    pending = False
    for rec in trail:
        tool, args = rec.get("tool"), rec.get("args") or {}
        if tool == "research_navigate":
            pending = False
        elif tool == "type" and rec.get("ok") and _SECRET_FIELD.search(str(args.get("target") or "")):
            pending = not args.get("submit")
        elif tool in ("click", "press") and rec.get("ok") and pending:
            # A submit-like click or Enter consumed it.
            words = f"{args.get('target', '')} {args.get('key', '')}"
            if tool == "press" or _SUBMIT_WORDS.search(words):
                pending = False
    return pending


def parse_reply(value: Any) -> tuple[Reply, str | None]:
    """A person's answer to an approval request: approve, deny, or an edited instruction.

    Accepts booleans, ``yes``/``no`` words (English and German), a dict with ``approve`` or
    ``answer``/``instruction``, or any other text (taken as an edited instruction).
    """
    if isinstance(value, Mapping):
        if "approve" in value:
            return parse_reply(bool(value["approve"]))
        value = value.get("instruction") or value.get("answer") or value.get("reply")
    if value is None:
        return "deny", None
    if isinstance(value, bool):
        return ("approve" if value else "deny"), None
    text = str(value).strip()
    if text.lower().rstrip(".!") in _YES:
        return "approve", None
    if not text or text.lower().rstrip(".!") in _NO:
        return "deny", None
    return "edit", text
