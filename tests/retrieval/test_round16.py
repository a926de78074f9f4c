"""`act` round 16. Each test checks what happened on the page (our own pages in ``pages/ext20``)."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


async def _values(page: Page) -> list[str]:
    return [
        str(v)
        for v in await page.eval_on_selector_all("input[type=password]", "(els) => els.map((e) => e.value)")
    ]


@pytest.mark.parametrize(
    ("instruction", "values"),
    [
        ("old password secret-pass", ["secret-pass", "", ""]),
        ("new password Derailleur!9, twice", ["", "Derailleur!9", "Derailleur!9"]),
        ("confirm the new password: Spoke#2026", ["", "", "Spoke#2026"]),
    ],
)
@_browser
async def test_a_field_is_named_by_its_column_s_label_past_a_required_mark(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, values: list[str]
) -> None:
    """The label sits in the row's first column, tied to no field; a script put "* " just before
    each field. The mark names nothing: the label does."""
    await page.goto(pages.url_for("ext20/password_change.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _values(page) == values


@_browser
async def test_a_word_every_field_says_more_than_leaves_them_unsure(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """'the password' among "Old password", "New password" and "New password confirmation": each
    says more than the instruction, so nothing tells which one is meant."""
    await page.goto(pages.url_for("ext20/password_change.html"))
    report = await quiet.act(page, "type hunter2 in the password")
    assert not report.ok and report.steps[-1].status == "unsure", report.text
    assert await _values(page) == ["", "", ""]


@_browser
async def test_a_field_named_by_just_the_word_is_that_one(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """ "Password" beside "Confirm password": the first is named by just the word."""
    await page.goto(pages.url_for("ext20/signup.html"))
    report = await quiet.act(page, "type hunter2 in the password")
    assert report.ok, report.text
    assert await _values(page) == ["hunter2", ""]


async def _clicked(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.clicked || ''"))


@pytest.mark.parametrize("instruction", ["home", "go to the home page"])
@_browser
async def test_quick_start_is_not_the_home_page(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """ "Start" alone is a home link on German sites; "Quick start" is a guide."""
    await page.goto(pages.url_for("ext20/docs_home.html"))
    report = await quiet.act(page, instruction)
    assert "quickstart.html" not in await _clicked(page), report.text
    if report.ok:
        assert await _clicked(page) == "index.html;"


@pytest.mark.parametrize(("instruction", "href"), [("zur Startseite", "/;"), ("go home", "/;")])
@_browser
async def test_start_alone_is_still_the_home_link(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext20/start_de.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _clicked(page) == href


@_browser
async def test_the_user_menu_is_the_bootstrap_toggle_not_the_users_link(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """The user's drop-down opens by a Bootstrap toggle (data-bs-toggle, no aria-haspopup) whose
    icon says "user"; the side bar's "Users" link only shares the word."""
    await page.goto(pages.url_for("ext20/admin_list.html"))
    report = await quiet.act(page, "open the user menu")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.opened") == "usermenu"


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("search customers for Omar", "top:Omar"),
        ("search for Omar in the top bar", "top:Omar"),
        ("cherche le client Greta dans la barre du haut", "top:Greta"),
        ("search for gazelle", "list:gazelle"),
        ("search the list for gazelle", "list:gazelle"),
        ("search repairs for gazelle", "list:gazelle"),
    ],
)
@_browser
async def test_a_search_goes_to_the_box_it_names(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    """The top bar searches customers, the list its repairs: a search that names what it searches
    or where goes to that box; a plain one to the list's own."""
    await page.goto(pages.url_for("ext20/admin_list.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == sent


@pytest.mark.parametrize("instruction", ["open the download menu", "show the download menu"])
@_browser
async def test_a_menu_named_by_what_its_button_does(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """'the download menu' is the drop-down button "Download this page": the word menu says what
    it opens, not a name another control (a button in a menu bar) must bear."""
    await page.goto(pages.url_for("ext20/article_header.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.opened") == "download"


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("in the Dates tab: Received on 2026-10-22", "#id_received", "2026-10-22"),
        ("im Reiter Dates: Received on 22.10.2026", "#id_received", "22.10.2026"),
        ("on the Dates tab, set Due on to 2026-11-02", "#id_due", "2026-11-02"),
    ],
)
@_browser
async def test_a_tab_named_first_is_opened_before_its_field(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    """The tab comes first, then what to do in it; the field is shown only once its tab is."""
    await page.goto(pages.url_for("ext20/tabs_form.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.get_attribute("a[href='#dates-tab']", "aria-selected") == "true"
    assert await page.input_value(field) == value


@_browser
async def test_a_tab_named_first_then_a_box_in_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext20/tabs_form.html"))
    report = await quiet.act(page, "en la pestaña Payment, marca Paid")
    assert report.ok, report.text
    assert await page.is_checked("#id_paid")


@pytest.mark.parametrize("instruction", ["open the Dates tab", "Reiter Dates öffnen", "Dates タブを開く"])
@_browser
async def test_tabs_a_framework_declares_clickable_inside_a_pointer_box(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """Each tab is an <a> without href whose click handler the markup declares (x-on:click); the
    <nav> around them has the pointer cursor. The tab is clicked, not the whole bar."""
    await page.goto(pages.url_for("ext20/alpine_tabs.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.tab") == "dates"


@_browser
async def test_the_faq_is_the_faq_link_not_a_question_on_the_page(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext20/faq_link.html"))
    report = await quiet.act(page, "open the FAQ")
    assert report.ok, report.text
    assert await _clicked(page) == "../faq.html;"
    assert not await page.evaluate("document.querySelector('details').open")


@_browser
async def test_the_table_of_contents_entry_for_the_page_s_own_title_is_already_shown(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """'open Stations' on the Stations page: the contents' first entry goes to the page's title."""
    await page.goto(pages.url_for("ext20/toc.html"))
    report = await quiet.act(page, "open Stations")
    assert not report.ok and report.steps[-1].status == "already", report.text
    assert page.url.endswith("toc.html")


@_browser
async def test_a_section_of_the_page_is_still_gone_to(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext20/toc.html"))
    report = await quiet.act(page, "go to Removing a station")
    assert report.ok, report.text
    assert page.url.endswith("#removing-a-station")


@_browser
async def test_a_field_whose_name_starts_with_search_is_that_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """Only a search step says what it searches; 'search results per page' is a field's name."""
    await page.goto(pages.url_for("ext20/search_settings.html"))
    report = await quiet.act(page, "type 50 into search results per page")
    assert await page.input_value("input[name=q]") == "", report.text  # never the search box
    assert await page.input_value("#per") == ("50" if report.ok else "20")
