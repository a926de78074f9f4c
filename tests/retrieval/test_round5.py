"""`act` round 5: controls only a script makes clickable, menus hidden in one record, several
sliders set at once, and relations that are not kinds. Each test checks what happened on the page.
"""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Page, Route

from tests.retrieval.site import PageServer
from waypost.retrieval import act, parse_instruction

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _state(page: Page) -> str:
    return await page.inner_text("#state")


async def test_an_icon_with_a_script_handler_in_a_scrolled_feed_is_clicked_in_its_post(
    page: Page, pages: PageServer
) -> None:
    # No text, no title, no pointer cursor: only a listener says it is a control. Dana's post is
    # scrolled out of the feed's box, and under the pointer the icon shows another picture, which
    # takes a moment to load (until then the icon has no width and a click lands beside it).
    async def slow(route: Route) -> None:
        await asyncio.sleep(0.4)
        await route.continue_()

    await page.route("**/like-hover.svg", slow)
    await page.goto(pages.url_for("ext8/feed.html"))
    report = await act(page, 'For the user @dana, click on the "Like" button.')
    assert report.ok, report.text
    assert await _state(page) == "like dana;"


async def test_a_control_hidden_in_one_posts_menu_is_reached_through_that_menu(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext8/feed.html"))
    report = await act(page, 'For the user @petr, click on the "Mute" button.')
    assert report.ok, report.text
    assert await _state(page) == "mute petr;"
    assert "Opened" in report.text


async def test_a_hidden_menu_item_of_two_posts_by_the_same_user_is_not_guessed(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext8/feed.html"))
    report = await act(page, 'For the user @eva, click on the "Block" button.')
    assert not report.ok
    assert await _state(page) == ""
    assert await page.locator(".menu:not(.hide)").count() == 0  # no menu was opened either


async def test_a_control_that_no_post_has_is_not_found(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/feed.html"))
    report = await act(page, 'For the user @bo, click on the "Bookmark" button.')
    assert not report.ok
    assert await _state(page) == ""


async def test_the_trash_icon_inside_a_clickable_mail_row_is_its_own_control(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext8/posta.html"))
    report = await act(page, "Find the email by Jana Nováková and click the trash icon to delete it.")
    assert report.ok, report.text
    assert await _state(page) == "trash 1;"  # the icon, not the row that opens the message


async def test_a_star_icon_by_its_class_word(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/posta.html"))
    report = await act(page, "click the star icon of the email from Ola Berg")
    assert report.ok, report.text
    assert await _state(page) == "star 2;"


async def test_an_icon_no_row_has_is_not_clicked(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/posta.html"))
    report = await act(page, "click the archive icon of the email from Karel Dvořák")
    assert not report.ok
    assert await _state(page) == ""


async def test_several_sliders_take_a_list_of_values_in_reading_order(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/sliders.html?n=3"))
    report = await act(page, "Set the sliders to the combination [3,5,2] and submit.")
    assert report.ok, report.text
    assert await _state(page) == "3,5,2"


async def test_a_list_of_values_for_a_different_number_of_sliders_is_refused(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext8/sliders.html?n=2"))
    report = await act(page, "Set the sliders to the combination [3,5,2] and submit.")
    assert not report.ok
    assert "2 element(s) for 3 values" in report.text
    assert await page.locator(".val").all_inner_texts() == ["0", "0"]
    assert await _state(page) == ""  # Submit was not pressed after the refusal


async def test_a_later_find_and_click_step_clicks_the_named_item(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/menu.html"))
    report = await act(page, 'Click the "Menu" button, and then find and click on the item labeled "Stop".')
    assert report.ok, report.text
    assert await _state(page) == "menu;Stop;"


async def test_the_item_with_the_icon_is_a_relation_not_a_kind(page: Page, pages: PageServer) -> None:
    # Every item has an icon and the button is the only 'button': neither is what was meant.
    await page.goto(pages.url_for("ext8/menu.html"))
    report = await act(page, 'Click the "Menu" button, and then find and click on the item with the icon.')
    assert not report.ok
    assert await _state(page) == "menu;"


async def test_then_find_and_is_no_step_of_its_own() -> None:
    steps = parse_instruction('Open the "Menu", and then find and click on the item labeled "Prev".')
    assert [(s.action, s.exact) for s in steps] == [("click", "Menu"), ("click", "Prev")]


async def test_a_swatch_is_named_by_its_title_and_the_caption_of_its_row(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("ext8/laden_de.html"))
    report = await act(page, "wähle die Farbe Grün")
    assert report.ok, report.text
    assert await _state(page) == "farbe Grün;"


async def test_a_size_the_page_does_not_offer_is_not_chosen(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/laden_de.html"))
    report = await act(page, "wähle die Größe XL")
    assert not report.ok
    assert await _state(page) == ""


async def test_a_one_word_click_target_that_is_a_whole_name_wins_over_names_containing_it(
    page: Page, pages: PageServer
) -> None:
    # "In den Warenkorb" carries the word too, with only stop words around it.
    await page.goto(pages.url_for("ext8/laden_de.html"))
    report = await act(page, "klicke auf Warenkorb")
    assert report.ok, report.text
    assert await _state(page) == "warenkorb;"


@pytest.mark.parametrize(
    "instruction",
    [
        "Para crear una cuenta, haga clic en Crear cuenta",
        "Pour créer un compte, cliquez sur Crear cuenta",
        "Um ein Konto anzulegen, klicke auf Crear cuenta",
    ],
)
async def test_a_purpose_clause_before_the_step_says_nothing_about_the_element(
    page: Page, pages: PageServer, instruction: str
) -> None:
    await page.goto(pages.url_for("ext8/cita_es.html"))
    report = await act(page, instruction)
    assert report.ok, report.text
    assert await _state(page) == "crear;"


async def test_a_clause_with_a_comma_and_no_step_after_it_stays_one_name() -> None:
    steps = parse_instruction("Pour la France, Paris")
    assert len(steps) == 1 and steps[0].target == "Pour la France, Paris"


async def test_a_time_slot_is_named_by_its_time(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/cita_es.html"))
    report = await act(page, "haz clic en la franja 10:30")
    assert report.ok, report.text
    assert await _state(page) == "hora 10:30;"


async def test_a_time_slot_is_not_opened_as_if_it_were_a_dropdown(page: Page, pages: PageServer) -> None:
    # Read as 'choose the option "la franja" from 10:30': the slot is no list, so it is not clicked.
    await page.goto(pages.url_for("ext8/cita_es.html"))
    report = await act(page, "elige la franja de las 10:30")
    assert not report.ok
    assert await _state(page) == ""


async def test_a_time_the_page_does_not_offer_is_not_chosen(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/cita_es.html"))
    report = await act(page, "haz clic en la franja 12:30")
    assert not report.ok
    assert await _state(page) == ""


async def test_japanese_to_quotes_what_is_typed(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/profile_ja.html"))
    report = await act(page, "ニックネームに「たろう」と入力")
    assert report.ok, report.text
    assert await page.input_value("#nick") == "たろう"
    assert await page.input_value("#mail") == ""


async def test_an_icon_on_every_post_of_one_user(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/feed.html"))
    report = await act(page, 'Click the "Reply" button on all posts by @eva.')
    assert report.ok, report.text
    assert await _state(page) == "reply eva;reply eva;"


async def test_a_value_named_only_by_where_it_is_shown_is_not_typed(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/profile_ja.html"))
    report = await act(page, "Type the text below into the ニックネーム field and press 保存.")
    assert not report.ok
    assert "not given" in report.text
    assert await page.input_value("#nick") == ""
    quoted = parse_instruction('type "the text below" into the field')
    assert quoted[0].action == "type" and quoted[0].text == "the text below"


async def _ticked(page: Page) -> list[str]:
    return await page.eval_on_selector_all("input:checked", "els => els.map(e => e.id)")


async def test_opening_an_issue_is_not_ticking_its_row(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/issues.html"))
    report = await act(page, "open issue #12")
    assert await _ticked(page) == []
    assert not report.ok or page.url.endswith("#i12"), report.text


async def test_a_phrase_without_a_verb_ticks_no_row(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/issues.html"))
    report = await act(page, "filter the issues by the bug label")
    assert await _ticked(page) == []
    assert not report.ok or page.url.endswith("#l"), report.text


async def test_selecting_a_row_still_ticks_it(page: Page, pages: PageServer) -> None:
    await page.goto(pages.url_for("ext8/issues.html"))
    report = await act(page, "select the row of issue #15")
    assert report.ok, report.text
    assert await _ticked(page) == ["s2"]
