"""Parsing of values in other languages, without a browser: numbers in words, 'set X to N', the
words for 'as' and 'and', and dates written in words."""

from __future__ import annotations

import pytest

from waypost.retrieval.instructions import Step, parse_instruction
from waypost.retrieval.number_words import number_value
from waypost.retrieval.options import best_option
from waypost.retrieval.values import date_readings, for_field


@pytest.mark.parametrize(
    ("text", "lang", "digits"),
    [
        ("four", "en", "4"),
        ("twenty-one", "", "21"),
        ("Vier", "de", "4"),
        ("fünfundzwanzig", "", "25"),
        ("vingt et un", "fr", "21"),
        ("soixante-douze", "", "72"),
        ("veinticinco", "es", "25"),
        ("ventitré", "it", "23"),
        ("vinte e cinco", "pt", "25"),
        ("vijfentwintig", "nl", "25"),
        ("dwadzieścia pięć", "pl", "25"),
        ("pětadvacet", "cs", "25"),
        ("двадцать пять", "ru", "25"),
        ("三", "zh", "3"),
        ("二十五", "", "25"),
        ("两", "zh", "2"),
        ("3张", "zh", "3"),
        ("三つ", "ja", "3"),
        ("세", "ko", "3"),
        ("이", "ko", "2"),
    ],
)
def test_numbers_in_words(text: str, lang: str, digits: str) -> None:
    assert number_value(text, lang) == digits


@pytest.mark.parametrize("text", ["the one below", "one more", "4", "Tickets", "zwei Tickets", "first", "이"])
def test_what_is_not_a_number_in_words(text: str) -> None:
    assert number_value(text) is None


def test_the_field_decides_whether_words_become_digits() -> None:
    assert for_field("vier", "number", lang="de") == "4"
    assert for_field("vier", "text", role="spinbutton", lang="de") == "4"
    assert for_field("vier", "text", lang="de") == "vier"
    assert for_field("the one below", "number") == "the one below"
    # a list of numbers takes the digits; a list that names the word keeps it
    assert best_option("trois", [("1", "1"), ("2", "2"), ("3", "3")]) == 2
    assert best_option("Three", [("One", "1"), ("Three", "3")]) == 1


@pytest.mark.parametrize(
    ("instruction", "steps"),
    [
        # set X to N
        ("setze Anzahl Tickets auf vier", [Step("type", "Anzahl Tickets", "vier")]),
        ("stelle die Menge auf drei ein", [Step("type", "Menge", "drei")]),
        ("setze einen Haken bei AGB", [Step("check", "AGB")]),
        ("nastav počet na pět", [Step("type", "počet", "pět")]),
        ("mets la quantité à deux", [Step("type", "quantité", "deux")]),
        ("pon la cantidad en tres", [Step("type", "cantidad", "tres")]),
        ("imposta la quantità a due", [Step("type", "quantità", "due")]),
        ("ustaw ilość na trzy", [Step("type", "ilość", "trzy")]),
        ("stel het aantal in op drie", [Step("type", "aantal", "drie")]),
        ("把购买数量设为三", [Step("type", "购买数量", "三")]),
        ("数量を3に設定してください", [Step("type", "数量", "3")]),
        ("수량을 3으로 설정하세요", [Step("type", "수량", "3")]),
        # as
        ("Wybierz Kraków jako miasto", [Step("select", "miasto", "Kraków")]),
        ("Elige 18/09/2025 como fecha de llegada", [Step("select", "fecha de llegada", "18/09/2025")]),
        ("Choisissez le 18/09/2025 comme date d'arrivée", [Step("select", "date d'arrivée", "18/09/2025")]),
        ("Wybierz 18/09/2025 jako datę przyjazdu", [Step("select", "data przyjazdu", "18/09/2025")]),
        ("选择 2025-09-18 作为到达日期", [Step("select", "到达日期", "2025-09-18")]),
        ("到着日として2025/09/18を選択", [Step("select", "到着日", "2025/09/18")]),
        ("2025-09-18을 도착일로 선택하세요", [Step("select", "도착일", "2025-09-18")]),
        # and
        (
            "Wpisz Jan w pole Imię i Kowalski w pole Nazwisko",
            [Step("type", "field Imię", "Jan"), Step("type", "field Nazwisko", "Kowalski")],
        ),
        (
            "Wybierz Kraków jako miasto i małopolskie jako województwo",
            [Step("select", "miasto", "Kraków"), Step("select", "województwo", "małopolskie")],
        ),
        ("在名中输入芳和在姓中输入王", [Step("type", "名", "芳"), Step("type", "姓", "王")]),
        ("在姓名中输入王芳并点击提交", [Step("type", "姓名", "王芳"), Step("click", "提交")]),
        ("姓に山田、名に太郎を入力", [Step("type", "姓", "山田"), Step("type", "名", "太郎")]),
        ("성에 김, 이름에 민준을 입력하세요", [Step("type", "성", "김"), Step("type", "이름", "민준")]),
        # an 'and' that does not join a value and a field each stays in the value or the name
        ("Wpisz Procter i Gamble w pole Firma", [Step("type", "field Firma", "Procter i Gamble")]),
        ("Wpisz Jan w pole Imię i nazwisko", [Step("type", "field Imię i nazwisko", "Jan")]),
        ('Wpisz "Rock i Roll" w pole Gatunek', [Step("type", "field Gatunek", "Rock i Roll")]),
        ("名前に山と川を入力", [Step("type", "名前", "山と川")]),
        # dates in words lose their article
        (
            "Choisissez le 18 septembre 2025 comme date d'arrivée",
            [Step("select", "date d'arrivée", "18 septembre 2025")],
        ),
    ],
)
def test_values_in_other_languages(instruction: str, steps: list[Step]) -> None:
    assert parse_instruction(instruction) == steps


@pytest.mark.parametrize(
    "text",
    [
        "18. září 2025",
        "le 18 septembre 2025",
        "el 18 de septiembre del 2025",
        "18 września 2025 r.",
        "18 сентября 2025 г.",
        "18 сентября 2025 года",
        "the 18th of September 2025",
        "jeudi 18 septembre 2025",
        "Donnerstag, 18. September 2025",
        "18 zari 2025",
        "2025年9月18日（周四）",
        "2025년 9월 18일",
    ],
)
def test_dates_in_words(text: str) -> None:
    assert [d.isoformat() for d in date_readings(text)] == ["2025-09-18"]


def test_a_word_date_goes_into_the_field_format() -> None:
    assert for_field("18. září 2025", "text", "dd.mm.rrrr", lang="cs") == "18.09.2025"
    assert for_field("le 18 septembre 2025", "date", lang="fr") == "2025-09-18"
    assert for_field("2025年9月18日", "text", "年/月/日", lang="ja") == "2025/09/18"
