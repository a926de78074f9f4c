"""The LangChain adapter: a :class:`~waypost.tools.registry.ToolSpec` as a ``StructuredTool``.

The schema is the bound function's typed signature. Building it costs more than a run's first
tool call, so it is built once per function definition and shared by every binding of the same
definition (every run binds the same signatures to its own objects).
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from langchain_core.tools import StructuredTool

if TYPE_CHECKING:
    from waypost.tools.registry import ToolFunction, ToolSpec
    from waypost.tools.runtime import ToolRuntime

_SCHEMAS: dict[tuple[Any, ...], Any] = {}


def _schema(name: str, fn: ToolFunction) -> Any:
    # The same definition with the same signature (annotations and defaults) has the same schema.
    key = (name, inspect.unwrap(fn).__code__, str(inspect.signature(fn)))
    if key not in _SCHEMAS:
        _SCHEMAS[key] = StructuredTool.from_function(coroutine=fn, name=name, description=name).args_schema
    return _SCHEMAS[key]


def as_langchain(spec: ToolSpec, runtime: ToolRuntime | None) -> StructuredTool:
    """``spec`` bound to ``runtime`` as a LangChain tool (name and description as models see them)."""
    fn = spec.bind(runtime)  # type: ignore[arg-type]  # tools that need no runtime accept None
    return StructuredTool.from_function(
        coroutine=fn, name=spec.name, description=spec.description, args_schema=_schema(spec.name, fn)
    )
