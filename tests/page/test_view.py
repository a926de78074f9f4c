"""render_view: layout, status and notices, link selection, hints, and the token budget."""

from __future__ import annotations

from typing import Any

import pytest

from tests.page.conftest import corpus_pages, read_source
from waypost.page import count_tokens, parse_page, render_view

URL = "https://www.example.de/"

SMALL = """<html><head><title>Example News</title>
<meta name="description" content="Die wichtigsten Nachrichten aus Politik, Wirtschaft und Sport.">
<link rel="canonical" href="https://www.example.de/start">
</head><body>
<nav><a href="/politik/">Politik</a><a href="/sport/">Sport</a></nav>
<main><article><h2><a href="/politik/wahl.html">Wahl: Parteien stellen Programme vor</a></h2>
<p>Die Parteien haben am Montag ihre Programme vorgestellt, die Opposition kritisierte die Pläne.</p>
</article></main>
<footer><a href="https://partner.example/">Partner</a></footer>
</body></html>"""


def big_page(n: int = 60) -> str:
    article = (
        "<p>" + "Die Regierung hat am Montag ein neues Gesetz beschlossen, das viele Bürger betrifft. " * 8
    )
    article += "</p>"
    main = "".join(
        f'<h3><a href="/politik/artikel-{i}-ueber-die-lange-geschichte-der-stadt.html">Artikel {i}: '
        f"Eine lange Überschrift über die Geschichte der Stadt und ihre Menschen</a></h3>"
        for i in range(n)
    )
    nav = "".join(f'<a href="/rubrik-{i}/">Rubrik Nummer {i} mit langem Namen</a>' for i in range(n))
    ext = "".join(
        f'<a href="https://partner{i}.example.org/angebot/{i}">Partnerangebot {i}</a>' for i in range(n)
    )
    return (
        "<html><head><title>Große Seite</title></head><body>"
        f"<nav>{nav}</nav><main><article>{article}{main}</article></main><footer>{ext}</footer></body></html>"
    )


def test_render_view_should_lay_out_title_excerpt_groups_and_instruction() -> None:
    view = render_view(parse_page(SMALL, URL))
    lines = view.text.split("\n")
    assert lines[0] == "You are on: Example News (https://www.example.de/)"
    assert lines[1] == "Canonical: /start"
    assert lines[2].startswith("Die wichtigsten Nachrichten aus Politik, Wirtschaft und Sport.")
    rest = "\n".join(lines[lines.index("") + 1 :])
    assert rest == (
        "Main content:\n"
        "For Wahl: Parteien stellen Programme vor: /politik/wahl.html\n"
        "Sections:\n"
        "For Politik: /politik/\n"
        "For Sport: /sport/\n"
        "Elsewhere:\n"
        "For Partner: https://partner.example/\n"
        "Call research_navigate with one of these URLs."
    )
    assert [link.label for link in view.shown_links] == [
        "Wahl: Parteien stellen Programme vor",
        "Politik",
        "Sport",
        "Partner",
    ]
    assert view.title == "Example News"
    assert view.final_url == URL
    assert view.tokens == count_tokens(view.text)


def test_render_view_should_say_error_pages_plainly() -> None:
    model = parse_page(SMALL, URL)
    assert "HTTP 404: Not Found — this page is an error page" in render_view(model, status=404).text
    assert "HTTP 403: Forbidden" in render_view(model, status=403).text
    assert (
        "HTTP 503: Service Unavailable — this page is an error page (the server failed)."
        in render_view(model, status=503).text
    )
    assert "HTTP" not in render_view(model, status=200).text
    assert render_view(model, status=404).text.split("\n")[1].startswith("HTTP 404")


def test_render_view_should_show_notices_and_final_url() -> None:
    view = render_view(
        parse_page(SMALL, URL),
        notices=["Redirected from /alt.", "  ", "Archive: 3 responses saved."],
        final_url="https://www.example.de/start",
    )
    lines = view.text.split("\n")
    assert lines[0] == "You are on: Example News (https://www.example.de/start)"
    assert lines[1:3] == ["Redirected from /alt.", "Archive: 3 responses saved."]
    assert "Canonical:" not in view.text  # the canonical is the page shown


def test_render_view_without_links_should_suggest_back() -> None:
    view = render_view(parse_page("<title>Leer</title><p>Nichts.</p>", URL))
    assert 'No links on this page. Call research_navigate with "back"' in view.text
    assert "Call research_navigate with one of these URLs." not in view.text
    assert view.shown_links == [] and view.links == []


def test_render_view_should_cap_links_and_keep_every_group() -> None:
    model = parse_page(big_page(), URL)
    view = render_view(model, max_links=15, token_budget=5000)
    assert len(view.shown_links) == 15
    groups = [link.group for link in view.shown_links]
    assert groups.count("main") >= 5 and groups.count("sections") >= 3 and groups.count("external") >= 2
    assert len(view.links) == len(model.links) == 180
    tiny = render_view(model, max_links=3, token_budget=5000)
    assert sorted(link.group for link in tiny.shown_links) == ["external", "main", "sections"]


