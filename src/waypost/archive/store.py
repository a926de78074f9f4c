"""``ArchiveStore``: the SQLite archive (WAL mode, FTS5 index), used from one thread at a time.

Writes come in batches from the background writer; reads (search, get, stats, export) come from
the API, the tools and the CLI, each on its own connection. Identical bodies are stored once,
keyed by their SHA-256; every recorded response is a document with a stable integer id. The FTS5
index is a file of its own (:mod:`waypost.archive.search_index`), attached to the connection.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from waypost.archive.cjk import cjk_query
from waypost.archive.errors import ArchiveError, ArchiveQueryError, DocumentNotFound
from waypost.archive.extract_worker import extract_job
from waypost.archive.records import (
    ArchivedText,
    ArchiveStats,
    BodyState,
    CapturedResponse,
    PruneResult,
    SearchHit,
    to_datetime,
)
from waypost.archive.schema import CONNECTION_PRAGMAS, FIRST_TIME, MIGRATIONS, SCHEMA, SCHEMA_VERSION
from waypost.archive.search_index import (
    IndexRow,
    SearchIndex,
    index_path,
    site_token,
    statements,
    url_sites,
    write_transaction,
)
from waypost.archive.snippets import (
    late_snippet,
    make_folded_snippet,
    make_snippet,
    query_terms,
    terms_pattern,
)
from waypost.archive.text import LOOSE_TYPES, EncodedText, normalize_text
from waypost.files import private_file

log = logging.getLogger(__name__)

SNIPPET_HEAD_CHARS = 4_000
"""Characters of each hit's text read as text for its snippet; the rest is searched as bytes."""
RANK_WINDOW = 500
"""Bodies ranked per search at most: when more match, the most recently stored ones."""
TITLE_WEIGHT = 4.0
URL_LIST_LIMIT = 10_000
"""Documents under a URL prefix up to which a search lists their bodies rather than probing each match."""
PREFIX_TERMS = 8
"""Words a ``word*`` query is matched by at most: when more start so, the ones in most bodies."""
PREFIX_MERGE_BODIES = 5_000
"""Up to this many list entries in all, FTS5 merges a prefix's word lists itself."""
MAX_QUERY_CHARS = 1_000  # a longer search query is refused (FTS5 work grows with every term)
MAX_FILTER_CHARS = 4_096
_QUERY_ERRORS = ("fts5:", "no such column", "unterminated string", "unknown special query", "malformed match")
_WORD = re.compile(r"\w+", re.UNICODE)
# A query of plain parts only: quoted phrases, barewords (word* too) and AND / OR / NOT.
_PLAIN_PART = r'"(?:[^"]|"")*+"\*?|[\w\u0080-\U0010ffff]++\*?'
_PLAIN_QUERY = re.compile(rf"(?:\s*+(?>{_PLAIN_PART}))*+\s*+")  # possessive: no backtracking blow-up
_PARTS = re.compile(_PLAIN_PART)
_ASCII_PREFIX = re.compile(r"([A-Za-z0-9]+)\*")
_OPERATOR_WORDS = frozenset({"AND", "OR", "NOT"})
_DOC_ID = re.compile(r"\s*(?:doc(?:ument)?\s*)?#?\s*(\d{1,18})\s*", re.IGNORECASE)

