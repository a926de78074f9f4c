"""One definition per model-facing tool, adapted for MCP, LangChain and the CLI.

A tool is a name, a description written for small models, and a factory that binds it to a
:class:`~waypost.tools.runtime.ToolRuntime` (the narrow objects tools use; the composition root
builds it). The factory returns a plain async function whose typed signature is the tool's
argument schema, so every adapter derives the same schema from it. The list of Waypost's own
tools is :func:`waypost.tools.catalog.default_tools`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.tools.runtime import ToolRuntime

ToolFunction = Callable[..., Awaitable[str]]


@dataclass(frozen=True)
class ToolSpec:
    """A model-facing tool.

    Attributes:
        name: The tool's name as models see it.
        description: What it does and how to call it, in words a small model follows.
        factory: Binds the tool to a runtime and returns its async function.
        read_only: True if it changes nothing on any site (safe to call without approval).
        destructive: For a tool that is not read-only: whether it may change or delete something
            on a site (a click may submit a form); False for tools that only tidy the view.
    """

    name: str
    description: str
    factory: Callable[[ToolRuntime], ToolFunction]
    read_only: bool = True
    destructive: bool = True

    @classmethod
    def over(cls, name: str, description: str, fn: ToolFunction, *, read_only: bool = True) -> ToolSpec:
        """A tool already bound to what it works on (a file system, a manager): it ignores the runtime."""

        def factory(_runtime: ToolRuntime | None) -> ToolFunction:
            return fn

        return cls(name, description, factory, read_only)

    def bind(self, runtime: ToolRuntime) -> ToolFunction:
        """The tool's async function over ``runtime``, named and described as models see it.

        When the runtime has an ``after_tool`` hook, the answer gets the lines it adds (a tab the
        page opened, a download that finished).
        """
        fn = self.factory(runtime)
        after = getattr(runtime, "after_tool", None)
        if after is not None:
            fn = _with_notes(fn, self.name, after)
        fn.__name__ = self.name
        fn.__doc__ = self.description
        return fn


def _with_notes(
    fn: ToolFunction, name: str, after: Callable[[str, dict[str, Any]], Awaitable[str]]
) -> ToolFunction:
    """``fn`` whose answer gets the lines ``after`` adds (a tab the page opened, a download...)."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    async def with_notes(*args: Any, **kwargs: Any) -> str:
        text = await fn(*args, **kwargs)
        try:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            notes = await after(name, dict(bound.arguments))
        except Exception:  # notes are extra: the tool's own answer always gets through
            notes = ""
        return f"{text}\n{notes}" if notes else text

    return with_notes


def tool_map(specs: list[ToolSpec]) -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in specs}


def describe(specs: list[ToolSpec]) -> list[dict[str, Any]]:
    return [{"name": s.name, "description": s.description, "read_only": s.read_only} for s in specs]
