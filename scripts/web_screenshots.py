"""Screenshots of the web view's main pages for docs/web.md, taken from the running app.

Serves the demo site and ``waypost serve``'s app (on free 127.0.0.1 ports, a throwaway data
dir), drives them in Chromium, and writes PNGs to ``docs/img/web/``::

    .venv/bin/python scripts/web_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from waypost.browser.launch import find_chromium
from waypost.config import Settings
from waypost.demo.server import DemoSite
from waypost.server.web.app import WebServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "img" / "web"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        DemoSite() as site,
        WebServer(Settings(data_dir=Path(tmp), loopback_only=True)) as web,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1000, "height": 760})
        page.goto(web.url)

        def start(task: str, approve: str) -> None:
            page.goto(web.origin + "/")
            page.get_by_label("Task").fill(task)
            page.get_by_label("Start page").fill(site.url + "/")
            page.get_by_label("Critical actions").select_option(approve)
            page.get_by_role("button", name="Start").click()
            page.wait_for_url("**/runs/*")

        def shot(name: str) -> None:
            page.screenshot(path=OUT / f"{name}.png", full_page=True)
            print(f"wrote {OUT / name}.png", file=sys.stderr)

        start("Open the politics section and give me its top headline", "never")
        expect(page.locator("#steps li.done")).to_be_visible(timeout=120_000)
        shot("run")
        start("log in as demo/demo", "ask")
        expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=120_000)
        shot("approval")
        page.get_by_role("button", name="Approve").click()
        expect(page.locator("#steps li.done")).to_be_visible(timeout=120_000)
        page.goto(web.origin + "/")
        shot("runs")
        page.goto(web.origin + "/archive?q=Politik")
        shot("archive")
        page.locator("ol.hits li a").first.click()
        page.set_viewport_size({"width": 1000, "height": 760})
        page.screenshot(path=OUT / "document.png")  # the first screen only: documents are long
        page.goto(web.origin + "/sessions")
        shot("sessions")
        page.goto(web.origin + "/skills")
        shot("skills")
        browser.close()


if __name__ == "__main__":
    main()
