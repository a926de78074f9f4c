"""Numbers written in words ('four', 'vier', 'pět', '三', '세'), for fields that take numbers.

'set the number of tickets to four' and 'nastav počet na pět' give a word where a number field,
a spin button or a slider needs digits. :func:`number_value` reads a whole value that is one small
cardinal (0–20), a ten (30, 40 ... 90), a hundred, or a ten and a unit written the usual way of the
language ('twenty-five', 'fünfundzwanzig', 'vingt-cinq', 'veinticinco', 'dvacet pět', '二十五'),
in the languages of :mod:`waypost.retrieval.languages` plus English and German. Anything else
(a phrase, 'the one below', an ordinal, a word of two readings) is not a number: ``None``.

The caller decides whether the field takes numbers; a text field gets the words as written.
Hand tables rather than a library: the libraries that read number words (``text2num``,
``number-parser``) cover at most half of these languages and would add a dependency for a few
dozen words each.
"""

from __future__ import annotations

import re
import unicodedata

# 0..20 per language (a tuple of spellings per number; index = value), then tens 30..90.
_SMALL: dict[str, list[tuple[str, ...]]] = {
    "en": [("zero",), ("one",), ("two",), ("three",), ("four",), ("five",), ("six",),
           ("seven",), ("eight",), ("nine",), ("ten",), ("eleven",), ("twelve",), ("thirteen",),
           ("fourteen",), ("fifteen",), ("sixteen",), ("seventeen",), ("eighteen",), ("nineteen",),
           ("twenty",)],
    "de": [("null",), ("eins", "ein", "eine", "einen"), ("zwei",), ("drei",), ("vier",), ("fünf",),
           ("sechs",), ("sieben",), ("acht",), ("neun",), ("zehn",), ("elf",), ("zwölf",), ("dreizehn",),
           ("vierzehn",), ("fünfzehn",), ("sechzehn",), ("siebzehn",), ("achtzehn",), ("neunzehn",),
           ("zwanzig",)],
    "fr": [("zéro",), ("un", "une"), ("deux",), ("trois",), ("quatre",), ("cinq",), ("six",), ("sept",),
           ("huit",), ("neuf",), ("dix",), ("onze",), ("douze",), ("treize",), ("quatorze",), ("quinze",),
           ("seize",), ("dix-sept",), ("dix-huit",), ("dix-neuf",), ("vingt",)],
    "es": [("cero",), ("uno", "una", "un"), ("dos",), ("tres",), ("cuatro",), ("cinco",), ("seis",),
           ("siete",), ("ocho",), ("nueve",), ("diez",), ("once",), ("doce",), ("trece",), ("catorce",),
           ("quince",), ("dieciséis", "dieciseis"), ("diecisiete",), ("dieciocho",), ("diecinueve",),
           ("veinte",)],
    "it": [("zero",), ("uno", "una", "un"), ("due",), ("tre",), ("quattro",), ("cinque",), ("sei",),
           ("sette",), ("otto",), ("nove",), ("dieci",), ("undici",), ("dodici",), ("tredici",),
           ("quattordici",), ("quindici",), ("sedici",), ("diciassette",), ("diciotto",),
           ("diciannove",), ("venti",)],
    "pt": [("zero",), ("um", "uma"), ("dois", "duas"), ("três", "tres"), ("quatro",), ("cinco",),
           ("seis",), ("sete",), ("oito",), ("nove",), ("dez",), ("onze",), ("doze",), ("treze",),
           ("catorze", "quatorze"), ("quinze",), ("dezesseis", "dezasseis"), ("dezessete", "dezassete"),
           ("dezoito",), ("dezenove", "dezanove"), ("vinte",)],
    "nl": [("nul",), ("een", "één"), ("twee",), ("drie",), ("vier",), ("vijf",), ("zes",), ("zeven",),
           ("acht",), ("negen",), ("tien",), ("elf",), ("twaalf",), ("dertien",), ("veertien",),
           ("vijftien",), ("zestien",), ("zeventien",), ("achttien",), ("negentien",), ("twintig",)],
    "pl": [("zero",), ("jeden", "jedna", "jedno", "jedną"), ("dwa", "dwie"), ("trzy",), ("cztery",),
           ("pięć",), ("sześć",), ("siedem",), ("osiem",), ("dziewięć",), ("dziesięć",), ("jedenaście",),
           ("dwanaście",), ("trzynaście",), ("czternaście",), ("piętnaście",), ("szesnaście",),
           ("siedemnaście",), ("osiemnaście",), ("dziewiętnaście",), ("dwadzieścia",)],
    "cs": [("nula",), ("jeden", "jedna", "jedno", "jednu"), ("dva", "dvě"), ("tři",), ("čtyři",), ("pět",),
           ("šest",), ("sedm",), ("osm",), ("devět",), ("deset",), ("jedenáct",), ("dvanáct",),
           ("třináct",), ("čtrnáct",), ("patnáct",), ("šestnáct",), ("sedmnáct",), ("osmnáct",),
           ("devatenáct",), ("dvacet",)],
    "ru": [("ноль", "нуль"), ("один", "одна", "одно", "одну"), ("два", "две"), ("три",), ("четыре",),
           ("пять",), ("шесть",), ("семь",), ("восемь",), ("девять",), ("десять",), ("одиннадцать",),
           ("двенадцать",), ("тринадцать",), ("четырнадцать",), ("пятнадцать",), ("шестнадцать",),
           ("семнадцать",), ("восемнадцать",), ("девятнадцать",), ("двадцать",)],
    "ko": [("영", "공"), ("하나", "한"), ("둘", "두"), ("셋", "세"), ("넷", "네"), ("다섯",), ("여섯",),
           ("일곱",), ("여덟",), ("아홉",), ("열",), ("열하나",), ("열둘",), ("열셋",), ("열넷",),
           ("열다섯",), ("열여섯",), ("열일곱",), ("열여덟",), ("열아홉",), ("스물",)],
}  # fmt: skip