def test_render_view_should_fill_slots_from_other_groups_when_one_is_empty() -> None:
    html = "".join(f"<nav><a href='/r{i}'>Rubrik {i}</a></nav>" for i in range(30))
    view = render_view(parse_page(html, URL), max_links=15)
    assert len(view.shown_links) == 15
    assert "Main content:" not in view.text and "Elsewhere:" not in view.text


def test_render_view_with_hint_should_list_matching_links_first() -> None:
    view = render_view(parse_page(SMALL, URL), hint="politics")
    lines = view.text.split("\n")
    first = lines.index('Matching "politics":')
    assert lines[first + 1 : first + 3] == [
        "For Politik: /politik/",
        "For Wahl: Parteien stellen Programme vor: /politik/wahl.html",
    ]
    assert lines.index("Sections:") > first
    assert "For Politik: /politik/" not in lines[first + 3 :]  # not listed twice
    assert view.links[0].matches_hint and view.links[1].matches_hint
    assert not any(link.matches_hint for link in view.links[2:])
    assert view.hint == "politics"


def test_render_view_with_unmatched_hint_should_say_so() -> None:
    view = render_view(parse_page(SMALL, URL), hint="Wetter")
    assert 'No link matches "Wetter".' in view.text
    assert "For Politik: /politik/" in view.text


def test_render_view_should_show_forms_feeds_and_pagination_on_request() -> None:
    html = SMALL.replace(
        "</head>",
        '<link rel="alternate" type="application/rss+xml" title="Alles" href="/rss">'
        '<link rel="next" href="/?p=2">'
        "</head>",
    ).replace(
        "</main>", "</main><form action='/suche'><input name='q' type='search' placeholder='Suche'></form>"
    )
    model = parse_page(html, URL)
    plain = render_view(model)
    assert "Forms:" not in plain.text and "Feeds:" not in plain.text and "next page" not in plain.text
    view = render_view(model, show_forms=True, show_feeds=True, show_pagination=True)
    assert 'Form "search" (GET /suche): q (search "Suche")' in view.text
    assert "For RSS feed Alles: /rss" in view.text
    assert "For next page: /?p=2" in view.text


@pytest.mark.parametrize("budget", [0, 10, 25, 40, 80, 150, 300, 600, 1300])
@pytest.mark.parametrize("mode", ["exact_counts", "estimated_counts"])
def test_render_view_should_never_exceed_the_budget(
    budget: int, mode: str, request: Any, cl100k: Any
) -> None:
    request.getfixturevalue(mode)
    model = parse_page(big_page(), URL)
    view = render_view(model, token_budget=budget, notices=["Notice: " + "lang " * 20], status=500)
    assert len(cl100k.encode(view.text)) <= budget
    assert view.tokens <= budget
    for link in view.shown_links:
        assert link.url.removeprefix("https://www.example.de") in view.text or link.url in view.text


def test_render_view_should_shorten_the_excerpt_before_dropping_links(exact_counts: None) -> None:
    model = parse_page(big_page(), URL)
    full = render_view(model, token_budget=10_000)
    assert len(full.excerpt) > 400
    view = render_view(model, token_budget=full.tokens - 40)
    assert view.tokens <= full.tokens - 40
    assert len(view.excerpt) < len(full.excerpt)
    assert len(view.shown_links) == len(full.shown_links)
    squeezed = render_view(model, token_budget=full.tokens // 2)
    assert 0 < len(squeezed.shown_links) < len(full.shown_links)
    assert squeezed.excerpt  # a short excerpt stays while links can go


# --- corpus -------------------------------------------------------------------------------------

PAGES = corpus_pages()


@pytest.mark.skipif(not PAGES, reason="corpus not available")
@pytest.mark.parametrize("mode", ["exact_counts", "estimated_counts"])
def test_corpus_views_should_fit_1300_tokens(mode: str, request: Any, cl100k: Any) -> None:
    request.getfixturevalue(mode)
    over = []
    for folder in PAGES:
        model = parse_page(read_source(folder), f"http://127.0.0.1:8000/{folder.name}/source.html")
        for hint in (None, "politics news"):
            text = render_view(model, hint=hint).text
            if len(cl100k.encode(text)) > 1300:
                over.append((folder.name, hint))
    assert over == []


@pytest.mark.skipif(not PAGES, reason="corpus not available")
def test_corpus_views_should_fit_small_budgets(exact_counts: None, cl100k: Any) -> None:
    for folder in PAGES[::5]:
        model = parse_page(read_source(folder), f"http://127.0.0.1:8000/{folder.name}/source.html")
        for budget in (120, 300):
            view = render_view(model, token_budget=budget, max_links=30)
            assert len(cl100k.encode(view.text)) <= budget, (folder.name, budget)
