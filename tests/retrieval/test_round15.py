"""`act` round 15. Each test checks what happened on the page (our own pages in ``pages/ext19``)."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

_browser = pytest.mark.asyncio(loop_scope="session")


@_browser
async def test_a_link_to_another_window_is_waited_for_when_its_tab_comes_late(
    page: Page, pages: PageServer, actor: Actor
) -> None:
    """A busy browser may report the new page after the usual grace: a link with a ``target``
    waits for it, so the answer names the tab instead of "did not visibly change"."""
    await page.goto(pages.url_for("ext19/tabs.html"))
    report = await actor.act(page, "open the terms of use")
    assert report.ok, report.text
    change = report.steps[-1].change
    assert change is not None
    assert [url.rsplit("/", 1)[-1] for url in change.new_tabs] == ["terms.html"], report.text
    assert "A new tab opened" in report.text


@_browser
async def test_a_link_without_a_target_is_not_waited_for(page: Page, pages: PageServer, actor: Actor) -> None:
    """Only a link that targets another window is waited for; a script's late popup is not
    promised, and the answer says only what was seen."""
    await page.goto(pages.url_for("ext19/tabs.html"))
    report = await actor.act(page, "click late popup")
    assert report.ok, report.text
    change = report.steps[-1].change
    assert change is not None and change.new_tabs == (), report.text


async def _clicked(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.clicked || ''"))


@pytest.mark.parametrize(
    ("instruction", "href"),
    [
        ("next page", "?p=3"),
        ("go to the next page", "?p=3"),
        ("page suivante", "?p=3"),
        ("nächste Seite", "?p=3"),
        ("下一页", "?p=3"),
        ("the previous page", "?p=1"),
        ("page 4", "?p=4"),
        ("Seite 4", "?p=4"),
        ("4ページ目へ", "?p=4"),
        ("przejdź na trzecią stronę", "?p=3"),
        ("the first page", "?p=1"),
        ("last page", "?p=4"),
    ],
)
@_browser
async def test_a_page_of_a_numbers_only_pager_shown_twice(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    """Django's admin pager has numbers and no "Next"; it stands above and below the list. Page 2
    is shown, so 'next' is 3."""
    await page.goto(pages.url_for("ext19/pager.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _clicked(page) == f"{href};"


@pytest.mark.parametrize(
    ("instruction", "status", "says"),
    [("page 2", "already", "already page 2"), ("page 7", "not_found", "ends at page 4")],
)
@_browser
async def test_the_page_shown_or_a_page_past_the_end_is_not_clicked(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, status: str, says: str
) -> None:
    await page.goto(pages.url_for("ext19/pager.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok
    assert report.steps[-1].status == status and says in report.text, report.text
    assert await _clicked(page) == ""


@pytest.mark.parametrize("instruction", ["next page", "page 3"])
@_browser
async def test_two_different_pagers_leave_the_page_unsure(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """Two lists, each with its own pager: which one is meant is not said."""
    await page.goto(pages.url_for("ext19/pager_two.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert page.url.endswith("pager_two.html")


async def _done(page: Page) -> str:
    return str(await page.evaluate("document.body.dataset.done || ''"))


@pytest.mark.parametrize(
    ("instruction", "done"),
    [
        ("yes, delete it", "deleted"),
        ("confirm", "deleted"),
        ("ja, löschen", "deleted"),
        ("oui, supprime-le", "deleted"),
        ("да, удалить", "deleted"),
        ("确定删除", "deleted"),
        ("no, take me back", "back"),
        ("go back", "back"),
        ("nein, zurück", "back"),
        ("cancel", "back"),
        ("やめて戻る", "back"),
    ],
)
@_browser
async def test_an_answer_to_the_page_s_question(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, done: str
) -> None:
    """A German confirmation page ("Ja, ich bin sicher" / "Nein, bitte abbrechen"): people answer
    it in their own words, in any language."""
    await page.goto(pages.url_for("ext19/confirm.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _done(page) == done


@pytest.mark.parametrize("instruction", ["yes, delete it", "ja, löschen"])
@_browser
async def test_an_answer_about_something_the_page_does_not_ask_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The page asks whether to publish; 'yes, delete it' answers another question."""
    await page.goto(pages.url_for("ext19/publish.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await _done(page) == ""


@pytest.mark.parametrize("instruction", ["yes", "no"])
@_browser
async def test_yes_where_two_questions_are_asked_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext19/choices.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await _done(page) == ""


async def _open_details(page: Page) -> list[int]:
    return list(
        await page.evaluate("[...document.querySelectorAll('details')].flatMap((d, i) => d.open ? [i] : [])")
    )


@pytest.mark.parametrize("instruction", ["open the dropdown", "expand the question", "klapp die Frage auf"])
@_browser
async def test_a_details_box_is_the_dropdown_and_an_asking_one_the_question(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """sphinx-design calls a <details> box a dropdown; an FAQ's entry is a question. The page's
    link to "Questions" leads elsewhere and is not it."""
    await page.goto(pages.url_for("ext19/faq.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _open_details(page) == [0]
    assert page.url.endswith("faq.html")


@pytest.mark.parametrize(
    ("instruction", "opened"),
    [
        ("open the second dropdown", [1]),
        ("expand the third question", [2]),
        ("klapp die erste Frage auf", [0]),
    ],
)
@_browser
async def test_an_ordinal_picks_among_questions_and_only_questions(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, opened: list[int]
) -> None:
    """ "Öffnungszeiten" asks nothing: it is a dropdown, not a question."""
    await page.goto(pages.url_for("ext19/faq_many.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await _open_details(page) == opened


@_browser
async def test_the_question_among_several_is_not_guessed(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext19/faq_many.html"))
    report = await quiet.act(page, "expand the question")
    assert not report.ok, report.text
    assert await _open_details(page) == []


_FORM_STATE = """() => ({
  owner: document.querySelector('#id_owner').selectedOptions[0].textContent,
  frame: (document.querySelector('input[name=frame]:checked') || {}).value || '',
  insured: document.querySelector('#id_insured').checked,
  ebike: document.querySelector('#id_ebike').checked,
})"""


@pytest.mark.parametrize(
    ("instruction", "key", "value"),
    [
        ("it's aluminium", "frame", "alu"),
        ("it is a steel one", "frame", "steel"),
        ("it has been insured", "insured", True),
        ("actually it's steel", "frame", "steel"),
        ("it's been insured now", "insured", True),
        ("it isn't electric", "ebike", False),
        ("it belongs to Karel Novak", "owner", "Karel Novak"),
        ("select Nora Quist", "owner", "Nora Quist"),
    ],
)
@_browser
async def test_what_the_record_is_said_of_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, key: str, value: object
) -> None:
    """'she's female', 'it has been vaccinated': the choice so named, the box so named set or
    cleared. The owner list shares its data-context with another list; its id is what is used."""
    await page.goto(pages.url_for("ext19/bike_form.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert (await page.evaluate(_FORM_STATE))[key] == value


@pytest.mark.parametrize("instruction", ["it is now 12 kg", "it's carbon"])
@_browser
async def test_a_statement_naming_no_choice_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext19/bike_form.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await page.evaluate(_FORM_STATE) == {
        "owner": "---------", "frame": "", "insured": False, "ebike": True,
    }  # fmt: skip


_TICKED = "[...document.querySelectorAll('input[type=checkbox]:checked')].map((b) => b.value + ':' + b.name)"


@pytest.mark.parametrize(
    ("instruction", "value"),
    [
        ("select the first row", "31"),
        ("tick the last row", "33"),
        ("отметь вторую строку", "32"),
        ("tick the third entry", "33"),
    ],
)
@_browser
async def test_a_row_by_its_place_is_ticked_by_its_action_box(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    """Two columns of boxes (the action boxes and the records' own "Insured"): the boxes that
    select their row are the list's."""
    await page.goto(pages.url_for("ext19/changelist.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert set(await page.evaluate(_TICKED)) == {f"{value}:_selected_action", "on:form-1-insured"}


@pytest.mark.parametrize(
    ("instruction", "href"),
    [("order the list by name", "?o=1"), ("sort the bikes by weight", "?o=2"), ("sort by weight", "?o=2")],
)
@_browser
async def test_sorting_by_a_column_named_without_its_unit(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    await page.goto(pages.url_for("ext19/changelist.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.clicked") == href


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("set Brompton's weight to 12", "form-1-weight", "12"),
        ("the weight of Gazelle is 16.9", "form-0-weight", "16.9"),
        ("Brompton's price should be 1350", "form-1-price", "1350"),
    ],
)
@_browser
async def test_a_field_in_a_row_is_named_by_its_column_under_a_template_s_indentation(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    """Header cells that begin with hundreds of spaces of indentation still name their column's
    fields (the text budget counts words, not whitespace); 'X should be V', 'the X is V' type V."""
    await page.goto(pages.url_for("ext19/indented.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.input_value(f"input[name='{field}']") == value
    assert "Weight (kg)" in report.text or "Price (EUR)" in report.text


@pytest.mark.parametrize(
    ("url", "instruction", "clicked"),
    [
        ("change.html?fr", "enregistre", "_save"),
        ("change.html?es", "guarda", "_save"),
        ("change.html", "save and keep editing", "_continue"),
        ("change.html", "expand all", "open-all"),
        ("change.html", "collapse everything", "close-all"),
        ("change.html?fr", "replie tout", "close-all"),
    ],
)
@_browser
async def test_a_button_named_as_the_page_writes_it_and_the_page_s_own_open_all(
    page: Page, pages: PageServer, quiet: Actor, url: str, instruction: str, clicked: str
) -> None:
    """'enregistre' is the imperative of "Enregistrer" (the longer buttons say more than was
    asked); 'expand all' is the page's "Open All Items" in its header, not an inline's."""
    await page.goto(pages.url_for(f"ext19/{url}"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "went"),
    [
        ("show only cargo bikes", "?kind__exact=cargo"),
        ("only road bikes", "?kind__exact=road"),
        ("show only insured bikes", "?insured__exact=1"),
        ("only bikes that are not insured", "?insured__exact=0"),
        ("only bikes of Karel Novak", "?owner__id__exact=2"),
    ],
)
@_browser
async def test_only_some_records_is_the_filter_list_s_option(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, went: str
) -> None:
    """Django admin filters drawn as lists (django-jazzmin): 'only X' is the one option the words
    hold, or the Yes / No of the list they name."""
    await page.goto(pages.url_for("ext19/filters.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.went") == went


@pytest.mark.parametrize(
    "instruction", ["only blue bikes", "only bikes that are not cargo bikes", "show only all"]
)
@_browser
async def test_only_what_no_option_holds_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext19/filters.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.went || ''") == ""


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("váha 12.5", "#id_weight", "12.5"),  # Czech: weight
        ("Gewicht 12.5", "#id_weight", "12.5"),
        ("imię: Burek", "#id_name", "Burek"),
        ("кличка Барсик", "#id_name", "Барсик"),
        ("popraw wysokość na 54", "#id_height", "54"),  # Polish: correct the height to 54
        ("ändere die Höhe auf 54", "#id_height", "54"),
        ("pon Rápida como nombre", "#id_name", "Rápida"),
        ("Notiz: kettet nicht mehr", "#id_notes", "kettet nicht mehr"),
        ("rename it Orange Flash", "#id_name", "Orange Flash"),
    ],
)
@_browser
async def test_fields_labelled_in_english_named_in_other_languages(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    """An admin keeps its field labels in English ("Weight (kg)") while people ask in theirs."""
    await page.goto(pages.url_for("ext19/bike_form.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.input_value(field) == value


@pytest.mark.parametrize("instruction", ["rename the bike", "Farbe: rot"])
@_browser
async def test_a_field_the_form_does_not_have_is_not_typed_into(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext19/bike_form.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    values = await page.evaluate(
        "[...document.querySelectorAll('input:not([type]), input[type=number], textarea')]"
        ".map((e) => e.value)"
    )
    assert values == ["", "", "", ""]


@pytest.mark.parametrize("instruction", ["退出登录", "我想退出登录", "ログアウトしたい"])
@_browser
async def test_logging_out_said_in_chinese_and_as_a_wish_in_japanese(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The user menu's closed "Log out", asked for in Chinese, and as a wish ('…したい': I want to)."""
    await page.goto(pages.url_for("ext18/menus.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert str(await page.evaluate("document.body.dataset.clicked")).endswith("logout.html;")


@pytest.mark.parametrize("instruction", ["play", "print"])
@_browser
async def test_a_word_is_no_longer_word_that_starts_with_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """An imperative matches its infinitive ('enregistre', "Enregistrer"), but 'play' is no
    "Playback" and 'print' no "Printer"."""
    await page.goto(pages.url_for("ext19/playback.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicked || ''") == ""


@pytest.mark.parametrize(
    ("instruction", "href"),
    [("installation instructions please", "install.html"), ("how do I upgrade", "upgrade.html")],
)
@_browser
async def test_a_page_titled_with_a_gerund(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, href: str
) -> None:
    """Documentation titles its pages "Installing", "Upgrading": the verb's concept."""
    await page.goto(pages.url_for("ext19/docs.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.clicked") == href


@_browser
async def test_going_home_on_the_home_page_is_already_done(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    """The home page's home link is "#": going home there goes nowhere ('click home' still clicks)."""
    await page.goto(pages.url_for("ext19/home.html"))
    report = await quiet.act(page, "go home")
    assert not report.ok and report.steps[0].status == "already", report.text
    assert not page.url.endswith("#")
    report = await quiet.act(page, "click home")
    assert report.ok, report.text


@pytest.mark.parametrize("instruction", ["search for gazelle", "search box: gazelle", "поиск: gazelle"])
@_browser
async def test_the_list_s_own_search_not_the_top_bar_s(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """Jazzmin's top bar searches customers; 'search for gazelle' on the repairs list is the
    list's own box."""
    await page.goto(pages.url_for("ext19/search2.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.input_value("#searchbar") == "gazelle"
    assert await page.input_value("input[type=search]") == ""


@_browser
async def test_the_pager_s_current_page_is_already_shown(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext19/pager_active.html"))
    report = await quiet.act(page, "go to page 1")
    assert not report.ok and report.steps[0].status == "already", report.text
    report = await quiet.act(page, "page 2")
    assert report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicked") == "?p=2"


@pytest.mark.parametrize("instruction", ["page suivante", "next page", "下一页"])
@_browser
async def test_next_is_never_a_link_that_says_previous(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    """The book's last page has only "précédent", in an area whose class says "prev-next"."""
    await page.goto(pages.url_for("ext19/prevnext.html"))
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert await page.evaluate("document.body.dataset.clicked || ''") == ""


@pytest.mark.parametrize(
    ("instruction", "sent"), [("保存して編集を続ける", "_continue"), ("保存してもう一つ追加", "_addanother")]
)
@_browser
async def test_a_button_s_whole_japanese_name_is_one_step(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, sent: str
) -> None:
    """'…して…' splits steps, but Django's "保存して編集を続ける" is one button."""
    await page.goto(pages.url_for("ext19/ja_buttons.html"))
    report = await quiet.act(page, instruction)
    assert report.ok, (instruction, report.text)
    assert await page.evaluate("document.body.dataset.sent") == sent


@_browser
async def test_spanish_values_then_log_in_and_a_code_after_number(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await page.goto(pages.url_for("ext19/login_es.html"))
    report = await quiet.act(page, "ticket number R-1012")
    assert report.ok, report.text
    assert await page.input_value("#id_ticket") == "R-1012"
    report = await quiet.act(page, "usuario jonas y entra")
    assert report.ok, report.text
    assert await page.input_value("#id_username") == "jonas"
    assert await page.evaluate("document.body.dataset.sent") == "login"
