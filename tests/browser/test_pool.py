"""SessionPool in real Chromium: isolation, persistence, eviction, expiry, crash recovery."""

from __future__ import annotations

import asyncio
import os
import signal
import stat
from pathlib import Path

import pytest

from tests.conftest import make_settings
from tests.fixture_server import FixtureServer
from waypost.browser.navigation import open_url
from waypost.browser.pool import SessionPool
from waypost.config import Settings
from waypost.errors import InvalidSessionId, SessionBusy


async def cookie_seen(pool: SessionPool, session_id: str, server: FixtureServer) -> str:
    snap = await open_url(pool, session_id, server.url + "/echo-cookies")
    return snap.html.split('<p id="c">', 1)[1].split("</p>", 1)[0]


def browser_pids(instance_id: str) -> list[int]:
    """Main browser processes launched by a pool (the marker flag is on their command line)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\x00")
        except OSError:
            continue
        if f"--waypost-instance={instance_id}".encode() in cmd and not any(
            a.startswith(b"--type=") for a in cmd
        ):
            pids.append(int(entry.name))
    return pids


async def test_cookies_and_local_storage_survive_a_restart(
    settings: Settings, fixture_server: FixtureServer
) -> None:
    async with SessionPool(settings) as pool:
        await open_url(pool, "alice", fixture_server.url + "/setcookie?name=token&value=abc123")
        snap = await open_url(pool, "alice", fixture_server.url + "/storage?who=alice")
        assert "who=alice" in snap.html
    state_file = settings.data_dir / "sessions" / "alice" / "storage.json"
    assert stat.S_IMODE(state_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(state_file.parent.stat().st_mode) == 0o700
    async with SessionPool(settings) as pool:  # a new process, as after a restart
        assert await cookie_seen(pool, "alice", fixture_server) == "token=abc123"
        snap = await open_url(pool, "alice", fixture_server.url + "/storage")
        assert "who=alice" in snap.html


async def test_five_parallel_sessions_never_see_each_others_cookies(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    ids = [f"user{i}" for i in range(5)]

    async def run(sid: str) -> str:
        await open_url(pool, sid, fixture_server.url + f"/setcookie?name=who&value={sid}")
        await asyncio.sleep(0)
        return await cookie_seen(pool, sid, fixture_server)

    seen = await asyncio.gather(*(run(sid) for sid in ids))
    assert seen == [f"who={sid}" for sid in ids]
    assert sorted(pool.live_ids()) == ids


async def test_eviction_saves_state_and_restores_it(tmp_path: Path, fixture_server: FixtureServer) -> None:
    settings = make_settings(tmp_path, max_contexts=2)
    async with SessionPool(settings) as pool:
        await open_url(pool, "default", fixture_server.url + "/setcookie?name=d&value=0")
        await open_url(pool, "s1", fixture_server.url + "/setcookie?name=s&value=1")
        await open_url(pool, "s2", fixture_server.url + "/setcookie?name=s&value=2")
        # s1 was least recently used and not 'default': it was evicted, its cookies saved.
        assert sorted(pool.live_ids()) == ["default", "s2"]
        assert (settings.data_dir / "sessions" / "s1" / "storage.json").is_file()
        assert await cookie_seen(pool, "s1", fixture_server) == "s=1"
        assert "default" in pool.live_ids()


async def test_a_session_in_flight_is_never_evicted(tmp_path: Path, fixture_server: FixtureServer) -> None:
    settings = make_settings(tmp_path, max_contexts=1)
    async with SessionPool(settings) as pool:
        async with pool.session("busy") as busy:
            await open_url(pool, "other", fixture_server.url + "/links")
            assert "busy" in pool.live_ids()
            assert not busy.page.is_closed()
        # Released: now the pool comes back under its limit.
        await open_url(pool, "third", fixture_server.url + "/links")
        assert len(pool.live_ids()) == 1


async def test_idle_sessions_expire_and_keep_their_state(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    await open_url(pool, "idle", fixture_server.url + "/setcookie?name=i&value=1")
    assert await pool.expire_idle() == []
    import time

    expired = await pool.expire_idle(now=time.time() + pool.settings.session_timeout + 1)
    assert "idle" in expired and "idle" not in pool.live_ids()
    assert await cookie_seen(pool, "idle", fixture_server) == "i=1"


async def test_the_janitor_expires_sessions_in_the_background(
    tmp_path: Path, fixture_server: FixtureServer
) -> None:
    settings = make_settings(tmp_path, session_timeout=0.2, janitor_interval=0.1)
    async with SessionPool(settings) as pool:
        await open_url(pool, "short", fixture_server.url + "/links")
        for _ in range(50):
            if "short" not in pool.live_ids():
                break
            await asyncio.sleep(0.1)
        assert "short" not in pool.live_ids()


async def test_a_killed_browser_is_relaunched_with_its_sessions(
    pool: SessionPool, fixture_server: FixtureServer
) -> None:
    await open_url(pool, "survivor", fixture_server.url + "/setcookie?name=keep&value=me")
    pids = browser_pids(pool.instance_id)
    assert len(pids) == 1
    os.kill(pids[0], signal.SIGKILL)
    for _ in range(100):
        if pool.browser is None or not pool.browser.is_connected():
            break
        await asyncio.sleep(0.05)
    assert await cookie_seen(pool, "survivor", fixture_server) == "keep=me"
    assert pool.relaunches == 1
    assert browser_pids(pool.instance_id) and browser_pids(pool.instance_id) != pids


async def test_status_and_clear(pool: SessionPool, fixture_server: FixtureServer) -> None:
    await open_url(pool, "a", fixture_server.url + "/links")
    rows = {row.session_id: row for row in pool.status()}
    assert rows["a"].live and rows["a"].has_saved_state and rows["a"].url.endswith("/links")
    assert await pool.close_session("a", forget=True)
    assert "a" not in {row.session_id for row in pool.status()}
    assert not (pool.settings.data_dir / "sessions" / "a").exists()


async def test_closing_a_busy_session_is_refused(pool: SessionPool) -> None:
    async with pool.session("x"):
        with pytest.raises(SessionBusy):
            await pool.close_session("x")


async def test_hostile_session_ids_are_refused_before_any_browser_work(pool: SessionPool) -> None:
    for bad in ["../../etc", "..", "a/b", "x" * 100, ""]:
        with pytest.raises(InvalidSessionId):
            async with pool.session(bad):
                pass
    assert pool.live_ids() == []
    assert not (pool.settings.data_dir / "sessions").exists()


async def test_requests_off_loopback_are_aborted(pool: SessionPool, fixture_server: FixtureServer) -> None:
    failed: list[str] = []
    async with pool.session("net") as session:
        session.page.on("requestfailed", lambda request: failed.append(request.url))
        await session.page.goto(fixture_server.url + "/external-resources")
        await session.page.wait_for_load_state("load")
    assert any("example.com" in url for url in failed)
    assert any("example.org" in url for url in failed)


async def test_without_a_system_chromium_playwrights_own_build_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.async_api import async_playwright

    from waypost.browser import launch
    from waypost.errors import BrowserUnavailable

    monkeypatch.setattr(launch, "SYSTEM_CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setattr(launch, "SYSTEM_HEADLESS_SHELL", str(tmp_path / "no-headless-shell"))
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("WAYPOST_CHROMIUM", raising=False)
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "browsers"))  # an empty download folder
    assert launch.find_chromium() is None and launch.find_chromium(headless=True) is None
    async with async_playwright() as playwright:
        with pytest.raises(BrowserUnavailable) as info:
            await launch.launch_browser(playwright)
    # Playwright looked for its own build (not there in this folder) and the message says how to get it.
    assert str(tmp_path / "browsers") in str(info.value)
    assert "python -m playwright install chromium" in str(info.value)


def test_a_headless_launch_prefers_the_headless_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Debian's chromium-headless-shell, when installed, runs headless launches (a page costs it
    about a third of full Chromium's CPU); a headed launch and an explicit binary are untouched."""
    from waypost.browser import launch

    shell, full = tmp_path / "chromium-headless-shell", tmp_path / "chromium"
    shell.write_text(""), full.write_text("")
    monkeypatch.setattr(launch, "SYSTEM_HEADLESS_SHELL", str(shell))
    monkeypatch.setattr(launch, "SYSTEM_CHROMIUM", str(full))
    assert launch.find_chromium(headless=True) == str(shell)
    assert launch.find_chromium() == str(full)
    assert launch.find_chromium(str(full), headless=True) == str(full)
    shell.unlink()
    assert launch.find_chromium(headless=True) == str(full)
