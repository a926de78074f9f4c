"""One definition per model-facing tool, adapted for MCP, LangChain and the CLI.

A tool is a name, a description written for small models, and a factory that binds it to a
running :class:`~waypost.api.Waypost`. The factory returns a plain async function whose typed
signature is the tool's argument schema, so every adapter derives the same schema from it.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.api import Waypost

ToolFunction = Callable[..., Awaitable[str]]

MAX_ARGUMENT_CHARS = 20_000
"""No argument of a model-facing tool may be longer (as text or JSON) than this."""


@dataclass(frozen=True)
class ToolSpec:
    """A model-facing tool.

    Attributes:
        name: The tool's name as models see it.
        description: What it does and how to call it, in words a small model follows.
        factory: Binds the tool to a Waypost instance and returns its async function.
        read_only: True if it changes nothing on any site (safe to call without approval).
    """

    name: str
    description: str
    factory: Callable[[Waypost], ToolFunction]
    read_only: bool = True

    def bind(self, wp: Waypost) -> ToolFunction:
        fn = bounded(self.factory(wp))
        fn.__name__ = self.name
        fn.__doc__ = self.description
        return fn


def oversized(arguments: dict[str, Any], limit: int = MAX_ARGUMENT_CHARS) -> str | None:
    """Why a tool call's arguments are too large (``None`` if they are not)."""
    for name, value in arguments.items():
        if isinstance(value, str):
            size = len(value)
        elif isinstance(value, list | tuple | dict):
            size = len(json.dumps(value, default=str, ensure_ascii=False))
        else:
            continue
        if size > limit:
            return (
                f"Error: the argument {name!r} has {size:,} characters; the limit is {limit:,}. "
                "Nothing was done: send something shorter."
            )
    return None


def bounded(fn: ToolFunction) -> ToolFunction:
    """``fn`` behind a size check of its arguments, with the same typed signature (its schema).

    Every door (MCP, the agent's LangChain tools, the Python tools map) calls tools through
    this, so a 20 MB argument is refused in one line before any work starts.
    """
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
        signature = inspect.signature(fn)
    except Exception:  # annotations that cannot be resolved: leave the tool as it is
        return fn
    params = [p.replace(annotation=hints.get(p.name, p.annotation)) for p in signature.parameters.values()]
    resolved = signature.replace(parameters=params, return_annotation=hints.get("return", str))

    async def call(*args: Any, **kwargs: Any) -> str:
        try:
            bound = resolved.bind_partial(*args, **kwargs)
        except TypeError:
            return await fn(*args, **kwargs)  # the function itself says what is wrong
        problem = oversized(bound.arguments)
        if problem is not None:
            return problem
        return await fn(*args, **kwargs)

    call.__signature__ = resolved  # type: ignore[attr-defined]
    call.__annotations__ = hints
    call.__module__ = fn.__module__
    call.__qualname__ = fn.__qualname__
    return call


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
