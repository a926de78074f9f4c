"""Reading tool results: links of a page view, candidates of observe, and what kind of error it was.

Pure functions on the tools' text (the agent knows nothing of how tools work inside; it reads
what they say, exactly as the model does).
"""

from __future__ import annotations

import re

from waypost.agent.state import ErrorType

LINK_LINE = re.compile(r"^For (.+?): (\S+)\s*$", re.M)
"""A link line of a research_navigate view: ``For <label>: <url>``."""
YOU_ARE_ON = re.compile(r"^You are on: (.*) \((\S+)\)\s*$", re.M)
NOW_AT = re.compile(r"Now at (\S+?)(?: \(\"[^\n]*?\"\))?\.(?:\s|$)")
CANDIDATE_LINE = re.compile(
    r"^\[(?P<id>[^\]]+)\] (?P<what>.*?) p=(?P<p>[\d.]+)(?: — (?P<selector>.+))?$", re.M
)
NO_SELECTOR = "no unique selector"

_STALE = re.compile(
    r"\bstale\b|detached|not attached to the (?:DOM|document)|Execution context was destroyed|"
    r"element (?:handle )?(?:is|was) (?:no longer|not) (?:attached|in the page)",
    re.I,
)
_NOT_FOUND = re.compile(
    r"Nothing on this page (?:clearly )?matches|matches no single element|\bno (?:such )?element\b|"
    r"\bElementNotFound\b|element not found",
    re.I,
)
_CAPTCHA = re.compile(r"\bcaptcha\b|bot wall|Blocked: ", re.I)
_STATUS_LINE = re.compile(r"^HTTP (\d{3}): .*this page is an error page", re.M)
_CAPTCHA_NOTICE = re.compile(r"^Blocked: \w+ \(", re.M)
# 'Not sure which element': the candidates are listed and the model picks one; not a failure.
_NOT_ERRORS = ("Not sure which element",)
_ALREADY_THERE = ("Error: you are already on", "You are already here")
_AUTH = re.compile(
    r"HTTP 40[13]\b|\bunauthori[sz]ed\b|\bforbidden\b|login required|log in first|sign in to|"
    r"Anmeldung erforderlich|bitte (?:melden Sie sich|anmelden)",
    re.I,
)
_NETWORK = re.compile(
    r"Could not open |net::ERR_|\btimeout\b|timed out|connection (?:refused|reset)|\bdns\b|"
    r"HTTP 5\d\d\b|BrowserUnavailable|browser (?:has been )?closed|network",
    re.I,
)


def view_links(text: str) -> list[list[str]]:
    """``[label, url]`` pairs of the ``For <label>: <url>`` lines of a page view, in order."""
    return [[m.group(1).strip(), m.group(2).strip()] for m in LINK_LINE.finditer(text)]


def page_location(text: str) -> tuple[str, str] | None:
    """``(title, url)`` from a view's ``You are on: <title> (<url>)`` line, if there is one."""
    m = YOU_ARE_ON.search(text)
    return (m.group(1).strip(), m.group(2).strip()) if m else None


def moved_to(text: str) -> str | None:
    """The URL an action result says the page moved to (``Now at <url>``), if any."""
    m = NOW_AT.search(text)
    return m.group(1) if m else None


def candidate_selectors(text: str) -> list[str]:
    """Selectors of the candidate lines of an observe (or 'not sure which') result, best first."""
    out: list[str] = []
    for m in CANDIDATE_LINE.finditer(text):
        sel = (m.group("selector") or "").strip()
        if sel and sel != NO_SELECTOR and "(hidden)" not in m.group("what") and sel not in out:
            out.append(sel)
    return out


def classify_error(text: str, tool: str | None = None) -> ErrorType | None:
    """The kind of error a tool result reports, or ``None`` if it reports none.

    Args:
        text: The tool's text.
        tool: The tool's name (research_navigate's guard answers are not errors).

    Returns:
        ``stale``, ``element_not_found``, ``captcha``, ``auth``, ``network``, ``unknown`` or ``None``.
    """
    head = text.lstrip()[:600]
    if _CAPTCHA_NOTICE.search(text):
        return "captcha"
    if tool == "research_navigate" and head.startswith(_ALREADY_THERE):
        return None  # the navigator's same-page guard: the model is where it wanted to be
    if head.startswith("Error:"):
        return _kind(head)
    status = _STATUS_LINE.search(head)
    if status:
        code = int(status.group(1))
        return "auth" if code in (401, 403, 407) else "network" if code >= 500 else "unknown"
    if tool == "research_navigate" or head.startswith(_NOT_ERRORS):
        return None
    if _STALE.search(head) or _NOT_FOUND.search(head) or "nothing was done" in head:
        return _kind(head)
    return None


def is_error(text: str, tool: str | None = None) -> bool:
    """Whether a tool result reports a failure (nothing was done or nothing was loaded)."""
    return classify_error(text, tool) is not None


def _kind(head: str) -> ErrorType:
    if _STALE.search(head):
        return "stale"
    if _NOT_FOUND.search(head):
        return "element_not_found"
    if _CAPTCHA.search(head):
        return "captcha"
    if _AUTH.search(head):
        return "auth"
    if _NETWORK.search(head):
        return "network"
    return "unknown"


def short_title(title: str) -> str:
    """A page title without the site name: ``Politik – Waypost Nachrichten`` → ``Politik``."""
    for sep in (" – ", " — ", " | ", " - ", " · ", " :: "):
        if sep in title:
            head = title.split(sep)[0].strip()
            if head:
                return head
    return title.strip()
