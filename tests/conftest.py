"""Shared fixtures: real Chromium, a data dir per test, and sites served on 127.0.0.1.

Every browser in the tests runs with ``loopback_only``: requests to anything but 127.0.0.0/8
and ::1 are aborted, so pages never reach the internet.

Async tests and fixtures run on one event loop per test process (``asyncio_default_*_loop_scope``
in pyproject.toml), so that one Chromium (``shared_browser``) serves every ``wp`` and ``pool``:
launching Chromium and Playwright's driver for each test was most of the suite's time. Each test
still gets its own ``Waypost``/``SessionPool``, data dir, guard proxy and browser contexts, closed
when it ends: no cookies, storage, pages or routes reach another test. A test that needs a
browser of its own (launch options, crashes, relaunches, profiles, download limits) starts one.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, async_playwright

from tests.fixture_server import FixtureServer
from waypost.browser.launch import find_chromium, launch_browser
from waypost.browser.pool import SessionPool
from waypost.config import RetrySettings, Settings

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus" / "readability"

if "TIKTOKEN_CACHE_DIR" not in os.environ and (SHARED / "tokenizers").is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED / "tokenizers")


def pytest_sessionstart(session: pytest.Session) -> None:
    # Browser tests must run for real; a missing Chromium is an error, not a skip.
    if find_chromium(Settings().chromium) is None:
        raise pytest.UsageError(
            "No Chromium found: run `make test` (installs Debian's chromium) or set WAYPOST_CHROMIUM."
        )


@pytest.fixture(scope="session")
def fixture_server() -> Iterator[FixtureServer]:
    server = FixtureServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def demo_site() -> Iterator[object]:
    from waypost.demo.server import DemoSite

    with DemoSite() as site:
        yield site


def make_settings(data_dir: Path, **overrides: object) -> Settings:
    """Settings for tests: loopback only, retries in milliseconds, a private data dir."""
    values: dict[str, object] = {
        "data_dir": data_dir,
        "loopback_only": True,
        "retry": RetrySettings(tries=3, delays=(0.01, 0.02, 0.04), jitter=0.1),
        "nav_timeout": 10.0,
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "data")


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_browser(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Browser]:
    """One Chromium per test process, launched as the product launches it; tests only open contexts."""
    async with async_playwright() as p:
        launched = await launch_browser(
            p,
            chromium=Settings().chromium,
            downloads_path=tmp_path_factory.mktemp("shared-browser-downloads"),
        )
        yield launched.browser
        await launched.browser.close()


@contextlib.contextmanager
def own_contexts_closed(browser: Browser) -> Iterator[None]:
    """Fail the test if it leaves a context open in the shared browser (state could leak on)."""
    before = set(browser.contexts)
    yield
    left = [c for c in browser.contexts if c not in before]
    assert not left, f"the test left {len(left)} browser context(s) open in the shared browser"


@pytest.fixture
async def pool(settings: Settings, shared_browser: Browser) -> AsyncIterator[SessionPool]:
    with own_contexts_closed(shared_browser):
        async with SessionPool(settings, browser=shared_browser) as p:
            yield p


@pytest.fixture
async def wp(settings: Settings, shared_browser: Browser) -> AsyncIterator[object]:
    from waypost.api import Waypost

    with own_contexts_closed(shared_browser):
        async with Waypost(settings, browser=shared_browser) as w:
            yield w
