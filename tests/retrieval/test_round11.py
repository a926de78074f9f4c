"""`act` round 11: a search form named only by its button, a search already shown, 'submit the
form' on a form with several buttons, 'rename it to X', 'clear both fields' / 'clear the text',
and a row's icon named by its record ('edit Migrate database').
Each test checks what happened on the page (our own pages in ``pages/ext15``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def test_search_for_types_into_the_field_of_the_form_whose_button_says_search(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/task_admin.html"))
    report = await quiet.act(page, "search for upload")  # the field says "title, notes" only
    assert report.ok, report.text
    assert await page.input_value("input[name=search]") == "upload"
    assert await page.evaluate("document.body.dataset.sent") == "search:upload;"


@_browser
async def test_search_and_hit_search_sends_the_form_once(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext15/task_admin.html"))
    report = await quiet.act(page, "search for 'dark mode' and hit search")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "search:dark mode;"  # by the button
    report = await quiet.act(page, "change the search to timeout and search again")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "search:dark mode;search:timeout;"


@_browser
async def test_a_search_the_page_already_shows_is_not_sent_again(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/searched.html"))
    report = await quiet.act(page, "search for login")
    assert not report.ok and report.steps[0].status == "already", report.text
    assert await page.evaluate("document.body.dataset.sent") == ""
    report = await quiet.act(page, "search for timeout")  # another search is sent
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "search:timeout;"


@_browser
async def test_submit_the_form_presses_its_default_button(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/team_form.html"))
    report = await quiet.act(page, "submit the newsletter form")  # no form is called so
    assert not report.ok, report.text
    report = await quiet.act(page, "submit the form")  # not the search form's button
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "save;"  # "Save", the first


@_browser
async def test_rename_it_and_call_it_type_into_the_name_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/team_form.html"))
    report = await quiet.act(page, "rename it to Core Platform")
    assert report.ok, report.text
    assert await page.input_value("#name") == "Core Platform"
    assert await page.input_value("#office") == "Berlin"
    report = await quiet.act(page, "call it Sales and save")
    assert report.ok, report.text
    assert await page.input_value("#name") == "Sales"
    assert await page.evaluate("document.body.dataset.sent") == "save;"
    report = await quiet.act(page, "call the support line")  # a call, not a name
    assert not report.ok, report.text
    assert await page.input_value("#name") == "Sales"


@_browser
async def test_clear_both_fields_and_clear_the_text(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext15/office_form.html"))
    report = await quiet.act(page, "clear both fields")
    assert report.ok, report.text
    assert "Cleared" in report.text, report.text
    assert [await page.input_value(s) for s in ("#city", "#street")] == ["", ""]
    await page.goto(pages.url_for("ext15/team_form.html"))
    report = await quiet.act(page, "clear the text")  # several fields: which one is not said
    assert not report.ok, report.text
    assert [await page.input_value(s) for s in ("#name", "#office")] == ["Platform", "Berlin"]
    await page.goto(pages.url_for("ext15/file_edit.html"))
    report = await quiet.act(page, "clear both fields")  # one field here: not two
    assert not report.ok, report.text
    assert await page.input_value("#content") != ""
    report = await quiet.act(page, "clear the text")  # the page's one field
    assert report.ok, report.text
    assert await page.input_value("#content") == ""


@_browser
@pytest.mark.parametrize(
    ("instruction", "fragment"),
    [
        ("edit Migrate database", "#edit-3"),
        ("view the details of Write release notes", "#view-2"),
        ("edit the task Fix login timeout", "#edit-1"),
    ],
)
async def test_a_row_icon_is_named_by_its_verb_and_its_record(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, fragment: str
) -> None:
    await page.goto(pages.url_for("ext15/task_admin.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert page.url.endswith(fragment), page.url  # not the x-editable priority link of that row


@_browser
async def test_the_trash_can_of_a_row_deletes_that_row_only(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/task_admin.html"))
    report = await quiet.act(page, "edit Plan the offsite")  # no such task
    assert not report.ok, report.text
    report = await quiet.act(page, "edit the task")  # which one is not said
    assert not report.ok, report.text
    report = await quiet.act(page, "click the trash can of Write release notes")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "delete:2;"


_VALUES = (
    "['#assignee', '#reviewer', '#role', '#status']"
    ".map(s => document.querySelector(s).selectedOptions[0].text)"
)


@_browser
async def test_a_sentence_naming_one_lists_option_chooses_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/task_form.html"))
    report = await quiet.act(page, "make her a tester")  # no verb the parser knows: Role's option
    assert report.ok, report.text
    assert await page.evaluate(_VALUES) == ["", "", "Tester", "To do"]
    report = await quiet.act(page, "assign it to Chloé Martin")  # two lists offer her: "Assigned to"
    assert report.ok, report.text
    assert await page.evaluate(_VALUES) == ["Chloé Martin", "", "Tester", "To do"]
    report = await quiet.act(page, "make her a tester")  # already so
    assert not report.ok and report.steps[0].status == "already", report.text
    assert '"Tester" is already chosen in "Role"' in report.text, report.text
    for instruction in (
        "Ben Okafor",  # two lists offer him, and nothing says which
        "move the card to Done",  # a card moved, not a status set
        "open Done",
    ):
        report = await quiet.act(page, instruction)
        assert not report.ok, (instruction, report.text)
    assert await page.evaluate(_VALUES) == ["Chloé Martin", "", "Tester", "To do"]


@_browser
async def test_dates_and_times_said_in_a_sentence_go_into_their_field_in_its_format(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/task_form.html"))
    report = await quiet.act(page, "the task is due on March 14th 2026")
    assert report.ok, report.text
    assert await page.input_value("#due") == "2026-03-14"  # the picker's data-date-format
    report = await quiet.act(page, "change the reminder to 14 Feb 2026, 10:15")
    assert report.ok, report.text
    assert await page.input_value("#remind") == "2026-02-14 10:15:00"  # as the field shows it
    report = await quiet.act(page, "move the due date to 20 January 2026")
    assert report.ok, report.text
    assert await page.input_value("#due") == "2026-01-20"


@_browser
async def test_an_icon_named_by_its_concept_acts_in_the_named_row(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/file_list.html"))
    report = await quiet.act(page, "delete the images folder")  # its icon says "remove"; not the link
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "delete:images;"
    assert page.url.endswith("file_list.html"), page.url
    report = await quiet.act(page, "rename notes.txt")
    assert report.ok, report.text
    assert page.url.endswith("#rename-notes"), page.url


@_browser
async def test_the_boxes_of_list_widgets_are_dropdowns_too(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/boxed_lists.html"))
    for instruction in ("open the dropdown", "select the dropdown"):  # a menu and two lists
        report = await quiet.act(page, instruction)
        assert not report.ok, (instruction, report.text)
        assert report.steps[0].status == "unsure", report.text
    assert not await page.evaluate("document.getElementById('top').classList.contains('open')")


def test_jump_and_navigate_to_are_ways_of_going_somewhere() -> None:
    from waypost.retrieval import parse_instruction

    for instruction, target in (
        ("jump to the last page", "last page"),
        ("navigate to Settings", "Settings"),
        ("head back to the list", "list"),
    ):
        (step,) = parse_instruction(instruction)
        assert (step.action, step.target, step.verb, step.exact) == ("click", target, "", ""), step


@_browser
async def test_the_last_page_is_the_pagers_highest_number(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/pager.html"))
    report = await quiet.act(page, "go to the first page")  # page 1 is shown
    assert not report.ok and report.steps[0].status == "already", report.text
    report = await quiet.act(page, "ostatnia strona")
    assert report.ok, report.text
    assert page.url.endswith("#page-3"), page.url
    await page.goto(pages.url_for("ext15/pager.html"))
    report = await quiet.act(page, "jump to the last page")
    assert report.ok, report.text
    assert page.url.endswith("#page-3"), page.url


@_browser
async def test_a_table_is_reached_by_its_name_but_never_deleted_by_its_link(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext15/tables.html"))
    for instruction in ("delete the people table", "remove the teams table", "lösche die Tabelle people"):
        report = await quiet.act(page, instruction)  # no control deletes anything here
        assert not report.ok, (instruction, report.text)
        assert page.url.endswith("tables.html"), (instruction, page.url)
    report = await quiet.act(page, "go to the teams table")
    assert report.ok, report.text
    assert page.url.endswith("#teams"), page.url
    report = await quiet.act(page, "show me the tickets table")
    assert report.ok, report.text
    assert page.url.endswith("#tickets"), page.url
    report = await quiet.act(page, "öffne die Tabelle people")
    assert report.ok, report.text
    assert page.url.endswith("#people"), page.url
    report = await quiet.act(page, "back to home")
    assert report.ok, report.text
    assert page.url.endswith("#home"), page.url


@_browser
@pytest.mark.parametrize(
    ("instruction", "sent"),
    [
        ("search for invoice and apply", "q=invoice;"),  # sent once, by Apply
        ("rechercher « invoice »", "q=invoice;"),
        ("「invoice」で検索", "q=invoice;"),
        ("in der Liste nach „invoice“ suchen", "q=invoice;"),
        ("hledat slovo invoice", "q=invoice;"),
        ('search tickets for "invoice"', "q=invoice;"),
    ],
)
async def test_searches_in_other_words_and_languages_send_only_the_words(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    await page.goto(pages.url_for("ext15/filter_form.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == sent


def test_search_phrasings_keep_only_the_searched_words() -> None:
    from waypost.retrieval import parse_instruction

    (step,) = parse_instruction("search for password instead")
    assert (step.action, step.text, step.submit) == ("type", "password", True)
    (step,) = parse_instruction("recherche avancée")  # the name of a link, not a search
    assert step.action == "click"
    first, second = parse_instruction("search for slow and apply")
    assert (first.text, first.submit, second.target) == ("slow", False, "apply")
