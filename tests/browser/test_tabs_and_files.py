"""Tabs, downloads, PDFs, uploads, traces and screenshots, in real Chromium on sites served here.

The demo site's service pages give a link with ``target=_blank``, a pop-up, a PDF download and a
form with a file field; a small server of this module streams a 200 MB download (generated on
the fly, never stored) and serves the page the user has open in the CDP-attach test.
"""

from __future__ import annotations

import json
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
import zipfile
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import make_settings
from waypost.api import Waypost
from waypost.browser.launch import CHROMIUM_ARGS, find_chromium
from waypost.vfs import VirtualFS

pytestmark = pytest.mark.browser

BIG = 200 * 1024 * 1024
CHUNK = 256 * 1024


class _Handler(BaseHTTPRequestHandler):
    hits: Counter[str]
    sent: Counter[str]

    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.server.hits[self.path] += 1  # type: ignore[attr-defined]
        if self.path == "/big.bin":
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Disposition", 'attachment; filename="big.bin"')
            self.send_header("Content-Length", str(BIG))
            self.end_headers()
            chunk = b"\0" * CHUNK
            try:
                for _ in range(BIG // CHUNK):
                    self.wfile.write(chunk)
                    self.server.sent["big"] += CHUNK  # type: ignore[attr-defined]
                    time.sleep(0.005)  # at most ~50 MB/s: the whole file would take seconds
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        pages = {
            "/": "<title>Downloads</title><main><h1>Files</h1><p>Big files for tests.</p>"
            '<a href="/big.bin">Download the big file</a></main>',
            "/private": "<title>My bank account</title><main><h1>Private</h1><p>Balance: 1,234</p></main>",
            "/agent": "<title>Agent page</title><main><h1>Agent page</h1><p>Opened by Waypost.</p></main>",
        }
        body = pages.get(self.path, "<title>Not found</title>").encode()
        self.send_response(200 if self.path in pages else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def files_server() -> Iterator[Any]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.hits = Counter()  # type: ignore[attr-defined]
    server.sent = Counter()  # type: ignore[attr-defined]
    server.url = f"http://127.0.0.1:{server.server_port}"  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


async def _service(wp: Waypost, demo_site: Any) -> dict[str, Any]:
    tools = wp.tools()
    await tools["research_navigate"](target=demo_site.url + "/service/")
    await tools["dismiss_overlays"]()  # the cookie banner covers the page
    return tools


async def test_a_target_blank_link_opens_a_tab_the_agent_switches_to_and_reads(
    wp: Waypost, demo_site: Any
) -> None:
    tools = await _service(wp, demo_site)
    clicked = await tools["click"](target="Terms of use")
    assert "New tab t2 opened by the page: " in clicked and "terms.html" in clicked
    listed = await tools["list_tabs"]()
    assert listed.splitlines() == [
        f"t1 (current): {demo_site.url}/service/",
        f"t2: {demo_site.url}/service/terms.html, opened by the page in t1",
    ]
    view = await tools["switch_tab"](tab="t2")
    assert view.startswith("Switched to tab t2.\nYou are on: Terms of use")
    assert "three months" in await tools["extract"](query="notice period")
    # The navigator follows: a relative link resolves against the new tab's page.
    assert wp.navigator.state("default").current == f"{demo_site.url}/service/terms.html"


async def test_a_pop_up_is_listed_and_closing_tabs_keeps_the_session_usable(
    wp: Waypost, demo_site: Any
) -> None:
    tools = await _service(wp, demo_site)
    clicked = await tools["click"](target="Newsletter sign-up")
    assert "New tab t2 opened by the page" in clicked and "newsletter-popup.html" in clicked
    assert "t2: " in await tools["list_tabs"]()
    assert "The current tab is t1" in await tools["close_tab"](tab="t2")
    closed = await tools["close_tab"](tab="t1")  # the last tab: a blank one takes its place
    assert "The current tab is t3: about:blank" in closed
    view = await tools["research_navigate"](target=demo_site.url + "/service/feedback")
    assert view.startswith("You are on: Feedback form")
    assert (await tools["close_tab"](tab="t9")).startswith("Error: There is no open tab 't9'")


async def test_a_click_downloads_a_pdf_that_is_listed_read_page_by_page_and_found_in_the_archive(
    wp: Waypost, demo_site: Any
) -> None:
    tools = await _service(wp, demo_site)
    clicked = await tools["click"](target="Annual report 2025 (PDF)")
    assert "Downloaded annual-report-2025.pdf — PDF, 3 page(s)" in clicked
    listed = await tools["list_downloads"]()
    assert listed.startswith("annual-report-2025.pdf — PDF, 3 page(s), 2 KB")
    saved = wp.settings.data_dir / "sessions" / "default" / "downloads" / "annual-report-2025.pdf"
    assert saved.read_bytes().startswith(b"%PDF-")
    assert oct(saved.stat().st_mode & 0o777) == "0o600"  # never executable
    overview = await tools["read_file"](file="annual-report-2025.pdf")
    assert "PDF document, 3 page(s)" in overview and "For Revenue and results: page 2" in overview
    page2 = await tools["read_file"](file="annual-report-2025.pdf", page=2)
    assert "EUR 48.2 million" in page2 and 'read_file(file="annual-report-2025.pdf", page=3)' in page2
    assert "Outlook 2026" in await tools["read_file"](file="annual-report-2025.pdf", page=3)
    assert "pages 1 to 3" in await tools["read_file"](file="annual-report-2025.pdf", page=7)
    hits = await tools["search_archive"](query="revenue EBIT")
    assert "Annual Report 2025" in hits and "annual-report-2025.pdf" in hits
    # A second download of the same file never overwrites the first.
    await tools["click"](target="Annual report 2025 (PDF)")
    names = sorted(p.name for p in saved.parent.iterdir())
    assert names == ["annual-report-2025-2.pdf", "annual-report-2025.pdf"]


async def test_navigating_to_a_pdf_shows_it_as_a_view(wp: Waypost, demo_site: Any) -> None:
    result = await wp.navigate(demo_site.url + "/downloads/annual-report-2025.pdf", hint="revenue")
    assert result.text.startswith("You are on: Waypost Media Group - Annual Report 2025 (")
    lines = result.text.splitlines()
    assert lines[lines.index("Outline:") + 1] == "For Revenue and results: page 2"  # the hint first
    assert result.tokens <= wp.settings.view_token_budget


async def test_a_200_mb_download_is_stopped_at_the_limit(tmp_path: Path, files_server: Any) -> None:
    settings = make_settings(tmp_path / "data", download_max_bytes=5 * 1024 * 1024)
    async with Waypost(settings) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=files_server.url + "/")
        started = time.monotonic()
        clicked = await tools["click"](target="Download the big file")
        seconds = time.monotonic() - started
    assert "A download from " in clicked and "was stopped: stopped at the size limit of 5.0 MB" in clicked
    assert files_server.sent["big"] < BIG  # the server was cut off before the end
    assert not any((settings.data_dir / "sessions" / "default" / "downloads").glob("*"))
    assert seconds < 60


async def test_an_upload_from_the_run_files_lands_on_the_server_and_one_from_etc_is_refused(
    wp: Waypost, demo_site: Any
) -> None:
    tools = wp.tools()
    files = VirtualFS()
    files.write("/notes.txt", "Notes from a test: uploads work.\n")
    wp.uploads.register("default", files)
    await tools["research_navigate"](target=demo_site.url + "/service/feedback")
    await tools["dismiss_overlays"]()
    refused = await tools["upload"](target="attachment", file="/etc/passwd")
    assert refused.startswith("Error: /etc/passwd is neither in the run's files nor in a folder allowed")
    assert (await tools["upload"](target="attachment", file="../../etc/hostname")).startswith("Error:")
    done = await tools["upload"](target="attachment", file="notes.txt")
    assert done.startswith('Set the file field "Attachment" to notes.txt (33 bytes, from run files).')
    # Sending a form that carries a message is a critical action: here a person approves it.
    wp.approval.approver = lambda request: True
    sent = await tools["click"](target="Send feedback")
    assert "Feedback received" in sent
    assert ("notes.txt", b"Notes from a test: uploads work.\n") in demo_site.uploads
    assert not any(data.startswith(b"root:") for _, data in demo_site.uploads)


async def test_an_upload_from_an_allowed_folder_works_and_a_symlink_out_of_it_is_refused(
    tmp_path: Path, demo_site: Any
) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "cv.txt").write_text("my CV")
    (allowed / "escape.txt").symlink_to("/etc/hostname")
    async with Waypost(make_settings(tmp_path / "data", upload_dirs=(allowed,))) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=demo_site.url + "/service/feedback")
        assert "to cv.txt (5 bytes, from " in await tools["upload"](target="attachment", file="cv.txt")
        assert (await tools["upload"](target="attachment", file="escape.txt")).startswith("Error:")


