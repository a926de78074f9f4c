"""``waypost run --mcp-server ...``: another server's tools; approval and questions asked on the terminal."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from typer.testing import CliRunner

from tests.agent.scripted import ScriptedChatModel, answer, call
from tests.agent.test_cli import app, scripted  # noqa: F401  # the CLI app and its scripted-model fixture

SERVER = Path(__file__).with_name("notes_server.py")


def test_run_with_an_mcp_server_asks_approval_and_a_question(tmp_path: Path, scripted) -> None:  # noqa: F811
    notes = tmp_path / "notes.json"
    scripted.model = ScriptedChatModel(
        [
            call("notes__add_note", topic="friday", text="closed"),
            call("ask_user", question="Which day next?", choices=["monday", "tuesday"]),
            answer("Saved the Friday note; next is Monday."),
        ]
    )
    spec = "notes=" + shlex.join([sys.executable, str(SERVER), "stdio", "--notes", str(notes)])
    result = CliRunner().invoke(
        app,
        ["run", "Add a note about Friday, then ask me which day is next", "--mcp-server", spec,
         "--mcp-server", "gone=" + str(tmp_path / "no-such-server"),
         "--data-dir", str(tmp_path / "d"), "--loopback-only", "--max-steps", "5"],
        input="yes\nmonday\n",
    )  # fmt: skip
    assert "Approval needed" in result.output and "notes__add_note" in result.output, result.output
    assert "The agent asks you" in result.output and "monday / tuesday" in result.output
    assert json.loads(notes.read_text())["friday"] == "closed"
    asked = next(m for m in scripted.model.prompts[-1] if getattr(m, "name", None) == "ask_user")
    assert "The user answered: monday" in asked.content
    assert "MCP server notes: 4 tools" in result.output


def test_bad_mcp_config_is_one_line(tmp_path: Path, scripted) -> None:  # noqa: F811
    config = tmp_path / "mcp.json"
    config.write_text('{"mcpServers": {"x": {"args": []}}}')
    result = CliRunner().invoke(
        app,
        [
            "run",
            "anything",
            "--mcp-config",
            str(config),
            "--data-dir",
            str(tmp_path / "d"),
            "--loopback-only",
        ],
    )
    assert result.exit_code == 1
    assert "MCP server 'x': give 'command'" in result.output and "Traceback" not in result.output
