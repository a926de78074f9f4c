"""The search index in a file of its own: catching up after a crash, rebuilding, pruning, and
moving an older archive's index out of the archive file."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from tests.archive.test_store import page
from waypost.archive import ArchiveError, ArchiveStore
from waypost.archive.schema import SCHEMA_VERSION
from waypost.archive.search_index import index_path

# What a schema 3 archive held besides the tables kept: the index inside the archive file.
SCHEMA_3_INDEX = """
CREATE VIRTUAL TABLE body_index USING fts5(
    title, text, content='bodies', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE TRIGGER bodies_indexed AFTER INSERT ON bodies BEGIN
    INSERT INTO body_index(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER bodies_unindexed AFTER DELETE ON bodies BEGIN
    INSERT INTO body_index(body_index, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
    DELETE FROM raw_bodies WHERE id = old.id;
END;
DROP TRIGGER bodies_removed;
INSERT INTO body_index(body_index) VALUES ('rebuild');
UPDATE meta SET value = '3' WHERE key = 'schema_version';
"""


def indexed_ids(store: ArchiveStore) -> list[int]:
    return [r[0] for r in store._db.execute("SELECT id FROM idx.body_index_docsize ORDER BY id")]


def body_ids(store: ArchiveStore) -> list[int]:
    return [r[0] for r in store._db.execute("SELECT id FROM bodies ORDER BY id")]


def test_the_index_should_be_a_private_file_beside_the_archive(tmp_path: Path) -> None:
    store = ArchiveStore(tmp_path / "data" / "archive.db")
    store.add([page("http://a.test/", "<p>harbour</p>")])
    store.close()
    path = tmp_path / "data" / "archive-index.db"
    assert index_path(tmp_path / "data" / "archive.db") == path
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_schema_3_archive_should_get_its_index_moved_to_its_own_file(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    old = ArchiveStore(path)
    old.add(
        [page(f"http://a.test/{n}", f"<title>Page {n}</title><p>beacon number{n}</p>") for n in range(30)]
    )
    old.close()
    index_path(path).unlink()
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_3_INDEX)
    db.close()

    store = ArchiveStore(path, create=False)
    try:
        assert store._schema_version() == SCHEMA_VERSION
        names = {r[0] for r in store._db.execute("SELECT name FROM main.sqlite_master")}
        assert not {"body_index", "bodies_indexed", "bodies_unindexed"} & names
        assert "bodies_removed" in names
        assert indexed_ids(store) == body_ids(store) and len(body_ids(store)) == 30
        assert [h.url for h in store.search("number7")] == ["http://a.test/7"]
        assert store.integrity_errors() == []
        assert store.prune(before=4e9).bodies == 30
        assert (
            indexed_ids(store) == []
            and store._db.execute("SELECT count(*) FROM raw_bodies").fetchone()[0] == 0
        )
    finally:
        store.close()


def test_bodies_stored_but_not_indexed_should_be_indexed_when_the_archive_is_opened(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    store = ArchiveStore(path)
    store.add([page("http://a.test/1", "<p>first harbour</p>")])
    ids, rows = store.add_unindexed([page("http://a.test/2", "<p>second lighthouse</p>")])
    assert len(rows) == 1 and store.search("lighthouse") == []  # as after a crash between the two
    store.close()

    store = ArchiveStore(path, create=False)
    try:
        assert [h.id for h in store.search("lighthouse")] == [str(ids[0])]
        assert indexed_ids(store) == body_ids(store)
        store.index_rows(rows)  # indexing the same bodies again changes nothing
        assert indexed_ids(store) == body_ids(store)
        assert len(store.search("lighthouse")) == 1 and store.integrity_errors() == []
    finally:
        store.close()


def test_a_lost_or_mismatched_index_should_be_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    store = ArchiveStore(path)
    store.add([page(f"http://a.test/{n}", f"<p>tern{n} gull</p>") for n in range(5)])
    store.close()
    other = ArchiveStore(tmp_path / "other.db")  # as many bodies, with the same ids
    other.add([page(f"http://o.test/{n}", f"<p>albatross {n}</p>") for n in range(5)])
    other.close()

    os.replace(index_path(tmp_path / "other.db"), index_path(path))  # an index of another archive
    for leftover in tmp_path.glob("archive-index.db-*"):
        leftover.unlink()
    store = ArchiveStore(path, create=False)
    assert store.search("albatross") == [] and len(store.search("gull")) == 5
    assert indexed_ids(store) == body_ids(store)
    store.close()

    index_path(path).unlink()
    store = ArchiveStore(path, create=False)
    assert [h.url for h in store.search("tern3")] == ["http://a.test/3"]
    store.close()


def test_pruning_should_take_old_bodies_out_of_the_index_and_keep_shared_ones(tmp_path: Path) -> None:
    store = ArchiveStore(tmp_path / "archive.db")
    store.add([page("http://a.test/old", "<p>walrus</p>", ended=1000.0)])
    store.add([page("http://a.test/kept", "<p>otter</p>", ended=1000.0)])
    store.add([page("http://b.test/kept-again", "<p>otter</p>")])  # same body, recent document
    result = store.prune(before=2000.0)
    assert (result.documents, result.bodies) == (2, 1)
    assert store.search("walrus") == [] and [h.url for h in store.search("otter")] == [
        "http://b.test/kept-again"
    ]
    assert indexed_ids(store) == body_ids(store)
    assert store.integrity_errors() == []
    store.vacuum()
    assert store.integrity_errors() == [] and len(store.search("otter")) == 1
    store.close()


def test_an_index_that_cannot_be_opened_should_leave_the_records_readable(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    store = ArchiveStore(path)
    store.add([page("http://a.test/", "<p>harbour</p>")])
    store.close()
    for leftover in tmp_path.glob("archive-index.db*"):
        leftover.unlink()
    index_path(path).mkdir()  # not a database file

    store = ArchiveStore(path, create=False)
    try:
        assert store.index is None
        assert store.stats().documents == 1 and store.get(1).text == "harbour"
        with pytest.raises(ArchiveError, match=r"Cannot open the search index .*move it away"):
            store.search("harbour")
    finally:
        store.close()
    index_path(path).rmdir()
    store = ArchiveStore(path, create=False)
    assert [h.url for h in store.search("harbour")] == ["http://a.test/"]
    store.close()