async def test_a_trace_opens_with_the_expected_entries_and_screenshots_exist_per_action(
    tmp_path: Path, demo_site: Any
) -> None:
    trace, shots = tmp_path / "run.zip", tmp_path / "shots"
    async with Waypost(make_settings(tmp_path / "data", trace=trace, screenshots=shots)) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=demo_site.url + "/login")
        await tools["dismiss_overlays"]()
        await tools["type"](target="password", text="hunter2-secret")
        await tools["list_tabs"]()  # touches no page: no screenshot
    names = zipfile.ZipFile(trace).namelist()
    assert "trace.trace" in names and "trace.network" in names
    assert any(n.startswith("resources/") for n in names)
    with zipfile.ZipFile(trace) as z:
        events = [json.loads(line) for line in z.read("trace.trace").splitlines() if line.strip()]
        everything = b"".join(z.read(n) for n in names if not n.endswith((".jpeg", ".png")))
    assert events[0]["type"] == "context-options"
    assert any(e.get("type") == "frame-snapshot" for e in events)
    assert b"hunter2-secret" not in everything  # the typed password is scrubbed
    taken = sorted(p.name for p in shots.iterdir())
    assert [name.split("-", 2)[2] for name in taken] == [
        "research_navigate.png",
        "dismiss_overlays.png",
        "type.png",
    ]
    assert all(p.stat().st_size > 1000 for p in shots.iterdir())


