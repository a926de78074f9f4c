"""Every command line in README.md runs as written, in a fresh data dir, against the demo site.

The command lines are taken from the README's ``sh`` code blocks, in order, and run one after
the other in one temporary folder (so ``skills import skills.yaml`` reads what ``skills export``
wrote). Only what a reader cannot run offline is left out, and only as a whole block marked
``<!-- readme-test: skip (why) -->`` just above it: the set-up commands themselves, installing,
and the lines that need a model server, an API key or the reader's own Chrome.

What the test changes, and nothing else: the demo site's port 8765 becomes the free port the test
serves it on, and ``THREAD_ID`` becomes the thread id the README's first run wrote to ``run.json``
(the README says to use the id the run printed). ``.venv/bin/waypost`` is this interpreter's
``waypost``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SKIP = re.compile(r"<!--\s*readme-test:\s*skip\s*\((?P<why>[^)]+)\)\s*-->")
DEMO = "127.0.0.1:8765"


def sh_blocks(text: str) -> list[tuple[str | None, list[str]]]:
    """The README's ``sh`` blocks: (the reason it is skipped or None, its lines)."""
    blocks: list[tuple[str | None, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() in ("```sh", "```bash", "```shell", "```console"):
            before = next((ln for ln in reversed(lines[:i]) if ln.strip()), "")
            skip = SKIP.search(before)
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append((skip.group("why") if skip else None, body))
        i += 1
    return blocks


def command_lines(block: list[str]) -> list[str]:
    """The lines of a block that do something (not blank, not only a comment)."""
    return [line for line in block if line.strip() and not line.lstrip().startswith("#")]


def test_only_marked_blocks_are_skipped_and_each_says_why() -> None:
    blocks = sh_blocks(README.read_text(encoding="utf-8"))
    skipped = [(why, command_lines(lines)) for why, lines in blocks if why is not None]
    run = [line for why, lines in blocks if why is None for line in command_lines(lines)]
    assert [why for why, _ in skipped] == [
        "these are the set-up and test commands themselves",
        "installs packages and downloads a browser",
        "needs an API key, a model server or a running Chrome; servers run until stopped",
    ]
    assert skipped[0][1][0].startswith("make demo") and skipped[1][1][0].startswith("python -m venv")
    assert len(run) >= 25  # the command-line section, all of it
    # Each line parses as a shell line (quotes closed); comments are allowed after two spaces.
    for line in run:
        shlex.split(line, comments=True)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A folder with ``.venv/bin/waypost`` and ``.venv/bin/python`` as the README uses them."""
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    shim = bin_dir / "waypost"
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m waypost.cli "$@"\n')
    shim.chmod(0o755)
    (bin_dir / "python").symlink_to(sys.executable)
    return tmp_path


def test_every_command_line_of_the_readme_runs(workdir: Path, demo_site) -> None:
    lines = [
        line
        for why, block in sh_blocks(README.read_text(encoding="utf-8"))
        if why is None
        for line in command_lines(block)
    ]
    host = demo_site.url.removeprefix("http://")
    env = {
        **os.environ,
        "WAYPOST_DATA_DIR": str(workdir / "data"),
        "WAYPOST_LOOPBACK_ONLY": "true",  # the demo site is all there is
        "COLUMNS": "120",
    }
    for line in lines:
        command = line.replace(DEMO, host)
        if "THREAD_ID" in command:
            thread_id = json.loads((workdir / "run.json").read_text())["thread_id"]
            command = command.replace("THREAD_ID", thread_id)
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=workdir,
            env=env,
            input="",  # `waypost mcp` ends at the end of its input, as with Ctrl-D
            capture_output=True,
            text=True,
            timeout=600,
        )
        said = f"{line}\n--- stdout:\n{done.stdout[-3000:]}\n--- stderr:\n{done.stderr[-3000:]}"
        assert done.returncode == 0, said
        assert "Traceback" not in done.stderr and "error:" not in done.stderr, said
    # A few things the lines left behind, as the README says.
    assert (workdir / "run.har").is_file() and (workdir / "skills.yaml").is_file()
    assert (workdir / "run.zip").is_file() and any((workdir / "shots").iterdir())
    assert json.loads((workdir / "results.jsonl").read_text().splitlines()[0])["success"]
