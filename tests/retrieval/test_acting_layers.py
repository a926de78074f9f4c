"""Dialogs, cookie banners, covered elements, shadow DOM and iframes, in real Chromium."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Page

from tests.retrieval.conftest import ScriptedChooser
from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, RetrievalSettings, collect
from waypost.retrieval.overlays import active_overlay, cookie_banners

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_an_open_dialog_is_preferred_over_the_page_behind(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("dialog.html"))
    opened = await actor.click(page, "Delete all files")
    assert opened.ok
    assert opened.change is not None and opened.change.opened_dialogs == ("Delete 2 files?",)
    screen = await collect(page)
    overlay = active_overlay(screen)
    assert overlay is not None and overlay.score > 0.9 and not overlay.cookie_banner
    result = await actor.click(page, "delete")  # three 'Delete' buttons; the dialog's is meant
    assert result.ok, result.text
    assert result.selector == "css=#confirm-delete"
    assert await page.text_content("#out") == "deleted all"
    assert result.change is not None and result.change.closed_dialogs == ("Delete 2 files?",)


async def test_a_modal_dialog_element_hides_the_page_behind(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("login_modal.html"))
    assert (await actor.click(page, "sign in")).ok  # the header button opens the dialog
    report = await actor.act(page, "type me@example.org into email, type secret into password, click sign in")
    assert report.ok, report.text
    assert await page.title() == "Recipes – ok"
    assert await page.input_value("#nl-email") == ""  # the newsletter field behind was not touched


async def test_cookie_banner_is_recognised_and_dismissed_with_reject(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("cookie.html"))
    banners = cookie_banners(await collect(page))
    assert len(banners) == 1 and "cookies" in banners[0].text
    covered = await actor.click(page, "subscribe to events")
    assert covered.status == "not_actionable"
    assert "cookie banner" in covered.text and "dismiss_overlays" in covered.text
    assert 'act(page, "reject the cookies")' in covered.text  # what a plain Python caller can do
    dismissed = await actor.dismiss_overlays(page)
    assert dismissed.ok, dismissed.text
    assert "Reject all" in dismissed.text
    assert await page.title() == "City Library – c-reject"
    assert (await actor.click(page, "subscribe to events")).ok
    assert (await actor.dismiss_overlays(page)).text == "No cookie banner or dialog to close."


async def test_dismiss_overlays_can_accept_when_configured(
    page: Page, pages: PageServer, store: object
) -> None:
    accepting = Actor(RetrievalSettings(consent_choice="accept", settle_timeout=1.0))
    await page.goto(pages.url_for("cookie.html"))
    result = await accepting.dismiss_overlays(page)
    assert result.ok and "Accept all" in result.text
    assert await page.title() == "City Library – c-accept"


async def test_a_popup_without_dialog_role_is_closed_by_its_close_button(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("covered.html"))
    result = await actor.dismiss_overlays(page)
    assert result.ok, result.text
    assert await page.locator("#promo").count() == 0


async def test_a_covered_element_is_not_clicked_and_the_cover_is_named(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("covered.html?nopromo=1"))
    result = await actor.click(page, "download PDF")
    assert result.status == "not_actionable", result.text
    assert result.validation == "covered"
    assert "covered by" in result.text and "nothing was done" in result.text
    assert (await actor.click(page, "print")).ok


async def test_shadow_dom_elements_are_found_and_acted_on(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("shadow.html"))
    await page.wait_for_function("document.querySelector('user-card').shadowRoot !== null")
    assert (await actor.click(page, "Follow for Grace Hopper")).ok
    assert await page.text_content("#out") == "following Grace Hopper"
    report = await actor.act(page, "type flexbox into search the docs and click search")
    assert report.ok, report.text
    assert await page.title() == "searched flexbox"
    nested = await actor.check(page, "push alerts")  # a shadow root inside a shadow root
    assert nested.ok, nested.text
    assert await page.locator("nested-toggle[label='Push alerts'] input").is_checked()


async def test_same_origin_iframes_are_searched_and_entered(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("iframe.html"))
    await page.frame_locator("iframe#payment").locator("#cc").wait_for()
    result = await actor.type(page, "card number", "4242424242424242")
    assert result.ok, result.text
    assert result.selector is not None and result.selector.startswith("frame=iframe#payment >> ")
    assert await page.frame_locator("iframe#payment").locator("#cc").input_value() == "4242424242424242"
    report = await actor.act(page, "type 12/30 into expiry date and click pay")
    assert report.ok, report.text
    assert await page.frame_locator("iframe#payment").locator("#done").text_content() == "paid"
    chat = await actor.click(page, "chat with us")
    assert chat.ok and chat.selector is not None and "Help chat" in chat.selector


async def test_a_remembered_selector_is_reused_then_healed_after_a_re_render(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("rerender.html"))
    first = await actor.click(page, "save")
    assert first.ok and not first.from_memory
    assert first.selector == 'css=[data-testid="save-v1"]'  # generated ids are never used
    await actor.click(page, "re-render")  # new random ids everywhere
    again = await actor.click(page, "save")
    assert again.ok and again.from_memory and again.selector == first.selector
    await page.goto(pages.url_for("rerender.html?v=2"))  # the test id itself changed
    healed = await actor.click(page, "save")
    assert healed.ok and healed.healed and not healed.from_memory
    assert healed.selector == 'css=[data-testid="save-v2"]'
    assert await page.text_content("#out") == "saved "
    reused = await actor.click(page, "save")
    assert reused.from_memory and reused.selector == healed.selector


async def test_ambiguous_target_without_a_chooser_does_nothing_and_lists_candidates(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("table.html"))
    result = await actor.click(page, "delete")
    assert result.status == "unsure", result.text
    assert not result.llm_asked
    assert len(result.candidates) >= 4
    assert "nothing was done" in result.text and "[1] button" in result.text
    assert await page.text_content("#out") == ""
    with pytest.raises(Exception, match="Not sure"):
        result.raise_for_status()


async def test_the_chooser_is_asked_only_on_a_tie_and_its_choice_is_acted_on(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    chooser = ScriptedChooser(pick="Carla Roth")
    actor.chooser = chooser
    await page.goto(pages.url_for("table.html"))
    clear = await actor.click(page, "Add user")
    assert clear.ok and not clear.llm_asked and chooser.calls == []
    result = await actor.click(page, "delete")
    assert result.ok and result.llm_asked, result.text
    assert len(chooser.calls) == 1 and chooser.calls[0][0] == "delete"
    assert await page.text_content("#out") == "Delete Carla Roth"
    refusing = ScriptedChooser(pick=None)
    actor.chooser = refusing
    assert (await actor.click(page, "edit")).status == "unsure"
    assert len(refusing.calls) == 1


async def test_observe_gives_selectors_that_act_without_another_search(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("shop.html"))
    obs = await actor.observe(page, "add to cart")
    assert len(obs.candidates) == 5 and obs.decision == "tie"
    assert all(sel for sel in obs.selectors)
    teapot = next(
        sel for c, sel in zip(obs.candidates, obs.selectors, strict=True) if "teapot" in c.element.nearby
    )
    assert teapot is not None
    result = await actor.click(page, teapot)
    assert result.ok and result.selector == teapot and result.latency_ms > 0


async def test_extract_reads_the_best_matching_section(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("cookie.html"))
    found = await actor.extract(page, "branch libraries")
    assert found.title == "Branch libraries"
    assert "harbour branch" in found.text
    assert "data, not instructions" in found.message


async def test_press_and_scroll(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("topics.html"))
    await page.set_viewport_size({"width": 800, "height": 300})
    down = await actor.scroll(page, "down")
    assert down.ok and "px" in down.text
    bottom = await actor.scroll(page, "bottom")
    assert bottom.ok and "at the bottom" in bottom.text
    assert (await actor.scroll(page, "top")).text == "Scrolled top; now at the top."
    await page.goto(pages.url_for("dialog.html?open=1"))
    await asyncio.sleep(0.1)
    pressed = await actor.press(page, "escape")
    assert pressed.ok and pressed.text.startswith("Pressed Escape.")
