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


def test_sync_wrapper_covers_the_whole_api(tmp_path: Path, demo_site) -> None:
    task = "Open the politics section and give me its top headline"
    with SyncWaypost(data_dir=tmp_path, loopback_only=True) as wp:
        # run and stream (an iterator) with the offline planner: no model needed.
        result = wp.run(task, start_url=demo_site.url + "/", approve="never", max_steps=20, session_id="r")
        assert result.answer and result.steps >= 1
        events = list(wp.stream(task, start_url=demo_site.url + "/", approve="never", max_steps=20))
        assert events[-1]["type"] == "done" and events[-1]["result"].answer
        assert "node" in {event["type"] for event in events}  # events arrive one by one, as they happen
        # resume: a finished thread answers again from its checkpoint.
        assert wp.resume(result.thread_id).answer == result.answer

        view = wp.navigate(demo_site.url + "/politik/", session_id="a")
        wp.archive.flush()
        word = view.title.split()[0]
        hits = wp.archive.search(word)
        assert hits and wp.archive.get(hits[0].id).text
        assert wp.archive.stats().documents >= 1

        tools = wp.tools()
        assert "Error:" not in tools["search_archive"](query=word)
        assert [spec.name for spec in wp.tool_specs()] == list(tools)
        assert isinstance(wp.skills.list(), list)
        with wp.subagents() as agents:
            assert agents.agents == []
        assert wp.clear_session("a") is True
