"""Other MCP servers' tools in Waypost: a real server (the ``mcp`` SDK's MCPServer, in
``notes_server.py``) over stdio and over streamable HTTP; listed, slotted, called, approval asked
for the tool that writes; a server that fails to start or crashes mid-run does not stop the run."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.agent.scripted import ScriptedChatModel, answer, call
from tests.conftest import make_settings
from waypost.agent.tool_slots import CORE_TOOLS, catalogue_text
from waypost.api import Waypost, run_task
from waypost.errors import ConfigError
from waypost.mcp_client import collect, derive_name, read_config_file, server_from_spec
from waypost.mcp_client.config import attach_browser

SERVER = Path(__file__).with_name("notes_server.py")
TASK = "Look up the note about opening hours, then add a note that we close early on Friday"


def stdio_entry(notes: Path) -> dict[str, Any]:
    return {"command": sys.executable, "args": [str(SERVER), "stdio"], "env": {"NOTES_FILE": str(notes)}}


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str], Path]]:
    """The notes server over streamable HTTP on a free 127.0.0.1 port, in a process of its own."""
    notes = tmp_path / "http-notes.json"
    env = {"NOTES_FILE": str(notes), "PATH": "/usr/bin:/bin"}
    proc = subprocess.Popen([sys.executable, str(SERVER), "http"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("PORT "), line
        yield f"http://127.0.0.1:{int(line.split()[1])}/mcp", proc, notes
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_server_entries_command_lines_and_files(tmp_path: Path) -> None:
    assert derive_name("npx -y @playwright/mcp@latest") == "playwright_mcp"
    assert derive_name("python tools/notes_server.py stdio") == "notes_server"
    named = server_from_spec("docs=uvx mcp-server-fetch --ignore-robots")
    assert (named.name, named.command, named.args) == ("docs", "uvx", ("mcp-server-fetch", "--ignore-robots"))
    web = server_from_spec("http://127.0.0.1:9/mcp")
    assert web.transport == "http" and web.url == "http://127.0.0.1:9/mcp"
    two = collect(["notes=python a.py", "notes=python b.py"])
    assert [s.name for s in two] == ["notes", "notes_2"]  # names stay unique

    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "Notes": stdio_entry(tmp_path / "n.json"),
                    "web": {"url": "http://127.0.0.1:9/mcp", "headers": {"X-Token": "tok-9f3"}},
                }
            }
        )
    )
    notes, web = read_config_file(config)
    assert notes.name == "notes" and notes.env["NOTES_FILE"].endswith("n.json")
    assert web.headers == {"X-Token": "tok-9f3"} and "tok-9f3" not in web.describe()
    for bad, words in (
        ({"mcpServers": {"x": {"args": ["a"]}}}, "give 'command'"),
        ({"mcpServers": {"x": {"url": "ftp://h/"}}}, "http(s) URL"),
        ({"servers": {}}, "mcpServers"),
    ):
        config.write_text(json.dumps(bad))
        with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
            read_config_file(config)
    # Attached to the user's browser by CDP, Playwright MCP is pointed at the same browser.
    playwright = server_from_spec("npx -y @playwright/mcp@latest")
    (same,) = attach_browser([playwright], "http://127.0.0.1:9222")
    assert same.args[-2:] == ("--cdp-endpoint", "http://127.0.0.1:9222")
    assert attach_browser([playwright], None) == [playwright]
    config.write_text("{not json")
    with pytest.raises(ConfigError, match="not JSON"):
        Waypost(make_settings(tmp_path, mcp={"config": config}))  # refused before start


async def test_stdio_tools_are_listed_slotted_called_and_the_write_tool_asks(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    asked: list[dict[str, Any]] = []

    def approver(payload: dict[str, Any]) -> str:
        asked.append(payload)
        return "yes"

    model = ScriptedChatModel(
        [
            call("notes__lookup_note", topic="opening hours"),
            call("notes__add_note", topic="friday", text="We close at 14:00 on Friday."),
            answer("Opening hours: Mon-Fri 9:00-17:00; the Friday note is saved."),
        ]
    )
    async with Waypost(make_settings(tmp_path / "data"), mcp_servers={"notes": stdio_entry(notes)}) as wp:
        specs = {s.name: s for s in wp.tool_specs()}
        # Listed, prefixed with the server's name, hints kept; a code-running tool is never read-only.
        assert specs["notes__lookup_note"].read_only is True
        assert specs["notes__add_note"].read_only is False
        assert (
            specs["notes__run_code"].read_only is False
            and "Runs code" in specs["notes__run_code"].description
        )
        assert wp.mcp.status()[0]["connected"] is True
        listing = catalogue_text(wp.toolbox().catalogue(), [])
        assert "mcp:notes:\n- notes__lookup_note (not loaded): Look up the note" in listing.replace(
            "[MCP server notes] ", ""
        )
        result = await run_task(wp, TASK, model=model, approve="ask", approver=approver, max_steps=6)

    # Slotted: the note tools won slots by relevance, and the slot limit held.
    first = [t["function"]["name"] for t in model.tools[0]]
    dynamic = [n for n in first if n not in CORE_TOOLS]
    assert "notes__lookup_note" in dynamic and "notes__add_note" in dynamic
    assert len(dynamic) <= 5
    # Called: the read-only tool ran without asking; the writing one after a person said yes.
    calls = [(a["tool"], a["ok"]) for a in result.actions]
    assert ("notes__lookup_note", True) in calls and ("notes__add_note", True) in calls
    looked_up = next(t for t in result.transcript if t.get("name") == "notes__lookup_note")
    assert "Mon-Fri 9:00-17:00" in looked_up["content"]
    assert [p["tool"] for p in asked] == ["notes__add_note"]
    assert "not marked read-only" in asked[0]["reason"]
    assert json.loads(notes.read_text())["friday"] == "We close at 14:00 on Friday."


async def test_write_tool_waits_for_a_person_and_is_refused_under_never(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    async with Waypost(make_settings(tmp_path / "data"), mcp_servers={"notes": stdio_entry(notes)}) as wp:
        model = ScriptedChatModel([call("notes__add_note", topic="a", text="b"), answer("done")])
        held = await run_task(wp, TASK, model=model, approve="ask", max_steps=4)
        assert held.stop_reason == "awaiting_approval" and held.pending["tool"] == "notes__add_note"
        assert not notes.exists()  # nothing written while it waits
        resumed = await wp.resume(held.thread_id, answer="yes", model=model)
        assert resumed.stop_reason != "awaiting_approval"
        assert json.loads(notes.read_text())["a"] == "b"

        model = ScriptedChatModel([call("notes__add_note", topic="c", text="d"), answer("not allowed")])
        refused = await run_task(wp, TASK, model=model, approve="never", max_steps=4)
        assert refused.actions[0]["ok"] is False and "c" not in json.loads(notes.read_text())


async def test_streamable_http_server_and_a_config_file(tmp_path: Path, http_server) -> None:
    url, proc, notes = http_server
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"web": {"url": url, "headers": {"X-Test": "1"}}}}))
    settings = make_settings(tmp_path / "data", mcp={"config": config})
    model = ScriptedChatModel(
        [
            call("web__lookup_note", topic="opening hours"),
            call("web__add_note", topic="http", text="over HTTP"),
            answer("done"),
        ]
    )
    async with Waypost(settings) as wp:
        assert {"web__lookup_note", "web__add_note"} <= {s.name for s in wp.tool_specs()}
        result = await run_task(wp, TASK, model=model, approve="always", max_steps=5)
        assert [(a["tool"], a["ok"]) for a in result.actions] == [
            ("web__lookup_note", True),
            ("web__add_note", True),
        ]
        assert json.loads(notes.read_text())["http"] == "over HTTP"

        proc.kill()  # the HTTP server dies; its tools say so in one line, the next run goes on
        proc.wait(timeout=10)
        model = ScriptedChatModel([call("web__lookup_note", topic="x"), answer("the notes server is gone")])
        after = await run_task(wp, TASK, model=model, approve="always", max_steps=4)
        text = next(t for t in after.transcript if t.get("name") == "web__lookup_note")["content"]
        assert "Error:" in text and "web" in text
        assert after.stop_reason not in ("model_error", None) and after.steps == 2


async def test_a_server_that_crashes_mid_run_does_not_stop_the_run(tmp_path: Path, demo_site) -> None:
    notes = tmp_path / "notes.json"
    model = ScriptedChatModel(
        [
            call("notes__lookup_note", topic="opening hours"),
            call("notes__crash"),
            call("notes__lookup_note", topic="opening hours"),
            call("research_navigate", target=demo_site.url + "/"),
            answer("The notes server stopped; the demo site is up."),
        ]
    )
    async with Waypost(make_settings(tmp_path / "data"), mcp_servers={"notes": stdio_entry(notes)}) as wp:
        result = await run_task(wp, TASK, model=model, approve="always", max_steps=8)
        assert wp.mcp.status()[0]["connected"] is False
    oks = [(a["tool"], a["ok"]) for a in result.actions]
    assert oks[0] == ("notes__lookup_note", True)
    assert oks[1:3] == [("notes__crash", False), ("notes__lookup_note", False)]
    assert oks[3] == ("research_navigate", True)  # the run went on, in the browser
    gone = [t["content"] for t in result.transcript if t.get("name") == "notes__lookup_note"][-1]
    assert "not available" in gone and "\n" not in gone.split("Error:", 1)[1].strip().split("</")[0].strip()


async def test_servers_that_fail_to_start_are_reported_and_skipped(tmp_path: Path, caplog) -> None:
    notes = tmp_path / "notes.json"
    settings = make_settings(tmp_path / "data", mcp={"start_timeout": 25})
    servers = {
        "missing": {"command": str(tmp_path / "no-such-program")},
        "silent": {"command": sys.executable, "args": ["-c", "import time; time.sleep(60)"]},
        "broken": {"command": sys.executable, "args": ["-c", "import sys; sys.exit('bad config')"]},
        "notes": stdio_entry(notes),
    }
    async with Waypost(settings, mcp_servers=servers) as wp:
        problems = wp.mcp.problems
        assert len(problems) == 3 and all("\n" not in p for p in problems)
        assert any("'missing'" in p and "No such file" in p for p in problems)
        assert any("'silent'" in p and "did not start within 25 s" in p for p in problems)
        assert any("'broken'" in p and "bad config" in p for p in problems)
        names = {s.name for s in wp.tool_specs()}
        assert "notes__lookup_note" in names and not any(
            n.startswith(("missing__", "silent__")) for n in names
        )
        fn = wp.tools()["notes__lookup_note"]
        assert await fn(topic="opening hours") == "Mon-Fri 9:00-17:00"
    assert sum("is not used" in r.getMessage() for r in caplog.records) == 3


async def test_waypost_mcp_serves_the_other_servers_tools_and_ask_user(tmp_path: Path) -> None:
    """``waypost mcp`` with other servers configured lists their tools too (what its agent sees)."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    notes = tmp_path / "notes.json"
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"notes": stdio_entry(notes)}}))
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "waypost.cli", "mcp", "--data-dir", str(tmp_path / "data")],
        env={"WAYPOST_LOOPBACK_ONLY": "true", "WAYPOST_MCP__CONFIG": str(config)},
    )
    async with Client(params) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert {"notes__lookup_note", "notes__add_note", "ask_user", "research_navigate"} <= names
        found = await client.call_tool("notes__lookup_note", {"topic": "opening hours"})
        assert found.content[0].text == "Mon-Fri 9:00-17:00"
        # Over MCP nobody can approve (approve=ask without an approver): the write is refused.
        refused = await client.call_tool("notes__add_note", {"topic": "a", "text": "b"})
        assert refused.is_error and "approval" in refused.content[0].text
        nobody = await client.call_tool("ask_user", {"question": "Which colour?"})
        assert nobody.content[0].text.startswith("No one is available")
    assert not notes.exists()
