"""Screenshots of the web view's main pages for docs/web.md, taken from the running app.

Serves the demo site and ``waypost serve``'s app (on free 127.0.0.1 ports, a throwaway data
dir), drives them in Chromium, and writes PNGs to ``docs/img/web/``::

    .venv/bin/python scripts/web_screenshots.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from waypost.browser.launch import find_chromium
from waypost.config import Settings
from waypost.demo.server import DemoSite
from waypost.server.web.app import WebServer
from waypost.skills.generation import Candidate
from waypost.skills.store import GeneratedTool

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
        run_url = page.url
        shot("run")
        # One step up close: its screenshot and, opened, the page view the model read.
        step = page.locator("#steps li.result", has=page.locator("img.shot")).first
        step.locator("details summary").click()
        step.scroll_into_view_if_needed()
        step.screenshot(path=OUT / "step.png")
        print(f"wrote {OUT / 'step.png'}", file=sys.stderr)
        page.goto(run_url + "/transcript")
        page.screenshot(path=OUT / "transcript.png")  # the first screen only: transcripts are long
        print(f"wrote {OUT / 'transcript.png'}", file=sys.stderr)
        start("log in as demo/demo", "ask")
        expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=120_000)
        question = page.locator("#steps li.question")
        question.get_by_text("Edit the action before approving it").click()
        question.scroll_into_view_if_needed()
        page.screenshot(path=OUT / "approval.png")
        print(f"wrote {OUT / 'approval.png'}", file=sys.stderr)
        page.get_by_role("button", name="Approve", exact=True).click()
        expect(page.locator("#steps li.done")).to_be_visible(timeout=120_000)
        start("log in as demo/demo", "ask")
        expect(page.get_by_role("button", name="Approve")).to_be_visible(timeout=120_000)
        page.get_by_role("button", name="Stop the run").click()
        expect(page.get_by_role("button", name="Resume the run")).to_be_visible()
        page.locator("#resume-form").scroll_into_view_if_needed()
        page.screenshot(path=OUT / "resume.png")
        print(f"wrote {OUT / 'resume.png'}", file=sys.stderr)
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
        web.app.state.wp.skills.store.put_tool(
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
        # A candidate the quality gate refuses (beside the sync Playwright's own event loop).
        gate = threading.Thread(target=lambda: asyncio.run(web.app.state.wp.skills.submit(bad)))
        gate.start()
        gate.join(60)
        page.goto(web.origin + "/tools")
        shot("tools")
        browser.close()


if __name__ == "__main__":
    main()
