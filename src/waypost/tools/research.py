"""The ``research_navigate`` tool as models see it (defined once; rag mode shows a smaller answer).

:func:`research_navigate_spec` builds the tool over the navigator with a renderer for its answer:
the full page view by default, or a compact one (Planner-RAG's rag mode passes its own). The
arguments, the navigation and the error handling are the same in both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from waypost.errors import WaypostError
from waypost.tools.errors import error_text
from waypost.tools.registry import ToolFunction, ToolSpec

if TYPE_CHECKING:
    from waypost.navigation import NavigationResult
    from waypost.tools.runtime import ToolRuntime

Render = Callable[["NavigationResult", str], str]
"""Turns a navigation result (and the target asked for) into the tool's answer."""

DESCRIPTION = (
    "Open a web page and read a short view of it: its title, a summary, and up to 15 links, "
    "each written 'For <label>: <url>'. "
    "target: a full URL (https://...), a link from the last view (/politik/), or 'back' / 'forward'. "
    "hint: a few words on what you are looking for; links that match come first. "
    "To go on, call research_navigate again with one of the listed URLs. "
    "Do not ask for the page you are already on."
)


def full_view(result: NavigationResult, target: str) -> str:
    """The default answer: the page view's text."""
    return result.text


def research_navigate_spec(description: str = DESCRIPTION, render: Render = full_view) -> ToolSpec:
    """The ``research_navigate`` tool, answering with ``render(result, target)``."""

    def factory(rt: ToolRuntime) -> ToolFunction:
        return _navigate_function(rt, render)

    return ToolSpec(name="research_navigate", description=description, factory=factory, read_only=True)


def _navigate_function(rt: ToolRuntime, render: Render) -> ToolFunction:
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
            result = await rt.navigator.navigate(target, hint, session_id)
        except WaypostError as exc:
            return error_text(exc)
        return render(result, target)

    return research_navigate


RESEARCH_NAVIGATE = research_navigate_spec()
