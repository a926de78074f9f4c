"""One definition per model-facing tool, adapted for MCP, LangChain and the CLI.

A tool is a name, a description written for small models, and a factory that binds it to a
:class:`~waypost.tools.runtime.ToolRuntime` (the narrow objects tools use; the composition root
builds it). The factory returns a plain async function whose typed signature is the tool's
argument schema, so every adapter derives the same schema from it. The list of Waypost's own
tools is :func:`waypost.tools.catalog.default_tools`.
"""

from __future__ import annotations

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
    """

    name: str
    description: str
    factory: Callable[[ToolRuntime], ToolFunction]
    read_only: bool = True

    @classmethod
    def over(cls, name: str, description: str, fn: ToolFunction, *, read_only: bool = True) -> ToolSpec:
        """A tool already bound to what it works on (a file system, a manager): it ignores the runtime."""

        def factory(_runtime: ToolRuntime | None) -> ToolFunction:
            return fn

        return cls(name, description, factory, read_only)

    def bind(self, runtime: ToolRuntime) -> ToolFunction:
        """The tool's async function over ``runtime``, named and described as models see it."""
        fn = self.factory(runtime)
        fn.__name__ = self.name
        fn.__doc__ = self.description
        return fn


def tool_map(specs: list[ToolSpec]) -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in specs}


def describe(specs: list[ToolSpec]) -> list[dict[str, Any]]:
    return [{"name": s.name, "description": s.description, "read_only": s.read_only} for s in specs]
