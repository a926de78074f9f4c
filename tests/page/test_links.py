"""Links (labels, dedupe, exclusions, grouping), forms, feeds and pagination."""

from __future__ import annotations

import pytest

from waypost.page import Link, display_url, parse_page
from waypost.page.links import slug_label

URL = "https://www.example.de/politik/index.html"


def links_of(body: str, url: str = URL, head: str = "") -> dict[str, Link]:
    model = parse_page(f"<html><head>{head}</head><body>{body}</body></html>", url)
    return {link.url: link for link in model.links}


def test_link_labels_should_come_from_text_then_aria_label_title_alt_then_slug() -> None:
    links = links_of(
        """
        <a href="/a">  Text
           label </a>
        <a href="/b" aria-label="Aria label"><span class="icon"></span></a>
        <a href="/c" title="Title label"></a>
        <a href="/d"><img src="x.png" alt="Alt label"></a>
        <a href="/politik/neue-regierung-123.html"><img src="x.png"></a>
        <a href="/e"><img src="x.png" alt="photo-2024.jpg"></a>
        """
    )
    base = "https://www.example.de"
    assert links[f"{base}/a"].label == "Text label"
    assert links[f"{base}/b"].label == "Aria label"
    assert links[f"{base}/c"].label == "Title label"
    assert links[f"{base}/d"].label == "Alt label"
    assert links[f"{base}/politik/neue-regierung-123.html"].label == "neue regierung"
    assert links[f"{base}/e"].label == "e"  # a file-name alt is no label; the slug is


def test_slug_label_should_read_the_last_meaningful_segment() -> None:
    assert slug_label("https://x.de/politik/neue-regierung-123.html") == "neue regierung"
    assert slug_label("https://x.de/sport/fussball/12345/") == "fussball"
    assert slug_label("https://x.de/") == "home page"
    assert slug_label("https://other.org/", same_site=False) == "other.org"
    assert slug_label("https://x.de/search?q=climate+change") == "search"
    assert slug_label("https://x.de/?q=climate+change") == "q climate change"


def test_long_labels_should_be_truncated_to_about_80_characters() -> None:
    links = links_of(f"<a href='/long'>{'word ' * 60}</a>")
    label = links["https://www.example.de/long"].label
    assert len(label) <= 80
    assert label.endswith("…")


def test_duplicate_urls_should_merge_and_keep_the_best_label() -> None:
    links = links_of(
        """
        <a href="/story#top"><img src="t.jpg" alt="Teaser image"></a>
        <a href="/story">Minister resigns over budget row</a>
        <a href="/story#comments">Read more</a>
        <a href="/story?">more</a>
        <a href="https://example.de/story">Same site, other host name: another URL</a>
        """
    )
    assert links["https://www.example.de/story"].label == "Minister resigns over budget row"
    assert list(links) == ["https://www.example.de/story", "https://example.de/story"]


def test_non_navigable_links_should_be_left_out() -> None:
    links = links_of(
        """
        <a href="javascript:void(0)">JS</a><a href="JavaScript:alert(1)">JS2</a>
        <a href="mailto:a@example.de">Mail</a><a href="tel:+49123">Call</a><a href="#top">Top</a>
        <a href="#">Hash</a><a href="">Empty</a><a href="data:text/html,hi">Data</a>
        <a href="/politik/index.html#section">Same page</a><a href="ftp://files.example.de/">FTP</a>
        <a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a>
        <a href="https://twitter.com/intent/tweet?text=x">Tweet</a>
        <a href="/kept">Kept</a>
        """
    )
    assert list(links) == ["https://www.example.de/kept"]


def test_fragments_should_be_removed_from_urls() -> None:
    links = links_of('<a href="/wirtschaft/#oben">Wirtschaft</a>')
    assert "https://www.example.de/wirtschaft/" in links


def test_display_url_should_write_same_site_as_paths_and_others_absolute() -> None:
    assert display_url("https://www.example.de/politik/?seite=2", URL) == "/politik/?seite=2"
    assert display_url("https://example.de/sport/", URL) == "/sport/"  # www. and bare host are one site
    assert display_url("https://example.de", URL) == "/"
    assert display_url("https://finanzen.example.de/", URL) == "https://finanzen.example.de/"
    assert display_url("https://other.org/a?b=c", URL) == "https://other.org/a?b=c"


def test_links_should_be_grouped_into_main_sections_and_external() -> None:
    body = """
    <header><a href="/">Home</a><nav><a href="/sport/">Sport</a><a href="/kultur/">Kultur</a></nav></header>
    <main>
      <article>
        <h2><a href="/politik/wahl-2025.html">Wahl 2025: Parteien stellen Programme vor</a></h2>
        <p>Die Parteien haben am Montag ihre Programme vorgestellt. Die Opposition kritisierte die Pläne,
        die Regierung verteidigte sie. <a href="https://bundestag.example/">Bundestag</a> berät im Mai.</p>
        <p>Mehr dazu in der <a href="/politik/analyse.html">Analyse</a>, die morgen erscheint, sagte sie.</p>
      </article>
    </main>
    <div class="teasers"><a href="/panorama/unwetter-in-bayern-richtet-schaeden-an.html">Unwetter in Bayern
      richtet große Schäden an</a></div>
    <a href="/impressum">Impressum</a>
    <footer><a href="/datenschutz">Datenschutz</a><a href="https://partner.example/">Partner</a></footer>
    """
    links = links_of(body)
    group = {url.removeprefix("https://www.example.de"): link.group for url, link in links.items()}
    assert group["/politik/wahl-2025.html"] == "main"
    assert group["/politik/analyse.html"] == "main"
    assert group["https://bundestag.example/"] == "main"  # inside the article text
    assert group["/panorama/unwetter-in-bayern-richtet-schaeden-an.html"] == "main"  # a teaser headline
    assert group["/sport/"] == "sections"
    assert group["/impressum"] == "sections"
    assert group["/datenschutz"] == "sections"
    assert group["https://partner.example/"] == "external"
    areas = {url.removeprefix("https://www.example.de"): link.area for url, link in links.items()}
    assert areas["/sport/"] == "nav"
    assert areas["/datenschutz"] == "footer"
    assert all(
        link.same_site == ("example" in url and "www.example.de" in url) for url, link in links.items()
    )


