"""The SQLite store at ``<data_dir>/retrieval.db``: learned selectors and the action log.

Selectors that worked are keyed by site, page path (numeric and id-like segments folded) and
the normalised query. They are tried first next time, demoted when they fail and dropped when
they keep failing; retrieval then finds the element again and its new selector is stored.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from waypost.files import private_file
from waypost.retrieval.selectors import Selector
from waypost.retrieval.telemetry import ActionRecord

log = logging.getLogger(__name__)

DB_FILE = "retrieval.db"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS selectors (
    site TEXT NOT NULL,
    path TEXT NOT NULL,
    query TEXT NOT NULL,
    selector TEXT NOT NULL,
    element_name TEXT NOT NULL DEFAULT '',
    fingerprint TEXT NOT NULL DEFAULT '',
    successes INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    last_used REAL NOT NULL,
    PRIMARY KEY (site, path, query, selector)
);
CREATE TABLE IF NOT EXISTS actions (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    site TEXT, path TEXT, fingerprint TEXT,
    action TEXT NOT NULL, query TEXT, query_key TEXT,
    topk TEXT, features TEXT,
    chosen_rank INTEGER, selector TEXT, p REAL, validation TEXT, status TEXT,
    latency_ms REAL, inventory_ms REAL, action_ms REAL,
    llm_asked INTEGER, from_memory INTEGER, healed INTEGER,
    success INTEGER, correct_rank INTEGER
);
CREATE INDEX IF NOT EXISTS actions_ts ON actions (ts);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

# A remembered selector is dropped once its failures exceed its successes by this much.
DROP_AFTER = 2

_ID_SEGMENT = re.compile(r"^(\d+|[0-9a-f]{8,}|[0-9a-f-]{32,36})$", re.IGNORECASE)


def path_key(path: str) -> str:
    """A URL path with id-like segments folded: ``/artikel/1234/`` → ``/artikel/:id/``."""
    parts = path.split("/")
    return "/".join(":id" if _ID_SEGMENT.match(p) else p for p in parts) or "/"


@dataclass(frozen=True)
class Remembered:
    """A selector that worked before.

    Attributes:
        selector: The selector.
        element_name: The accessible name the element had when it worked.
        successes: Times it worked.
        failures: Times it failed since.
    """

    selector: Selector
    element_name: str
    successes: int
    failures: int


class RetrievalStore:
    """Learned selectors and the action log in one SQLite file.

    Args:
        path: The database file, or ``None`` for a private in-memory store.

    Use :meth:`for_data_dir` for the standard location, and :meth:`close` when done.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        if path is not None:
            private_file(path)
        self._lock = threading.Lock()
        self._write_failed = False
        self._db = sqlite3.connect(
            str(path) if path else ":memory:", check_same_thread=False, isolation_level=None
        )
        self._db.row_factory = sqlite3.Row
        try:
            if path is not None:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            self._db.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
        except sqlite3.OperationalError:
            if path is None or not path.is_file():
                raise
            # A read-only data dir: read what was learned; writes are lost (see _writing).
            self._db.close()
            uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
            self._db.row_factory = sqlite3.Row

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the lock for a write; a full disk or read-only file loses the write, never the action."""
        with self._lock:
            try:
                yield
            except sqlite3.OperationalError as exc:
                if not self._write_failed:
                    log.warning("%s cannot be written (%s): learned selectors are not kept.", self.path, exc)
                self._write_failed = True
            else:
                self._write_failed = False

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> RetrievalStore:
        """The store at ``<data_dir>/retrieval.db``."""
        return cls(data_dir / DB_FILE)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> RetrievalStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- learned selectors ---------------------------------------------------------------------

    def recall(self, site: str, path: str, query_key: str, limit: int = 3) -> list[Remembered]:
        """Selectors that worked for this query on this page, best first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT selector, element_name, successes, failures FROM selectors "
                "WHERE site = ? AND path = ? AND query = ? "
                "ORDER BY successes - 2 * failures DESC, last_used DESC LIMIT ?",
                (site, path_key(path), query_key, limit),
            ).fetchall()
        out = []
        for row in rows:
            sel = Selector.parse(row["selector"])
            if sel is not None:
                out.append(Remembered(sel, row["element_name"], row["successes"], row["failures"]))
        return out

    def remember(
        self,
        site: str,
        path: str,
        query_key: str,
        selector: Selector,
        element_name: str,
        fingerprint: str = "",
    ) -> None:
        """Record that ``selector`` worked for this query on this page."""
        if selector.kind == "path":
            return  # structural paths break on the next re-render; never reuse them
        now = time.time()
        with self._writing():
            self._db.execute(
                "INSERT INTO selectors (site, path, query, selector, element_name, fingerprint, successes, "
                "failures, created, last_used) VALUES (?, ?, ?, ?, ?, ?, 1, 0, ?, ?) "
                "ON CONFLICT (site, path, query, selector) DO UPDATE SET successes = successes + 1, "
                "failures = 0, last_used = excluded.last_used, element_name = excluded.element_name, "
                "fingerprint = excluded.fingerprint",
                (site, path_key(path), query_key, str(selector), element_name, fingerprint, now, now),
            )

    def demote(self, site: str, path: str, query_key: str, selector: Selector) -> None:
        """Record that a remembered selector failed; drop it once it keeps failing."""
        key = (site, path_key(path), query_key, str(selector))
        with self._writing():
            self._db.execute(
                "UPDATE selectors SET failures = failures + 1 WHERE site = ? AND path = ? AND query = ? "
                "AND selector = ?",
                key,
            )
            self._db.execute(
                "DELETE FROM selectors WHERE site = ? AND path = ? AND query = ? AND selector = ? "
                "AND failures > successes + ?",
                (*key, DROP_AFTER - 1),
            )

    def selector_count(self) -> int:
        """How many learned selectors are stored."""
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM selectors").fetchone()[0])

    # -- action log ----------------------------------------------------------------------------

    def log(self, r: ActionRecord) -> int:
        """Store an action record; returns its id (also set on ``r.id``; 0 if it could not be stored)."""
        cur = None
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO actions (ts, site, path, fingerprint, action, query, query_key, topk, "
                "features, chosen_rank, selector, p, validation, status, latency_ms, inventory_ms, "
                "action_ms, llm_asked, from_memory, healed, success, correct_rank) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    r.ts or time.time(), r.site, r.path, r.fingerprint, r.action, r.query, r.query_key,
                    json.dumps(r.topk, ensure_ascii=False), json.dumps(r.features), r.chosen_rank, r.selector,
                    r.p, r.validation, r.status, r.latency_ms, r.inventory_ms, r.action_ms, int(r.llm_asked),
                    int(r.from_memory), int(r.healed), None if r.success is None else int(r.success),
                    r.correct_rank,
                ),
            )  # fmt: skip
        r.id = int(cur.lastrowid or 0) if cur is not None else 0
        return r.id

    def mark_outcome(self, action_id: int, success: bool, correct_rank: int | None = None) -> None:
        """Set what an action achieved, once known (e.g. from a later check or a human).

        Args:
            action_id: The id :meth:`log` returned.
            success: Whether the action reached its goal.
            correct_rank: Rank of the right element among the logged top-k (0 if it was not there).
        """
        with self._writing():
            self._db.execute(
                "UPDATE actions SET success = ?, correct_rank = coalesce(?, correct_rank) WHERE id = ?",
                (int(success), correct_rank, action_id),
            )

    def actions(self, since: float = 0.0) -> Iterator[ActionRecord]:
        """Logged actions, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM actions WHERE ts >= ? ORDER BY id", (since,)).fetchall()
        for row in rows:
            yield ActionRecord(
                id=row["id"],
                ts=row["ts"],
                site=row["site"] or "",
                path=row["path"] or "",
                fingerprint=row["fingerprint"] or "",
                action=row["action"],
                query=row["query"] or "",
                query_key=row["query_key"] or "",
                topk=json.loads(row["topk"] or "[]"),
                features=json.loads(row["features"] or "[]"),
                chosen_rank=row["chosen_rank"],
                selector=row["selector"],
                p=row["p"],
                validation=row["validation"] or "",
                status=row["status"] or "",
                latency_ms=row["latency_ms"] or 0.0,
                inventory_ms=row["inventory_ms"] or 0.0,
                action_ms=row["action_ms"] or 0.0,
                llm_asked=bool(row["llm_asked"]),
                from_memory=bool(row["from_memory"]),
                healed=bool(row["healed"]),
                success=None if row["success"] is None else bool(row["success"]),
                correct_rank=row["correct_rank"],
            )
