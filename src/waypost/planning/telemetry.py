"""Per-step telemetry of the planner in ``<data_dir>/planner.db``, and its summary."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from waypost.files import private_file
from waypost.retrieval.telemetry import percentile

DB_FILE = "planner.db"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS steps (
    id INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    mode TEXT NOT NULL,
    site TEXT NOT NULL DEFAULT '',
    path TEXT NOT NULL DEFAULT '',
    goal TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    success INTEGER NOT NULL,
    tokens_in INTEGER NOT NULL DEFAULT 0,
    tokens_out INTEGER NOT NULL DEFAULT 0,
    latency_ms REAL NOT NULL DEFAULT 0,
    rounds INTEGER NOT NULL DEFAULT 0,
    k INTEGER NOT NULL DEFAULT 0,
    hit_rank INTEGER,
    cache_hits INTEGER NOT NULL DEFAULT 0,
    failures TEXT NOT NULL DEFAULT '[]',
    specs TEXT NOT NULL DEFAULT '[]'
);
"""


@dataclass
class StepRecord:
    """One planned step.

    Attributes:
        mode: ``rag`` or ``full``.
        site: Host of the page.
        path: URL path.
        goal: The step's goal as given (shortened).
        status: ``done``, ``failed``, ``cap_reached``, ``timeout``, ``bad_query`` or ``no_plan``.
        success: The step's action was done.
        tokens_in: Prompt tokens of the step's model calls (counted when not reported).
        tokens_out: Completion tokens.
        latency_ms: Planning time: model calls plus retrieval (execution excluded).
        rounds: Query rounds used.
        k: Items in the first pack.
        hit_rank: Position of the element that worked in the step's first pack (``None``: not in it).
        cache_hits: Retrievals served from the index cache.
        failures: Negative constraints learned, one line each.
        specs: The QuerySpecs, as compact JSON.
        ts: When it was logged.
    """

    mode: str
    status: str
    success: bool
    site: str = ""
    path: str = ""
    goal: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    latency_ms: float = 0.0
    rounds: int = 0
    k: int = 0
    hit_rank: int | None = None
    cache_hits: int = 0
    failures: list[str] = field(default_factory=list)
    specs: list[str] = field(default_factory=list)
    ts: float = field(default_factory=time.time)


class PlannerStore:
    """The step log in one SQLite file (``None`` path: in memory).

    A file store opens a connection per call, so a store handed to a run needs no closing; an
    in-memory one keeps its connection until :meth:`close`.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._memory: sqlite3.Connection | None = None
        if path is None:
            self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            self._memory.executescript(_SCHEMA)
        else:
            private_file(path)
            with contextlib.closing(self._open()):
                pass

    @classmethod
    def for_data_dir(cls, data_dir: Path) -> PlannerStore:
        """The store at ``<data_dir>/planner.db``."""
        return cls(Path(data_dir) / DB_FILE)

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.executescript(_SCHEMA)
        return db

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._memory is not None:
                yield self._memory
                return
            db = self._open()
            try:
                yield db
            finally:
                db.close()

    def close(self) -> None:
        """Close the in-memory database (a file store has nothing open)."""
        with self._lock:
            if self._memory is not None:
                self._memory.close()

    def __enter__(self) -> PlannerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def log(self, r: StepRecord) -> int:
        """Store one step; returns its id."""
        row = asdict(r)
        row["success"] = int(r.success)
        row["failures"] = json.dumps(r.failures)
        row["specs"] = json.dumps(r.specs)
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        with self._db() as db:
            cur = db.execute(f"INSERT INTO steps ({cols}) VALUES ({marks})", tuple(row.values()))
            return int(cur.lastrowid or 0)

    def steps(self, since: float = 0.0) -> Iterator[StepRecord]:
        """Every logged step since ``since`` (a Unix time), oldest first."""
        with self._db() as db:
            db.row_factory = sqlite3.Row
            rows = db.execute("SELECT * FROM steps WHERE ts >= ? ORDER BY id", (since,)).fetchall()
        for row in rows:
            d = dict(row)
            d.pop("id")
            d["success"] = bool(d["success"])
            d["failures"] = json.loads(d["failures"])
            d["specs"] = json.loads(d["specs"])
            yield StepRecord(**d)


@dataclass(frozen=True)
class PlannerStats:
    """A summary of logged steps (per mode).

    Attributes:
        mode: The planner mode.
        steps: Steps logged.
        success: Share of steps whose action was done.
        tokens_in: Mean prompt tokens per step.
        tokens_out: Mean completion tokens per step.
        latency_p50: Median planning latency (ms).
        latency_p95: 95th percentile planning latency (ms).
        rounds: Mean query rounds per step.
        hit_at_k: Share of successful steps whose element was in the first pack.
        cache_hit_rate: Share of retrievals served from the cache.
    """

    mode: str
    steps: int
    success: float | None
    tokens_in: float | None
    tokens_out: float | None
    latency_p50: float | None
    latency_p95: float | None
    rounds: float | None
    hit_at_k: float | None
    cache_hit_rate: float | None


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def summarize(records: Iterable[StepRecord]) -> list[PlannerStats]:
    """One :class:`PlannerStats` per mode, ``rag`` first."""
    by_mode: dict[str, list[StepRecord]] = {}
    for r in records:
        by_mode.setdefault(r.mode, []).append(r)
    out = []
    for mode in sorted(by_mode, key=lambda m: (m != "rag", m)):
        rs = by_mode[mode]
        done = [r for r in rs if r.success]
        lat = [r.latency_ms for r in rs]
        out.append(
            PlannerStats(
                mode=mode,
                steps=len(rs),
                success=len(done) / len(rs),
                tokens_in=_mean([float(r.tokens_in) for r in rs]),
                tokens_out=_mean([float(r.tokens_out) for r in rs]),
                latency_p50=percentile(lat, 50),
                latency_p95=percentile(lat, 95),
                rounds=_mean([float(r.rounds) for r in rs]),
                hit_at_k=(sum(1 for r in done if r.hit_rank is not None) / len(done)) if done else None,
                cache_hit_rate=_mean([r.cache_hits / r.rounds for r in rs if r.rounds]),
            )
        )
    return out
