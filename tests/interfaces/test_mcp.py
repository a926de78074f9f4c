"""The MCP server, started by the SDK's own stdio client as a separate process."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest
from mcp import Client, MCPError
from mcp.client.stdio import StdioServerParameters, stdio_client


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


async def test_failures_are_flagged_and_argument_mistakes_read_as_one_line(tmp_path: Path) -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    closed_port = sock.getsockname()[1]
    sock.close()
    errlog = tmp_path / "stderr.txt"
    with errlog.open("w") as err:
        async with Client(stdio_client(server_params(tmp_path / "data"), errlog=err)) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            # Hints: reading tools are read-only; clicking may change a site; tidying the view does not.
            assert tools["research_navigate"].annotations.read_only_hint is True
            assert tools["search_archive"].annotations.read_only_hint is True
            assert tools["click"].annotations.read_only_hint is False
            assert tools["click"].annotations.destructive_hint is True
            assert tools["dismiss_overlays"].annotations.destructive_hint is False

            for target in ["notaurl", f"http://127.0.0.1:{closed_port}/"]:
                result = await client.call_tool("research_navigate", {"target": target})
                assert result.is_error, target
                assert result.content[0].text.startswith("Error: ")

            missing = await client.call_tool("research_navigate", {"hint": "news"})
            wrong = await client.call_tool("get_archived", {"id": "1", "offset": "many"})
            for result in (missing, wrong):
                text = result.content[0].text
                assert result.is_error and text.startswith("Error: ") and "\n" not in text
                assert "pydantic" not in text and "errors.pydantic.dev" not in text
            assert "'target' is required" in missing.content[0].text
            assert "'offset'" in wrong.content[0].text

            with pytest.raises(MCPError) as info:
                await client.read_resource("skills://nosuch")
            assert "No skill named 'nosuch'" in str(info.value)
            listed = await client.read_resource("skills://list")
            assert listed.contents
    assert "Traceback" not in errlog.read_text()
