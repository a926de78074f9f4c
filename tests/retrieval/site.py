"""Serves the fixture pages under ``tests/retrieval/pages`` on 127.0.0.1.

GET serves files; a POST to any path answers with the submitted fields, so form submissions can
be checked. Run ``python -m tests.retrieval.site`` to serve in the foreground (prints the URL).
"""

from __future__ import annotations

import html
import json
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

if TYPE_CHECKING:
    from playwright.async_api import Page

    from waypost.retrieval import Actor, ActReport

PAGES = Path(__file__).resolve().parent / "pages"
# Third-party saved pages, served by path under /corpus/<name>/source.html (never copied here).
CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "readability"


class _Handler(SimpleHTTPRequestHandler):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, directory=str(PAGES), **kwargs)  # type: ignore[arg-type]

    def log_message(self, *args: object) -> None:
        pass

    def translate_path(self, path: str) -> str:
        if path.startswith("/corpus/"):
            rel = path.split("?", 1)[0].split("#", 1)[0].removeprefix("/corpus/")
            target = (CORPUS / rel).resolve()
            if CORPUS.resolve() in target.parents:
                return str(target)
        return super().translate_path(path)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        fields = parse_qsl(self.rfile.read(length).decode("utf-8", "replace"), keep_blank_values=True)
        rows = "".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in fields)
        body = f"<!doctype html><title>Received</title><h1>Received</h1><ul id='fields'>{rows}</ul>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def record_clicks(controls: str) -> str:
    """A script for ``page.evaluate`` that records each click as ``'<record>:<control name>'`` in
    ``window.__clicks`` (the record from the nearest ``[data-r]``, the control as the nearest
    element matching ``controls``); links do not navigate."""
    return (
        """() => {
  window.__clicks = [];
  document.addEventListener('click', (e) => {
    const rec = e.target.closest('[data-r]');
    const ctl = e.target.closest(CONTROLS);
    const label = ctl ? (ctl.getAttribute('aria-label') || ctl.title || ctl.textContent) : e.target.tagName;
    const name = label.trim();
    window.__clicks.push((rec ? rec.dataset.r : '-') + ':' + name);
    if (ctl && ctl.tagName === 'A') e.preventDefault();
  }, true);
}"""
    ).replace("CONTROLS", json.dumps(controls))


class PageServer:
    """The fixture pages on ``http://127.0.0.1:<port>``; ``url_for('shop.html')`` gives a page URL."""

    def __init__(self) -> None:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def url_for(self, page: str) -> str:
        return f"{self.url}/{page.lstrip('/')}"

    def start(self) -> PageServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> PageServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


async def noted(page: Page, key: str) -> str:
    """What a test page's script noted under ``key`` (``document.body.dataset``), '' if nothing."""
    return str(await page.evaluate(f"document.body.dataset.{key} || ''"))


async def act_on(
    page: Page, pages: PageServer, actor: Actor, path: str, instruction: str, done: bool
) -> ActReport:
    """``instruction`` acted on a fresh load of the fixture page ``path``; done or not as ``done`` says."""
    await page.goto(pages.url_for(path))
    report = await actor.act(page, instruction)
    assert report.ok is done, report.text
    return report


if __name__ == "__main__":
    with PageServer() as server:
        sys.stdout.write(server.url + "\n")
        sys.stdout.flush()
        while True:
            time.sleep(3600)
