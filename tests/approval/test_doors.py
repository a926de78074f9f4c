"""Approvals judged by what an action does, at every door, in real Chromium (issue 20, finding 4).

The page's buttons and links say nothing critical in the call's words: ``css=#danger`` is a
"Delete account" button, "the primary button" is "Buy now for 999 EUR", a message is sent with
Tab + Enter, a link is named "Manage" and goes to ``/account/deleteAccount``. Each test checks
what the page recorded: nothing happened unless approved.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.agent.scripted import ScriptedChatModel, answer, call
from tests.conftest import make_settings
from waypost.api import Waypost

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><html><head><title>Account</title></head><body>
<script>window.hits = []; function hit(w) { window.hits.push(w); }</script>
<main><h1>Your account</h1>
<section><h2>Shop</h2><p>The book of the week.</p>
  <button class="primary" onclick="hit('buy')">Buy now for 999 EUR</button>
  <button onclick="hit('more')">Show more books</button></section>
<section><h2>Messages</h2>
  <form id="compose" action="/api/messages" method="post" onsubmit="hit('send'); return false;">
    <label for="body">Your message</label><textarea id="body" name="body"></textarea>
    <button type="submit">Send</button></form></section>
<section><h2>Danger zone</h2>
  <button id="danger" onclick="hit('delete')">Delete account</button>
  <form action="/account/deleteAccount" method="post" onsubmit="hit('form-delete'); return false;">
    <button id="go">Continue</button></form>
  <a id="manage" href="/account/deleteAccount">Manage</a>
  <a id="dodelete" href="/do-delete">Tidy up</a></section>
</main></body></html>"""


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.server.paths.append(self.path)  # type: ignore[attr-defined]
        data = PAGE.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture
def site() -> Iterator[Any]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.paths = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.url = f"http://127.0.0.1:{server.server_address[1]}"  # type: ignore[attr-defined]
    yield server
    server.shutdown()
    server.server_close()


async def _wp(tmp_path: Path, **overrides: Any) -> Waypost:
    wp = Waypost(make_settings(tmp_path / "data", **overrides))
    await wp.start()
    return wp


@pytest.fixture
async def wp(tmp_path: Path) -> AsyncIterator[Waypost]:
    w = await _wp(tmp_path)  # approve="ask" and nobody to ask: critical actions are refused
    yield w
    await w.close()


async def hits(wp: Waypost) -> list[str]:
    async with wp.pool.session("default") as s:
        return list(await s.page.evaluate("window.hits"))


async def test_act_refuses_a_delete_button_named_only_by_its_selector(wp: Waypost, site: Any) -> None:
    await wp.navigate(site.url + "/")
    report = await wp.act("click css=#danger")
    assert report.steps[0].status == "refused", report.text
    assert "deleting" in report.steps[0].message
    report = await wp.act("click the primary button")
    assert report.steps[0].status == "refused", report.text
    assert "999" in report.steps[0].message or "purchase" in report.steps[0].message
    assert await hits(wp) == []
    harmless = await wp.act("click Show more books")
    assert harmless.ok and await hits(wp) == ["more"]


async def test_tab_and_enter_that_send_a_message_are_held(wp: Waypost, site: Any) -> None:
    await wp.navigate(site.url + "/")
    assert wp.actor is not None
    async with wp.pool.session("default") as s:
        typed = await wp.actor.type(s.page, "Your message", "Hello there")
        assert typed.ok, typed.message
        tab = await wp.actor.press(s.page, "Tab")
        assert tab.ok
        enter = await wp.actor.press(s.page, "Enter")
        assert enter.status == "refused" and "message" in enter.message
        space = await wp.actor.press(s.page, "Space")
        assert space.status == "refused"
    assert await hits(wp) == []


async def test_a_generic_submit_judged_by_its_form_action(wp: Waypost, site: Any) -> None:
    await wp.navigate(site.url + "/")
    report = await wp.act("click css=#go")
    assert report.steps[0].status == "refused" and "deleting" in report.steps[0].message
    report = await wp.act("click css=#manage")  # a link named "Manage" to /account/deleteAccount
    assert report.steps[0].status == "refused"
    assert await hits(wp) == []
    assert not any("delete" in p.lower() for p in site.paths)


async def test_navigation_is_judged_on_the_normalized_url(wp: Waypost, site: Any) -> None:
    await wp.navigate(site.url + "/")
    for target in ("/do-delete", "/account/deleteAccount", "/account/%64elete%2DAccount", "/x?action=delete"):
        result = await wp.navigate(target)
        assert not result.ok and result.error == "needs_approval", target
    assert not any("delete" in p.lower() for p in site.paths[1:])
    article = await wp.navigate("/news/how-to-delete-your-old-social-media-accounts")
    assert article.ok  # a slug is prose, not a command


