"""`act` round 9: phone fields, values a field already holds, and 'the field right after X'.
Each test checks what happened on the page.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def test_words_without_a_digit_are_never_typed_into_a_phone_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/contact_phones.html"))
    for instruction in ("set the mobile number's country to Ireland", "home phone country: Mexico"):
        report = await quiet.act(page, instruction)
        assert not report.ok, (instruction, report.text)
    report = await quiet.act(page, "the first phone field: Mexico")
    assert not report.ok and "no phone number" in report.text, report.text
    assert await page.input_value("#home") == ""
    assert await page.input_value("#mobile") == "07733 312345"
    assert await page.evaluate("document.body.dataset.inputs") == "0"
    report = await quiet.act(page, "type +1-800-FLOWERS into the first phone field")
    assert report.ok, report.text  # a vanity number has digits: a phone field takes it
    assert await page.input_value("#home") == "+1-800-FLOWERS"


@_browser
async def test_an_ordinal_phone_field_counts_every_phone_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/contact_phones.html"))
    report = await quiet.act(page, "the first phone field: 0121 496 0000")
    assert report.ok, report.text
    assert await page.input_value("#home") == "0121 496 0000"  # "Home" never says phone
    report = await quiet.act(page, "type 07700 900123 into the second phone field")
    assert report.ok, report.text
    assert await page.input_value("#mobile") == "07700 900123"


@_browser
async def test_a_value_the_field_already_holds_is_not_typed_again(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/contact_phones.html"))
    report = await quiet.act(page, "Mobile: 07733 312345")
    assert report.steps[0].status == "already", report.text
    report = await quiet.act(page, "the second phone field: +44 7733 312345")
    assert report.steps[0].status == "already", report.text  # the same number, written abroad
    report = await quiet.act(page, "Note: Call after 6")
    assert report.steps[0].status == "already", report.text
    assert await page.evaluate("document.body.dataset.inputs") == "0"
    report = await quiet.act(page, "Note: call after 6")  # another text, case and all
    assert report.ok, report.text
    assert await page.input_value("#note") == "call after 6"
    report = await quiet.act(page, "type 07733 312346 into the Mobile field")
    assert report.ok, report.text
    assert await page.input_value("#mobile") == "07733 312346"


@_browser
async def test_the_field_right_after_another_is_the_next_one(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/contact_phones.html"))
    for instruction, field in [
        ("fill in the field right after City with Texas", "#state"),
        ("type 73301 in the field immediately following State", "#zip"),
        ("enter Flat 2 into the field directly before City", "#house"),
    ]:
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert await page.input_value(field) != "", instruction
    assert await page.input_value("#city") == ""
    assert await page.input_value("#state") == "Texas"


@_browser
async def test_alike_entries_of_one_list_are_several_entries_not_copies(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/menus_boxes.html"))
    # three "Dummy entry" links in one closed submenu: opening it would still not say which
    report = await quiet.act(page, "Dummy entry")
    assert report.steps[0].status == "unsure", report.text
    report = await quiet.act(page, "click Sample item")  # three alike items of a shown list
    assert report.steps[0].status == "unsure", report.text
    assert await page.evaluate("document.body.dataset.clicks") == ""
    report = await quiet.act(page, "select Banana")  # both lists offer it
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicks") == ""
    report = await quiet.act(page, "click Catalog")  # the one entry of that name is still reached
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicks") == "products;catalog;"


@_browser
async def test_the_items_of_a_menu_of_plain_links_are_counted_in_its_navigation(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/menus_boxes.html"))
    report = await quiet.act(page, "click the 2nd menu item")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicks") == "help;"
    report = await quiet.act(page, "click the 5th menu item")  # the bar has two
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicks") == "help;"


@_browser
async def test_a_custom_select_box_is_never_clicked_for_a_choice_only_its_closed_list_holds(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/menus_boxes.html"))
    report = await quiet.act(page, "choose Medium")  # opened, chosen in the list, and checked
    assert report.ok, report.text
    assert await page.input_value("#size") == "Medium"
    report = await quiet.act(page, "choose Large")  # disabled: a click on the box chose nothing
    assert not report.ok, report.text
    assert await page.input_value("#size") == "Medium"
    # The list drawn over a <select> that still has a size: chosen through the widget too
    report = await quiet.act(page, "choose Orange")
    assert report.ok, report.text
    assert await page.input_value("#fruit1") == "Orange"
    assert await page.input_value("#fruit2") == "Pear"


@_browser
async def test_cancel_it_uses_the_dialogs_cancel_button_and_close_it_its_close_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/dialog_cancel.html"))
    report = await quiet.act(page, "open the add account dialog and cancel it")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.closed") == "cancel"
    report = await quiet.act(page, "click Add account and close it")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.closed") == "x"


@_browser
async def test_an_iso_date_is_typed_as_written_where_the_field_shows_no_format(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/book_form.html"))
    report = await quiet.act(page, "set Published to 2024-03-15")
    assert report.ok, report.text
    assert await page.input_value("#published") == "2024-03-15"


@_browser
async def test_the_verb_never_names_an_element_counted_among_others(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/book_form.html"))
    report = await quiet.act(page, "choose the third format")
    assert await page.evaluate("document.body.dataset.chose") is None, report.text  # not "Choose"
    if report.ok:
        assert await page.is_checked("#f2"), report.text


@_browser
async def test_tick_takes_the_rows_checkbox_never_the_link_with_the_same_name(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/book_list.html"))
    report = await quiet.act(page, "tick Harbor Songs")
    assert report.ok, report.text
    assert await page.is_checked("input.row[value='11']")
    report = await quiet.act(page, "tick Maps of Nowhere and The Long Table")
    assert report.ok, report.text
    assert await page.is_checked("input.row[value='13']") and await page.is_checked("input.row[value='12']")
    assert await page.evaluate("document.body.dataset.went") is None  # no link was followed


@_browser
async def test_german_verbs_at_the_end_change_and_clear_fields(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext13/konto_de.html"))
    report = await quiet.act(page, "E-Mail-Adresse ändern auf mara.lind@example.org")
    assert report.ok, report.text
    assert await page.input_value("#email") == "mara.lind@example.org"
    report = await quiet.act(page, "Nachname löschen")
    assert report.ok, report.text
    assert await page.input_value("#nachname") == ""  # emptied, not "löschen" typed into it
    report = await quiet.act(page, "Vorname auf Maria setzen")
    assert report.ok, report.text
    assert await page.input_value("#vorname") == "Maria"
    report = await quiet.act(page, "Eingaben löschen")  # no such field: the button named so
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.reset") == "1"
