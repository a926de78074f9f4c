"""Fixtures for retrieval tests: one Chromium for the whole run, a fresh context per test.

Tests here run on one session-wide event loop (``pytestmark`` in each module) so that the
browser starts once. Every request outside 127.0.0.1 is aborted (``loopback_only``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Page, Route

from tests.conftest import make_settings
from tests.retrieval.site import PageServer
from waypost.browser.pool import SessionPool
from waypost.retrieval import Actor, RetrievalSettings, RetrievalStore


@pytest.fixture(scope="session")
def pages() -> Iterator[PageServer]:
    with PageServer() as server:
        yield server


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared_pool(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[SessionPool]:
    settings = make_settings(tmp_path_factory.mktemp("retrieval-pool"), max_contexts=20)
    assert settings.loopback_only
    async with SessionPool(settings) as pool:
        async with pool.session("t-launch"):  # Chromium starts once, with the pool's own flags
            pass
        yield pool


@pytest_asyncio.fixture(loop_scope="session")
async def page(shared_pool: SessionPool) -> AsyncIterator[Page]:
    """A fresh context on the shared Chromium. The pool's URL policy aborts every request outside
    127.0.0.1 by route; these tests need no session store, saved state or guard proxy (which the
    pool's own tests cover), and a context without them opens in a fraction of the time."""
    browser = shared_pool.browser
    assert browser is not None
    policy = shared_pool.policy
    assert policy.active
    context = await browser.new_context(service_workers="block")
    context.set_default_navigation_timeout(10_000)
    context.set_default_timeout(10_000)

    async def guard(route: Route) -> None:
        if policy.request_refusal(route.request.url) is not None:
            await route.abort("blockedbyclient")
            return
        await route.fallback()

    await context.route("**/*", guard)
    try:
        yield await context.new_page()
    finally:
        await context.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RetrievalStore]:
    with RetrievalStore(tmp_path / "retrieval.db") as s:
        yield s


@pytest.fixture
def actor(store: RetrievalStore) -> Iterator[Actor]:
    yield Actor(RetrievalSettings(settle_timeout=1.5), store=store)


@pytest.fixture
def quiet() -> Iterator[Actor]:
    """An actor that remembers nothing and logs nothing, and settles briefly."""
    yield Actor(RetrievalSettings(memory=False, telemetry=False, settle_timeout=0.3))


class ScriptedChooser:
    """Stands in for an LLM: answers with the candidate whose element matches, and records each call."""

    def __init__(self, pick: str | None = None) -> None:
        self.pick = pick
        self.calls: list[tuple[str, list[str]]] = []

    async def __call__(self, query: str, candidates: list) -> int | None:  # type: ignore[type-arg]
        self.calls.append((query, [c.element.describe() for c in candidates]))
        if self.pick is None:
            return None
        for c in candidates:
            if self.pick.casefold() in f"{c.element.describe()} {c.element.nearby}".casefold():
                return c.id
        return None
