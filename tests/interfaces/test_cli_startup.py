"""``waypost --help``, ``--version`` and ``waypost CMD --help`` start without the engine.

Start-up time is what people feel first; it is mostly imports. These tests are structural (which
modules a fresh process has loaded), not timed: ``bench/cli_start.py`` measures the seconds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = (
    "langchain_core",
    "langchain",
    "langgraph",
    "playwright",
    "mcp",
    "ray",
    "pydantic",
    "pydantic_settings",
)
"""Top-level packages that must not be imported just to print help or the version."""

PROBE = """
import json, sys
ENGINE = ("waypost.api", "waypost.agent", "waypost.browser")
args, heavy, report = json.loads(sys.argv[1])
sys.argv = ["waypost", *args]
from waypost.cli.main import main
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
loaded = {
    "code": code,
    "heavy": sorted({name.split(".")[0] for name in sys.modules} & set(heavy)),
    "engine": sorted(n for n in sys.modules if n.startswith(ENGINE)),
}
with open(report, "w") as f:
    json.dump(loaded, f)
"""


def loaded_by(args: list[str], tmp_path: Path) -> dict:
    report = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps([args, HEAVY, str(report)])],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert report.is_file(), done.stderr
    return json.loads(report.read_text())


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["-h"],
        ["--version"],
        ["run", "--help"],
        ["navigate", "--help"],
        ["batch", "--help"],
        ["archive", "search", "--help"],
        ["skills", "list", "--help"],
        ["vfs", "ls", "--help"],
        ["mcp", "--help"],
    ],
    ids=" ".join,
)
def test_help_and_version_do_not_import_the_engine(args: list[str], tmp_path: Path) -> None:
    seen = loaded_by(args, tmp_path)
    assert seen["code"] == 0
    heavy = seen["heavy"]
    if len(args) > 1:
        # Typer itself parses a sub-command's options with pydantic (not the settings): allowed there.
        heavy = [name for name in heavy if name != "pydantic"]
    assert heavy == [], f"waypost {' '.join(args)} imported {heavy}"
    assert seen["engine"] == [], f"waypost {' '.join(args)} imported {seen['engine']}"


def test_a_command_that_runs_does_import_what_it_needs(tmp_path: Path) -> None:
    # The probe can see an import: `sessions list` needs the settings (pydantic).
    seen = loaded_by(["sessions", "list", "--data-dir", str(tmp_path)], tmp_path)
    assert seen["code"] == 0 and "pydantic" in seen["heavy"]
