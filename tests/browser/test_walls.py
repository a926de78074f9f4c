"""CAPTCHA walls: overridden when detected by mistake, or handed to a person or solver (real Chromium)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import make_settings
from waypost.api import Waypost
from waypost.navigation import Wall

SOLVED = (
    "<html><head><title>Member area</title></head><body><main><h1>Member area</h1>"
    "<p>Welcome back. Your order 4711 has shipped.</p></main></body></html>"
)


async def test_a_wall_is_reported_unless_allowed_per_call_or_by_setting(
    tmp_path: Path, fixture_server
) -> None:
    url = fixture_server.url + "/captcha-recaptcha"
    async with Waypost(make_settings(tmp_path)) as wp:
        walled = await wp.navigate(url, session_id="a")
        assert walled.blocked == "captcha" and "Blocked: captcha" in walled.text
        assert "Please verify you are human" not in walled.text  # a wall's text is not content
        allowed = await wp.navigate(url, session_id="b", allow_blocked=True)
        assert allowed.blocked is None and allowed.block is not None  # what was seen is kept
        assert "Please verify you are human" in allowed.text and "shown as it is" in allowed.text
    async with Waypost(make_settings(tmp_path / "s", allow_blocked=True)) as wp:
        assert (await wp.navigate(url)).blocked is None
        assert (await wp.navigate(url, reload=True, allow_blocked=False)).blocked == "captcha"


async def test_on_blocked_hands_the_page_to_a_solver(tmp_path: Path, fixture_server) -> None:
    walls: list[Wall] = []

    async def solver(wall: Wall) -> bool:
        walls.append(wall)
        await wall.page.set_content(SOLVED)  # what a person or solver service would leave behind
        return True

    async with Waypost(make_settings(tmp_path), on_blocked=solver) as wp:
        view = await wp.navigate(fixture_server.url + "/captcha-cf", session_id="s")
    assert [w.block.provider for w in walls] == ["cloudflare"] and walls[0].session_id == "s"
    assert view.blocked is None and "Your order 4711 has shipped" in view.text
    assert "it was solved for you" in view.text

    async def gives_up(wall: Wall) -> bool:
        return False

    async def breaks(wall: Wall) -> bool:
        raise RuntimeError("solver offline")

    for callback in (gives_up, breaks):
        async with Waypost(make_settings(tmp_path / callback.__name__), on_blocked=callback) as wp:
            view = await wp.navigate(fixture_server.url + "/captcha-cf")
        assert view.blocked == "captcha" and "A person has to solve it" in view.text
