"""research_navigate end to end: real Chromium, the bundled demo site and the fixture server."""

from __future__ import annotations

import re

import pytest

from tests.fixture_server import FixtureServer
from waypost.api import Waypost
from waypost.errors import BlockedURL, InvalidSessionId
from waypost.page import count_tokens

LINK_LINE = re.compile(r"^For (.+): (\S+)$", re.M)


def shown_urls(text: str) -> list[str]:
    return [m.group(2) for m in LINK_LINE.finditer(text)]


async def test_front_page_view_is_small_grouped_and_actionable(wp: Waypost, demo_site) -> None:
    result = await wp.navigate(demo_site.url + "/")
    text = result.text
    assert text.startswith("You are on: Waypost Nachrichten (")
    assert result.status == 200 and result.final_url == demo_site.url + "/"
    assert text.rstrip().endswith("Call research_navigate with one of these URLs.")
    assert count_tokens(text) <= 1300 and result.tokens == count_tokens(text)
    urls = shown_urls(text)
    assert 5 <= len(urls) <= 15
    assert "/politik/" in urls or any(u.startswith("/politik/") for u in urls)
    assert "Sections:" in text and "Elsewhere:" in text
    # Same-site links are paths, other hosts are absolute (the finance site is on 'localhost').
    assert all(u.startswith("/") or u.startswith(("http://", "https://")) for u in urls)
    assert any(u.startswith(demo_site.finance_url) for u in urls)
    # Code gets the full list; the demo front page has 50+ links.
    assert len(result.links) >= 40 > len(urls)
    assert not any(link.url.startswith(("javascript:", "mailto:")) for link in result.links)
    # The excerpt is content, not the cookie banner or scripts.
    assert "Akzeptieren" not in text and "function" not in text


async def test_hint_puts_matching_links_first_and_marks_them(wp: Waypost, demo_site) -> None:
    result = await wp.navigate(demo_site.url + "/", hint="Economy")  # English hint, German site
    first = result.view.shown_links[0]
    assert first.matches_hint and "/wirtschaft/" in first.url
    assert "Wirtschaft" in result.text.split("\n\n", 2)[-1].split("For ", 2)[1] or "wirtschaft" in result.text
    assert result.links[0].matches_hint


async def test_relative_targets_redirects_and_history(wp: Waypost, demo_site) -> None:
    await wp.navigate(demo_site.url + "/")
    moved = await wp.navigate("/umleitung")
    assert moved.final_url == demo_site.url + "/politik/"
    assert "Redirected from /umleitung" in moved.text
    assert moved.snapshot.redirects == [demo_site.url + "/umleitung", demo_site.url + "/alt/politik"]
    back = await wp.navigate("back")
    assert back.ok and back.final_url == demo_site.url + "/"
    at_start = await wp.navigate("back")
    assert not at_start.ok and at_start.error == "history_end" and "no page to go back" in at_start.text
    forward = await wp.navigate("forward")
    assert forward.final_url == demo_site.url + "/politik/"
    at_end = await wp.navigate("forward")
    assert at_end.error == "history_end" and "forward" in at_end.text


async def test_error_pages_are_said_plainly(wp: Waypost, demo_site, fixture_server: FixtureServer) -> None:
    missing = await wp.navigate(demo_site.url + "/gibt-es-nicht")
    assert missing.status == 404 and "HTTP 404" in missing.text
    forbidden = await wp.navigate(fixture_server.url + "/status/403")
    assert "HTTP 403" in forbidden.text
    broken = await wp.navigate(fixture_server.url + "/status/500")  # retried, then shown as it is
    assert broken.status == 500 and "HTTP 500" in broken.text and broken.snapshot.attempts == 3


@pytest.mark.parametrize("path", ["/geschuetzt/", "/captcha/"])
async def test_captcha_walls_are_reported_not_shown_as_content(wp: Waypost, demo_site, path: str) -> None:
    result = await wp.navigate(demo_site.url + path)
    assert result.blocked == "captcha"
    assert "Blocked: captcha" in result.text
    assert "Checking if the site connection is secure" not in result.text


