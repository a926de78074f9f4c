"""`act` round 12: states the page already shows (a chosen tab made of radios, an open
``<details>``, a checked box named by its verb, a link to the page shown, a column sorted as
asked), and rows of a linked table named by their words, their position or a column
('open Lena', 'the member from Wels', "go to Lena's branch", 'the 3rd member').
Each test checks what happened on the page (our own pages in ``pages/ext16``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


async def _clicked(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.clicked"))


@_browser
async def test_states_already_shown_are_answered_already(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext16/guide.html"))
    for instruction in (
        "Debian",  # the tab label of the checked radio
        "open the proxy settings",  # an open <details>
        "expand labels",  # a checked box whose own words hold the verb
        "open the Setup tab",  # a link to the page shown
    ):
        report = await quiet.act(page, instruction)
        assert not report.ok and report.steps[0].status == "already", (instruction, report.text)
    assert await page.evaluate("document.querySelector('details').open")
    assert await page.is_checked("input[name=_labels]")
    assert await page.is_checked("#t1")
    assert await _clicked(page) == ""
    report = await quiet.act(page, "Fedora")  # the other tab is chosen
    assert report.ok, report.text
    assert await page.is_checked("#t2")
    report = await quiet.act(page, "open the offline mirrors")  # the closed one opens
    assert report.ok, report.text
    assert await page.evaluate("document.querySelectorAll('details')[1].open")
    report = await quiet.act(page, "go to Usage")
    assert report.ok, report.text
    assert await _clicked(page) == "usage.html;"


@_browser
async def test_a_column_shown_sorted_by_its_arrow_is_not_sorted_again(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext16/members.html"))
    report = await quiet.act(page, "sort by id")  # "id ▼": sorted already
    assert not report.ok and report.steps[0].status == "already", report.text
    report = await quiet.act(page, "sort by town")
    assert report.ok, report.text
    assert await _clicked(page) == "/library/members?_sort=town;"


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("open Lena", "/library/members/1"),  # her name is plain text in her row
        ("open Omar Haddad", "/library/members/4"),
        ("the member from Salzburg", "/library/members/3"),
        ("go to Lena's branch", "/library/branches/2"),  # the link of the column "branch_id"
        ("the 3rd member", "/library/members/3"),
        ("open the last member on this page", "/library/members/4"),
        ("open the second row", "/library/members/2"),
        ("open Harbour", "/library/branches/2"),  # two links, one place: either is it
    ],
)
@_browser
async def test_a_row_named_by_its_words_or_place_opens_by_its_link(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext16/members.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _clicked(page) == f"{href};"


@pytest.mark.parametrize(
    "instruction",
    [
        "delete Lena",  # no control does that
        "open Petra",  # nobody of that name
        "the person assigned to Lena",  # words no row carries
    ],
)
@_browser
async def test_rows_not_named_clearly_are_left_alone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext16/members.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert await _clicked(page) == ""


@_browser
async def test_tabs_made_of_hidden_radios_are_tabs_counted_in_order(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext16/guide.html"))
    report = await quiet.act(page, "the second tab")
    assert report.ok, report.text
    assert await page.is_checked("#t2")
    report = await quiet.act(page, "the last tab")  # the second is the last: chosen already
    assert not report.ok and report.steps[0].status == "already", report.text
    report = await quiet.act(page, "the first tab")
    assert report.ok, report.text
    assert await page.is_checked("#t1")


@_browser
async def test_sentences_with_the_verb_last_or_a_verb_of_going(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext16/guide.html"))
    report = await quiet.act(page, "Proxy settings aufklappen")  # open already
    assert not report.ok and report.steps[0].status == "already", report.text
    report = await quiet.act(page, "Offline mirrors aufklappen")
    assert report.ok, report.text
    assert await page.evaluate("document.querySelectorAll('details')[1].open")
    report = await quiet.act(page, "Offline mirrors zuklappen")
    assert report.ok, report.text
    assert not await page.evaluate("document.querySelectorAll('details')[1].open")
    for instruction in ("wechsle zu Fedora", "přepni na Debian", "cambia a Fedora"):
        report = await quiet.act(page, instruction)
        assert report.ok, (instruction, report.text)
    assert await page.is_checked("#t2")
    report = await quiet.act(page, "przejdź do Usage")
    assert report.ok, report.text
    assert await _clicked(page) == "usage.html;"


@_browser
async def test_a_sidebar_branch_toggled_by_a_checkbox_is_not_undone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext16/guide.html"))
    report = await quiet.act(page, "collapse Reference in the sidebar")  # closed already
    assert not report.ok and report.steps[0].status == "already", report.text
    assert not await page.is_checked("#toc-1")
    report = await quiet.act(page, "expand Reference in the sidebar")
    assert report.ok, report.text
    assert await page.is_checked("#toc-1")
    report = await quiet.act(page, "expand Reference")
    assert not report.ok and report.steps[0].status == "already", report.text
    assert await page.is_checked("#toc-1")


@pytest.mark.parametrize(
    "instruction",
    ["expand all sections", "alle Abschnitte aufklappen", "open both notes", "rozbalte všechny sekce"],
)
@_browser
async def test_expanding_all_or_both_opens_the_contents_sections(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext16/guide.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.evaluate("[...document.querySelectorAll('main details')].every((d) => d.open)")
    assert not await page.is_checked("#toc-1")  # the sidebar's branch is no section of the content
    assert await _clicked(page) == ""


async def _sent(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.sent"))


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("sign in as ada with password x1y2", "ada|x1y2|false;"),
        ('log in with username ada and password "x1 y2" and remember me', "ada|x1 y2|true;"),
        ("log in as ada@example.org with the password x1y2", "ada@example.org|x1y2|false;"),
        ("melde dich als ada mit dem Passwort x1y2 an", "ada|x1y2|false;"),
        ("přihlas se jako ada s heslem x1y2", "ada|x1y2|false;"),
        ("I forgot my password", "link:/accounts/password/reset/;"),
    ],
)
@_browser
async def test_signing_in_with_credentials_fills_the_form_and_sends_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for("ext16/signin.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _sent(page) == sent


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("make lovelace@example.net primary", "action_primary:lovelace@example.net;"),
        ("make lovelace@example.net the primary address", "action_primary:lovelace@example.net;"),
        ("resend the verification for ada.work@example.com", "action_send:ada.work@example.com;"),
        ("remove ada.work@example.com", "action_remove:ada.work@example.com;"),
        ("make bob@example.org primary", ""),  # no such address: nothing is chosen or sent
    ],
)
@_browser
async def test_a_choice_of_a_radio_list_then_its_forms_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for("ext16/emails.html"))
    report = await quiet.act(page, instruction)
    assert report.ok == bool(sent), report.text
    assert await _sent(page) == sent
    if not sent:
        assert await page.is_checked("#email_radio_1")


@_browser
async def test_a_sphinx_link_to_the_page_shown_is_already_there(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext16/signup.html"))
    report = await quiet.act(page, "open Registration in the sidebar")  # href="#", classed "current"
    assert not report.ok and report.steps[0].status == "already", report.text
    assert page.url.endswith("signup.html")


@pytest.mark.parametrize(
    ("instruction", "checked", "status"),
    [
        ("make ada@example.org primary", "#email_radio_1", "already"),  # marked "Primary" already
        ("the last address", "#email_radio_3", "done"),
        ("select the second address", "#email_radio_2", "done"),
        ("pick the first address", "#email_radio_1", "already"),
    ],
)
@_browser
async def test_addresses_by_place_and_states_their_labels_show(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, checked: str, status: str
) -> None:
    await page.goto(pages.url_for("ext16/emails.html"))
    report = await quiet.act(page, instruction)
    assert report.steps[0].status == status, report.text
    assert await page.is_checked(checked)
    assert await _sent(page) == ""


@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("set the password to Ocean-Drift-42 in both password fields", "Ocean-Drift-42|Ocean-Drift-42"),
        ("use a longer password: Long-Pass-1, twice", "Long-Pass-1|Long-Pass-1"),
        ("repeat the password: Ocean-Drift-42", "|Ocean-Drift-42"),
        ("powtórz hasło: Zielony-Las-5", "|Zielony-Las-5"),
    ],
)
@_browser
async def test_a_new_password_into_both_fields_or_its_repetition(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for("ext16/signup.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    first, second = sent.split("|")
    assert await page.input_value("#id_password1") == first
    assert await page.input_value("#id_password2") == second


@pytest.mark.parametrize(
    "instruction", ["busca «retries» en la documentación", 'search for "retries" in the docs']
)
@_browser
async def test_a_quoted_search_and_where_to_search_types_the_quoted_words(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext16/signup.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _sent(page) == "q=retries;"
