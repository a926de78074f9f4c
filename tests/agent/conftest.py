"""Helpers for the agent tests: a checkpoint file per test and a run helper with fake tools."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.agent.fakes import FakeSite
from tests.agent.scripted import ScriptedChatModel
from waypost.agent.runner import RunResult
from waypost.api import run_task


@pytest.fixture
def checkpoints(tmp_path: Path) -> Path:
    return tmp_path / "checkpoints.db"


@pytest.fixture
def site() -> FakeSite:
    return FakeSite()


@pytest.fixture
def run(site: FakeSite, checkpoints: Path):
    """``await run(model, task, **kwargs)``: run_task with the fake tools and a private checkpoint file."""

    async def _run(
        model: ScriptedChatModel, task: str = "Find the top politics headline", **kwargs: Any
    ) -> RunResult:
        kwargs.setdefault("tools", site.tools())
        kwargs.setdefault("checkpoint_path", checkpoints)
        return await run_task(None, task, model=model, **kwargs)

    return _run
