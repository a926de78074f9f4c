"""``Archive`` as an object: lifecycle, the enabled switch, and navigations the page starts itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.archive.archive_site import ArchiveSite
from tests.archive.conftest import browse, capturing
from tests.archive.test_capture import by_path, documents
from waypost.archive import Archive, ArchiveClosed, ArchiveState, NavigationStats
from waypost.config import Settings


async def test_archive_should_refuse_use_outside_its_lifetime(tmp_path: Path) -> None:
    archive = Archive.in_data_dir(tmp_path)
    with pytest.raises(ArchiveClosed, match="unopened"):
        await archive.search("x")
    async with archive:
        assert archive.state is ArchiveState.OPEN
        assert await archive.search("nothing") == []
    assert archive.state is ArchiveState.CLOSED
    with pytest.raises(ArchiveClosed, match="closed"):
        await archive.get("1")
    with pytest.raises(ArchiveClosed, match="create a new Archive"):
        await archive.open()
    await archive.close()  # closing twice is fine


def test_navigation_stats_line_should_skip_zero_counts() -> None:
    counts = {"HTML": 1, "JS": 3, "CSS": 2, "XHR": 1, "FONT": 0, "IMAGE": 12, "MEDIA": 0, "OTHER": 0}
    assert NavigationStats("n", "u", counts, "4217").line() == (
        "Archived as doc 4217 · traffic: html 1, js 3, css 2, xhr 1, img 12"
    )
    assert NavigationStats("n", "u", dict.fromkeys(counts, 0), None, failed=2).line() == (
        "Not archived · traffic: failed 2"
    )
    assert NavigationStats("n", "u", dict.fromkeys(counts, 0), None).line() == "Not archived"


@pytest.mark.browser
async def test_archive_disabled_should_record_nothing(settings: Settings, archive_site: ArchiveSite) -> None:
    async with capturing(settings, enabled=False) as (archive, pool):
        stats = await browse(archive, pool, archive_site.url + "/status/200")
        assert stats.document_id is None
    assert documents(settings) == []


@pytest.mark.browser
async def test_archive_should_open_a_navigation_when_the_page_navigates_itself(
    settings: Settings, archive_site: ArchiveSite
) -> None:
    async with capturing(settings) as (archive, pool):
        first = await browse(archive, pool, archive_site.url + "/status/200")
        async with pool.session() as session:
            await session.page.evaluate("location.href = '/s/click/1'")
            await session.page.wait_for_function(
                "document.getElementById('status').textContent.startsWith('done')"
            )
    docs = by_path(documents(settings), archive_site.url)
    clicked = docs["/s/click/1"]
    assert clicked.nav_id != first.nav_id and clicked.is_main
    assert docs["/s/click/1/data.json"].nav_id == clicked.nav_id == docs["/s/click/1/pic.png"].nav_id


async def test_a_run_stopped_while_its_page_is_archived_stops(tmp_path: Path) -> None:
    """Cancelling the caller of ``end_navigation`` (the web view's Stop, Ctrl-C) while it waits for
    the main document to be archived cancels it; the archiving's own cancel only leaves no id.
    (A swallowed cancel let a stopped run go on, and the Stop waited for it.)"""
    import asyncio

    async with Archive.in_data_dir(tmp_path) as archive:
        nav = archive.begin_navigation("default", "http://127.0.0.1/x")
        nav.main_id = asyncio.get_running_loop().create_future()
        waiting = asyncio.create_task(archive.end_navigation(nav, max_wait=30))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(waiting, 2)

        nav = archive.begin_navigation("default", "http://127.0.0.1/y")
        nav.main_id = asyncio.get_running_loop().create_future()
        nav.main_id.cancel()
        stats = await asyncio.wait_for(archive.end_navigation(nav, max_wait=30), 2)
        assert isinstance(stats, NavigationStats)
