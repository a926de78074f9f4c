"""``<data_dir>/skills.db``: skills, failure-pattern counts, generated tools (kept or rejected).

Plain ``sqlite3``: the rows are small and every write is one short transaction. The file is
created 0600, since skills may describe a user's sites and habits.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from waypost.files import private_file
from waypost.skills.model import Skill, SkillError

FILE_NAME = "skills.db"
log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS skills (
    name TEXT PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS failure_patterns (
    hash TEXT PRIMARY KEY,
    items TEXT NOT NULL,
    count INTEGER NOT NULL,
    first_seen REAL NOT NULL,
    last_seen REAL NOT NULL,
    example TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS generated_tools (
    name TEXT PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


@dataclass
class FailurePattern:
    """A normalised failure pattern and how often it occurred.

    Attributes:
        hash: Order-independent hash of the normalised items.
        items: The normalised failure signatures, sorted.
        count: Runs it occurred in.
        first_seen: Unix time of the first occurrence.
        last_seen: Unix time of the latest.
        example: A task it occurred in (the latest).
    """

    hash: str
    items: list[str]
    count: int
    first_seen: float
    last_seen: float
    example: str


@dataclass
class GeneratedTool:
    """A tool that tool generation produced, registered or rejected by the quality gate.

    Attributes:
        name: The tool's name as models see it.
        description: Its description for models.
        params: Its string parameters, in order.
        source: The Python source (``run(page, ...)`` and ``test(page)``).
        fixture_html: The page its test runs against.
        status: ``registered``, ``rejected`` or ``retired``.
        reason: Why the gate rejected it (empty when registered).
        provenance: Where it came from: pattern hash, template, model, reflection, time, gate report.
        created: Unix time.
    """

    name: str
    description: str
    params: list[str]
    source: str
    fixture_html: str
    status: str = "registered"
    reason: str = ""
    provenance: dict[str, Any] = field(default_factory=dict)
    created: float = field(default_factory=time.time)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class SkillStore:
    """The SQLite file of one skill library.

    Args:
        path: The database file (created with its tables if missing).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        new = not self.path.exists()
        try:
            private_file(self.path)
            self._db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise SkillError(f"The skill store {self.path} cannot be opened: {exc}") from None
        self._db.executescript(_SCHEMA)
        self.created = new

    def close(self) -> None:
        self._db.close()

    # ---- skills -------------------------------------------------------------------------------------

    def put(self, skill: Skill) -> None:
        """Insert or replace a skill (validated first: the store never holds one it cannot read back)."""
        Skill.from_dict(skill.to_dict())
        self._db.execute(
            "INSERT OR REPLACE INTO skills (name, data) VALUES (?, ?)",
            (skill.name, json.dumps(skill.to_dict(), ensure_ascii=False)),
        )

    def get(self, name: str) -> Skill | None:
        row = self._db.execute("SELECT data FROM skills WHERE name = ?", (name,)).fetchone()
        return Skill.from_dict(json.loads(row[0])) if row else None

    def all(self, *, include_retired: bool = True) -> list[Skill]:
        rows = self._db.execute("SELECT data FROM skills ORDER BY name").fetchall()
        skills = []
        for (data,) in rows:
            try:
                skills.append(Skill.from_dict(json.loads(data)))
            except (SkillError, ValueError) as exc:  # one bad row (edited by hand) must not hide the rest
                log.warning("skipping an unreadable skill in %s: %s", self.path, exc)
        return [s for s in skills if include_retired or not s.retired]

    def delete(self, name: str) -> bool:
        return self._db.execute("DELETE FROM skills WHERE name = ?", (name,)).rowcount > 0

    # ---- failure patterns ---------------------------------------------------------------------------

    def count_pattern(self, digest: str, items: list[str], example: str) -> FailurePattern:
        """Count one more occurrence of a pattern and return it."""
        now = time.time()
        self._db.execute(
            "INSERT INTO failure_patterns (hash, items, count, first_seen, last_seen, example) "
            "VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT(hash) DO UPDATE SET count = count + 1, "
            "last_seen = excluded.last_seen, example = excluded.example",
            (digest, json.dumps(items, ensure_ascii=False), now, now, example[:500]),
        )
        found = self.pattern(digest)
        assert found is not None
        return found

    def pattern(self, digest: str) -> FailurePattern | None:
        row = self._db.execute(
            "SELECT hash, items, count, first_seen, last_seen, example FROM failure_patterns WHERE hash = ?",
            (digest,),
        ).fetchone()
        if row is None:
            return None
        return FailurePattern(row[0], json.loads(row[1]), row[2], row[3], row[4], row[5])

    def patterns(self) -> list[FailurePattern]:
        rows = self._db.execute("SELECT hash FROM failure_patterns ORDER BY count DESC").fetchall()
        return [p for p in (self.pattern(r[0]) for r in rows) if p is not None]

    # ---- generated tools ----------------------------------------------------------------------------

    def put_tool(self, tool: GeneratedTool) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO generated_tools (name, data) VALUES (?, ?)",
            (tool.name, json.dumps(tool.to_dict(), ensure_ascii=False)),
        )

    def tools(self, status: str | None = None) -> list[GeneratedTool]:
        rows = self._db.execute("SELECT data FROM generated_tools ORDER BY name").fetchall()
        tools = [GeneratedTool(**json.loads(r[0])) for r in rows]
        return [t for t in tools if status is None or t.status == status]

    # ---- meta ---------------------------------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
