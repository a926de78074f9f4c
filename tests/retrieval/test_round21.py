"""`act` round 21: languages by any of their names, and selectors checked by the page itself (our
own pages in ``pages/ext25``).

A change of the page's language said in any language ('Sprache auf Deutsch umstellen', 'přepnout
do angličtiny', '切换到中文', 'cambiar el idioma a polaco') chooses that language, by any of its
names (CLDR's, in 42 languages), in a menu of links behind a flag or in a native list; a language
the page does not offer, or the one it shows, is not chosen. 'the language menu' is a menu of
languages whatever its button shows. Validation checks a CSS selector with the page's own
``querySelectorAll`` only where that finds what Playwright's engine finds (no shadow root).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.instructions import parse_instruction
from waypost.retrieval.inventory import collect
from waypost.retrieval.selectors import Selector
from waypost.retrieval.text import language_of
from waypost.retrieval.validation import validate

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext25/{file}", instruction, done)


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("japanisch", "ja"),
        ("日本語", "ja"),
        ("japanese", "ja"),
        ("chinois", "zh"),
        ("英文", "en"),
        ("немецкий", "de"),
        ("japonštinu", "ja"),  # Czech accusative
        ("češtiny", "cs"),  # Czech genitive
        ("polsku", "pl"),  # Polish 'po polsku'
        ("germany", None),  # a country
        ("save", None),
        ("polite", None),
    ],
)
def test_a_language_by_any_of_its_names(word: str, code: str | None) -> None:
    assert language_of(word) == code


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("Sprache auf Deutsch umstellen", "/?hl=de;"),
        ("přepnout do angličtiny", "/?hl=en;"),
        ("切换到中文", "/?hl=zh;"),
        ("cambiar el idioma a polaco", "/?hl=pl;"),
        ("переключить язык на русский", "/?hl=ru;"),
        ("passer l'interface en espagnol", "/?hl=es;"),
        ("英語に切り替える", "/?hl=en;"),
    ],
)
@_browser
async def test_a_language_said_in_any_language_is_chosen_from_a_flag_menu(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "lang_switch.html", instruction, True)
    assert await noted(page, "opened") == "langs;"
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    "instruction",
    ["switch to Czech", "la interfaz en italiano", "Sprache auf Japanisch umstellen"],
)
@_browser
async def test_a_language_the_menu_does_not_offer_is_not_chosen(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "lang_switch.html", instruction, False)
    assert await noted(page, "clicked") == ""


@_browser
async def test_the_language_menu_is_the_menu_of_languages(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "lang_switch.html", "open the language menu", True)
    assert await noted(page, "opened") == "langs;"
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "value"),
    [
        ("Sprache auf Japanisch umstellen", "ja"),
        ("change the language to French", "fr"),
        ("passer l'interface en tchèque", "cs"),
        ("přepnout do němčiny", "de"),
    ],
)
@_browser
async def test_a_language_said_in_any_language_is_chosen_in_a_list(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, value: str
) -> None:
    await _act(page, pages, quiet, "lang_select.html", instruction, True)
    assert await page.input_value("#ui-lang") == value
    assert await noted(page, "clicked") == ""


@_browser
async def test_a_language_already_shown_is_already_chosen(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "lang_select.html", "言語を英語に", False)
    assert report.steps[-1].status == "already", report.text
    assert await page.input_value("#ui-lang") == "en"


@_browser
async def test_a_link_named_for_a_language_is_that_language(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "lang_select.html", "auf Koreanisch wechseln", True)
    assert await noted(page, "clicked") == "/ko/;"


@pytest.mark.parametrize("file", ["lang_select.html", "shadow_twins.html"])
@_browser
async def test_a_css_selector_is_checked_as_playwright_finds_it(
    page: Page, pages: PageServer, file: str
) -> None:
    await page.goto(pages.url_for(f"ext25/{file}"))
    await collect(page)  # the inventory that says whether the page has shadow roots
    for css in ("#ui-lang", "button", "button.go", "a", "select > option", "h1", "#nothing", "p > a"):
        seen = await page.locator(f"css={css}").count()
        v = await validate(page, Selector("path", css))
        assert v.count == seen, (css, v)


@pytest.mark.parametrize(
    "instruction",
    ["tout sélectionner", "alle Zeilen markieren", "全选", "seleccionar todas las filas", "すべて選択",
     "select all volunteers on this page"],
)  # fmt: skip
@_browser
async def test_all_rows_said_in_any_language_tick_the_nameless_box_for_all(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    report = await _act(page, pages, quiet, "roster.html", instruction, True)
    assert await page.is_checked("#cb-select-all-1"), report.text
    assert "a checkbox" in report.text  # (named by its kind, not by its selector alone)
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("ordenar por nombre", "?sort=name;"),
        ("trier par e-mail", "?sort=email;"),
        ("nach Name sortieren", "?sort=name;"),
        ("名前で並べ替え", "?sort=name;"),
        ("按邮箱排序", "?sort=email;"),
    ],
)
@_browser
async def test_sorting_said_in_any_language_by_a_column_named_in_another(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "roster.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@_browser
async def test_sorting_by_a_column_without_a_way_to_sort_does_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "roster.html", "nach Schicht sortieren", False)
    await _act(page, pages, quiet, "roster.html", "sort by shift", False)
    assert await noted(page, "clicked") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("jump to the letter K", "#K;"),
        ("zum Buchstaben M", "#M;"),
        ("písmeno R", "#R;"),
        ("la lettre B", "#B;"),
        ("go to the letter Z", "#Z;"),
        ("the letter Q", ""),  # no entries under Q: no link
    ],
)
@_browser
async def test_an_index_letter_is_named_by_the_letter(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "az_index.html", instruction, bool(clicked))
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("previous page", "setup.html;"),
        ("back to the previous page", "setup.html;"),
        ("vorherige Seite", "setup.html;"),
        ("page précédente", "setup.html;"),
        ("next page", "usage.html;"),
        ("nächste Seite", "usage.html;"),
        ("next chapter", "usage.html;"),  # the side bar's link so titled, of the two to usage.html
    ],
)
@_browser
async def test_the_previous_or_next_document_is_the_link_its_title_marks(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "doc_prev.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    ("instruction", "action", "target"),
    [
        ("otevřít rejstřík", "click", "rejstřík"),
        ("zobrazit koncerty", "click", "koncerty"),
        ("kliknout na Uložit", "click", "Uložit"),
        ("zaškrtnout Aktivní", "check", "Aktivní"),
    ],
)
def test_czech_verbs_in_the_infinitive(instruction: str, action: str, target: str) -> None:
    (step,) = parse_instruction(instruction)
    assert (step.action, step.target) == (action, target)


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("it starts on 2026-12-19 at 18:30", "#starts", "2026-12-19 18:30"),  # its picker's "Y-m-d H:i"
        ("ends 19 Dec 2026, 21:00", "#ends", "2026-12-19 21:00"),  # its placeholder's form
        ("raise the price to 25.00", "#price", "25.00"),
        ("lower the price to 5.50", "#price", "5.50"),
    ],
)
@_browser
async def test_a_date_and_time_in_the_form_the_picker_declares_and_values_raised(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "event_form.html", instruction, True)
    assert await page.input_value(field) == value


@_browser
async def test_moving_it_with_nothing_it_names_does_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "event_form.html", "move it to Friday", False)
    assert [await page.input_value(s) for s in ("#starts", "#ends", "#price")] == ["", "", "12.00"]


@pytest.mark.parametrize(
    "instruction",
    ["显示源代码", "mostrar el código fuente", "ukázat zdroj", "Quelltext anzeigen", "view the source"],
)
@_browser
async def test_the_pages_source_said_in_any_language(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "doc_prev.html", instruction, True)
    assert await noted(page, "clicked") == "_sources/troubleshooting.rst.txt;"


@_browser
async def test_a_panel_is_named_by_its_toggle(page: Page, pages: PageServer, quiet: Actor) -> None:
    report = await act_on(page, pages, quiet, "ext24/panels_bs3.html", "expand the billing panel", False)
    assert report.steps[-1].status == "already", report.text  # (Billing is open)
    await act_on(page, pages, quiet, "ext24/panels_bs3.html", "open the shipping panel", True)
    assert await noted(page, "toggled") == "Shipping;"


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [("nächstes Kapitel", "erste-schritte.html;"), ("vorheriges Kapitel", "index.html;")],
)
@_browser
async def test_a_document_said_as_a_links_title_among_links_to_it(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "doc_de.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    "instruction",
    ["Login ruth, Passwort alto-voice", "login ruth, heslo alto-voice", "login ruth, 密码 alto-voice"],
)
@_browser
async def test_a_password_by_its_label_in_another_language(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "sign_in.html", instruction, True)
    assert [await page.input_value(s) for s in ("#login", "#pw")] == ["ruth", "alto-voice"]
    assert await noted(page, "sent") == ""


@pytest.mark.parametrize(("instruction", "clicked"), [("go back", "/previous;"), ("go home", "/;")])
@_browser
async def test_going_back_or_home_is_the_link_so_named(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "sign_in.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@_browser
async def test_all_of_a_kind_the_list_is_not_ticks_nothing(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "roster.html", "select all comments on this page", False)
    assert not await page.is_checked("#cb-select-all-1")
    assert await page.evaluate("[...document.querySelectorAll('tbody input:checked')].length") == 0


@_browser
async def test_the_pages_own_language_is_already_chosen(page: Page, pages: PageServer, quiet: Actor) -> None:
    report = await _act(page, pages, quiet, "lang_all.html", "Sprache auf Deutsch umstellen", False)
    assert report.steps[-1].status == "already", report.text
    assert await noted(page, "clicked") == ""
    await _act(page, pages, quiet, "lang_all.html", "passer l'interface en anglais", True)
    assert await noted(page, "clicked") == "?lang=en;"


@_browser
async def test_a_number_field_holding_the_number_already_holds_it(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "event_form.html", "seats 40", False)
    assert report.steps[-1].status == "already", report.text
    assert await page.input_value("#seats") == "40.00"
    await _act(page, pages, quiet, "event_form.html", "seats 45", True)
    assert await page.input_value("#seats") == "45"
