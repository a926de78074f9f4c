"""Page loads in real Chromium: retries with backoff, errors, walls; clicks never retried."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.conftest import make_settings
from tests.fixture_server import FixtureServer
from waypost.browser.navigation import open_url
from waypost.browser.pool import SessionPool
from waypost.config import RetrySettings
from waypost.errors import NavigationFailed


class RecordingSleep:
    def __init__(self) -> None:
        self.calls: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)


async def test_a_flaky_endpoint_is_retried_until_it_answers(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    sleep = RecordingSleep()
    snap = await open_url(pool, "default", fixture_server.url + "/flaky/a?fail=2&status=503", sleep=sleep)
    assert snap.status == 200 and snap.attempts == 3 and "try 3" in snap.html
    assert fixture_server.hits["/flaky/a"] == 3
    assert len(sleep.calls) == 2 and sleep.calls[0] < sleep.calls[1]  # backoff grows


async def test_429_and_dropped_connections_are_retried(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    snap = await open_url(pool, "default", fixture_server.url + "/flaky/b?fail=1&status=429")
    assert snap.status == 200 and snap.attempts == 2
    # A dropped connection: Chromium may retry a reused socket itself; either way the page arrives.
    snap = await open_url(pool, "default", fixture_server.url + "/flaky/c?fail=2&status=drop")
    assert snap.status == 200 and fixture_server.hits["/flaky/c"] == 3


async def test_a_page_that_stays_broken_returns_its_last_answer(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    snap = await open_url(pool, "default", fixture_server.url + "/flaky/d?fail=9&status=503")
    assert snap.status == 503 and snap.attempts == 3
    assert fixture_server.hits["/flaky/d"] == 3


async def test_a_refused_connection_fails_clearly_after_all_tries(pool: SessionPool) -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens here now
    sleep = RecordingSleep()
    with pytest.raises(NavigationFailed) as info:
        await open_url(pool, "default", f"http://127.0.0.1:{port}/", sleep=sleep)
    assert info.value.reason == "refused" and info.value.attempts == 3
    assert "after 3 tries" in str(info.value)
    assert len(sleep.calls) == 2


async def test_default_backoff_schedule_is_2_5_10_seconds(tmp_path: Path) -> None:
    retry = make_settings(tmp_path, retry=RetrySettings()).retry
    assert retry.tries == 3 and retry.delays == (2.0, 5.0, 10.0)


async def test_a_click_that_submits_a_form_is_never_retried(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    await open_url(pool, "default", fixture_server.url + "/form")
    async with pool.session("default") as session:
        async with session.page.expect_navigation():
            await session.page.click("#go")
        assert "Try later" in await session.page.content()  # the server answered 503...
    assert fixture_server.posts["/submit"] == 1  # ...and the POST was sent once


async def test_redirects_give_the_final_url_and_chain(pool: SessionPool, demo_site) -> None:
    snap = await open_url(pool, "default", demo_site.url + "/umleitung")
    assert snap.final_url == demo_site.url + "/politik/"
    assert snap.redirects == [demo_site.url + "/umleitung", demo_site.url + "/alt/politik"]


async def test_a_download_is_refused_clearly(pool: SessionPool, fixture_server: FixtureServer) -> None:
    with pytest.raises(NavigationFailed) as info:
        await open_url(pool, "default", fixture_server.url + "/binary")
    assert info.value.reason == "download"


async def test_a_page_whose_script_never_yields_does_not_hang(
    tmp_path: Path, fixture_server: FixtureServer
) -> None:
    settings = make_settings(tmp_path, nav_timeout=2.0, retry=RetrySettings(tries=1, delays=(0.01,)))
    async with SessionPool(settings) as pool:
        try:
            snap = await open_url(pool, "default", fixture_server.url + "/busy")
        except NavigationFailed as exc:
            assert exc.reason == "timeout"
        else:  # Chromium may still hand over the DOM; then the answer must be complete
            assert snap.status == 200
        snap = await open_url(pool, "default", fixture_server.url + "/links")
        assert snap.title == "Link hub"


@pytest.mark.parametrize("path", ["/captcha-cf", "/captcha-recaptcha", "/captcha-hcaptcha"])
async def test_captcha_walls_are_reported(
    pool: SessionPool, fixture_server: FixtureServer, path: str
) -> None:
    snap = await open_url(pool, "default", fixture_server.url + path)
    assert snap.block is not None and snap.block.kind == "captcha"


async def test_a_form_with_a_recaptcha_is_not_a_wall(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    snap = await open_url(pool, "default", fixture_server.url + "/form-with-recaptcha")
    assert snap.block is None


async def test_a_failed_load_never_spoils_the_next_one_20_times(
    tmp_path: Path, fixture_server: FixtureServer
) -> None:
    # Chromium commits its error page a moment after goto() reports the failure; a load started in
    # between used to be "interrupted by another navigation to chrome-error://chromewebdata/".
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    closed_port = sock.getsockname()[1]
    sock.close()
    settings = make_settings(tmp_path, retry=RetrySettings(tries=1, delays=(0.01,)))
    async with SessionPool(settings) as pool:
        for i in range(20):  # about 2 s a round on a loaded CI machine: 20 rounds, not 50
            with pytest.raises(NavigationFailed) as info:
                await open_url(pool, "default", f"http://127.0.0.1:{closed_port}/")
            assert info.value.reason == "refused"
            snap = await open_url(pool, "default", fixture_server.url + "/links")
            assert snap.title == "Link hub", f"run {i}: {snap.title!r}"
            async with pool.session("default") as session:
                await pool.discard_page(session)  # a fresh page is where the race showed most


async def test_the_policy_block_reads_as_one_plain_line(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, retry=RetrySettings(tries=1, delays=(0.01,)))
    async with SessionPool(settings) as pool:  # loopback only: example.org is aborted
        with pytest.raises(NavigationFailed) as info:
            await open_url(pool, "default", "http://example.org/")
    text = str(info.value)
    assert "\n" not in text and "Page.goto" not in text
    assert "URL policy" in text and "(net::ERR_BLOCKED_BY_CLIENT)" in text


async def test_the_overall_load_limit_stops_the_retries(
    tmp_path: Path, fixture_server: FixtureServer
) -> None:
    settings = make_settings(
        tmp_path, nav_timeout=2.0, load_limit=3.0, retry=RetrySettings(tries=3, delays=(0.5,), jitter=0)
    )
    async with SessionPool(settings) as pool:
        with pytest.raises(NavigationFailed) as info:
            await open_url(pool, "default", fixture_server.url + "/hang?s=20")
    text = str(info.value)
    assert info.value.reason == "timeout" and info.value.attempts < 3
    assert "WAYPOST_LOAD_LIMIT" in text and "did not finish loading within" in text and "\n" not in text
