"""What the CLI shows people: a page, search hits and archived text, without the words meant for a
model (no "call research_navigate", no ``<<<page content`` fences, no tool names).

The exact model view is one option away (``--model-view``); these functions are the default.
Everything here works on result objects alone and imports nothing heavy.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text

if TYPE_CHECKING:
    from waypost.archive.records import ArchivedText, SearchHit
    from waypost.navigation.navigator import NavigationResult

_MARKED = re.compile(r"\*\*(.+?)\*\*")


def _one_line(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def page_for_people(result: NavigationResult, max_links: int = 15) -> Text:
    """A loaded page: title, URL and status, what happened on the way, the text, numbered links."""
    view = result.view
    if not result.ok or view is None:
        return _not_loaded(result, max_links)
    body = Text()
    body.append(view.title or "(no title)", style="bold")
    body.append("\n")
    facts = [view.final_url]
    if result.status is not None:
        facts.append(f"HTTP {result.status}")
    body.append(" · ".join(facts), style="dim")
    body.append("\n")
    for note in _notes(result):
        body.append(note + "\n", style="yellow")
    text = ((view.model.excerpt if view.model is not None else "") or view.excerpt).strip()
    if text:
        body.append("\n" + text.strip() + "\n")
    _links(body, view.shown_links or view.links[:max_links], len(view.links), view.hint)
    body.rstrip()
    return body


def _notes(result: NavigationResult) -> list[str]:
    notes: list[str] = []
    snapshot = result.snapshot
    if result.block is not None:
        notes.append(
            f"Blocked: this page is a {result.block.kind} ({result.block.provider}), not the content; "
            "a person has to solve it in a visible browser (--headful), or try another site."
        )
    if snapshot is not None:
        if snapshot.redirects:
            notes.append(f"Redirected from {snapshot.redirects[0]}.")
        if snapshot.attempts > 1:
            notes.append(f"Loaded on try {snapshot.attempts}.")
    if result.archived is not None:
        notes.append(result.archived.line() + ".")
    if snapshot is not None:
        from waypost.navigation.navigator import describe_non_page  # light once a page was loaded

        line = describe_non_page(snapshot, result.archived)
        if line:
            notes.append(line.replace("with no text or links to read", "nothing to show as text"))
    return notes


def _links(body: Text, links: list[Any], total: int, hint: str | None) -> None:
    if not links:
        body.append("\nNo links.\n", style="dim")
        return
    title = f'Links (matching "{hint}" first)' if hint else "Links"
    more = f", {total} in all: --json lists every one" if total > len(links) else ""
    body.append(f"\n{title}{more}:\n", style="bold")
    width = len(str(len(links)))
    for n, link in enumerate(links, 1):
        body.append(f"{n:>{width}}. ")
        body.append(_one_line(link.label, 90) or "(no label)", style="bold" if link.matches_hint else "")
        body.append("  ")
        body.append(link.url, style="cyan")
        body.append("\n")


def _not_loaded(result: NavigationResult, max_links: int) -> Text:
    """A guard answer (already there, end of history, held for approval) in people's words."""
    view = result.view
    body = Text()
    if result.error == "same_url" and view is not None:
        body.append(
            f"Already on {view.title or view.final_url} ({view.final_url}): Waypost did not load it again "
            "(a model asking for the same page is sent on instead).\n"
        )
        _links(body, view.shown_links[:3] or view.links[:3], len(view.links), view.hint)
        return body
    first = result.text.split("\n", 1)[0]
    body.append(first.removeprefix("Error: ") + "\n")
    return body


def hits_for_people(query: str, hits: list[SearchHit]) -> Text:
    """Search hits: numbered, with the matched words in bold, and the command that reads one."""
    body = Text()
    if not hits:
        body.append(
            f"No archived page matches {query!r}. Try fewer or other words, or word* for word starts.\n"
        )
        return body
    body.append(f"{len(hits)} archived page(s) match {query!r}:\n")
    for n, hit in enumerate(hits, 1):
        body.append(f"{n}. ")
        body.append(f"doc {hit.id}", style="bold")
        body.append(f" · {_one_line(hit.title, 90) or '(no title)'} · ")
        body.append(hit.url, style="cyan")
        body.append(f" · {hit.fetched:%Y-%m-%d %H:%M} UTC\n", style="dim")
        if hit.snippet:
            body.append("   ")
            _marked(body, _one_line(hit.snippet, 300))
            body.append("\n")
    body.append(f"Read one with: waypost archive show {hits[0].id}", style="dim")
    return body


def _marked(body: Text, text: str) -> None:
    at = 0
    for match in _MARKED.finditer(text):
        body.append(text[at : match.start()])
        body.append(match.group(1), style="bold")
        at = match.end()
    body.append(text[at:])


def document_for_people(doc: ArchivedText) -> Text:
    """An archived document's text with where it is from, and how to read on."""
    from waypost.archive.records import BodyState
    from waypost.archive.render import _BODY_NOTES

    body = Text()
    status = doc.status if doc.status is not None else "failed"
    body.append(f"doc {doc.id} · {_one_line(doc.title, 120) or '(no title)'}\n", style="bold")
    body.append(
        f"{doc.url} · HTTP {status} · {doc.mime or '?'} · {doc.fetched:%Y-%m-%d %H:%M} UTC\n", style="dim"
    )
    if doc.body_state is not BodyState.STORED:
        reason = _BODY_NOTES.get(doc.body_state, str(doc.body_state))
        error = f" ({_one_line(doc.error, 160)})" if doc.error else ""
        body.append(f"No text archived: {reason}{error}.\n")
        return body
    if not doc.total_chars:
        body.append("The archived body has no readable text.\n")
        return body
    if not doc.text:
        body.append(f"Offset {doc.offset} is past the end: the text has {doc.total_chars} characters.\n")
        return body
    end = doc.offset + len(doc.text)
    body.append(f"characters {doc.offset}-{end} of {doc.total_chars}\n\n", style="dim")
    body.append(doc.text.rstrip() + "\n")
    if doc.next_offset is not None:
        body.append(f"\nMore: waypost archive show {doc.id} --offset {doc.next_offset}\n", style="dim")
    body.rstrip()
    return body