async def test_nothing_is_recorded_by_default(wp: Waypost, demo_site: Any) -> None:
    await wp.tools()["research_navigate"](target=demo_site.url + "/service/")
    assert not wp.recorder.active and wp.recorder.written == []


# -- the user's own browser ------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def users_chromium(files_server: Any) -> Iterator[str]:
    """A Chromium the 'user' started with remote debugging and a private tab of their own open."""
    port = _free_port()
    profile = tempfile.mkdtemp(prefix="wp-cdp-")
    binary = find_chromium()
    assert binary is not None
    proc = subprocess.Popen(
        [binary, "--headless", f"--remote-debugging-port={port}", f"--user-data-dir={profile}",
         *CHROMIUM_ARGS, files_server.url + "/private"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    endpoint = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(endpoint + "/json/list", timeout=1) as r:
                    if any(t.get("title") == "My bank account" for t in json.load(r)):
                        break  # the user's page has loaded
            except OSError:
                pass
            time.sleep(0.1)
        yield endpoint
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _user_tab(endpoint: str) -> dict[str, Any]:
    with urllib.request.urlopen(endpoint + "/json/list", timeout=5) as r:
        return next(t for t in json.load(r) if "/private" in t.get("url", ""))


async def test_attached_to_the_users_browser_the_agent_never_touches_their_tab_without_approval(
    tmp_path: Path, files_server: Any, users_chromium: str
) -> None:
    from tests.agent.scripted import ScriptedChatModel, answer, call
    from waypost.api import run_task

    before = _user_tab(users_chromium)
    hits_before = files_server.hits["/private"]
    assert before["title"] == "My bank account" and hits_before == 1
    settings = make_settings(tmp_path / "data", cdp_url=users_chromium)
    async with Waypost(settings) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=files_server.url + "/agent")
        listed = await tools["list_tabs"]()
        assert listed.splitlines()[0] == f"t1 (current): {files_server.url}/agent"
        assert "/private" not in listed and "1 tab(s) of the user's own are hidden" in listed
        model = ScriptedChatModel(
            [call("switch_tab", tab="u1"), call("list_tabs", include_user_tabs=True), answer("done")]
        )
        result = await run_task(
            wp, "look at my other tab", model=model, approve="never", max_steps=6, start_url=None
        )
        seen = json.dumps(result.transcript, ensure_ascii=False)
        # Both calls were held as critical and refused (approve="never"): neither ran.
        assert seen.count("touches the user's own browser tabs") == 2
        assert "My bank account" not in seen and "1,234" not in seen and "/private" not in seen
        assert wp.pool._sessions["default"].page.url == f"{files_server.url}/agent"
    after = _user_tab(users_chromium)
    assert after["url"] == before["url"] and after["title"] == "My bank account"
    assert files_server.hits["/private"] == hits_before  # never reloaded or navigated
