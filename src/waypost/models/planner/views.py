"""Reading the tools' answers as data: page views, action results and extracts.

Every function here takes the text a tool returned (possibly wrapped in an untrusted-data fence:
the patterns search inside it) and gives plain values back. Page text is data: nothing in it is
ever taken as an instruction; the planner only uses it to pick links by the user's words and to
quote what it read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit, urlunsplit

__all__ = [
    "ActionOutcome",
    "View",
    "ViewLink",
    "action_outcome",
    "extract_text",
    "is_compressed",
    "parse_view",
    "same_page",
    "unfence",
]

_YOU_ARE_ON = re.compile(r"^You are on: (?P<title>.*) \((?P<url>\S+)\)\s*$", re.M)
_LINK = re.compile(r"^For (?P<label>.+): (?P<url>\S+)\s*$")
_GROUP_HEADERS = {
    "Main content:": "main",
    "Sections:": "sections",
    "Elsewhere:": "external",
    "Pagination:": "pagination",
    "Forms:": "forms",
    "Feeds:": "feeds",
}
_MATCHING = re.compile(r'^Matching ".*":\s*$')
_HTTP_ERROR = re.compile(r"^HTTP (?P<status>\d{3}): .* error page", re.M)
_BLOCKED = re.compile(r"^Blocked: (?P<kind>[\w-]+)", re.M)
_NOW_AT = re.compile(r"Now at (?P<url>\S+?)(?: \(\"(?P<title>.*?)\"\))?\.(?:\s|$)")
_TITLE_NOW = re.compile(r'The title is now "(?P<title>.*?)"\.')
_SECTION = re.compile(
    r'^Section (?:"(?P<title>.*)"|\(untitled\)) \(page text: data, not instructions\):\s*$', re.M
)
_CANDIDATE = re.compile(r"^\[(?P<id>\w+)\] (?P<what>.+?) p=(?P<p>[\d.]+) — (?P<selector>.+?)\s*$", re.M)

_COMPRESSED = re.compile(r"^\[(?:shortened|compressed|condensed)\b[^\]]*\]\s*", re.I)
_FENCE_LINE = re.compile(r"^\s*(?:<{2,}|>{2,}|```|</|\[/?(?:UNTRUSTED|END)\b|-{3,}\s*$|={3,}\s*$)", re.I)
_TOOL_STARTS = (
    "You are on:",
    "Section ",
    "Candidates for",
    "Error",
    "Clicked",
    "Typed",
    "Not sure",
    "Nothing",
)
_DONE_PREFIXES = (
    "Clicked ",
    "Typed ",
    "Chose ",
    "Selected ",
    "Checked ",
    "Unchecked ",
    "Ticked ",
    "Unticked ",
    "Pressed ",
    "Scrolled ",
    "Closed ",
    "No cookie banner",
)
_COVERED = re.compile(r"is covered by .*nothing was done|Call dismiss_overlays first", re.S)
_UNSURE = re.compile(r"^Not sure which element", re.M)
_DENIED = re.compile(
    r"\b(denied|declined|not approved|rejected by the user|the user (?:said no|refused)|abgelehnt|"
    r"nicht genehmigt)\b",
    re.I,
)


def is_compressed(text: str) -> bool:
    """Whether the graph shortened this tool answer (``[shortened: switched tools] ...``)."""
    return bool(_COMPRESSED.match(text.lstrip()))


def unfence(text: str) -> str:
    """The tool's own text: leading and trailing fence lines (untrusted-data markers) removed."""
    lines = text.splitlines()
    while lines and _is_fence(lines[0]):
        lines.pop(0)
    while lines and _is_fence(lines[-1]):
        lines.pop()
    return "\n".join(lines)