def test_links_should_keep_document_order_of_first_occurrence() -> None:
    links = list(links_of("<a href='/b'>B</a><a href='/a'>A</a><a href='/b'>B again</a>").values())
    assert [link.url.rsplit("/", 1)[1] for link in links] == ["b", "a"]
    assert [link.position for link in links] == [0, 1]


def test_forms_should_list_fields_with_labels_types_and_options() -> None:
    body = """
    <form role="search" action="/suche" method="get">
      <label for="q">Suchbegriff</label><input id="q" name="q" type="search" required>
      <select name="rubrik"><option>Alle</option><option>Politik</option><option> Sport </option></select>
      <input type="hidden" name="token" value="x">
      <button type="submit">Suchen</button>
    </form>
    <form action="https://login.example.de/session" method="post" aria-label="Anmelden">
      <label>E-Mail <input name="email" type="email"></label>
      <input name="password" type="password" placeholder="Passwort" aria-required="true">
      <textarea name="note"></textarea>
      <input type="submit" value="Einloggen">
    </form>
    """
    model = parse_page(f"<html><body>{body}</body></html>", URL)
    search, login = model.forms
    assert search.action == "https://www.example.de/suche"
    assert search.method == "GET"
    assert search.label == "search"
    assert search.submit_label == "Suchen"
    assert [(f.name, f.type, f.label, f.required) for f in search.fields] == [
        ("q", "search", "Suchbegriff", True),
        ("rubrik", "select", "", False),
    ]
    assert search.fields[1].options == ("Alle", "Politik", "Sport")
    assert login.method == "POST"
    assert login.label == "Anmelden"
    assert login.submit_label == "Einloggen"
    assert [(f.name, f.type, f.label, f.required) for f in login.fields] == [
        ("email", "email", "E-Mail", False),
        ("password", "password", "Passwort", True),
        ("note", "textarea", "", False),
    ]


def test_form_without_action_should_submit_to_the_page() -> None:
    model = parse_page("<form><input name='x'></form>", URL)
    assert model.forms[0].action == URL
    assert model.forms[0].method == "GET"


def test_feeds_should_be_found_in_link_alternate() -> None:
    head = """
    <link rel="alternate" type="application/rss+xml" title="Politik RSS" href="/politik/rss.xml">
    <link rel="alternate" type="application/atom+xml" href="https://feeds.example.de/atom">
    <link rel="alternate" type="application/rss+xml" href="/politik/rss.xml">
    <link rel="alternate" hreflang="en" href="/en/">
    <link rel="stylesheet" type="text/css" href="/a.css">
    """
    model = parse_page(f"<html><head>{head}</head><body></body></html>", URL)
    assert [(f.url, f.title, f.type) for f in model.feeds] == [
        ("https://www.example.de/politik/rss.xml", "Politik RSS", "rss"),
        ("https://feeds.example.de/atom", "", "atom"),
    ]


def test_pagination_should_prefer_rel_next_and_prev() -> None:
    head = '<link rel="next" href="?seite=3"><link rel="prev" href="?seite=1">'
    model = parse_page(f"<html><head>{head}</head><body><a href='/x'>Weiter</a></body></html>", URL)
    assert model.next_url == "https://www.example.de/politik/index.html?seite=3"
    assert model.prev_url == "https://www.example.de/politik/index.html?seite=1"


@pytest.mark.parametrize(
    ("next_text", "prev_text"),
    [
        ("Weiter", "Zurück"),
        ("Nächste Seite »", "« Vorherige Seite"),
        ("›", "‹"),
        ("»", "«"),
        ("Next", "Previous"),
    ],
)
def test_pagination_should_fall_back_to_link_texts(next_text: str, prev_text: str) -> None:
    body = f"""
    <a href="/politik/artikel.html">Weiterlesen »</a>
    <a href="#">{next_text}</a>
    <div class="pager">
      <a href="/politik/?seite=1">{prev_text}</a> <a href="/politik/?seite=3">{next_text}</a>
    </div>
    """
    model = parse_page(f"<html><body>{body}</body></html>", URL)
    assert model.next_url == "https://www.example.de/politik/?seite=3"
    assert model.prev_url == "https://www.example.de/politik/?seite=1"


def test_pagination_should_be_none_without_hints() -> None:
    model = parse_page("<a href='/a'>Artikel</a><a href='/b'>Mehr »</a>", URL)
    assert model.next_url is None and model.prev_url is None
