"""``SearchIndex``: the archive's FTS5 index, a file of its own attached to an archive connection.

The index (``archive-index.db`` beside ``archive.db``) is derived data: one contentless FTS5 row
per body, keyed by the body's id, holding nothing the archive does not hold too. It lives apart so
that indexing (the costliest part of storing a page) runs on a second connection, on another
core, while the writer stores the next batch. The price is that the two files commit one after
the other, so the index may lag the archive after a crash; :meth:`SearchIndex.catch_up` finds and
indexes what is missing, and is run whenever an archive is opened for writing or searching.

Writes take the write lock of the index file only: a transaction starts deferred and its first
statement writes ``index_meta``. (``BEGIN IMMEDIATE`` would lock every attached file, the archive
too, and the writer and the indexer would take turns.)
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from waypost.archive.cjk import split_cjk, split_cjk_body
from waypost.archive.schema import INDEX_FIRST_TIME, INDEX_SCHEMA, INDEX_VERSION
from waypost.archive.snippets import fold

log = logging.getLogger(__name__)

SCHEMA_NAME = "idx"
"""The name the index file is attached under: its FTS5 table is ``idx.body_index``."""
MMAP_BYTES = 2**31
"""How much of the index file searches read as mapped memory rather than with a read call per
page (SQLite caps it at its build's limit, 2 GiB on Debian's): a third less CPU per search."""
SAMPLE_EVERY = 64
"""One body in this many (by id) has its words counted in ``term_sample``."""
CATCH_UP_CHUNK = 500
"""Bodies indexed per transaction when catching up."""
TIDY_PAGES = 500
"""Index pages one tidying step writes at most (2 MiB, about 40 ms of CPU): whoever tidies can
take up new work between steps."""

SITE_DEPTH = 6
"""URL prefixes per body at most: up to the slash after the host, and up to each of the next five."""

IndexRow = tuple[int, str, str | bytes, str]
"""What the index holds for one body: its id, title, text (``str``, or UTF-8 as a child process
handed it over) and site (see :func:`url_sites`)."""

_TOKEN = re.compile(r"[^\W_]+")


def sample_terms(title: str, text: str) -> set[str]:
    """The words of a body about as FTS5's ``unicode61 remove_diacritics 2`` reads them."""
    words = f"{title}\n{text}"
    return set(_TOKEN.findall(words.lower() if words.isascii() else fold(words)))


def _prefix_ends(url: str) -> list[int]:
    """Where the prefixes of ``url`` a site filter can name end: after the slash that ends the
    host, and after each later slash, :data:`SITE_DEPTH` at most."""
    scheme = url.find("://")
    if scheme <= 0:
        return []
    ends: list[int] = []
    slash = url.find("/", scheme + 3)
    while slash != -1 and len(ends) < SITE_DEPTH:
        ends.append(slash + 1)
        slash = url.find("/", slash + 1)
    return ends


