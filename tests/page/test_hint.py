"""Hint matching: case, accents, word forms, compounds, German/English pairs, stopwords."""

from __future__ import annotations

import pytest

from waypost.page import HintMatcher, Link, apply_hint
from waypost.page.hint import fold, stem


def test_fold_should_strip_case_and_accents_and_spell_umlauts_plainly() -> None:
    assert fold("Nächste") == fold("NAECHSTE") == fold("nachste") == "nachste"
    assert fold("Straße") == "strasse"
    assert fold("Café Crème") == "cafe creme"


@pytest.mark.parametrize("word", ["Politik", "politisch", "politische", "politics", "political"])
def test_stem_should_join_german_and_english_word_forms(word: str) -> None:
    assert stem(fold(word)) == "polit"


@pytest.mark.parametrize(
    ("hint", "text"),
    [
        ("politik", "POLITIK"),
        ("Politik", "Politische Nachrichten"),
        ("Politik", "Politics"),
        ("politics", "Political news"),
        ("Wirtschaft", "Wirtschaftliche Lage"),
        ("Wirtschaft", "Economy"),
        ("Wirtschaft", "Business"),
        ("economy", "Wirtschaft"),
        ("Sport", "Sports"),
        ("sports", "Sport"),
        ("Kultur", "Culture"),
        ("Wissenschaft", "Science"),
        ("Gesundheit", "Health"),
        ("Reisen", "Travel"),
        ("Finanzen", "Finance"),
        ("Nachrichten", "News"),
        ("weather", "Wetter"),
        ("Anmelden", "Login"),
        ("login", "Anmelden"),
        ("Suche", "Search"),
        ("café", "Cafe Berlin"),
        ("Straße", "strasse"),
        ("Nächste", "naechste Seite"),
        ("Politik", "Wirtschaftspolitik"),
    ],
)
def test_hint_matcher_should_match(hint: str, text: str) -> None:
    assert HintMatcher(hint).score(text) > 0


@pytest.mark.parametrize(
    ("hint", "text"),
    [
        ("Politik", "Sport"),
        ("Politik", "Cosmopolitan"),
        ("news", "New York"),
        ("Sport", "Transport"),
        ("Wirtschaft und Politik", "Kultur"),
    ],
)
def test_hint_matcher_should_not_match(hint: str, text: str) -> None:
    assert HintMatcher(hint).score(text) == 0


def test_hint_matcher_should_ignore_stopwords() -> None:
    assert HintMatcher("Wirtschaft und Politik").terms == ("wirtschaft", "politik")
    assert not HintMatcher("und die the and")
    assert not HintMatcher("")
    assert not HintMatcher(None)
    assert HintMatcher("the and").score("the and") == 0
    assert HintMatcher("Politik").score("und die Welt") == 0


def test_hint_matcher_should_score_better_matches_higher() -> None:
    m = HintMatcher("Wirtschaft und Politik")
    both = m.score("Politik und Wirtschaft")
    compound = m.score("Wirtschaftspolitik")
    one = m.score("Politik")
    translated = m.score("Economy")
    assert both == 1.0
    assert both > compound > one > translated > 0


def test_score_link_should_read_the_url_path_too() -> None:
    m = HintMatcher("politics")
    by_path = m.score_link("Inland", "https://x.de/politik/inland/")
    by_label = m.score_link("Politik", "https://x.de/p/1")
    assert 0 < by_path < by_label
    assert m.score_link("Inland", "https://politik.example/inland/") == 0  # the host does not count


def test_hint_matcher_should_match_cjk_by_substring() -> None:
    assert HintMatcher("経済").score("日本の経済ニュース") == 1.0
    assert HintMatcher("経済").score("スポーツ") == 0


def test_apply_hint_should_sort_matches_first_best_first_and_mark_them() -> None:
    links = [
        Link("https://x.de/sport/", "Sport", "sections", position=0),
        Link("https://x.de/politik/", "Politik", "sections", position=1),
        Link("https://x.de/a.html", "Wirtschaft und Politik heute", "main", position=2),
        Link("https://x.de/kultur/", "Kultur", "sections", position=3),
    ]
    ranked = apply_hint(links, "Wirtschaft und Politik")
    assert [link.label for link in ranked] == ["Wirtschaft und Politik heute", "Politik", "Sport", "Kultur"]
    assert [link.matches_hint for link in ranked] == [True, True, False, False]
    assert ranked[0].score > ranked[1].score > 0 == ranked[2].score
    assert apply_hint(links, None) == links
