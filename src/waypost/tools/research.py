"""The ``research_navigate`` tool as models see it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from waypost.errors import WaypostError
from waypost.tools.registry import ToolFunction, ToolSpec, error_text

if TYPE_CHECKING:
    from waypost.api import Waypost

DESCRIPTION = (
    "Open a web page and read a short view of it: its title, a summary, and up to 15 links, "
    "each written 'For <label>: <url>'. "
    "target: a full URL (https://...), a link from the last view (/politik/), or 'back' / 'forward'. "
    "hint: a few words on what you are looking for; links that match come first. "
    "To go on, call research_navigate again with one of the listed URLs. "
    "Do not ask for the page you are already on."
)


def _factory(wp: Waypost) -> ToolFunction:
    async def research_navigate(
        target: Annotated[
            str, Field(description="Full URL, a path from the last view, or 'back'/'forward'.")
        ],
        hint: Annotated[str | None, Field(description="What you are looking for, in a few words.")] = None,
        session_id: Annotated[
            str, Field(description="Browser session to use; keep the default.")
        ] = "default",
    ) -> str:
        try:
            result = await wp.navigate(target, hint=hint, session_id=session_id)
        except WaypostError as exc:
            return error_text(exc)
        return result.text

    return research_navigate


RESEARCH_NAVIGATE = ToolSpec(
    name="research_navigate", description=DESCRIPTION, factory=_factory, read_only=True
)
