"""The model-facing acting tools, bound to a real session pool and actor."""

from __future__ import annotations

import inspect
import uuid
from types import SimpleNamespace

import pytest

from tests.retrieval.site import PageServer
from waypost.browser.pool import SessionPool
from waypost.retrieval import Actor
from waypost.tools.acting import ACTING_TOOLS


@pytest.mark.asyncio(loop_scope="session")
async def test_tools_act_on_the_session_page_and_answer_in_text(
    shared_pool: SessionPool, pages: PageServer, actor: Actor
) -> None:
    wp = SimpleNamespace(pool=shared_pool, actor=actor)  # what the tools use of a Waypost
    tools = {spec.name: spec.bind(wp) for spec in ACTING_TOOLS}  # type: ignore[arg-type]
    assert list(tools) == [
        "click",
        "type",
        "select",
        "check",
        "press",
        "scroll",
        "dismiss_overlays",
        "observe",
        "extract",
    ]
    assert all("session_id" in inspect.signature(fn).parameters for fn in tools.values())
    sid = f"tools-{uuid.uuid4().hex[:8]}"
    async with shared_pool.session(sid) as s:
        await s.page.goto(pages.url_for("cookie.html"))
    covered = await tools["click"]("subscribe to events", session_id=sid)
    assert "dismiss_overlays" in covered
    assert "Closed" in await tools["dismiss_overlays"](session_id=sid)
    assert "Clicked" in await tools["click"]("subscribe to events", session_id=sid)
    assert "harbour" in await tools["extract"]("branch libraries", session_id=sid)
    async with shared_pool.session(sid) as s:
        await s.page.goto(pages.url_for("signup.html"))
    assert "Typed" in await tools["type"]("first name", "Ada", session_id=sid)
    assert "Selected" in await tools["select"]("country", "France", session_id=sid)
    assert "Checked" in await tools["check"]("agree to the terms", session_id=sid)
    observed = await tools["observe"]("sign in", session_id=sid)
    assert ("[1]" in observed and "css=" in observed) or "role=" in observed
    assert "Error:" in await tools["click"]("anything", session_id="../bad")  # a WaypostError becomes text
    await shared_pool.close_session(sid, forget=True)


def test_reading_tools_are_read_only_and_acting_tools_are_not() -> None:
    flags = {spec.name: spec.read_only for spec in ACTING_TOOLS}
    assert flags == {
        "click": False, "type": False, "select": False, "check": False, "press": False,
        "scroll": True, "dismiss_overlays": False, "observe": True, "extract": True,
    }  # fmt: skip
