"""`act` round 18: what is already so, and what a control does not do (our own pages in ``pages/ext22``).

A closed menu is not opened for an entry a shown link already goes to; a side bar's mark of the
section is no mark of the page shown; a colour mode already pressed
is not chosen again; a plain header no script listens to sorts nothing; a link copies nothing and
is never ticked; a shown button named like a closed menu's link keeps that menu closed; and a
label joined by "and" ('imię i nazwisko') is not the start of its value.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext22/{file}", instruction, done)


@pytest.mark.parametrize("instruction", ["open Alerts", "go to Alerts"])
@_browser
async def test_a_closed_menu_is_not_opened_for_an_entry_a_shown_link_goes_to(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """ "Usage" holds "Alerts" (alerts.html); the shown "Next" goes to alerts.html too."""
    await _act(page, pages, quiet, "docs_nav.html", instruction, True)
    assert await noted(page, "clicked") == "alerts.html;"
    assert await noted(page, "opened") == ""


@_browser
async def test_a_closed_menu_is_still_opened_for_an_entry_nothing_shown_goes_to(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "docs_nav.html", "open First steps", True)
    assert await noted(page, "clicked") == "first-steps.html;"
    assert await noted(page, "opened") == "Usage;"


@_browser
async def test_a_colour_mode_already_pressed_is_not_chosen_again(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "docs_nav.html", "use the light theme", False)
    assert "already" in report.text
    assert await noted(page, "opened") == ""
    assert await noted(page, "theme") == ""
    await _act(page, pages, quiet, "docs_nav.html", "use the dark theme", True)
    assert await noted(page, "theme") == "dark;"


@pytest.mark.parametrize(
    ("file", "sorted_by", "done"),
    [("docs_nav.html", "", False), ("sortable.html", "Height;", True)],
)
@_browser
async def test_a_plain_header_sorts_only_when_a_script_listens_on_its_table(
    page: Page, pages: PageServer, quiet: Actor, file: str, sorted_by: str, done: bool
) -> None:
    """A Markdown table's header has no link, no mark and no listener: nothing sorts it."""
    await _act(page, pages, quiet, file, "sort the table by height", done)
    assert await noted(page, "sorted") == sorted_by


@_browser
async def test_a_link_to_a_section_copies_nothing(page: Page, pages: PageServer, quiet: Actor) -> None:
    """'copy the pip command' where the contents link to "With pip" and no copy button exists."""
    await _act(page, pages, quiet, "docs_nav.html", "copy the pip command", False)
    assert page.url.endswith("docs_nav.html")


@pytest.mark.parametrize("instruction", ["turn on alerts", "enable alerts"])
@_browser
async def test_a_link_to_a_section_is_never_ticked(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The page about alerts has no switch for them: its contents' "Alerts" (#alerts) is no box."""
    await _act(page, pages, quiet, "alerts.html", instruction, False)
    assert await noted(page, "went") == ""


@pytest.mark.parametrize("instruction", ["go back to the appointments", "open the appointments list"])
@_browser
async def test_a_side_bar_s_mark_of_the_section_is_no_mark_of_the_page_shown(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """On the form that adds an appointment the side bar's "Appointments" is classed active (its
    section): the list is another page, and the link goes there."""
    await _act(page, pages, quiet, "side_current.html", instruction, True)
    assert await noted(page, "clicked") == "/admin/clinic/appointment/;"


@_browser
async def test_a_column_s_sort_link_keeping_a_filter_is_no_filter(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """The header "Emergency" links to '?emergency__exact=1&o=3' (a sort that keeps a filter the
    address of the page does not show): 'show only emergencies' does not follow it."""
    await _act(page, pages, quiet, "side_current.html", "show only emergencies", False)
    assert await noted(page, "clicked") == ""


@_browser
async def test_a_shown_button_named_like_a_closed_menu_s_link_keeps_the_menu_closed(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """'change my password' on the Spanish form: the user menu's "Cambiar contraseña" link is not
    opened, although the form's button says the same (no other act either)."""
    await _act(page, pages, quiet, "password_es.html", "change my password", False)
    assert await noted(page, "opened") == ""
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "name", "city"),
    [
        ("imię i nazwisko Anna Nowak, miasto Bath", "Anna Nowak", "Bath"),
        ("nom et prénom Jean Dupont, ville Lyon", "Jean Dupont", "Lyon"),
    ],
)
@_browser
async def test_a_label_joined_by_and_is_not_the_start_of_its_value(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, name: str, city: str
) -> None:
    """The Polish page's fields keep their English labels ("Name", "City")."""
    await _act(page, pages, quiet, "owner_pl.html", instruction, True)
    assert await page.input_value("#id_name") == name
    assert await page.input_value("#id_city") == city


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("open the appointment for Pepper", "/appointment/6/change/;"),
        ("open Luna's appointment", "/appointment/4/change/;"),
    ],
)
@_browser
async def test_a_row_named_by_a_cell_is_found_beside_another_list_of_links(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    """The rows (each in its own <tbody>) are linked by their code; a list of linked dates stands
    above them, and used to make the page's lists two, so no row was taken."""
    await _act(page, pages, quiet, "appointments.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@_browser
async def test_two_rows_named_alike_are_unsure(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "appointments.html", "open Rex's appointment", False)
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("file", "instruction", "clicked"),
    [
        ("owners.html", "edit the owner from Wells", "/owner/4/change/;"),
        ("owners.html", "change the owner from Bath", "/owner/1/change/;"),
        ("owners.html?buttons", "edit the owner from Wells", "/owner/4/change/edit;"),
    ],
)
@_browser
async def test_editing_a_row_is_its_link_unless_rows_have_an_edit_control(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, clicked: str
) -> None:
    """The owner's name links to its form ("Select owner to change": 'owner' is the list's kind,
    'Wells' a cell); where each row has an Edit button, that button."""
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize("instruction", ["lent on 2026-11-20", "set the lent on date to 11/20/2026"])
@_browser
async def test_a_date_goes_into_a_picker_field_in_the_form_it_shows(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The field shows "2026-11-05" and its picker reads ISO only: typed as ISO, not as 11/20/2026."""
    await _act(page, pages, quiet, "iso_picker.html", instruction, True)
    assert await page.input_value("#lent_on") == "2026-11-20"


@_browser
async def test_a_date_a_picker_rewrites_is_put_back_and_not_reported_done(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """The picker writes 2000-01-01 whatever is typed: the step is not done, the old date is back."""
    report = await _act(page, pages, quiet, "iso_picker.html", "set returned to 2026-11-21", False)
    assert "set back" in report.text
    assert await page.input_value("#returned") == "2026-11-06"
