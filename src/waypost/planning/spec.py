"""QuerySpec: what the model is looking for on the page, as strict JSON.

The model states an intent, keywords and optional filters; :func:`parse_spec` validates it with
pydantic. Text that is almost JSON (a code fence, trailing commas, single quotes) is repaired
once by :func:`loads_lenient`; what still does not fit raises :class:`QuerySpecError` with the
reasons, worded so a model can fix them.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waypost.errors import QuerySpecError

Intent = Literal["navigate", "click", "type", "select", "assert", "extract"]
INTENTS: tuple[str, ...] = ("navigate", "click", "type", "select", "assert", "extract")
MAX_K = 15
"""The largest ``k`` a query may ask for (the evidence pack's item cap)."""


def _lean_schema(schema: dict[str, Any]) -> None:
    """Keep the JSON schema small for the model: no docstring, no titles (every token is paid per call)."""
    schema.pop("description", None)
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)


_LEAN = ConfigDict(extra="forbid", json_schema_extra=_lean_schema)


class Filters(BaseModel):
    """Narrow the evidence down.

    Attributes:
        roles: Only elements of these roles (``button``, ``link``, ``textbox``, ``checkbox``...).
        attributes: Only elements whose attributes contain these values (``{"type": "email"}``).
        section_hint: Words naming the part of the page (``login form``, ``footer``).
        negative: Words the element or its section must not contain.
    """

    model_config = _LEAN

    roles: list[str] = Field(default_factory=list, max_length=8, description="e.g. ['button']")
    attributes: dict[str, str] = Field(default_factory=dict, description="e.g. {'type': 'email'}")
    section_hint: str | None = Field(None, max_length=120, description="e.g. 'footer'")
    negative: list[str] = Field(default_factory=list, max_length=12, description="words to avoid")


class Constraints(BaseModel):
    """Conditions every evidence item must meet.

    Attributes:
        visible: Only elements that are visible now.
        clickable: Only elements one can click (links, buttons, tabs, checkboxes...).
        language: The page language if known (``de``, ``en``); informational.
    """

    model_config = _LEAN

    visible: bool = True
    clickable: bool = False
    language: str | None = Field(None, max_length=8)


class QuerySpec(BaseModel):
    """What to look for on the current page.

    Attributes:
        intent: ``navigate``, ``click``, ``type``, ``select``, ``assert`` or ``extract``.
        keywords: Words the element (or the text to read) should contain, e.g. ``["login", "Anmelden"]``.
        filters: Optional filters.
        constraints: Conditions on the items.
        k: How many evidence items (capped at :data:`MAX_K`).
        diversity: Prefer different kinds of items over near-identical ones.

    Example::

        QuerySpec(intent="click", keywords=["login"], filters=Filters(roles=["button"]))
    """

    model_config = _LEAN

    intent: Intent = Field(description="What the next step will do.")
    keywords: list[str] = Field(min_length=1, max_length=12, description="Words to look for.")
    filters: Filters = Field(default_factory=Filters)
    constraints: Constraints = Field(default_factory=Constraints)
    k: int = Field(10, ge=1, le=MAX_K, description="How many items, at most 15.")
    diversity: bool = Field(True, description="Spread the items over different kinds of elements.")

    @property
    def text(self) -> str:
        """The keywords as one string (the retrieval query)."""
        return " ".join(" ".join(self.keywords).split())

    def compact(self) -> str:
        """The spec as short JSON, without default values (for logs and token counts)."""
        return self.model_dump_json(exclude_defaults=True)


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.I)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")


def loads_lenient(text: str) -> Any:
    """Parse JSON, repairing the usual slips once: a code fence, prose around it, trailing commas, quotes.

    Raises:
        QuerySpecError: Still not JSON after the repair.
    """
    raw = text.strip()
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        pass
    fixed = _FENCE.sub("", raw)
    start, end = fixed.find("{"), fixed.rfind("}")
    if start != -1 and end > start:
        fixed = fixed[start : end + 1]
    fixed = _TRAILING_COMMA.sub(r"\1", fixed)
    try:
        return json.loads(fixed)
    except json.JSONDecodeError:
        pass
    try:
        return json.loads(re.sub(r"'", '"', fixed))
    except json.JSONDecodeError as exc:
        raise QuerySpecError(
            f"The query is not JSON ({exc.msg} at character {exc.pos}). "
            'Send one JSON object like {"intent": "click", "keywords": ["login"]}.'
        ) from exc


def parse_spec(value: str | dict[str, Any] | QuerySpec) -> QuerySpec:
    """A validated :class:`QuerySpec` from JSON text, a dict of arguments or a spec.

    ``null`` values of optional fields count as "not given" (strict schemas send them).

    Raises:
        QuerySpecError: Not JSON, or it does not fit the schema; the message lists what is wrong.
    """
    if isinstance(value, QuerySpec):
        return value
    data = loads_lenient(value) if isinstance(value, str) else value
    if not isinstance(data, dict):
        raise QuerySpecError("The query must be one JSON object with intent and keywords.")
    data = _drop_nulls(data)
    if isinstance(data.get("keywords"), str):
        data["keywords"] = [data["keywords"]]
    try:
        return QuerySpec.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'query'}: {e['msg']}" for e in exc.errors()[:4]
        )
        raise QuerySpecError(f"The query does not fit the schema: {problems}.") from exc


def _drop_nulls(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if value is None:
            continue
        out[key] = _drop_nulls(value) if isinstance(value, dict) and key != "attributes" else value
    return out
