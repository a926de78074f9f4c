"""parse_page: title, description, canonical, excerpt, robustness."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from selectolax.lexbor import LexborHTMLParser

from tests.page.conftest import CORPUS, read_source
from waypost.page import parse_page
from waypost.page.extract import compose_excerpt

URL = "https://news.example.org/politik/neue-regierung-123.html"

ARTICLE = """
<p>The committee met on Tuesday to discuss the budget, and after a long debate, the members agreed
to raise spending on schools, roads and hospitals by a modest amount over the next three years.</p>
<p>Critics said the plan was too timid, while supporters argued that it balanced the needs of the
city with the limits of its revenue, which have fallen since the factory closed last spring.</p>
<p>The final vote is expected next month, after a round of public hearings in every district.</p>
"""


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


def test_parse_page_title_should_prefer_og_title_over_title() -> None:
    html = page("<h1>Heading</h1>", '<title>Story | Site</title><meta property="og:title" content=" Story ">')
    assert parse_page(html, URL).title == "Story"


def test_parse_page_title_should_use_title_tag_with_whitespace_normalised() -> None:
    html = page("<h1>Heading</h1>", "<title>\n  Budget   vote\n delayed </title>")
    assert parse_page(html, URL).title == "Budget vote delayed"


def test_parse_page_title_should_fall_back_to_h1_then_url() -> None:
    assert parse_page(page("<h1> First <em>heading</em></h1><h1>Second</h1>"), URL).title == "First heading"
    assert parse_page(page("<p>no title at all</p>"), URL).title == URL


def test_parse_page_og_title_in_space_separated_property_should_count() -> None:
    html = page("", '<title>Site</title><meta property="dc:title og:title" content="Real">')
    assert parse_page(html, URL).title == "Real"


def test_excerpt_should_skip_navigation_footer_cookie_banner_and_scripts() -> None:
    body = f"""
    <div id="cookie-banner"><p>We use cookies to improve your experience, please accept all cookies.</p></div>
    <header><p>Site header with a slogan that is long enough to look like a paragraph of text.</p></header>
    <nav><p>Home, World, Politics, Business, Sport, Culture, Science, Health, Travel, Weather</p></nav>
    <script>var tracking = "this script text must never show up in an excerpt at all";</script>
    <style>.x {{ content: "style text that must not show up" }}</style>
    <main><article>{ARTICLE}</article></main>
    <aside><p>Related: ten other stories you might like, chosen by our recommendation engine.</p></aside>
    <footer><p>Copyright 2024 Example News, all rights reserved, imprint and privacy policy.</p></footer>
    """
    model = parse_page(page(body), URL)
    assert model.excerpt.startswith("The committee met on Tuesday")
    for junk in ("cookies", "slogan", "Politics, Business", "tracking", "style text", "Related", "Copyright"):
        assert junk not in model.excerpt
        assert junk not in model.main_text
    assert len(model.excerpt) <= 500
    assert model.main_text_chars > 400


def test_excerpt_should_find_the_article_among_teasers_and_comments() -> None:
    teasers = "".join(f'<li><a href="/story-{i}">Short teaser number {i}</a></li>' for i in range(20))
    comments = "".join(
        f"<div class='comment'><p>Comment {i}: I totally disagree with this, it is a scandal.</p></div>"
        for i in range(10)
    )
    body = f"<div class='sidebar'><ul>{teasers}</ul></div><div class='story'>{ARTICLE}</div>"
    body += f"<div id='comments'>{comments}</div>"
    model = parse_page(page(body), URL)
    assert model.excerpt.startswith("The committee met on Tuesday")
    assert "Comment" not in model.main_text


def test_excerpt_should_be_led_by_a_useful_meta_description() -> None:
    head = '<meta name="description" content="City raises spending on schools, roads and hospitals.">'
    model = parse_page(page(f"<article>{ARTICLE}</article>", head), URL)
    assert model.description.startswith("City raises spending")
    assert model.excerpt.startswith("City raises spending")
    assert "The committee met" in model.excerpt
    assert len(model.excerpt) <= 500


def test_excerpt_should_skip_a_description_that_is_the_start_of_the_content() -> None:
    head = (
        '<meta name="description" content="The committee met on Tuesday to discuss the budget, and after a">'
    )
    model = parse_page(page(f"<article>{ARTICLE}</article>", head), URL)
    assert model.excerpt.startswith("The committee met on Tuesday")
    assert model.excerpt.count("The committee met") == 1


def test_excerpt_should_skip_a_generic_site_description_on_deep_pages_but_keep_it_on_home_pages() -> None:
    head = '<meta name="description" content="Breaking headlines, videos and podcasts from Example Network.">'
    deep = parse_page(page(f"<article>{ARTICLE}</article>", head), URL)
    assert "Example Network" not in deep.excerpt
    home = parse_page(page(f"<article>{ARTICLE}</article>", head), "https://news.example.org/")
    assert home.excerpt.startswith("Breaking headlines")


def test_compose_excerpt_should_respect_the_limit() -> None:
    text = compose_excerpt("A description that is long enough to be useful here.", "word " * 400, limit=120)
    assert len(text) <= 120
    assert compose_excerpt("", "word " * 400, limit=0) == ""


def test_parse_page_should_read_canonical_lang_and_base_href() -> None:
    head = (
        '<link rel="canonical" href="/politik/neue-regierung.html"><base href="https://cdn.example.org/x/">'
    )
    model = parse_page(f"<html lang='de'><head>{head}</head><body><a href='a.html'>A</a></body></html>", URL)
    assert model.canonical == "https://cdn.example.org/politik/neue-regierung.html"
    assert model.lang == "de"
    assert model.links[0].url == "https://cdn.example.org/x/a.html"


def test_parse_page_should_unescape_double_escaped_descriptions() -> None:
    head = '<meta name="description" content="That&amp;#039;s what fans &amp;quot;love&amp;quot;">'
    assert parse_page(page("", head), URL).description == 'That\'s what fans "love"'


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "<",
        "<html><body><div><p>unclosed <b>tags <i>everywhere",
        "\x00\x01\x02 binary \xff\xfe garbage \ud800 lone surrogate",
        bytes(range(256)).decode("latin-1") * 50,
        "<a href='http://[::1'>bad ipv6</a><a href='http://a b/'>space host</a><a href='https://ex.org:99999/'>p</a>",
        "<" * 10_000 + ">" * 10_000,
        "<div>" * 5_000 + "deep" + "</div>" * 5_000,
    ],
)
def test_parse_page_should_not_raise_on_malformed_input(junk: str) -> None:
    model = parse_page(junk, URL)
    assert model.url == URL
    assert model.title
    assert len(model.excerpt) <= 500


def test_parse_page_should_accept_bytes() -> None:
    model = parse_page("<title>Grüße</title>".encode(), URL)  # type: ignore[arg-type]
    assert model.title == "Grüße"


def test_parse_page_should_cap_a_10_mb_page() -> None:
    paragraph = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 10 + "</p>"
    links = "".join(f"<a href='/p/{i}'>Page {i}</a>" for i in range(6000))
    html = page(links + paragraph * (10_500_000 // len(paragraph)))
    assert len(html) > 10_000_000
    model = parse_page(html, URL)
    assert model.truncated
    assert 0 < len(model.links) <= 3000
    assert model.excerpt.startswith("Lorem ipsum")


# --- corpus -------------------------------------------------------------------------------------

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]|(?:(?![{_CJK}])[^\W_])+")


def _precision(text: str, reference: str) -> float:
    got = Counter(_TOKEN.findall(text.lower()))
    ref = Counter(_TOKEN.findall(reference.lower()))
    total = sum(got.values())
    return sum((got & ref).values()) / total if total else 0.0


@pytest.mark.parametrize(
    "name", ["aclu", "heise", "lemonde-1", "qq", "wikipedia", "nytimes-1", "bug-1255978"]
)
def test_corpus_excerpt_should_come_from_the_main_content(name: str) -> None:
    folder = CORPUS / name
    if not folder.is_dir():
        pytest.skip("corpus not available")
    model = parse_page(read_source(folder), f"http://127.0.0.1:8000/{name}/source.html")
    reference = LexborHTMLParser((folder / "expected.html").read_text("utf-8")).text(separator=" ")
    assert 0 < len(model.excerpt) <= 500
    assert _precision(model.excerpt, reference) >= 0.8
    assert _precision(model.main_text[:500], reference) >= 0.8


def test_corpus_titles_should_follow_og_title_then_title() -> None:
    folder = CORPUS / "aclu"
    if not folder.is_dir():
        pytest.skip("corpus not available")
    model = parse_page(read_source(folder), "https://www.aclu.org/blog/x")
    assert model.title == "Facebook Is Tracking Me Even Though I’m Not on Facebook"
