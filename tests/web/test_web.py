"""The web view of ``waypost serve``, driven in real Chromium against the running server.

The server (uvicorn in a thread, on a free 127.0.0.1 port) runs the offline planner on the demo
site; a second Chromium, through Playwright, is the person at the browser.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import make_settings
from waypost.server.web.app import WebServer

pytestmark = pytest.mark.browser
POLITICS = "Open the politics section and give me its top headline"
LOGIN = "log in as demo/demo"


def start_run(page: Page, task: str, start_url: str = "", approve: str = "deny") -> str:
    page.get_by_label("Task").fill(task)
    page.get_by_label("Start page").fill(start_url)
    page.get_by_label("Critical actions").select_option(approve)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/runs/*")
    return page.url


def http(
    url: str, *, method: str = "GET", headers: dict[str, str] | None = None, data: bytes | None = None
) -> int:
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_without_the_token_everything_answers_401(web: WebServer, browser: Browser) -> None:
    for path in ("/", "/runs/x", "/archive?q=a", "/static/web.js", "/mcp", f"/?token={web.token}x"):
        assert http(web.origin + path) == 401, path
    assert http(web.origin + "/", headers={"Authorization": "Bearer nope"}) == 401
    assert http(web.origin + "/", headers={"Authorization": f"Bearer {web.token}"}) == 200
    context = browser.new_context()
    tab = context.new_page()
    response = tab.goto(web.origin + "/")
    assert response is not None and response.status == 401
    assert "missing or wrong token" in tab.content()
    context.close()


def test_a_cross_origin_post_is_refused(web: WebServer, page: Page, demo_site: Any) -> None:
    auth = {"Authorization": f"Bearer {web.token}", "Content-Type": "application/x-www-form-urlencoded"}
    body = b"task=hello&approve=never"
    assert (
        http(web.origin + "/runs", method="POST", headers={**auth, "Origin": "http://evil.test"}, data=body)
        == 403
    )
    assert (
        http(web.origin + "/", headers={"Authorization": f"Bearer {web.token}", "Host": "evil.test"}) == 403
    )
    # The same form posted from another page in the browser (a real cross-site POST) is refused too.
    before = len(web.app.state.runs.runs)
    page.goto(demo_site.url + "/")  # another origin (another port)
    page.set_content(
        f'<form method="post" action="{web.origin}/runs"><input name="task" value="x">'
        '<input name="approve" value="never"><button>go</button></form>'
    )
    with page.expect_navigation() as nav:
        page.get_by_role("button", name="go").click()
    assert nav.value is not None and nav.value.status == 403
    assert len(web.app.state.runs.runs) == before


def test_a_run_streams_its_steps_live_to_every_tab(web: WebServer, page: Page, demo_site: Any) -> None:
    run_url = start_run(page, POLITICS, demo_site.url + "/")
    second = page.context.new_page()
    second.goto(run_url)
    page.close()  # closing one tab does not stop the run
    expect(second.locator("#steps li.call").first).to_be_visible(timeout=30_000)
    expect(second.locator("#steps li.done")).to_be_visible(timeout=60_000)
    expect(second.locator("#status")).to_have_text("done")
    assert second.locator("#steps li.result.ok").count() >= 1
    assert "success" in second.locator("#steps li.done").inner_text()
    steps = second.locator("#steps li").all_inner_texts()
    third = second.context.new_page()  # a late watcher gets the whole run replayed
    third.goto(run_url)
    expect(third.locator("#steps li.done")).to_be_visible()
    assert third.locator("#steps li").all_inner_texts() == steps
    expect(third.get_by_role("button", name="Stop the run")).to_have_count(0)


def test_an_approved_login_waits_then_finishes(web: WebServer, page: Page, demo_site: Any) -> None:
    start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    approve = page.get_by_role("button", name="Approve")
    expect(approve).to_be_visible(timeout=60_000)
    expect(page.locator("#status")).to_have_text("waiting")
    assert "password" in page.locator("#steps li.question").inner_text()
    page.wait_for_timeout(500)
    expect(page.locator("#steps li.done")).to_have_count(0)  # it waits for the answer
    approve.click()
    done = page.locator("#steps li.done")
    expect(done).to_be_visible(timeout=60_000)
    assert "success" in done.inner_text(), done.inner_text()
    expect(page.locator("#steps li.answered")).to_have_text("The action was approved.")


def test_a_denied_action_is_not_performed(web: WebServer, page: Page, demo_site: Any) -> None:
    start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    deny = page.get_by_role("button", name="Deny")
    expect(deny).to_be_visible(timeout=60_000)
    deny.click()
    done = page.locator("#steps li.done")
    expect(done).to_be_visible(timeout=60_000)
    expect(page.locator("#steps li.answered")).to_have_text("The action was denied.")
    assert "success" not in done.inner_text().split("·")[0].replace("not done", ""), done.inner_text()
    run = web.app.state.runs.get(page.url.rsplit("/", 1)[1])
    clicks = [e for e in run.events if e["type"] == "tool_end" and e["name"] == "click" and e["ok"]]
    assert clicks == [], clicks


def test_archive_search_highlights_and_opens_the_text(web: WebServer, page: Page, demo_site: Any) -> None:
    if not web.app.state.runs.runs:  # this test alone: give the archive something
        start_run(page, POLITICS, demo_site.url + "/")
        expect(page.locator("#steps li.done")).to_be_visible(timeout=60_000)
    page.get_by_role("link", name="Archive").click()
    page.get_by_label("Search the archived pages").fill("Politik")
    page.get_by_role("button", name="Search").click()
    first = page.locator("ol.hits li").first
    expect(first.locator("mark").first).to_be_visible()
    first.get_by_role("link").click()
    expect(page.locator("pre.doc")).to_contain_text("Politik")


def test_bad_input_gets_a_clear_message_and_html_is_never_rendered(web: WebServer, page: Page) -> None:
    assert page.goto(web.origin + "/runs/nope").status == 404
    expect(page.get_by_role("alert")).to_have_text("There is no run with that id.")
    page.goto(web.origin + "/")
    page.get_by_label("Task").fill("x" * 5000)
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("alert")).to_contain_text("5000 characters long")
    page.goto(web.origin + "/archive?q=%22unbalanced")
    expect(page.get_by_role("alert")).to_be_visible()
    assert page.goto(web.origin + "/archive/999999").status == 404
    hostile = '<b id="bold">bold</b><img src=x onerror="window.pwned=1">'
    page.goto(web.origin + "/")
    start_run(page, hostile)
    expect(page.locator("#task")).to_have_text(hostile)
    expect(page.locator("#steps li.done, #steps li.error").first).to_be_visible(timeout=60_000)
    assert page.locator("#bold").count() == 0 and page.evaluate("window.pwned") is None
    page.goto(web.origin + "/")
    expect(page.get_by_role("link", name=hostile)).to_be_visible()
    assert page.locator("#bold").count() == 0


def test_sessions_and_skills_pages(web: WebServer, page: Page) -> None:
    page.get_by_role("link", name="Skills").click()
    expect(page.get_by_role("heading", name="Skills")).to_be_visible()
    rows = page.locator("tbody tr")
    if rows.count():
        name = rows.first.locator("a").inner_text()
        rows.first.locator("a").click()
        page.get_by_role("button", name="Retire this skill").click()
        expect(page.locator(".facts")).to_contain_text("retired")
        assert name in page.url
    page.get_by_role("link", name="Sessions").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()


def test_mcp_over_http_lists_and_calls_research_navigate(web: WebServer, demo_site: Any) -> None:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    outcome: dict[str, Any] = {}

    async def talk() -> None:
        headers = {"Authorization": f"Bearer {web.token}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as http_client,
            Client(streamable_http_client(web.origin + "/mcp", http_client=http_client)) as client,
        ):
            tools = await client.list_tools()
            outcome["names"] = [t.name for t in tools.tools]
            result = await client.call_tool("research_navigate", {"target": demo_site.url + "/"})
            outcome["text"] = " ".join(getattr(c, "text", "") for c in result.content)

    thread = threading.Thread(target=lambda: asyncio.run(talk()))
    thread.start()
    thread.join(120)
    assert "research_navigate" in outcome.get("names", []), outcome
    assert "Politik" in outcome["text"]


def test_a_restarted_server_shows_the_finished_runs(tmp_path: Path, browser: Browser, demo_site: Any) -> None:
    settings = make_settings(tmp_path / "data")
    with WebServer(settings) as first:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(first.url)
        run_url = start_run(tab, POLITICS, demo_site.url + "/")
        expect(tab.locator("#steps li.done")).to_be_visible(timeout=60_000)
        steps = tab.locator("#steps li").all_inner_texts()
        context.close()
    assert oct((tmp_path / "data" / "web-runs.jsonl").stat().st_mode & 0o777) == "0o600"
    with WebServer(settings) as second:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(second.url)
        tab.get_by_role("link", name=POLITICS).click()
        assert tab.url.endswith(run_url.rsplit("/", 1)[1])
        expect(tab.locator("#steps li.done")).to_be_visible()
        assert tab.locator("#steps li").all_inner_texts() == steps
        context.close()


def test_waypost_serve_prints_a_token_url_and_guards_it(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true"}
    command = [sys.executable, "-m", "waypost.cli", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        prefix = f"Waypost web view: http://127.0.0.1:{port}/?token="
        assert line.startswith(prefix), line
        token = line.strip().removeprefix(prefix)
        origin = f"http://127.0.0.1:{port}"
        status = 0
        for _ in range(300):  # until the browser underneath has started
            try:
                status = http(origin + "/", headers={"Authorization": f"Bearer {token}"})
                break
            except urllib.error.URLError:
                time.sleep(0.2)
        assert status == 200
        assert http(origin + "/") == 401
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_model_endpoint_that_refuses_gives_a_clear_message(web: WebServer, page: Page) -> None:
    with socket.socket() as probe:  # a port nobody listens on: the endpoint refuses
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    page.get_by_label("Task").fill("find the top headline")
    page.get_by_role("radio", name="Another model").check()
    page.get_by_label("Model name").fill("some-model")
    page.get_by_label("Model endpoint").fill(dead)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/runs/*")
    end = page.locator("#steps li.done, #steps li.error").first
    expect(end).to_be_visible(timeout=120_000)
    assert "success" not in end.inner_text().split("·")[0].replace("not done", ""), end.inner_text()
    assert "model" in end.inner_text().lower() or "connect" in end.inner_text().lower(), end.inner_text()
    assert http(web.origin + "/", headers={"Authorization": f"Bearer {web.token}"}) == 200  # still serving


def test_stop_ends_a_waiting_run_without_doing_the_action(web: WebServer, page: Page, demo_site: Any) -> None:
    start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Stop the run").click()
    expect(page.locator("#steps li.stopped")).to_have_text("The run was stopped.")
    expect(page.locator("#status")).to_have_text("stopped")
    expect(page.get_by_role("button", name="Approve")).to_have_count(0)
    run = web.app.state.runs.get(page.url.rsplit("/", 1)[1])
    assert not [e for e in run.events if e["type"] == "tool_end" and e["name"] == "click"]
