"""Fixtures for the archive: its test site, and a pool whose sessions are captured."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.archive.archive_site import ArchiveSite
from waypost.archive import Archive, ArchiveSettings, ArchiveState, NavigationStats
from waypost.browser.pool import SessionPool
from waypost.config import Settings


@pytest.fixture(scope="session")
def archive_site() -> Iterator[ArchiveSite]:
    site = ArchiveSite().start()
    yield site
    site.stop()


@contextlib.asynccontextmanager
async def capturing(
    settings: Settings, **archive_settings: Any
) -> AsyncIterator[tuple[Archive, SessionPool]]:
    """An open archive in the test's data dir and a session pool it captures."""
    async with (
        Archive.in_data_dir(settings.data_dir, ArchiveSettings(**archive_settings)) as archive,
        SessionPool(settings, on_context=archive.attach) as pool,
    ):
        yield archive, pool
        if archive.state is ArchiveState.OPEN:  # read pending bodies while the pages are still open
            await archive.flush()


@pytest.fixture
async def captured(settings: Settings) -> AsyncIterator[tuple[Archive, SessionPool]]:
    async with capturing(settings) as pair:
        yield pair


async def browse(
    archive: Archive,
    pool: SessionPool,
    url: str,
    session_id: str = "default",
    *,
    wait_for_done: bool = False,
) -> NavigationStats:
    """Load ``url`` as the navigator will: inside begin/end_navigation."""
    nav = archive.begin_navigation(session_id, url)
    async with pool.session(session_id) as session:
        await session.page.goto(url)
        if wait_for_done:
            await session.page.wait_for_function(
                "document.getElementById('status').textContent.startsWith('done')"
            )
    return await archive.end_navigation(nav)


def database_bytes(data_dir: Path) -> bytes:
    """Everything the archive wrote to disk: the database and its search index, with their WAL and
    shared-memory files."""
    files = sorted(data_dir.glob("archive*.db*"))
    assert any(p.name.startswith("archive-index.db") for p in files)
    return b"".join(p.read_bytes() for p in files)
