"""The archive's SQLite schema: documents (one per recorded response), bodies (stored once per
content hash) with their raw bytes apart, and an FTS5 index over the bodies' title and text.

Version 2 added two indexes for search filters (a URL range index, and one that answers "does
this body have a document in this session / under this URL / of this type" without reading the
documents table); version 3 one more, from a session to its bodies, so that a search within a
session checks each match with one short index seek. :data:`MIGRATIONS` brings an older archive
up to date when it is opened.
"""

from __future__ import annotations

SCHEMA_VERSION = 3

CONNECTION_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",  # in WAL mode a commit survives a crashed process; not a power cut
    "PRAGMA busy_timeout=5000",
    "PRAGMA foreign_keys=OFF",
    "PRAGMA temp_store=MEMORY",
    "PRAGMA cache_size=-32000",
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS bodies (
    id INTEGER PRIMARY KEY,
    hash BLOB NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL
);

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

CREATE VIRTUAL TABLE IF NOT EXISTS body_index USING fts5(
    title, text, content='bodies', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);

CREATE TRIGGER IF NOT EXISTS bodies_indexed AFTER INSERT ON bodies BEGIN
    INSERT INTO body_index(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS bodies_unindexed AFTER DELETE ON bodies BEGIN
    INSERT INTO body_index(body_index, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
    DELETE FROM raw_bodies WHERE id = old.id;
END;
"""

FIRST_TIME = """
INSERT INTO body_index(body_index, rank) VALUES ('automerge', 16);
INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '{version}');
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
}
"""SQL that brings a database from the version before the key to the key's version."""
