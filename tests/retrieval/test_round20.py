"""`act` round 20: words in one order, script or language, pages in another (our own pages in
``pages/ext24``).

A record's verb said last in German or Japanese ('B-1002 bearbeiten', 'B-1002 を編集') or first in
Chinese is the row's control, as in English; a noun before a record's code ('view order B-1001',
'Bestellung B-1003 ansehen') is the list's kind, not the control's name; 'view' is the control
titled "Ansehen" or "詳細"; a Latin word glued to Japanese is a word of its own ('GitHubで編集');
a Japanese or Chinese run of concept words and particles says just those ('次のページへ' is
"次へ"); a field and a button named alike take text in the field; a value after 'new', after
'put it on' and after 'add a note:' goes into the field so named; 'mark it paid' ticks "Dues
paid"; 'deactivate this member' clears "Active"; 'go back one page' is the pager's previous link;
'the page about X' is the link X names, and two links to one page are one choice; 'the question
about X' is the question with those words; 'create it' sends the form by its default button;
searches said in German, Chinese or Polish with where to search are searches of the words; a
record's code ('B-1002') names its row whole, so 'tick B-1002' ticks that row's box; a list's
option named with the list ('Class catamaran') is chosen, and so is an option of several words
whose list is named in another language ('Schiffsführer Tom Reed wählen'); one word of an
option with words nobody knows chooses nothing; 'zu Seite 3' and '25 pro Seite anzeigen' are the
pager's and the page-size menu's; 'get help' is "Getting help" (English -ing forms).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, act_on, noted
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.instructions import parse_instruction
from waypost.retrieval.text import said_unspaced, words

_browser = pytest.mark.asyncio(loop_scope="session")


async def _act(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, done: bool
) -> ActReport:
    return await act_on(page, pages, quiet, f"ext24/{file}", instruction, done)


@pytest.mark.parametrize(
    ("file", "instruction", "clicked"),
    [
        ("orders_de.html", "B-1002 bearbeiten", "/orders/2/edit;"),
        ("orders_de.html", "Bestellung B-1003 ansehen", "/orders/3/view;"),
        ("orders_de.html", "view order B-1001", "/orders/1/view;"),
        ("orders_de.html", "edit the order B-1003", "/orders/3/edit;"),
        ("orders_ja.html", "B-1002 を編集", "/orders/2/edit;"),
        ("orders_ja.html", "注文 B-1001 の詳細を見る", "/orders/1/view;"),
        ("orders_ja.html", "B-1003 を削除", "delete 3;"),
        ("orders_de.html", "click the Summe column header", "?sort=total;"),
    ],
)
@_browser
async def test_a_records_verb_in_any_order_is_the_rows_control(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize("instruction", ["B-1009 bearbeiten", "view order B-1009", "B-1009 を編集"])
@_browser
async def test_a_code_no_row_has_is_nothing_done(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    file = "orders_ja.html" if "を" in instruction else "orders_de.html"
    await _act(page, pages, quiet, file, instruction, False)
    assert await noted(page, "clicked") == ""


def test_chinese_and_japanese_record_verbs_read_as_english_ones() -> None:
    assert [(s.action, s.target, s.verb) for s in parse_instruction("编辑 B-1002")] == [
        ("click", "edit B-1002", "edit")
    ]
    assert [(s.action, s.target, s.verb) for s in parse_instruction("B-1002 を削除して")] == [
        ("click", "delete B-1002", "delete")
    ]
    # German 'löschen' also clears a field: it stays what it was
    assert parse_instruction("Kommentar löschen")[0].action == "clear"


def test_latin_words_glued_to_japanese_are_words_of_their_own() -> None:
    assert words("CSVでエクスポート") == ("csv", "でエクスポート")
    assert words("このページをGitHubで編集") == ("このページを", "github", "で編集")
    assert words("3行目にチェック") == ("3行目にチェック",)  # (a number stays with its counter)
    assert said_unspaced("次のページへ") == {"§next"}
    assert said_unspaced("このページを") == frozenset()
    assert said_unspaced("素焼きスケジュール") is None


@pytest.mark.parametrize(
    ("file", "instruction", "clicked"),
    [
        ("guide_zh.html", "下一页", "rigging.html;"),
        ("guide_zh.html", "返回上一页", "index.html;"),
        ("guide_zh.html", "跳到 Rigging", "rigging.html;"),
        ("guide_zh.html", "回到首页", "index.html;"),
        ("guide_ja.html", "次のページへ", "rigging.html;"),
        (
            "guide_ja.html",
            "このページをGitHubで編集",
            "https://github.com/example/sailbook/edit/main/install.md;",
        ),
        ("guide_ja.html", "On Linux の節を表示", "#on-linux;"),
        ("guide_en.html", "go back one page", "install.html;"),
        ("guide_en.html", "go on to the FAQ", "faq.html;"),
        ("guide_en.html", "open the page about installing", "install.html;"),
        ("guide_en.html", "where can I get help?", "#getting-help;"),
        ("guide_en.html", "how to reef a sail", "#reefing;"),
    ],
)
@_browser
async def test_docs_pagers_in_other_scripts(
    page: Page, pages: PageServer, quiet: Actor, file: str, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, file, instruction, True)
    assert await noted(page, "clicked") == clicked


@_browser
async def test_the_previous_page_said_in_japanese(page: Page, pages: PageServer, quiet: Actor) -> None:
    # ("前へ" in the pager: the previous page, never "次へ")
    await _act(page, pages, quiet, "guide_ja.html", "前のページへ", True)
    assert await noted(page, "clicked") == "index.html;"


@pytest.mark.parametrize(
    "instruction",
    [
        'look up "kim" and hit the Search button',
        "Search: kim",
        "search for kim",
        "suche auf der Seite nach kim",
        "Personen nach „kim“ durchsuchen",
        "在名单中搜索 kim",
        "wyszukaj w serwisie kim",
    ],
)
@_browser
async def test_text_goes_into_the_field_not_the_button_named_alike(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "people_list.html", instruction, True)
    assert await page.input_value("#q") == "kim"


@_browser
async def test_values_after_new_put_it_and_add_a_note(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(
        page, pages, quiet, "member_form.html", "new phone number 0161 555 0199 and street 9 Elm Road", True
    )
    assert await page.input_value("#m-phone") == "0161 555 0199"
    assert await page.input_value("#m-street") == "9 Elm Road"
    await _act(page, pages, quiet, "member_form.html", "put it in locker B7", True)
    assert await page.input_value("#m-locker") == "B7"
    await _act(page, pages, quiet, "member_form.html", "add a note: Prefers e-mail, not post", True)
    assert await page.input_value("#m-notes") == "Prefers e-mail, not post"


@pytest.mark.parametrize(
    ("instruction", "box", "checked"),
    [("mark it paid", "#m-paid", True), ("deactivate this member", "#m-active", False)],
)
@_browser
async def test_marking_and_deactivating_the_record_set_its_own_boxes(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, box: str, checked: bool
) -> None:
    await _act(page, pages, quiet, "member_form.html", instruction, True)
    assert await page.is_checked(box) is checked


@_browser
async def test_activating_a_record_already_active_is_already_so(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "member_form.html", "activate this member", False)
    assert report.steps[-1].status == "already", report.text
    assert await page.is_checked("#m-active")


@_browser
async def test_the_question_about_some_words_is_the_one_with_those_words(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _act(page, pages, quiet, "guide_en.html", "expand the question about two boats", True)
    assert await page.evaluate("[...document.querySelectorAll('details')].map(d => d.open)") == [True, False]


@pytest.mark.parametrize("instruction", ["create it", "add it"])
@_browser
async def test_creating_it_sends_the_form_by_its_default_button(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "new_boat.html", instruction, True)
    assert await noted(page, "sent") == "Save"


@pytest.mark.parametrize(
    ("instruction", "ticked"),
    [
        ("tick B-1002", "B-1002;"),
        ("select B-1001 and B-1003", "B-1001;B-1003;"),
        ("B-1003 auswählen", "B-1003;"),
    ],
)
@_browser
async def test_a_rows_box_is_found_by_the_rows_code(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, ticked: str
) -> None:
    await _act(page, pages, quiet, "orders_de.html", instruction, True)
    assert await noted(page, "ticked") == ticked
    assert await noted(page, "clicked") == ""


@_browser
async def test_a_code_no_row_has_ticks_nothing(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "orders_de.html", "tick B-1009", False)
    assert await noted(page, "ticked") == ""


@pytest.mark.parametrize(
    ("instruction", "field", "value"),
    [
        ("Class catamaran", "#b-class", "Catamaran"),
        ("choose class Keelboat", "#b-class", "Keelboat"),
        ("Schiffsführer Tom Reed wählen", "#b-skipper", "Tom Reed"),
        ("Skipper auf Ines Carvalho setzen", "#b-skipper", "Ines Carvalho"),
    ],
)
@_browser
async def test_an_option_named_with_its_list_in_any_language(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, field: str, value: str
) -> None:
    await _act(page, pages, quiet, "new_boat.html", instruction, True)
    assert await page.evaluate(f"document.querySelector('{field}').selectedOptions[0].text") == value


@pytest.mark.parametrize(
    "instruction", ["Bootsklasse Catamaran wählen", "move the boat to the Catamaran pool"]
)
@_browser
async def test_a_one_word_option_with_unknown_words_chooses_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "new_boat.html", instruction, False)
    assert await page.evaluate("document.querySelector('#b-class').value") == ""


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("zu Seite 3", "?page=3;"),
        ("zurück zu Seite 1", "?page=1;"),
        ("25 pro Seite anzeigen", "?size=25;"),
    ],
)
@_browser
async def test_a_lists_pages_said_in_german(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "pager_de.html", instruction, True)
    assert await noted(page, "clicked") == clicked


def test_rows_per_page_said_in_japanese_and_chinese_keep_the_pages_noun() -> None:
    assert parse_instruction("1ページに25件表示")[0].target == "show 25件 per ページ"
    assert parse_instruction("每页显示 25 条")[0].target == "show 25 per 页"


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("weiter", "pricing.html;"),
        ("zur nächsten Seite", "pricing.html;"),
        ("vorherige Seite", "intro.html;"),
        ("次のページ", "pricing.html;"),
    ],
)
@_browser
async def test_the_next_page_is_the_link_so_marked_not_a_section_named_next(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _act(page, pages, quiet, "chapters_de.html", instruction, True)
    assert await noted(page, "clicked") == clicked


@pytest.mark.parametrize(
    "instruction",
    ["suche «Bienen» und drücke Los", "buscar «Bienen» y pulsar Los", "chercher « Bienen » puis valider"],
)
@_browser
async def test_a_quoted_search_then_its_button_is_two_steps(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _act(page, pages, quiet, "chapters_de.html", instruction, True)
    assert await noted(page, "sent") == "Bienen"


@_browser
async def test_a_bootstrap_3_panel_already_open_is_not_toggled(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    report = await _act(page, pages, quiet, "panels_bs3.html", "expand Billing", False)
    assert report.steps[-1].status == "already", report.text
    assert await noted(page, "toggled") == ""
    await _act(page, pages, quiet, "panels_bs3.html", "expand Shipping", True)
    assert await noted(page, "toggled") == "Shipping;"
    await _act(page, pages, quiet, "panels_bs3.html", "collapse Billing", True)
    assert await noted(page, "toggled") == "Billing;"


@_browser
async def test_one_language_is_never_another(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _act(page, pages, quiet, "lang_menu.html", "switch to English", False)
    assert await noted(page, "clicked") == ""
    await _act(page, pages, quiet, "lang_menu.html", "switch to Deutsch", True)
    assert await noted(page, "clicked") == "/lang/de;"
