"""One definition per model-facing tool, adapted for MCP, LangChain and the CLI.

A tool is a name, a description written for small models, and a factory that binds it to a
running :class:`~waypost.api.Waypost`. The factory returns a plain async function whose typed
signature is the tool's argument schema, so every adapter derives the same schema from it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.api import Waypost

ToolFunction = Callable[..., Awaitable[str]]


@dataclass(frozen=True)
class ToolSpec:
    """A model-facing tool.

    Attributes:
        name: The tool's name as models see it.
        description: What it does and how to call it, in words a small model follows.
        factory: Binds the tool to a Waypost instance and returns its async function.
        read_only: True if it changes nothing on any site (safe to call without approval).
        destructive: For a tool that is not read-only: whether it may change or delete something
            on a site (a click may submit a form); False for tools that only tidy the view.
    """

    name: str
    description: str
    factory: Callable[[Waypost], ToolFunction]
    read_only: bool = True
    destructive: bool = True

    def bind(self, wp: Waypost) -> ToolFunction:
        fn = self.factory(wp)
        fn.__name__ = self.name
        fn.__doc__ = self.description
        return fn


def default_tools() -> list[ToolSpec]:
    """Every tool Waypost offers, in the order models should see them."""
    from waypost.tools.acting import ACTING_TOOLS
    from waypost.tools.archive_tools import GET_ARCHIVED, SEARCH_ARCHIVE
    from waypost.tools.research import RESEARCH_NAVIGATE

    return [RESEARCH_NAVIGATE, *ACTING_TOOLS, SEARCH_ARCHIVE, GET_ARCHIVED]


def tool_map(specs: list[ToolSpec] | None = None) -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in (specs or default_tools())}


def error_text(exc: BaseException) -> str:
    """How a tool reports a failure to a model: one line that says what to do next."""
    return f"Error: {exc}"


def describe(specs: list[ToolSpec]) -> list[dict[str, Any]]:
    return [{"name": s.name, "description": s.description, "read_only": s.read_only} for s in specs]
