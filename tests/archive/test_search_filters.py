"""URL-prefix and prefix-word searches, and archives written by an older schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.archive.test_store import page
from waypost.archive import ArchiveError, ArchiveStore, search_index
from waypost.archive import store as store_module
from waypost.archive.schema import INDEX_VERSION, SCHEMA_VERSION
from waypost.archive.search_index import site_token, url_sites
from waypost.archive.store import prefix_end

URLS = [
    "http://a.test/docs/1",
    "http://a.test/docs/2",
    "http://a.test/docs2/x",
    "http://a.test/other",
    "http://a.test0/z",
    "http://b.test/docs/ümlaut",
]


@pytest.fixture
def store(tmp_path: Path) -> ArchiveStore:
    s = ArchiveStore(tmp_path / "archive.db")
    s.add([page(url, f"<title>{url}</title><p>lighthouse keeper {n}</p>") for n, url in enumerate(URLS)])
    yield s  # type: ignore[misc]
    s.close()


def test_prefix_end_should_bound_exactly_the_strings_that_start_with_the_prefix() -> None:
    assert prefix_end("http://a.test/") == "http://a.test0"
    assert prefix_end("ab\U0010ffff") == "ac"
    assert prefix_end("\U0010ffff") is None
    assert prefix_end("x\ud7ff") == "x\ue000"  # past the surrogates
    assert prefix_end("x\uffff") == "x\U00010000"
    words = ["a", "ab", "ab\x00", "ab\uffff", "ab\U0001f600", "ac", "aa\U0010ffff", "b"]
    assert [w for w in words if "ab" <= w < prefix_end("ab")] == [w for w in words if w.startswith("ab")]


@pytest.mark.parametrize(
    "way", ["site tokens", "bodies listed", "each match probed"], ids=lambda way: str(way)
)
def test_search_url_prefix_should_keep_exactly_the_urls_that_start_with_it(
    store: ArchiveStore, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    if way != "site tokens":
        monkeypatch.setattr(store_module, "site_token", lambda prefix: None)
    monkeypatch.setattr(store_module, "URL_LIST_LIMIT", 0 if way == "each match probed" else 10_000)

    def urls(prefix: str) -> list[str]:
        return sorted(h.url for h in store.search("lighthouse", url_prefix=prefix))

    assert urls("http://a.test/docs/") == URLS[:2]
    assert urls("http://a.test/docs") == URLS[:3]
    assert urls("http://a.test/") == URLS[:4]
    assert urls("http://a.test") == URLS[:5]
    assert urls("http://b.test/docs/ü") == [URLS[5]]
    assert urls("http://a.test/docs/1") == [URLS[0]]
    assert urls("http://c.test/") == []
    assert urls("http://a.test/\udcff") == []  # not a URL anything could have been fetched from
    assert urls("\U0010ffff") == []


def test_search_filters_should_hold_for_one_and_the_same_document(store: ArchiveStore) -> None:
    same = "<p>shared harbour body</p>"
    store.add(
        [page("http://one.test/a", same, session="one"), page("http://two.test/b", same, session="two")]
    )
    assert [h.url for h in store.search("harbour", session_id="two", url_prefix="http://two.test/")] == [
        "http://two.test/b"
    ]
    assert store.search("harbour", session_id="two", url_prefix="http://one.test/") == []
    assert [h.url for h in store.search("harbour", session_id="one", url_prefix="http://one.test/")] == [
        "http://one.test/a"
    ]


def test_url_sites_should_name_every_prefix_that_ends_at_a_slash() -> None:
    url = "https://a.test/docs/x/page.html?next=/y"
    prefixes = [
        "https://a.test/",
        "https://a.test/docs/",
        "https://a.test/docs/x/",
        "https://a.test/docs/x/page.html?next=/",
    ]
    assert url_sites(url).split() == [site_token(p) for p in prefixes]
    assert all(site_token(p) for p in prefixes)
    for not_at_a_slash in ["https://a.test/do", "https://a.test", "https://", "about:blank", "/docs/"]:
        assert site_token(not_at_a_slash) is None
    deep = "https://a.test/" + "d/" * 9
    assert len(url_sites(deep).split()) == search_index.SITE_DEPTH
    assert site_token("https://a.test/" + "d/" * (search_index.SITE_DEPTH - 1)) is not None
    assert site_token("https://a.test/" + "d/" * search_index.SITE_DEPTH) is None  # deeper: listed instead


def test_a_body_fetched_under_two_prefixes_should_be_found_under_both(store: ArchiveStore) -> None:
    same = "<p>the walrus body</p>"
    store.add([page("http://x.test/a/1", same, session="s1")])
    store.add([page("http://y.test/b/2", same, session="s2")])
    assert store._db.execute(
        "SELECT sites_differ FROM bodies WHERE site = ?", (url_sites("http://x.test/a/1"),)
    ).fetchone() == (1,)
    assert [h.url for h in store.search("walrus", url_prefix="http://y.test/b/")] == ["http://y.test/b/2"]
    assert [h.url for h in store.search("walrus", url_prefix="http://x.test/a/")] == ["http://x.test/a/1"]
    assert [h.url for h in store.search("walrus", url_prefix="http://x.test/", session_id="s1")] == [
        "http://x.test/a/1"
    ]
    assert store.search("walrus", url_prefix="http://x.test/", session_id="s2") == []


def test_words_should_never_match_the_site_tokens(store: ArchiveStore) -> None:
    token = url_sites(URLS[0]).split()[0]
    assert store.search(token) == [] and store.search(token[:3] + "*") == []


def test_search_prefix_word_should_find_every_word_that_starts_so(store: ArchiveStore) -> None:
    store.add(
        [
            page("http://p.test/1", "<p>tomato soup</p>"),
            page("http://p.test/2", "<p>Tomatoes, ripe</p>"),
            page("http://p.test/3", "<p>automaton tomb</p>"),
        ]
    )
    hits = store.search("tomat*")
    assert sorted(h.url for h in hits) == ["http://p.test/1", "http://p.test/2"]
    assert all("**tomat" in h.snippet.lower() for h in hits)
    assert [h.url for h in store.search("tomat*", url_prefix="http://p.test/2")] == ["http://p.test/2"]
    assert sorted(h.url for h in store.search("light*", url_prefix="http://a.test/docs/")) == URLS[:2]


def make_schema_1(path: Path) -> None:
    """Turn a new archive into one as the first Waypost archive wrote it (schema 1)."""
    db = sqlite3.connect(path)
    db.executescript(
        """
        DROP INDEX documents_by_body_filters;
        DROP INDEX documents_by_url;
        DROP INDEX documents_by_session_body;
        CREATE INDEX documents_by_body ON documents(body_id) WHERE body_id IS NOT NULL;
        UPDATE meta SET value = '1' WHERE key = 'schema_version';
        """
    )
    db.close()


def indexes(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    names = {row[0] for row in rows}
    db.close()
    return names


def test_opening_a_schema_1_archive_should_migrate_it_and_keep_every_record(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    old = ArchiveStore(path)
    old.add([page(url, f"<p>beacon {n}</p>", session=f"s{n % 2}") for n, url in enumerate(URLS)])
    old.close()
    make_schema_1(path)
    assert "documents_by_url" not in indexes(path)

    store = ArchiveStore(path, create=False)
    try:
        assert store._schema_version() == SCHEMA_VERSION
        assert {"documents_by_url", "documents_by_body_filters", "documents_by_session_body"} <= indexes(path)
        assert "documents_by_body" not in indexes(path)
        assert store.integrity_errors() == []
        assert store.stats().documents == len(URLS)
        assert [store.get(n + 1).text for n in range(len(URLS))] == [f"beacon {n}" for n in range(len(URLS))]
        assert sorted(h.url for h in store.search("beacon", url_prefix="http://a.test/docs/")) == URLS[:2]
        assert [h.url for h in store.search("beacon", session_id="s1", url_prefix="http://a.test/docs/")] == [
            URLS[1]
        ]
        store.add([page("http://a.test/docs/3", "<p>beacon after the update</p>")])
        assert len(store.search("beacon", url_prefix="http://a.test/docs/")) == 3
    finally:
        store.close()
    ArchiveStore(path, create=False).close()  # opening it again: nothing left to migrate


def test_opening_a_schema_2_archive_should_add_the_session_index_and_keep_every_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "archive.db"
    old = ArchiveStore(path)
    old.add([page(url, f"<p>beacon {n}</p>", session=f"s{n % 2}") for n, url in enumerate(URLS)])
    old.close()
    db = sqlite3.connect(path)
    db.executescript(
        "DROP INDEX documents_by_session_body; UPDATE meta SET value = '2' WHERE key = 'schema_version';"
    )
    db.close()

    store = ArchiveStore(path, create=False)
    try:
        assert store._schema_version() == SCHEMA_VERSION
        assert "documents_by_session_body" in indexes(path)
        assert store.integrity_errors() == []
        assert [store.get(n + 1).text for n in range(len(URLS))] == [f"beacon {n}" for n in range(len(URLS))]
        assert sorted(h.url for h in store.search("beacon", session_id="s0")) == sorted(URLS[0::2])
        plan = store._db.execute(
            "EXPLAIN QUERY PLAN SELECT 1 FROM documents d WHERE d.body_id = 1 AND d.session_id = 's0'"
        ).fetchall()
        assert "documents_by_session_body" in str(plan)
    finally:
        store.close()


def test_opening_a_schema_4_archive_should_give_bodies_their_sites_and_rebuild_the_index(
    tmp_path: Path,
) -> None:
    path = tmp_path / "archive.db"
    old = ArchiveStore(path)
    old.add([page(url, f"<p>beacon {n}</p>") for n, url in enumerate(URLS)])
    old.add([page("http://z.test/other/", "<p>beacon 0</p>")])  # the first body, under another prefix
    old.close()
    db = sqlite3.connect(path)
    db.executescript(
        """
        DROP INDEX bodies_with_other_sites;
        ALTER TABLE bodies DROP COLUMN site;
        ALTER TABLE bodies DROP COLUMN sites_differ;
        UPDATE meta SET value = '4' WHERE key = 'schema_version';
        """
    )
    db.close()
    index = sqlite3.connect(search_index.index_path(path))
    index.execute("UPDATE index_meta SET value = '1' WHERE key = 'index_version'")
    index.commit()
    index.close()

    store = ArchiveStore(path, create=False)
    try:
        assert store._schema_version() == SCHEMA_VERSION
        sites = store._db.execute("SELECT site, sites_differ FROM bodies ORDER BY id").fetchall()
        assert sites == [(url_sites(url), int(n == 0)) for n, url in enumerate(URLS)]
        assert store._db.execute(
            "SELECT value FROM idx.index_meta WHERE key = 'index_version'"
        ).fetchone() == (str(INDEX_VERSION),)
        assert sorted(h.url for h in store.search("beacon", url_prefix="http://a.test/docs/")) == URLS[:2]
        assert [h.url for h in store.search("beacon", url_prefix="http://z.test/other/")] == [
            "http://z.test/other/"
        ]
        assert store.integrity_errors() == []
    finally:
        store.close()


def test_opening_an_archive_of_a_newer_schema_should_explain(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    ArchiveStore(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(ArchiveError, match="newer Waypost"):
        ArchiveStore(path, create=False)


PREFIX_PAGES = {
    "http://t.test/1": "<title>salad</title><p>tomato soup with tomatoes</p>",
    "http://t.test/2": "<p>tomato and tomatoes</p>",
    "http://t.test/3": "<p>tomatoes, a tomato, weeds</p>",
    "http://t.test/4": "<p>tomatillo soup</p>",
    "http://t.test/5": "<title>Tomatillo</title><p>green weed</p>",
}
PREFIX_QUERIES = [
    "tomat*",
    "soup tomat*",
    "tomat* OR weed*",
    'tomat* NOT "green weed"',
    "title:tomat*",
    "TOMAT*",
]


def prefix_results(store: ArchiveStore) -> dict[str, list[str]]:
    return {q: sorted(h.url for h in store.search(q)) for q in PREFIX_QUERIES}


def test_prefix_words_spelled_out_should_find_what_fts5_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_index, "SAMPLE_EVERY", 1)  # count the words of every body
    store = ArchiveStore(tmp_path / "archive.db")
    store.add([page(url, body) for url, body in PREFIX_PAGES.items()])
    native = prefix_results(store)
    assert native["tomat*"] == sorted(PREFIX_PAGES)
    monkeypatch.setattr(store_module, "PREFIX_MERGE_BODIES", 0)  # spell out every prefix
    assert store._expand_prefixes("soup tomat*") == 'soup AND ("tomato" OR "tomatoes" OR "tomatillo")'
    assert store._expand_prefixes("title:tomat*") == "title:tomat*"  # not plain: FTS5 takes it as it is
    assert store._expand_prefixes("a" * 80 + "!*") == "a" * 80 + "!*"  # at once: no regex backtracking
    assert prefix_results(store) == native
    hits = store.search("tomat*")
    assert all("**tomat" in h.snippet.lower() for h in hits)
    store.close()


def test_a_prefix_of_many_words_should_be_matched_by_its_most_widespread_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_index, "SAMPLE_EVERY", 1)
    store = ArchiveStore(tmp_path / "archive.db")
    store.add([page(url, body) for url, body in PREFIX_PAGES.items()])
    monkeypatch.setattr(store_module, "PREFIX_MERGE_BODIES", 0)
    monkeypatch.setattr(store_module, "PREFIX_TERMS", 2)
    # tomato (3 bodies), tomatoes (3), tomatillo (2)
    assert sorted(h.url for h in store.search("tomat*")) == [f"http://t.test/{n}" for n in (1, 2, 3)]
    assert store.search("tomatil*")[0].url in ("http://t.test/4", "http://t.test/5")
    store.close()


def test_the_word_sample_should_count_sampled_bodies_and_forget_pruned_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_index, "SAMPLE_EVERY", 2)  # bodies 2, 4, 6... are counted
    store = ArchiveStore(tmp_path / "archive.db")
    store.add(
        [
            page(
                f"http://s.test/{n}", f"<title>Café {n}</title><p>tomato{n % 3} Tomato</p>", ended=1000.0 + n
            )
            for n in range(1, 9)
        ]
    )
    assert store.index is not None
    sample = dict(store._db.execute("SELECT term, docs FROM idx.term_sample WHERE term > '9'"))
    # bodies 2, 4, 6, 8 hold tomato2, tomato1, tomato0, tomato2; "Café" is folded as FTS5 folds it
    assert sample == {"tomato": 4, "tomato0": 1, "tomato1": 1, "tomato2": 2, "cafe": 4}
    assert store.index.widespread_terms("tomato", prefix_end("tomato"), 2) == (["tomato", "tomato2"], 16)
    store.prune(before=1004.5)  # bodies 1 to 4 go
    sample = dict(store._db.execute("SELECT term, docs FROM idx.term_sample WHERE term > '9'"))
    assert sample == {"tomato": 2, "tomato0": 1, "tomato2": 1, "cafe": 2}
    store.close()
