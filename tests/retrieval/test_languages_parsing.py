"""Parsing of instructions in other languages and date formats, without a browser."""

from __future__ import annotations

import pytest

from waypost.retrieval.instructions import Step, parse_instruction
from waypost.retrieval.values import AmbiguousDate, for_field


@pytest.mark.parametrize(
    ("instruction", "steps", "lang"),
    [
        ("klikněte na tlačítko Odeslat", [Step("click", "button Odeslat")], "cs"),
        (
            "zadejte Jan do pole Jméno a potom klikněte na Odeslat",
            [Step("type", "field Jméno", "Jan"), Step("click", "Odeslat")],
            "cs",
        ),
        ("vyberte Praha ze seznamu Město", [Step("select", "list Město", "Praha")], "cs"),
        ("zaškrtněte Souhlasím", [Step("check", "Souhlasím")], "cs"),
        ("cliquer sur l'onglet 'Paramètres'", [Step("click", "tab Paramètres", exact="Paramètres")], "fr"),
        ("choisir France dans la liste Pays", [Step("select", "list Pays", "France")], "fr"),
        ("décochez Recevoir la lettre", [Step("check", "Recevoir la lettre", checked=False)], "fr"),
        ("点击登录按钮", [Step("click", "登录 button")], "zh"),
        (
            "在搜索框中输入北京，然后点击搜索",
            [Step("type", "search box", "北京"), Step("click", "搜索")],
            "zh",
        ),
        ("选择上海", [Step("choose", "上海", verb="select")], "zh"),
        ("送信ボタンをクリックしてください", [Step("click", "送信 button")], "ja"),
        ("名前に「太郎」を入力", [Step("type", "名前", "太郎")], "ja"),
        ("haz clic en Enviar", [Step("click", "Enviar")], "es"),
        ("seleziona Italia dall'elenco Paese", [Step("select", "list Paese", "Italia")], "it"),
        ("digite Maria no campo Nome", [Step("type", "field Nome", "Maria")], "pt"),
        ("vink Ik ga akkoord aan", [Step("check", "Ik ga akkoord")], "nl"),
        ("wpisz Jan w pole Imię", [Step("type", "field Imię", "Jan")], "pl"),
        ("выберите Россия из списка Страна", [Step("select", "list Страна", "Россия")], "ru"),
        ("국가 목록에서 한국을 선택하세요", [Step("select", "국가 list", "한국")], "ko"),
        # German in the polite form
        (
            'Geben Sie "Hans" in das Feld Vorname ein und klicken Sie auf Absenden',
            [Step("type", "Feld Vorname", "Hans"), Step("click", "Absenden")],
            "de",
        ),
        ("Wählen Sie Österreich aus der Liste Land aus", [Step("select", "Liste Land", "Österreich")], "de"),
        ("Kreuzen Sie Ich stimme zu an", [Step("check", "Ich stimme zu")], "de"),
        # one capitalised word is a name, not a kind word
        ("klikněte na Seznam", [Step("click", "Seznam")], "cs"),
        # English and German stay as they were, with their language recorded
        ("open the menu", [Step("click", "menu", verb="open")], "en"),
        ("gib Bob in das Namensfeld ein", [Step("type", "Namensfeld", "Bob")], "de"),
        ("Enter 10/11/2011 as the date", [Step("type", "date", "10/11/2011")], "en"),
    ],
)
def test_instructions_in_other_languages(instruction: str, steps: list[Step], lang: str) -> None:
    parsed = parse_instruction(instruction)
    assert parsed == steps
    assert {s.lang for s in parsed} == {lang}


def test_an_unknown_verb_is_not_read_as_an_action() -> None:
    # No table knows 'pošlete': the whole phrase is a name to look for, never a typed or checked step.
    assert parse_instruction("pošlete formulář") == [
        Step("click", "pošlete formulář", exact="pošlete formulář")
    ]


@pytest.mark.parametrize(
    ("value", "input_type", "hints", "extra", "expected"),
    [
        ("10/11/2011", "text", "jj/mm/aaaa", {"lang": "en"}, "11/10/2011"),
        ("10/11/2011", "text", "jj/mm/aaaa", {"lang": "fr"}, "10/11/2011"),
        ("10/11/2011", "text", "TT.MM.JJJJ", {"lang": "de"}, "10.11.2011"),
        ("2011-11-10", "text", "dd.mm.rrrr", {"lang": "cs"}, "10.11.2011"),
        ("2011-11-10", "text", "年/月/日", {"lang": "zh"}, "2011/11/10"),
        ("2011-11-10", "text", "YYYY年MM月DD日", {"lang": "ja"}, "2011年11月10日"),
        ("24.12.2025", "text", "MM/DD/YYYY", {"lang": "de"}, "12/24/2025"),
        ("10/11/2011", "text", "Datum", {"lang": "de", "page_lang": "de"}, "10.11.2011"),
        ("10/11/2011", "text", "Date", {"lang": "en", "page_lang": "en-US"}, "10/11/2011"),
        ("10/11/2011", "text", "Date", {"lang": "en", "page_lang": "fr"}, "11/10/2011"),
        ("10/11/2011", "text", "Datum", {"lang": "nl", "page_lang": "nl"}, "10-11-2011"),
        ("10/11/2011", "text", "日付", {"lang": "ja", "page_lang": "de"}, "10.11.2011"),
        ("10/11/2011", "text", "x", {"lang": "de", "pattern": r"\d{2}\.\d{2}\.\d{4}"}, "10.11.2011"),
        (
            "10/11/2011",
            "text",
            "x",
            {"lang": "en", "pattern": r"(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/\d{4}"},
            "11/10/2011",
        ),
        ("10/11/2011", "date", "", {}, "2011-10-11"),
        ("10/11/2011", "date", "", {"lang": "de"}, "2011-11-10"),
        ("11 octobre 2011", "date", "", {"lang": "fr"}, "2011-10-11"),
        ("11. října 2011", "date", "", {"lang": "cs"}, "2011-10-11"),
        ("2011年10月11日", "date", "", {"lang": "zh"}, "2011-10-11"),
        ("10/11/2011 8:04 PM", "datetime-local", "", {"lang": "en"}, "2011-10-11T20:04"),
        ("10/11/2011", "month", "", {"lang": "de"}, "2011-11"),
        ("2011-10-11", "week", "", {}, "2011-W41"),
        ("20h04", "time", "", {}, "20:04"),
        ("10/11/2011", "text", "Comment", {"lang": "de"}, "10/11/2011"),
        ("2016-12-24", "text", "datepicker", {}, "12/24/2016"),
    ],
)
def test_dates_in_the_field_format(
    value: str, input_type: str, hints: str, extra: dict, expected: str
) -> None:
    assert for_field(value, input_type, hints, **extra) == expected


@pytest.mark.parametrize(("lang", "page_lang"), [("ja", "ja"), ("zh", ""), ("ko", "ko")])
def test_an_undecidable_date_is_refused(lang: str, page_lang: str) -> None:
    with pytest.raises(AmbiguousDate):
        for_field("10/11/2011", "date", "", lang=lang, page_lang=page_lang)
    # unambiguous ones are fine
    assert for_field("13/11/2011", "date", "", lang=lang, page_lang=page_lang) == "2011-11-13"
