"""The web view's review and steering features, in real Chromium against the running server.

Per step: a screenshot, the page view the model read, tokens and time; editing an action
before approving it; the transcript from the checkpoint and resuming a run (after a stop and
after a server restart); the HAR of a run; generated tools; planner mode and model choice;
reconnecting streams; bad input; and ``waypost mcp --http`` alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.conftest import make_settings
from tests.web.test_web import LOGIN, POLITICS, http, start_run
from waypost.server.web.app import WebServer

pytestmark = pytest.mark.browser
HOSTILE_TITLE = '<b id="bold">Bold title</b><img src=x onerror="window.pwned=1">'


class _Handler(BaseHTTPRequestHandler):
    """A hostile page (``/hostile``) and model endpoints that refuse (``/refuse401/v1``, ``/refuse500``)."""

    def log_message(self, *args: Any) -> None:
        pass

    def _send(self, status: int, body: str, kind: str) -> None:
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path.startswith("/hostile"):
            body = (
                f"<!doctype html><html><head><title>{HOSTILE_TITLE}</title></head><body><main>"
                "<h1>Zebrafinch notes</h1><p>The zebrafinch sings at dawn.</p></main></body></html>"
            )
            self._send(200, body, "text/html; charset=utf-8")
        else:
            self.do_POST()

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        status = 401 if self.path.startswith("/refuse401") else 500
        error = {"error": {"message": f"refused for the test ({status})", "type": "test", "code": status}}
        self._send(status, json.dumps(error), "application/json")


@pytest.fixture(scope="module")
def odd_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def run_of(web: WebServer, page: Page) -> Any:
    return web.app.state.runs.get(page.url.rsplit("/", 1)[1])


def test_each_step_shows_a_screenshot_the_page_view_tokens_and_time(
    web: WebServer, page: Page, demo_site: Any
) -> None:
    start_run(page, POLITICS, demo_site.url + "/")
    expect(page.locator("#steps li.done")).to_be_visible(timeout=90_000)
    shot = page.locator("#steps li.result img.shot").first
    expect(shot).to_be_visible()
    # The image really loads (through the token cookie): a page screenshot, not a broken icon.
    assert page.evaluate("(img) => img.naturalWidth", shot.element_handle()) > 100
    assert "The page after step" in (shot.get_attribute("alt") or "")
    # The page view the model read, folded away until opened.
    view = page.locator("#steps li.result details").first
    expect(view.locator("pre.view")).to_be_hidden()
    view.locator("summary").click()
    expect(view.locator("pre.view")).to_contain_text("Politik")
    # Tokens and time per step, and per tool call.
    node = page.locator("#steps li.node", has_text="this step:").first
    expect(node).to_contain_text("tokens in")
    assert " s" in node.inner_text()
    assert page.locator("#steps li.result", has_text=" s").count() >= 1
    # Screenshots are kept under the data dir, private.
    folder = Path(web.app.state.wp.settings.data_dir) / "web-screenshots"
    files = list(folder.glob("*.png"))
    assert files and all(oct(f.stat().st_mode & 0o777) == "0o600" for f in files)
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    # Another run's screenshot is not served under this run, and a made-up name is a 404.
    run = run_of(web, page)
    assert page.goto(f"{page.url}/shots/..%2Fweb-runs.jsonl").status == 404
    assert page.goto(f"{web.origin}/runs/{run.id}/shots/0001-web-nope-x.png").status == 404

    # The HAR of the run: a download link on the run page, HAR 1.2 with the pages it opened.
    page.goto(f"{web.origin}/runs/{run.id}")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the HAR").click()
    assert download.value.suggested_filename == f"waypost-run-{run.id}.har"
    har = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert har["log"]["version"] == "1.2"
    urls = [e["request"]["url"] for e in har["log"]["entries"]]
    assert any(u.startswith(demo_site.url) for u in urls), urls[:5]
    assert any("/politik" in u for u in urls), urls


def test_an_edited_action_is_done_as_edited(web: WebServer, page: Page, demo_site: Any) -> None:
    start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    question = page.locator("#steps li.question")
    expect(question).to_be_visible(timeout=60_000)
    question.get_by_text("Edit the action before approving it").click()
    target = question.get_by_label("target")
    expect(target).to_have_value("login button")
    target.fill("Hilfe beim Anmelden")  # another element than the model asked for
    question.get_by_role("button", name="Approve as edited").click()
    expect(page.locator("#steps li.answered").first).to_have_text("The action was approved as edited.")
    edited = page.locator("#steps li.result", has_text="clicked 'Hilfe beim Anmelden'")
    expect(edited.first).to_be_visible(timeout=60_000)
    run = run_of(web, page)
    clicks = [e for e in run.events if e["type"] == "tool_end" and e["name"] == "click"]
    assert clicks and "Hilfe beim Anmelden" in clicks[0]["line"] and clicks[0]["ok"], clicks
    assert "/kontakt" in clicks[0]["view"]  # the edited click is what the page did
    # The planner may want to log in again: no second edit here, stop it (unless it ends on its
    # own between the look at the run and the click: the button is gone then).
    if not run.finished:
        with contextlib.suppress(PlaywrightTimeoutError):
            page.get_by_role("button", name="Stop the run").click(timeout=15_000)
    expect(page.locator("#status")).to_have_text(re.compile("stopped|done"))


def test_a_stopped_run_shows_its_transcript_and_resumes(web: WebServer, page: Page, demo_site: Any) -> None:
    start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Stop the run").click()
    expect(page.locator("#status")).to_have_text("stopped")
    resume = page.get_by_role("button", name="Resume the run")
    expect(resume).to_be_visible()
    run_url = page.url
    # The full transcript, read from the checkpoint: the task, tool calls and their results.
    page.get_by_role("link", name="Transcript (from the checkpoint)").click()
    # The password of the task is masked, as everywhere a run's history is shown.
    expect(page.locator("ol.transcript li.task")).to_contain_text("log in as ****/****")
    expect(page.locator("ol.transcript li.tool").first).to_be_visible()
    expect(page.locator("ol.transcript").get_by_text("calls research_navigate").first).to_be_visible()
    expect(page.locator("p.question")).to_contain_text("login button")  # still waiting for approval
    assert "demo/demo" not in page.locator("ol.transcript").inner_text()
    page.goto(run_url)
    page.get_by_role("button", name="Resume the run").click()
    expect(page.locator("#steps li.resumed")).to_be_visible()
    approve = page.locator("#steps li.question").last.get_by_role("button", name="Approve")
    expect(approve).to_be_visible(timeout=60_000)
    approve.click()
    done = page.locator("#steps li.done")
    expect(done).to_be_visible(timeout=60_000)
    assert "success" in done.inner_text(), done.inner_text()
    # A run that finished has nothing to resume.
    expect(page.get_by_role("button", name="Resume the run")).to_be_hidden()
    status = http(
        f"{run_url}/resume",
        method="POST",
        headers={"Authorization": f"Bearer {web.token}"},
        data=b"",
    )
    assert status == 409


def test_a_run_interrupted_by_a_restart_resumes_on_the_next_server(
    tmp_path: Path,
    browser: Browser,
    demo_site: Any,
) -> None:
    settings = make_settings(tmp_path / "data")
    with WebServer(settings) as first:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(first.url)
        run_url = start_run(tab, LOGIN, demo_site.url + "/", approve="ask")
        expect(tab.get_by_role("button", name="Approve")).to_be_visible(timeout=60_000)
        context.close()
    # The server went away while the run waited for approval.
    with WebServer(settings) as second:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(second.url)
        tab.goto(second.origin + "/runs/" + run_url.rsplit("/", 1)[1])
        expect(tab.locator("#status")).to_have_text("stopped")
        tab.get_by_role("link", name="Transcript (from the checkpoint)").click()
        expect(tab.locator("ol.transcript li.task")).to_contain_text("log in as")
        tab.go_back()
        tab.get_by_role("button", name="Resume the run").click()
        deny = tab.locator("#steps li.question").last.get_by_role("button", name="Deny")
        expect(deny).to_be_visible(timeout=60_000)  # the same question, asked again
        deny.click()
        expect(tab.locator("#steps li.done")).to_be_visible(timeout=60_000)
        context.close()


def test_a_reloaded_tab_sees_every_step_so_far_then_the_new_ones(
    web: WebServer, page: Page, demo_site: Any
) -> None:
    run_url = start_run(page, LOGIN, demo_site.url + "/", approve="ask")
    expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=60_000)
    before = page.locator("#steps li").all_inner_texts()
    other = page.context.new_page()
    other.goto(run_url)
    other.close()  # closing a tab does not touch the run
    page.reload()
    expect(page.get_by_role("button", name="Approve")).to_be_visible()
    assert page.locator("#steps li").all_inner_texts()[: len(before)] == before
    page.get_by_role("button", name="Approve").click()
    expect(page.locator("#steps li.done")).to_be_visible(timeout=60_000)
    assert len(page.locator("#steps li").all_inner_texts()) > len(before)
    # The stream itself: Last-Event-ID resumes after the last event seen, without repeats.
    request = urllib.request.Request(
        run_url + "/events", headers={"Authorization": f"Bearer {web.token}", "Last-Event-ID": "3"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read().decode()
    ids = [int(line[4:]) for line in text.splitlines() if line.startswith("id: ")]
    assert ids[0] == 4 and ids == list(range(4, 4 + len(ids)))
    assert "event: end" in text


def test_planner_mode_and_model_choice(tmp_path: Path, browser: Browser, demo_site: Any) -> None:
    # A server of its own: on a shared one, a skill learned by earlier runs replays this task.
    with WebServer(make_settings(tmp_path / "data")) as web:
        context = browser.new_context()
        page = context.new_page()
        page.goto(web.url)
        _rag_run_and_model_choice(web, page, demo_site)
        context.close()


def _rag_run_and_model_choice(web: WebServer, page: Page, demo_site: Any) -> None:
    page.get_by_label("Task").fill(POLITICS)
    page.get_by_label("Start page").fill(demo_site.url + "/")
    page.get_by_label("Critical actions").select_option("deny")
    page.get_by_label("Planner mode").select_option("rag")
    expect(page.get_by_label("The offline planner")).to_be_checked()
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/runs/*")
    expect(page.locator(".facts")).to_contain_text("rag")
    expect(page.locator(".facts")).to_contain_text("offline planner")
    expect(page.locator("#steps li.done")).to_be_visible(timeout=90_000)
    # A rag run's research_navigate gives the compact answer (the page is asked for, not shown).
    views = [e["view"] for e in run_of(web, page).events if e["type"] == "tool_end" and e.get("view")]
    assert views and "For Politik:" not in views[0] and len(views[0]) < 1500, views[:1]
    # Another model needs a name; a choice of the settings needs a model in the settings.
    page.goto(web.origin + "/")
    page.get_by_label("Task").fill("x")
    page.get_by_role("radio", name="Another model").check()
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("alert")).to_have_text("Another model needs its name.")
    expect(page.get_by_label("Task")).to_have_value("x")


@pytest.mark.parametrize("status", [401, 500])
def test_a_model_endpoint_that_answers_an_error_gives_a_clear_message(
    web: WebServer, page: Page, odd_site: str, status: int
) -> None:
    page.get_by_label("Task").fill("find the top headline")
    page.get_by_role("radio", name="Another model").check()
    page.get_by_label("Model name").fill("some-model")
    page.get_by_label("Model endpoint").fill(f"{odd_site}/refuse{status}/v1")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/runs/*")
    end = page.locator("#steps li.done, #steps li.error").first
    expect(end).to_be_visible(timeout=120_000)
    text = end.inner_text()
    assert "not done: model_error" in text, text
    # What the endpoint said, in one line: its status and its own message.
    assert f"Error code: {status}" in text and f"refused for the test ({status})" in text, text
    assert http(web.origin + "/", headers={"Authorization": f"Bearer {web.token}"}) == 200


def test_bad_input_of_the_new_pages(web: WebServer, page: Page, odd_site: str) -> None:
    for path in ("/runs/nope/transcript", "/runs/nope/har", "/runs/nope/shots/x.png"):
        assert page.goto(web.origin + path).status == 404, path
        expect(page.get_by_role("alert")).to_have_text("There is no run with that id.")
    auth = {"Authorization": f"Bearer {web.token}", "Content-Type": "application/x-www-form-urlencoded"}
    for body, expected in (
        (b"task=hi&approve=bogus", 400),
        (b"task=hi&planner_mode=bogus", 400),
        (b"task=hi&model_choice=bogus", 400),
        (b"task=hi&model_choice=custom&model=m&base_url=ftp://x", 400),
        (b"task=hi&" + b"x" * 70_000, 413),
        (b"task=%ff%fe&approve=%00", 400),
        (b"\xff\xfe\x00garbage", 400),
    ):
        assert http(web.origin + "/runs", method="POST", headers=auth, data=body) == expected, body[:40]
    assert http(web.origin + "/runs/nope/resume", method="POST", headers=auth, data=b"") == 404
    assert http(web.origin + "/runs/nope/answer", method="POST", headers=auth, data=b"reply=edit") == 404
    # HTML in a page title: escaped everywhere it shows (steps, page views, archive, transcript).
    page.goto(web.origin + "/")
    start_run(page, "Open the page and tell me what the zebrafinch does", odd_site + "/hostile")
    expect(page.locator("#steps li.done, #steps li.error").first).to_be_visible(timeout=60_000)
    for opened in page.locator("#steps details summary").all():
        opened.click()
    run_url = page.url
    assert page.locator("#bold").count() == 0 and page.evaluate("window.pwned") is None
    assert page.locator("#steps", has_text="Bold title").count() == 1
    page.goto(run_url + "/transcript")
    expect(page.locator("ol.transcript")).to_contain_text("zebrafinch")
    assert page.locator("#bold").count() == 0 and page.evaluate("window.pwned") is None
    page.goto(web.origin + "/archive?q=zebrafinch")
    expect(page.locator("ol.hits li").first).to_contain_text("Bold title")
    assert page.locator("#bold").count() == 0 and page.evaluate("window.pwned") is None
    assert http(web.origin + "/", headers={"Authorization": f"Bearer {web.token}"}) == 200


def test_generated_tools_and_why_rejected_ones_were_refused(web: WebServer, page: Page) -> None:
    from waypost.skills.generation import Candidate
    from waypost.skills.store import GeneratedTool

    library = web.app.state.wp.skills
    library.store.put_tool(
        GeneratedTool(
            name="fill_search_box",
            description="Type a query into the search box and submit it.",
            params=["query"],
            source="def run(page, query):\n    return query\n",
            fixture_html="<p>x</p>",
            provenance={"template": "form_filler", "by": "template"},
        )
    )
    bad = Candidate(
        "read_files",
        "Reads files.",
        "import os\ndef run(page):\n    return os.listdir('/')\ndef test(page):\n    return True\n",
        "<p>x</p>",
        "form_filler",
        "llm",
    )
    found: list[Any] = []
    # The quality gate refuses it (static checks); run beside the test's own event loop.
    thread = threading.Thread(target=lambda: found.append(asyncio.run(library.submit(bad))))
    thread.start()
    thread.join(60)
    rejected = found[0]
    assert rejected.status == "rejected"
    page.get_by_role("link", name="Generated tools").click()
    rows = page.locator("tbody tr")
    expect(rows.filter(has_text="fill_search_box")).to_contain_text("registered")
    refused = rows.filter(has_text="read_files")
    expect(refused).to_contain_text("rejected")
    expect(refused.locator("td.why")).to_contain_text(rejected.reason[:30])
    expect(refused.locator("td.why")).to_contain_text("static")


def test_waypost_mcp_http_serves_mcp_alone(tmp_path: Path, demo_site: Any) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true"}
    command = [sys.executable, "-m", "waypost.cli", "mcp", "--http", "--port", str(port)]
    command += ["--data-dir", str(tmp_path)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        origin = f"http://127.0.0.1:{port}"
        prefix = f"MCP over HTTP: {origin}/mcp (Authorization: Bearer "
        assert line.startswith(prefix), line
        token = line.strip().removeprefix(prefix).rstrip(")")
        bearer = {"Authorization": f"Bearer {token}"}
        status = 0
        for _ in range(300):  # until the browser underneath has started
            try:
                status = http(origin + "/", headers=bearer)
                break
            except urllib.error.URLError:
                time.sleep(0.2)
        assert status == 404  # no web pages
        assert http(origin + "/mcp") == 401
        assert http(origin + "/mcp", method="POST", headers={**bearer, "Origin": "http://evil.test"}) == 403
        assert http(origin + "/mcp", headers={**bearer, "Host": "evil.test"}) == 403

        import httpx2
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client

        outcome: dict[str, Any] = {}

        async def talk() -> None:
            async with (
                httpx2.AsyncClient(headers=bearer, timeout=60) as http_client,
                Client(streamable_http_client(origin + "/mcp", http_client=http_client)) as client,
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
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_run_whose_server_was_killed_is_listed_and_resumes(
    tmp_path: Path, browser: Browser, demo_site: Any
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = tmp_path / "data"
    env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true"}
    command = [sys.executable, "-m", "waypost.cli", "serve", "--port", str(port), "--data-dir", str(data)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    origin = f"http://127.0.0.1:{port}"
    try:
        assert proc.stdout is not None
        token = proc.stdout.readline().strip().rsplit("token=", 1)[1]
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(300):  # until the browser underneath has started
            try:
                http(origin + "/", headers=auth)
                break
            except urllib.error.URLError:
                time.sleep(0.2)
        body = f"task=log+in+as+demo/demo&start_url={demo_site.url}/&approve=ask".encode()
        form = {**auth, "Content-Type": "application/x-www-form-urlencoded"}
        request = urllib.request.Request(origin + "/runs", method="POST", headers=form, data=body)
        with urllib.request.urlopen(request, timeout=30) as response:
            run_id = response.url.rsplit("/", 1)[1]
        events = urllib.request.Request(f"{origin}/runs/{run_id}/events", headers=auth)
        with urllib.request.urlopen(events, timeout=120) as stream:
            for raw in stream:  # until the run waits for approval
                if b'"type": "question"' in raw:
                    break
    finally:
        proc.kill()  # no clean shutdown: the run's end is never recorded
        proc.wait(timeout=30)
    with WebServer(make_settings(data)) as second:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(second.url)
        tab.get_by_role("link", name=LOGIN).click()
        expect(tab.locator("#status")).to_have_text("stopped")
        tab.get_by_role("button", name="Resume the run").click()
        approve = tab.locator("#steps li.question").last.get_by_role("button", name="Approve")
        expect(approve).to_be_visible(timeout=60_000)  # the question it died waiting on
        assert "login button" in tab.locator("#steps li.question").last.inner_text()
        approve.click()
        # It went on at the step it died in (the new browser has no page open: the click finds
        # nothing, and the planner asks again; this time the answer is no).
        expect(tab.locator("#steps li.result", has_text="click 'login button'")).to_be_visible(timeout=60_000)
        assert tab.locator("#steps li.result", has_text="step 1:").count() == 0
        end = tab.locator("#steps li.done, #steps li.question form")
        expect(end.first).to_be_visible(timeout=60_000)
        for _ in range(240):  # at most two minutes
            if tab.locator("#steps li.done").count():
                break
            deny = tab.locator("#steps li.question form").first.get_by_role("button", name="Deny")
            if deny.count():
                deny.click()
            tab.wait_for_timeout(500)
        expect(tab.locator("#steps li.done")).to_be_visible(timeout=60_000)
        context.close()
