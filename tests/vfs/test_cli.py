"""``waypost vfs ls/cat`` read a checkpointed run's files without a browser."""

from __future__ import annotations

import asyncio
from pathlib import Path

from typer.testing import CliRunner

from tests.agent.fakes import FakeSite
from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.runner import CHECKPOINT_FILE
from waypost.api import run_task
from waypost.cli import app


def test_ls_and_cat_show_a_runs_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    model = ScriptedChatModel(
        [
            call("vfs_write", path="/notes/plan.md", content="1. Politik\n"),
            call("vfs_write", path="/code/x.py", content="import os\n"),
            answer("ok"),
        ]
    )
    asyncio.run(
        run_task(
            None,
            "Plan",
            model=model,
            tools=FakeSite().tools(),
            checkpoint_path=data / CHECKPOINT_FILE,
            thread_id="th",
        )
    )
    runner = CliRunner()
    listing = runner.invoke(app, ["vfs", "ls", "th", "--data-dir", str(data)])
    assert listing.exit_code == 0, listing.output
    assert (
        listing.output.splitlines()[:2] == ["code/", "notes/"] and "system_context  (system" in listing.output
    )
    shown = runner.invoke(app, ["vfs", "cat", "th", "/code/x.py", "--data-dir", str(data)])
    assert shown.exit_code == 0 and shown.output.startswith("import os\n")
    assert "'os' imported but unused" in shown.output
    missing = runner.invoke(app, ["vfs", "cat", "th", "/nope.md", "--data-dir", str(data)])
    assert missing.exit_code == 1 and missing.output.startswith("error: There is no file /nope.md.")
    hostile = runner.invoke(app, ["vfs", "cat", "th", "../../etc/passwd", "--data-dir", str(data)])
    assert hostile.exit_code == 1 and hostile.output.startswith("error: ")
    unknown = runner.invoke(app, ["vfs", "ls", "ghost", "--data-dir", str(data)])
    assert unknown.exit_code == 1 and unknown.output.startswith("error: no run with thread id 'ghost'")
