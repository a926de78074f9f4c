"""`act` round 24: states asked to hold, words that only look alike, and links to the page itself
(our own pages in ``pages/ext28``).

'make sure X is unchecked', "asegúrate de que 'X' está desmarcado", 'X がオフになっていることを確認':
the box is set so, and nothing is done when it already is. A subtitle is not the title
('subtítulo', 'подзаголовок'), nor 'Startseite' the "Quick start" link. 'create the user' on the
form that adds one is its button, never the breadcrumb's link back to the form.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.instructions import parse_instruction
from waypost.retrieval.text import token_match

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext28/{file}", instruction, done)


@pytest.mark.parametrize(
    ("instruction", "target", "on"),
    [
        ("make sure 'relaxed performance' is unchecked", "relaxed performance", False),
        ("ensure remember me is checked", "remember me", True),
        ("make sure dark mode is enabled", "dark mode", True),
        ("make sure the newsletter is not ticked", "newsletter", False),
        ("stelle sicher, dass 'Sold out' nicht angehakt ist", "Sold out", False),
        ("stellen Sie sicher, dass Tastenkürzel deaktiviert sind", "Tastenkürzel", False),
        ("assure-toi que 'Sold out' est décoché", "Sold out", False),
        ("asegúrate de que 'relaxed performance' está marcado", "relaxed performance", True),
        ("upewnij się, że 'Sold out' jest odznaczone", "Sold out", False),
        ("убедись, что 'Sold out' не отмечен", "Sold out", False),
        ("'Sold out' がオフになっていることを確認", "Sold out", False),
    ],
)
def test_a_state_asked_to_hold_is_a_box_set_so(instruction: str, target: str, on: bool) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.checked) == ("check", target, on)


@pytest.mark.parametrize("instruction", ["make sure you are logged in", "make sure the menu is open"])
def test_other_things_made_sure_of_are_no_box(instruction: str) -> None:
    assert all(step.action != "check" for step in parse_instruction(instruction))


@pytest.mark.parametrize(
    ("instruction", "box", "checked"),
    [
        ("asegúrate de que 'sold out' está desmarcado", "#id_sold_out", False),
        ("make sure keyboard shortcuts are off", "#id_shortcuts", False),
        ("убедись, что 'relaxed performance' отмечен", "#id_relaxed", True),
        ("'Sold out' がオフになっていることを確認", "#id_sold_out", False),
    ],
)
@_browser
async def test_a_box_is_set_to_the_state_asked(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, box: str, checked: bool
) -> None:
    await _act(page, pages, quiet, "production.html", instruction, True)
    assert await page.is_checked(box) is checked


@pytest.mark.parametrize(
    ("instruction", "box", "checked"),
    [
        ("asegúrate de que 'relaxed performance' está desmarcado", "#id_relaxed", False),
        ("make sure 'sold out' is checked", "#id_sold_out", True),
        ("make sure keyboard shortcuts are on", "#id_shortcuts", True),
    ],
)
@_browser
async def test_a_state_that_already_holds_changes_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, box: str, checked: bool
) -> None:
    report = await _act(page, pages, quiet, "production.html", instruction, False)
    assert "already" in report.text
    assert await page.is_checked(box) is checked


@pytest.mark.parametrize(
    "instruction",
    ["cambia el subtítulo a «A play in two acts»", "zmień podtytuł na „A play in two acts”"],
)
@_browser
async def test_a_subtitle_is_never_the_title(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await page.goto(pages.url_for("ext28/production.html"))
    await quiet.act(page, instruction)
    assert await page.input_value("#id_title") == ""


@_browser
async def test_a_subtitle_said_as_the_field_says_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "produccion_es.html", "cambia el subtítulo a «Dos actos»", True)
    assert await page.input_value("#id_subtitle") == "Dos actos"
    assert await page.input_value("#id_title") == ""


@pytest.mark.parametrize(
    ("word", "field"),
    [("subtítulo", "título"), ("podtytuł", "tytuł"), ("подзаголовок", "заголовок"), ("preview", "view")],
)
def test_a_prefix_that_makes_another_thing_is_no_match(word: str, field: str) -> None:
    assert token_match(word, frozenset({field})) == 0.0
    assert token_match("benutzername", frozenset({"name"})) > 0  # (a compound's head still is)


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("production.html", "create the production"),
        ("production.html", "Produktion anlegen"),
        ("user_new.html", "Benutzer anlegen"),
        ("user_new.html", "add the user"),
    ],
)
@_browser
async def test_a_job_is_never_the_link_to_the_page_itself(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await page.goto(pages.url_for(f"ext28/{file}"))
    await quiet.act(page, instruction)
    assert await noted(page, "link") == ""


@pytest.mark.parametrize("instruction", ["create the user", "add the user"])
@_browser
async def test_creating_on_the_add_form_presses_its_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "user_new.html", instruction, True)
    assert await noted(page, "sent") == "create;" and await noted(page, "link") == ""


@pytest.mark.parametrize(
    ("instruction", "value"),
    [
        ("buscar a amira", "amira"),
        ("busca a Carol", "Carol"),
        ("suche stattdessen nach carol", "carol"),
        ("代わりに carol を検索", "carol"),
        ("cherche plutôt carol", "carol"),
    ],
)
@_browser
async def test_what_is_searched_leaves_out_its_grammar(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await _act(page, pages, quiet, "people.html", instruction, True)
    assert await page.input_value("#q") == value


@pytest.mark.parametrize(
    "instruction",
    [
        "Passwort Ferry!2027 zweimal eingeben",
        "enter the password Ferry!2027 twice",
        "введи пароль Ferry!2027 дважды",
    ],
)
@_browser
async def test_a_password_said_twice_goes_into_both_fields(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "people.html", instruction, True)
    assert await page.input_value("#p1") == await page.input_value("#p2") == "Ferry!2027"
    assert await page.input_value("#u") == ""


@_browser
async def test_an_index_term_is_the_link_under_it(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "index_terms.html", "the --format option", True)
    assert await noted(page, "link") == "reference.html#cmdoption-format"


@pytest.mark.parametrize("instruction", ["zur Startseite", "go to the home page"])
@_browser
async def test_a_start_page_is_no_quick_start(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "index_terms.html", instruction, False)
    assert await noted(page, "link") == ""


@pytest.mark.parametrize(
    ("instruction", "minutes", "time"),
    [
        ("running time 130 minutes", "130", ""),
        ("running time 130 minutes, curtain up at 20:00", "130", "20:00"),
        ("running time is 95 now", "95", ""),
    ],
)
@_browser
async def test_a_unit_the_label_names_in_brackets_is_no_part_of_the_value(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, minutes: str, time: str
) -> None:
    await _act(page, pages, quiet, "production.html", instruction, True)
    assert await page.input_value("#id_running_time") == minutes
    assert await page.input_value("#id_curtain_up") == time


@pytest.mark.parametrize("instruction", ["her name is María López", "name: María López"])
@_browser
async def test_a_name_goes_into_the_first_and_last_name_fields(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "people.html", instruction, True)
    assert (await page.input_value("#fn"), await page.input_value("#ln")) == ("María", "López")
    assert await page.input_value("#u") == ""


@_browser
async def test_a_name_of_three_words_is_not_split_by_guess(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "people.html", "her name is Ana María López", False)
    assert report.steps[0].status == "unsure"
    assert await page.input_value("#fn") == await page.input_value("#ln") == ""


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("publish.html", "publish the changes"),
        ("publish.html?lang=de", "Änderungen veröffentlichen"),
        ("publish.html", "publish all changes"),
    ],
)
@_browser
async def test_the_changes_published_are_no_name_of_the_control(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "sent") == "action-publish;"


@pytest.mark.parametrize("instruction", ["discard the changes", "undo my changes"])
@_browser
async def test_a_job_on_the_changes_no_control_does_stays_undone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "publish.html", instruction, False)
    assert await noted(page, "sent") == ""
    assert await page.get_attribute("#more", "aria-expanded") == "false"


@pytest.mark.parametrize(
    ("instruction", "link"),
    [
        ("delete Church Hall", "/venues/2/delete/"),
        ("supprimer Main House", "/venues/1/delete/"),
        ("skopiuj Bandstand", "/venues/3/copy/"),
        ("usuń Church Halla", "/venues/2/delete/"),
    ],
)
@_browser
async def test_a_job_on_a_record_is_found_in_the_rows_own_menu(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, link: str
) -> None:
    await _act(page, pages, quiet, "venue_list.html", instruction, True)
    assert await noted(page, "link") == link


@pytest.mark.parametrize("instruction", ["print Church Hall", "delete Bandstand Hall", "archive Main House"])
@_browser
async def test_a_row_menu_without_the_job_is_never_opened(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "venue_list.html", instruction, False)
    assert await noted(page, "link") == ""
    assert await page.locator(".w-dropdown__content:not([hidden])").count() == 0
    assert await page.locator(".w-dropdown__toggle[aria-expanded]").count() == 0  # (read closed, not opened)


@pytest.mark.parametrize(
    "instruction",
    [
        "change my password from secret-pass to Lighthouse-99",
        "Passwort von secret-pass auf Lighthouse-99 ändern",
        "cambiar mi contraseña de secret-pass a Lighthouse-99",
        "パスワードを secret-pass から Lighthouse-99 に変更",
    ],
)
@_browser
async def test_a_password_changed_from_one_to_another_fills_all_three_fields(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await act_on(page, pages, quiet, "ext20/password_change.html", instruction, True)
    assert await page.input_value("#id_old_password") == "secret-pass"
    assert await page.input_value("#id_new_password1") == "Lighthouse-99"
    assert await page.input_value("#id_new_password2") == "Lighthouse-99"


@pytest.mark.parametrize(
    ("instruction", "box"),
    [
        ("put her in the Editors group", "#g_ed"),
        ("dodaj do grupy Moderators", "#g_mod"),
        ("füge ihn zur Gruppe Editors hinzu", "#g_ed"),
        ("Moderators グループに入れる", "#g_mod"),
    ],
)
@_browser
async def test_a_person_put_into_a_group_ticks_the_groups_box(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, box: str
) -> None:
    await _act(page, pages, quiet, "roles.html", instruction, True)
    assert await page.is_checked(box)
    assert await page.locator("input[type=checkbox]:checked").count() == 1


@_browser
async def test_a_group_the_form_does_not_offer_ticks_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "roles.html", "add her to the Owners group", False)
    assert await page.locator("input[type=checkbox]:checked").count() == 0


@pytest.mark.parametrize(
    ("file", "instruction", "box"),
    [
        ("footer_form.html?still", "show it in menus", "#menus"),
        ("footer_form.html", "tick notify subscribers", "#notify"),
    ],
)
@_browser
async def test_a_box_under_a_fixed_bar_of_actions_is_reached(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, box: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await page.is_checked(box)
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize(
    ("file", "instruction"),
    [
        ("account.html", "save my settings"),
        ("account.html?lang=pl", "zapisz ustawienia"),
        ("account.html?lang=ja", "設定を保存"),
    ],
)
@_browser
async def test_saving_the_settings_is_the_save_button(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "sent") == "yes" and await noted(page, "link") == ""


@_browser
async def test_a_katakana_long_mark_left_out_by_the_page_is_the_same_word(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "account.html?lang=ja", "ユーザーを追加", True)
    assert await noted(page, "link") == "/users/new/"


@_browser
async def test_settings_with_a_job_no_control_does_stay_undone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "account.html", "publish my settings", False)
    assert await noted(page, "sent") == "" and await noted(page, "link") == ""


@_browser
async def test_copies_of_a_button_are_told_apart_by_their_heading(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "install.html", "copy the pip command", True)
    assert await noted(page, "copied") == "with-pip"


@pytest.mark.parametrize("instruction", ["copy the command", "copy the install command"])
@_browser
async def test_copies_no_heading_tells_apart_stay_undone(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "install.html", instruction, False)
    assert await noted(page, "copied") == ""


@pytest.mark.parametrize(
    "instruction",
    ["dasselbe in den Bildern suchen", "chercher le même mot dans les images", "искать то же в изображениях"],
)
@_browser
async def test_the_same_words_searched_again_are_not_typed(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    report = await _act(page, pages, quiet, "people.html", instruction, False)
    assert report.steps[0].status != "done"
    assert await page.input_value("#q") == ""


@pytest.mark.parametrize(
    ("instruction", "words"),
    [
        ("rechercher varroa dans la doc", "varroa"),
        ("cerca varroa nella documentazione", "varroa"),
        ("busca varroa en la documentación", "varroa"),
        ("искать varroa в документации", "varroa"),
        ("search for docs", "docs"),
    ],
)
def test_the_documentation_searched_in_is_no_word_searched_for(instruction: str, words: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target, step.text) == ("type", "search", words)


@pytest.mark.parametrize(
    ("instruction", "target"),
    [("zurück zur Startseite", "Startseite"), ("retour à l'accueil", "accueil"), ("torna alla home", "home")],
)
def test_back_to_a_place_is_that_place(instruction: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == ("click", target)


@_browser
async def test_a_search_in_the_site_types_the_words_alone(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "people.html", "busca carol en el sitio", True)
    assert await page.input_value("#q") == "carol"


@_browser
async def test_back_to_a_start_page_the_page_lacks_is_no_previous_link(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "index_terms.html", "zurück zur Startseite", False)
    assert await noted(page, "link") == ""
