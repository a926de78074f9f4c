"""Finding 8: a full disk or a read-only data dir never stops browsing; one clear warning says so.

The tests mount a read-only bind mount and a small tmpfs (root bypasses file permissions, so
``chmod`` would prove nothing). They are skipped, with the reason, where mounting is not allowed.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import make_settings
from waypost.api import Waypost
from waypost.cli import app


def mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here ({done.stderr.strip() or done.returncode}): run as root to test this")


def unmount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True)


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """``(writable source, the same folder mounted read-only)``."""
    source, view = tmp_path / "source", tmp_path / "view"
    source.mkdir()
    view.mkdir()
    mount("--bind", str(source), str(view))
    try:
        mount("-o", "remount,bind,ro", str(view))
        yield source, view
    finally:
        unmount(view)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "disk"
    disk.mkdir()
    mount("-t", "tmpfs", "-o", "size=8m", "tmpfs", str(disk))
    try:
        yield disk
    finally:
        unmount(disk)


def fill(folder: Path) -> None:
    """Write until the disk is full, to the last byte."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1):
            try:
                while True:
                    os.write(fd, b"x" * size)
            except OSError:
                pass
    finally:
        os.close(fd)


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def browse(wp: Waypost, site) -> None:
    first = await wp.navigate(site.url + "/", reload=True)
    assert first.text.startswith("You are on: Waypost Nachrichten")
    second = await wp.navigate(site.url + "/politik/", reload=True)
    assert "Politik" in second.text
    report = await wp.act("click the Sport link")
    assert report.steps
    await wp.sessions.save()


@pytest.mark.parametrize("earlier_use", [True, False], ids=["used-before", "empty"])
async def test_a_read_only_data_dir_browses_with_one_warning(
    read_only, demo_site, caplog, earlier_use: bool
) -> None:
    source, view = read_only
    (source / "data").mkdir(mode=0o700)
    if earlier_use:
        async with Waypost(make_settings(source / "data")) as wp:
            await wp.navigate(demo_site.url + "/")
    caplog.set_level(logging.WARNING)
    before = sorted(p.name for p in (source / "data").rglob("*"))
    async with Waypost(make_settings(view / "data")) as wp:
        assert wp.read_only == "Read-only file system"
        await browse(wp, demo_site)
        await browse(wp, demo_site)
        hits = await wp.archive.search("Politik")  # this run's pages, archived in a scratch folder
        assert hits
    said = warnings_of(caplog)
    assert len([w for w in said if "cannot be written" in w or "not being saved" in w]) == 1, said
    assert "browsing goes on" in said[0]
    assert sorted(p.name for p in (source / "data").rglob("*")) == before


def test_the_cli_on_a_read_only_data_dir_prints_no_traceback(read_only, demo_site) -> None:
    source, view = read_only
    (source / "data").mkdir(mode=0o700)
    env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true"}
    command = [sys.executable, "-m", "waypost.cli", "navigate", demo_site.url + "/"]
    done = subprocess.run(
        [*command, "--data-dir", str(view / "data")], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Waypost Nachrichten\n")  # the view for people
    assert "Traceback" not in done.stderr and done.stderr.count("cannot be written") == 1


def test_cli_commands_without_a_browser_on_a_read_only_data_dir_say_one_line(read_only) -> None:
    from waypost.browser.storage import SessionStore
    from waypost.retrieval.memory import RetrievalStore

    source, view = read_only
    SessionStore(source / "data").save_state("default", {"cookies": [], "origins": []})
    RetrievalStore(source / "data" / "retrieval.db").close()
    runner = CliRunner()
    cleared = runner.invoke(app, ["sessions", "clear", "default", "--data-dir", str(view / "data")])
    assert cleared.exit_code == 1 and isinstance(cleared.exception, SystemExit)
    assert "cannot be deleted (Read-only file system)" in " ".join(cleared.output.split())
    stats = runner.invoke(app, ["retrieval", "stats", "--data-dir", str(view / "data")])
    assert stats.exit_code == 0 and "learned selectors" in stats.output, stats.output
    assert (source / "data" / "sessions" / "default" / "storage.json").is_file()


async def test_a_full_disk_fails_no_navigation_and_close_raises_nothing(
    small_disk, demo_site, caplog
) -> None:
    caplog.set_level(logging.WARNING)
    wp = Waypost(make_settings(small_disk / "data"))
    await wp.start()
    try:
        await wp.navigate(demo_site.url + "/")
        fill(small_disk)
        await browse(wp, demo_site)
        await browse(wp, demo_site)
    finally:
        await wp.close()  # saves every session: must not raise on a full disk
    said = warnings_of(caplog)
    assert len([w for w in said if "Session state is not being saved" in w]) == 1, said
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], said
