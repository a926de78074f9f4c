"""Snippets around the searched words (pure functions), and the bounded ranking of broad searches."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.archive.test_store import page
from waypost.archive import ArchiveStore
from waypost.archive import store as store_module
from waypost.archive.snippets import late_snippet, make_snippet, query_terms, terms_pattern


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


def test_late_snippet_should_find_a_word_far_into_a_long_text_as_bytes() -> None:
    text = "Grüße vom Fluss. " * 20_000 + "The Unsworn knights were Sworn in at dawn. " + "Coda. " * 50
    raw = text.encode()
    terms = query_terms("sworn")
    snippet = late_snippet(raw, 1000, terms, terms_pattern(terms))
    assert snippet is not None and snippet.startswith("…") and snippet.endswith("…")
    assert "were **Sworn** in at dawn" in snippet and "**Unsworn**" not in snippet
    assert "Grüße" in snippet or "Fluss" in snippet  # the window is decoded whole characters only
    assert late_snippet(raw, 1000, query_terms("dragon"), terms_pattern(query_terms("dragon"))) is None
    mixed = query_terms("swORN")  # found through its lowercase spelling
    assert "**Sworn**" in (late_snippet(raw, 1000, mixed, terms_pattern(mixed)) or "")


def test_search_should_mark_a_word_that_first_occurs_far_into_a_long_page(tmp_path: Path) -> None:
    store = ArchiveStore(tmp_path / "archive.db")
    filler = "<p>" + "harbour crane " * 3000 + "</p>"
    store.add([page("http://a.test/long", f"{filler}<p>The lighthouse keeper waved.</p>{filler}")])
    store.add([page("http://a.test/title", "<title>Lighthouse</title>" + filler)])
    hits = {h.url: h.snippet for h in store.search("lighthouse")}
    assert (
        hits["http://a.test/long"].startswith("…")
        and "The **lighthouse** keeper waved." in hits["http://a.test/long"]
    )
    assert hits["http://a.test/title"] == "**Lighthouse**"  # matched in the title only
    store.close()
