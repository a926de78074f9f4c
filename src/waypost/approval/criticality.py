"""Is an action critical? Judged by what it does, from plain data about the element and its effect.

A call's words are not enough: ``click "css=#danger"`` names no danger, ``press Enter`` names no
message. The actor resolves the element first and describes it (:class:`ElementInfo`: accessible
name and text, attributes, the link it follows, the form it submits with that form's action,
method, fields and headings, the headings around it); this module decides from that description.
URLs are judged after normalization (percent-decoding, Unicode folding, camelCase, kebab and
snake case split into words), so ``/do-delete`` and ``/account/deleteAccount`` are deletes.

Pure functions on plain data: no Playwright here.

What it cannot know: a page that lies about its effect (a button "Continue" whose script deletes
the account, a form posting to ``/x7``) is judged by its lie. Approval protects a user from a
model acting on honest sites, not from a site against its own user.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

_W = r"(?<![^\W_])"  # start of a word (works for German compounds' first part)
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
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
"""Words that name a critical action, by kind (English and German)."""

# Words in URLs, after splitting: a stem matches at the start or end of a word ("deleteaccount",
# "dodelete"), except inflections that report rather than do ("deleted", "removes").
_URL_STEMS = {
    "delete": "deleting something",
    "remove": "deleting something",
    "destroy": "deleting something",
    "erase": "deleting something",
    "purge": "deleting something",
    "unsubscribe": "deleting something",
    "loeschen": "deleting something",
    "löschen": "deleting something",
    "kuendigen": "deleting something",
    "kündigen": "deleting something",
    "deactivate": "deleting something",
    "checkout": "a purchase",
    "purchase": "a purchase",
    "payment": "a payment",
    "bezahlen": "a payment",
}
_URL_WORDS = {"pay": "a payment", "buy": "a purchase", "kasse": "a purchase"}
_REPORTING = ("d", "ed", "s", "r", "rs", "ion", "ions", "al", "able")
_GENERIC_CONFIRM = re.compile(
    r"^\s*(?:confirm|yes|ok|okay|continue|proceed|submit|go|done|apply|agree|accept|i understand.*|"
    r"weiter|bestätigen|ja|fortfahren|absenden|los|übernehmen|senden)\b",
    re.I,
)
_MONEY = re.compile(r"(?:[€$£¥]\s?\d|\d[\d.,]*\s?(?:€|eur\b|euro\b|usd\b|\$|£|chf\b|gbp\b))", re.I)
_SUBMIT_KEYS = {"enter", "numpadenter", "return"}
_ACTIVATE_KEYS = {" ", "space"}


@dataclass(frozen=True)
class Verdict:
    """Why an action is critical.

    Attributes:
        reason: In words for the person asked, e.g. ``click 'Jetzt kaufen' looks like a purchase``.
        kind: ``a purchase``, ``a payment``, ``deleting something``, ``sending a message``,
            ``submitting a password`` or ``a pattern you listed``.
    """

    reason: str
    kind: str


@dataclass(frozen=True)
class FormInfo:
    """The form an action submits.

    Attributes:
        action: The absolute URL it is sent to (the submitter's ``formaction`` if it has one).
        method: ``get``, ``post`` or ``dialog``.
        label: The form's id, name, aria-label and class words.
        text: Its legend and headings, and the heading just before it.
        has_password: It has a password field with something in it (or one is being typed).
        has_message: It has a filled textarea or rich-text field.
        has_payment: It has card, IBAN or CVC fields.
    """

    action: str = ""
    method: str = "get"
    label: str = ""
    text: str = ""
    has_password: bool = False
    has_message: bool = False
    has_payment: bool = False


@dataclass(frozen=True)
class ElementInfo:
    """The element an action resolved to, and what activating it does.

    Attributes:
        tag: Lowercase tag name.
        type: The ``type`` attribute (``submit``, ``password``...).
        role: The ARIA role, explicit or implied.
        name: The accessible name (aria-label, labelledby, alt, value, text).
        text: The visible text.
        attrs: id, name, value, title, data-* and aria attributes, as words.
        href: The absolute URL a link goes to.
        submits: Activating it submits ``form``.
        form: The form it belongs to.
        context: The headings around it and the title of the dialog it is in.
        editable: A text field, textarea or contenteditable.
    """

    tag: str = ""
    type: str = ""
    role: str = ""
    name: str = ""
    text: str = ""
    attrs: str = ""
    href: str = ""
    submits: bool = False
    form: FormInfo | None = None
    context: str = ""
    editable: bool = False
    extra: dict[str, str] = field(default_factory=dict)


def split_words(text: str) -> str:
    """``deleteAccount`` → ``delete Account``, ``do-delete`` → ``do delete``, ``a%20b`` → ``a b``."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"(?<=[a-zäöüß])(?=[A-ZÄÖÜ])|(?<=[A-ZÄÖÜ])(?=[A-ZÄÖÜ][a-zäöüß])", " ", text)
    return " ".join(re.split(r"[^\w]+|_", text)).strip()


def url_words(url: str) -> list[str]:
    """The words of a URL's path and query, lowercased, decoded and split.

    A path segment or query value of more than four words is a slug (an article's title, e.g.
    ``how-to-delete-your-account``), not a command, and is left out.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return []
    pieces = parts.path.split("/") + re.split(r"[&;=]", parts.query)
    words: list[str] = []
    for piece in pieces:
        for _ in range(3):  # double encoding: %2564elete
            decoded = unquote(piece)
            if decoded == piece:
                break
            piece = decoded
        found = [w.lower() for w in split_words(piece).split() if w]
        if len(found) <= 4:
            words += found
    return words


def classify_url(url: str) -> Verdict | None:
    """Whether opening or submitting to ``url`` looks like a checkout, payment or delete."""
    for word in url_words(url):
        kind = _URL_WORDS.get(word)
        if kind:
            return Verdict(f"the address {short(url)} looks like {kind}", kind)
        for stem, kind in _URL_STEMS.items():
            rest = word[len(stem) :] if word.startswith(stem) else None
            if (rest is not None and rest not in _REPORTING) or (word.endswith(stem) and word != stem):
                return Verdict(f"the address {short(url)} looks like {kind}", kind)
    return None


def classify_words(text: str) -> str | None:
    """The kind of critical action ``text`` names, if any."""
    for kind, rx in KINDS:
        if rx.search(text):
            return kind
    return None


def may_activate(key: str | None) -> bool:
    """Whether pressing ``key`` can activate or submit anything (Enter, Space, with modifiers)."""
    pressed = (key or "").strip().lower().rsplit("+", 1)[-1] or (key or "")[-1:]
    return pressed in _SUBMIT_KEYS or pressed in _ACTIVATE_KEYS


def classify_element(action: str, element: ElementInfo, *, key: str | None = None) -> Verdict | None:
    """Whether doing ``action`` (``click``, ``press``, ``type``) on ``element`` is critical.

    For ``press``, ``element`` is the focused element and ``key`` the key; only keys that
    activate it (Enter submits a form or activates a button or link; Space activates a button)
    can be critical. For ``type`` with submit, pass the field with ``submits=True``.
    """
    if action == "press":
        pressed = (key or "").strip().lower().rsplit("+", 1)[-1] or (key or "")[-1:]
        activates = pressed in _SUBMIT_KEYS or (
            pressed in _ACTIVATE_KEYS and element.tag in ("button", "input", "summary")
        )
        if not activates:
            return None
    what = describe(action, element, key)
    own = " ".join(x for x in (element.name, element.text, split_words(element.attrs)) if x)
    kind = classify_words(own)
    if kind and not element.editable:
        return Verdict(f"{what} looks like {kind}", kind)
    if element.href and not element.editable:
        found = classify_url(element.href)
        if found:
            return Verdict(f"{what}: {found.reason}", found.kind)
    generic = bool(_GENERIC_CONFIRM.match(element.name or element.text or "")) or element.submits
    if generic and _MONEY.search(own) and not element.editable:
        return Verdict(f"{what} confirms a payment of an amount", "a purchase")
    if element.editable:
        if action not in ("press", "type"):
            return None  # clicking into a field does nothing
        if element.tag == "textarea" or element.extra.get("contenteditable"):
            # Enter in a message box is how chat and comment boxes send.
            return Verdict(f"{what} may send what was typed as a message", "sending a message")
        if not element.submits:
            return None  # Enter in a field that submits nothing
    form = element.form if element.submits else None
    if form is not None:
        found = classify_url(form.action) if form.action else None
        if found:
            return Verdict(f"{what} submits a form: {found.reason}", found.kind)
        form_kind = classify_words(f"{split_words(form.label)} {form.text}")
        if form_kind:
            return Verdict(f"{what} submits a form about {form_kind}", form_kind)
        if form.has_password:
            return Verdict(f"{what} submits a password", "submitting a password")
        if form.has_payment:
            return Verdict(f"{what} submits payment details", "a payment")
        if form.has_message and form.method == "post":
            return Verdict(f"{what} sends the message typed in the form", "sending a message")
    if generic and element.context:
        context_kind = classify_words(element.context)
        if context_kind:
            return Verdict(f"{what} confirms {context_kind} ({short(element.context, 60)!r})", context_kind)
    return None


def describe(action: str, element: ElementInfo, key: str | None = None) -> str:
    """``click button 'Delete account'`` for messages and approval prompts."""
    label = " ".join((element.name or element.text or element.attrs or element.href or "").split())
    kind = element.role or element.tag or "element"
    shown = f"{kind} {short(label, 60)!r}" if label else kind
    if action == "press":
        return f"press {key or 'Enter'} on {shown}"
    if action == "type":
        return f"type into {shown} and press Enter"
    return f"{action} {shown}"


def short(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