_TENS: dict[str, tuple[tuple[str, ...], ...]] = {  # 30, 40 ... 90
    "en": (("thirty",), ("forty",), ("fifty",), ("sixty",), ("seventy",), ("eighty",), ("ninety",)),
    "de": (("dreißig", "dreissig"), ("vierzig",), ("fünfzig",), ("sechzig",), ("siebzig",), ("achtzig",),
           ("neunzig",)),
    "fr": (("trente",), ("quarante",), ("cinquante",), ("soixante",), ("soixante-dix", "septante"),
           ("quatre-vingts", "quatre-vingt", "huitante"), ("quatre-vingt-dix", "nonante")),
    "es": (("treinta",), ("cuarenta",), ("cincuenta",), ("sesenta",), ("setenta",), ("ochenta",),
           ("noventa",)),
    "it": (("trenta",), ("quaranta",), ("cinquanta",), ("sessanta",), ("settanta",), ("ottanta",),
           ("novanta",)),
    "pt": (("trinta",), ("quarenta",), ("cinquenta",), ("sessenta",), ("setenta",), ("oitenta",),
           ("noventa",)),
    "nl": (("dertig",), ("veertig",), ("vijftig",), ("zestig",), ("zeventig",), ("tachtig",), ("negentig",)),
    "pl": (("trzydzieści",), ("czterdzieści",), ("pięćdziesiąt",), ("sześćdziesiąt",),
           ("siedemdziesiąt",), ("osiemdziesiąt",), ("dziewięćdziesiąt",)),
    "cs": (("třicet",), ("čtyřicet",), ("padesát",), ("šedesát",), ("sedmdesát",), ("osmdesát",),
           ("devadesát",)),
    "ru": (("тридцать",), ("сорок",), ("пятьдесят",), ("шестьдесят",), ("семьдесят",), ("восемьдесят",),
           ("девяносто",)),
    "ko": (("서른",), ("마흔",), ("쉰",), ("예순",), ("일흔",), ("여든",), ("아흔",)),
}  # fmt: skip

_HUNDRED: dict[str, tuple[str, ...]] = {
    "en": ("hundred", "one hundred", "a hundred"), "de": ("hundert", "einhundert"), "fr": ("cent",),
    "es": ("cien",), "it": ("cento",), "pt": ("cem",), "nl": ("honderd", "honderd"), "pl": ("sto",),
    "cs": ("sto",), "ru": ("сто",),
}  # fmt: skip

