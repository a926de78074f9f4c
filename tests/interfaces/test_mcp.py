"""The MCP server, started by the SDK's own stdio client as a separate process."""

from __future__ import annotations

import sys
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters


def server_params(data_dir: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "waypost.cli", "mcp", "--data-dir", str(data_dir)],
        env={"WAYPOST_LOOPBACK_ONLY": "true", "WAYPOST_RETRY__DELAYS": "[0.01]"},
    )


async def test_an_mcp_client_starts_waypost_and_calls_research_navigate(tmp_path: Path, demo_site) -> None:
    async with Client(server_params(tmp_path)) as client:
        tools = await client.list_tools()
        by_name = {tool.name: tool for tool in tools.tools}
        assert "research_navigate" in by_name
        schema = by_name["research_navigate"].input_schema
        assert set(schema["properties"]) >= {"target", "hint", "session_id"}
        assert schema["required"] == ["target"]
        assert "For <label>: <url>" in by_name["research_navigate"].description

        result = await client.call_tool("research_navigate", {"target": demo_site.url + "/", "hint": "Sport"})
        text = result.content[0].text
        assert text.startswith("You are on: Waypost Nachrichten")
        assert "/sport/" in text and not result.is_error

        again = await client.call_tool("research_navigate", {"target": demo_site.url + "/"})
        assert "already" in again.content[0].text

        bad = await client.call_tool("research_navigate", {"target": "file:///etc/passwd"})
        assert bad.content[0].text.startswith("Error: ")
    assert (tmp_path / "sessions" / "default" / "storage.json").is_file()
