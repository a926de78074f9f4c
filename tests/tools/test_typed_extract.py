"""``wp.extract`` and the ``extract`` tool with a schema, in Chromium on the demo site (issue 23)."""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from tests.agent.scripted import ScriptedChatModel, say


class Stock(BaseModel):
    name: str
    symbol: str = Field(description="Kürzel")
    price: str = Field(description="Kurs")


class Stocks(BaseModel):
    stocks: list[Stock]


async def test_wp_extract_reads_the_stock_table_into_a_pydantic_model(wp, demo_site) -> None:
    await wp.navigate(demo_site.finance_url + "/aktien/")
    result = await wp.extract("all stocks with symbol and price", schema=Stocks)
    assert result.valid and result.method == "offline", result.errors
    assert isinstance(result.value, Stocks) and len(result.value.stocks) == 6
    assert result.value.stocks[0].model_dump() == {
        "name": "Nordlicht Energie AG",
        "symbol": "NLE",
        "price": "42,18 €",
    }


async def test_the_tool_reads_what_was_typed_into_a_form(wp, demo_site) -> None:
    tools = wp.tools()
    await tools["research_navigate"](target=demo_site.url + "/suche")
    await tools["dismiss_overlays"]()
    await tools["type"](target="Suchbegriff", text="Nachtzug")  # typed, not sent: only the live field has it
    answer = await tools["extract"](query="the search form", fields="Suchbegriff")
    assert json.loads(answer.splitlines()[0]) == {"suchbegriff": "Nachtzug"}
    schema = json.dumps({"type": "object", "properties": {"ceo": {"type": "string"}}, "required": ["ceo"]})
    refused = await tools["extract"](query="the CEO", fields=schema)
    assert refused.startswith("Error: the page gives no data that fits the schema")
    assert (await tools["extract"](query="x", fields="{not json")).startswith(
        "Error: the schema is not valid JSON"
    )


async def test_with_a_model_invalid_json_is_repaired_once_then_reported(wp, demo_site) -> None:
    await wp.navigate(demo_site.finance_url + "/aktien/kranich-logistik")
    schema = {
        "type": "object",
        "properties": {"isin": {"type": "string"}, "pe": {"type": "number"}},
        "required": ["isin", "pe"],
    }
    model = ScriptedChatModel(
        [say('{"isin": "WP0000000045", "pe": "elf"}'), say('Here: {"isin": "WP0000000045", "pe": 11.3}')]
    )
    fixed = await wp.extract("key figures", schema=schema, model=model)
    assert fixed.valid and fixed.repaired and fixed.data == {"isin": "WP0000000045", "pe": 11.3}
    assert "WP0000000045" in model.prompts[0][-1].content  # the page data reached the model
    assert "not valid against the schema" in model.prompts[1][-1].content
    model = ScriptedChatModel([say('{"isin": 1}'), say("no idea")])
    reported = await wp.extract("key figures", schema=schema, model=model)
    assert not reported.valid and reported.method == "model" and reported.errors
