"""VirtualFS operations, system files, Python checks, snapshots and the restricted view."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from waypost.vfs import (
    EditFailed,
    IsADirectory,
    NotADirectory,
    PathExists,
    PathNotFound,
    ReadOnlyPath,
    RestrictedVFS,
    VfsError,
    VfsFull,
    VirtualFS,
    WriteDenied,
)
from waypost.vfs import filesystem as filesystem_module
from waypost.vfs.checks import check_ruff, file_kind

RUFF = shutil.which("ruff") or str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "ruff")


def test_write_read_with_offset_and_limit() -> None:
    fs = VirtualFS()
    info = fs.write("notes/plan.md", "one\ntwo\nthree\nfour\n")
    assert (info.path, info.lines, info.kind) == ("/notes/plan.md", 4, "markdown")
    assert fs.read("/notes/plan.md", 1, 2) == "two\nthree\n"
    assert fs.read("/notes/plan.md", 3) == "four\n"
    assert fs.read("/notes/plan.md", 10) == ""
    assert fs.is_dir("/notes") and fs.exists("/notes/plan.md")
    with pytest.raises(VfsError):
        fs.read("/notes/plan.md", -1)


def test_missing_things_and_wrong_kinds_are_typed_errors() -> None:
    fs = VirtualFS()
    fs.write("/a/b.txt", "x")
    with pytest.raises(PathNotFound):
        fs.read("/a/nope.txt")
    with pytest.raises(IsADirectory):
        fs.read("/a")
    with pytest.raises(IsADirectory):
        fs.write("/a", "x")
    with pytest.raises(NotADirectory):
        fs.write("/a/b.txt/c.txt", "x")
    with pytest.raises(NotADirectory):
        fs.ls("/a/b.txt")
    with pytest.raises(PathNotFound):
        fs.ls("/nowhere")
    with pytest.raises(PathExists):
        fs.write("/a/b.txt", "y", overwrite=False)
    with pytest.raises(PathExists):
        fs.mkdir("/a/b.txt")
    assert fs.read_text("/a/b.txt") == "x"


def test_edit_replaces_a_unique_text_only() -> None:
    fs = VirtualFS()
    fs.write("/n.md", "price: 10\nprice: 10\nname: x\n")
    with pytest.raises(EditFailed, match="2 times"):
        fs.edit("/n.md", "price: 10", "price: 12")
    with pytest.raises(EditFailed, match="not in"):
        fs.edit("/n.md", "absent", "x")
    with pytest.raises(EditFailed, match="empty"):
        fs.edit("/n.md", "", "x")
    assert fs.edit("/n.md", "name: x", "name: y") == 1
    assert fs.edit("/n.md", "price: 10", "price: 12", replace_all=True) == 2
    assert fs.read_text("/n.md") == "price: 12\nprice: 12\nname: y\n"


def test_ls_mkdir_rmdir_rm() -> None:
    fs = VirtualFS()
    fs.mkdir("/notes/shops/berlin")
    fs.write("/notes/a.md", "a")
    names = [(e.name, e.is_dir) for e in fs.ls("/notes")]
    assert names == [("shops", True), ("a.md", False)]
    root = {e.name: e for e in fs.ls("/")}
    assert root["system_context"].read_only and root["active_rules"].read_only
    with pytest.raises(VfsError, match="not empty"):
        fs.rmdir("/notes")
    fs.rm("/notes/a.md")
    with pytest.raises(IsADirectory):
        fs.rm("/notes/shops")
    fs.rmdir("/notes", recursive=True)
    assert not fs.exists("/notes") and not fs.exists("/notes/shops/berlin")
    with pytest.raises(ReadOnlyPath):
        fs.rmdir("/")


def test_mv_moves_files_and_whole_folders() -> None:
    fs = VirtualFS()
    fs.write("/draft/a.md", "a")
    fs.write("/draft/deep/b.py", "x = 1\n")
    fs.mkdir("/draft/empty")
    assert fs.mv("/draft", "/final") == "/final"
    assert fs.files() == ["/final/a.md", "/final/deep/b.py"]
    assert fs.is_dir("/final/empty") and not fs.exists("/draft")
    fs.mkdir("/archive")
    assert fs.mv("/final/a.md", "/archive") == "/archive/a.md"  # into a folder
    fs.write("/x.md", "new")
    with pytest.raises(PathExists):
        fs.mv("/x.md", "/archive/a.md")
    assert fs.mv("/x.md", "/archive/a.md", overwrite=True) == "/archive/a.md"
    assert fs.read_text("/archive/a.md") == "new"
    with pytest.raises(VfsError, match="into itself"):
        fs.mv("/final", "/final/deep/inner")
    with pytest.raises(PathNotFound):
        fs.mv("/ghost", "/elsewhere")


def test_glob_and_grep() -> None:
    fs = VirtualFS()
    fs.write("/notes/a.md", "Koalition einigt sich\nanderes\n")
    fs.write("/notes/deep/b.md", "koalition streitet\n")
    fs.write("/code/c.py", "koalition = 1\n")
    assert fs.glob("*.md") == ["/notes/a.md", "/notes/deep/b.md"]
    assert fs.glob("/notes/*") == ["/notes/a.md", "/notes/deep"]
    hits = fs.grep("koalition", ignore_case=True)
    assert [m.path for m in hits] == ["/code/c.py", "/notes/a.md", "/notes/deep/b.md"]
    assert [m.path for m in fs.grep("koalition", "/notes")] == ["/notes/deep/b.md"]
    assert [m.path for m in fs.grep("oalition", glob="*.py")] == ["/code/c.py"]
    assert len(fs.grep("o", max_results=2)) == 2
    with pytest.raises(VfsError, match="not a valid regular expression"):
        fs.grep("([")
    with pytest.raises(PathNotFound):
        fs.grep("x", "/nowhere")


def test_system_files_are_generated_on_read_and_read_only() -> None:
    fs = VirtualFS()
    fs.system_info = {
        "task": "find the headline",
        "step": 3,
        "max_steps": 30,
        "session_id": "research",
        "active_tools": ["click", "vfs_write"],
        "active_rules": [],
    }
    context = fs.read_text("/system_context")
    assert "task: find the headline" in context and "step: 3 of 30" in context
    assert "browser session: research" in context and "click, vfs_write" in context
    assert fs.read_text("/active_rules") == "no active rules\n"
    fs.system_info["active_rules"] = ["cookie-banner: dismiss overlays first"]
    assert "1. cookie-banner: dismiss overlays first" in fs.read_text("/active_rules")
    fs.system_info["step"] = 4
    assert "step: 4 of 30" in fs.read_text("/system_context")  # generated each time
    for change in (
        lambda: fs.write("/system_context", "x"),
        lambda: fs.edit("/active_rules", "no", "all"),
        lambda: fs.rm("/system_context"),
        lambda: fs.mv("/active_rules", "/rules.md"),
    ):
        with pytest.raises(ReadOnlyPath):
            change()
    assert fs.stat("/system_context").read_only


def test_python_files_carry_pyflakes_diagnostics() -> None:
    fs = VirtualFS()
    bad = fs.write("/code/broken.py", "def f(:\n    return 1\n")
    assert [(d.line, d.severity, d.source) for d in bad.diagnostics] == [(1, "error", "pyflakes")]
    warn = fs.write("/code/warn.py", "import os\n\nprint(undefined_name)\n")
    assert [d.message for d in warn.diagnostics] == [
        "'os' imported but unused",
        "undefined name 'undefined_name'",
    ]
    fs.edit("/code/warn.py", "import os\n", "")
    assert [d.line for d in fs.stat("/code/warn.py").diagnostics] == [2]
    assert fs.write("/code/ok.py", "x = 1\n").diagnostics == ()
    assert fs.write("/data/x.json", "{not json").diagnostics[0].source == "json"
    assert fs.write("/notes/n.md", "def f(:").diagnostics == ()  # only Python and JSON are checked
    assert file_kind("/a/b.PY") == "python" and file_kind("/a/Makefile") == "text"


@pytest.mark.skipif(not Path(RUFF).exists(), reason="ruff is a dev dependency of the project")
def test_ruff_checker_finds_errors_and_warnings() -> None:
    found = check_ruff("import os\ndef f(:\n", "x.py", ruff=RUFF)
    assert any(d.severity == "error" for d in found)
    found = check_ruff("import os\n", "x.py", ruff=RUFF)
    assert any("F401" in d.message for d in found)


def test_size_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(filesystem_module, "MAX_FILE_CHARS", 10)
    monkeypatch.setattr(filesystem_module, "MAX_TOTAL_CHARS", 15)
    fs = VirtualFS()
    with pytest.raises(VfsFull):
        fs.write("/big.txt", "x" * 11)
    fs.write("/a.txt", "x" * 10)
    with pytest.raises(VfsFull):
        fs.write("/b.txt", "x" * 6)
    assert fs.files() == ["/a.txt"]


def test_snapshot_round_trip_keeps_everything() -> None:
    fs = VirtualFS()
    fs.write("/notes/a.md", "hello\n")
    fs.write("/code/b.py", "import os\n")
    fs.mkdir("/empty/folder")
    data = fs.snapshot()
    copy = VirtualFS.from_snapshot(data)
    assert copy.snapshot() == data
    assert copy.read_text("/notes/a.md") == "hello\n" and copy.is_dir("/empty/folder")
    assert copy.stat("/code/b.py").diagnostics[0].message == "'os' imported but unused"
    assert copy.version == fs.version
    with pytest.raises(VfsError, match="format"):
        VirtualFS.from_snapshot({"format": 99})


def test_restricted_view_reads_all_and_writes_only_its_folder() -> None:
    fs = VirtualFS()
    fs.write("/notes/owner.md", "the owner's notes\n")
    view = RestrictedVFS(fs, "/sub/t1")
    assert view.read_text("/notes/owner.md") == "the owner's notes\n"
    assert [m.path for m in view.grep("owner")] == ["/notes/owner.md"]
    view.write("/sub/t1/result.md", "found it\n")
    view.mkdir("/sub/t1/raw")
    view.mv("/sub/t1/result.md", "/sub/t1/raw")
    view.edit("/sub/t1/raw/result.md", "found", "FOUND")
    before = fs.snapshot()
    for attempt in (
        lambda: view.write("/notes/owner.md", "overwritten"),
        lambda: view.write("/sub/t2/result.md", "x"),
        lambda: view.write("/sub/t1", "x"),
        lambda: view.write("/sub/t10/x.md", "prefix trick"),
        lambda: view.edit("/notes/owner.md", "owner", "thief"),
        lambda: view.mkdir("/notes/evil"),
        lambda: view.rm("/notes/owner.md"),
        lambda: view.rmdir("/notes", recursive=True),
        lambda: view.mv("/notes/owner.md", "/sub/t1/stolen.md"),
        lambda: view.mv("/sub/t1/raw/result.md", "/notes/planted.md"),
        lambda: view.mv("/sub/t1/raw", "/"),
        lambda: view.mount("/host", "/"),
        lambda: view.write("/system_context", "x"),
    ):
        with pytest.raises(WriteDenied):
            attempt()
    assert fs.snapshot() == before
    assert fs.read_text("/sub/t1/raw/result.md") == "FOUND it\n"
    view.system_info = {"task": "sub task", "session_id": "sub-t1", "writable": "/sub/t1"}
    assert "you may write only under: /sub/t1" in view.read_text("/system_context")
    assert "sub task" not in fs.read_text("/system_context")  # the owner's context is its own
    with pytest.raises(WriteDenied):
        RestrictedVFS(fs, "/")