_INSERT_DOCUMENT = """
INSERT INTO documents (session_id, nav_id, is_main, url, method, status, status_text, mime, category,
    resource_type, headers, redirects, started, ended, body_id, body_state, body_size, error)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""


@dataclass(frozen=True, slots=True)
class StoredDocument:
    """A document row with its raw body, as the HAR export reads it."""

    id: int
    session_id: str
    nav_id: str | None
    is_main: bool
    url: str
    method: str
    status: int | None
    status_text: str
    mime: str
    headers: dict[str, str]
    redirects: list[str]
    started: float
    ended: float
    body_state: str
    body_size: int | None
    error: str | None
    title: str
    raw: bytes | None


def _marks(values: Sequence[object]) -> str:
    """``?,?,?``: one parameter per value, for ``IN (...)``."""
    return ",".join("?" * len(values))


def plain_query(query: str) -> str:
    """The words of ``query`` with all search syntax taken out, each quoted (always valid FTS5)."""
    return cjk_query(" ".join(f'"{word}"' for word in _WORD.findall(query)))


def prefix_end(prefix: str) -> str | None:
    """The smallest string after every string that starts with ``prefix``, or ``None`` if none is.

    SQLite compares text as UTF-8 bytes, which is code point order, so ``url >= prefix AND url <
    prefix_end(prefix)`` is exactly "url starts with prefix", and an index can answer it.
    """
    chars = list(prefix)
    while chars:
        code = ord(chars[-1]) + 1
        if 0xD800 <= code <= 0xDFFF:  # surrogates are not characters: the next one is U+E000
            code = 0xE000
        if code <= 0x10FFFF:
            chars[-1] = chr(code)
            return "".join(chars)
        chars.pop()
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_document_id(doc_id: object) -> int:
    """Accept ``42``, ``"42"``, ``"doc 42"`` or ``"#42"``.

    Raises:
        DocumentNotFound: It is none of those.
    """
    if isinstance(doc_id, int) and not isinstance(doc_id, bool) and doc_id > 0:
        return doc_id
    match = _DOC_ID.fullmatch(doc_id) if isinstance(doc_id, str) else None
    if match is None:
        raise DocumentNotFound(
            f"{doc_id!r} is not an archive document id: use the number shown as 'doc N' "
            "by research_navigate or search_archive."
        )
    return int(match.group(1))


@dataclass(frozen=True, slots=True)
class PreparedBody:
    """A body's hash and, unless it was skipped as a likely duplicate, its text.

    Preparing is the CPU work of storing a body; the writer does it on a thread of its own, so it
    overlaps with SQLite's work on the other core.
    """

    digest: bytes
    extracted: EncodedText | None


def extract_body(record: CapturedResponse) -> EncodedText:
    """Title and text of a record's body as stored; empty when no extractor understands it. Never
    raises."""
    return extract_job(record.body or b"", record.mime, record.headers.get("content-type"))


def prepare_body(record: CapturedResponse, *, extract: bool = True) -> PreparedBody | None:
    """Hash a record's body and extract its text (``extract=False``: hash only)."""
    if record.body is None or record.body_state is not BodyState.STORED:
        return None
    digest = hashlib.sha256(record.body).digest()
    return PreparedBody(digest, extract_body(record) if extract else None)


