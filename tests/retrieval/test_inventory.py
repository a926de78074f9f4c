"""The in-page inventory: what it records about elements, layers and frames, in real Chromium."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Selector, collect, validate

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_descriptors_carry_names_labels_sections_and_attributes(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("signup.html"))
    screen = await collect(page)
    by_name = {e.name_attr: e for e in screen.elements if e.name_attr}
    assert by_name["first_name"].label == "First name" and by_name["first_name"].section == "About you"
    assert by_name["first_name"].form.startswith("signup")
    assert by_name["phone"].name == "Mobile phone (optional)"  # aria-labelledby
    assert by_name["email"].name == "Email address"  # a wrapping label
    assert by_name["birthday"].name == "Date of birth"  # aria-label
    assert by_name["referral"].placeholder == "Referral code"
    assert by_name["password"].value == ""  # never a password's value
    assert by_name["country"].options[:2] == ("Choose…", "Germany")
    assert by_name["news"].checked is True and by_name["terms"].checked is False
    create = next(e for e in screen.elements if e.data.get("data-testid") == "create-account")
    assert create.role == "button" and create.enabled and create.visible
    footer = next(e for e in screen.elements if e.href == "/help")
    assert footer.section == ""  # headings in <main> do not leak into the footer
    assert screen.fingerprint.startswith("/signup.html#")


async def test_generic_clickables_shadow_roots_and_frames(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("shadow.html"))
    await page.wait_for_function("document.querySelector('settings-panel').shadowRoot !== null")
    screen = await collect(page)
    follow = [e for e in screen.elements if e.name == "Follow"]
    assert len(follow) == 3 and all(e.shadow for e in follow)
    assert {e.section for e in follow} == {"Ada Lovelace", "Grace Hopper", "Alan Turing"}
    assert any(e.name == "Push alerts" and e.role == "checkbox" for e in screen.elements)
    await page.goto(pages.url_for("iframe.html"))
    await page.frame_locator("iframe#payment").locator("#cc").wait_for()
    screen = await collect(page)
    card = next(e for e in screen.elements if e.name == "Card number")
    assert card.frames == ("iframe#payment",)
    assert card.box[1] > 0 and card.in_viewport  # page coordinates include the frame's offset
    chat = next(e for e in screen.elements if e.name == "Chat with us")
    assert chat.frames == ('iframe[title="Help chat"]',)


async def test_overlay_evidence_and_recent_changes(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("dialog.html"))
    before = await collect(page)
    assert not [o for o in before.overlays if o.visible]
    await page.click("#open-confirm")
    after = await collect(page)
    dialog = next(o for o in after.overlays if o.dialog)
    assert dialog.modal and dialog.on_top and dialog.recent and dialog.label == "Delete 2 files?"
    inside = [e for e in after.elements if dialog.index in e.overlays]
    assert {e.name for e in inside} >= {"Delete", "Cancel", "Close", "Move to trash instead"}


async def test_hidden_styled_checkbox_is_kept_for_its_label(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("settings.html"))
    screen = await collect(page)
    tips = next(e for e in screen.elements if e.id == "tips")  # display: none, styled through its label
    assert tips.name == "Show tips" and tips.has_label and not tips.visible
    v = await validate(page, Selector("id", "#tips"), tips.index)
    assert v.ok and v.proxy == "label"


async def test_fingerprint_ignores_generated_ids(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("rerender.html"))
    first = await collect(page)
    await page.click(".rerender")
    await asyncio.sleep(0.05)
    second = await collect(page)
    assert {e.id for e in first.elements if e.id} != {e.id for e in second.elements if e.id}
    assert first.fingerprint == second.fingerprint


async def test_validation_reports_missing_ambiguous_other_and_covered(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("covered.html?nopromo=1"))
    screen = await collect(page)
    download = next(e for e in screen.elements if e.name == "Download PDF")
    assert (await validate(page, Selector("id", "#nope"), None)).reason == "missing"
    assert (await validate(page, Selector("path", "button"), None)).reason == "not_unique"
    assert (await validate(page, Selector("id", "#share"), download.index)).reason == "other_element"
    covered = await validate(page, Selector("id", "#download"), download.index)
    assert covered.reason == "covered" and covered.cover is not None and covered.cover["id"] == "loading"