def _token(prefix: str) -> str:
    return "u" + hashlib.blake2b(prefix.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def url_sites(url: str) -> str:
    """The ``site`` words of a URL: one token per prefix of it that ends at a slash
    (``https://a.test/``, ``https://a.test/docs/``, ...), as raw text, so that "the URL starts
    with this prefix" is "it has this token"."""
    return " ".join(_token(url[:end]) for end in _prefix_ends(url))


def site_token(url_prefix: str) -> str | None:
    """The token of a URL prefix that :func:`url_sites` gives every URL starting with it, or
    ``None`` when the prefix does not end at such a slash (``https://a.test/do``)."""
    ends = _prefix_ends(url_prefix)
    return _token(url_prefix) if ends and ends[-1] == len(url_prefix) else None


def index_path(archive_path: Path) -> Path:
    """The index file of an archive: ``archive.db`` → ``archive-index.db``."""
    return archive_path.with_name(f"{archive_path.stem}-index{archive_path.suffix}")


@contextlib.contextmanager
def write_transaction(db: sqlite3.Connection, meta_table: str) -> Iterator[None]:
    """A transaction holding the write lock of the file ``meta_table`` is in, and only of that file.

    The first statement writes a row of ``meta_table``, which takes that file's write lock (waiting
    up to the busy timeout); later reads then see the newest data, so no write in the transaction
    can fail because another connection committed meanwhile.
    """
    db.execute("BEGIN")
    try:
        db.execute(
            f"INSERT OR REPLACE INTO {meta_table}(key, value) VALUES ('written', ?)", (repr(time.time()),)
        )
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class SearchIndex:
    """The index file, attached to ``db`` (a connection to the archive) as ``idx``.

    Args:
        db: The archive connection.
        path: The index file; created (0600) if missing.

    Raises:
        sqlite3.Error: The file cannot be attached or its schema created.
    """

    table = f"{SCHEMA_NAME}.body_index"
    meta = f"{SCHEMA_NAME}.index_meta"

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        db.execute(f"ATTACH DATABASE ? AS {SCHEMA_NAME}", (str(path),))
        for pragma in ("synchronous=NORMAL", "cache_size=-32000", f"mmap_size={MMAP_BYTES}"):
            db.execute(f"PRAGMA {SCHEMA_NAME}.{pragma}")
        _set_wal(db)
        if self._version() != str(INDEX_VERSION):
            self._create()
        self._claim()

    def _version(self) -> str | None:
        exists = self._db.execute(
            f"SELECT 1 FROM {SCHEMA_NAME}.sqlite_master WHERE name = 'index_meta'"
        ).fetchone()
        row = (
            self._db.execute(f"SELECT value FROM {self.meta} WHERE key = 'index_version'").fetchone()
            if exists
            else None
        )
        return row[0] if row else None

    def _create(self) -> None:
        """Create the index, or make it anew when it was written by another version."""
        # Once, when the file is new or old: IMMEDIATE waits for every attached file's lock, the
        # archive's too, so two connections creating it at once take turns.
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if self._db.execute(
                f"SELECT 1 FROM {SCHEMA_NAME}.sqlite_master WHERE name = 'body_index'"
            ).fetchone():
                if self._version() == str(INDEX_VERSION):  # another connection made it meanwhile
                    self._db.execute("ROLLBACK")
                    return
                log.info("rebuilding the search index %s for this version of Waypost", self.path)
                self._db.execute(f"DROP TABLE {self.table}")
                self._db.execute(f"DROP TABLE IF EXISTS {SCHEMA_NAME}.term_sample")
            for statement in statements(INDEX_SCHEMA + INDEX_FIRST_TIME):
                self._db.execute(statement.format(schema=SCHEMA_NAME, version=INDEX_VERSION))
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _claim(self) -> None:
        """Empty an index written for another archive (a copied or restored file), and mark it ours."""
        row = self._db.execute("SELECT value FROM main.meta WHERE key = 'archive_id'").fetchone()
        if row is None:  # an old archive that could not be updated: nothing to tell indexes apart by
            return
        (ours,) = row
        mark = f"SELECT value FROM {self.meta} WHERE key = 'archive_id'"
        if (self._db.execute(mark).fetchone() or [None])[0] == ours:
            return
        with write_transaction(self._db, self.meta):
            if (self._db.execute(mark).fetchone() or [None])[0] != ours:
                self._empty()
                self._db.execute(
                    f"INSERT OR REPLACE INTO {self.meta}(key, value) VALUES ('archive_id', ?)", (ours,)
                )

    def add(self, rows: Sequence[IndexRow]) -> int:
        """Index bodies not indexed yet, in one transaction; returns how many were new."""
        if not rows:
            return 0
        with write_transaction(self._db, self.meta):
            rows = _split_cjk_rows(rows)
            ids = [row[0] for row in rows]
            indexed = {
                r[0]
                for r in self._db.execute(
                    f"SELECT id FROM {self.table}_docsize WHERE id BETWEEN ? AND ?", (min(ids), max(ids))
                )
            }
            new = [row for row in rows if row[0] not in indexed]
            self._db.executemany(
                f"INSERT INTO {self.table}(rowid, title, text, site) VALUES (?, ?, CAST(? AS TEXT), ?)", new
            )
            self._count_sample(new, +1)
        return len(new)

    def _count_sample(self, rows: Iterable[IndexRow], change: int) -> None:
        counts: Counter[str] = Counter()
        for body_id, title, text, _ in rows:
            if body_id % SAMPLE_EVERY == 0:
                counts.update(sample_terms(title, text if isinstance(text, str) else text.decode()))
        if not counts:
            return
        self._db.executemany(
            f"INSERT INTO {SCHEMA_NAME}.term_sample(term, docs) VALUES (?, ?) "
            "ON CONFLICT(term) DO UPDATE SET docs = docs + excluded.docs",
            [(term, n * change) for term, n in counts.items()],
        )
        if change < 0:
            self._db.execute(f"DELETE FROM {SCHEMA_NAME}.term_sample WHERE docs <= 0")

    def widespread_terms(self, prefix: str, end: str | None, limit: int) -> tuple[list[str], int]:
        """The words starting with ``prefix`` found in most bodies, and about how many list entries
        the words starting so have in all, both estimated from the sample.

        Args:
            prefix: The start of the words, lowercase.
            end: :func:`~waypost.archive.store.prefix_end` of it.
            limit: How many words at most.
        """
        rows = self._db.execute(
            f"SELECT term, docs FROM {SCHEMA_NAME}.term_sample WHERE term >= ?"
            + (" AND term < ?" if end is not None else ""),
            (prefix, end) if end is not None else (prefix,),
        ).fetchall()
        rows.sort(key=lambda row: (-row[1], row[0]))
        return [term for term, _ in rows[:limit]], sum(docs for _, docs in rows) * SAMPLE_EVERY

    def remove(self, body_ids: Sequence[int]) -> None:
        """Take bodies out of the index, reading the words to take out from the archive's bodies.

        A contentless FTS5 table forgets a row only when given the words it was indexed with; so
        this must run before the bodies are deleted from the archive.
        """
        with write_transaction(self._db, self.meta):
            for start in range(0, len(body_ids), CATCH_UP_CHUNK):
                chunk = list(body_ids[start : start + CATCH_UP_CHUNK])
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT b.id, b.title, b.text, b.site FROM main.bodies b "
                    f"JOIN {self.table}_docsize s ON s.id = b.id WHERE b.id IN ({marks})",
                    chunk,
                ).fetchall()
                rows = _split_cjk_rows(rows)  # the words exactly as they were indexed
                self._db.executemany(
                    f"INSERT INTO {self.table}(body_index, rowid, title, text, site) "
                    "VALUES ('delete', ?, ?, ?, ?)",
                    rows,
                )
                self._count_sample(rows, -1)

    def catch_up(self) -> int:
        """Index the archive's bodies the index lacks (after a crash, or a migration).

        Returns:
            How many bodies were indexed.
        """
        (bodies,) = self._db.execute("SELECT count(*) FROM main.bodies").fetchone()
        (indexed,) = self._db.execute(f"SELECT count(*) FROM {self.table}_docsize").fetchone()
        if bodies == indexed:
            return 0
        (stale,) = self._db.execute(
            f"SELECT count(*) FROM {self.table}_docsize WHERE id NOT IN (SELECT id FROM main.bodies)"
        ).fetchone()
        if stale:  # rows of bodies gone (an index older or newer than its archive): start afresh
            log.warning("the search index %s does not match its archive; rebuilding it", self.path)
            with write_transaction(self._db, self.meta):
                self._empty()
        absent = (
            f"SELECT id FROM main.bodies WHERE id NOT IN (SELECT id FROM {self.table}_docsize) ORDER BY id"
        )
        missing = [row[0] for row in self._db.execute(absent)]
        if len(missing) > CATCH_UP_CHUNK:
            log.info("indexing %d archived bodies for search in %s", len(missing), self.path)
        done = 0
        for start in range(0, len(missing), CATCH_UP_CHUNK):
            chunk = missing[start : start + CATCH_UP_CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT id, title, text, site FROM main.bodies WHERE id IN ({marks})", chunk
            )
            done += self.add(rows.fetchall())
        return done

    def _empty(self) -> None:
        self._db.execute(f"INSERT INTO {self.table}(body_index) VALUES ('delete-all')")
        self._db.execute(f"DELETE FROM {SCHEMA_NAME}.term_sample")

    def segments(self) -> int:
        """How many segments (b-trees) the index is in: a search reads each word's list in each one.
        Reads a row per index leaf page (about 10 ms on 100,000 pages)."""
        (count,) = self._db.execute(f"SELECT count(DISTINCT segid) FROM {self.table}_idx").fetchone()
        return int(count)

    def tidy_step(self, pages: int = TIDY_PAGES) -> bool:
        """Merge some of the index's segments, in one transaction of about ``pages`` pages written.

        Indexing merges segments as it goes, lazily (``automerge`` 16: a level holds up to 15
        before they are merged) because it is the costliest part of storing a page. Tidying merges
        the segments of every level holding four or more (FTS5's ``usermerge``), and any merge begun
        before, so that searches read fewer lists: a 100,000-page index left in 15-22 segments by a
        burst of indexing ends in 2, and searches take a fifth to two fifths less time at p95.

        Returns:
            False when there was nothing left to merge.
        """
        with write_transaction(self._db, self.meta):
            before = self._db.total_changes
            self._db.execute(f"INSERT INTO {self.table}(body_index, rank) VALUES ('merge', ?)", (pages,))
            # FTS5's documented test: a merge that did some work changes two rows or more.
            return self._db.total_changes - before >= 2

    def tidy(self) -> int:
        """Tidy until nothing is left to merge; returns the number of steps that merged."""
        steps = 0
        while self.tidy_step():
            steps += 1
        return steps

    def optimize(self) -> None:
        """Merge the index into one segment (searches read fewer lists)."""
        with write_transaction(self._db, self.meta):
            self._db.execute(f"INSERT INTO {self.table}(body_index) VALUES ('optimize')")

    def integrity_errors(self) -> list[str]:
        """What ``PRAGMA integrity_check`` and FTS5's own check find wrong in the index file."""
        errors = [f"search index: {r[0]}" for r in self._db.execute(f"PRAGMA {SCHEMA_NAME}.integrity_check")]
        errors = [e for e in errors if e != "search index: ok"]
        try:
            self._db.execute(f"INSERT INTO {self.table}(body_index, rank) VALUES ('integrity-check', 0)")
        except sqlite3.DatabaseError as exc:
            errors.append(f"search index: {exc}")
        return errors


def _split_cjk_rows(rows: Sequence[IndexRow]) -> list[IndexRow]:
    """The rows with CJK characters set apart (see :mod:`waypost.archive.cjk`); others as they are."""
    return [(body_id, split_cjk(title), split_cjk_body(text), site) for body_id, title, text, site in rows]


def _set_wal(db: sqlite3.Connection, attempts: int = 100) -> None:
    """Put the index file in WAL mode. Switching takes a lock no busy timeout waits for, so a
    connection opening the new file at the same moment as another tries again."""
    for attempt in range(attempts):
        try:
            if db.execute(f"PRAGMA {SCHEMA_NAME}.journal_mode").fetchone()[0] != "wal":
                db.execute(f"PRAGMA {SCHEMA_NAME}.journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.05)


def statements(script: str) -> Iterator[str]:
    """The complete SQL statements of ``script`` (a trigger's body holds semicolons too)."""
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \n;"):
                yield buffer
            buffer = ""