# How a ten and a unit are joined: (tens first?, joiners). 'twenty-five', 'vingt-cinq', 'vingt et
# un', 'treinta y cinco', 'vinte e cinco', 'dwadzieścia pięć', 'двадцать пять'; German and Dutch
# put the unit first ('fünfundzwanzig', 'vijfentwintig'), Czech either way ('pětadvacet').
_JOIN: dict[str, tuple[tuple[bool, tuple[str, ...]], ...]] = {
    "en": ((True, ("-", " ")),),
    "fr": ((True, ("-", " et ", "-et-")),),
    "es": ((True, (" y ",)),),
    "pt": ((True, (" e ",)),),
    "pl": ((True, (" ",)),),
    "cs": ((True, (" ",)), (False, ("a",))),
    "ru": ((True, (" ",)),),
    "de": ((False, ("und",)),),
    "nl": ((False, ("en", "ën")),),
    "ko": ((True, ("", " ")),),
}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.casefold().split()))


def _build() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for lang, small in _SMALL.items():
        table: dict[str, int] = {}
        for n, names in enumerate(small):
            for name in names:
                table[_fold(name)] = n
        tens = [(20, small[20])] + [(30 + 10 * i, names) for i, names in enumerate(_TENS.get(lang, ()))]
        for value, names in tens[1:]:
            for name in names:
                table[_fold(name)] = value
        for name in _HUNDRED.get(lang, ()):
            table[_fold(name)] = 100
        for tens_first, joiners in _JOIN.get(lang, ()):
            for value, names in tens:
                for name in names:
                    for unit in range(1, 10):
                        for unit_name in small[unit]:
                            for joiner in joiners:
                                text = (
                                    f"{name}{joiner}{unit_name}"
                                    if tens_first
                                    else f"{unit_name}{joiner}{name}"
                                )
                                table.setdefault(_fold(text), value + unit)
        if lang == "fr":  # 'soixante et onze', 'quatre-vingt-onze' (70 and 90 count on from 60 and 80)
            for base, teen in ((60, "soixante"), (80, "quatre-vingt")):
                for unit in range(11, 20):
                    for unit_name in small[unit]:
                        table.setdefault(_fold(f"{teen}-{unit_name}"), base + unit)
                        table.setdefault(_fold(f"{teen} et {unit_name}"), base + unit)
        out[lang] = table
    # Spanish and Italian write 21..29 (Italian all tens) as one word.
    es = out["es"]
    for unit, name in enumerate(
        ("", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
         "veintisiete", "veintiocho", "veintinueve")
    ):  # fmt: skip
        if name:
            es[_fold(name)] = 20 + unit
            es.setdefault(_fold(name.replace("é", "e")), 20 + unit)
    it = out["it"]
    for value, ten in [(20, "venti"), *((30 + 10 * i, n[0]) for i, n in enumerate(_TENS["it"]))]:
        for unit in range(1, 10):
            unit_name = _SMALL["it"][unit][0]
            stem = ten[:-1] if unit_name[0] in "uo" else ten  # 'ventuno', 'trentotto'
            word = stem + ("tré" if unit == 3 else unit_name)
            it[_fold(word)] = value + unit
            it.setdefault(_fold(stem + unit_name), value + unit)
    return out


_WORDS = _build()

# One table for all languages: a word that means two different numbers is left out of it.
_ANY: dict[str, int] = {}
_CLASH: set[str] = set()
for _table in _WORDS.values():
    for _word, _n in _table.items():
        if _ANY.get(_word, _n) != _n:
            _CLASH.add(_word)
        _ANY.setdefault(_word, _n)
for _word in _CLASH:
    del _ANY[_word]

# Chinese and Japanese numerals: 零 一 二 两 三 ... 十 百; '二十五', '十二', '两', '三つ'.
_CJK_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6,
               "七": 7, "八": 8, "九": 9}  # fmt: skip
_JA_NATIVE = {"ひとつ": 1, "一つ": 1, "ふたつ": 2, "二つ": 2, "みっつ": 3, "三つ": 3, "よっつ": 4, "四つ": 4,
              "いつつ": 5, "五つ": 5, "むっつ": 6, "六つ": 6, "ななつ": 7, "七つ": 7, "やっつ": 8, "八つ": 8,
              "ここのつ": 9, "九つ": 9, "とお": 10}  # fmt: skip
