"""`act` round 15. Each test checks what happened on the page (our own pages in ``pages/ext19``)."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def test_a_link_to_another_window_is_waited_for_when_its_tab_comes_late(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    """A busy browser may report the new page after the usual grace: a link with a ``target``
    waits for it, so the answer names the tab instead of "did not visibly change"."""
    await page.goto(pages.url_for("ext19/tabs.html"))
    report = await actor.act(page, "open the terms of use")
    assert report.ok, report.text
    change = report.steps[-1].change
    assert change is not None
    assert [url.rsplit("/", 1)[-1] for url in change.new_tabs] == ["terms.html"], report.text
    assert "A new tab opened" in report.text


@_browser
async def test_a_link_without_a_target_is_not_waited_for(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    """Only a link that targets another window is waited for; a script's late popup is not
    promised, and the answer says only what was seen."""
    await page.goto(pages.url_for("ext19/tabs.html"))
    report = await actor.act(page, "click late popup")
    assert report.ok, report.text
    change = report.steps[-1].change
    assert change is not None and change.new_tabs == (), report.text
