"""The focus tracker: the last few actions as one-liners, placed right before the latest user message.

Small models lose track of what they just did; a short list such as::

    Your last actions (oldest first):
    → opened /politik/ (Politik)
    ✓ clicked 'Anmelden'

in front of the latest user message at every step keeps them on course.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from langchain_core.messages import BaseMessage, HumanMessage

from waypost.agent.outcomes import page_location, short_title

FOCUS_NAME = "focus"
"""``name`` of the HumanMessage that carries the focus block."""
LIMIT = 5
HEADER = "Your last actions (oldest first):"
_SECRET = re.compile(r"pass(?:word|wort)?|kennwort|\bpin\b|secret|geheim", re.I)


def _short(text: str, n: int = 60) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _place(url: str, target: str | None = None) -> str:
    """A URL as a path when the model gave a path, else ``host/path``."""
    if target and target.startswith("/"):
        return _short(target, 70)
    parts = urlsplit(url)
    if parts.scheme in ("http", "https"):
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        return _short(parts.netloc + path, 70)
    return _short(url, 70)


def _first_clause(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else "failed"
    line = line.removeprefix("Error: ")
    return _short(re.split(r"(?<=[.;])\s", line, maxsplit=1)[0].rstrip(".;"), 70)


def describe_action(tool: str, args: Mapping[str, Any], text: str, ok: bool) -> str:
    """One line that says what an action did, e.g. ``→ opened /politik/ (Politik)``.

    Args:
        tool: The tool's name.
        args: The arguments it was called with.
        text: The tool's result text.
        ok: Whether it succeeded.
    """
    target = str(args.get("target") or "")
    if tool == "research_navigate":
        if text.startswith(("Error: you are already on", "You are already here")):
            return f"↺ already on {_short(target, 50)} (not reloaded)"
        if not ok:
            return f"✗ could not open {_short(target, 50)}: {_first_clause(text)}"
        loc = page_location(text)
        if loc is None:
            return f"→ opened {_short(target, 50)}"
        title, url = loc
        verb = {"back": "← went back to", "forward": "→ went forward to"}.get(target.lower(), "→ opened")
        where = _place(url, None if target.lower() in ("back", "forward") else target)
        return f"{verb} {where} ({_short(short_title(title), 40)})"
    if not ok:
        shown = f" '{_short(target, 40)}'" if target else ""
        return f"✗ {tool}{shown}: {_first_clause(text)}"
    if tool == "click":
        return f"✓ clicked '{_short(target, 50)}'"
    if tool == "type":
        typed = "•••" if _SECRET.search(target) else _short(str(args.get("text", "")), 30)
        enter = " and pressed Enter" if args.get("submit") else ""
        return f"✓ typed '{typed}' into '{_short(target, 40)}'{enter}"
    if tool == "select":
        return f"✓ chose '{_short(str(args.get('option', '')), 30)}' in '{_short(target, 40)}'"
    if tool == "check":
        return f"✓ {'ticked' if args.get('checked', True) else 'unticked'} '{_short(target, 40)}'"
    if tool == "press":
        return f"✓ pressed {_short(str(args.get('key', '')), 20)}"
    if tool == "scroll":
        return f"✓ scrolled {args.get('direction', 'down')}"
    if tool == "dismiss_overlays":
        return "✓ closed overlays"
    if tool == "observe":
        n = len(re.findall(r"^\[[^\]]+\] ", text, re.M))
        return f"👁 looked for '{_short(str(args.get('query', '')), 40)}' ({n} candidates)"
    if tool == "extract":
        return f"✓ read '{_short(str(args.get('query', '')), 40)}'"
    if tool == "think":
        return f"… thought: {_short(str(args.get('thought', '')), 60)}"
    if tool == "load_tools":
        return f"+ loaded tools: {_short(', '.join(map(str, args.get('names') or [])), 60)}"
    if tool == "list_tools":
        return "? listed the tools"
    shown = ", ".join(f"{k}={_short(str(v), 20)}" for k, v in args.items() if k != "session_id")
    return f"✓ {tool}({_short(shown, 60)})"


def push(entries: Sequence[str], line: str, limit: int = LIMIT) -> list[str]:
    """The focus entries with ``line`` added, keeping the last ``limit``."""
    return [*entries, line][-limit:]


def render(entries: Sequence[str]) -> str | None:
    """The focus block, or ``None`` if nothing was done yet."""
    if not entries:
        return None
    return HEADER + "\n" + "\n".join(entries[-LIMIT:])


def inject(messages: Sequence[BaseMessage], entries: Sequence[str]) -> list[BaseMessage]:
    """The prompt messages with the focus block placed right before the latest user message.

    The latest user message is the last HumanMessage that is not itself a focus block. The
    messages passed in are not changed; a focus block already in them is dropped.
    """
    out = [m for m in messages if not (isinstance(m, HumanMessage) and m.name == FOCUS_NAME)]
    block = render(entries)
    if block is None:
        return out
    note = HumanMessage(content=block, name=FOCUS_NAME)
    for i in range(len(out) - 1, -1, -1):
        if isinstance(out[i], HumanMessage):
            return [*out[:i], note, *out[i:]]
    return [*out, note]
