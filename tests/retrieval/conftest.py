"""Fixtures for retrieval tests: one Chromium for the whole run, a fresh context per test.

Tests here run on one session-wide event loop (``pytestmark`` in each module) so that the
browser starts once. Every request outside 127.0.0.1 is aborted (``loopback_only``).
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Page

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
        yield pool


@pytest_asyncio.fixture(loop_scope="session")
async def page(shared_pool: SessionPool) -> AsyncIterator[Page]:
    session_id = f"t-{uuid.uuid4().hex[:10]}"
    async with shared_pool.session(session_id) as session:
        yield session.page
    await shared_pool.close_session(session_id, forget=True)


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
