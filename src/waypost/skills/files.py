"""Skill files (YAML) read as hostile input: bounded before they are read, parsed and validated.

A skill file may come from anyone. Before anything is parsed:

- only a **regular file** is read (not a FIFO, a device such as ``/dev/zero``, a folder), and only
  up to :data:`MAX_FILE_BYTES`; the size is checked before reading, and the read stops there too;
- the YAML is walked as a stream of events first, refusing **anchors and aliases** (no "billion
  laughs"), nesting deeper than :data:`MAX_DEPTH` and more than :data:`MAX_EVENTS` nodes, so the
  document is never built when it is too big or too deep; libyaml's C parser is used when present;
- every entry is validated **strictly** (pydantic): types, ranges, lengths and no unknown fields.

Every problem is one line of :class:`~waypost.skills.model.SkillError`, never a traceback.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from waypost.skills.model import NAME_RE, Macro, MacroStep, Skill, SkillError

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest skill file read (a thousand learned skills with macros take about 2 MB)."""
MAX_DEPTH = 24
"""Deepest nesting of mappings and lists (a skill needs 6: skills, skill, macro, steps, step, args)."""
MAX_EVENTS = 400_000
MAX_SKILLS = 5000

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_file(path: Path) -> str:
    """The text of a skill file, read only if it is a regular file of at most :data:`MAX_FILE_BYTES`.

    Raises:
        SkillError: Not a regular file, too big, unreadable, or not UTF-8.
    """
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise SkillError(f"Cannot read {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SkillError(f"{path} is not a regular file; a skill file must be one.")
        if info.st_size > MAX_FILE_BYTES:
            raise SkillError(
                f"{path} is {info.st_size:,} bytes; skill files are limited to {MAX_FILE_BYTES:,} bytes."
            )
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:  # it grew while being read
                raise SkillError(f"{path} is larger than {MAX_FILE_BYTES:,} bytes.")
    except OSError as exc:
        raise SkillError(f"Cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SkillError(f"{path} is not UTF-8 text (byte {exc.start}).") from None


def load_yaml(text: str) -> Any:
    """Parse YAML text within the limits (size, depth, node count, no aliases).

    Raises:
        SkillError: Too big, too deep, with aliases, or not YAML.
    """
    if not isinstance(text, str):
        raise SkillError("A skill file must be text.")
    if len(text.encode("utf-8", errors="replace")) > MAX_FILE_BYTES:
        raise SkillError(f"Skill files are limited to {MAX_FILE_BYTES:,} bytes.")
    try:
        depth = 0
        for events, event in enumerate(yaml.parse(text, Loader=_Loader), 1):
            if events > MAX_EVENTS:
                raise SkillError(f"The skill file has more than {MAX_EVENTS:,} YAML nodes.")
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise SkillError("The skill file uses YAML anchors or aliases; they are not allowed.")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise SkillError(f"The skill file is nested deeper than {MAX_DEPTH} levels.")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.load(text, Loader=_Loader)  # a safe loader; size, depth and aliases checked above
    except yaml.YAMLError as exc:
        raise SkillError(f"Not valid YAML: {' '.join(str(exc).split())[:200]}") from None
    except (RecursionError, MemoryError):
        raise SkillError("The skill file is too complex to read.") from None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Step(_Strict):
    tool: str = Field(min_length=1, max_length=64)
    args: dict[str, Any] = Field(default_factory=dict)
    expect_path: str | None = Field(default=None, max_length=2000)


class _Macro(_Strict):
    task_template: str = Field(default="", max_length=1000)
    params: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list, max_length=40)
    steps: list[_Step] = Field(default_factory=list, max_length=200)


class _Entry(_Strict):
    name: str = Field(pattern=NAME_RE.pattern)
    description: str = Field(default="", max_length=1000)
    keywords: list[Annotated[str, Field(max_length=80)]] = Field(default_factory=list, max_length=100)
    instructions: str = Field(default="", max_length=8000)
    macro: _Macro | None = None
    confidence: float = Field(default=0.3, ge=0.0, le=1.0, allow_inf_nan=False)
    uses: int = Field(default=0, ge=0, le=10**9)
    successes: int = Field(default=0, ge=0, le=10**9)
    source: str = Field(default="imported", max_length=20)
    retired: bool = False
    created: float | None = Field(default=None, ge=0, le=1e11, allow_inf_nan=False)
    updated: float | None = Field(default=None, ge=0, le=1e11, allow_inf_nan=False)
    last_used: float | None = Field(default=None, ge=0, le=1e11, allow_inf_nan=False)
    failed_checks: int = Field(default=0, ge=0, le=10**9)
    notes: list[Annotated[str, Field(max_length=1000)]] = Field(default_factory=list, max_length=50)
    retired_reason: str = Field(default="", max_length=1000)


def _one_line(error: ValidationError) -> str:
    first = error.errors()[0]
    loc = [str(p) for p in first["loc"]] or ["entry"]
    where = f"field {loc[-1]!r}" + (f" (in {'.'.join(loc[:-1])})" if len(loc) > 1 else "")
    if loc == ["confidence"] and first["type"] in ("less_than_equal", "greater_than_equal"):
        return f"{where}: confidence must be between 0 and 1"
    return f"{where}: {first['msg']}"


def parse_skills(text: str) -> list[Skill]:
    """Skills from YAML text (``skills: [...]`` or a bare list), strictly validated.

    Raises:
        SkillError: One line saying what is wrong and where.
    """
    data = load_yaml(text)
    if isinstance(data, dict):
        data = data.get("skills")
    if not isinstance(data, list):
        raise SkillError("A skill file holds a list of skills under 'skills:'.")
    if len(data) > MAX_SKILLS:
        raise SkillError(f"A skill file holds at most {MAX_SKILLS} skills.")
    skills: list[Skill] = []
    for i, raw in enumerate(data, 1):
        label = f"skill {i}" + (f" ({raw.get('name')!r})" if isinstance(raw, dict) and "name" in raw else "")
        if not isinstance(raw, dict):
            raise SkillError(f"{label}: must be a mapping with at least a name and a description.")
        name = raw.get("name")
        if not isinstance(name, str) or not NAME_RE.match(name):
            shown = repr(name)[:80]
            raise SkillError(f"Bad skill name {shown} ({label}): use 2-64 lowercase letters, digits, - or _.")
        try:
            entry = _Entry.model_validate(raw)
        except ValidationError as exc:
            raise SkillError(f"{label}: {_one_line(exc)}") from None
        skills.append(_skill(entry))
    return skills


def _skill(entry: _Entry) -> Skill:
    macro = None
    if entry.macro is not None:
        macro = Macro(
            task_template=entry.macro.task_template,
            params=list(entry.macro.params),
            steps=[MacroStep(s.tool, dict(s.args), s.expect_path or None) for s in entry.macro.steps],
        )
    skill = Skill(
        name=entry.name,
        description=entry.description.strip(),
        keywords=[k.strip().lower() for k in entry.keywords if k.strip()],
        instructions=entry.instructions.strip(),
        macro=macro,
        confidence=entry.confidence,
        uses=entry.uses,
        successes=entry.successes,
        source=entry.source,
        retired=entry.retired,
        last_used=entry.last_used,
        failed_checks=entry.failed_checks,
        notes=list(entry.notes)[-5:],
        retired_reason=entry.retired_reason,
    )
    if entry.created is not None:
        skill.created = entry.created
    if entry.updated is not None:
        skill.updated = entry.updated
    return skill
