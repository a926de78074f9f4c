"""Path rules: hostile paths are refused with a typed error, ordinary ones are normalised."""

from __future__ import annotations

import pytest

from waypost.errors import WaypostError
from waypost.vfs import InvalidPath, VirtualFS
from waypost.vfs.paths import glob_regex, normalize

HOSTILE = [
    # climbing out
    "..",
    "../secret",
    "/../etc",
    "/notes/../../x",
    "notes/../..",
    "a/b/../../../c",
    "/notes/..",
    "./../x",
    "...",
    "/notes/....",
    # disguised '..' and slashes
    "/notes/%2e%2e/x",
    "/notes/%2E%2E",
    "/a/%2fetc",
    "/a/%5c..",
    "/notes/\uff0e\uff0e/x",  # full-width dots
    "/a\uff0fb",  # full-width solidus
    "/a/\u2024\u2024",  # one-dot leaders: NFKC gives '..'
    # host paths
    "/etc/passwd",
    "etc/shadow",
    "/proc/self/environ",
    "/sys/kernel",
    "/dev/null",
    "/home/user/.ssh/id_rsa",
    "/root/.bashrc",
    "/usr/bin/python",
    "/var/log/syslog",
    "/tmp/x",
    "/Users/me/Documents",
    "/Windows/System32",
    "/private/var",
    "~",
    "~/notes",
    "~root/.ssh",
    "C:\\Windows\\System32",
    "C:/Windows",
    "/c:/x",
    "file:///etc/passwd",
    "\\\\server\\share",
    "//server/share",
    "/notes\\..\\x",
    "https://example.org/x",
    # bytes that do not belong in a name
    "/notes/a\x00b",
    "\x00",
    "/notes/a\nb",
    "/notes/a\rb",
    "/notes/\tx",
    "/notes/\x1b[31mred",
    "/notes/\x7f",
    "/notes/\u202eexe.txt",  # right-to-left override
    "/notes/zero\u200bwidth",
    "/notes/\ufeffbom",
    "/notes/line\u2028sep",
    "/notes/\ud800",  # lone surrogate
    # names that mean something to hosts or globbing
    "/notes/CON",
    "/notes/nul.txt",
    "/notes/com1",
    "/notes/LPT9.md",
    "/notes/*",
    "/notes/?.md",
    "/notes/[ab].md",
    "/notes/trailing.",
    "/notes/trailing ",
    "/notes/ leading",
    # empty, wrong type, too long, too deep
    "",
    "   ",
    None,
    42,
    b"/notes/a",
    "/" + "a" * 256,
    "/" + "\u00e9" * 128,  # 256 bytes in UTF-8
    "/" + "/".join(["d"] * 33),
    "/" + "/".join(["abcdefghij"] * 100),
]


@pytest.mark.parametrize("path", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_path_is_refused(path: object) -> None:
    with pytest.raises(InvalidPath) as info:
        normalize(path)
    assert isinstance(info.value, WaypostError)
    assert "refused" in str(info.value) and "/notes/plan.md" in str(info.value)


def test_there_are_at_least_fifty_hostile_paths() -> None:
    assert len(HOSTILE) >= 50


@pytest.mark.parametrize("path", [p for p in HOSTILE if isinstance(p, str)][:40])
def test_hostile_path_changes_nothing_in_the_file_system(path: str) -> None:
    fs = VirtualFS()
    fs.write("/notes/keep.md", "kept")
    before = fs.snapshot()
    for attempt in (
        lambda: fs.write(path, "x"),
        lambda: fs.mkdir(path),
        lambda: fs.mv("/notes/keep.md", path),
        lambda: fs.read(path),
    ):
        with pytest.raises(InvalidPath):
            attempt()
    assert fs.snapshot() == before


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("/", "/"),
        ("notes/plan.md", "/notes/plan.md"),
        ("/notes//plan.md", "/notes/plan.md"),
        ("/notes/./plan.md", "/notes/plan.md"),
        ("/notes/plan.md/", "/notes/plan.md"),
        ("/Notizen/Übersicht.md", "/Notizen/Übersicht.md"),
        ("/notes/e\u0301.md", "/notes/\u00e9.md"),  # NFC
        ("/notes/.hidden", "/notes/.hidden"),
        ("/notes/v1.2.txt", "/notes/v1.2.txt"),
        ("/sub/t1/result.md", "/sub/t1/result.md"),
        ("/etcetera/x", "/etcetera/x"),
    ],
)
def test_ordinary_paths_are_normalised(given: str, expected: str) -> None:
    assert normalize(given) == expected


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("*.md", "/notes/a.md", True),
        ("*.md", "/a.md", True),
        ("/*.md", "/notes/a.md", False),
        ("/notes/*.md", "/notes/a.md", True),
        ("/notes/*.md", "/notes/deep/a.md", False),
        ("/notes/**/*.md", "/notes/deep/er/a.md", True),
        ("/notes/**/*.md", "/notes/a.md", True),
        ("/notes/?.py", "/notes/a.py", True),
        ("/notes/[ab].py", "/notes/c.py", False),
    ],
)
def test_glob_patterns(pattern: str, path: str, hit: bool) -> None:
    assert bool(glob_regex(pattern).match(path)) is hit


@pytest.mark.parametrize("pattern", ["", "../*", "/a/../*", "a\\b", "a\x00"])
def test_bad_glob_patterns_are_refused(pattern: str) -> None:
    with pytest.raises(InvalidPath):
        glob_regex(pattern)
