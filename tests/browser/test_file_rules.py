"""Pure rules of downloads, uploads and user tabs: names, types, collisions, allowed places."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from waypost.agent.critical import check
from waypost.browser.downloads import DownloadRecord, human_size, reserve, sanitize_name, sniff_mime
from waypost.browser.uploads import UploadRefused, UploadSources
from waypost.vfs import VirtualFS


@pytest.mark.parametrize(
    ("given", "saved"),
    [
        ("report.pdf", "report.pdf"),
        ("../../etc/passwd", "passwd"),
        ("C:\\Users\\x\\evil.exe", "evil.exe"),
        (".bashrc", "bashrc"),
        ("a\x00b\nc.txt", "abc.txt"),
        ("Jahresbericht 2025 (final).pdf", "Jahresbericht 2025 (final).pdf"),
        ("", "download"),
        ("..", "download"),
        ("x" * 300 + ".pdf", "x" * 116 + ".pdf"),
    ],
)
def test_download_names_are_sanitised(given: str, saved: str) -> None:
    assert sanitize_name(given) == saved


def test_a_download_never_overwrites_another(tmp_path: Path) -> None:
    first = reserve(tmp_path / "downloads", "r.pdf")
    second = reserve(tmp_path / "downloads", "r.pdf")
    third = reserve(tmp_path / "downloads", "notes")
    assert [first.name, second.name, third.name] == ["r.pdf", "r-2.pdf", "notes"]
    assert oct(os.stat(second).st_mode & 0o777) == "0o600"


def test_the_type_comes_from_the_bytes_first() -> None:
    assert sniff_mime(b"%PDF-1.7 ...", "invoice.txt") == "application/pdf"
    assert sniff_mime(b"\x7fELF\x02", "harmless.pdf") == "application/x-executable"
    assert sniff_mime(b"a,b\n1,2\n", "data.csv") == "text/csv"
    assert sniff_mime(b"\xff\xfe\x00garbage\x9c", "blob") == "application/octet-stream"
    record = DownloadRecord(
        "x.pdf", "http://h/x.pdf", "default", status="saved", mime="application/pdf", size=2048
    )
    record.pages = 3
    assert record.line() == "x.pdf — PDF, 3 page(s), 2 KB"
    assert human_size(5 * 1024 * 1024) == "5.0 MB"


def test_uploads_come_only_from_the_run_files_or_allowed_folders(tmp_path: Path) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "cv.txt").write_text("cv")
    (tmp_path / "secret.txt").write_text("no")
    sources = UploadSources([allowed])
    files = VirtualFS()
    files.write("/notes/todo.md", "- write tests\n")
    sources.register("default", files)
    assert sources.resolve("default", "todo.md").data == b"- write tests\n"
    assert sources.resolve("default", "/notes/todo.md").origin == "run files"
    assert sources.resolve("default", "cv.txt").origin == str(allowed.resolve())
    for bad in ("/etc/passwd", str(tmp_path / "secret.txt"), "../secret.txt", "todo.md\x00", ""):
        with pytest.raises(UploadRefused):
            sources.resolve("default", bad)
    with pytest.raises(UploadRefused, match="neither in the run's files"):
        sources.resolve("other-session", "todo.md")  # another session's run files are not shared


def test_touching_the_users_own_tabs_is_a_critical_action() -> None:
    assert check("switch_tab", {"tab": "u1"}, read_only=True) is not None
    assert check("close_tab", {"tab": "U2"}) is not None
    assert check("list_tabs", {"include_user_tabs": True}, read_only=True) is not None
    assert check("switch_tab", {"tab": "t2"}, read_only=True) is None
    assert check("list_tabs", {}, read_only=True) is None
