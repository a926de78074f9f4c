"""Values in other languages, through ``act`` in real Chromium: numbers in words, the words for
'as' and 'and', and dates written in words.

Each language has an order form (``pages/lang2/order_<code>.html``: first and last name, company,
nickname, a quantity that is a number input, a spin button or a list, an arrival date that is a
native date input or a text field with its placeholder format, a city list, a genre list with
"Rock and Roll", "Rock" and "Roll"). Every test checks every field: what was asked changed, and
nothing else did.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")

_FIELDS = ("first", "last", "company", "nick", "qty", "arrival", "city", "genre")
_START = {
    "first": "",
    "last": "",
    "company": "",
    "nick": "",
    "qty": "1",
    "arrival": "",
    "city": "",
    "genre": "",
}


async def _run(
    page: Page, pages: PageServer, actor: Actor, code: str, instruction: str
) -> tuple[bool, str, dict]:
    await page.goto(pages.url_for(f"lang2/order_{code}.html"))
    report = await actor.act(page, instruction)
    values = {f: await page.input_value(f"#{f}") for f in _FIELDS}
    return report.ok, report.text, values


async def _expect(
    page: Page, pages: PageServer, actor: Actor, code: str, instruction: str, changed: dict[str, str]
) -> None:
    ok, text, values = await _run(page, pages, actor, code, instruction)
    assert ok, text
    assert values == {**_START, **changed}, text


# -- 1. numbers in words, for fields that take numbers -------------------------------------------

_NUMBERS = [
    ("en", "set the number of tickets to four", "4"),  # number input
    ("de", "setze Anzahl Tickets auf vier", "4"),  # spin button
    ("de", "setze Anzahl Tickets auf 4", "4"),
    ("de", "Stellen Sie die Anzahl Tickets auf zwölf ein", "12"),
    ("zh", "把购买数量设为三", "3"),
    ("zh", "把购买数量设为 3", "3"),
    ("cs", "nastav počet na pět", "5"),
    ("fr", "mets la quantité à deux", "2"),
    ("fr", "réglez la quantité sur vingt-cinq", "25"),
    ("es", "pon la cantidad en tres", "3"),  # a list of 1..10
    ("it", "imposta la quantità a due", "2"),
    ("pl", "ustaw ilość na trzy", "3"),
    ("ja", "数量を3に設定", "3"),
    ("ja", "数量を三つに設定してください", "3"),
    ("nl", "zet het aantal op zeven", "7"),
    ("ru", "установите количество на пять", "5"),
]


@pytest.mark.parametrize(("code", "instruction", "qty"), _NUMBERS)
async def test_a_number_in_words_sets_a_quantity(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, qty: str
) -> None:
    await _expect(page, pages, quiet, code, instruction, {"qty": qty})


@pytest.mark.parametrize(
    ("code", "instruction", "changed"),
    [
        # a text field takes the words as written
        ("en", "set the nickname to four", {"nick": "four"}),
        ("de", "setze Spitzname auf Vier", {"nick": "Vier"}),
        ("pl", "wpisz trzy w pole Pseudonim", {"nick": "trzy"}),
    ],
)
async def test_a_number_word_for_a_text_field_is_typed_as_written(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, changed: dict[str, str]
) -> None:
    await _expect(page, pages, quiet, code, instruction, changed)


async def test_words_that_are_not_a_number_are_not_put_into_a_number_field(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    ok, text, values = await _run(page, pages, quiet, "en", "set the number of tickets to the one below")
    assert not ok, text
    assert values == _START


# -- 2. the words for 'as' when choosing -----------------------------------------------------------

_AS = [
    ("pl", "Wybierz 18/09/2025 jako datę przyjazdu", {"arrival": "2025-09-18"}),  # native date input
    ("it", "Scegli il 18/09/2025 come data di arrivo", {"arrival": "18/09/2025"}),
    ("es", "Elige 18/09/2025 como fecha de llegada", {"arrival": "18/09/2025"}),
    ("fr", "Choisissez le 18/09/2025 comme date d'arrivée", {"arrival": "18/09/2025"}),
    ("cs", "Zvolte 18. 9. 2025 jako datum příjezdu", {"arrival": "18.09.2025"}),
    ("nl", "Kies 18-09-2025 als aankomstdatum", {"arrival": "18-09-2025"}),
    ("de", "Wähle 18.09.2025 als Anreisedatum", {"arrival": "18.09.2025"}),
    ("ru", "Выберите 18.09.2025 в качестве даты прибытия", {"arrival": "18.09.2025"}),
    ("zh", "选择 2025-09-18 作为到达日期", {"arrival": "2025-09-18"}),
    ("ja", "到着日として2025/09/18を選択", {"arrival": "2025/09/18"}),
    ("pl", "Wybierz Kraków jako miasto", {"city": "Kraków"}),
    ("fr", "choisissez Lyon comme ville", {"city": "Lyon"}),
    ("it", "scegli Milano come città", {"city": "Milano"}),
    ("pl", 'Wybierz "Rock and Roll" jako gatunek', {"genre": "Rock and Roll"}),
]


@pytest.mark.parametrize(("code", "instruction", "changed"), _AS)
async def test_the_word_for_as_names_the_field(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, changed: dict[str, str]
) -> None:
    await _expect(page, pages, quiet, code, instruction, changed)


# -- 3. several values joined by the language's 'and' ----------------------------------------------

_AND = [
    ("pl", "Wpisz Jan w pole Imię i Kowalski w pole Nazwisko", {"first": "Jan", "last": "Kowalski"}),
    ("cs", "zadejte Jan do pole Jméno a Novák do pole Příjmení", {"first": "Jan", "last": "Novák"}),
    ("fr", "saisissez Marie dans Prénom et Curie dans Nom", {"first": "Marie", "last": "Curie"}),
    ("es", "escriba Juan en Nombre y Pérez en Apellido", {"first": "Juan", "last": "Pérez"}),
    ("it", "inserisci Mario nel campo Nome e Rossi nel campo Cognome", {"first": "Mario", "last": "Rossi"}),
    ("nl", "typ Jan in Voornaam en Jansen in Achternaam", {"first": "Jan", "last": "Jansen"}),
    ("de", "Geben Sie Hans in Vorname und Müller in Nachname ein", {"first": "Hans", "last": "Müller"}),
    ("ru", "введите Иван в поле Имя и Петров в поле Фамилия", {"first": "Иван", "last": "Петров"}),
    ("zh", "在名中输入芳和在姓中输入王", {"first": "芳", "last": "王"}),
    ("ja", "名に太郎、姓に山田を入力してください", {"first": "太郎", "last": "山田"}),
    ("ja", "名に太郎と姓に山田を入力", {"first": "太郎", "last": "山田"}),
    ("pl", "Wybierz Kraków jako miasto i Jazz jako gatunek", {"city": "Kraków", "genre": "Jazz"}),
    # an 'and' that does not join two values and fields stays in the value
    ("pl", "Wpisz Procter i Gamble w pole Firma", {"company": "Procter i Gamble"}),
    ("fr", 'saisissez "Dupont et fils" dans Société', {"company": "Dupont et fils"}),
    ("en", "type Procter & Gamble into Company", {"company": "Procter & Gamble"}),
    ("de", 'wähle "Rock and Roll" aus Genre', {"genre": "Rock and Roll"}),
]


@pytest.mark.parametrize(("code", "instruction", "changed"), _AND)
async def test_several_values_joined_by_and(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, changed: dict[str, str]
) -> None:
    await _expect(page, pages, quiet, code, instruction, changed)


# -- 4. dates in words, in the field's format ------------------------------------------------------

_DATES = [
    ("cs", "Zvolte 18. září 2025 jako datum příjezdu", {"arrival": "18.09.2025"}),
    ("fr", "Choisissez le 18 septembre 2025 comme date d'arrivée", {"arrival": "18/09/2025"}),
    ("es", "Elige el 18 de septiembre de 2025 como fecha de llegada", {"arrival": "18/09/2025"}),
    ("it", "inserisci 18 settembre 2025 nel campo Data di arrivo", {"arrival": "18/09/2025"}),
    ("pl", "Wybierz 18 września 2025 r. jako datę przyjazdu", {"arrival": "2025-09-18"}),
    ("ru", "Выберите 18 сентября 2025 г. в качестве даты прибытия", {"arrival": "18.09.2025"}),
    ("de", "Wähle Donnerstag, 18. September 2025 als Anreisedatum", {"arrival": "18.09.2025"}),
    ("nl", "Kies 18 september 2025 als aankomstdatum", {"arrival": "18-09-2025"}),
    ("zh", "选择2025年9月18日作为到达日期", {"arrival": "2025-09-18"}),
    ("ja", "到着日に2025年9月18日を入力", {"arrival": "2025/09/18"}),
    ("en", "enter the 18th of September 2025 as the arrival date", {"arrival": "2025-09-18"}),
]


@pytest.mark.parametrize(("code", "instruction", "changed"), _DATES)
async def test_a_date_in_words_is_typed_in_the_field_format(
    page: Page, pages: PageServer, quiet: Actor, code: str, instruction: str, changed: dict[str, str]
) -> None:
    await _expect(page, pages, quiet, code, instruction, changed)
