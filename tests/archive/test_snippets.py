"""Snippets around the searched words (pure functions), and the bounded ranking of broad searches."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.archive.test_store import page
from waypost.archive import ArchiveStore
from waypost.archive import store as store_module
from waypost.archive.snippets import make_snippet, query_terms, terms_pattern


def test_query_terms_should_drop_operators_and_columns() -> None:
    assert query_terms('title:Garden AND "grow in" NOT weed* OR garden') == [
        ("garden", False),
        ("grow", False),
        ("in", False),
        ("weed", True),
    ]


def test_make_snippet_should_mark_words_around_the_first_match() -> None:
    text = "Intro words. " * 20 + "The lighthouse keeper painted the Lighthouse red. " + "Tail words. " * 30
    snippet = make_snippet(text, terms_pattern(query_terms("lighthouse")))
    assert snippet is not None and snippet.startswith("…") and snippet.endswith("…")
    assert "The **lighthouse** keeper painted the **Lighthouse** red." in snippet
    assert len(snippet) < 260
    assert make_snippet("short text about tomatoes", terms_pattern(query_terms("tomat*"))) == (
        "short text about **tomatoes**"
    )
    assert make_snippet("no match here", terms_pattern(query_terms("zeppelin"))) is None
    assert make_snippet("Lighthouses everywhere", terms_pattern(query_terms("lighthouse"))) is None


def test_search_should_fall_back_to_the_index_snippet(tmp_path: Path) -> None:
    store = ArchiveStore(tmp_path / "archive.db")
    store.add([page("http://a.test/", "<p>Grüße aus Köln</p>")])
    hits = store.search("koln")  # the index folds diacritics; the Python pattern does not
    assert [h.snippet for h in hits] == ["Grüße aus **Köln**"]
    store.close()


def test_search_should_rank_the_newest_matches_when_too_many_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ArchiveStore(tmp_path / "archive.db")
    store.add([page("http://a.test/old-best", "<p>kiwi kiwi kiwi kiwi</p>")])
    store.add([page(f"http://a.test/{i}", f"<p>kiwi and {i} other words here</p>") for i in range(5)])
    assert store.search("kiwi")[0].url == "http://a.test/old-best"
    monkeypatch.setattr(store_module, "RANK_WINDOW", 3)
    assert {h.url for h in store.search("kiwi")} == {"http://a.test/4", "http://a.test/3", "http://a.test/2"}
    store.close()
