"""`act` round 22: steps said in other languages after a search or a delete, and rows the words do
not name (our own pages in ``pages/ext26``).

'busque por freio e pressione Enter' types "freio" and presses Enter; 'X löschen und bestätigen'
answers the dialog the delete opens, also when it is still fading in; a row that carries only some
of the words ('Bleed disc brakes' against "New brake pads") is ticked by nobody; a mail link is not
a record's own link; 'title should read X' and '姓名改为 X' type X; "Save and continue editing"
said in Japanese is never the plain "Save"; 'English please' on an English page is already so.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.instructions import parse_instruction

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext26/{file}", instruction, done)


@pytest.mark.parametrize(
    ("instruction", "value"),
    [
        ("busque por freio e pressione Enter", "freio"),
        ("pesquisar 'berg' e carregar em Enter", "berg"),
        ("vyhledat kotviště a stisknout Enter", "kotviště"),
        ("hledej brzdy a stiskni Enter", "brzdy"),
        ("cherche frein et appuie sur Entrée", "frein"),
        ("szukaj hamulce i naciśnij Enter", "hamulce"),
        ("搜索刹车然后按回车", "刹车"),
        ("ブレーキで検索してEnterを押す", "ブレーキ"),
        ("search for brakes and press enter", "brakes"),
    ],
)
def test_press_enter_after_a_search_is_a_step_in_any_language(instruction: str, value: str) -> None:
    steps = parse_instruction(instruction)
    assert [(s.action, s.text) for s in steps] == [("type", value), ("press", "Enter")]


@pytest.mark.parametrize(
    "instruction",
    ["busque por freio e pressione Enter", "cherche frein et appuie sur Entrée", "搜索刹车然后按回车"],
)
@_browser
async def test_the_search_is_typed_and_enter_pressed(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "search_form.html", instruction, True)
    value = await page.input_value("input[name=q]")
    assert value in ("freio", "frein", "刹车")
    assert await noted(page, "keys") == "Enter;"


@pytest.mark.parametrize(
    ("instruction", "confirm"),
    [
        ("Auftrag 5 löschen und bestätigen", "bestätigen"),
        ("supprime la réparation 5 et confirme", "confirme"),
        ("supprimer la réparation 5 puis confirmer", "confirmer"),
        ("eliminar el trabajo 5 y confirmar", "confirmar"),
        ("удалить заказ 5 и подтвердить", "подтвердить"),
        ("smazat zakázku 5 a potvrdit", "potvrdit"),
        ("删除工单5并确认", "确认"),
    ],
)
def test_confirming_a_delete_is_a_step_of_its_own(instruction: str, confirm: str) -> None:
    steps = parse_instruction(instruction)
    assert len(steps) == 2
    assert steps[1].target == confirm


@pytest.mark.parametrize("instruction", ["Speichern und bestätigen", "review and confirm"])
def test_a_name_with_confirm_in_it_stays_whole(instruction: str) -> None:
    assert len(parse_instruction(instruction)) == 1


@pytest.mark.parametrize(
    "instruction",
    [
        "delete Replace chain and confirm",
        "supprimer Replace chain et confirmer",
        "eliminar Replace chain y confirmar",
        "Replace chain löschen und bestätigen",
    ],
)
@_browser
async def test_a_delete_and_its_confirmation_fading_in(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "jobs.html", instruction, True)
    assert await noted(page, "asked") == "5;"
    assert await noted(page, "deleted") == "5;"


@pytest.mark.parametrize(
    "instruction",
    ["supprimer la réparation « Replace chain »", "borrar la tarea «Replace chain»"],
)
def test_a_quoted_record_after_a_delete_is_not_the_control(instruction: str) -> None:
    (step,) = parse_instruction(instruction)
    assert step.exact == ""


@_browser
async def test_a_quoted_record_after_a_delete_never_clicks_its_name(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    # ('réparation' is on no row: not sure is honest; the job's clickable name is never the delete)
    await page.goto(pages.url_for("ext26/jobs.html"))
    report = await quiet.act(page, "supprimer la réparation « Replace chain » et confirmer")
    assert "name:" not in await noted(page, "clicked"), report.text
    assert await noted(page, "deleted") in ("", "5;")


@pytest.mark.parametrize("instruction", ["tick Bleed disc brakes", "勾选 Front brake cable"])
@_browser
async def test_a_row_carrying_only_some_of_the_words_is_not_ticked(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "jobs.html", instruction, False)
    assert await noted(page, "ticked") == ""


@_browser
async def test_a_named_row_is_still_ticked(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "jobs.html", "tick Replace chain", True)
    assert await noted(page, "ticked") == "5;"


@pytest.mark.parametrize("instruction", ["open Jonas Weber's record", "查看 jonas"])
@_browser
async def test_a_mail_link_is_not_the_records_own_link(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext26/jobs.html"))
    await quiet.act(page, instruction)
    assert "mailto:" not in await noted(page, "clicked")


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("title should read Замена тросика", "#title", "Замена тросика"),
        ("the title should say Chain swap", "#title", "Chain swap"),
        ("姓名改为 Chloé Bernard", "#name", "Chloé Bernard"),
    ],
)
@_browser
async def test_a_value_said_as_what_the_field_should_read(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "job_form.html", instruction, True)
    assert await page.input_value(field) == value


@pytest.mark.parametrize("instruction", ["保存して編集を続ける", "保存してもう一つ追加"])
@_browser
async def test_save_and_continue_said_in_japanese_is_never_the_plain_save(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext26/job_form.html"))
    await quiet.act(page, instruction)
    assert "_save;" not in await noted(page, "sent")


@pytest.mark.parametrize("instruction", ["English please", "in English, please", "auf Englisch bitte"])
@_browser
async def test_a_language_asked_for_politely_on_a_page_in_it_is_already_so(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    report = await _act(page, pages, quiet, "lang_menu.html?shown=en", instruction, False)
    assert report.steps[-1].status == "already"
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize("instruction", ["English please", "set the language to English"])
@_browser
async def test_a_language_in_a_closed_menu_is_chosen_with_the_menu_opened(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "lang_menu.html", instruction, True)
    assert await noted(page, "clicked") == "?lang=en;"


@pytest.mark.parametrize("instruction", ["please click English", "click English please"])
def test_a_click_asked_for_politely_stays_a_click(instruction: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == ("click", "English")


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("finished on 2026-06-30", "#finished_on", "2026-06-30"),
        ("finished on June 5th, 2026", "#finished_on", "2026-06-05"),
        ("booked for 15.07.2026 um 9 Uhr", "#booked_for", "2026-07-15 09:00"),
        ("set the finished on date to 1 March 2026", "#finished_on", "2026-03-01"),
    ],
)
@_browser
async def test_a_date_is_set_through_a_picker_that_takes_no_typing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "picker_form.html", instruction, True)
    assert await page.input_value(field) == value


@pytest.mark.parametrize(
    ("instruction", "value"),
    [("estimate 45 euros", "45"), ("estimate €32.50", "32.50"), ("Estimate: 19,90 €", "19.90")],
)
@_browser
async def test_an_amount_with_its_currency_goes_into_a_number_field(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await _act(page, pages, quiet, "picker_form.html", instruction, True)
    assert await page.input_value("#estimate") == value


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("switch to English", "/en/moorings.html;"),
        ("přepnout do polštiny", "/pl/moorings.html;"),
        ("日本語に切り替え", "/ja/moorings.html;"),
        ("Deutsch", "/de/moorings.html;"),
    ],
)
@_browser
async def test_a_language_in_a_menu_shown_under_the_pointer(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "hover_langs.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "target", "value"),
    [
        ("finished on 2026-06-30", "finished on", "2026-06-30"),
        ("Mitglied seit 15.01.2020", "Mitglied seit", "15.01.2020"),
        ("terminé le 12/06/2026", "terminé le", "12/06/2026"),
    ],
)
def test_a_field_then_a_date_is_that_date_typed_in(instruction: str, target: str, value: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == ("type", target, value)


@pytest.mark.parametrize(
    "instruction", ["page 2", "next page", "Replace chain 2026", "open issue 2026-06-30"]
)
def test_a_name_with_a_number_is_no_field_and_date(instruction: str) -> None:
    assert parse_instruction(instruction)[0].action == "click"


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("jobs_all.html?lang=zh", "select all rows"),
        ("jobs_all.html", "select every job on this page"),
        ("jobs_all.html", "tick all three"),
        ("jobs_all.html?lang=pt", "selecionar todas as reparações"),
        ("jobs_all.html?lang=zh", "全选"),
    ],
)
@_browser
async def test_all_rows_said_otherwise_tick_the_box_for_all_rows(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await page.is_checked("#select-all-rows")
    assert await page.locator(".row-checkbox:checked").count() == 3


@_browser
async def test_all_of_another_number_is_not_all_rows(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("ext26/jobs_all.html"))
    await quiet.act(page, "tick all five")
    assert not await page.is_checked("#select-all-rows")


@_browser
async def test_back_to_the_list_from_a_record_of_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "job_detail.html", "back to the repair jobs", True)
    assert await noted(page, "clicked") == "/admin/job/list;"


@_browser
async def test_the_list_shown_is_already_there(page: Page, pages: PageServer, quiet: Actor) -> None:
    report = await _act(page, pages, quiet, "job_list_here.html", "go to the repair jobs", False)
    assert report.steps[-1].status == "already"


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("the third question", "#weather;"),
        ("first question", "#need-a-network;"),
        ("跳到第二个问题", "#feet;"),
    ],
)
@_browser
async def test_the_nth_question_by_the_contents_links(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "faq_toc.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@_browser
async def test_no_fourth_question_on_a_page_of_three(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "faq_toc.html", "the fourth question", False)
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "target"),
    [
        ("jump to the First run section", "First run"),
        ("ir a la sección First run", "First run"),
        ("přejít na sekci Tide tables", "Tide tables"),
        ("przejdź do sekcji Passing the sill", "Passing the sill"),
        ("go to the next section", "next section"),
    ],
)
def test_a_section_is_named_by_its_own_words(instruction: str, target: str) -> None:
    assert parse_instruction(instruction)[0].target == target


@_browser
async def test_a_section_by_the_contents_link(page: Page, pages: PageServer, quiet: Actor) -> None:
    said = "jump to the Can I use feet instead of metres? section"
    await _act(page, pages, quiet, "faq_toc.html", said, True)
    assert await noted(page, "clicked") == "#feet;"


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        ("「水深」と入力して検索ボタンを押す", [("type", "水深"), ("click", None)]),
        ("Suchbegriff Schwelle eingeben", [("type", "Schwelle")]),
        ("Nachname Lind eintragen", [("type", "Lind")]),
        ("previous: Installation", [("click", None)]),
    ],
)
def test_values_and_pager_labels_said_otherwise(instruction: str, steps: list[tuple[str, Any]]) -> None:
    assert [(s.action, s.text) for s in parse_instruction(instruction)] == steps


@pytest.mark.parametrize(
    ("instruction", "language"),
    [
        ("zur englischen Version wechseln", "English"),
        ("passa al tedesco", "tedesco"),
        ("passa all'inglese", "inglese"),
    ],
)
def test_a_change_of_language_in_german_and_italian(instruction: str, language: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == ("type", "language", language)


@pytest.mark.parametrize("instruction", ["passa la palla", "fischen gehen"])
def test_no_language_named_no_change_of_language(instruction: str) -> None:
    assert parse_instruction(instruction)[0].target != "language"


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        (
            "логин mechanic, пароль chain-lube",
            [("type", "username field", "mechanic"), ("type", "password field", "chain-lube")],
        ),
        (
            "identifiant mechanic, mot de passe chain-lube, et coche « se souvenir de moi »",
            [
                ("type", "username field", "mechanic"),
                ("type", "password field", "chain-lube"),
                ("check", "se souvenir de moi", None),
            ],
        ),
        (
            "enter mechanic / chain-lube and sign in",
            [
                ("type", "username field", "mechanic"),
                ("type", "password field", "chain-lube"),
                ("click", "sign in", None),
            ],
        ),
        ("name Bob, age 5", [("click", "name Bob, age 5", None)]),
    ],
)
def test_fields_named_with_their_values(instruction: str, steps: list[tuple[str, str, Any]]) -> None:
    assert [(s.action, s.target, s.text) for s in parse_instruction(instruction)] == steps


@pytest.mark.parametrize("instruction", ["логин mechanic, пароль chain-lube", "enter mechanic / chain-lube"])
@_browser
async def test_a_user_name_and_password_said_as_a_pair(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await act_on(page, pages, quiet, "ext25/sign_in.html", instruction, True)
    assert await page.input_value("input[type=password]") == "chain-lube"


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("booked for 3 June 2026 at 14:30", "#booked_for", "2026-06-03 14:30"),
        ("booked for 12/05/2026 às 08:45", "#booked_for", "2026-12-05 08:45"),
    ],
)
@_browser
async def test_a_date_and_time_go_through_the_picker_never_as_typed_text(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "picker_form.html", instruction, True)
    assert await page.input_value(field) == value


@pytest.mark.parametrize("instruction", ["Datum auf 1.7.2026 setzen", "set the date to 1 July 2026"])
@_browser
async def test_a_date_for_two_date_fields_is_not_sure(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "picker_form.html", instruction, False)
    assert await page.input_value("#booked_for") == ""
    assert await page.input_value("#finished_on") == ""


@_browser
async def test_a_fold_is_opened_by_its_own_heading(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "ticket_fold.html", "Priorität auf blocker setzen", True)
    assert await noted(page, "opened") == "no3;"
    assert await page.input_value("#field-priority") == "blocker"


@pytest.mark.parametrize("instruction", ["hledat „loudness“", "search for loudness"])
@_browser
async def test_a_search_page_searches_with_its_own_box(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "search_page.html", instruction, True)
    assert await page.input_value("#q") == "loudness"
    assert await page.input_value("#proj-search") == ""


@pytest.mark.parametrize("instruction", ["previous page", "vorherige Seite"])
@_browser
async def test_a_pager_of_angle_brackets_over_a_title_that_says_back(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "blog_page2.html", instruction, True)
    assert await noted(page, "clicked") == "/index.html?p=1;"


@pytest.mark.parametrize(
    "instruction", ["afficher 60 jours et mettre à jour", "pokaż zmiany z ostatnich 10 dni"]
)
@_browser
async def test_a_verb_is_no_field_label_and_a_sentence_no_value(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext26/timeline_fr.html"))
    await quiet.act(page, instruction)
    assert await page.input_value("#fromdate") == "28/11/2026"
    assert "jour" not in await page.input_value("input[name=daysback]")
