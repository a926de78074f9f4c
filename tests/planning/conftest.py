"""Fixtures for Planner-RAG tests: one Chromium for the module run, a fresh page per test."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from playwright.async_api import Page

from tests.conftest import make_settings
from tests.retrieval.site import PageServer
from waypost.browser.pool import SessionPool
from waypost.planning import PlannerStore, PlanningSession
from waypost.retrieval import Actor, RetrievalSettings


@pytest.fixture(scope="session")
def pages() -> Iterator[PageServer]:
    with PageServer() as server:
        yield server


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def planning_pool(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[SessionPool]:
    settings = make_settings(tmp_path_factory.mktemp("planning-pool"), max_contexts=10)
    async with SessionPool(settings) as pool:
        yield pool


@pytest_asyncio.fixture(loop_scope="session")
async def page(planning_pool: SessionPool) -> AsyncIterator[Page]:
    session_id = f"p-{uuid.uuid4().hex[:10]}"
    async with planning_pool.session(session_id) as session:
        yield session.page
    await planning_pool.close_session(session_id, forget=True)


@pytest.fixture
def store() -> Iterator[PlannerStore]:
    with PlannerStore() as s:
        yield s


@pytest.fixture
def planning(store: PlannerStore) -> PlanningSession:
    actor = Actor(RetrievalSettings(memory=False, telemetry=False, settle_timeout=0.5))
    return PlanningSession(actor, store=store)
