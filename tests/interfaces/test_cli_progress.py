"""A page that does not answer: on a terminal the CLI shows what it waits for, and for how long."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import sys
import time
from pathlib import Path

from tests.fixture_server import FixtureServer


def run_in_terminal(args: list[str], env: dict[str, str], seconds: float) -> tuple[int | None, str]:
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, [sys.executable, "-m", "waypost.cli", *args], {**os.environ, **env})
    output, code = b"", None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            with contextlib.suppress(OSError):
                output += os.read(fd, 65536)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return code, output.decode(errors="replace")


def test_a_load_that_hangs_shows_progress_and_stops_at_the_limit(
    tmp_path: Path, fixture_server: FixtureServer
) -> None:
    env = {
        "WAYPOST_DATA_DIR": str(tmp_path / "data"),
        "WAYPOST_LOOPBACK_ONLY": "true",
        "WAYPOST_NAV_TIMEOUT": "4",
        "WAYPOST_LOAD_LIMIT": "6",
        "WAYPOST_RETRY__TRIES": "3",
        "WAYPOST_RETRY__DELAYS": "[0.5]",
    }
    code, text = run_in_terminal(["navigate", fixture_server.url + "/hang?s=30"], env, 120)
    assert code == 1, text
    assert (
        "Waiting for the server's answer (try 1 of 3): 2 s so far (gives up after 6 s, WAYPOST_LOAD_LIMIT)"
        in text
    )
    assert "gave up after 6 s (WAYPOST_LOAD_LIMIT)" in " ".join(text.split())  # the terminal wraps