# A counter after a number ('3张', '三个', '3枚', '2名', '5개'): it says what is counted, not how many.
_COUNTER = re.compile(
    r"(?<=[\d〇零一二两兩三四五六七八九十百])\s*(?:个|個|张|張|件|位|名|人|份|本|台|枚|冊|册|杯|개|명|장|권|대|잔|つ)$"
)
# Sino-Korean numerals, used with counters and for quantities in forms: 일 이 삼 ... 십.
_KO_SINO = {"영": 0, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}


def _cjk_number(text: str, digits: dict[str, int], ten: str, hundred: str) -> int | None:
    """'三' → 3, '十二' → 12, '二十五' → 25, '一百' → 100 (up to 999); ``None`` otherwise."""
    if not text or any(ch not in digits and ch not in (ten, hundred) for ch in text):
        return None
    if len(text) == 1 and text in digits:
        return digits[text]
    total, rest = 0, text
    if hundred in rest:
        head, _, rest = rest.partition(hundred)
        if len(head) > 1 or (head and head not in digits):
            return None
        total += 100 * (digits[head] if head else 1)
    if ten in rest:
        head, _, rest = rest.partition(ten)
        if len(head) > 1 or (head and head not in digits):
            return None
        total += 10 * (digits[head] if head else 1)
    if rest:
        if len(rest) > 1 or rest not in digits:
            return None
        total += digits[rest]
    return total


def number_value(text: str, lang: str = "") -> str | None:
    """The digits of a number written in words, or of digits followed by a counter ('3张', '3枚');
    ``None`` when ``text`` is not one whole number in words.

    Args:
        text: The value as the instruction gave it ('four', 'fünfundzwanzig', '三', '두 개').
        lang: The instruction's language; its table is tried first, then a table of all
            languages without the words that mean two different numbers there.

    Example::

        number_value("vier", "de")  # '4'
        number_value("vingt-cinq")  # '25'
        number_value("the one below")  # None
    """
    t = _fold(text).strip(" .,!。")
    if not t:
        return None
    t = _COUNTER.sub("", t).strip()
    if re.fullmatch(r"\d+", t):
        return t if t != _fold(text).strip(" .,!。") else None  # digits alone need no reading
    primary = lang.casefold().partition("-")[0]
    own = _WORDS.get(primary, {})
    if t in own:
        return str(own[t])
    if t in _ANY:
        return str(_ANY[t])
    if t in _JA_NATIVE:
        return str(_JA_NATIVE[t])
    ko = re.fullmatch(r"(.+?)\s*(?:개|명|장|권|대|잔)?", t)
    if ko and ko.group(1) in _WORDS["ko"]:
        return str(_WORDS["ko"][ko.group(1)])
    n = _cjk_number(t, _CJK_DIGITS, "十", "百")
    if n is None:
        n = _cjk_number(t, _KO_SINO, "십", "백") if primary == "ko" or re.search(r"[십백]", t) else None
    return None if n is None else str(n)


# An amount with its currency ('45 euros', '€32.50', '19,90 €', '300 Kč'): the number is the value.
_AMOUNT = re.compile(
    r"\s*(?:[€$£¥₽]|eur|usd|gbp|chf|czk|pln|us\$)?\s*(?P<n>[+-]?\d+(?:[.,]\d{1,2})?)\s*"
    r"(?:[€$£¥₽元円]|eur|euros?|usd|dollars?|gbp|pounds?|chf|francs?|yen|yuan|rmb|czk|kč|korun[ay]?|pln|zł|"
    r"złotych|zlotych|руб\.?|рубл(?:ей|я|ь)|евро|долларов)?\s*[.!]?\s*",
    re.IGNORECASE,
)


def numeric_value(text: str, lang: str = "") -> str:
    """``text`` as digits when it is a number in words (or digits with a counter), or an amount
    with its currency ('45 euros', '€32.50', '19,90 €'), else as given: the value for a field that
    takes only numbers."""
    amount = _AMOUNT.fullmatch(text)
    if amount and amount["n"] != text.strip():
        return amount["n"].replace(",", ".")
    return number_value(text, lang) or text


__all__ = ["number_value", "numeric_value"]
