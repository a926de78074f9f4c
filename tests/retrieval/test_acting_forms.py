"""Acting in real Chromium on fixture pages: forms, checkboxes, dropdowns, icon-only buttons."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, act

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_act_splits_an_instruction_into_steps_and_runs_them_in_order(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("signup.html"))
    report = await actor.act(
        page, "type Ada into first name, type Lovelace into the last name and check I agree to the terms"
    )
    assert report.ok, report.text
    assert [s.action for s in report.steps] == ["type", "type", "check"]
    assert await page.input_value("#fn") == "Ada"
    assert await page.input_value("#ln") == "Lovelace"
    assert await page.is_checked("input[name=terms]")
    assert 'Typed "Ada" into textbox "First name"' in report.steps[0].text


async def test_type_never_echoes_a_password(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("signup.html"))
    result = await actor.type(page, "password", "hunter2")
    assert result.ok
    assert await page.input_value("#pw") == "hunter2"
    assert await page.input_value("#pw2") == ""
    assert "hunter2" not in result.text
    assert "7 characters" in result.text


async def test_select_picks_the_option_in_a_native_dropdown(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("signup.html"))
    result = await actor.select(page, "country", "germany")
    assert result.ok, result.text
    assert await page.input_value("#country") == "de"
    wrong = await actor.select(page, "plan", "Platinum")
    assert wrong.status == "failed"
    assert "Free" in wrong.text and "Enterprise" in wrong.text  # the options are listed


async def test_check_and_uncheck_report_the_state(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("signup.html"))
    off = await actor.check(page, "product news", checked=False)
    assert off.ok and not await page.is_checked("input[name=news]")
    again = await actor.check(page, "product news", checked=False)
    assert again.status == "already" and not again.ok  # nothing was done: the state held
    assert "already unchecked" in again.text


async def test_a_submission_reports_the_new_page(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("signup.html"))
    report = await act(page, "type Ada into first name and click create account")
    assert report.ok, report.text
    click = report.steps[-1]
    assert click.selector == 'css=[data-testid="create-account"]'
    assert click.change is not None and click.change.navigated
    assert click.change.url_after.endswith("/register")
    assert '"Received"' in click.text
    fields = await page.text_content("#fields") or ""
    assert "first_name: Ada" in fields and "news: on" in fields


async def test_a_list_of_checkboxes_finds_each_by_its_label(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("topics.html"))
    for topic in ("Climate", "Local news", "Personal finance", "Tennis"):
        result = await actor.check(page, topic)
        assert result.ok, result.text
    checked = await page.eval_on_selector_all("[name=topic]:checked", "els => els.map(e => e.value)")
    assert sorted(checked) == ["climate", "local-news", "personal-finance", "tennis"]


async def test_duplicated_labels_are_told_apart_by_their_section(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("checkout.html"))
    assert (await actor.type(page, "city in the billing address", "Hamburg")).ok
    assert (await actor.type(page, "shipping city", "Berlin")).ok
    assert await page.input_value("#b-city") == "Hamburg"
    assert await page.input_value("#s-city") == "Berlin"


async def test_duplicated_buttons_are_told_apart_by_their_row(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("table.html"))
    result = await actor.click(page, "delete button for Bob Schulz")
    assert result.ok, result.text
    assert await page.text_content("#out") == "Delete Bob Schulz"


async def test_icon_only_buttons_are_found_by_aria_label_title_or_svg_title(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("editor.html"))
    for target, expected in (
        ("bold", "[aria-label=Bold]"),
        ("insert link", "button[title='Insert link']"),
        ("undo", ".toolbar button:nth-of-type(5)"),
    ):
        obs = await actor.observe(page, target)
        first = obs.candidates[0]
        assert await page.locator(expected).evaluate(
            "(el, i) => window.__waypostInventory.els[i] === el", first.element.index
        ), (target, obs.text)
    assert (await actor.type(page, "post body", "Hello from Waypost")).ok
    assert "Hello from Waypost" in (await page.text_content("#body") or "")


async def test_custom_dropdown_is_opened_and_its_option_clicked(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("dropdown.html"))
    result = await actor.select(page, "destination country", "Austria")
    assert result.ok, result.text
    assert (await page.text_content("#dest") or "").strip() == "Austria"
    assert (await actor.select(page, "delivery speed", "express")).ok
    assert await page.input_value("#speed") == "exp"


async def test_radio_group_is_chosen_by_option_name(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("settings.html"))
    result = await actor.select(page, "theme", "Dark")
    assert result.ok, result.text
    assert await page.is_checked("input[value=dark]")


async def test_styled_checkbox_and_aria_switch_are_toggled(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("settings.html"))
    compact = await actor.check(page, "compact layout")
    assert compact.ok, compact.text
    assert await page.is_checked("#compact")
    tips = await actor.check(page, "show tips")  # the input is not displayed: its label is clicked
    assert tips.ok, tips.text
    assert await page.is_checked("#tips")
    autosave = await actor.check(page, "autosave")
    assert autosave.ok, autosave.text
    assert await page.get_attribute("#autosave", "aria-checked") == "true"


async def test_disabled_button_is_reported_not_clicked(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("settings.html"))
    result = await actor.click(page, "save changes")
    assert result.status == "not_actionable"
    assert "disabled" in result.text


async def test_hidden_tab_content_is_reported_and_reachable_after_opening_the_tab(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    await page.goto(pages.url_for("settings.html"))
    assert (await actor.click(page, "Privacy tab")).ok
    result = await actor.check(page, "share usage statistics")
    assert result.ok, result.text
    assert await page.is_checked("input[name=analytics]")


async def test_german_instructions(page: Page, pages: PageServer, actor: Actor) -> None:
    await page.goto(pages.url_for("news_de.html"))
    report = await actor.act(page, "gib a@b.de in E-Mail-Adresse ein und aktiviere Morgenlage")
    assert report.ok, report.text
    assert await page.input_value("#nl-mail") == "a@b.de"
    assert await page.is_checked("input[name=morgen]")
    nav = await actor.act(page, "klicke auf Politik")
    assert nav.ok and nav.steps[0].change is not None
    assert nav.steps[0].change.url_after.endswith("/politik/")
