"""Shared fixtures: real Chromium, a data dir per test, and sites served on 127.0.0.1.

Every browser in the tests runs with ``loopback_only``: requests to anything but 127.0.0.0/8
and ::1 are aborted, so pages never reach the internet.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.fixture_server import FixtureServer
from waypost.browser.launch import find_chromium
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


@pytest.fixture
async def pool(settings: Settings) -> AsyncIterator[SessionPool]:
    async with SessionPool(settings) as p:
        yield p


@pytest.fixture
async def wp(settings: Settings) -> AsyncIterator[object]:
    from waypost.api import Waypost

    async with Waypost(settings) as w:
        yield w
