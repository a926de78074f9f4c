"""Values typed into fields in the format the field accepts: dates and times above all.

'Enter 10/11/2011 as the date' into ``<input type=date>`` must be filled as ``2011-10-11``; '8:04 PM'
into ``<input type=time>`` as ``20:04``. Native ``date``, ``time``, ``datetime-local``, ``month`` and
``week`` inputs always get ISO values.

A text field that takes a date gets it in the field's own format: the one its placeholder or
``pattern`` shows (``jj/mm/aaaa``, ``TT.MM.JJJJ``, ``dd.mm.rrrr``, ``DD/MM/YYYY``, ``yyyy-mm-dd``,
``mm/dd/yyyy``, ``年/月/日``), else the one of the page's language (``<html lang>``: German, French,
Czech, Spanish, Italian, Polish, Dutch, Portuguese, Russian day first; ``en-US`` month first),
else the jQuery UI default ``mm/dd/yyyy``.

A date such as '10/11/2011' is read in the convention of the instruction's language (English month
first; German, French, Czech... day first). When neither the instruction nor the page tells,
:class:`AmbiguousDate` is raised and nothing is typed. A value that is not a date or time, or a
field that is neither, is typed as given.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date

from waypost.retrieval.number_words import numeric_value

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan", "januar", "jänner", "janvier", "enero", "gennaio", "janeiro", "januari",
             "leden", "ledna", "styczeń", "stycznia", "январь", "января"),
            ("february", "feb", "februar", "février", "fevrier", "febrero", "febbraio", "fevereiro",
             "februari", "únor", "února", "luty", "lutego", "февраль", "февраля"),
            ("march", "mar", "märz", "marz", "mars", "marzo", "março", "maart", "březen", "března", "marzec",
             "marca", "март", "марта"),
            ("april", "apr", "avril", "abril", "aprile", "duben", "dubna", "kwiecień", "kwietnia", "апрель",
             "апреля"),
            ("may", "mai", "mayo", "maggio", "maio", "mei", "květen", "května", "maj", "maja", "май", "мая"),
            ("june", "jun", "juni", "juin", "junio", "giugno", "junho", "červen", "června", "czerwiec",
             "czerwca", "июнь", "июня"),
            ("july", "jul", "juli", "juillet", "julio", "luglio", "julho", "červenec", "července", "lipiec",
             "lipca", "июль", "июля"),
            ("august", "aug", "août", "aout", "agosto", "augustus", "srpen", "srpna", "sierpień", "sierpnia",
             "август", "августа"),
            ("september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "setembro",
             "září", "wrzesień", "września", "сентябрь", "сентября"),
            ("october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "outubro", "říjen", "října",
             "październik", "października", "октябрь", "октября"),
            ("november", "nov", "novembre", "noviembre", "novembro", "listopad", "listopadu", "listopada",
             "ноябрь", "ноября"),
            ("december", "dec", "dezember", "dez", "décembre", "decembre", "diciembre", "dicembre",
             "dezembro", "prosinec", "prosince", "grudzień", "grudnia", "декабрь", "декабря"),
        ]
    )
    for m in names
}  # fmt: skip

# Languages whose people write the day first (instruction languages and page languages).
DAY_FIRST = frozenset(
    {"de", "fr", "cs", "es", "it", "pl", "nl", "pt", "ru", "sk", "da", "nb", "no", "fi", "uk", "tr", "el"}
)
# Languages that write the year first: they do not tell how 'a/b/yyyy' is meant.
_YEAR_FIRST = frozenset({"zh", "ja", "ko", "hu", "sv", "lt"})
_ENGLISH_DAY_FIRST = frozenset({"gb", "au", "nz", "ie", "in", "za", "sg"})


class AmbiguousDate(ValueError):
    """A date such as '10/11/2011' that may be read day first or month first, and nothing tells."""


@dataclass(frozen=True)
class DateFormat:
    """How a field writes dates.

    Attributes:
        order: ``dmy``, ``mdy`` or ``ymd``; ``''`` when the field shows separators but not the order
            (a ``pattern`` of ``\\d{2}/\\d{2}/\\d{4}``).
        sep1: Between the first and second part.
        sep2: Between the second and third part.
        tail: After the last part ('日' of '2011年10月11日').
        short_year: Two-digit years.
        unpadded: Day and month without a leading zero ('d. m. rrrr').
    """

    order: str
    sep1: str = "/"
    sep2: str = "/"
    tail: str = ""
    short_year: bool = False
    unpadded: bool = False

    def render(self, d: date, order: str = "") -> str:
        y = f"{d.year % 100:02d}" if self.short_year else f"{d.year:04d}"
        pad = "" if self.unpadded else "02"
        parts = {"d": f"{d.day:{pad}d}", "m": f"{d.month:{pad}d}", "y": y}
        a, b, c = (order or self.order or "mdy")[:3]
        return f"{parts[a]}{self.sep1}{parts[b]}{self.sep2}{parts[c]}{self.tail}"


def _readings(t: str) -> list[date]:
    """Every calendar date ``t`` may mean, month-first reading first."""
    if m := re.fullmatch(r"(\d{4})[-/.]\s*(\d{1,2})[-/.]\s*(\d{1,2})\.?", t):
        return [date(int(m[1]), int(m[2]), int(m[3]))]
    if m := re.fullmatch(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?", t):
        return [date(int(m[1]), int(m[2]), int(m[3]))]
    if m := re.fullmatch(r"(\d{1,2})([/-])(\d{1,2})\2(\d{4})", t):
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        out = []
        for month, day in ((a, b), (b, a)):
            try:
                d = date(y, month, day)
            except ValueError:
                continue
            if d not in out:
                out.append(d)
        return out
    if m := re.fullmatch(r"(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})", t):
        return [date(int(m[3]), int(m[2]), int(m[1]))]
    if m := re.fullmatch(r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", t):
        month = _month(m[1])
        return [date(int(m[3]), month, int(m[2]))] if month else []
    if m := re.fullmatch(
        r"(\d{1,2})(?:st|nd|rd|th|er|re|º|ª|\.)?\s+(?:de\s+|of\s+)?([^\W\d_]+)\.?,?\s+(?:de\s+|del\s+)?(\d{4})",
        t,
    ):
        month = _month(m[2])
        return [date(int(m[3]), month, int(m[1]))] if month else []
    return []


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


# Month names without their accents ('zari', 'rijna', 'fevrier'), where that names one month only.
_MONTHS_PLAIN: dict[str, int] = {}
for _name, _n in _MONTHS.items():
    _MONTHS_PLAIN.setdefault(_plain(_name), _n)
    if _MONTHS_PLAIN[_plain(_name)] != _n:
        _MONTHS_PLAIN[_plain(_name)] = 0


def _month(word: str) -> int | None:
    return _MONTHS.get(word) or _MONTHS_PLAIN.get(_plain(word)) or None


# Words around a date that are not part of it: an article or preposition ('le', 'el', 'am', 'the',
# 'dne'), a weekday ('jeudi', 'Donnerstag,'), the word for 'year' after it ('r.', 'г.', 'года'),
# a weekday in brackets after it ('(木)', '（周四）').
_WEEKDAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun|"
    r"montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|"
    r"lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|"
    r"lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo|"
    r"lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica|"
    r"segunda-feira|terça-feira|terca-feira|quarta-feira|quinta-feira|sexta-feira|"
    r"maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|"
    r"poniedziałek|wtorek|środa|czwartek|piątek|sobota|niedziela|"
    r"pondělí|úterý|středa|čtvrtek|pátek|neděle|"
    r"понедельник|вторник|среда|четверг|пятница|суббота|воскресенье"
)
_AROUND = re.compile(
    r"^(?:(?:the|on|den|dem|der|am|le|la|il|el|o|a|dne|dnia|op|du|vom)\s+)?"
    rf"(?:(?:{_WEEKDAYS})\.?,?\s+)?(?:(?:the|den|der|le|el|il|o)\s+)?"
    r"(?P<date>.+?)"
    r"(?:\s*(?:r\.|roku|г\.?|года|год)|\s*[(（][^)）]{1,4}[)）])?$"
)


def date_readings(text: str) -> list[date]:
    """The calendar dates ``text`` may mean: none if it is not a date, two for '10/11/2011'
    (10 October first, then 10 November), one otherwise."""
    t = " ".join(text.casefold().split())
    try:
        found = _readings(t)
        if not found and (m := _AROUND.match(t)) and m["date"] != t:
            found = _readings(m["date"])
        return found
    except ValueError:
        return []


def convention(lang: str) -> str:
    """``dmy`` or ``mdy`` for a language code ('de', 'en-US', 'en-GB'), ``''`` when it does not tell."""
    code = lang.strip().casefold().replace("_", "-")
    primary, _, region = code.partition("-")
    if primary == "en":
        return "dmy" if region in _ENGLISH_DAY_FIRST else "mdy"
    return "dmy" if primary in DAY_FIRST else ""


def parse_date(text: str, order: str = "") -> date | None:
    """A calendar date from '2011-10-11', '10/11/2011', '24.12.2025', 'March 5, 2024', '5 mars 2024'
    or '2011年10月11日'; ``None`` if it is not one.

    Args:
        text: The date as written.
        order: ``dmy`` to read '10/11/2011' day first; otherwise month first unless impossible.
    """
    found = date_readings(text)
    if len(found) == 2 and order == "dmy":
        return found[1]
    return found[0] if found else None


def parse_time(text: str) -> tuple[int, int] | None:
    """Hours and minutes from '8:04 PM', '20:04', '9:15 am', '7 pm', '20h04'; ``None`` if it is not
    a time."""
    t = text.strip().casefold().replace(".", "")
    t = re.sub(r"^(\d{1,2})h(\d{2})?$", lambda m: f"{m[1]}:{m[2] or '00'}", t)
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(am|pm|a|p)?(?:\s*uhr)?", t)
    if not m or (m[2] is None and m[3] is None):
        return None
    h, mi = int(m[1]), int(m[2] or 0)
    if m[3]:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if m[3].startswith("p") else 0)
    if h > 23 or mi > 59:
        return None
    return h, mi


# A value written as a time of day ('9:15 PM', '25:10'), possible or not.
_TIME_SHAPE = re.compile(r"\s*\d{1,2}(?::\d{2}|\s*(?:[ap]\.?m\.?))(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*", re.I)
# What a text field shows when it holds or asks for a time: '10:10', '20:15', 'HH:mm', 'hh:mm a'.
_SHOWS_24H = re.compile(r"\s*(?:\d{2}:\d{2}|HH:mm|HH:MM)\s*")
_SHOWS_12H = re.compile(r"\s*(?:\d{1,2}:\d{2}\s*[AaPp]\.?[Mm]\.?|hh?:mm\s*[aA])\s*")


_DATE_SHAPE = re.compile(r"\s*(?:\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{4}-\d{1,2}-\d{1,2})\s*")


def impossible_date(value: str) -> bool:
    """Whether ``value`` is written as a date that no calendar has ('30.02.2027', '31/04/2027')."""
    return bool(_DATE_SHAPE.fullmatch(value)) and not date_readings(value)


# Month names that tell a calendar's language (names shared by languages are left out).
_CALENDAR_MONTHS = {
    "en": "january february march june july october",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "de": "januar februar märz juni juli oktober dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março maio junho julho setembro outubro dezembro",
    "nl": "januari februari maart mei juni juli oktober",
    "cs": "leden únor březen duben květen červen červenec srpen září říjen listopad prosinec",
    "pl": "styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik grudzień",
    "ru": "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
}
_MONTH_LANGS: dict[str, set[str]] = {}
for _lang, _names in _CALENDAR_MONTHS.items():
    for _w in _names.split():
        _MONTH_LANGS.setdefault(_w, set()).add(_lang)


def calendar_language(shown: str) -> str:
    """The language of a date picker's calendar from the month it shows ('juillet 2026' → 'fr');
    ``''`` when no month name tells one language (or languages that write dates alike)."""
    for word in re.findall(r"[^\W\d_]+", shown.casefold()):
        langs = sorted(_MONTH_LANGS.get(word, set()))
        # ('novembre' is French and Italian: both write 14/07/2026)
        if langs and len({_from_language(lang) for lang in langs}) == 1:
            return langs[0]
    return ""


def date_hinted(hints: str) -> bool:
    """Whether a text field's classes, placeholder or id say it takes a date ('hasDatepicker',
    'TT.MM.JJJJ')."""
    return bool(_DATE_WORDS.search(hints) or _from_template(hints))


def looks_like_time(value: str) -> bool:
    """Whether ``value`` is written as a time of day ('8:04 PM', '20:15', '7 pm'), possible or not."""
    return bool(_TIME_SHAPE.fullmatch(value))


class NotATime(ValueError):
    """A value written like a time of day that no clock shows ('25:10', '13:00 PM')."""


def time_for_text_field(value: str, shown: str) -> str:
    """``value`` as a text field that holds a time takes it, judged by what the field ``shown``.

    A field that shows '10:10' or 'HH:mm' gets '9:15 PM' as ``21:15``; one that shows '9:30 AM'
    keeps the 12-hour form. Other fields get ``value`` unchanged.

    Raises:
        NotATime: the field holds a time and ``value`` is shaped like a time no clock shows.
    """
    if not _TIME_SHAPE.fullmatch(value) or not (_SHOWS_24H.fullmatch(shown) or _SHOWS_12H.fullmatch(shown)):
        return value
    hm = parse_time(value)
    if hm is None:
        raise NotATime(f'"{value.strip()}" is not a time of day')
    if _SHOWS_24H.fullmatch(shown):
        return f"{hm[0]:02d}:{hm[1]:02d}"
    return value.strip()


# What a text field shows when it holds a date with a time, year first ('2026-02-10 08:00:00').
_SHOWS_ISO_DATETIME = re.compile(r"\s*\d{4}-\d{2}-\d{2}(?P<sep>[ T])\d{2}:\d{2}(?P<sec>:\d{2})?\s*")


# ... or the format a date-time picker declares for it ('yyyy-MM-dd hh:mm:ss', 'YYYY-MM-DD HH:mm').
_FORMAT_ISO_DATETIME = re.compile(r"\s*yyyy-mm-dd(?P<sep>[ T])hh:(?:mm|ii)(?P<sec>:ss)?\s*", re.IGNORECASE)
_PHP_ISO_DATETIME = re.compile(r"\s*Y-m-d(?P<sep>[ T])H:i(?P<sec>:s)?\s*")  # (flatpickr's 'Y-m-d H:i')


def datetime_for_text_field(value: str, shown: str, lang: str = "", page_lang: str = "") -> str | None:
    """``value`` (a date and a time: '14 Feb 2026, 10:15') as a text field showing a year-first
    date and time ('2026-02-10 08:00:00', or its picker's format: 'yyyy-MM-dd hh:mm:ss', 'Y-m-d H:i')
    holds it: ``2026-02-14 10:15:00``; ``None`` when the field shows no such thing or ``value`` is
    not a date and a time."""
    forms = (_SHOWS_ISO_DATETIME, _FORMAT_ISO_DATETIME, _PHP_ISO_DATETIME)
    form = next((m for rx in forms if (m := rx.fullmatch(shown or ""))), None)
    m = _DATETIME.match(value.strip())
    if form is None or m is None:
        return None
    found, hm = date_readings(m["d"]), parse_time(m["t"])
    if not found or hm is None:
        return None
    day = _choose(m["d"], found, lang, page_lang)
    return f"{day.isoformat()}{form['sep']}{hm[0]:02d}:{hm[1]:02d}" + (":00" if form["sec"] else "")


# Placeholder tokens: day, month, year in the ways forms write them.
_TOKENS = {
    **dict.fromkeys(("dd", "jj", "tt", "gg", "дд", "日", "일"), "d"),
    **dict.fromkeys(("mm", "мм", "月", "월"), "m"),
    **dict.fromkeys(("yyyy", "aaaa", "jjjj", "rrrr", "гггг", "年", "년"), "y"),
    **dict.fromkeys(("yy", "aa", "rr", "гг"), "Y"),
    # one letter: the number without a leading zero ('d. m. rrrr' → '3. 1. 2027')
    **dict.fromkeys(("d", "j", "t", "g", "д"), "D"),
    **dict.fromkeys(("m", "м"), "M"),
}
_TOKEN = r"yyyy|aaaa|jjjj|rrrr|гггг|yy|aa|rr|гг|dd|jj|tt|gg|дд|mm|мм|年|月|日|년|월|일|d|j|t|g|д|m|м"
_SEP = r"\s?[./\-]\s?|年|月|년\s?|월\s?|\s"
_TEMPLATE = re.compile(
    rf"(?<![a-zа-я])(?P<a>{_TOKEN})(?P<s1>{_SEP})(?P<b>{_TOKEN})(?P<s2>{_SEP})(?P<c>{_TOKEN})"
    r"(?P<t>日|일)?(?![a-zа-я])"
)


def _from_template(hints: str) -> DateFormat | None:
    """The format a placeholder such as 'jj/mm/aaaa', 'TT.MM.JJJJ' or '年/月/日' shows."""
    for m in _TEMPLATE.finditer(hints.casefold()):
        kinds = [_TOKENS[m[g]] for g in "abc"]
        if sorted(k.lower() for k in kinds) != ["d", "m", "y"]:
            continue
        return DateFormat(
            order="".join(k.lower() for k in kinds),
            sep1=m["s1"],
            sep2=m["s2"],
            tail=m["t"] or "",
            short_year="Y" in kinds,
            unpadded="D" in kinds or "M" in kinds,
        )
    return None


def _top_level_split(pattern: str) -> tuple[str, list[str]] | None:
    """The separator of a date ``pattern`` and its three parts, split outside groups and classes."""
    parts: list[str] = []
    cur, depth, i, sep = "", 0, 0, ""
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            if depth == 0 and nxt in "./-" and (not sep or sep == nxt):
                sep, cur = nxt, parts.append(cur) or ""
            else:
                cur += ch + nxt
            i += 2
            continue
        if ch == "[":
            j = pattern.find("]", i + 1)
            j = len(pattern) - 1 if j < 0 else j
            cur, i = cur + pattern[i : j + 1], j + 1
            continue
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in "/-" and (not sep or sep == ch):
            sep, cur = ch, parts.append(cur) or ""
        else:
            cur += ch
        i += 1
    parts.append(cur)
    return (sep, parts) if sep and len(parts) == 3 and all(parts) else None


def _from_pattern(pattern: str) -> DateFormat | None:
    """The format an ``<input pattern>`` accepts: '\\d{2}\\.\\d{2}\\.\\d{4}', '(0[1-9]|[12]\\d|3[01])/...'."""
    split = _top_level_split(pattern.strip().strip("^$"))
    if split is None:
        return None
    sep, parts = split

    def kind(p: str) -> str:
        if re.search(r"\{4\}|\\d\\d\\d\\d|(?:19|20)\|(?:19|20)|\{2,4\}", p):
            return "y"
        if "3[01]" in p or "[12][0-9]" in p or "[12]\\d" in p:
            return "d"
        if re.search(r"1\[0-2\]|1\[012\]", p):
            return "m"
        return "?"

    kinds = [kind(p) for p in parts]
    if kinds[0] == "y":
        return DateFormat("ymd", sep, sep)
    if kinds[2] != "y":
        return None
    if kinds[:2] in (["d", "m"], ["d", "?"], ["?", "m"]):
        return DateFormat("dmy", sep, sep)
    if kinds[:2] in (["m", "d"], ["m", "?"], ["?", "d"]):
        return DateFormat("mdy", sep, sep)
    return DateFormat("", sep, sep)


def _from_language(page_lang: str) -> DateFormat | None:
    """The usual short date of a page language ('de' → dd.mm.yyyy, 'en-US' → mm/dd/yyyy)."""
    code = page_lang.strip().casefold().replace("_", "-")
    primary = code.partition("-")[0]
    if primary in ("de", "cs", "pl", "ru", "sk", "fi", "nb", "no", "da", "uk", "tr"):
        return DateFormat("dmy", ".", ".")
    if primary == "nl":
        return DateFormat("dmy", "-", "-")
    if primary in ("ja", "zh"):
        return DateFormat("ymd", "/", "/")
    if primary in ("ko", "sv", "lt"):
        return DateFormat("ymd", "-", "-")
    order = convention(code)
    return DateFormat(order, "/", "/") if order else None


_DATEPICKER = re.compile(r"datepicker", re.I)


def field_format(hints: str = "", pattern: str = "", page_lang: str = "") -> DateFormat | None:
    """The date format of a text field: its placeholder (in ``hints``), its ``pattern``, else its
    page's language; ``None`` when nothing tells."""
    fmt = _from_template(hints) or _from_pattern(pattern)
    if fmt is not None and not fmt.order:
        # Separators but no order: the page's language tells; dots and dashes are day first.
        lang_fmt = _from_language(page_lang)
        order = lang_fmt.order if lang_fmt is not None and lang_fmt.order != "ymd" else ""
        order = order or ("dmy" if fmt.sep1 in ".-" else "")
        return DateFormat(order, fmt.sep1, fmt.sep2) if order else None
    return fmt or _from_language(page_lang)


def _choose(value: str, found: list[date], lang: str, page_lang: str) -> date:
    """The reading of a date the instruction's language (else the page's) decides."""
    if len(found) == 1:
        return found[0]
    primary = lang.casefold().partition("-")[0]
    if primary == "":
        return found[0]  # no instruction language (a direct call): month first, as always
    order = convention(lang) if primary not in _YEAR_FIRST else convention(page_lang)
    if order == "dmy":
        return found[1]
    if order == "mdy":
        return found[0]
    a, b = found
    raise AmbiguousDate(
        f'The date "{value.strip()}" may be {b.day} {b:%B} {b.year} or {a.day} {a:%B} {a.year}, and neither '
        f"the instruction nor the page tells which; nothing was typed. Write it as {a.isoformat()} or "
        f"{b.isoformat()}."
    )


_DATE_WORDS = re.compile(
    r"date|datum|calendar|kalend|picker|fecha|\bdata\b|дата|日付|日期|날짜|\b(?:dd|yyyy|aaaa|jjjj|rrrr)\b",
    re.IGNORECASE,
)
_DATETIME = re.compile(
    r"^(?P<d>.+?)(?:\s*T\s*|,?\s+(?:at\s+|um\s+|à\s+|às\s+|a\s+las\s+|alle\s+|om\s+|в\s+|o\s+|v\s+)?)"
    r"(?P<t>\d{1,2}(?:[:h]\d{2}(?::\d{2})?)?\s*(?:[ap]\.?m\.?|[ap]|uhr|h)?)$",
    re.IGNORECASE,
)


def date_and_time(value: str, lang: str = "", page_lang: str = "") -> tuple[int, int, int, int, int] | None:
    """``(year, month, day, hour, minute)`` of a date said with or without a time ('15.07.2026 um
    9 Uhr', '2026-06-30'); ``None`` when ``value`` is no date. Raises :class:`AmbiguousDate` as
    :func:`for_field` does."""
    text = value.strip()
    found = date_readings(text)
    hm: tuple[int, int] | None = (0, 0)
    if not found and (m := _DATETIME.match(text)):
        found, hm = date_readings(m["d"]), parse_time(m["t"])
        hour = re.fullmatch(r"(\d{1,2})\s*(?:uhr|h)?", m["t"].strip(), re.IGNORECASE)
        if hm is None and hour and int(hour[1]) < 24:
            hm = (int(hour[1]), 0)  # ('um 9 Uhr')
        text = m["d"]
    if not found or hm is None:
        return None
    d = _choose(text, found, lang, page_lang)
    return d.year, d.month, d.day, hm[0], hm[1]


def looks_like_date(value: str) -> bool:
    """Whether ``value`` is a date (or a date and a time), so that the field's format matters."""
    m = _DATETIME.match(value.strip())
    return bool(date_readings(value) or (m and date_readings(m["d"])))


def for_field(
    value: str,
    input_type: str,
    hints: str = "",
    *,
    pattern: str = "",
    page_lang: str = "",
    lang: str = "",
    role: str = "",
) -> str:
    """``value`` in the format a field of ``input_type`` accepts.

    Args:
        value: The value as the instruction gave it.
        input_type: The field's ``type`` attribute ('date', 'time', 'text'...).
        hints: The field's placeholder, classes, id and label, to recognise date fields and their
            format.
        pattern: The field's ``pattern`` attribute.
        page_lang: The language of the page or of the field (``lang`` of the nearest element).
        lang: The language of the instruction ('en', 'de', 'fr'...), which decides how '10/11/2011'
            is read; ``''``: month first unless impossible.
        role: The field's ARIA role; a ``spinbutton`` or ``slider`` takes numbers, as ``number``
            and ``range`` inputs do: a number in words is given in digits ('vier' → ``4``).

    Raises:
        AmbiguousDate: '10/11/2011' and neither the instruction nor the page says which is meant.
        NotATime: a time field and a value shaped like a time no clock shows ('25:10').
    """
    kind = input_type.casefold()
    if kind in ("number", "range") or role.casefold() in ("spinbutton", "slider"):
        return numeric_value(value, lang)
    if kind in ("date", "month", "week"):
        if kind == "month" and (m := re.fullmatch(r"\s*(\d{1,2})[/.-](\d{4})\s*", value)):
            return f"{m[2]}-{int(m[1]):02d}" if 1 <= int(m[1]) <= 12 else value
        if kind == "week" and re.fullmatch(r"\d{4}-W\d{2}", value.strip()):
            return value.strip()
        found = date_readings(value)
        if not found:
            return value
        d = _choose(value, found, lang, page_lang)
        if kind == "month":
            return f"{d.year:04d}-{d.month:02d}"
        if kind == "week":
            year, week, _ = d.isocalendar()
            return f"{year:04d}-W{week:02d}"
        return d.isoformat()
    if kind == "datetime-local":
        m = _DATETIME.match(value.strip())
        if m is None:
            return value
        found, hm = date_readings(m["d"]), parse_time(m["t"])
        if not found or hm is None:
            return value
        return f"{_choose(m['d'], found, lang, page_lang).isoformat()}T{hm[0]:02d}:{hm[1]:02d}"
    if kind == "time":
        hm = parse_time(value)
        if hm is None and _TIME_SHAPE.fullmatch(value):
            raise NotATime(f'"{value.strip()}" is not a time of day')
        return f"{hm[0]:02d}:{hm[1]:02d}" if hm else value
    if kind in ("", "text") and (
        _DATE_WORDS.search(hints) or _from_template(hints) or _from_pattern(pattern)
    ):
        found = date_readings(value)
        if not found:
            return value
        if (
            re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip())
            and field_format(hints, pattern) is None
            and not _DATEPICKER.search(hints)
        ):
            # ISO as written, unless the field shows its own format or is a datepicker widget's
            # (jQuery UI's reads mm/dd/yyyy): no order to guess, and forms take ISO as it is
            return value.strip()
        d = _choose(value, found, lang, page_lang)
        fmt = field_format(hints, pattern, page_lang)
        if fmt is None:
            if re.fullmatch(r"\d{1,2}([./-])\d{1,2}\1\d{4}", value.strip()) and len(found) == 1:
                return value.strip()  # already in a day-month-year form the widget shows; keep it
            if len(found) == 2 and not lang:
                return value.strip()  # read as written; nothing tells the field's order
            return DateFormat("mdy").render(d)  # the jQuery UI default
        return fmt.render(d)
    return value


__all__ = [
    "DAY_FIRST",
    "AmbiguousDate",
    "DateFormat",
    "NotATime",
    "calendar_language",
    "convention",
    "date_hinted",
    "date_readings",
    "datetime_for_text_field",
    "field_format",
    "for_field",
    "impossible_date",
    "looks_like_date",
    "looks_like_time",
    "parse_date",
    "parse_time",
    "time_for_text_field",
]
