"""Batch input and output: task lines in, result lines out (JSON Lines).

A task line: ``{"id": "t1", "task": "…", "start": "https://…", "session_id": "…", "max_steps": 20,
"model": "…", "planner_mode": "rag"}`` (only ``id`` and ``task`` are required). A line that is not
valid is reported with its line number and skipped; it never stops the batch.

Results are appended one line per finished task and flushed to disk at once, so a crash loses
nothing that finished, and ``--resume`` skips every id already in the file.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from waypost.browser.session_ids import validate_session_id
from waypost.errors import ConfigError

MAX_LINE_BYTES = 256 * 1024
"""A task line longer than this is refused (a task is a sentence, not a document)."""
MAX_TASKS_FILE_BYTES = 512 * 1024 * 1024


class TaskSpec(BaseModel):
    """One task of a batch.

    Attributes:
        id: Unique within the file; names the result line.
        task: What to do, in the user's words.
        start: The page to start on.
        session_id: The browser session's name for this task (its state never outlives the task).
        max_steps: Model turns at most (the batch's default if not given).
        model: A model for this task (the batch's default if not given).
        planner_mode: ``full`` or ``rag`` (the batch's default if not given).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=200)
    task: str = Field(min_length=1, max_length=20_000)
    start: str | None = Field(None, max_length=8_000)
    session_id: str | None = None
    max_steps: int | None = Field(None, ge=1, le=500)
    model: str | None = Field(None, max_length=500)
    planner_mode: Literal["full", "rag"] | None = None

    @field_validator("id", "task")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @field_validator("session_id")
    @classmethod
    def _session(cls, value: str | None) -> str | None:
        return None if value is None else validate_session_id(value)


class TaskResult(BaseModel):
    """One result line.

    Attributes:
        id: The task's id.
        answer: The agent's answer (an honest one when the task was not done).
        success: Whether the task was done.
        stop_reason: The run's stop reason, or a batch reason: ``timeout``, ``worker_lost``,
            ``side_effects_not_retried``, ``error``, ``interrupted``.
        steps: Model turns.
        tokens_in: Prompt tokens.
        tokens_out: Completion tokens.
        model_calls: Calls to the model (0 when a learned macro replayed the task).
        seconds: Wall time of the last attempt.
        worker: The worker that ran the last attempt.
        attempts: How many workers tried it.
        errors: What went wrong on the way, one line each (lost workers, time-outs).
    """

    model_config = ConfigDict(extra="ignore")

    id: str
    answer: str = ""
    success: bool = False
    stop_reason: str | None = None
    steps: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    model_calls: int = 0
    seconds: float = 0.0
    worker: str | None = None
    attempts: int = 1
    errors: list[str] = Field(default_factory=list)


@dataclass(frozen=True)
class LineError:
    """A task line that was skipped."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def _one_line(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "line"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts)


def parse_tasks(lines: list[str] | Any) -> tuple[list[TaskSpec], list[LineError]]:
    """Parse task lines; bad lines become :class:`LineError` (with 1-based line numbers).

    Blank lines and lines starting with ``#`` are ignored. A repeated id keeps the first line.
    """
    tasks: list[TaskSpec] = []
    errors: list[LineError] = []
    seen: set[str] = set()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line.encode("utf-8", errors="replace")) > MAX_LINE_BYTES:
            errors.append(LineError(number, f"longer than {MAX_LINE_BYTES // 1024} KiB"))
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            errors.append(LineError(number, f"not JSON ({exc.msg} at column {exc.colno})"))
            continue
        if not isinstance(data, dict):
            errors.append(LineError(number, "not a JSON object"))
            continue
        if isinstance(data.get("id"), int) and not isinstance(data.get("id"), bool):
            data["id"] = str(data["id"])
        try:
            spec = TaskSpec.model_validate(data)
        except ValidationError as exc:
            errors.append(LineError(number, _one_line(exc)))
            continue
        if spec.id in seen:
            errors.append(LineError(number, f"id {spec.id!r} repeats an earlier line; skipped"))
            continue
        seen.add(spec.id)
        tasks.append(spec)
    return tasks, errors


def read_tasks(path: Path | str) -> tuple[list[TaskSpec], list[LineError]]:
    """Read a tasks file (JSON Lines, UTF-8).

    Raises:
        ConfigError: The file cannot be read, is not a regular file or is too large.
    """
    path = Path(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise ConfigError(f"Cannot read the tasks file {path} ({exc.strerror}).") from None
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError(f"The tasks file {path} is not a regular file.")
    if info.st_size > MAX_TASKS_FILE_BYTES:
        raise ConfigError(f"The tasks file {path} is larger than {MAX_TASKS_FILE_BYTES // 2**20} MiB.")
    with path.open(encoding="utf-8", errors="replace") as handle:
        return parse_tasks(handle)


class ResultsFile:
    """The results file: one JSON line per finished task, each flushed and synced as it is written.

    Args:
        path: Where results go (created 0600; its folder must exist).
        resume: Keep the lines already there and report their ids as done. Without it, an
            existing non-empty file is refused rather than overwritten.

    Raises:
        ConfigError: The path is not a regular file, its folder is missing, or it holds results
            and ``resume`` is not set.
    """

    def __init__(self, path: Path | str, *, resume: bool = False) -> None:
        self.path = Path(path)
        self._done: dict[str, TaskResult] = {}
        if not self.path.parent.is_dir():
            raise ConfigError(f"The folder of --out {self.path} does not exist: create it first.")
        if self.path.exists() or self.path.is_symlink():
            if not self.path.is_file():
                raise ConfigError(f"--out {self.path} exists and is not a regular file.")
            if self.path.stat().st_size and not resume:
                raise ConfigError(
                    f"{self.path} already holds results: pass --resume to continue it, or choose "
                    "another --out."
                )
            self._done = self._read_done()
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        self._file = os.fdopen(fd, "a", encoding="utf-8")
        self._terminate_partial_line()

    def _read_done(self) -> dict[str, TaskResult]:
        done: dict[str, TaskResult] = {}
        with self.path.open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                try:
                    result = TaskResult.model_validate_json(line)
                except ValidationError:
                    continue  # a line cut short by a crash: that task runs again
                done[result.id] = result
        return done

    def _terminate_partial_line(self) -> None:
        size = self.path.stat().st_size
        if size:
            with self.path.open("rb") as handle:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":
                    self._file.write("\n")
                    self._file.flush()

    @property
    def done(self) -> dict[str, TaskResult]:
        """Results already in the file when it was opened, by id."""
        return dict(self._done)

    def append(self, result: TaskResult) -> None:
        """Write one result line and make it durable before returning."""
        self._file.write(result.model_dump_json() + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        """Close the file."""
        self._file.close()
