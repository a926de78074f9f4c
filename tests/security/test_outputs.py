"""Finding 7: writes on user-given paths go only to regular files and never make folders."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from waypost.archive import ArchiveStore
from waypost.cli import app

runner = CliRunner()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    ArchiveStore(data / "archive.db").close()
    return data


def special_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    found = {"fifo": fifo}
    device = tmp_path / "null-device"
    try:
        os.mknod(device, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # a /dev/null of our own
        found["device"] = device
    except PermissionError:
        pass  # not root: the FIFO still shows the rule
    folder = tmp_path / "a-folder"
    folder.mkdir()
    found["folder"] = folder
    return found


def said(result) -> str:
    """The command's output on one line (the console wraps long lines)."""
    return " ".join(result.output.split())


def kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


def test_archive_export_refuses_special_files_and_leaves_them_as_they_were(tmp_path, data_dir) -> None:
    for name, target in special_files(tmp_path).items():
        before = kind(target)
        result = runner.invoke(app, ["archive", "export", "--har", str(target), "--data-dir", str(data_dir)])
        assert result.exit_code == 1, (name, result.output)
        assert said(result).startswith("error: ")
        assert "not a regular file" in said(result) or "is a folder" in said(result)
        assert kind(target) == before, name
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]


def test_archive_export_makes_no_missing_folders(tmp_path, data_dir) -> None:
    target = tmp_path / "no" / "such" / "out.har"
    result = runner.invoke(app, ["archive", "export", "--har", str(target), "--data-dir", str(data_dir)])
    assert result.exit_code == 1 and "does not exist" in said(result)
    assert not (tmp_path / "no").exists()


def test_archive_export_writes_a_private_regular_file_atomically(tmp_path, data_dir) -> None:
    target = tmp_path / "out.har"
    target.write_text("old content")
    result = runner.invoke(app, ["archive", "export", "--har", str(target), "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text())["log"]["version"] == "1.2"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_skills_export_and_run_out_refuse_a_fifo(tmp_path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    data = tmp_path / "data"
    result = runner.invoke(app, ["skills", "export", "--out", str(fifo), "--data-dir", str(data)])
    assert result.exit_code == 1 and "not a regular file" in said(result)
    # run --out is checked before the run starts (no browser, no model needed to refuse it)
    result = runner.invoke(app, ["run", "anything", "--out", str(fifo), "--data-dir", str(data)])
    assert result.exit_code == 2 and "not a regular file" in said(result)
    missing = str(tmp_path / "x" / "r.json")
    result = runner.invoke(app, ["run", "anything", "--out", missing, "--data-dir", str(data)])
    assert result.exit_code == 2 and "does not exist" in said(result) and not (tmp_path / "x").exists()
    assert kind(fifo) == stat.S_IFIFO


async def test_the_api_export_refuses_a_fifo(tmp_path) -> None:
    from waypost.archive import Archive
    from waypost.files import OutputPathError

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    async with Archive(tmp_path / "data" / "archive.db") as archive:
        with pytest.raises(OutputPathError, match="not a regular file"):
            await archive.export_har(fifo)
    assert kind(fifo) == stat.S_IFIFO


def test_write_output_follows_a_link_to_a_regular_file_and_keeps_the_link(tmp_path) -> None:
    from waypost.files import OutputPathError, write_output

    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_output(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere" / "file")
    with pytest.raises(OutputPathError, match="symbolic link to nothing"):
        write_output(dangling, "x")
    assert not (tmp_path / "nowhere").exists()
