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
import json
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.tools.runtime import ToolRuntime

ToolFunction = Callable[..., Awaitable[str]]

MAX_ARGUMENT_CHARS = 20_000
"""No argument of a model-facing tool may be longer (as text or JSON) than this."""
LARGE_ARGUMENT_CHARS = 2_000_000
"""The limit of tools over a file system or manager (a whole note is one argument of vfs_write)."""


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
        max_argument_chars: The longest argument it takes (text, or lists as JSON).
    """

    name: str
    description: str
    factory: Callable[[ToolRuntime], ToolFunction]
    read_only: bool = True
    destructive: bool = True
    max_argument_chars: int = MAX_ARGUMENT_CHARS

    @classmethod
    def over(cls, name: str, description: str, fn: ToolFunction, *, read_only: bool = True) -> ToolSpec:
        """A tool already bound to what it works on (a file system, a manager): it ignores the runtime."""

        def factory(_runtime: ToolRuntime | None) -> ToolFunction:
            return fn

        return cls(name, description, factory, read_only, LARGE_ARGUMENT_CHARS)

    def bind(self, runtime: ToolRuntime) -> ToolFunction:
        """The tool's async function over ``runtime``, named and described as models see it.

        Its arguments are size-checked first. When the runtime has an ``after_tool`` hook, the
        answer gets the lines it adds (a tab the page opened, a download that finished).
        """
        fn = bounded(self.factory(runtime), self.max_argument_chars)
        after = getattr(runtime, "after_tool", None)
        if after is not None:
            fn = _with_notes(fn, self.name, after)
        secrets = getattr(runtime, "secrets", None)
        if secrets is not None:
            fn = _masked(fn, secrets)
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


def _masked(fn: ToolFunction, secrets: Any) -> ToolFunction:
    """``fn`` whose answer shows ``<secret:NAME>`` wherever a secret's value would appear
    (a page that echoes a typed value, an error message quoting it)."""

    @functools.wraps(fn)
    async def masked(*args: Any, **kwargs: Any) -> str:
        return secrets.mask(await fn(*args, **kwargs))

    return masked


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


def bounded(fn: ToolFunction, limit: int = MAX_ARGUMENT_CHARS) -> ToolFunction:
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
        problem = oversized(bound.arguments, limit)
        if problem is not None:
            return problem
        return await fn(*args, **kwargs)

    call.__signature__ = resolved  # type: ignore[attr-defined]
    call.__annotations__ = hints
    call.__module__ = fn.__module__
    call.__qualname__ = fn.__qualname__
    return call


def tool_map(specs: list[ToolSpec]) -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in specs}


def describe(specs: list[ToolSpec]) -> list[dict[str, Any]]:
    return [{"name": s.name, "description": s.description, "read_only": s.read_only} for s in specs]
