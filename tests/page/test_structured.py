"""Typed extraction offline (issue 23): tables, definition lists, forms and cards onto a JSON Schema."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from tests.conftest import CORPUS
from waypost.page.structured import extract_offline, parse_number, validate

SHOP = """<html lang="en"><body><main>
<h1>Shop</h1>
<table><thead><tr><th>Product</th><th>Price</th><th>In stock</th></tr></thead>
<tbody><tr><td><a href="/p/1">Teapot</a></td><td>$1,299.50</td><td>yes</td></tr>
<tr><td><a href="/p/2">Kettle</a></td><td>$45.00</td><td>no</td></tr></tbody></table>
<dl><dt>Opening hours</dt><dd>9-17</dd><dt>Phone</dt><dd>+1 555 0100</dd></dl>
<form><label for="q">Search term</label><input id="q" name="q" value="tea">
<label><input type="checkbox" name="news" checked> Newsletter</label></form>
</main></body></html>"""


class Item(BaseModel):
    name: str = Field(description="product")
    price: float
    in_stock: bool


def test_table_rows_become_typed_records_from_a_pydantic_model() -> None:
    class Items(BaseModel):
        items: list[Item]

    result = extract_offline(SHOP, Items, "the products", "https://shop.example/")
    assert result.valid, result.errors
    assert result.data == {
        "items": [
            {"name": "Teapot", "price": 1299.5, "in_stock": True},
            {"name": "Kettle", "price": 45.0, "in_stock": False},
        ]
    }
    assert isinstance(result.value, Items) and result.value.items[0].name == "Teapot"


def test_labels_and_form_values_fill_an_object_and_links_become_absolute() -> None:
    schema = {
        "type": "object",
        "properties": {"opening_hours": {"type": "string"}, "phone": {"type": "string"}},
        "required": ["opening_hours", "phone"],
    }
    assert extract_offline(SHOP, schema, "contact").data == {"opening_hours": "9-17", "phone": "+1 555 0100"}
    form = {"type": "object", "properties": {"query": {"type": "string", "description": "search term"}}}
    assert extract_offline(SHOP, form, "the search form").data == {"query": "tea"}
    links = {
        "type": "array",
        "items": {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}}},
    }
    assert extract_offline(SHOP, links, "product links", "https://shop.example/a/").data == [
        {"url": "https://shop.example/p/1"},
        {"url": "https://shop.example/p/2"},
    ]


def test_nothing_that_fits_is_reported_not_invented() -> None:
    schema = {
        "type": "object",
        "properties": {"ceo": {"type": "string"}, "revenue": {"type": "number"}},
        "required": ["ceo", "revenue"],
    }
    result = extract_offline(SHOP, schema, "company facts")
    assert not result.valid and any("ceo" in e for e in result.errors)
    assert result.text().startswith("Error: the page gives no data that fits the schema")
    nullable = {
        "type": "object",
        "properties": {"ceo": {"type": ["string", "null"]}, "phone": {"type": "string"}},
        "required": ["ceo", "phone"],
    }
    repaired = extract_offline(SHOP, nullable, "contact")
    assert repaired.valid and repaired.repaired and repaired.data == {"ceo": None, "phone": "+1 555 0100"}


def test_a_bad_schema_is_refused() -> None:
    with pytest.raises(Exception, match=r"is not valid under any of the given schemas"):
        extract_offline(SHOP, {"type": 12}, "x")


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [("18.432,17", "de", 18432.17), ("1,234.5", "en", 1234.5), ("+3,12 %", "de", 3.12), ("67379", "", 67379),
     ("11,3", "de", 11.3), ("1,664", "en", 1664), ("−0,21 %", "de", -0.21), ("n/a", "", None)],
)  # fmt: skip
def test_numbers_as_pages_write_them(text: str, lang: str, value: float | None) -> None:
    assert parse_number(text, lang) == value


def test_corpus_page_by_path_gives_schema_valid_json() -> None:
    html = (CORPUS / "archive-of-our-own" / "source.html").read_text(encoding="utf-8")
    schema = {"type": "object", "properties": {"words": {"type": "integer"}, "kudos": {"type": "integer"}}}
    result = extract_offline(html, schema, "the work's statistics")
    assert result.valid and validate(result.data, schema) == []
    assert result.data == {"words": 67379, "kudos": 7142}
    assert json.loads(result.text().splitlines()[0]) == result.data
