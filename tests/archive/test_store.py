"""The SQLite store, without a browser: dedupe, search, paging, pruning, stats."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from waypost.archive import (
    ArchiveError,
    ArchiveQueryError,
    ArchiveStore,
    BodyState,
    CapturedResponse,
    DocumentNotFound,
)
from waypost.archive.store import parse_document_id, plain_query
from waypost.archive.text import extract_text


def page(
    url: str,
    body: str | bytes,
    *,
    session: str = "s1",
    mime: str = "text/html",
    ended: float | None = None,
    **extra: object,
) -> CapturedResponse:
    data = body.encode() if isinstance(body, str) else body
    now = time.time() if ended is None else ended
    return CapturedResponse(
        session_id=session,
        nav_id="n1",
        url=url,
        status=200,
        mime=mime,
        category="HTML",
        headers={"content-type": mime},
        started=now - 0.1,
        ended=now,
        body=data,
        body_state=BodyState.STORED,
        body_size=len(data),
        **extra,  # type: ignore[arg-type]
    )


@pytest.fixture
def store(tmp_path: Path) -> ArchiveStore:
    s = ArchiveStore(tmp_path / "data" / "archive.db")
    yield s  # type: ignore[misc]
    s.close()


def test_store_should_create_a_private_database_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new" / "archive.db"
    ArchiveStore(path).close()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    import sqlite3

    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA page_size").fetchone()[0] == 16384  # set before the file had a page


def test_store_without_create_should_explain_a_missing_archive(tmp_path: Path) -> None:
    with pytest.raises(ArchiveError, match=r"There is no archive at .* browse with Waypost first"):
        ArchiveStore(tmp_path / "archive.db", create=False)


def test_store_should_keep_identical_bodies_once(store: ArchiveStore) -> None:
    ids = store.add(
        [page("http://a.test/1", "<p>same body</p>"), page("http://a.test/2", "<p>same body</p>")]
    )
    assert ids == [1, 2]
    stats = store.stats()
    assert (stats.documents, stats.bodies) == (2, 1)
    hits = store.search("same")
    assert len(hits) == 1 and hits[0].id == "2"  # one hit per body: its latest fetch
    assert store.get("1").text == store.get("2").text == "same body"


def test_store_should_keep_json_with_an_escaped_lone_surrogate(store: ArchiveStore) -> None:
    body = '{"title": "Emoji cut", "text": "halfway \\ud83d through a surrogateword"}'
    [doc_id] = store.add([page("http://x.test/cut.json", body, mime="application/json")])
    assert "halfway \ufffd through" in store.get(doc_id).text
    assert [hit.id for hit in store.search("surrogateword")] == [str(doc_id)]


def test_store_search_should_rank_by_bm25_and_mark_terms(store: ArchiveStore) -> None:
    store.add(
        [
            page(
                "http://a.test/garden", "<title>Garden</title><p>Tomatoes and basil grow in the garden.</p>"
            ),
            page(
                "http://a.test/kitchen", "<title>Kitchen</title><p>Basil basil pesto, basil everywhere.</p>"
            ),
            page("http://b.test/other", "<title>Other</title><p>Nothing to see.</p>"),
        ]
    )
    hits = store.search("basil")
    assert [h.url for h in hits] == ["http://a.test/kitchen", "http://a.test/garden"]
    assert hits[0].title == "Kitchen" and "**Basil**" in hits[0].snippet
    assert hits[0].score < hits[1].score  # lower is better
    assert [h.url for h in store.search("title:garden")] == ["http://a.test/garden"]
    assert [h.url for h in store.search('"grow in the"')] == ["http://a.test/garden"]
    assert [h.url for h in store.search("basil NOT pesto")] == ["http://a.test/garden"]
    assert [h.url for h in store.search("tomat*")] == ["http://a.test/garden"]


def test_store_search_should_filter_by_session_url_and_mime(store: ArchiveStore) -> None:
    store.add(
        [
            page("http://a.test/x", "<p>harbour</p>", session="one"),
            page("http://b.test/y", '{"note": "harbour"}', session="two", mime="application/json"),
        ]
    )
    assert [h.url for h in store.search("harbour", session_id="two")] == ["http://b.test/y"]
    assert [h.url for h in store.search("harbour", url_prefix="http://a.test/")] == ["http://a.test/x"]
    assert [h.url for h in store.search("harbour", mime="json")] == ["http://b.test/y"]
    assert [h.url for h in store.search("harbour", mime="text/html")] == ["http://a.test/x"]
    assert [h.url for h in store.search("harbour", mime="application/")] == ["http://b.test/y"]
    assert store.search("harbour", session_id="three") == []


@pytest.mark.parametrize("query", ["what's \"new", "foo:bar", "AND", "a NEAR(", "(unbalanced", "*"])
def test_store_search_should_explain_bad_syntax(store: ArchiveStore, query: str) -> None:
    store.add([page("http://a.test/", "<p>what is new</p>")])
    with pytest.raises(ArchiveQueryError, match="is not valid search syntax") as info:
        store.search(query)
    assert info.value.query == query
    if info.value.plain_query:
        store.search(info.value.plain_query)  # the suggested form always works


def test_store_search_should_refuse_an_empty_query(store: ArchiveStore) -> None:
    with pytest.raises(ArchiveQueryError, match="empty"):
        store.search("   ")


def test_plain_query_should_quote_words() -> None:
    assert plain_query('what\'s "new" AND x:y') == '"what" "s" "new" "AND" "x" "y"'


def test_store_get_should_page_through_text(store: ArchiveStore) -> None:
    store.add([page("http://a.test/", "<p>" + "abcdefghij" * 30 + "</p>")])
    first = store.get("doc 1", 0, 120)
    assert (len(first.text), first.total_chars, first.next_offset) == (120, 300, 120)
    last = store.get(1, 240, 120)
    assert last.text == "abcdefghij" * 6 and last.next_offset is None
    assert store.get("#1", 500).text == ""


INDENTED = (
    "<html>\n  <body>\n    <div>\n      <p>\n        First   paragraph,\n        two lines.\n      </p>"
    "\n\n      <p>Second\tparagraph \x01 here</p>\n    </div>\n  </body>\n</html>"
)


def test_store_should_keep_a_page_loose_and_show_it_clean(store: ArchiveStore) -> None:
    store.add([page("http://a.test/indented", INDENTED)])
    (stored,) = store._db.execute("SELECT text FROM bodies").fetchone()
    assert "   " in stored and "\t" not in stored and "\x01" not in stored  # the source's spaces only
    shown = "First paragraph, two lines.\nSecond paragraph here"
    assert store.get(1).text == shown == extract_text(INDENTED.encode(), "text/html").text
    assert store.get(1).total_chars == len(shown)
    pages = [store.get(1, at, 7).text for at in range(0, len(shown), 7)]
    assert "".join(pages) == shown  # pages are cut from the text as shown
    (hit,) = store.search('"two lines"')
    assert hit.snippet == "First paragraph, **two** **lines**. Second paragraph here"


def test_store_should_show_json_text_with_its_indentation(store: ArchiveStore) -> None:
    store.add([page("http://a.test/data", '{"a": {"b": [1, 2]}}', mime="application/json")])
    assert store.get(1).text == "a:\n  b:\n    - 1\n    - 2"


def test_store_should_show_text_stored_clean_as_it_was(store: ArchiveStore) -> None:
    """An archive written before pages were stored loose holds their text clean: shown as it is."""
    store.add([page("http://a.test/old", "<p>x</p>")])
    store._db.execute("UPDATE bodies SET text = ? WHERE id = 1", ("Old clean text\nsecond line",))
    assert store.get(1).text == "Old clean text\nsecond line"


def test_store_get_should_explain_unknown_ids(store: ArchiveStore) -> None:
    with pytest.raises(DocumentNotFound, match="no archived document 7"):
        store.get("7")
    with pytest.raises(DocumentNotFound, match="not an archive document id"):
        parse_document_id("banana")


def test_store_should_record_bodyless_and_failed_requests(store: ArchiveStore) -> None:
    failed = CapturedResponse(session_id="s1", nav_id=None, url="http://x.test/a.js", error="net::ERR_FAILED")
    big = page("http://a.test/big", "x")
    big.body, big.body_state, big.body_size = None, BodyState.TOO_LARGE, 9_000_000
    ids = store.add([failed, big])
    assert store.get(ids[0]).error == "net::ERR_FAILED" and store.get(ids[0]).status is None
    assert store.get(ids[1]).body_state is BodyState.TOO_LARGE
    stats = store.stats()
    assert (stats.documents, stats.bodies, stats.failed) == (2, 0, 1)


def test_store_prune_should_remove_old_documents_and_orphan_bodies(store: ArchiveStore) -> None:
    old = time.time() - 40 * 86400
    store.add(
        [
            page("http://a.test/old", "<p>ancient scroll</p>", ended=old),
            page("http://a.test/shared-old", "<p>shared text</p>", ended=old),
            page("http://a.test/shared-new", "<p>shared text</p>"),
            page("http://a.test/new", "<p>fresh news</p>"),
        ]
    )
    result = store.prune(time.time() - 30 * 86400)
    assert (result.documents, result.bodies) == (2, 1)
    assert store.search("ancient") == []
    assert [h.url for h in store.search("shared")] == ["http://a.test/shared-new"]
    store.vacuum()
    assert store.integrity_errors() == []
    assert store.stats().documents == 2


def test_store_should_reopen_with_everything_in_it(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    first = ArchiveStore(path)
    first.add([page("http://a.test/", "<p>persistent words</p>")])
    first.close()
    again = ArchiveStore(path, create=False)
    assert [h.id for h in again.search("persistent")] == ["1"]
    again.close()
