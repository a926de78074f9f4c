"""The MCP server, started by the SDK's own stdio client as a separate process."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import time
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


def _descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat_line = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat_line.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class Terminal:
    """``waypost mcp`` started by hand in a pseudo-terminal, as a person would in a shell."""

    def __init__(self, data_dir: Path) -> None:
        env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true", "WAYPOST_RETRY__DELAYS": "[0.01]"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: becomes `waypost mcp`
            os.execve(
                sys.executable, [sys.executable, "-m", "waypost.cli", "mcp", "--data-dir", str(data_dir)], env
            )
        self.output = b""

    def read_until(self, marker: bytes, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while marker not in self.output and time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.output += os.read(self.fd, 65536)
                except OSError:
                    return marker in self.output
        return marker in self.output

    def send(self, message: dict[str, object]) -> None:
        os.write(self.fd, json.dumps(message).encode() + b"\n")

    def wait(self, seconds: float) -> int | None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.read_until(b"\x00never", 0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None


@pytest.mark.parametrize(("key", "name"), [(b"\x03", "Ctrl-C"), (b"\x04", "Ctrl-D"), (b"", "SIGTERM")])
def test_waypost_mcp_started_by_hand_stops_cleanly(tmp_path: Path, demo_site, key: bytes, name: str) -> None:
    # SIGTERM (what a client or a service manager sends to stop a server) closes it as Ctrl-C does.
    term = Terminal(tmp_path / "data")
    term.send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "by-hand", "version": "1"},
            },
        }
    )
    assert term.read_until(b'"id":1', 120), term.output.decode(errors="replace")
    term.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    term.send(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {
                "name": "research_navigate",
                "arguments": {"target": demo_site.url + "/", "session_id": "byhand"},
            },
        }
    )
    assert term.read_until(b"You are on", 120), term.output.decode(errors="replace")
    helpers = _descendants(term.pid)  # Playwright's driver and Chromium
    assert helpers
    if key:
        os.write(term.fd, key)
    else:
        os.kill(term.pid, signal.SIGTERM)
    code = term.wait(90)  # generous: the test machine is shared
    text = term.output.decode(errors="replace")
    assert code == 0, f"{name}: {'still running' if code is None else code}\n{text[-2000:]}"
    assert "Traceback" not in text and "never retrieved" not in text and "ERROR" not in text
    assert not [pid for pid in helpers if _alive(pid)]  # the browser is closed
    assert (tmp_path / "data" / "sessions" / "byhand" / "storage.json").is_file()  # the session is saved


def test_waypost_mcp_with_stdin_from_dev_null_ends_at_once(tmp_path: Path) -> None:
    # epoll refuses /dev/null: stdin must then be read the SDK's way, which sees its end at once.
    with open(os.devnull, "rb") as null:
        done = subprocess.run(
            [sys.executable, "-m", "waypost.cli", "mcp", "--data-dir", str(tmp_path / "data")],
            stdin=null,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "ERROR" not in done.stderr, done.stderr[-2000:]