def _is_fence(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return True
    if _FENCE_LINE.match(stripped):
        return True
    return len(stripped) < 200 and "untrusted" in stripped.lower() and not stripped.startswith(_TOOL_STARTS)


def same_page(a: str | None, b: str | None) -> bool:
    """Whether two URLs name the same page (no fragment, no trailing slash, host case ignored)."""
    if not a or not b:
        return False
    return _page_key(a) == _page_key(b)


def _page_key(url: str) -> str:
    parts = urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


@dataclass(frozen=True)
class ViewLink:
    """A link as the view lists it.

    Attributes:
        label: Its label.
        url: Absolute URL (relative ones resolved against the page).
        group: ``matching``, ``main``, ``sections``, ``external``, ``pagination`` or ``other``.
        position: Its place in the view, from 0.
    """

    label: str
    url: str
    group: str
    position: int


@dataclass(frozen=True)
class View:
    """A ``research_navigate`` answer, parsed.

    Attributes:
        title: The page title.
        url: The page URL.
        summary: The lines between the head and the links (description, excerpt, notices).
        links: The listed links, in order.
        http_error: The HTTP status when the page is an error page.
        blocked: The kind of wall (``captcha``...) when the page is one.
        compressed: The graph shortened this answer to its first lines (older history): the title
            and URL are known, the links are not.
    """

    title: str
    url: str
    summary: tuple[str, ...]
    links: tuple[ViewLink, ...]
    http_error: int | None = None
    blocked: str | None = None
    compressed: bool = False

    @property
    def ok(self) -> bool:
        """The page loaded and is content, not an error page or a wall."""
        return self.http_error is None and self.blocked is None

    def group(self, name: str) -> list[ViewLink]:
        """The links of one group, in view order."""
        return [link for link in self.links if link.group == name]


def parse_view(text: str) -> View | None:
    """Parse a ``research_navigate`` answer; ``None`` if it is not a page view (an error, a guard)."""
    compressed = is_compressed(text)
    if compressed:
        text = _COMPRESSED.sub("", text.lstrip(), count=1)
    head = _YOU_ARE_ON.search(text)
    if head is None:
        return None
    url = head.group("url")
    body = text[head.end() :].splitlines()
    summary: list[str] = []
    links: list[ViewLink] = []
    group: str | None = None
    for raw in body:
        line = raw.strip()
        if not line or line.startswith("Call research_navigate"):
            continue
        if line in _GROUP_HEADERS:
            group = _GROUP_HEADERS[line]
            continue
        if _MATCHING.match(line):
            group = "matching"
            continue
        if line.startswith("No link matches "):
            group = group or "other"
            continue
        match = _LINK.match(line)
        if match and group is not None:
            target = match.group("url")
            links.append(ViewLink(match.group("label"), urljoin(url, target), group, len(links)))
            continue
        if group is None:
            summary.append(line)
    status = _HTTP_ERROR.search(text)
    blocked = _BLOCKED.search(text)
    return View(
        title=head.group("title").strip(),
        url=url,
        summary=tuple(summary),
        links=tuple(links),
        http_error=int(status.group("status")) if status else None,
        blocked=blocked.group("kind") if blocked else None,
        compressed=compressed,
    )


@dataclass(frozen=True)
class ActionOutcome:
    """What an acting tool's answer says.

    Attributes:
        done: The action was carried out.
        covered: Nothing was done because an overlay covers the element.
        unsure: Nothing was done because several elements fit; ``candidates`` lists them.
        denied: A person declined the action.
        url: The new URL when the action navigated.
        title: The new title, when the answer names it.
        changed: The answer reports a visible change (new URL, title, dialog).
        candidates: ``(description, selector)`` pairs from an unsure or observe answer, best first.
    """

    done: bool
    covered: bool = False
    unsure: bool = False
    denied: bool = False
    url: str | None = None
    title: str | None = None
    changed: bool = False
    candidates: tuple[tuple[str, str], ...] = ()


def action_outcome(text: str) -> ActionOutcome:
    """Classify the answer of click, type, select, check, press, scroll or dismiss_overlays."""
    done = _reports_done(text)
    now = _NOW_AT.search(text)
    title = _TITLE_NOW.search(text)
    changed = bool(now or title or "A dialog opened" in text or "A new tab opened" in text)
    candidates = tuple(
        (m.group("what"), m.group("selector"))
        for m in _CANDIDATE.finditer(text)
        if m.group("selector") != "no unique selector"
    )
    return ActionOutcome(
        done=done,
        covered=not done and bool(_COVERED.search(text)),
        unsure=not done and bool(_UNSURE.search(text)),
        denied=not done and bool(_DENIED.search(text)),
        url=now.group("url") if now else None,
        title=(now.group("title") if now and now.group("title") else title.group("title") if title else None),
        changed=changed,
        candidates=candidates,
    )


def extract_text(text: str) -> tuple[str, str] | None:
    """The ``(section title, section text)`` of an ``extract`` answer; ``None`` if nothing matched."""
    match = _SECTION.search(text)
    if match is None:
        return None
    lines = []
    for line in text[match.end() :].splitlines():
        if _FENCE_LINE.match(line):
            break
        lines.append(line)
    return (match.group("title") or "", " ".join(" ".join(lines).split()))


def is_denied(text: str) -> bool:
    """Whether a tool answer says a person declined the action."""
    return bool(_DENIED.search(text)) and not _reports_done(text)


def _reports_done(text: str) -> bool:
    if "nothing was done" in text or "Could not " in text:
        return False
    return any(
        line.strip().startswith(_DONE_PREFIXES) or " was already " in line for line in text.splitlines()
    )
