"""File type info and checks: what kind of text a file holds, and a Python file's problems.

Python files are checked with a real checker each time they change: ``pyflakes`` (in-process,
the default) or ``ruff`` (a subprocess, when asked for and found on PATH). The code is only
parsed, never run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from typing import Any, Literal

Checker = Literal["auto", "pyflakes", "ruff", "none"]

_KINDS = {
    ".py": "python",
    ".pyi": "python",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".json": "json",
    ".jsonl": "jsonl",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".csv": "csv",
    ".tsv": "tsv",
    ".html": "html",
    ".htm": "html",
    ".xml": "xml",
    ".js": "javascript",
    ".ts": "typescript",
    ".css": "css",
    ".sh": "shell",
    ".sql": "sql",
}


@dataclass(frozen=True)
class Diagnostic:
    """One problem a checker found in a file.

    Attributes:
        line: 1-based line.
        column: 1-based column (0 if unknown).
        severity: ``error`` (the file does not parse) or ``warning``.
        message: What the checker said.
        source: The checker (``pyflakes``, ``ruff``, ``json``).
    """

    line: int
    column: int
    severity: Literal["error", "warning"]
    message: str
    source: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        return f"line {self.line}: {self.severity}: {self.message} ({self.source})"


def file_kind(path: str) -> str:
    """The kind of a file from its name: ``python``, ``markdown``, ``json``... or ``text``."""
    name = path.rsplit("/", 1)[-1].lower()
    dot = name.rfind(".")
    return _KINDS.get(name[dot:], "text") if dot > 0 else "text"


class _Collector:
    """A pyflakes reporter that keeps what it hears as diagnostics."""

    def __init__(self) -> None:
        self.found: list[Diagnostic] = []

    def unexpectedError(self, filename: str, msg: str) -> None:
        self.found.append(Diagnostic(1, 0, "error", str(msg), "pyflakes"))

    def syntaxError(self, filename: str, msg: str, lineno: int, offset: int, text: str) -> None:
        self.found.append(Diagnostic(int(lineno or 1), int(offset or 0), "error", str(msg), "pyflakes"))

    def flake(self, message: Any) -> None:
        text = message.message % message.message_args
        self.found.append(Diagnostic(message.lineno, message.col + 1, "warning", text, "pyflakes"))


def check_pyflakes(source: str, filename: str = "file.py") -> list[Diagnostic]:
    """Syntax errors and warnings (unused imports, undefined names...) from pyflakes."""
    from pyflakes import api

    collector = _Collector()
    api.check(source, filename, collector)  # type: ignore[arg-type]
    return sorted(collector.found, key=lambda d: (d.line, d.column))


def check_ruff(source: str, filename: str = "file.py", ruff: str | None = None) -> list[Diagnostic]:
    """Problems ruff finds (its default rules), read from stdin; nothing if ruff is missing."""
    exe = ruff or shutil.which("ruff")
    if exe is None:
        return []
    proc = subprocess.run(
        [
            exe,
            "check",
            "--no-cache",
            "--isolated",
            "--output-format=json",
            f"--stdin-filename={filename}",
            "-",
        ],
        input=source,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
        cwd=tempfile.gettempdir(),  # no project config: ruff's default rules only
    )
    try:
        items = json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return []
    found = []
    for item in items:
        loc = item.get("location") or {}
        code = item.get("code")
        syntax = code is None or "syntax" in str(code) or str(code).startswith("E9")
        severity = "error" if syntax else "warning"
        message = f"{code}: {item.get('message')}" if code else str(item.get("message"))
        found.append(Diagnostic(int(loc.get("row", 1)), int(loc.get("column", 0)), severity, message, "ruff"))
    return found


def check_json(source: str) -> list[Diagnostic]:
    """A JSON file's parse error, if any."""
    try:
        json.loads(source)
    except json.JSONDecodeError as exc:
        return [Diagnostic(exc.lineno, exc.colno, "error", exc.msg, "json")]
    return []


def diagnose(path: str, content: str, checker: Checker = "auto") -> list[Diagnostic]:
    """The problems found in a file (Python and JSON files are checked; others are not)."""
    kind = file_kind(path)
    if kind == "json" and content.strip():
        return check_json(content)
    if kind != "python" or checker == "none":
        return []
    name = path.rsplit("/", 1)[-1]
    if checker == "ruff":
        return check_ruff(content, name)
    return check_pyflakes(content, name)
