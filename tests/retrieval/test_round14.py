"""`act` round 14: items of closed drop-downs named by themselves ('log me out', 'view as json'),
the ways people ask an agent ('could you…', 'how do I…', a question before the step), groups
of check boxes and radio buttons captioned by a label of no one control (Bootstrap's horizontal
forms), units in labels ('height 75 cm'), links named like a field and its value ('next: FAQ',
'user guide'), two links to one place, transparent tab radios and a selected tab drawn lower.
Each test checks what happened on the page (our own pages in ``pages/ext18``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor, parse_instruction

_browser = pytest.mark.asyncio(loop_scope="session")


async def _clicked(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.clicked"))


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("log me out", "logout.html"),  # a Bootstrap 3 user menu: <a class="dropdown-toggle">
        ("view as json", "trees.html?format=json"),  # a format button named only by its tooltip
        ("switch to csv format", "trees.html?format=csv"),
        ("how do I contribute", "contributing.html"),
        ("what's new in 3.0? open the changelog", "changelog.html"),
        ("could you open the changelog", "changelog.html"),
    ],
)
@_browser
async def test_an_item_of_a_closed_drop_down_named_by_itself(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext18/menus.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert (await _clicked(page)).endswith(f"{href};"), await _clicked(page)


@pytest.mark.parametrize("instruction", ["dark mode please", "switch to dark mode"])
@_browser
async def test_a_mode_is_the_item_of_the_mode_menu(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext18/menus.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.mode") == "dark"


@pytest.mark.parametrize("instruction", ["open help", "open the settings", "log me in"])
@_browser
async def test_an_item_in_two_menus_or_in_none_is_left_alone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext18/menus.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert "help.html" not in await _clicked(page)
    assert await page.evaluate("document.querySelectorAll('.open').length") == 0


async def _form(page: Page) -> dict[str, object]:
    return dict(
        await page.evaluate(
            """() => ({
        region: (document.querySelector('input[name=region]:checked') || {}).value || '',
        skills: [...document.querySelectorAll('input[name=skills]:checked')].map((b) => b.value).join(','),
        newsletter: document.querySelector('input[name=newsletter]').checked,
        height: document.querySelector('input[name=height_cm]').value,
      })"""
        )
    )


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("region east", "region", "east"),
        ("the 2nd region option", "region", "south"),
        ("tick every skill", "skills", "pruning,grafting,composting,beekeeping"),
        ("skills: grafting and beekeeping", "skills", "pruning,grafting,beekeeping"),
        ("add beekeeping to her skills", "skills", "pruning,beekeeping"),
        ("unsubscribe her from the newsletter", "newsletter", False),
        ("height 75 cm", "height", "75"),
    ],
)
@_browser
async def test_a_group_captioned_by_a_label_of_no_one_control(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: object
) -> None:
    await page.goto(pages.url_for("ext18/form.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert (await _form(page))[field] == value


@_browser
async def test_adding_what_is_already_ticked_changes_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext18/form.html"))
    report = await quiet.act(page, "add pruning to her skills")
    assert report.steps[0].status == "already", report.text
    assert (await _form(page))["skills"] == "pruning"


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("go to the FAQ", "faq.html"),  # the sidebar's link and the pager's "Next …" go there both
        ("next: frequently asked questions", "faq.html"),
        ("the user guide", "guide/index.html"),  # the header's link and the breadcrumb's
        ("user guide", "guide/index.html"),
        ("up to the user guide", "guide/index.html"),
        ("Chart class", "#Chart"),
    ],
)
@_browser
async def test_links_named_like_a_field_and_its_value_or_twice(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext18/guide.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == f"{href};"


@_browser
async def test_user_guide_is_no_user_name(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext18/login_guide.html"))
    report = await quiet.act(page, "user guide")
    assert report.ok, report.text
    assert await _clicked(page) == "guide.html;"
    assert await page.input_value("#u") == ""


@pytest.mark.parametrize(
    ("instruction", "tab"),
    [
        ("what's in slate?", "tab-2"),
        ("last tab", "tab-2"),
        ("the third tab", "tab-2"),
        ("the ember tab", "tab-1"),
    ],
)
@_browser
async def test_tabs_of_transparent_radios_in_reading_order(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, tab: str
) -> None:
    await page.goto(pages.url_for("ext18/guide.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.querySelector('input[name=palettes]:checked').id") == tab


@_browser
async def test_the_first_tab_is_already_shown(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext18/guide.html"))
    report = await quiet.act(page, "the first tab")
    assert report.steps[0].status == "already", report.text


@_browser
async def test_hiding_a_sidebar_is_collapsing_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext18/guide.html"))
    report = await quiet.act(page, "hide the sidebar")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.collapsed") == "yes;"


@pytest.mark.parametrize(
    ("instruction", "step"),
    [
        ("could you open the FAQ", ("click", "open", "FAQ")),
        ("can you click Save?", ("click", "", "Save")),
        ("I want to log in", ("click", "", "log in")),
        ("I'd like to sign up", ("click", "", "sign up")),
        ("how do I deploy?", ("click", "", "deploy")),
        ("I use uv", ("click", "", "uv")),
        ("I'm on macOS", ("click", "", "macOS")),
        ("get it as JSON", ("click", "open", "JSON")),
        ("what's new in 2.0? open the changelog", ("click", "open", "changelog")),
        ("which methods are allowed here? OPTIONS", ("click", "", "OPTIONS")),
        ("sign her up for the newsletter", ("click", "", "sign up for the newsletter")),
        ("unsubscribe him from the newsletter", ("click", "unsubscribe", "unsubscribe from newsletter")),
    ],
)
def test_the_ways_people_ask_come_down_to_the_step(instruction: str, step: tuple[str, str, str]) -> None:
    steps = parse_instruction(instruction)
    assert len(steps) == 1, steps
    assert (steps[0].action, steps[0].verb, steps[0].target) == step


@pytest.mark.parametrize("instruction", ["can it export PDF?", "windows support?", "what's new"])
def test_a_question_alone_stays_whole(instruction: str) -> None:
    steps = parse_instruction(instruction)
    assert [s.target for s in steps] == [instruction]


@pytest.mark.parametrize(
    ("start", "ending", "value"),
    [("Ca", "ada", "Canada"), ("Be", "", "Belarus"), ("ni", "AGUA", "Nicaragua")],  # (any one: the first)
)
@_browser
async def test_a_suggestion_that_starts_and_ends_as_asked(
    page: Page, pages: PageServer, quiet: Actor, start: str, ending: str, value: str
) -> None:
    await page.goto(pages.url_for("ext18/suggest.html"))
    result = await quiet.complete(page, "destination", start, ending)
    assert result.ok, result.message
    assert await page.input_value("#dest") == value


@pytest.mark.parametrize(("start", "ending"), [("Ca", "xyz"), ("Ma", "a")])  # none fits; Malta and Malaysia
@_browser
async def test_no_fitting_suggestion_leaves_the_field_as_it_was(
    page: Page, pages: PageServer, quiet: Actor, start: str, ending: str
) -> None:
    await page.goto(pages.url_for("ext18/suggest.html"))
    result = await quiet.complete(page, "destination", start, ending)
    assert not result.ok, result.message
    assert await page.input_value("#dest") == "Oslo"


def test_an_item_that_starts_with_is_not_entered_from_words() -> None:
    # 'Enter an item that starts with "Dji"' says nothing of sending the form, which the task
    # may need: the words are not read as a completion (Actor.complete does it when called)
    assert all(s.action != "complete" for s in parse_instruction('Enter an item that starts with "Dji".'))


@pytest.mark.parametrize(
    ("instruction", "tab"),
    [("show the conda command", "t-conda"), ("I use uv", "t-uv"), ("I'm using conda", "t-conda")],
)
@_browser
async def test_a_tab_carrying_the_words_beats_a_link_carrying_the_verb(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, tab: str
) -> None:
    await page.goto(pages.url_for("ext18/install.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.querySelector('input[name=tools]:checked').id") == tab
    assert await _clicked(page) == ""


@_browser
async def test_the_verb_alone_still_names_its_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext18/install.html"))
    report = await quiet.act(page, "show the source")
    assert report.ok, report.text
    assert await _clicked(page) == "_sources/install.txt;"


@pytest.mark.parametrize(
    ("instruction", "href"), [("getting started", "install.html"), ("open the reference", "api.html")]
)
@_browser
async def test_a_card_covered_by_its_stretched_link_is_named_by_its_title(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext18/cards.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == f"{href};"


@pytest.mark.parametrize(
    ("wrong", "right"),
    [
        ("the Sphinx link in the header", "the Sphinx link in the footer"),
        ("the Sphinx link at the top", "the Sphinx link at the bottom"),
    ],
)
@_browser
async def test_a_place_after_the_name_is_where_it_is(
    page: Page, pages: PageServer, quiet: Actor, wrong: str, right: str
) -> None:
    await page.goto(pages.url_for("ext18/cards.html"))
    wrong_place = await quiet.act(page, wrong)
    assert not wrong_place.ok, wrong_place.text
    report = await quiet.act(page, right)
    assert report.ok, report.text
    assert await _clicked(page) == "sphinx.html;"


@pytest.mark.parametrize(
    ("instruction", "copied"),
    [("copy the upgrade command", "#c1;"), ("copy the uninstall command", "#c2;"), ("copy the command", "")],
)
@_browser
async def test_copy_buttons_are_told_apart_by_what_they_copy(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, copied: str
) -> None:
    await page.goto(pages.url_for("ext18/copy.html"))
    report = await quiet.act(page, instruction)
    assert report.ok is bool(copied), (instruction, report.text)
    assert await page.evaluate("document.body.dataset.copied") == copied


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("I don't have an account yet", "signup.html"),
        ("I don't have an account yet, create one", "signup.html"),
        ("I already have an account on the old site", "migrate.html"),
        ("I have no idea", ""),  # a statement no sentence of the page makes
    ],
)
@_browser
async def test_a_statement_is_the_link_of_the_sentence_that_says_so(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext18/join.html"))
    report = await quiet.act(page, instruction)
    assert report.ok is bool(href), (instruction, report.text)
    assert await _clicked(page) == (f"{href};" if href else "")


@_browser
async def test_a_confident_link_to_the_page_shown_gives_way_to_its_button(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext17/signout.html"))
    report = await quiet.act(page, "log me out")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "logout;"
    assert await _clicked(page) == ""


@pytest.mark.parametrize(("instruction", "href"), [("the changelog page", "changelog.html")])
@_browser
async def test_page_need_not_be_named(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext18/cards.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == f"{href};"


@pytest.mark.parametrize("instruction", ["How did you hear about us? A friend", "What is your name? Bob"])
def test_a_question_put_to_the_reader_stays_with_its_answer(instruction: str) -> None:
    steps = parse_instruction(instruction)
    assert len(steps) == 1 and instruction in (steps[0].exact, steps[0].target), steps


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("born 2024-05-17", "#id_born", "2024-05-17"),  # the picker reads yy-mm-dd, not mm/dd/yyyy
        ("booster due 2027-04-01", "#id_due", "01.04.2027"),
        ("notes: Bites when scared.", "#id_notes", "Bites when scared."),  # a sentence keeps its stop
    ],
)
@_browser
async def test_a_date_pickers_own_format_and_a_sentence_as_written(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await page.goto(pages.url_for("ext18/dates.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.input_value(field) == value


@pytest.mark.parametrize(("instruction", "box"), [("select Luna", "7"), ("select the row of Otis", "8")])
@_browser
async def test_selecting_a_row_ticks_its_action_box_not_a_value_of_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, box: str
) -> None:
    await page.goto(pages.url_for("ext18/admin.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.is_checked(f"input.action-select[value='{box}']")
    assert await page.is_checked("input[name=form-0-vaccinated]")
    assert not await page.is_checked("input[name=form-1-vaccinated]")
    assert await _clicked(page) == ""


@_browser
async def test_open_the_pet_is_no_add_pet(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext18/admin.html"))
    report = await quiet.act(page, "open the pet")
    assert not report.ok, report.text
    assert await _clicked(page) == ""


@_browser
async def test_submit_is_the_forms_button_and_a_ticked_box_named_by_the_verb_is_already_so(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext18/admin.html"))
    already = await quiet.act(page, "send reminders")
    assert already.steps[0].status == "already", already.text
    assert await page.is_checked("#id_reminders")
    report = await quiet.act(page, "submit the owner form")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.sent") == "_save"
    assert await page.is_checked("#id_reminders")


@pytest.mark.parametrize(
    ("instruction", "expanded"),
    [("expand Stations in the sidebar", "stations.html"), ("expand the Installing entry", "install.html")],
)
@_browser
async def test_a_tree_entry_is_expanded_by_its_own_expander_not_followed(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, expanded: str
) -> None:
    await page.goto(pages.url_for("ext18/rtd.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == ""
    entry = page.locator(f".menu a[href='{expanded}']").locator("xpath=..")
    assert await entry.get_attribute("class") == "current"


@pytest.mark.parametrize(
    "instruction",
    ["collapse the Stations entry", "collapse all questions", "switch the docs to version 2.2"],
)
@_browser
async def test_what_is_already_so_or_no_field_of_it_changes_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext18/rtd.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, (instruction, report.text)
    assert await _clicked(page) == ""
    assert await page.input_value("input[name=q]") == ""
    assert await page.evaluate("[...document.querySelectorAll('details')].filter((d) => d.open).length") == 0


@pytest.mark.parametrize("instruction", ["select all", "sélectionne tout", "zaznacz wszystko"])
@_browser
async def test_all_said_alone_is_the_lists_own_box_for_all_rows(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext18/admin.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.is_checked("#action-toggle")
    assert await _clicked(page) == ""


@_browser
async def test_expanding_never_follows_a_link_to_another_page(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext18/guide.html"))
    report = await quiet.act(page, "expand the API")
    assert not report.ok, report.text
    assert await _clicked(page) == ""


@pytest.mark.parametrize(
    "instruction", ["wyszukaj labrador i kliknij lupę", "search for labrador and click the magnifier"]
)
@_browser
async def test_a_search_then_a_click_on_its_magnifier_sends_once(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext18/search.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == "search:labrador;"
