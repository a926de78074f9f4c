"""Shadow mounts: a local folder synced both ways, conflicts reported, nothing leaves the folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from waypost.vfs import MountError, VirtualFS


@pytest.fixture
def host(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "src").mkdir(parents=True)
    (root / "README.md").write_text("# Project\n")
    (root / "src" / "app.py").write_text("print('hi')\n")
    return root


def test_mount_brings_host_files_in(host: Path) -> None:
    fs = VirtualFS()
    report = fs.mount("/project", host)
    assert sorted(report.pulled) == ["README.md", "src/app.py"]
    assert fs.read_text("/project/src/app.py") == "print('hi')\n"
    assert fs.stat("/project/src/app.py").kind == "python"


def test_sync_goes_both_ways(host: Path) -> None:
    fs = VirtualFS()
    fs.mount("/project", host)
    fs.write("/project/notes/todo.md", "- write tests\n")  # new in the VFS
    fs.edit("/project/README.md", "# Project", "# Project X")  # changed in the VFS
    (host / "src" / "app.py").write_text("print('hello')\n")  # changed on the host
    (host / "CHANGELOG.md").write_text("v1\n")  # new on the host
    [report] = fs.sync()
    assert sorted(report.pushed) == ["README.md", "notes/todo.md"]
    assert sorted(report.pulled) == ["CHANGELOG.md", "src/app.py"]
    assert report.conflicts == []
    assert (host / "notes" / "todo.md").read_text() == "- write tests\n"
    assert (host / "README.md").read_text() == "# Project X\n"
    assert fs.read_text("/project/src/app.py") == "print('hello')\n"
    assert fs.read_text("/project/CHANGELOG.md") == "v1\n"
    # Deletions travel too.
    fs.rm("/project/CHANGELOG.md")
    (host / "notes" / "todo.md").unlink()
    [report] = fs.sync()
    assert report.removed_on_host == ["CHANGELOG.md"] and report.removed_in_vfs == ["notes/todo.md"]
    assert not (host / "CHANGELOG.md").exists() and not fs.exists("/project/notes/todo.md")
    [report] = fs.sync()
    assert not report.changed and report.text() == "Synced /project: no changes."


def test_a_file_changed_on_both_sides_is_a_conflict_and_nothing_is_overwritten(host: Path) -> None:
    fs = VirtualFS()
    fs.mount("/project", host)
    fs.write("/project/README.md", "# mine (VFS)\n")
    (host / "README.md").write_text("# theirs (host)\n")
    [report] = fs.sync()
    assert report.conflicts == ["README.md"] and not report.changed
    assert "CONFLICT" in report.text()
    assert fs.read_text("/project/README.md") == "# mine (VFS)\n"
    assert (host / "README.md").read_text() == "# theirs (host)\n"
    [again] = fs.sync()  # still a conflict, still untouched
    assert again.conflicts == ["README.md"] and (host / "README.md").read_text() == "# theirs (host)\n"
    fs.resolve_conflict("/project/README.md", keep="vfs")
    [settled] = fs.sync()
    assert settled.pushed == ["README.md"] and (host / "README.md").read_text() == "# mine (VFS)\n"
    with pytest.raises(MountError, match="not in conflict"):
        fs.resolve_conflict("/project/README.md", keep="host")


def test_a_conflict_resolved_for_the_host_pulls_its_version(host: Path) -> None:
    fs = VirtualFS()
    fs.mount("/project", host)
    fs.write("/project/src/app.py", "print('vfs')\n")
    (host / "src" / "app.py").write_text("print('host')\n")
    assert fs.sync()[0].conflicts == ["src/app.py"]
    fs.resolve_conflict("/project/src/app.py", keep="host")
    assert fs.sync()[0].pulled == ["src/app.py"] and fs.read_text("/project/src/app.py") == "print('host')\n"


def test_links_out_of_the_mount_are_refused(host: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("do not read\n")
    os.symlink(outside / "secret.txt", host / "leak.txt")
    os.symlink(outside, host / "leakdir")
    os.symlink(host / "README.md", host / "inner-link.md")
    fs = VirtualFS()
    report = fs.mount("/project", host)
    assert "leak.txt: a symbolic link out of the mount (refused)" in report.skipped
    assert "leakdir: a symbolic link out of the mount (refused)" in report.skipped
    assert "inner-link.md: a symbolic link (not followed)" in report.skipped
    assert not fs.exists("/project/leak.txt") and not fs.exists("/project/leakdir")
    # Writing where the host has a link must not write through it.
    fs.write("/project/leakdir/secret.txt", "overwritten?\n")
    fs.write("/project/leak.txt", "overwritten?\n")
    [report] = fs.sync()
    assert (outside / "secret.txt").read_text() == "do not read\n"
    assert not report.pushed and any("leakdir" in s for s in report.skipped)


def test_binary_and_odd_host_files_are_skipped(host: Path) -> None:
    (host / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    (host / "bad:name.md").write_text("x")
    fs = VirtualFS()
    report = fs.mount("/project", host)
    assert "logo.png: not UTF-8 text" in report.skipped
    assert "bad:name.md: name not allowed in the VFS" in report.skipped


def test_mount_errors(host: Path, tmp_path: Path) -> None:
    fs = VirtualFS()
    with pytest.raises(MountError, match="does not exist"):
        fs.mount("/x", tmp_path / "missing")
    with pytest.raises(MountError, match="root"):
        fs.mount("/", host)
    fs.mount("/project", host)
    with pytest.raises(MountError, match="overlaps"):
        fs.mount("/project/inner", tmp_path)
    with pytest.raises(MountError):
        fs.sync("/elsewhere")


def test_snapshot_keeps_the_mount_and_its_sync_base(host: Path) -> None:
    fs = VirtualFS()
    fs.mount("/project", host)
    fs.write("/project/new.md", "from the VFS\n")
    restored = VirtualFS.from_snapshot(fs.snapshot())
    assert list(restored.mounts) == ["/project"]
    [report] = restored.sync()
    assert report.pushed == ["new.md"] and report.conflicts == []
    assert (host / "new.md").read_text() == "from the VFS\n"
