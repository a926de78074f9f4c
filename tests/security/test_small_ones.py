"""Finding 10 (parts): leftovers of killed saves, absurd ages, symlink loops, malformed JSON-RPC."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from waypost.browser.pool import SessionPool
from waypost.cli import app
from waypost.vfs import VirtualFS
from waypost.vfs.errors import MountError

# A save that gets its temporary file and then hangs, as if killed half-way (the test kills it).
# Like waypost.files.new_temp_file: a 0600 ``.tmp-*.json`` file, locked while its writer lives.
HANGING_SAVE = """
import fcntl, sys, tempfile, time
fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=sys.argv[1])
fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
print(tmp, flush=True)
time.sleep(120)
"""


def start_save(folder: Path) -> tuple[subprocess.Popen[str], Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HANGING_SAVE, str(folder)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    return proc, Path(proc.stdout.readline().strip())


async def test_temporary_files_of_killed_saves_are_removed_and_live_ones_kept(tmp_path, settings) -> None:
    folder = settings.data_dir / "sessions" / "default"
    folder.mkdir(parents=True)
    killed, orphan = start_save(folder)
    live, kept = start_save(folder)
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        old = time.time() - 60
        for path in (orphan, kept):
            os.utime(path, (old, old))
        async with SessionPool(settings):
            pass
        assert not orphan.exists()  # its writer is gone
        assert kept.exists()  # its writer still holds it
    finally:
        live.kill()
        live.wait()


def test_archive_prune_with_an_absurd_age_says_so_in_one_line(tmp_path) -> None:
    from waypost.archive import ArchiveStore

    ArchiveStore(tmp_path / "archive.db").close()
    for age in ("99999999999999999999d", "9" * 400 + "w"):
        result = CliRunner().invoke(
            app, ["archive", "prune", "--older-than", age, "--data-dir", str(tmp_path)]
        )
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
        assert "is too long: give at most 365000d" in " ".join(result.output.split())


def test_a_shadow_mount_with_symlink_loops_is_synced_and_the_loops_skipped(tmp_path) -> None:
    host = tmp_path / "project"
    (host / "sub").mkdir(parents=True)
    (host / "notes.md").write_text("hello")
    (host / "a").symlink_to(host / "b")
    (host / "b").symlink_to(host / "a")
    (host / "sub" / "self").symlink_to("self")
    (host / "sub" / "up").symlink_to("..")
    fs = VirtualFS()
    report = fs.mount("/project", host)
    assert report.pulled == ["notes.md"]
    assert {s.split(":")[0] for s in report.skipped} == {"a", "b", "sub/self", "sub/up"}
    assert "a symbolic link in a loop (not followed)" in " ".join(report.skipped)
    fs.write("/project/sub/new.md", "written through the mount")
    [synced] = fs.sync("/project")
    assert synced.pushed == ["sub/new.md"] and (host / "sub" / "new.md").read_text().startswith("written")
    with pytest.raises(MountError, match="does not exist or is not a folder"):
        VirtualFS().mount("/loop", host / "a")


async def read_reply(stream: asyncio.StreamReader) -> dict:
    line = await asyncio.wait_for(stream.readline(), timeout=60)
    assert line, "the server closed its output"
    return json.loads(line)


async def test_the_mcp_server_answers_malformed_json_rpc_lines_with_errors(tmp_path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "waypost.cli", "mcp", "--data-dir", str(tmp_path),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "WAYPOST_LOOPBACK_ONLY": "true"},
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line in (
            b"{not json at all\n",
            b"[1, 2, 3]\n",
            b'"just a string"\n',
            b'{"jsonrpc": "2.0", "id": 5, "method": 123}\n',
            b'{"id": "seven", "method": "ping"}\n',
        ):
            proc.stdin.write(line)
        await proc.stdin.drain()
        replies = [await read_reply(proc.stdout) for _ in range(5)]
        assert [r["error"]["code"] for r in replies] == [-32700, -32600, -32600, -32600, -32600]
        assert [r["id"] for r in replies] == [None, None, None, 5, "seven"]
        assert all(r["jsonrpc"] == "2.0" and r["error"]["message"] for r in replies)
        # The server is still there and answers a proper request.
        hello = {
            "jsonrpc": "2.0", "id": 9, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "raw-test", "version": "0"}},
        }  # fmt: skip
        proc.stdin.write(json.dumps(hello).encode() + b"\n")
        await proc.stdin.drain()
        reply = await read_reply(proc.stdout)
        assert reply["id"] == 9 and reply["result"]["serverInfo"]["name"] == "waypost"
    finally:
        proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), timeout=30)
        except TimeoutError:
            proc.kill()
            await proc.wait()
