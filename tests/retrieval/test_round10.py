"""`act` round 10: columns of a grid of fields, 'the 3rd <record>', toggles, per-field shortcuts,
a list named with its option, and German choices with the verb last.
Each test checks what happened on the page (our own pages in ``pages/ext14``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")

_CHECKED = (
    "[...document.querySelectorAll('input[type=checkbox]')].filter(e => e.checked).map(e => e.id || e.value)"
)


@_browser
async def test_a_field_in_a_grid_is_named_by_its_column(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "tick the 2nd Remove checkbox")
    assert report.ok, report.text
    assert "Remove?" in report.text and '"on"' not in report.text, report.text
    assert await page.evaluate(_CHECKED) == ["line-0-remove"]  # after the gift note's "Remove"
    report = await quiet.act(page, "check the last Remove checkbox")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["line-0-remove", "line-2-remove"]
    report = await quiet.act(page, "type Lantern into the item")  # the labelled field, not a column
    assert report.ok, report.text
    assert await page.input_value("#item") == "Lantern"
    report = await quiet.act(page, "type Trowel into the 2nd item")  # counted with the column's
    assert report.ok, report.text
    assert await page.input_value("input[name=line-0-item]") == "Trowel"


@_browser
async def test_the_nth_record_of_a_list_is_its_selection_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/recipe_list.html"))
    report = await quiet.act(page, "check the 3rd recipe")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["12"]
    report = await quiet.act(page, "tick the last recipe")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["12", "4"]
    report = await quiet.act(page, "check the 7th recipe")  # there are four
    assert not report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["12", "4"]
    assert page.url.endswith("recipe_list.html")  # no link was followed


@_browser
async def test_a_toggle_named_so_is_not_traded_for_the_toggle_beside_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "toggle the sidebar")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicked") == "sidebar;"


@_browser
async def test_a_shortcut_beside_each_field_is_no_copy(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "click Today")
    assert not report.ok and report.steps[0].status == "unsure", report.text
    assert await page.input_value("#ordered") == await page.input_value("#ships") == ""
    report = await quiet.act(page, "click Today next to Ships on")
    assert report.ok, report.text
    assert (await page.input_value("#ordered"), await page.input_value("#ships")) == ("", "2026-11-27")


@_browser
async def test_a_list_named_with_its_option(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "pick the category Garden tools")
    assert report.ok, report.text
    assert await page.input_value("#category") == "garden"
    report = await quiet.act(page, "choose the category Books")
    assert report.ok, report.text
    assert await page.input_value("#category") == "books"
    report = await quiet.act(page, "choose the category")  # which one is not said: a click chooses nothing
    assert not report.ok, report.text
    assert await page.input_value("#category") == "books"


@_browser
async def test_the_first_text_field_is_the_forms_not_the_search_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "the first text field: Ada Lovelace")
    assert report.ok, report.text
    assert await page.input_value("#customer") == "Ada Lovelace"
    assert await page.input_value("#nav-filter") == ""


@_browser
async def test_german_choices_with_the_verb_last(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "Grün auswählen")
    assert report.ok, report.text
    assert await page.evaluate("document.querySelector('input[name=wrap]:checked').value") == "green"
    report = await quiet.act(page, "alle Positionen auswählen")  # no such set on the page
    assert not report.ok, report.text
    assert await page.evaluate(_CHECKED) == []


@_browser
async def test_a_row_named_by_its_place_is_ticked(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/recipe_list.html"))
    for instruction, ticked in (
        ("select the first row", ["31"]),
        ("tick the last row's checkbox", ["31", "4"]),
        ("die zweite Zeile auswählen", ["31", "7", "4"]),
    ):
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert await page.evaluate(_CHECKED) == ticked, instruction


@_browser
async def test_the_nth_record_is_opened_by_its_first_link(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    for instruction, fragment in (
        ("open the recipe in the second row", "?recipe=7"),
        ("click the 3rd row", "?recipe=12"),
        ("open the 2nd recipe", "?recipe=7"),
        ("open the last recipe", "?recipe=4"),
    ):
        await page.goto(pages.url_for("ext14/recipe_list.html"))
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert page.url.endswith(fragment), (instruction, page.url)


@_browser
async def test_label_value_pairs_joined_by_and(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/account_form.html"))
    report = await quiet.act(page, "username ada and password hunter2")
    assert report.ok, report.text
    assert "hunter2" not in report.text  # a typed password is never shown
    assert (await page.input_value("#username"), await page.input_value("#pw")) == ("ada", "hunter2")
    report = await quiet.act(page, "first name Marie and last name Curie, favourite book Salt and Stone")
    assert report.ok, report.text
    values = [await page.input_value(s) for s in ("#first", "#last", "#fav")]
    assert values == ["Marie", "Curie", "Salt and Stone"]  # an 'and' no label follows is the value's
    report = await quiet.act(page, "enter the pages a week 40 and press Create account")
    assert report.ok, report.text
    assert await page.input_value("#pages") == "40"


@_browser
async def test_all_records_of_the_page_by_its_select_all_box(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/recipe_list.html"))
    report = await quiet.act(page, "select all recipes on this page")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["toggle-all"]
    report = await quiet.act(page, "tick the checkbox of Fish pie")  # the role word is the box's
    assert report.ok, report.text
    report = await quiet.act(page, "cochez la ligne Plum cake")  # the row is where the box is
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["toggle-all", "7", "12"]


@_browser
async def test_a_row_named_by_a_kind_noun(page: Page, pages: PageServer, quiet: Actor) -> None:
    for instruction, query in (
        ("the Change link in the Users row", "?m=users&do=change"),
        ("add a user", "?m=users&do=add"),
        ("add an order", "?m=orders&do=add"),
    ):
        await page.goto(pages.url_for("ext14/models_index.html"))
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
        assert page.url.endswith(query), (instruction, page.url)
    await page.goto(pages.url_for("ext14/models_index.html"))
    report = await quiet.act(page, "click Add")  # four of them: which one is not said
    assert not report.ok, report.text
    assert page.url.endswith("models_index.html")


@_browser
async def test_an_ordinal_counts_the_radios_of_the_group_it_names(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "choose the third wrapping colour")
    assert report.ok, report.text
    assert await page.evaluate("document.querySelector('input[name=wrap]:checked').value") == "blue"
    report = await quiet.act(page, "pick the 2nd colour")
    assert report.ok, report.text
    assert await page.evaluate("document.querySelector('input[name=wrap]:checked').value") == "green"


@_browser
async def test_a_password_given_twice_and_one_ending_in_a_bang(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/password_form.html"))
    report = await quiet.act(page, "fill in the new password twice: Orchard#2024")
    assert report.ok, report.text
    assert "Orchard" not in report.text
    values = [await page.input_value(s) for s in ("#old", "#new1", "#new2")]
    assert values == ["", "Orchard#2024", "Orchard#2024"]  # 'twice: …' is never typed
    report = await quiet.act(page, "old password: Sesame1!")
    assert report.ok, report.text
    assert await page.input_value("#old") == "Sesame1!"  # the bang is the password's


@_browser
async def test_submit_the_form_named_by_its_heading(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/password_form.html"))
    report = await quiet.act(page, "submit the password form")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "password;"
    report = await quiet.act(page, "submit the newsletter form")  # no such form
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "password;"


@_browser
async def test_a_password_field_takes_only_a_password_it_was_told_to_type(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/password_form.html"))
    for instruction in (
        "Old password forgotten?",  # a question, no value
        "old password reset",  # no typing verb, one field: a name, not a value
        "new password Azerty!99 and confirmation Azerty!99",  # no field is labelled "confirmation"
        "show the password",  # a field cannot show itself
    ):
        report = await quiet.act(page, instruction)
        assert not report.ok, (instruction, report.text)
        assert [await page.input_value(s) for s in ("#old", "#new1", "#new2")] == ["", "", ""], instruction


@_browser
async def test_a_list_kept_offscreen_behind_a_box_before_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/boxed_lists.html"))
    report = await quiet.act(page, "choose Urgent for priority")
    assert report.ok, report.text
    assert await page.input_value("#priority") == "4"
    report = await quiet.act(page, "set the priority to High")
    assert report.ok, report.text
    assert await page.input_value("#priority") == "3"
    report = await quiet.act(page, "pick Emil Sato from the Assigned to dropdown")
    assert report.ok, report.text
    assert await page.input_value("#owner") == "5"
    report = await quiet.act(page, "choose High priority")  # the box itself is a link named "High"
    assert report.steps[0].status == "already", report.text


@_browser
async def test_a_rows_name_link_is_never_ticked(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/boxed_lists.html"))
    report = await quiet.act(page, "tick notes.txt")
    assert report.ok, report.text
    report = await quiet.act(page, "select logo.png")
    assert report.ok, report.text
    checked = "[...document.querySelectorAll('input[name=rowid]:checked')].map(e => e.value)"
    assert await page.evaluate(checked) == ["logo.png", "notes.txt"]
    report = await quiet.act(page, "tick images")  # a folder without a box: its link is no box
    assert not report.ok, report.text
    assert page.url.endswith("boxed_lists.html")


@_browser
async def test_sort_by_a_header_link_and_not_by_a_plain_header(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/boxed_lists.html"))
    report = await quiet.act(page, "sort by owner")  # its header has no link, the others do
    assert not report.ok, report.text
    report = await quiet.act(page, "sort by size")
    assert report.ok, report.text
    assert page.url.endswith("?sort=size")


@_browser
async def test_fields_and_values_then_the_step_they_end_with(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/account_form.html"))
    report = await quiet.act(page, "phone number +49 170 5550123")  # 'number' is no part of the value
    assert report.ok, report.text
    assert await page.input_value("#phone") == "+49 170 5550123"
    report = await quiet.act(page, "fill in username ada and last name Byron and submit")
    assert report.ok, report.text
    assert (await page.input_value("#username"), await page.input_value("#last")) == ("ada", "Byron")
    assert await page.evaluate("document.body.dataset.sent") == "yes"


@_browser
async def test_under_a_field_the_word_x_and_a_date_after_its_noun(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "type 'see ticket 42' in the box under Reference")
    assert report.ok, report.text
    assert (await page.input_value("#ref"), await page.input_value("#item")) == ("", "see ticket 42")
    report = await quiet.act(page, "put the word draft in the gift note text, all caps")
    assert report.ok, report.text
    assert await page.input_value("#note-text") == "DRAFT"
    report = await quiet.act(page, "ships on date 2026-03-14")  # 'date' says what the value is
    assert report.ok, report.text
    assert await page.input_value("#ships") == "2026-03-14"


@_browser
async def test_an_ordinal_over_buttons_whose_names_hold_the_words(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "click the last of the save buttons")  # "Save and continue editing"
    assert report.ok, report.text
    report = await quiet.act(page, "click the 2nd save button")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicked") == "continue;add;"


@_browser
async def test_and_save_is_a_step_of_its_own(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/order_form.html"))
    report = await quiet.act(page, "change the reference to 'R-7' and save")
    assert report.ok, report.text
    assert await page.input_value("#ref") == "R-7"
    assert await page.evaluate("document.body.dataset.clicked") == "save;"


@_browser
async def test_a_disabled_arrow_gives_way_to_the_enabled_one(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext14/boxed_lists.html"))
    report = await quiet.act(page, "previous page")  # both backward arrows are disabled
    assert not report.ok, report.text
    report = await quiet.act(page, "next page")
    assert report.ok, report.text
    assert page.url.endswith("?page=2")


@_browser
async def test_the_checkbox_of_the_last_row_and_all_rows(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext14/recipe_list.html"))
    report = await quiet.act(page, "tick the checkbox of the last row")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["4"]
    report = await quiet.act(page, "select all rows")
    assert report.ok, report.text
    assert await page.evaluate(_CHECKED) == ["toggle-all", "4"]
