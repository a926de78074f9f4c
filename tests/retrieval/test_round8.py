"""`act` round 8: styled checkboxes and radios whose input is clipped to a pixel are set through
their label. Each test checks what happened on the page.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, parse_instruction

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def test_a_clipped_styled_radio_or_checkbox_is_set_through_its_label(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext12/styled_choices.html"))
    report = await quiet.act(page, "choose Oslo")
    assert report.ok, report.text
    assert await page.is_checked("#city-oslo")
    report = await quiet.act(page, "tick Parking and untick Breakfast")
    assert report.ok, report.text
    assert await page.is_checked("#extra-parking")
    assert not await page.is_checked("#extra-breakfast")
    report = await quiet.act(page, "check Parking")
    assert report.steps[0].status == "already", report.text


@_browser
async def test_a_clipped_control_without_a_label_is_still_covered(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext12/styled_choices.html"))
    report = await quiet.act(page, "tick Tiny option")
    assert report.steps[0].status == "not_actionable", report.text
    assert "covered" in report.text
    assert not await page.is_checked("#tiny")


@_browser
async def test_an_option_of_a_hidden_select_is_chosen_through_the_widget_built_on_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext12/enhanced_selects.html"))
    for instruction, select, value in [
        ("choose Large", "#size", "Large"),  # a selectmenu: its button opens the list
        ("select Kenya", "#origin", "Kenya"),  # Chosen: a link opens li.active-result items
        ("choose Oat", "#milk", "Oat"),  # a combobox: typed, then the one exact suggestion
        ("Syrup: Hazelnut", "#syrup", "Hazelnut"),  # the label moved to the widget's button
        ("select the cup size Small", "#size", "Small"),
        ("select Large cup size", "#size", "Large"),  # the option, then the list's name
        ("choose Ceramic", "#cup", "Ceramic"),  # a wrapper's toggle and a menu of plain links
        ("Beans: Ground", "#beans", "Ground"),  # the select boxed away, its widget beside the box
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        held = await page.eval_on_selector(select, "(s) => s.options[s.selectedIndex].text")
        assert held == value, instruction


@_browser
async def test_a_hidden_select_answers_honestly(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext12/enhanced_selects.html"))
    report = await quiet.act(page, "choose Medium")
    assert report.steps[0].status == "already", report.text
    report = await quiet.act(page, "choose Bucket")  # offered, but disabled
    assert report.steps[0].status == "not_actionable", report.text
    report = await quiet.act(page, "choose Dome")  # the widget never opens its list
    assert not report.ok, report.text
    assert await page.eval_on_selector("#lid", "(s) => s.value") == "Flat"
    report = await quiet.act(page, "choose Vanilla")  # the Syrup widget offers it, a hidden Topping list too
    assert report.steps[0].status in ("unsure", "not_found"), report.text
    assert await page.eval_on_selector("#syrup", "(s) => s.value") == "Plain"
    report = await quiet.act(page, "choose Mocha")  # no list offers it
    assert report.steps[0].status == "not_found", report.text
    sizes = await page.eval_on_selector("#size", "(s) => s.value")
    assert sizes == "Medium"


@_browser
async def test_look_alikes_in_two_groups_are_no_copies(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext12/two_groups.html"))
    for instruction in ["choose Automatic", "Book Now!"]:
        report = await quiet.act(page, instruction)
        assert report.steps[0].status == "unsure", (instruction, report.text)
    assert not await page.is_checked("#gear-a2") and not await page.is_checked("#gear-b2")
    assert await page.eval_on_selector_all("[data-done]", "(els) => els.length") == 0
    report = await quiet.act(page, "click the second Book Now! button")
    assert report.ok, report.text
    assert await page.get_attribute("#book-b", "data-done") == "1"
    # The masthead's and the footer's "Sign in" are copies of one control: either will do.
    report = await quiet.act(page, "click Sign in")
    assert report.ok, report.text
    assert await page.title() == "signed in"


@pytest.mark.parametrize(
    ("instruction", "targets"),
    [
        ("the 3rd tab", [("3rd tab", "")]),  # a description, not a quoted name
        ("First Class", [("First Class", "First Class")]),  # a name that starts with an ordinal
        ("open the second tab and then the first", [("second tab", ""), ("first tab", "")]),
        ("click the second link, then the last one", [("second link", ""), ("last link", "")]),
        ("click Save and then the first", [("Save", ""), ("first", "the first")]),  # no kind to carry
    ],
)
def test_ordinal_descriptions_and_elided_kinds(instruction: str, targets: list[tuple[str, str]]) -> None:
    assert [(s.target, s.exact) for s in parse_instruction(instruction)] == targets


@_browser
async def test_ordinals_of_tabs_and_menu_items(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext12/tabs_menu.html"))
    report = await quiet.act(page, "the 3rd tab")
    assert report.ok, report.text
    assert await page.get_attribute("#t3", "aria-selected") == "true"
    report = await quiet.act(page, "open the second tab and then the first")
    assert report.ok, report.text
    assert await page.get_attribute("body", "data-clicks") == "t3 t2 t1 "
    report = await quiet.act(page, "choose the second menu item")
    assert report.ok, report.text
    assert await page.get_attribute("body", "data-picked") == "share"


@_browser
async def test_an_entry_of_a_closed_menu_is_reached_through_its_parent_items(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    for instruction, went in [
        ("click Design", "design"),  # a submenu the pointer opens
        ("go to Audits", "audits"),  # two levels down: Services › Consulting › Audits
        ("click Profile", "profile"),  # a list its button opens; "Account" is no "Profile"
        ("sign out", "sign-out"),
    ]:
        await page.goto(pages.url_for("ext12/hover_menu.html"))
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert await page.get_attribute("body", "data-went") == went, instruction


@_browser
async def test_an_entry_in_two_closed_menus_is_left_alone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext12/hover_menu.html"))
    report = await quiet.act(page, "click Workshops")  # under Consulting and under About
    assert report.steps[0].status == "unsure", report.text
    assert "Consulting" in report.text and "About" in report.text
    assert await page.get_attribute("body", "data-went") is None
    report = await quiet.act(page, "click Careers")  # in no menu
    assert report.steps[0].status == "not_found", report.text
    report = await quiet.act(page, "click Workshops in the Contact menu")  # no such menu
    assert report.steps[0].status == "not_found", report.text
    report = await quiet.act(page, "click Pricing")  # also in a hidden menu out of reach
    assert report.steps[0].status == "unsure", report.text
    report = await quiet.act(page, "click Retainers")  # disabled in a closed menu: nothing opened
    assert report.steps[0].status == "not_actionable", report.text
    report = await quiet.act(page, "click Archive")  # an item its <li class="disabled"> turns off
    assert report.steps[0].status == "not_actionable", report.text
    assert await page.get_attribute("body", "data-went") is None
    for instruction, went in [
        ("click Workshops in the About menu", "workshops-about"),
        ("click Workshops under Consulting", "workshops"),
    ]:
        await page.goto(pages.url_for("ext12/hover_menu.html"))
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert await page.get_attribute("body", "data-went") == went, instruction


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        ("open the newsletter dialog and close it", [("click", "newsletter"), ("dismiss_overlays", "")]),
        (
            "subscribe to the newsletter and cancel",
            [("click", "subscribe to newsletter"), ("click", "cancel")],
        ),
        ("close the modal window", [("dismiss_overlays", "")]),
        ("open the Modal", [("click", "Modal")]),  # nothing left without the layer word: a name
    ],
)
def test_dialogs_opened_and_answered(instruction: str, steps: list[tuple[str, str]]) -> None:
    assert [(s.action, s.target) for s in parse_instruction(instruction)] == steps


@_browser
async def test_a_dialog_is_opened_by_its_subject_and_answered(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    shown = "() => document.getElementById('m').classList.contains('open')"
    await page.goto(pages.url_for("ext12/newsletter.html"))
    report = await quiet.act(page, "open the newsletter popup, then press OK")
    assert report.ok, report.text
    assert await page.get_attribute("body", "data-ok") == "1" and not await page.evaluate(shown)
    for instruction in ["open the newsletter dialog and close it", "subscribe to the newsletter and cancel"]:
        await page.goto(pages.url_for("ext12/newsletter.html"))
        report = await quiet.act(page, instruction)
        assert report.ok and len(report.steps) == 2, report.text
        assert not await page.evaluate(shown), instruction
        assert await page.get_attribute("body", "data-ok") is None
    report = await quiet.act(page, "close the modal")  # none is open: nothing to do
    assert report.steps[0].status == "already", report.text


@_browser
async def test_a_wizards_steps_and_a_field_named_with_its_value(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext12/wizard.html"))
    report = await quiet.act(page, "next step, then previous step")  # no verb: not quoted names
    assert report.ok and len(report.steps) == 2, report.text
    assert await page.get_attribute("body", "data-step") == "0"
    report = await quiet.act(page, "fill in the email bob@example.com and go to the next step")
    assert report.ok and len(report.steps) == 2, report.text
    # the value stops where the next step starts
    assert await page.input_value("#email") == "bob@example.com"
    assert await page.get_attribute("body", "data-step") == "1"