async def test_an_approver_or_approve_always_lets_it_through(tmp_path: Path, site: Any) -> None:
    from waypost.approval import ApprovalGate, using_gate

    asked: list[str] = []

    async def approver(request: Any) -> bool:
        asked.append(request.reason)
        return True

    wp = await _wp(tmp_path)
    try:
        wp.approval.approver = approver
        await wp.navigate(site.url + "/")
        assert (await wp.act("click css=#danger")).ok
        assert asked and "Delete account" in asked[0]
        with using_gate(ApprovalGate("always")):
            assert (await wp.act("click the primary button")).ok
        assert await hits(wp) == ["delete", "buy"]
    finally:
        await wp.close()
    never = await _wp(tmp_path / "n", approve="never")
    try:
        never.approval.approver = approver
        await never.navigate(site.url + "/")
        assert (await never.act("click css=#danger")).steps[0].status == "refused"
    finally:
        await never.close()


async def test_the_agent_holds_a_click_judged_critical_only_after_resolution(
    wp: Waypost, site: Any, tmp_path: Path
) -> None:
    def model() -> ScriptedChatModel:
        return ScriptedChatModel(
            [
                call("research_navigate", target=site.url + "/"),
                call("load_tools", names=["click"]),
                call("click", target="css=#danger"),
                answer("Done."),
            ]
        )

    never = await wp.run(
        "Tidy my account", model=model(), approve="never", checkpoint_path=tmp_path / "c1.db"
    )
    assert await hits(wp) == []
    assert any(r.get("tool") == "click" and not r.get("ok") for r in never.actions)

    asked: list[dict[str, Any]] = []

    def no(payload: dict[str, Any]) -> str:
        asked.append(payload)
        return "no"

    declined = await wp.run(
        "Tidy my account", model=model(), approve="ask", approver=no, checkpoint_path=tmp_path / "c2.db"
    )
    assert asked and "Delete account" in asked[0]["reason"]
    assert await hits(wp) == [] and declined is not None

    approved = await wp.run(
        "Tidy my account",
        model=model(),
        approve="ask",
        approver=lambda payload: "yes",
        checkpoint_path=tmp_path / "c3.db",
    )
    assert approved is not None and await hits(wp) == ["delete"]


async def test_a_macro_replayed_without_a_model_is_judged_at_replay_time(wp: Waypost, site: Any) -> None:
    from waypost.skills.macro import replay
    from waypost.skills.model import Macro, MacroStep

    macro = Macro(
        task_template="tidy up",
        params=[],
        steps=[
            MacroStep(tool="research_navigate", args={"target": site.url + "/"}),
            MacroStep(tool="click", args={"target": "css=#danger"}),  # imported: words say nothing
        ],
    )
    toolbox = wp.toolbox()
    held = await replay("imported", macro, {}, toolbox, approve="ask")
    assert held.handover is not None and "approval" in held.handover and held.done == 1
    refused = await replay("imported", macro, {}, toolbox, approve="never")
    assert refused.handover is not None and refused.done == 1
    assert await hits(wp) == []
    done = await replay("imported", macro, {}, toolbox, approve="always")
    assert done.complete and await hits(wp) == ["delete"]


async def test_mcp_click_goes_through_the_same_gate(tmp_path: Path, site: Any) -> None:
    """The MCP server has no person to ask: critical actions are refused unless started with
    ``WAYPOST_APPROVE=always``."""
    import os
    import sys

    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "waypost.cli", "mcp", "--data-dir", str(tmp_path / "m")],
        env={
            "WAYPOST_LOOPBACK_ONLY": "true",
            "WAYPOST_RETRY__DELAYS": "[0.01]",
            **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"},
        },
    )
    async with Client(params) as client:

        async def text(tool: str, args: dict[str, Any]) -> str:
            result = await client.call_tool(tool, args)
            return " ".join(getattr(c, "text", "") for c in result.content)

        await text("research_navigate", {"target": site.url + "/"})
        refused = await text("click", {"target": "css=#danger"})
        assert "Not done" in refused and "deleting" in refused
        assert "Not done" in await text("click", {"target": "the primary button"})
        assert "Not done" in await text("research_navigate", {"target": "/account/deleteAccount"})
        assert "Clicked" in await text("click", {"target": "Show more books"})
    assert not any("delete" in p.lower() for p in site.paths)
