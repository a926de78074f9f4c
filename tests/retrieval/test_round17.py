"""`act` round 17: what a closed block holds (our own pages in ``pages/ext21``).

A control on a closed tab, in a folded section, a closed menu, a filter sheet or a dialog not yet
open is found when the words point confidently to it, counting the held controls as shown; its
block is opened by the one control that opens it, and the step runs again. Nothing is opened
when the words fit nothing held, or several controls alike.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, ActReport

_browser = pytest.mark.asyncio(loop_scope="session")


async def _data(page: Page, key: str) -> str:
    return str(await page.evaluate(f"document.body.dataset.{key} || ''"))


async def _value(page: Page, sel: str) -> str:
    return str(await page.input_value(sel))


async def _done(page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str) -> ActReport:
    """``instruction`` acted on a fresh load of ``ext21/<file>``, which must have been done."""
    await page.goto(pages.url_for(f"ext21/{file}"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    return report


async def _undone(page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str) -> ActReport:
    """``instruction`` acted on a fresh load of ``ext21/<file>``, which must not have been done."""
    await page.goto(pages.url_for(f"ext21/{file}"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    return report


@pytest.mark.parametrize(
    ("instruction", "opened", "field", "value"),
    [
        ("set the nights to 3", "stay;", "#nights", "3"),
        ("enter 4 as the number of nights", "stay;", "#nights", "4"),
        ("type 50 in the deposit", "payment;", "#deposit", "50"),
    ],
)
@_browser
async def test_a_field_on_a_tab_a_flag_shows_is_typed_after_opening_its_tab(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: str, field: str, value: str
) -> None:
    """The panel is shown by x-show="section == 'stay'"; the tab whose click sets section = 'stay'
    opens it."""
    report = await _done(page, pages, quiet, "flag_tabs.html", instruction)
    assert await _data(page, "opened") == opened
    assert await _value(page, field) == value
    assert "Opened" in report.text


@_browser
async def test_a_box_on_a_closed_tab_is_ticked_and_unticked(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _done(page, pages, quiet, "flag_tabs.html", "tick breakfast included")
    assert await page.is_checked("#breakfast")
    await _done(page, pages, quiet, "flag_tabs.html", "untick deposit is refundable")
    assert not await page.is_checked("#paid")
    assert await _data(page, "opened") == "payment;"


@pytest.mark.parametrize(
    ("instruction", "opened", "clicked"),
    [
        ("show only the refunded orders", "filters;", "?status=refunded;"),
        ("filter by status: Shipped", "filters;", "?status=shipped;"),
        ("sign out", "account;", "#sign-out;"),
        ("abmelden", "account;", "#sign-out;"),
    ],
)
@_browser
async def test_a_link_in_a_closed_sheet_or_menu_is_followed_after_opening_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: str, clicked: str
) -> None:
    await _done(page, pages, quiet, "sheet_menu.html", instruction)
    assert await _data(page, "opened") == opened
    assert await _data(page, "clicked") == clicked


@_browser
async def test_a_field_in_folded_details_and_in_a_closed_dialog(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _done(page, pages, quiet, "sheet_menu.html", "type orders-may in the file name field")
    assert await _value(page, "#filename") == "orders-may"
    assert await _data(page, "opened") == "export;"
    report = await quiet.act(page, "write 'call back on Monday' in the note")
    assert report.ok, report.text
    assert await _value(page, "#note") == "call back on Monday"
    assert await _data(page, "opened") == "export;note;"


@pytest.mark.parametrize(
    "instruction",
    [
        "type 12 in the discount code",  # nothing held or shown is a discount field
        "click Delete",  # no such control anywhere
        "open the tab",  # which one: three tabs
    ],
)
@_browser
async def test_nothing_is_opened_when_no_closed_block_clearly_holds_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _undone(page, pages, quiet, "flag_tabs.html", instruction)
    assert await _data(page, "opened") == ""


@_browser
async def test_two_held_fields_alike_open_nothing(page: Page, pages: PageServer, quiet: Actor) -> None:
    """Both closed tabs hold a field "Notes": which tab is meant is not said."""
    await _undone(page, pages, quiet, "flag_tabs.html", "type late arrival in the notes")
    assert await _data(page, "opened") == ""


@_browser
async def test_a_name_neither_shown_nor_held_opens_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _undone(page, pages, quiet, "sheet_menu.html", "open O-1003")
    assert await _data(page, "opened") == ""
    assert await _data(page, "clicked") == ""


async def _ticked(page: Page) -> list[str]:
    return [
        str(v)
        for v in await page.eval_on_selector_all(
            "input[name=_selected_action]:checked", "(els) => els.map((e) => e.value)"
        )
    ]


@pytest.mark.parametrize(
    ("instruction", "ticked"),
    [
        ("select Hopper", ["11"]),
        ("select the row of Hopper", ["11"]),
        ("select Luna and Pepper", ["9", "8"]),
        ("tick the third appointment in the table", ["9"]),
    ],
)
@_browser
async def test_a_row_is_selected_by_its_text_or_place_in_one_list_of_row_bodies(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, ticked: list[str]
) -> None:
    """Each row in a <tbody> of its own, in a focusable scroller named "scrollable content": the
    rows are one list, and the scroller is no control that holds every row's words."""
    await _done(page, pages, quiet, "row_bodies.html", instruction)
    assert sorted(await _ticked(page)) == sorted(ticked)
    assert await _data(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("I want to see Luna's appointment", "/appointment/9/change/;"),
        ("show me Luna's appointment", "/appointment/9/change/;"),
        ("open the second appointment in the table", "/appointment/10/change/;"),
        ("next page", "?p=2;"),
        ("go to the last page", "?p=3;"),
    ],
)
@_browser
async def test_a_row_is_opened_by_its_text_and_an_unnamed_pager_is_read(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    """The pager has no class or label that says so: the current page is the number not linked."""
    await _done(page, pages, quiet, "row_bodies.html", instruction)
    assert await _data(page, "clicked") == clicked
    assert await _ticked(page) == []


@_browser
async def test_a_statement_sets_a_box_on_a_closed_tab_the_way_it_says(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """'the deposit is not refundable' unticks "Deposit is refundable"; 'it's not breakfast
    included' where the box is already unticked opens nothing: the held box's state is read
    before any opening."""
    report = await _done(page, pages, quiet, "flag_tabs.html", "the deposit is not refundable")
    assert not await page.is_checked("#paid")
    await page.goto(pages.url_for("ext21/flag_tabs.html"))
    report = await quiet.act(page, "it's not breakfast included")
    assert report.steps[-1].status == "already", report.text
    assert await _data(page, "opened") == ""
    assert not await page.is_checked("#breakfast")


@_browser
async def test_two_fields_of_a_folded_section_in_one_statement(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _done(page, pages, quiet, "sheet_menu.html", "street: 4 Mill Lane, postcode BS1 4DJ")
    assert await _value(page, "#street") == "4 Mill Lane"
    assert await _value(page, "#postcode") == "BS1 4DJ"
    assert await _data(page, "opened") == "address;"


@pytest.mark.parametrize(
    ("instruction", "searched"),
    [("find appointments mentioning sock", "sock"), ('show me the ones containing "limping"', "limping")],
)
@_browser
async def test_finding_the_records_that_mention_words_searches_for_them(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, searched: str
) -> None:
    await _done(page, pages, quiet, "row_bodies.html", instruction)
    assert await _data(page, "searched") == searched


@pytest.mark.parametrize(
    ("instruction", "opened"), [("show the payment", "payment;"), ("open Stay", "stay;")]
)
@_browser
async def test_show_a_tab_that_is_an_a_without_href(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: str
) -> None:
    """The tab is clickable only by its declared handler: 'show' is what clicking it does."""
    await _done(page, pages, quiet, "flag_tabs.html", instruction)
    assert await _data(page, "opened") == opened


@pytest.mark.parametrize("instruction", ["edit this page", "I want to edit this page"])
@_browser
async def test_edit_this_page_is_the_link_to_edit_its_source(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _done(page, pages, quiet, "docs_edit.html", instruction)
    assert await _data(page, "clicked") == "https://forge.example/tidewatch/edit/main/docs/changelog.md;"


@pytest.mark.parametrize(
    "instruction",
    ["Name Jonas Vogel, E-Mail jonas@example.org", "e-mail: jonas@example.org, name: Jonas Vogel"],
)
@_browser
async def test_a_label_said_with_a_hyphen_more_or_less(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """ "E-Mail" for the label "Email": the same word."""
    await _done(page, pages, quiet, "owner_form.html", instruction)
    assert await _value(page, "#id_name") == "Jonas Vogel"
    assert await _value(page, "#id_email") == "jonas@example.org"
    assert await _value(page, "#id_phone") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("Termin A-2008 öffnen", "/appointment/8/change/;"),
        ("otwórz wizytę A-2011", "/appointment/11/change/;"),
        ("открой запись A-2010", "/appointment/10/change/;"),
    ],
)
@_browser
async def test_a_record_named_by_its_code_and_a_kind_noun_the_page_does_not_say(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    """The code "A-2008" names one link; "Termin", "wizytę", "запись" only say what it is."""
    await _done(page, pages, quiet, "row_bodies.html", instruction)
    assert await _data(page, "clicked") == clicked


@_browser
async def test_a_code_with_another_act_is_not_its_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    """'delete A-2008': the link opens the record; it deletes nothing."""
    await _undone(page, pages, quiet, "row_bodies.html", "delete A-2008")
    assert await _data(page, "clicked") == ""


@pytest.mark.parametrize("instruction", ["show only emergencies", "only emergencies please"])
@_browser
async def test_a_column_s_sort_link_is_no_filter_and_its_header_row_is_no_record(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The header "Emergency" sorts the list ('?o=3'); the box in its row selects every row."""
    await _undone(page, pages, quiet, "sort_header.html", instruction)
    assert await _data(page, "clicked") == ""
    assert not await page.is_checked("#action-toggle")


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("actually, don't delete it", "no;"),
        ("do not remove it", "no;"),
        ("nicht löschen", "no;"),
        ("yes, delete it", "yes;"),
    ],
)
@_browser
async def test_a_refusal_of_the_act_asked_about_is_the_page_s_no(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _done(page, pages, quiet, "confirm_delete.html", instruction)
    assert await _data(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("remarks: late arrival", "#remarks", "late arrival"),
        ("date of the arrival: 2026-12-01", "#arrival", "2026-12-01"),
    ],
)
@_browser
async def test_text_goes_to_the_field_a_tab_shows_and_to_the_field_named_with_all_the_words(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    """The tab "Remarks" shows the text area "Remarks from the guest": the text goes into it. 'the
    date of the arrival' is "Arrival date", not the "Date" of the welcome call beside it."""
    await _done(page, pages, quiet, "flag_tabs.html", instruction)
    assert await _value(page, field) == value
    assert await _value(page, "#call-date") == ""
