"""The public Python API: async and sync."""

from __future__ import annotations

from pathlib import Path

from waypost import Waypost
from waypost.api import SyncWaypost


async def test_async_api_matches_the_readme(tmp_path: Path, demo_site) -> None:
    async with Waypost(data_dir=tmp_path, loopback_only=True) as wp:
        view = await wp.navigate(demo_site.url + "/", hint="Sport", session_id="api")
        assert view.text.startswith("You are on:")
        assert view.links and view.tokens <= 1300
        assert view.status == 200 and view.final_url == demo_site.url + "/"
    assert (tmp_path / "sessions" / "api" / "storage.json").is_file()


def test_sync_wrapper(tmp_path: Path, demo_site) -> None:
    with SyncWaypost(data_dir=tmp_path, loopback_only=True) as wp:
        view = wp.navigate(demo_site.url + "/sport/")
        assert view.final_url == demo_site.url + "/sport/"
        assert any(row.session_id == "default" for row in wp.sessions)
