"""Instructions in other languages and dates in the format a field takes, in real Chromium.

Each language gets a small registration form of its own (``pages/lang/form_<code>.html``) with a
named text field, a list, two checkboxes and two buttons; each test checks what happened on the page.
Dates: day-first and month-first pages, placeholders, patterns and native inputs
(``pages/lang/dates_*.html``).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")


# code: (type, typed value, select, option, check, click, type-then-click)
_CASES: dict[str, tuple[str, str, str, str, str, str, str]] = {
    "cs": ('zadejte "Jan" do pole Jméno', "Jan", "vyberte Slovensko ze seznamu Země", "Slovensko",
           "zaškrtněte Souhlasím s podmínkami", "klikněte na tlačítko Odeslat",
           "zadejte Jan do pole Jméno a klikněte na Odeslat"),
    "fr": ('saisissez "Marie" dans le champ Prénom', "Marie", "sélectionnez Belgique dans la liste Pays",
           "Belgique", "cochez la case J'accepte les conditions", "cliquez sur le bouton Envoyer",
           "saisir Marie dans Prénom puis cliquer sur Envoyer"),
    "zh": ('在姓名中输入"王芳"', "王芳", "在国家中选择日本", "日本", "勾选同意条款", "点击提交按钮",
           "在姓名输入框中输入王芳，然后点击提交"),
    "ja": ("名前に「太郎」を入力", "太郎", "国から韓国を選択", "韓国", "利用規約に同意するをチェック",
           "送信ボタンをクリック", "名前に太郎を入力して、送信をクリックしてください"),
    "es": ('escriba "Juan" en el campo Nombre', "Juan", "seleccione México en la lista País", "México",
           "marque la casilla Acepto las condiciones", "haga clic en el botón Enviar",
           "escribe Juan en Nombre y haz clic en Enviar"),
    "de": ('gib "Hans" in das Feld Vorname ein', "Hans", "wähle Österreich aus Land", "Österreich",
           "kreuze Ich stimme zu an", "klicke auf die Schaltfläche Absenden",
           "gib Hans in Vorname ein und klicke auf Absenden"),
    "pl": ('wpisz "Jan" w pole Imię', "Jan", "wybierz Czechy z listy Kraj", "Czechy",
           "zaznacz Akceptuję regulamin", "kliknij przycisk Wyślij",
           "wpisz Jan w pole Imię i kliknij Wyślij"),
    "it": ('inserisci "Mario" nel campo Nome', "Mario", "seleziona Svizzera dall'elenco Paese", "Svizzera",
           "spunta Accetto le condizioni", "clicca sul pulsante Invia",
           "inserisci Mario nel campo Nome e clicca su Invia"),
    "pt": ('digite "Ana" no campo Nome', "Ana", "selecione Portugal na lista País", "Portugal",
           "marque Aceito os termos", "clique no botão Enviar",
           "digite Ana no campo Nome e clique em Enviar"),
    "nl": ('typ "Jan" in het veld Naam', "Jan", "kies België uit de lijst Land", "België",
           "vink Ik ga akkoord aan", "klik op de knop Verzenden", "typ Jan in Naam en klik op Verzenden"),
    "ru": ('введите "Иван" в поле Имя', "Иван", "выберите Казахстан из списка Страна", "Казахстан",
           "отметьте Я согласен с условиями", "нажмите кнопку Отправить",
           "введите Иван в поле Имя и нажмите Отправить"),
    "ko": ('이름에 "민준"을 입력하세요', "민준", "국가에서 일본을 선택하세요", "일본",
           "약관에 동의합니다를 체크하세요", "제출 버튼을 클릭하세요",
           "이름에 민준을 입력하고 제출을 클릭하세요"),
}  # fmt: skip

_LANGS = sorted(_CASES)


async def _form(page: Page, pages: PageServer, code: str) -> None:
    await page.goto(pages.url_for(f"lang/form_{code}.html"))


async def _done(page: Page, element_id: str) -> bool:
    return await page.get_attribute(f"#{element_id}", "data-done") == "1"


@pytest.mark.parametrize("code", _LANGS)
async def test_type_into_a_named_field(page: Page, pages: PageServer, quiet: Actor, code: str) -> None:
    await _form(page, pages, code)
    instruction, value = _CASES[code][0], _CASES[code][1]
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.input_value("#name") == value


@pytest.mark.parametrize("code", _LANGS)
async def test_select_an_option_from_a_named_list(
    page: Page, pages: PageServer, quiet: Actor, code: str
) -> None:
    await _form(page, pages, code)
    instruction, option = _CASES[code][2], _CASES[code][3]
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.eval_on_selector("#country", "s => s.selectedOptions[0].text") == option


@pytest.mark.parametrize("code", _LANGS)
async def test_check_a_named_checkbox(page: Page, pages: PageServer, quiet: Actor, code: str) -> None:
    await _form(page, pages, code)
    report = await quiet.act(page, _CASES[code][4])
    assert report.ok, report.text
    assert await page.is_checked("#agree")
    assert not await page.is_checked("#news")


@pytest.mark.parametrize("code", _LANGS)
async def test_click_a_button_named_with_its_kind(
    page: Page, pages: PageServer, quiet: Actor, code: str
) -> None:
    await _form(page, pages, code)
    report = await quiet.act(page, _CASES[code][5])
    assert report.ok, report.text
    assert await _done(page, "send")
    assert not await _done(page, "cancel")


@pytest.mark.parametrize("code", _LANGS)
async def test_type_then_click_in_one_sentence(
    page: Page, pages: PageServer, quiet: Actor, code: str
) -> None:
    await _form(page, pages, code)
    report = await quiet.act(page, _CASES[code][6])
    assert report.ok, report.text
    assert len(report.steps) == 2
    assert await page.input_value("#name") == _CASES[code][1]
    assert await _done(page, "send")
    assert not await _done(page, "cancel")


async def test_german_in_the_polite_form(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _form(page, pages, "de")
    report = await quiet.act(page, 'Geben Sie "Hans" in das Feld Vorname ein und klicken Sie auf Absenden')
    assert report.ok, report.text
    assert await page.input_value("#name") == "Hans"
    assert await _done(page, "send")
    report = await quiet.act(page, "Wählen Sie Österreich aus der Liste Land aus")
    assert report.ok, report.text
    assert await page.eval_on_selector("#country", "s => s.selectedOptions[0].text") == "Österreich"


@pytest.mark.parametrize(
    "instruction",
    [
        "klikněte na tlačítko Smazat účet",  # no such button
        "pošlete formulář hned",  # a verb the tables do not know
        "cliquez sur le bouton Supprimer",
        "削除ボタンをクリック",
    ],
)
async def test_what_cannot_be_read_or_found_does_nothing(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _form(page, pages, "cs" if instruction[0] in "kp" else "fr" if instruction[0] == "c" else "ja")
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert not await _done(page, "send")
    assert not await _done(page, "cancel")
    assert not await _done(page, "help")


# -- dates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page_name", "instruction", "expected"),
    [
        # the placeholder decides the format; the instruction's language how the date is read
        ("dates_fr.html", "saisissez 10/11/2011 dans le champ Date d'arrivée", "10/11/2011"),
        ("dates_fr.html", "Enter 10/11/2011 as the date", "11/10/2011"),
        ("dates_de_placeholder.html", "gib 2011-11-10 in Wunschtermin ein", "10.11.2011"),
        ("dates_cs.html", "zadejte 10/11/2011 do pole Datum", "10.11.2011"),
        ("dates_gb.html", "Enter 2011-10-11 as the arrival date", "11/10/2011"),
        ("dates_ja.html", "日付に2011-11-10を入力", "2011/11/10"),
        # no placeholder: the page's language decides the format
        ("dates_de.html", "gib 10/11/2011 in Datum ein", "10.11.2011"),
        ("dates_de.html", "Enter 10/11/2011 as the date", "11.10.2011"),
        ("dates_us.html", "Enter 10/11/2011 as the arrival date", "10/11/2011"),
        ("dates_us.html", "saisissez 10/11/2011 dans Arrival date", "11/10/2011"),
        # a pattern attribute
        ("dates_pattern.html", "Enter 10/11/2011 as the arrival date", "2011-10-11"),
        ("dates_pattern.html", "gib 10/11/2011 in Arrival date ein", "2011-11-10"),
        # native inputs take ISO values
        ("dates_native.html", "gib 10/11/2011 in Datum ein", "2011-11-10"),
        ("dates_native.html", "Enter 10/11/2011 as the Datum", "2011-10-11"),
    ],
)
async def test_dates_in_the_format_of_the_field(
    page: Page, pages: PageServer, quiet: Actor, page_name: str, instruction: str, expected: str
) -> None:
    await page.goto(pages.url_for(f"lang/{page_name}"))
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await page.input_value("#d") == expected


async def test_native_datetime_week_and_month(page: Page, pages: PageServer, quiet: Actor) -> None:
    await page.goto(pages.url_for("lang/dates_native.html"))
    report = await quiet.act(page, "Enter 10/11/2011 8:04 PM as the Beginn")
    assert report.ok, report.text
    assert await page.input_value("#dt") == "2011-10-11T20:04"
    report = await quiet.act(page, "type 2011-10-11 into Woche")
    assert report.ok, report.text
    assert await page.input_value("#w") == "2011-W41"
    report = await quiet.act(page, "gib 10/11/2011 in Monat ein")
    assert report.ok, report.text
    assert await page.input_value("#mo") == "2011-11"


async def test_a_date_nothing_decides_is_unsure(page: Page, pages: PageServer, quiet: Actor) -> None:
    # A Japanese instruction (year first) on a Japanese page: 10/11/2011 may be either; nothing typed.
    await page.goto(pages.url_for("lang/dates_ja.html"))
    report = await quiet.act(page, "日付に10/11/2011を入力")
    assert not report.ok
    assert report.steps[-1].status == "unsure", report.text
    assert "2011-10-11" in report.text and "2011-11-10" in report.text
    assert await page.input_value("#d") == ""