def create_private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 (its folder 0700) unless it exists."""
    private_file(path)


class ArchiveStore:
    """The SQLite archive. One instance belongs to one thread at a time.

    Args:
        path: The database file (``<data_dir>/archive.db``).
        create: Create the file and schema if missing; otherwise a missing archive raises.
        index: Attach the search index (``False``: a connection that only stores records and
            leaves indexing them to :meth:`index_rows` on another connection, as the writer does).
        catch_up: Index at once what the index lacks (see :meth:`SearchIndex.catch_up`).

    Raises:
        ArchiveError: The database cannot be opened, or does not exist and ``create`` is false.
    """

    def __init__(
        self, path: Path | str, *, create: bool = True, index: bool = True, catch_up: bool = True
    ) -> None:
        self.path = Path(path)
        self.index: SearchIndex | None = None
        self._index_error = ""
        self._shown: tuple[str, str] | None = None
        if not self.path.exists():
            if not create:
                raise ArchiveError(
                    f"There is no archive at {self.path}: browse with Waypost first, or pass the "
                    "--data-dir that holds archive.db."
                )
            create_private_file(self.path)
        try:
            self._db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None, check_same_thread=False)
            for pragma in CONNECTION_PRAGMAS:
                self._db.execute(pragma)
            self._ensure_schema()
        except sqlite3.Error as exc:
            raise ArchiveError(
                f"Cannot open the archive {self.path}: {exc}. Check the file, or move it away."
            ) from exc
        if index:
            self._open_index(catch_up)

    def _open_index(self, catch_up: bool) -> None:
        path = index_path(self.path)
        if self._schema_version() < SCHEMA_VERSION:  # could not be updated (a read-only file)
            self._index_error = (
                f"The archive {self.path} was written by an older Waypost and cannot be updated "
                "here (is it read-only?), so it cannot be searched; show, stats and export work."
            )
            return
        try:
            if not path.exists():
                create_private_file(path)
            self.index = SearchIndex(self._db, path)
        except (OSError, sqlite3.Error) as exc:  # the records can still be read, shown and exported
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("DETACH DATABASE idx")
            self._index_error = (
                f"Cannot open the search index {path} of the archive: {exc}. It holds nothing the "
                "archive does not: move it away and it is rebuilt."
            )
            log.warning("%s", self._index_error)
            return
        if catch_up:
            try:
                self.index.catch_up()
            except sqlite3.OperationalError as exc:  # a read-only index: search what it holds
                log.warning("cannot bring the search index %s up to date: %s", path, exc)

    def _ensure_schema(self) -> None:
        has_meta = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
        ).fetchone()
        if has_meta:
            version = self._schema_version()
            if version > SCHEMA_VERSION:
                raise ArchiveError(
                    f"The archive {self.path} was written by a newer Waypost (schema {version}); "
                    "upgrade Waypost to read it."
                )
            if version < SCHEMA_VERSION:
                self._migrate()
            return
        script = "BEGIN IMMEDIATE;" + SCHEMA + FIRST_TIME.format(version=SCHEMA_VERSION) + "COMMIT;"
        self._script(script)

    def _schema_version(self) -> int:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        return int(row[0]) if row else 1

    def _migrate(self) -> None:
        """Bring an archive written by an older Waypost up to date; its records stay as they are."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:  # read-only file or folder: search works, only slower
            log.warning("cannot update the archive %s to schema %s: %s", self.path, SCHEMA_VERSION, exc)
            return
        try:
            version = self._schema_version()  # another process may have migrated it meanwhile
            for target in range(version + 1, SCHEMA_VERSION + 1):
                if target == 5:
                    self._add_sites()
                for statement in statements(MIGRATIONS.get(target, "")):
                    self._db.execute(statement)
            self._db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        log.info("archive %s updated from schema %s to %s", self.path, version, SCHEMA_VERSION)

    def _add_sites(self) -> None:
        """Schema 5: each body's ``site`` from its first document, and ``sites_differ`` where a
        later document's URL has other prefixes."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(bodies)")}
        if "site" not in columns:
            self._db.execute("ALTER TABLE bodies ADD COLUMN site TEXT NOT NULL DEFAULT ''")
        if "sites_differ" not in columns:
            self._db.execute("ALTER TABLE bodies ADD COLUMN sites_differ INTEGER NOT NULL DEFAULT 0")
        updates: list[tuple[str, int, int]] = []
        current: int | None = None
        site, differ = "", 0
        rows = self._db.execute(
            "SELECT body_id, url FROM documents WHERE body_id IS NOT NULL ORDER BY body_id, id"
        )
        for body_id, url in rows:
            if body_id != current:
                if current is not None:
                    updates.append((site, differ, current))
                current, site, differ = body_id, url_sites(url), 0
            elif not differ and url_sites(url) != site:
                differ = 1
        if current is not None:
            updates.append((site, differ, current))
        self._db.executemany("UPDATE bodies SET site = ?, sites_differ = ? WHERE id = ?", updates)

    def _script(self, script: str) -> None:
        try:
            self._db.executescript(script)
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the connection (a clean close also checkpoints the write-ahead log)."""
        self._db.close()

    # -- writing -------------------------------------------------------------------------------

    def add(
        self, items: Sequence[CapturedResponse], prepared: Sequence[PreparedBody | None] | None = None
    ) -> list[int]:
        """Record responses in one transaction, index their new bodies, and return the document ids.

        Args:
            items: The responses.
            prepared: For each item, its body already hashed (and extracted), or ``None``.

        Raises:
            ArchiveError: The transaction failed; nothing of it was written.
        """
        ids, rows = self.add_unindexed(items, prepared)
        self.index_rows(rows)
        return ids

    def add_unindexed(
        self, items: Sequence[CapturedResponse], prepared: Sequence[PreparedBody | None] | None = None
    ) -> tuple[list[int], list[IndexRow]]:
        """Like :meth:`add`, but leave the new bodies to be indexed: they are returned for that.

        Raises:
            ArchiveError: The transaction failed; nothing of it was written.
        """
        if not items:
            return [], []
        ids: list[int] = []
        rows: list[IndexRow] = []
        try:
            with write_transaction(self._db, "main.meta"):
                for n, item in enumerate(items):
                    ready = prepared[n] if prepared is not None else None
                    body_id = (
                        self._store_body(item, ready, rows) if item.body_state is BodyState.STORED else None
                    )
                    ids.append(self._insert_document(item, body_id))
        except sqlite3.Error as exc:
            raise ArchiveError(f"Could not write {len(items)} record(s) to {self.path}: {exc}.") from exc
        return ids, rows

    def index_rows(self, rows: Sequence[IndexRow]) -> None:
        """Index bodies stored by :meth:`add_unindexed`. A failure is logged, never raised: the
        records are stored, and the next :meth:`SearchIndex.catch_up` indexes them."""
        if self.index is None or not rows:
            return
        try:
            self.index.add(rows)
        except sqlite3.Error as exc:
            log.warning("could not index %d archived bodies (indexed when next opened): %s", len(rows), exc)

    def _store_body(
        self, item: CapturedResponse, ready: PreparedBody | None, rows: list[IndexRow]
    ) -> int | None:
        body = item.body
        if body is None:
            return None
        digest = ready.digest if ready else hashlib.sha256(body).digest()
        site = url_sites(item.url)
        row = self._db.execute(
            "SELECT id, site, sites_differ FROM bodies WHERE hash = ?", (digest,)
        ).fetchone()
        if row:
            if not row[2] and row[1] != site:  # now under other URL prefixes too
                self._db.execute("UPDATE bodies SET sites_differ = 1 WHERE id = ?", (row[0],))
            return int(row[0])
        extracted = ready.extracted if ready and ready.extracted else None
        if extracted is None:
            extracted = extract_body(item)
        cursor = self._db.execute(
            "INSERT INTO bodies (hash, size, title, text, site) VALUES (?, ?, ?, CAST(? AS TEXT), ?)",
            (digest, len(body), extracted.title, extracted.text, site),
        )
        body_id = int(cursor.lastrowid or 0)
        self._db.execute("INSERT INTO raw_bodies (id, raw) VALUES (?, ?)", (body_id, body))
        rows.append((body_id, extracted.title, extracted.text, site))
        return body_id

    def _insert_document(self, item: CapturedResponse, body_id: int | None) -> int:
        cursor = self._db.execute(
            _INSERT_DOCUMENT,
            (
                item.session_id,
                item.nav_id,
                int(item.is_main),
                item.url,
                item.method,
                item.status,
                item.status_text,
                item.mime,
                item.category,
                item.resource_type,
                json.dumps(item.headers, ensure_ascii=False),
                json.dumps(item.redirects, ensure_ascii=False) if item.redirects else None,
                item.started,
                item.ended,
                body_id,
                str(item.body_state),
                item.body_size,
                item.error,
            ),
        )
        return int(cursor.lastrowid or 0)

    # -- reading -------------------------------------------------------------------------------

    @staticmethod
    def _filters(
        session_id: str | None, url_prefix: str | None, mime: str | None, *, column: str = "d."
    ) -> tuple[str, list[object]]:
        clauses: list[str] = []
        params: list[object] = []
        if session_id:
            clauses.append(f"{column}session_id = ?")
            params.append(session_id)
        if url_prefix:
            end = prefix_end(url_prefix)
            clauses.append(f"{column}url >= ?" + (f" AND {column}url < ?" if end is not None else ""))
            params += [url_prefix] if end is None else [url_prefix, end]
        if mime:
            mime = mime.strip().lower()
            if "/" in mime and not mime.endswith("/"):
                clauses.append(f"{column}mime = ?")
                params.append(mime)
            else:
                clauses.append(f"instr({column}mime, ?) > 0")
                params.append(mime)
        return " AND ".join(clauses), params

    def search(
        self,
        query: str,
        *,
        session_id: str | None = None,
        url_prefix: str | None = None,
        mime: str | None = None,
        limit: int = 10,
    ) -> list[SearchHit]:
        """Rank documents by BM25 against an FTS5 query; see :meth:`Archive.search`."""
        if not isinstance(query, str) or not query.strip():
            raise ArchiveQueryError(
                "The search query is empty: give one or more words to look for.", query="", plain_query=""
            )
        if len(query) > MAX_QUERY_CHARS:
            raise ArchiveQueryError(
                f"The search query has {len(query):,} characters; the limit is {MAX_QUERY_CHARS:,}: "
                "search for a few words.",
                query=query[:80],
                plain_query="",
            )
        for name, value in (("url_prefix", url_prefix), ("mime", mime), ("session_id", session_id)):
            if value is not None and len(value) > MAX_FILTER_CHARS:
                raise ArchiveQueryError(
                    f"The {name} filter has {len(value):,} characters; the limit is {MAX_FILTER_CHARS:,}.",
                    query=query[:80],
                    plain_query="",
                )
        limit = max(1, min(int(limit), 100))
        if self.index is None:
            raise ArchiveError(
                self._index_error or "This archive connection was opened without its search index."
            )
        if url_prefix and not _encodable(url_prefix):
            return []  # no stored URL holds a lone surrogate
        where, params = self._filters(session_id, url_prefix, mime)
        # The words are looked for in the title and text only, never among the site tokens.
        fts_query = "{title text} : (" + self._expand_prefixes(cjk_query(query)) + ")"
        token = site_token(url_prefix) if url_prefix else None
        if token is not None:
            probe, probe_params = (where, params) if session_id or mime else ("", [])
            matches = self._site_matches(fts_query, query, token, url_prefix or "", probe, probe_params)
        else:
            narrow, narrow_params = self._url_candidates(url_prefix)
            # Bodies listed for the URL prefix alone need no probe: they are exactly those with such a URL.
            probe = bool(where) and not (narrow and not session_id and not mime)
            matches = self._match(
                self._match_sql(narrow, where if probe else ""),
                [fts_query, *narrow_params, *(params if probe else []), RANK_WINDOW],
                query,
            )
        ranked = sorted(matches, key=itemgetter(1))  # stable: the newer first among equal scores
        return self._hits(ranked[:limit], query, session_id, url_prefix, mime)

    def _hits(
        self,
        top: list[tuple[int, float]],
        query: str,
        session_id: str | None,
        url_prefix: str | None,
        mime: str | None,
    ) -> list[SearchHit]:
        """The ranked bodies as hits: each one's newest document that passes the filters, and a
        snippet. Three statements for all of them rather than two per hit."""
        # "+d." keeps the planner on the body's few documents (rather than, say, walking a whole
        # session's documents newest first through documents_by_session).
        doc_filters, params = self._filters(session_id, url_prefix, mime, column="+d.")
        ids = [body_id for body_id, _ in top]
        newest = dict(
            self._db.execute(
                f"SELECT d.body_id, max(d.id) FROM documents d WHERE d.body_id IN ({_marks(ids)})"
                + (f" AND {doc_filters}" if doc_filters else "")
                + " GROUP BY d.body_id",
                [*ids, *params],
            )
        )
        doc_ids = list(newest.values())
        docs = {
            row[0]: row
            for row in self._db.execute(
                f"SELECT id, url, mime, ended, session_id FROM documents WHERE id IN ({_marks(doc_ids)})",
                doc_ids,
            )
        }
        bodies = {
            row[0]: row
            for row in self._db.execute(
                f"SELECT id, title, substr(text, 1, ?) FROM bodies WHERE id IN ({_marks(ids)})",
                [SNIPPET_HEAD_CHARS + 1, *ids],
            )
        }
        terms = query_terms(query)
        pattern = terms_pattern(terms)
        hits: list[SearchHit] = []
        for body_id, score in top:
            doc = docs.get(newest.get(body_id, 0))
            body = bodies.get(body_id)
            if doc is None or body is None:
                continue
            title = body[1] or ""
            hits.append(
                SearchHit(
                    id=str(doc[0]),
                    url=doc[1],
                    title=title,
                    snippet=self._snippet(body_id, title, body[2] or "", query, terms, pattern),
                    fetched=to_datetime(doc[3]),
                    mime=doc[2],
                    session_id=doc[4],
                    score=float(score),
                )
            )
        return hits

    def _snippet(
        self,
        body_id: int,
        title: str,
        head: str,
        query: str,
        terms: list[tuple[str, bool]],
        pattern: re.Pattern[str] | None,
    ) -> str:
        """The words in context: in the text's head, further in, in the title, or folded.

        ``head`` is the start of the text as stored; it is shown normalized (see
        :func:`~waypost.archive.text.normalize_text`: about 25 µs for 4,000 characters).
        """
        longer = len(head) > SNIPPET_HEAD_CHARS
        head = head[:SNIPPET_HEAD_CHARS]
        return (
            make_snippet(normalize_text(head), pattern, cut_after=longer)
            or (self._late_snippet(body_id, head, terms, pattern) if longer else None)
            or make_snippet(title, pattern)  # matched in the title only
            or self._folded_snippet(query, body_id)
        )

    def _expand_prefixes(self, query: str) -> str:
        """``word*`` written out as ``("word1" OR "word2" ...)`` from the index's vocabulary.

        FTS5 answers ``word*`` by merging the lists of every word that starts so into one, and
        BM25 does it a second time to count the bodies: 20-60 ms for a common prefix on 100,000
        pages. Spelled out, the OR is walked lazily and each word is counted on its own list. At
        most :data:`PREFIX_TERMS` words, the ones found in most bodies: a prefix that starts more
        words is matched by its most widespread ones. Only queries of plain parts (words, phrases,
        AND / OR / NOT) with ASCII prefixes are rewritten; any other query goes to FTS5 as it is.
        """
        if "*" not in query or not _PLAIN_QUERY.fullmatch(query):
            return query
        parts: list[str] = []
        expanded = False
        previous_operand = False
        for part in _PARTS.findall(query):
            operand = part not in _OPERATOR_WORDS
            prefix = _ASCII_PREFIX.fullmatch(part)
            terms = self._prefix_terms(prefix.group(1).lower()) if prefix else None
            if terms:
                part = "(" + " OR ".join(f'"{term}"' for term in terms) + ")"
                expanded = True
            if operand and previous_operand:
                parts.append("AND")  # FTS5 takes no implicit AND next to a parenthesis
            parts.append(part)
            previous_operand = operand
        return " ".join(parts) if expanded else query

    def _prefix_terms(self, prefix: str) -> list[str] | None:
        """The indexed words that start with ``prefix``, most widespread first.

        Read from the index's word sample (:meth:`SearchIndex.widespread_terms`): FTS5's own
        vocabulary table counts each word's bodies by reading its whole list, as slow as the
        prefix query it would spare (14 ms for ``cont*`` on 100,000 pages).

        Returns:
            ``None`` when FTS5 had better answer ``prefix*`` itself: the words are few.
        """
        assert self.index is not None
        terms, entries = self.index.widespread_terms(prefix, prefix_end(prefix), PREFIX_TERMS)
        return terms if entries > PREFIX_MERGE_BODIES and terms else None

    @staticmethod
    def _match_sql(narrow: str, probe: str) -> str:
        """The ranking statement. ``probe``: filters that one document of each match must pass
        (through documents_by_body_filters). Walking the matches newest first bounds the work:
        BM25 for :data:`RANK_WINDOW` rows at most; the site column weighs nothing."""
        exists = (
            f" AND EXISTS (SELECT 1 FROM documents d WHERE d.body_id = body_index.rowid AND {probe})"
            if probe
            else ""
        )
        return (
            f"SELECT rowid, bm25(body_index, {TITLE_WEIGHT}, 1.0, 0.0) FROM {SearchIndex.table} "
            f"WHERE body_index MATCH ?{narrow}{exists} ORDER BY rowid DESC LIMIT ?"
        )

    def _site_matches(
        self, fts_query: str, query: str, token: str, url_prefix: str, probe: str, probe_params: list[object]
    ) -> list[tuple[int, float]]:
        """Matches under a URL prefix that ends at a slash.

        The bodies whose first document is under it carry its token in the ``site`` column, so
        FTS5 intersects the word's list with the token's (2 ms for a word in 27,000 of 100,000
        pages, against 9 ms walking them all with a set lookup each). Bodies also fetched under
        other URL prefixes (``sites_differ``, few) are looked up the slower way and added.
        """
        matches = self._match(
            self._match_sql("", probe), [f"{fts_query} AND site : {token}", *probe_params, RANK_WINDOW], query
        )
        if self._db.execute("SELECT 1 FROM bodies WHERE sites_differ LIMIT 1").fetchone() is None:
            return matches
        others = (
            " AND +rowid IN (SELECT b.id FROM bodies b WHERE b.sites_differ AND EXISTS "
            "(SELECT 1 FROM documents d WHERE d.body_id = b.id AND d.url >= ? AND d.url < ?))"
        )
        more = self._match(
            self._match_sql(others, probe),
            [fts_query, url_prefix, prefix_end(url_prefix), *probe_params, RANK_WINDOW],
            query,
        )
        merged = dict(matches) | dict(more)  # a body in both: one hit
        return sorted(merged.items(), key=lambda row: -row[0])[:RANK_WINDOW]

    def _url_candidates(self, url_prefix: str | None) -> tuple[str, list[object]]:
        """A filter on the bodies under ``url_prefix``, when they are few enough to list.

        Walking the matches and probing each one's documents costs per match; when the prefix
        holds few documents (a site section), SQLite lists their bodies once instead (``+rowid``
        keeps FTS5 from looking each one up) and the walk costs a set lookup per match. The walk
        is also bounded to the listed bodies' ids: a site browsed on one day is a narrow range.
        """
        end = prefix_end(url_prefix) if url_prefix else None
        if not url_prefix or end is None:
            return "", []
        count, low, high = self._db.execute(
            "SELECT count(*), min(body_id), max(body_id) FROM "
            "(SELECT body_id FROM documents WHERE url >= ? AND url < ? LIMIT ?)",
            (url_prefix, end, URL_LIST_LIMIT + 1),
        ).fetchone()
        if count > URL_LIST_LIMIT:
            return "", []
        if low is None:  # no body under the prefix (nothing, or failed requests only)
            return " AND 0", []
        return (
            " AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT body_id FROM documents "
            "WHERE url >= ? AND url < ? AND body_id IS NOT NULL)",
            [low, high, url_prefix, end],
        )

    def _late_snippet(
        self, body_id: int, head: str, terms: list[tuple[str, bool]], pattern: re.Pattern[str] | None
    ) -> str | None:
        """A snippet from past the first :data:`SNIPPET_HEAD_CHARS` of a long text, read as bytes."""
        if pattern is None:
            return None
        row = self._db.execute("SELECT CAST(text AS BLOB) FROM bodies WHERE id = ?", (body_id,)).fetchone()
        skip = max(0, len(head.encode("utf-8", "replace")) - 256)  # a word cut by the head's end
        return late_snippet(row[0], skip, terms, pattern) if row and row[0] else None

    def _folded_snippet(self, query: str, body_id: int) -> str:
        """A snippet for a match the plain pattern missed: a diacritic or case folded by the index
        (``koln`` matches ``Köln``), or a word spelt in mixed case far into a long text."""
        row = self._db.execute("SELECT title, text FROM bodies WHERE id = ?", (body_id,)).fetchone()
        if row is None:
            return ""
        terms = query_terms(query)
        text = normalize_text(row[1] or "")
        return make_folded_snippet(text, terms) or make_folded_snippet(row[0] or "", terms) or ""

    def _match(self, sql: str, params: list[object], query: str) -> list[tuple[int, float]]:
        try:
            return [(int(r[0]), float(r[1])) for r in self._db.execute(sql, params)]
        except sqlite3.OperationalError as exc:
            detail = str(exc)
            if not detail.lower().startswith(_QUERY_ERRORS):
                raise ArchiveError(f"Searching the archive failed: {detail}.") from exc
            plain = plain_query(query)
            example = f" For example: {plain}" if plain else ""
            raise ArchiveQueryError(
                f"The search {query!r} is not valid search syntax ({detail}). Search plain words, "
                f'"an exact phrase", word* for words that start so, and AND / OR / NOT in capitals.{example}',
                query=query,
                plain_query=plain,
            ) from None

    def get(self, doc_id: object, offset: int = 0, length: int = 2000) -> ArchivedText:
        """A page of a document's text; see :meth:`Archive.get`."""
        number = parse_document_id(doc_id)
        row = self._db.execute(
            "SELECT d.id, d.url, d.mime, d.status, d.ended, d.session_id, d.body_state, d.error, "
            "b.title, b.text FROM documents d LEFT JOIN bodies b ON b.id = d.body_id WHERE d.id = ?",
            (number,),
        ).fetchone()
        if row is None:
            raise DocumentNotFound(
                f"There is no archived document {number}: search the archive for its words to find its id."
            )
        text = self._shown_text(row[9] or "", loose=row[2] in LOOSE_TYPES)
        offset = max(0, int(offset))
        length = max(1, int(length))
        end = min(len(text), offset + length)
        return ArchivedText(
            id=str(row[0]),
            url=row[1],
            title=row[8] or "",
            mime=row[2],
            status=row[3],
            fetched=to_datetime(row[4]),
            session_id=row[5],
            body_state=BodyState(row[6]),
            text=text[offset:end],
            offset=offset,
            total_chars=len(text),
            next_offset=end if end < len(text) else None,
            error=row[7],
        )

    def _shown_text(self, stored: str, *, loose: bool) -> str:
        """A body's text as shown: normalized when it was stored loose (see
        :func:`~waypost.archive.text.normalize_text`). The last one is kept with the text as stored,
        since a long text is read a page at a time."""
        if not loose:
            return stored
        if self._shown is None or self._shown[0] != stored:  # keyed by the text: ids come back
            self._shown = (stored, normalize_text(stored))
        return self._shown[1]

    def get_raw(self, doc_id: object) -> tuple[StoredDocument, bytes | None]:
        """A document and its raw body as received."""
        number = parse_document_id(doc_id)
        for doc in self._documents("WHERE d.id = ?", [number]):
            return doc, doc.raw
        raise DocumentNotFound(f"There is no archived document {number}.")

    def documents(self, session_id: str | None = None) -> Iterator[StoredDocument]:
        """Every document, oldest first, with its raw body (for the HAR export)."""
        if session_id:
            yield from self._documents("WHERE d.session_id = ? ORDER BY d.id", [session_id])
        else:
            yield from self._documents("ORDER BY d.id", [])

    def _documents(self, tail: str, params: list[object]) -> Iterator[StoredDocument]:
        cursor = self._db.execute(
            "SELECT d.id, d.session_id, d.nav_id, d.is_main, d.url, d.method, d.status, d.status_text, "
            "d.mime, d.headers, d.redirects, d.started, d.ended, d.body_state, d.body_size, d.error, "
            "b.title, r.raw FROM documents d LEFT JOIN bodies b ON b.id = d.body_id "
            f"LEFT JOIN raw_bodies r ON r.id = d.body_id {tail}",
            params,
        )
        for row in cursor:
            yield StoredDocument(
                id=row[0],
                session_id=row[1],
                nav_id=row[2],
                is_main=bool(row[3]),
                url=row[4],
                method=row[5],
                status=row[6],
                status_text=row[7],
                mime=row[8],
                headers=json.loads(row[9]),
                redirects=json.loads(row[10]) if row[10] else [],
                started=row[11],
                ended=row[12],
                body_state=row[13],
                body_size=row[14],
                error=row[15],
                title=row[16] or "",
                raw=row[17],
            )

    def stats(self) -> ArchiveStats:
        """Counts and sizes; see :class:`ArchiveStats`."""
        docs, failed, unreadable, sessions, oldest, newest = self._db.execute(
            "SELECT count(*), sum(status IS NULL), sum(body_state = 'unreadable'), "
            "count(DISTINCT session_id), min(ended), max(ended) FROM documents"
        ).fetchone()
        bodies, body_bytes = self._db.execute(
            "SELECT count(*), coalesce(sum(size), 0) FROM bodies"
        ).fetchone()
        by_category = dict(self._db.execute("SELECT category, count(*) FROM documents GROUP BY category"))
        files = [self.path, index_path(self.path)]
        file_bytes = sum(p.stat().st_size for f in files for p in (f, Path(f"{f}-wal")) if p.exists())
        return ArchiveStats(
            path=str(self.path),
            documents=docs,
            bodies=bodies,
            body_bytes=body_bytes,
            file_bytes=file_bytes,
            failed=failed or 0,
            unreadable=unreadable or 0,
            sessions=sessions,
            oldest=to_datetime(oldest) if oldest is not None else None,
            newest=to_datetime(newest) if newest is not None else None,
            by_category=by_category,
        )

    def prune(self, before: float) -> PruneResult:
        """Delete documents fetched before ``before`` (epoch seconds) and bodies no longer used.

        Three transactions, each safe to stop after: the documents go; then the unused bodies
        leave the index (which needs their words, so while they are still stored); then those
        bodies go, unless a new document uses one meanwhile (it is indexed again then).
        """
        unused = (
            "SELECT id FROM bodies WHERE id NOT IN (SELECT body_id FROM documents WHERE body_id IS NOT NULL)"
        )
        try:
            with write_transaction(self._db, "main.meta"):
                docs = self._db.execute("DELETE FROM documents WHERE ended < ?", (before,)).rowcount
            doomed = [row[0] for row in self._db.execute(unused)]
            if self.index is not None and doomed:
                self.index.remove(doomed)
            with write_transaction(self._db, "main.meta"):
                bodies = self._db.execute(f"DELETE FROM bodies WHERE id IN ({unused})").rowcount
            if self.index is not None and bodies < len(doomed):
                self.index.catch_up()
        except sqlite3.Error as exc:
            raise ArchiveError(f"Could not prune {self.path}: {exc}.") from exc
        return PruneResult(documents=docs, bodies=bodies)

    def vacuum(self) -> None:
        """Give the space of deleted records back to the file system."""
        if self.index is not None:
            self.index.optimize()
            self._db.execute("VACUUM idx")
        self._db.execute("VACUUM main")

    def integrity_errors(self) -> list[str]:
        """Problems ``PRAGMA integrity_check`` and the FTS index check find (empty when healthy)."""
        rows = [r[0] for r in self._db.execute("PRAGMA main.integrity_check")]
        errors = [r for r in rows if r != "ok"]
        if self.index is not None:
            errors += self.index.integrity_errors()
        return errors
