"""QuerySpec validation and repair, without a browser."""

from __future__ import annotations

import pytest

from waypost.planning import QuerySpec, QuerySpecError, parse_spec
from waypost.planning.spec import MAX_K


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
