"""An MCP tool's JSON schema as a typed Python signature (what every Waypost adapter reads).

A :class:`~waypost.tools.registry.ToolSpec`'s schema is its function's typed signature, so a
tool of another server gets one built from its ``inputSchema``: strings, numbers, booleans,
enums, lists and objects map to Python types with their descriptions; anything more exotic is
passed through as JSON (``Any``) and the server validates it.
"""

from __future__ import annotations

import inspect
import keyword
from typing import Annotated, Any, Literal

from pydantic import Field

_SIMPLE: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "null": type(None),
}
MAX_DESCRIPTION = 300
# Names Waypost's adapters fill in themselves (the agent sets session_id to the run's session).
_RESERVED = frozenset({"session_id"})


def json_type(schema: Any, depth: int = 0) -> Any:
    """The Python type for a JSON schema fragment (``Any`` when it cannot say)."""
    if not isinstance(schema, dict) or depth > 4:
        return Any
    enum = schema.get("enum")
    if isinstance(enum, list) and enum and all(isinstance(v, str | int | float | bool) for v in enum):
        return Literal[tuple(enum)]  # type: ignore[valid-type]
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            types = [json_type(o, depth + 1) for o in options]
            if any(t is Any for t in types):
                return Any
            union = types[0]
            for t in types[1:]:
                union = union | t
            return union
    kind = schema.get("type")
    if isinstance(kind, list):
        types = [json_type({**schema, "type": k}, depth + 1) for k in kind if isinstance(k, str)]
        if not types or any(t is Any for t in types):
            return Any
        union = types[0]
        for t in types[1:]:
            union = union | t
        return union
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "array":
        return list[json_type(schema.get("items"), depth + 1)]  # type: ignore[misc]
    if kind == "object":
        return dict[str, Any]
    return Any


def parameters(input_schema: Any) -> list[tuple[str, inspect.Parameter]]:
    """``(argument name, parameter)`` pairs for an ``inputSchema``; the parameter's name is a
    Python identifier (``from`` → ``from_``) and the first item says what the server calls it."""
    schema = input_schema if isinstance(input_schema, dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = set(schema.get("required") or [])
    out: list[tuple[str, inspect.Parameter]] = []
    used: set[str] = set()
    ordered = [n for n in props if n in required] + [n for n in props if n not in required]
    for name in ordered:
        prop = props[name] if isinstance(props[name], dict) else {}
        ident = "".join(c if c.isalnum() or c == "_" else "_" for c in str(name)) or "arg"
        if ident[0].isdigit() or keyword.iskeyword(ident) or ident in _RESERVED:
            ident += "_"
        while ident in used:
            ident += "_"
        used.add(ident)
        kind = json_type(prop)
        description = str(prop.get("description") or prop.get("title") or "")[:MAX_DESCRIPTION]
        field = Field(description=description) if description else Field()
        if name in required:
            annotation = Annotated[kind, field]
            default: Any = inspect.Parameter.empty
        else:
            annotation = Annotated[kind | None if kind is not Any else Any, field]
            default = None
        out.append(
            (
                str(name),
                inspect.Parameter(
                    ident, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
                ),
            )
        )
    return out
