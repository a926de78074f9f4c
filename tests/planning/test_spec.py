"""QuerySpec validation and repair, without a browser."""

from __future__ import annotations

import json

import pytest

from waypost.planning import QuerySpec, QuerySpecError, parse_spec
from waypost.planning.spec import INTENTS, MAX_K


def test_parse_spec_should_accept_a_full_query() -> None:
    spec = parse_spec(
        '{"intent": "click", "keywords": ["login"], "filters": {"roles": ["button"], '
        '"section_hint": "header", "negative": ["footer"], "attributes": {"type": "submit"}}, '
        '"constraints": {"clickable": true}, "k": 5, "diversity": false}'
    )
    assert spec.intent == "click" and spec.keywords == ["login"] and spec.k == 5 and not spec.diversity
    assert spec.filters.roles == ["button"] and spec.filters.attributes == {"type": "submit"}
    assert spec.constraints.clickable and spec.constraints.visible


def test_parse_spec_should_repair_a_fence_prose_and_trailing_commas() -> None:
    text = 'Here is my query:\n```json\n{"intent": "type", "keywords": ["E-Mail",],}\n```'
    assert parse_spec(text) == QuerySpec(intent="type", keywords=["E-Mail"])


def test_parse_spec_should_treat_nulls_as_not_given_and_a_string_as_one_keyword() -> None:
    spec = parse_spec({"intent": "navigate", "keywords": "Impressum", "filters": None, "k": None})
    assert spec.keywords == ["Impressum"] and spec.k == 10 and spec.filters.roles == []


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("{intent: click", "not JSON"),
        ('{"intent": "hover", "keywords": ["x"]}', "intent"),
        ('{"intent": "click", "keywords": []}', "keywords"),
        (f'{{"intent": "click", "keywords": ["x"], "k": {MAX_K + 1}}}', "k"),
        ('{"intent": "click", "keywords": ["x"], "colour": "red"}', "colour"),
        ("[1, 2]", "one JSON object"),
    ],
)
def test_parse_spec_should_name_what_is_wrong(value: str, words: str) -> None:
    with pytest.raises(QuerySpecError, match=words):
        parse_spec(value)


def test_the_lean_query_schema_should_name_exactly_the_queryspec_fields() -> None:
    from waypost.planning.loop import step_schemas
    from waypost.planning.spec import Constraints, Filters, QuerySpec

    params = step_schemas(["query_evidence"], [])[0]["function"]["parameters"]
    props = params["properties"]
    assert set(props) == set(QuerySpec.model_fields)
    assert set(props["filters"]["properties"]) == set(Filters.model_fields)
    assert set(props["constraints"]["properties"]) == set(Constraints.model_fields)
    assert params["required"] == ["intent", "keywords"] and props["intent"]["enum"] == list(INTENTS)
    assert "description" not in json.dumps(props)  # descriptions are paid on every call


def test_the_plan_schema_should_enumerate_the_pack_numbers() -> None:
    from waypost.planning.loop import step_schemas

    props = step_schemas(["plan_step"], [2, 5])[0]["function"]["parameters"]["properties"]
    assert props["evidence"] == {"enum": ["2", "5"]}
    assert props["action"]["enum"] == ["click", "type", "select", "check", "read"]
