"""`act` round 19: menus that do not offer what is asked, the page already shown, and words
around a value (our own pages in ``pages/ext23``).

A menu's opener is not clicked for an item its menu does not have ('download as Excel'), nor
when the words say more than its name and no item ('download the report'); the item in force
of a menu (the language shown) is already chosen; a marked link named as the page's heading
leads to the page shown, even from a closed menu, which stays closed; a filter named like a
row's link is the filter's; the link of a column is the one its header names ('the product of
the last row'); a German verb at the end and quotes around a value are no part of it; Japanese
says what is searched before を and the words after; a name of several words said word for
word beats one that only shares its words; a fixed side bar of links is no overlay; and an ISO
date goes as given into an empty field that shows no format.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.actor import _CLICKED_AFTER
from waypost.retrieval.descriptor import OverlayEvidence
from waypost.retrieval.instructions import parse_instruction
from waypost.retrieval.overlays import overlay_score

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext23/{file}", instruction, done)


@pytest.mark.parametrize("instruction", ["download to Excel", "download the report", "download as Excel"])
@_browser
async def test_a_menu_is_not_opened_for_words_none_of_its_items_has(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    report = await _act(page, pages, quiet, "admin_list.html", instruction, False)
    assert report.steps[-1].status == "unsure", report.text
    # (said with the menu's name and one other word, the opener is found, and its items named)
    assert '"PDF", "CSV"' in report.text or " as " in instruction
    assert await noted(page, "opened") == ""
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "opened", "clicked"),
    [
        ("download as PDF", "Download;", "/backoffice/invoices/export.pdf;"),
        ("open the Download menu", "Download;", ""),
    ],
)
@_browser
async def test_a_menu_is_opened_for_its_item_or_when_only_its_name_is_said(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "admin_list.html", instruction, True)
    assert await noted(page, "opened") == opened
    assert await noted(page, "clicked") == clicked


@_browser
async def test_the_item_in_force_of_a_menu_is_already_chosen(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "admin_list.html", "set the language to English", False)
    assert report.steps[-1].status == "already", report.text
    assert await noted(page, "clicked") == ""
    await _act(page, pages, quiet, "admin_list.html", "set the language to Français", True)
    assert await noted(page, "clicked") == "?lang=fr;"


@pytest.mark.parametrize(
    ("file", "instruction", "clicked"),
    [
        ("admin_list.html", "show Invoices", ""),
        ("admin_list.html", "show Customers", "/backoffice/customers;"),
        # the section is marked on one invoice's page too, whose heading is the invoice's
        ("invoice.html", "show Invoices", "/backoffice/invoices;"),
    ],
)
@_browser
async def test_a_marked_link_named_as_the_heading_leads_to_the_page_shown(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, clicked: str
) -> None:
    report = await _act(page, pages, quiet, file, instruction, bool(clicked))
    if not clicked:
        assert report.steps[-1].status == "already", report.text
    assert await noted(page, "clicked") == clicked


@_browser
async def test_a_closed_menu_stays_closed_for_its_link_to_the_page_shown(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "staff.html", "Staff", False)
    assert report.steps[-1].status == "already", report.text
    assert await noted(page, "opened") == ""
    await _act(page, pages, quiet, "staff.html", "Suppliers", True)
    assert await noted(page, "clicked") == "/backoffice/suppliers;"


@_browser
async def test_a_filter_named_like_a_rows_link_is_the_filters(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "admin_list.html", "only invoices of Globex", True)
    assert await noted(page, "clicked") == "/backoffice/invoices?customer=2;"
    assert await noted(page, "ticked") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("open the product of the last row", "/backoffice/products/9;"),
        ("open the customer of the second row", "/backoffice/customers/2;"),
    ],
)
@_browser
async def test_the_link_of_a_row_is_the_one_its_column_header_names(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "admin_list.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("Benutzername maria eingeben", "#benutzer", "maria"),
        ("Notiz „zahlt bar“ hinzufügen", "#notiz", "zahlt bar"),
        ('Notiz "zahlt bar"', "#notiz", "zahlt bar"),
    ],
)
@_browser
async def test_a_verb_at_the_end_and_quotes_are_no_part_of_the_value(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "konto_de.html", instruction, True)
    assert await page.input_value(field) == value


@pytest.mark.parametrize(
    ("instruction", "text"),
    [
        ("貸出を L-305 で検索", "L-305"),
        ("ドキュメントで「釉薬」を検索", "釉薬"),
        ("「pipx」で検索", "pipx"),
        ("find 'Orton' in the documentation", "Orton"),
        ('look up "kiln wash"', "kiln wash"),
    ],
)
def test_what_is_searched_is_told_from_where_and_what_it_is(instruction: str, text: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.text, step.submit) == ("type", text, True)


@_browser
async def test_japanese_searches_the_words_before_de(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "form_ja.html", "注文を A-17 で検索", True)
    assert await noted(page, "searched") == "A-17;"


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("保存してさらに追加をクリック", "save_add;"),
        ("保存して編集を続ける", "save_edit;"),
        ("保存をクリック", "save;"),
    ],
)
@_browser
async def test_a_japanese_name_with_shite_is_one_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await _act(page, pages, quiet, "form_ja.html", instruction, True)
    assert await noted(page, "sent") == sent


@_browser
async def test_an_iso_date_goes_as_given_into_an_empty_field_without_a_format(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """The picker reads ISO only; typed as 11/25/2026 it would become 2026-01-01."""
    await _act(page, pages, quiet, "form_ja.html", "発送日 2026-11-25", True)
    assert await page.input_value("#shipped") == "2026-11-25"


@pytest.mark.parametrize(
    ("instruction", "field"),
    [
        ('type "tides" into the Search the site field', "#page-search"),
        ('type "tides" into the search site field', "nav input"),
    ],
)
@_browser
async def test_a_name_said_word_for_word_beats_one_sharing_its_words(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str
) -> None:
    await _act(page, pages, quiet, "docs_search.html", instruction, True)
    assert await page.input_value(field) == "tides"


def test_a_fixed_side_bar_of_links_is_no_overlay() -> None:
    side = OverlayEvidence(
        index=0, z_index=200, fixed=True, coverage=0.23, on_top=True, tag="nav", visible=True
    )
    assert overlay_score(side) < 0.1
    # a menu of links just opened over the page's centre is one
    opened = OverlayEvidence(
        index=0,
        z_index=200,
        fixed=True,
        coverage=0.6,
        on_top=True,
        covers_center=True,
        recent=True,
        tag="nav",
        visible=True,
    )
    assert overlay_score(opened) > 0.5


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("show only paid invoices", "/backoffice/invoices?paid=yes;"),
        ("show invoices that are not paid", "/backoffice/invoices?paid=no;"),
        ("show unpaid invoices only", "/backoffice/invoices?paid=no;"),
    ],
)
@_browser
async def test_yes_or_no_of_the_filter_links_whose_label_is_said(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "admin_list.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("show available tools only", "available tools"),
        ("show loans that are not returned yet", "loans that are not returned yet"),
        ("show me the users who are active", "users who are active"),
    ],
)
def test_show_only_and_show_those_that_are_filter(instruction: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.verb, step.target) == ("choose", "filter", target)


@pytest.mark.parametrize(
    ("instruction", "whole"),
    [
        ("保存してさらに追加をクリック", "保存してさらに追加"),
        ("保存してさらに追加を押してください", "保存してさらに追加"),
        # a step after the press is another step, not the end of a name
        ("Mark as returned を押して「はい」", "Mark as returned を押して「はい」"),
    ],
)
def test_a_japanese_press_after_a_name_is_no_part_of_it(instruction: str, whole: str) -> None:
    assert _CLICKED_AFTER.sub("", instruction) == whole
