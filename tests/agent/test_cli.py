"""``waypost run`` (the ``run_command`` Typer command) in-process, real Chromium, scripted model."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
import typer
from typer.testing import CliRunner

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.cli import run as agent_cli

app = typer.Typer()
app.command("run")(agent_cli.run_command)
app.command("noop")(lambda: None)  # two commands, so "run" is a subcommand as in waypost's CLI


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch):
    """The model the CLI gets: set ``scripted.model`` before invoking."""

    holder = SimpleNamespace(model=None, names=[])

    def fake_make_model(name, base_url=None, api_key=None):
        holder.names.append(name)
        return holder.model

    monkeypatch.setattr(agent_cli, "make_model", fake_make_model)
    return holder


def test_run_prints_the_answer_and_writes_the_transcript(tmp_path: Path, demo_site, scripted) -> None:
    scripted.model = ScriptedChatModel(
        [call("research_navigate", target=demo_site.url + "/politik/"), answer("Koalition einigt sich")]
    )
    out = tmp_path / "run.json"
    result = CliRunner().invoke(
        app,
        ["run", "Give me the top politics headline", "--start", demo_site.url + "/", "--model", "m1",
         "--out", str(out), "--data-dir", str(tmp_path / "d"), "--loopback-only", "--approve", "deny"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Koalition einigt sich" in result.output and "2 steps" in result.output
    data = json.loads(out.read_text())
    assert data["task"] == "Give me the top politics headline" and data["model"] == "m1"
    assert data["success"] and data["stop_reason"] == "answered"
    assert data["transcript"][0]["role"] == "task" and data["transcript"][2]["name"] == "research_navigate"
    assert scripted.names == ["m1"]
    assert (tmp_path / "d" / "checkpoints.db").is_file()
    # --resume of a finished run reports it again.
    again = CliRunner().invoke(
        app, ["run", "--resume", data["thread_id"], "--data-dir", str(tmp_path / "d"), "--loopback-only"]
    )
    assert again.exit_code == 0 and "Koalition einigt sich" in again.output


def test_approval_prompt_takes_an_edited_instruction(tmp_path: Path, demo_site, scripted) -> None:
    scripted.model = ScriptedChatModel(
        [
            call("research_navigate", target=demo_site.url + "/"),
            call("research_navigate", target="/politik/"),
            answer("Ich bleibe auf der Startseite: Waypost Nachrichten"),
        ]
    )
    result = CliRunner().invoke(
        app,
        ["run", "Open the politics section", "--critical", "politik", "--data-dir", str(tmp_path),
         "--loopback-only"],
        input="bleib auf der Startseite\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Approval needed" in result.output and "research_navigate '/politik/'" in result.output
    prompt = scripted.model.prompts[-1]
    assert prompt[-1].name == "user" and prompt[-1].content == "Instead: bleib auf der Startseite"


def test_bad_arguments_exit_with_2(tmp_path: Path, scripted) -> None:
    from waypost.cli.main import app as waypost_app

    result = CliRunner().invoke(waypost_app, ["run", "x", "--approve", "maybe", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: Invalid value for '--approve': 'maybe' is not one of 'ask'")
    assert len(result.output.strip().splitlines()) == 1
    result = CliRunner().invoke(waypost_app, ["run", "--planner-mode", "fast", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and "'fast' is not one of 'full', 'rag'" in result.output
    result = CliRunner().invoke(waypost_app, ["run", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and result.output.startswith("error: give a task")
