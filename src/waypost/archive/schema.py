"""The archive's SQLite schemas: the archive file and its search index file.

The archive (``archive.db``) holds documents (one per recorded response) and bodies (stored once
per content hash: title, text, and the raw bytes apart). The search index (``archive-index.db``)
holds an FTS5 index over the bodies' title and text, keyed by body id. It is a file of its own so
that a second connection can write it while the first writes the archive: SQLite lets one writer
at a time into a file, and the index costs as much CPU as everything else stored together. It
holds nothing that cannot be rebuilt from the archive (see ``ArchiveStore.catch_up``).

Version 2 added two indexes for search filters (a URL range index, and one that answers "does
this body have a document in this session / under this URL / of this type" without reading the
documents table); version 3 one more, from a session to its bodies, so that a search within a
session checks each match with one short index seek; version 4 moved the FTS5 index into its
own file; version 5 gave each body the URL prefixes of its first document (``site``, indexed so
that a URL-prefix search is an FTS5 intersection) and a mark for bodies fetched under URLs with
other prefixes too (``sites_differ``), which such a search looks up the slower way.
:data:`MIGRATIONS` brings an older archive up to date when it is opened.
"""

from __future__ import annotations

SCHEMA_VERSION = 5

CONNECTION_PRAGMAS = (
    # Before anything creates the file (later, a no-op): a body and its text are about 30 KiB, so
    # 16 KiB pages write them in a third of the calls 4 KiB pages need (writer thread 0.17 -> 0.12 ms
    # of CPU per article page; searches no slower). The index file keeps 4 KiB: no gain there.
    "PRAGMA page_size=16384",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",  # in WAL mode a commit survives a crashed process; not a power cut
    "PRAGMA busy_timeout=5000",
    "PRAGMA foreign_keys=OFF",
    "PRAGMA temp_store=MEMORY",
    "PRAGMA cache_size=-32000",
    "PRAGMA mmap_size=2147483648",  # read pages as mapped memory, not a read call each (capped by SQLite)
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bodies (
    id INTEGER PRIMARY KEY,
    hash BLOB NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    site TEXT NOT NULL DEFAULT '',
    sites_differ INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS bodies_with_other_sites ON bodies(id) WHERE sites_differ;

CREATE TABLE IF NOT EXISTS raw_bodies (id INTEGER PRIMARY KEY, raw BLOB NOT NULL);

CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL,
    nav_id TEXT,
    is_main INTEGER NOT NULL DEFAULT 0,
    url TEXT NOT NULL,
    method TEXT NOT NULL,
    status INTEGER,
    status_text TEXT NOT NULL DEFAULT '',
    mime TEXT NOT NULL,
    category TEXT NOT NULL,
    resource_type TEXT NOT NULL,
    headers TEXT NOT NULL,
    redirects TEXT,
    started REAL NOT NULL,
    ended REAL NOT NULL,
    body_id INTEGER,
    body_state TEXT NOT NULL,
    body_size INTEGER,
    error TEXT
);
CREATE INDEX IF NOT EXISTS documents_by_body_filters ON documents(body_id, url, session_id, mime)
    WHERE body_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS documents_by_url ON documents(url, body_id);
CREATE INDEX IF NOT EXISTS documents_by_time ON documents(ended);
CREATE INDEX IF NOT EXISTS documents_by_session ON documents(session_id, id);
CREATE INDEX IF NOT EXISTS documents_by_session_body ON documents(session_id, body_id)
    WHERE body_id IS NOT NULL;

CREATE TRIGGER IF NOT EXISTS bodies_removed AFTER DELETE ON bodies BEGIN
    DELETE FROM raw_bodies WHERE id = old.id;
END;
"""

FIRST_TIME = """
INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '{version}');
INSERT OR IGNORE INTO meta(key, value) VALUES ('archive_id', lower(hex(randomblob(16))));
"""

MIGRATIONS: dict[int, str] = {
    2: """
DROP INDEX IF EXISTS documents_by_body;
CREATE INDEX IF NOT EXISTS documents_by_body_filters ON documents(body_id, url, session_id, mime)
    WHERE body_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS documents_by_url ON documents(url, body_id);
""",
    3: """
CREATE INDEX IF NOT EXISTS documents_by_session_body ON documents(session_id, body_id)
    WHERE body_id IS NOT NULL;
""",
    4: """
DROP TRIGGER IF EXISTS bodies_indexed;
DROP TRIGGER IF EXISTS bodies_unindexed;
CREATE TRIGGER IF NOT EXISTS bodies_removed AFTER DELETE ON bodies BEGIN
    DELETE FROM raw_bodies WHERE id = old.id;
END;
DROP TABLE IF EXISTS body_index;
INSERT OR IGNORE INTO meta(key, value) VALUES ('archive_id', lower(hex(randomblob(16))));
""",
    5: """
CREATE INDEX IF NOT EXISTS bodies_with_other_sites ON bodies(id) WHERE sites_differ;
""",
}
"""SQL that brings a database from the version before the key to the key's version (for version
5, after ``ArchiveStore`` has added and filled the two columns of ``bodies``)."""

INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS {schema}.index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS {schema}.body_index USING fts5(
    title, text, site, content='', tokenize='unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS {schema}.term_sample (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;
"""
"""The search index: contentless (the text is in the archive's ``bodies``), one row per body id
(``site``: the tokens of its first document's URL prefixes, weighted 0 in BM25); and in how many
of a sample of the bodies each word occurs, to spell out ``word*`` queries."""

INDEX_VERSION = 3
"""Version 2 added the ``site`` column, version 3 indexes each CJK character as a word
(:mod:`waypost.archive.cjk`); an index of another version is rebuilt."""

INDEX_FIRST_TIME = """
INSERT INTO {schema}.body_index(body_index, rank) VALUES ('automerge', 16);
INSERT INTO {schema}.body_index(body_index, rank) VALUES ('hashsize', 8388608);
INSERT OR REPLACE INTO {schema}.index_meta(key, value) VALUES ('index_version', '{version}');
"""
"""Fewer, larger segments: 8 MiB of terms gathered in memory before one is written (default 1 MiB)
cut the CPU of indexing by a sixth, merging less."""
