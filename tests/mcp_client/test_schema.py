"""An MCP tool's JSON schema as the typed signature every Waypost adapter reads (pure)."""

from __future__ import annotations

from typing import Any

from langchain_core.utils.function_calling import convert_to_openai_tool

from waypost.agent.tools import spec_tool
from waypost.mcp_client.client import McpClients, result_text, runs_code
from waypost.mcp_client.config import ServerConfig


class _Tool:
    def __init__(
        self, name: str, schema: dict[str, Any], description: str = "", read_only: bool = False
    ) -> None:
        self.name, self.input_schema, self.description = name, schema, description
        self.annotations = type("Hints", (), {"read_only_hint": read_only, "destructive_hint": None})()


def test_schema_types_descriptions_and_odd_names_survive() -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look for"},
            "limit": {"type": "integer"},
            "mode": {"enum": ["fast", "exact"]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "from": {"type": "string"},
            "session_id": {"type": "string"},
            "extra": {"type": "object"},
        },
        "required": ["query"],
    }
    clients = McpClients([ServerConfig("srv", command="x")])
    spec = clients._spec(
        clients.connections[0], _Tool("search.docs", schema, "Search the docs.", read_only=True)
    )
    assert spec.name == "srv__search_docs" and spec.read_only
    params = convert_to_openai_tool(spec_tool(spec, None))["function"]["parameters"]
    props = params["properties"]
    assert params["required"] == ["query"]
    assert props["query"]["description"] == "What to look for" and props["query"]["type"] == "string"
    assert props["mode"]["anyOf"][0]["enum"] == ["fast", "exact"]  # optional: or null
    assert props["tags"]["anyOf"][0] == {"type": "array", "items": {"type": "string"}}
    # Python keywords and the agent's own session_id argument get a trailing underscore.
    assert {"from_", "session_id_"} <= set(props) and "session_id" not in props


def test_code_runners_results_and_errors() -> None:
    assert runs_code("browser_run_code", "") and runs_code("evaluate", "")
    assert runs_code("x", "Runs arbitrary JavaScript code in the page")
    assert not runs_code("lookup_note", "Look up the note about a topic")
    text = type("R", (), {"content": [type("T", (), {"type": "text", "text": "boom"})()], "is_error": True})()
    assert result_text(text) == "Error: boom"
    big = type("R", (), {"content": [type("T", (), {"type": "text", "text": "x" * 20_000})()]})()
    assert result_text(big).endswith("more characters]") and len(result_text(big)) < 12_100
