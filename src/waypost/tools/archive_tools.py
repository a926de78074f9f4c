"""``search_archive`` and ``get_archived``: find and re-read pages seen earlier without reloading them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from waypost.archive.errors import ArchiveQueryError
from waypost.archive.render import render_document, render_hits
from waypost.errors import WaypostError
from waypost.tools.errors import error_text
from waypost.tools.registry import ToolFunction, ToolSpec

if TYPE_CHECKING:
    from waypost.tools.runtime import ToolRuntime

SEARCH_DESCRIPTION = (
    "Search every page you have already opened (and the data they loaded) by words, without "
    "loading anything. Gives up to 10 hits, each with a doc id, title, URL and the matching text. "
    'query: a few words from the page; "quotes" for an exact phrase; word* for word starts. '
    "Then call get_archived with a doc id to read that page's text."
)
GET_DESCRIPTION = (
    "Read the text of a page you opened earlier, from the archive, by its doc id "
    "(shown as 'doc N' by research_navigate and search_archive). "
    "Gives up to 2000 characters; to read on, call again with the offset it tells you."
)
RELAXED_NOTE = "Note: {query!r} is not valid search syntax, so its plain words were searched: {words}."


def _search_factory(rt: ToolRuntime) -> ToolFunction:
    async def search_archive(
        query: Annotated[str, Field(description="Words to look for, e.g. 'Wetter Berlin'.")],
        session_id: Annotated[
            str | None, Field(description="Only pages of this browser session; leave empty for all.")
        ] = None,
        url_prefix: Annotated[
            str | None, Field(description="Only pages whose URL starts with this; leave empty for all.")
        ] = None,
        mime: Annotated[
            str | None, Field(description="Only this type, e.g. 'json' or 'text/html'; leave empty for all.")
        ] = None,
        limit: Annotated[int, Field(ge=1, le=20, description="Hits at most.")] = 10,
    ) -> str:
        archive = rt.archive
        try:
            try:
                hits = await archive.search(
                    query, session_id=session_id, url_prefix=url_prefix, mime=mime, limit=limit
                )
                return render_hits(query, hits)
            except ArchiveQueryError as exc:
                if not exc.plain_query:
                    return error_text(exc)
                hits = await archive.search(
                    exc.plain_query, session_id=session_id, url_prefix=url_prefix, mime=mime, limit=limit
                )
                note = RELAXED_NOTE.format(query=query, words=exc.plain_query.replace('"', ""))
                return render_hits(exc.plain_query.replace('"', ""), hits, note=note)
        except WaypostError as exc:
            return error_text(exc)

    return search_archive


def _get_factory(rt: ToolRuntime) -> ToolFunction:
    async def get_archived(
        id: Annotated[str, Field(description="The doc id, e.g. '42'.")],
        offset: Annotated[int, Field(ge=0, description="Character to start at; 0 for the beginning.")] = 0,
        length: Annotated[int, Field(ge=100, le=8000, description="Characters to read.")] = 2000,
    ) -> str:
        try:
            doc = await rt.archive.get(id, offset=offset, length=length)
        except WaypostError as exc:
            return error_text(exc)
        return render_document(doc)

    return get_archived


SEARCH_ARCHIVE = ToolSpec(
    name="search_archive", description=SEARCH_DESCRIPTION, factory=_search_factory, read_only=True
)
GET_ARCHIVED = ToolSpec(
    name="get_archived", description=GET_DESCRIPTION, factory=_get_factory, read_only=True
)