async def test_same_url_guard_names_real_links_and_does_not_reload(
    wp: Waypost, fixture_server: FixtureServer
) -> None:
    url = fixture_server.url + "/links"
    first = await wp.navigate(url)
    hits = fixture_server.hits["/links"]
    real = {link.url.removeprefix(fixture_server.url) for link in first.links}

    again = await wp.navigate(url + "#top")  # a fragment is still the same page
    assert not again.ok and again.error == "same_url"
    assert fixture_server.hits["/links"] == hits  # not reloaded
    named = shown_urls(again.text)
    assert 2 <= len(named) <= 3 and set(named) <= real
    assert "/links" not in named

    blunt = await wp.navigate(url, hint="economy")
    assert blunt.text.startswith("You are already here")
    assert "/links/economy" in blunt.text.split("Go to:")[1].split(",")[0]
    assert fixture_server.hits["/links"] == hits

    moved_on = await wp.navigate("/links/garden")
    assert moved_on.ok and moved_on.visits == 1
    reloaded = await wp.navigate("/links/garden", reload=True)
    assert reloaded.ok and reloaded.visits == 2


async def test_bad_targets_and_session_ids_are_refused_clearly(wp: Waypost) -> None:
    with pytest.raises(BlockedURL, match="only http and https"):
        await wp.navigate("file:///etc/passwd")
    with pytest.raises(BlockedURL, match="relative"):
        await wp.navigate("/politik/", session_id="fresh")
    with pytest.raises(InvalidSessionId):
        await wp.navigate("http://127.0.0.1/", session_id="../../etc")
    tool = wp.tools()["research_navigate"]
    text = await tool(target="javascript:alert(1)")
    assert text.startswith("Error: ") and "only http and https" in text


async def test_hostile_pages_give_a_view_within_budget(wp: Waypost, fixture_server: FixtureServer) -> None:
    for path in ["/huge", "/malformed", "/png"]:
        result = await wp.navigate(fixture_server.url + path)
        assert result.text.startswith("You are on:")
        assert count_tokens(result.text) <= 1300
    huge = await wp.navigate(fixture_server.url + "/huge", reload=True)
    assert len(huge.links) > 15 and len(huge.view.shown_links) <= 15


async def test_forms_feeds_and_pagination_on_request(wp: Waypost, demo_site) -> None:
    login = await wp.navigate(demo_site.url + "/login", show_forms=True)
    form = next(f for f in login.view.model.forms if any(field.name == "password" for field in f.fields))
    assert {field.name for field in form.fields} >= {"username", "password"}
    assert "password" in login.text
    plain = await wp.navigate(demo_site.url + "/", session_id="other")
    assert plain.view.model.feeds and plain.view.model.feeds[0].url.endswith("/feed.xml")
    politik = await wp.navigate(demo_site.url + "/politik/", session_id="other")
    assert politik.view.model.next_url and politik.view.model.next_url.endswith("/politik/?seite=2")


async def test_sessions_browse_independently(wp: Waypost, demo_site) -> None:
    await wp.navigate(demo_site.url + "/", session_id="a")
    await wp.navigate(demo_site.url + "/sport/", session_id="b")
    a = await wp.navigate("/politik/", session_id="a")
    assert a.final_url == demo_site.url + "/politik/"
    guard = await wp.navigate(demo_site.url + "/sport/", session_id="b")
    assert guard.error == "same_url"
    ids = {row.session_id for row in wp.sessions.status()}
    assert {"a", "b"} <= ids
    assert await wp.sessions.clear("a")
    assert "a" not in {row.session_id for row in wp.sessions.status()}


async def test_a_host_without_a_scheme_is_opened_over_http(wp: Waypost, demo_site) -> None:
    bare = demo_site.url.removeprefix("http://") + "/politik/"  # 127.0.0.1:PORT/politik/
    result = await wp.navigate(bare, session_id="bare")
    assert result.ok and result.status == 200
    assert result.final_url == demo_site.url + "/politik/"


async def test_answers_that_are_no_page_say_what_they_are_in_one_line(
    wp: Waypost, fixture_server: FixtureServer
) -> None:
    image = await wp.navigate(fixture_server.url + "/png", session_id="files")
    line = next(ln for ln in image.text.splitlines() if ln.startswith("Not a web page"))
    assert "an image (image/png, 108 bytes)" in line
    assert f"saved in the archive as doc {image.archived.document_id}" in line
    traffic = next(ln for ln in image.text.splitlines() if "traffic:" in ln)
    assert "img 1" in traffic and "html" not in traffic  # the tab shows an image, not HTML

    empty = await wp.navigate(fixture_server.url + "/empty", session_id="files")
    assert "The answer is empty (HTTP 200, text/html, 0 bytes): nothing to read" in empty.text

    # A file that downloads is saved with the session's downloads and said so in one line.
    download = await wp.navigate(fixture_server.url + "/zip", session_id="files")
    assert download.text.splitlines()[0].startswith("This URL is a file download, not a page.")
    assert "ZIP, 22 B" in download.text and "It is not opened or run." in download.text
