"""Every script in examples/ runs as written against the demo site served by the test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

EXAMPLES = sorted((REPO / "examples").glob("*.py"))
EXPECTED = {
    "navigate.py": ["You are on:", "followed:", "back on:"],
    "act_and_archive.py": ["done:", "doc "],
    "agent_offline.py": ["Answer:", "stop_reason="],
}


def test_every_example_is_listed_here() -> None:
    assert {path.name for path in EXAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: Path, demo_site, tmp_path: Path) -> None:
    env = {**os.environ, "WAYPOST_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, str(script), demo_site.url],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for expected in EXPECTED[script.name]:
        assert expected in done.stdout, f"{expected!r} not in:\n{done.stdout[-2000:]}"
