"""Ordinal words of the instruction languages: 'the third address', 'die dritte Adresse',
'třetí adresu', 'la troisième adresse', 'третий адрес', '第三个地址', '3番目のアドレス', '세 번째 주소'.

:data:`ORDINAL_WORDS` maps a folded word to its number (-1 for 'last'); :func:`spaced_ordinals`
writes the ordinals of scripts without spaces as words of their own ('第三个地址' → 'third 地址'), so
that the rest of the run is what is counted. Hand tables, like :mod:`number_words`: a few words
per language.
"""

from __future__ import annotations

import re

from waypost.page.text import fold

_FORMS: tuple[str, ...] = (
    # 1 ... 10 in English, German, Czech, French, Spanish, Italian, Portuguese, Polish, Russian,
    # Dutch ('primer' is an English word, 'prima' an Italian 'before': neither is here)
    "first 1st erste ersten erster erstes první prvním prvního premier première primero primera primo "
    "primeiro primeira pierwszy pierwsza pierwsze pierwszą pierwszego pierwszej первый первая первое "
    "первую первого первой eerste",
    "second 2nd zweite zweiten zweiter zweites druhý druhém druhého druhá druhou druhé deuxième seconde "
    "segundo segunda secondo seconda drugi druga drugie drugą drugiego drugiej второй вторая второе "
    "вторую второго tweede",
    "third 3rd dritte dritten dritter drittes třetí třetím třetího troisième tercero tercera terzo terza "
    "terceiro terceira trzeci trzecia trzecie trzecią trzeciego trzeciej третий третья третье третью "
    "третьего третьей derde",
    "fourth 4th vierte vierten vierter viertes čtvrtý čtvrtém čtvrtého čtvrtá čtvrtou čtvrté quatrième "
    "cuarto cuarta quarto quarta czwarty czwarta czwarte czwartą czwartego четвёртый четвертый "
    "четвёртую четвертую vierde",
    "fifth 5th fünfte fünften fünfter pátý pátém pátého pátá pátou páté cinquième quinto quinta piąty "
    "piąta piąte piątą пятый пятая пятую vijfde",
    "sixth 6th sechste sechsten šestý šestém šestá šestou sixième sexto sexta sesto sesta szósty szósta "
    "шестой шестую zesde",
    "seventh 7th siebte siebten sedmý sedmém sedmá sedmou septième séptimo séptima settimo siódmy "
    "седьмой zevende",
    "eighth 8th achte achten osmý osmém osmá osmou huitième octavo octava ottavo ósmy восьмой achtste",
    "ninth 9th neunte neunten devátý devátém devátá devátou neuvième noveno novena nono dziewiąty "
    "девятый negende",
    "tenth 10th zehnte zehnten desátý desátém desátá desátou dixième décimo décima decimo dziesiąty "
    "десятый tiende",
)
_LAST = (
    "last letzte letzten letzter letztes poslední posledním posledního dernier dernière último última "
    "ultimo ultima ostatni ostatnia ostatnie ostatnią ostatniego ostatniej последний последняя "
    "последнее последнюю последнего последней laatste"
)

ORDINAL_WORDS: dict[str, int] = {}
for _n, _words in enumerate(_FORMS, start=1):
    for _w in _words.split():
        ORDINAL_WORDS[fold(_w)] = _n
for _w in _LAST.split():
    ORDINAL_WORDS[fold(_w)] = -1

_ENGLISH = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
_CJK_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_NUM = r"(?P<{}>\d{{1,2}}|[一二三四五六七八九十])"
_KO_NUM = {"첫": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6}
_CJK_ORDINAL = re.compile(
    # Chinese '第三个', Japanese '3番目の' / '三つ目の' / '2個目の'
    rf"第\s*{_NUM.format('zh')}\s*(?:个|個|项|項|条|條|张|張|篇|位|次)?"
    rf"|{_NUM.format('ja')}\s*(?:番目|つ目|個目|件目)\s*の?"
    r"|(?P<ko>첫|두|세|네|다섯|여섯|\d{1,2})\s*번째"
    r"|(?P<last>最后\s*一?\s*(?:个|個|项|項|条|條|张|張|篇)?|最後\s*の|一番下\s*の|마지막)"
    r"|(?P<first>最初\s*の|一番上\s*の)"
)


def _word(n: int) -> str:
    return _ENGLISH.get(n, f"{n}th")


def spaced_ordinals(text: str) -> str:
    """``text`` with the ordinals of Chinese, Japanese and Korean written as English words between
    spaces ('第三个地址' → ' third 地址'); other text as it was."""
    if not _CJK_ORDINAL.search(text):
        return text

    def one(m: re.Match[str]) -> str:
        if m.group("last"):
            return " last "
        if m.group("first"):
            return " first "
        raw = m.group("zh") or m.group("ja") or m.group("ko")
        n = int(raw) if raw.isdigit() else _CJK_DIGITS.get(raw) or _KO_NUM[raw]
        return f" {_word(n)} "

    return _CJK_ORDINAL.sub(one, text)
