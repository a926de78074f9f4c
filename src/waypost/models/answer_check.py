"""Answers as claims with evidence: what a task asks, where a value is, and whether an answer holds.

Pure functions on plain data (task text, answer text, quoted evidence, the page texts a run
recorded, its action records), used by the goal validator before ``success`` is set and by the
offline planner before it answers. Nothing here opens a page.

* :func:`question` reads what a task asks: the kind of value (a price, a date, a phone number...),
  the time it is about ("tomorrow" is not "today"), the names and things it is about, and the
  values it wants typed or sent.
* :func:`find_value` looks for such a value in a page's text, next to the words of the thing asked,
  and returns it with the verbatim passage it rests on.
* :func:`check` decides whether an answer and its evidence hold: every quote exists verbatim on the
  page it names, it is about the thing asked, it has the right kind of value, the answer states
  that value, and every part of the task is covered (a subscription with an e-mail means the e-mail
  was typed, the form was sent and the page confirmed it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urlsplit

from waypost.page.text import ORDINALS, compare_form, contains_text

__all__ = [
    "Evidence",
    "Question",
    "Verdict",
    "check",
    "find_value",
    "page_key",
    "question",
    "verbatim",
]


@dataclass(frozen=True)
class Evidence:
    """One quoted passage an answer rests on.

    Attributes:
        quote: Text exactly as the page (or archived document) shows it.
        source: The page URL, or ``archive:<id>`` for an archived document.
        answers: Which part of the task it answers ("price", "today's date", "confirmation"...).
    """

    quote: str
    source: str
    answers: str = ""

    def to_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def parse(cls, data: Any) -> Evidence | None:
        """Evidence from a model's tool argument (a mapping, or ``None`` when unusable)."""
        if isinstance(data, Evidence):
            return data
        if not isinstance(data, Mapping):
            return None
        quote = str(data.get("quote") or data.get("text") or "").strip()
        source = str(data.get("source") or data.get("url") or data.get("id") or "").strip()
        if not quote:
            return None
        return cls(quote=quote, source=source, answers=str(data.get("answers") or data.get("part") or ""))


def parse_evidence(items: Any) -> list[Evidence]:
    """Evidence items from a ``final_answer`` argument (bad items are dropped)."""
    if not isinstance(items, (list, tuple)):
        return []
    return [e for e in (Evidence.parse(i) for i in items) if e is not None]


@dataclass(frozen=True)
class Question:
    """What a task asks.

    Attributes:
        kind: ``price``, ``date``, ``phone``, ``email``, ``person``, ``hours``, ``weather``,
            ``address``, ``code``, ``text`` (some passage) or ``action`` (nothing to answer).
        when: ``today``, ``tomorrow``, ``future`` (another time to come), or ``None``.
        names: Proper names the answer must be about ("Hansekiel Werft", "Hamburg").
        things: Other content words naming what is asked about ("basic service").
        about_page: The task asks about the open page itself ("this article").
        page_part: For ``about_page``: author, date, title, summary, paragraph or link.
        ordinal: For a paragraph or link: which one (1 = the first).
        typed: Values the task wants entered (e-mail addresses).
        send: The task asks to send or subscribe (a confirmation must follow).
    """

    kind: str
    when: str | None = None
    names: tuple[str, ...] = ()
    things: tuple[str, ...] = ()
    about_page: bool = False
    page_part: str = ""
    ordinal: int = 1
    typed: tuple[str, ...] = ()
    send: bool = False


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is verified, and why not.

    Attributes:
        verified: The evidence holds and covers the task.
        why_not: A short reason when it does not.
        evidence: The evidence that was checked.
    """

    verified: bool
    why_not: str = ""
    evidence: tuple[Evidence, ...] = field(default_factory=tuple)


# ---- vocabulary -----------------------------------------------------------------------------------

_WEEKDAYS = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "montag": 0, "dienstag": 1, "mittwoch": 2, "donnerstag": 3, "freitag": 4, "samstag": 5, "sonnabend": 5,
    "sonntag": 6,
}  # fmt: skip
_WEEKDAY_NAMES = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "de": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
}
_MONTHS = (
    r"(?:jan(?:uary|uar)?|feb(?:ruary|ruar)?|m(?:ar(?:ch)?|ä(?:rz)?|aerz)|apr(?:il)?|ma[iy]|jun[ie]?|"
    r"jul[iy]?|aug(?:ust)?|sep(?:t(?:ember)?)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?)\.?"
)
_KIND_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("email", re.compile(r"\b(e-?mail(?:[- ]?ad+res+e?)?|mail address)\b", re.I)),
    ("phone", re.compile(r"\b(phone|telephone|telefon\w*|tel\.?|call|anrufen|fax|hotline)\b", re.I)),
    (
        "address",
        re.compile(r"\b(where is|where are|address|adresse|anschrift|wo (?:ist|sind|liegt))\b", re.I),
    ),
    (
        "hours",
        re.compile(r"\b(open(?:ing)?|hours|close[sd]?|öffnungszeit\w*|geöffnet|offen|schließt)\b", re.I),
    ),
    (
        "weather",
        re.compile(
            r"\b(weather|forecast|warm|cold|temperature|rain|wetter|vorhersage|temperatur|regnet)\b", re.I
        ),
    ),
    (
        "price",
        re.compile(
            r"\b(price|cost\w*|charge|how much|fee|kost\w*|preis\w*|kurs|trading at|worth|wert|gebühr)\b",
            re.I,
        ),
    ),
    ("code", re.compile(r"\b(isin|wkn|ticker|kürzel|symbol|vat number|ust-?id\w*)\b", re.I)),
    ("date", re.compile(r"\b(when|wann|date|datum|birthday|geburtstag)\b", re.I)),
    ("person", re.compile(r"\b(who|wer|whom|name of the)\b", re.I)),
)
_THIS_PAGE = re.compile(
    r"\b(this|the|diese[nmrs]?|der|die|das)\s+(article|page|post|piece|story|review|blog ?post|report|"
    r"artikel|beitrag|seite|text)\b|\b(?:who wrote|written by|wer hat)\s+(?:this|that|it|diese\w*)\b|"
    r"\bthis\s*\??$|\bfirst paragraph\b|\bersten? absatz\b",
    re.I,
)
_PAGE_PARTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paragraph", re.compile(r"\b(paragraph|absatz|abschnitt)\b", re.I)),
    ("link", re.compile(r"\b(link|verweis)\b", re.I)),
    (
        "author",
        re.compile(
            r"\b(wrote|written|author|writer|journalist|reporter|reported|byline|autor\w*|geschrieben|verfasst)\b",
            re.I,
        ),
    ),
    (
        "date",
        re.compile(r"\b(published|posted|when was|written on|veröffentlicht|erschienen|datum|date)\b", re.I),
    ),
    ("title", re.compile(r"\b(headline|title|titel|überschrift|schlagzeile)\b", re.I)),
    ("summary", re.compile(r"\b(about|summary|summari[sz]e|gist|worum|zusammenfassung|topic)\b", re.I)),
)
_ORDINALS = {**ORDINALS, "last": -1, "letzte": -1, "letzten": -1}
_TOMORROW = re.compile(r"\b(tomorrow|morgen)\b", re.I)
_TODAY = re.compile(r"\b(today|now|right now|currently|at the moment|heute|jetzt|gerade|aktuell)\b", re.I)
_FUTURE = re.compile(
    r"\b(next (?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|time)|"
    r"in (?:two|three|\d+) (?:days|weeks)|will (?:\w+ )?(?:cost|be)|übermorgen|"
    r"nächste[nrs]? (?:woche|monat|jahr|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|"
    r"kommende[nrs]? (?:woche|monat|jahr))\b",
    re.I,
)
_SEND = re.compile(
    r"\b(subscribe|sign (?:me )?up|abonnier\w*|anmelden zum|send|submit|absenden|abschicken|senden|"
    r"schicke?)\b",
    re.I,
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_STOP = frozenset(
    (  # noqa: SIM905
        "the a an and or of to in on for with from by at as is are be was were it its this that these those "
        "you your me my i we our do does did have has can could would should will what which who whom how "
        "when where why much many one right now today tomorrow currently please tell give find show get "
        "there here any some per der die das den dem des ein eine einen einem einer und oder zu im in am "
        "auf für mit von bei aus ist sind es ich du sie wir mir mich bitte was wer wie wann wo welche "
        "welcher welches viel viele heute morgen jetzt gerade aktuell nenne nenn sag sage gib zeig zeige "
        "kostet kosten cost costs price prices charge charged preis preise much worth trading wert "
        "weather forecast wetter vorhersage warm cold how's what's who's where's it's phone number "
        "telephone telefon telefonnummer nummer email e-mail address adresse mail open opening hours "
        "geöffnet öffnungszeiten date datum when wann who wer page site website seite site's shop's "
        "their his her them they he she us let like just also currently exactly about get out up moment "
        "at write can could may might shall am pm rate section sections rubrik finance finanzseite "
        "go its top then find finde öffne navigate visit tell kurs nenne"
    ).split()
)
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "share": ("aktie", "share", "stock", "kurs"),
    "shares": ("aktie", "share", "stock", "kurs"),
    "stock": ("aktie", "stock", "share"),
    "aktie": ("aktie", "share", "stock"),
    "subscription": ("subscription", "abo", "abonnement"),
    "editor-in-chief": ("editor-in-chief", "chefredakt", "chief editor"),
    "editorial": ("editorial", "redaktion", "newsroom"),
    "office": ("office", "redaktion", "büro"),
    "newsroom": ("newsroom", "redaktion"),
    "founded": ("founded", "opened", "gegründet", "established", "started"),
    "founder": ("founder", "opened", "gründer", "founded"),
    "saturdays": ("saturday", "samstag"),
    "saturday": ("saturday", "samstag"),
    "sundays": ("sunday", "sonntag"),
    "sunday": ("sunday", "sonntag"),
    "mondays": ("monday", "montag"),
    "monday": ("monday", "montag"),
    "truing": ("truing",),
    "euro": ("eur", "euro"),
    "dollars": ("usd", "dollar", "$"),
    "dollar": ("usd", "dollar", "$"),
    "tyre": ("tyre", "tire", "reifen"),
}
_GENERIC_THINGS = frozenset(
    [
        "newsroom",
        "editorial",
        "office",
        "shop",
        "store",
        "company",
        "site",
        "website",
        "portal",
        "newspaper",
        "workshop",
        "firm",
        "redaktion",
        "firma",
        "laden",
        "geschäft",
    ]
)

_MONEY = re.compile(
    r"(?:[-+]?\d{1,3}(?:[.\s]\d{3})*(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?(?:€|EUR\b|Euro\b)|"
    r"(?:€|\$|£|US\$)\s?\d[\d,.]*\d?|\d[\d,.]*\d?\s?(?:USD|\$|£|GBP\b)"
)
_DATE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|"
    rf"\b\d{{1,2}}(?:st|nd|rd|th|\.)?\s+{_MONTHS}\s*,?\s*\d{{4}}\b|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b|"
    rf"\b{_MONTHS}\s+\d{{1,2}}\b",
    re.I,
)
_PHONE = re.compile(r"(?<![\w.,])\+?\(?\d[\d ()/-]{5,}\d(?![\w.,]\d)")
_PHONE_WORD = re.compile(r"\b(phone|telephone|tel\.?|telefon\w*|fon|call|mobil\w*|hotline)\b", re.I)
_FAX_WORD = re.compile(r"\b(fax|telefax)\b", re.I)
_HOURS = re.compile(
    r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|uhr)?\s*(?:to|bis|–|-|—)\s*\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|uhr)?|"
    r"\b(?:closed|geschlossen|ruhetag)\b",
    re.I,
)
_TEMPERATURE = re.compile(r"-?\d{1,2}(?:[.,]\d)?\s?(?:°\s?[CF]?|grad\b)(?:,\s*[A-Za-zÄÖÜäöüß]+)?", re.I)
_ADDRESS = re.compile(
    r"\b\d{1,4}[a-z]?\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*\s+(?:Lane|Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Way|"
    r"Square|Place|Row|Hill|Close|Drive)\b(?:,\s*[A-Z][\w'-]+(?:\s+[A-Z0-9][\w'-]*){0,3})?|"
    r"\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|platz|gasse|allee|ring|damm)\s+\d{1,4}[a-z]?"
    r"(?:,\s*\d{5}\s+[A-ZÄÖÜ][\wäöüß-]+)?"
)
_CODE = re.compile(r"\b[A-Z]{2}[A-Z0-9]{6,12}\b|\b[A-Z]{2,5}\b")
_PERSON = re.compile(
    r"\b[A-ZÄÖÜ][a-zäöüßéè'’-]+(?:\s+(?:van|von|de|der|da|del|le|la|[A-Z]\.))?(?:\s+[A-ZÄÖÜ][a-zäöüßéè'’-]+){1,2}\b"
)
_NOT_NAMES = frozenset(
    [
        "The",
        "This",
        "That",
        "These",
        "What",
        "Who",
        "When",
        "Where",
        "How",
        "Which",
        "Our",
        "Your",
        "Their",
        "His",
        "Her",
        "Its",
        "Read",
        "Share",
        "Print",
        "Published",
        "Updated",
        "Posted",
        "By",
        "Von",
        "Paragraph",
        "Title",
        "Author",
        "Description",
        "Language",
        "Page",
        "Body",
    ]
)
_CONFIRMATION = re.compile(
    r"\b(thank you|thanks|danke|vielen dank|you(?:'|’)re on the list|subscribed|abonniert|sent|gesendet|"
    r"versendet|received|eingegangen|erhalten|confirm\w*|bestätig\w*|success\w*|erfolgreich|"
    r"welcome aboard)\b",
    re.I,
)
_FAILURE_WORDS = re.compile(
    r"\b(please (?:enter|agree|fill|check)|bitte (?:geben|füllen|bestätigen)|required|pflichtfeld|"
    r"error|fehler|invalid|ungültig|failed|fehlgeschlagen)\b",
    re.I,
)


# ---- text helpers ---------------------------------------------------------------------------------


_norm = compare_form


def page_key(url: str) -> str:
    """A URL as a page key: no fragment, no trailing slash, host in lower case."""
    if url.startswith("archive:"):
        return url
    parts = urlsplit(url)
    return f"{parts.netloc.lower()}{parts.path.rstrip('/') or '/'}?{parts.query}"


verbatim = contains_text


def _words(text: str) -> list[str]:
    return re.findall(r"[\wÄÖÜäöüß$€£-]+(?:'s)?", text)


def _stem(word: str) -> str:
    word = word.lower().removesuffix("'s").removesuffix("’s")
    for suffix in ("ies", "es", "s"):
        if len(word) > 4 and word.endswith(suffix) and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _mentions(text: str, word: str) -> bool:
    """Whether ``text`` mentions ``word`` (a synonym, a German/English twin, or a word starting with it)."""
    low = _norm(text)
    options = _SYNONYMS.get(word.lower(), (word,))
    for option in options:
        stem = _stem(option)
        probe = stem[: max(4, min(len(stem), 6))] if len(stem) > 6 else stem
        if re.search(r"(?<![\w])" + re.escape(probe.casefold()), low):
            return True
    return False


def _language_words(task: str) -> list[str]:
    return [w for w in _words(task)]


# ---- what a task asks -----------------------------------------------------------------------------


def question(task: str) -> Question:
    """Read what ``task`` asks (see :class:`Question`)."""
    text = re.sub(r"^\s*(?:Start page|Startseite):.*$", "", task, flags=re.M | re.I).strip()
    typed = tuple(dict.fromkeys(_EMAIL.findall(text)))
    send = bool(_SEND.search(text))
    when = "future" if _FUTURE.search(text) else "tomorrow" if _TOMORROW.search(text) else None
    if when is None and _TODAY.search(text):
        when = "today"
    names = _names(text)
    about_page = bool(_THIS_PAGE.search(text)) or (
        not names
        and bool(re.search(r"\b(this|diese[nmrs]?)\b", text, re.I))
        and not re.search(r"\b(site|website|shop|store|company|newspaper|seite|firma)\b", text, re.I)
    )
    kind = "text"
    # "open the politics section" is an action, not a question about opening hours
    hours_text = re.sub(r"(?:^|[,.;]\s*|\b(?:and|und|then|dann)\s+)(?:open|öffne)\b", " ", text, flags=re.I)
    for name, pattern in _KIND_PATTERNS:
        if pattern.search(hours_text if name == "hours" else text):
            kind = name
            break
    page_part = ""
    ordinal = 1
    if about_page and kind in ("text", "date", "person"):
        parts = _PAGE_PARTS
        if re.search(r"\b(when|wann)\b", text, re.I):
            parts = tuple(sorted(_PAGE_PARTS, key=lambda p: p[0] != "date"))
        for part, pattern in parts:
            if pattern.search(text):
                page_part = part
                break
        for word in re.findall(r"[\w]+", text.lower()):
            if word in _ORDINALS:
                ordinal = _ORDINALS[word]
                break
    if about_page and not page_part:
        about_page = kind in ("text",) and bool(re.search(r"\b(say|says|sagt|steht)\b", text, re.I))
        page_part = "paragraph" if about_page else ""
    if send and typed and kind in ("email", "text"):
        kind = "action"
    elif (
        not re.search(
            r"\?|^\s*(?:what|who|when|where|how|which|is|are|do|does|can|tell|give|find out|"
            r"was|wer|wann|wo|wie|welche\w*|nenne|nenn|sag|gib)\b",
            text,
            re.I,
        )
        and kind == "text"
    ):
        kind = "action"  # fmt: skip
    things = _things(text, names)
    if not about_page:
        things = (*things, *(r.lower() for r in _ROLES.findall(text) if r.lower() not in things))
    return Question(
        kind=kind,
        when=when,
        names=names,
        things=things,
        about_page=about_page,
        page_part=page_part,
        ordinal=ordinal,
        typed=typed,
        send=send,
    )


def _names(text: str) -> tuple[str, ...]:
    """Capitalised words of the task that name something (not the first word, not question words)."""
    found: list[str] = []
    tokens = re.findall(r"[\w'’-]+|[?.!,;:]", text)
    current: list[str] = []
    for i, tok in enumerate(tokens):
        sentence_start = i == 0 or tokens[i - 1] in "?.!"
        if (
            tok[:1].isupper()
            and not sentence_start
            and tok not in _NOT_NAMES
            and tok.lower() not in _STOP
            and not _looks_german_noun(tok, text)
            and _stem(tok) not in _WEEKDAYS
        ):
            current.append(tok.removesuffix("'s").removesuffix("’s"))
            continue
        if current:
            found.append(" ".join(current))
            current = []
    if current:
        found.append(" ".join(current))
    return tuple(dict.fromkeys(found))


def _looks_german_noun(token: str, text: str) -> bool:
    # German capitalises every noun: in a German task, only words the page would not translate count.
    return token.lower() in {
        "aktie", "aktien", "wetter", "preis", "kurs", "artikel", "seite", "abo", "telefonnummer",
        "nummer", "adresse", "newsletter", "öffnungszeiten", "autor", "absatz",
    }  # fmt: skip


def _things(text: str, names: Sequence[str]) -> tuple[str, ...]:
    named = {w.lower() for n in names for w in n.split()}
    out = []
    for word in _words(text):
        low = word.lower().removesuffix("'s").removesuffix("’s")
        if (
            low in _STOP
            or low in named
            or low in _WEEKDAYS
            or len(low) < 3
            or _EMAIL.fullmatch(word)
            or low.isdigit()
            or _KIND_WORD.fullmatch(low)
        ):
            continue
        out.append(low)
    return tuple(dict.fromkeys(out))


_ROLES = re.compile(
    r"\b(author|writer|owner|director|ceo|founder|journalist|reporter|editor|manager|chef|autor\w*|"
    r"inhaber\w*|geschäftsführ\w*)(?:'s)?\b",
    re.I,
)
_KIND_WORD = re.compile(
    r"subscribe|sign|newsletter|send|submit|wrote|written|author|published|posted|paragraph|say|says|"
    r"article|post|piece|story|headline|title|summary|one-line|line|journalist|reported|reporter|behind|"
    r"fix|get|charge|trading|worth|warm|cold|rain|will|like|be|stand|steht|lautet|gibt|geschrieben|"
    r"diesen|dieser|dieses|diese|hat|ist|wird|forecast|number|open|opened|weather|isin|code"
)


# ---- finding a value ------------------------------------------------------------------------------


def _value_pattern(kind: str) -> re.Pattern[str] | None:
    return {
        "price": _MONEY,
        "date": _DATE,
        "phone": _PHONE,
        "email": _EMAIL,
        "hours": _HOURS,
        "weather": _TEMPERATURE,
        "address": _ADDRESS,
        "code": _CODE,
        "person": _PERSON,
    }.get(kind)


def values_of(kind: str, text: str, exclude: Iterable[str] = ()) -> list[str]:
    """The values of ``kind`` in ``text``, in order (a phone number needs a phone word before it).

    ``exclude``: words of the task, which are never the value asked for ("ISIN" is not an ISIN).
    """
    skip = {w.casefold() for e in exclude for w in (e, *e.split())}
    pattern = _value_pattern(kind)
    if pattern is None:
        return []
    found = []
    for m in pattern.finditer(text):
        value = m.group(0).strip(" ,.")
        if kind == "phone":
            before = text[max(0, m.start() - 40) : m.start()]
            digits = re.sub(r"\D", "", value)
            if len(digits) < 6 or not _PHONE_WORD.search(before) or _FAX_WORD.search(before[-15:]):
                continue
            if _DATE.fullmatch(value):
                continue
        if kind == "person" and value.split()[0] in _NOT_NAMES:
            continue
        if value.casefold() in skip:
            continue
        found.append(value)
    return found


def find_value(text: str, q: Question, *, window: int = 140, title: str = "") -> tuple[str, str] | None:
    """A value ``q`` asks for in ``text``, next to the words of what it is about: ``(value, quote)``.

    The quote runs from the first word of the thing asked to the value, verbatim, and holds no
    other value of that kind in between (so the price of the next row is not taken). ``None`` when
    the page does not hold such a value about the thing asked.
    """
    pattern = _value_pattern(q.kind)
    if pattern is None:
        return None
    anchors = [
        w
        for w in (*q.names, *q.things)
        if w.lower() not in _GENERIC_THINGS and not (title and w in q.names and _mentions(title, w))
    ]
    flat = " ".join(text.split())
    if not anchors:
        hits = values_of(q.kind, flat, (*q.names, *q.things))
        if not hits:
            return None
        end = flat.find(hits[0]) + len(hits[0])
        return hits[0], flat[max(0, end - len(hits[0]) - 80) : end].strip()
    low = _norm(flat)
    if len(low) != len(flat):  # normalisation changed lengths: search the flat text as it is
        low = flat.casefold()
    starts = _anchor_starts(low, anchors) if anchors else [0]
    if q.kind == "person":
        return _find_person(flat, starts, anchors, title)
    for start in starts:
        segment = flat[start : start + window + 200]
        hits = values_of(q.kind, segment, (*q.names, *q.things))
        if not hits:
            continue
        value = hits[0]
        end = segment.find(value) + len(value)
        quote = segment[:end].strip()
        if len(quote) > window + len(value) or not all(_mentions(quote, a) for a in anchors):
            continue
        if not _close_together(quote, anchors):
            continue  # "a new inner tube ... e-bikes: £10" is not the price of a new e-bike
        return value, quote
    return None


def _close_together(quote: str, anchors: Sequence[str], gap: int = 30) -> bool:
    """The words asked about stand close together in the quote (a phrase, not scattered words)."""
    if len(anchors) < 2:
        return True
    low = _norm(quote)
    spots = []
    for a in anchors:
        found = [
            m.start()
            for o in _SYNONYMS.get(a.lower(), (a,))
            for m in re.finditer(re.escape(_stem(o).casefold()[:6]), low)
        ]
        if not found:
            return False
        spots.append(found)
    best = min(spots[0])
    return all(min(abs(p - best) for p in positions) <= gap for positions in spots[1:])


def _find_person(
    flat: str, starts: Sequence[int], anchors: Sequence[str], title: str
) -> tuple[str, str] | None:
    """A person's name next to the words asked ("Tom Beckett opened the workshop"): the nearest one.

    A name that is part of the page's title (the site's or the shop's name) is not a person.
    """
    for start in starts:
        before = flat[max(0, start - 80) : start]
        after = flat[start : start + 120]
        names = [
            (start - (max(0, start - 80) + m.end()), m.group(0), "before") for m in _PERSON.finditer(before)
        ]
        names += [(m.start(), m.group(0), "after") for m in _PERSON.finditer(after)]
        for _, name, side in sorted(names):
            if name.split()[0] in _NOT_NAMES or (title and _norm(name) in _norm(title)):
                continue
            if side == "before":
                i = before.rfind(name)
                quote = (before[i:] + after[:60]).strip()
            else:
                quote = after[: after.find(name) + len(name)].strip()
            if all(_mentions(quote, a) for a in anchors):
                return name, quote
    return None


def _anchor_starts(low: str, anchors: Sequence[str]) -> list[int]:
    """Positions where a window holding every anchor could start (at an anchor's first word)."""
    starts: list[int] = []
    first = anchors[0]
    options = _SYNONYMS.get(first.lower(), (first,))
    for option in options:
        stem = _stem(option).casefold()
        probe = stem[:6] if len(stem) > 6 else stem
        for m in re.finditer(r"(?<![\w])" + re.escape(probe), low):
            # Step back over the other anchors written before this one ("Wheel truing" for "truing a wheel").
            back = max(0, m.start() - 40)
            head = low[back : m.start()]
            shift = m.start()
            for other in anchors[1:]:
                o = _stem(other).casefold()[:6]
                k = head.rfind(o)
                if k >= 0:
                    shift = min(shift, back + k)
            starts.extend((shift, m.start()))
    return sorted(set(starts))


# ---- checking an answer ---------------------------------------------------------------------------

_WEEKDAY_RE = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")\b", re.I)


def _weekday(text: str) -> int | None:
    m = _WEEKDAY_RE.search(text)
    return _WEEKDAYS[m.group(1).lower()] if m else None


def check(
    task: str,
    answer: str,
    evidence: Sequence[Evidence],
    pages: Mapping[str, str],
    actions: Sequence[Mapping[str, Any]] = (),
) -> Verdict:
    """Whether ``answer`` with ``evidence`` holds for ``task``.

    Args:
        task: The task as the user gave it.
        answer: The final answer.
        evidence: What it cites.
        pages: The texts the run recorded, by page key (:func:`page_key`) or ``archive:<id>``.
        actions: The run's action records (tool, args, ok), oldest first.

    Returns:
        The verdict; ``why_not`` says in a few words what does not hold.
    """
    q = question(task)
    ev = tuple(evidence)

    def no(why: str) -> Verdict:
        return Verdict(False, why, ev)

    if not answer.strip():
        return no("the answer is empty")
    for item in ev:
        text = _source_text(item.source, pages)
        if text is None:
            return no(f"the evidence names a page that was never read ({item.source or 'no source'})")
        if not verbatim(item.quote, text):
            return no(f"the quote “{item.quote[:60]}” is not on {item.source}")
    if q.typed or q.send:
        why = _covered(q, ev, pages, actions)
        if why:
            return no(why)
    if q.kind == "action":
        return Verdict(True, "", ev)
    if not ev:
        return no("the answer cites no evidence from the pages")
    quoted = " ".join(e.quote for e in ev)
    context = " ".join([quoted, *(_head(_source_text(e.source, pages) or "") for e in ev)])
    for name in q.names:
        if not _mentions(context, name) and not all(_mentions(context, w) for w in name.split()):
            return no(f"the evidence is not about {name}")
    if q.when == "future":
        return no("the pages say nothing about that time to come")
    if q.when == "tomorrow" and not _about_tomorrow(ev, answer):
        return no("the evidence is not about tomorrow")
    if q.about_page:
        return (
            Verdict(True, "", ev)
            if _answer_quotes(answer, ev)
            else no("the answer does not state what the evidence says")
        )
    pattern = _value_pattern(q.kind)
    if pattern is not None:
        values = values_of(q.kind, quoted, (*q.names, *q.things))
        if not values:
            return no(f"the evidence holds no {_KIND_NAMES.get(q.kind, q.kind)}")
        if not any(_norm(v) in _norm(answer) for v in values):
            return no(f"the answer does not state the {_KIND_NAMES.get(q.kind, q.kind)} the evidence shows")
        roles = {r.lower() for r in _ROLES.findall(task)}
        if q.kind in ("price", "hours", "weather", "code") or roles:
            things = [t for t in q.things if t not in _GENERIC_THINGS]
            if q.kind not in ("price", "hours", "weather", "code"):
                things = [t for t in things if t in roles]
            missing = [t for t in things if not _mentions(context, t)]
            if missing:
                return no(f"the evidence does not mention {', '.join(missing)}")
    elif not _answer_quotes(answer, ev):
        return no("the answer does not state what the evidence says")
    return Verdict(True, "", ev)


_KIND_NAMES = {
    "price": "price",
    "date": "date",
    "phone": "phone number",
    "email": "e-mail address",
    "hours": "opening hours",
    "weather": "forecast",
    "address": "address",
    "code": "code",
    "person": "name",
}


def _source_text(source: str, pages: Mapping[str, str]) -> str | None:
    if not source:
        return None
    if source in pages:
        return pages[source]
    return pages.get(page_key(source))


def _head(text: str) -> str:
    """The title lines of a recorded text (the view's, the page facts' and the sections' heads)."""
    heads = [
        line[:300]
        for line in text.splitlines()
        if line.startswith(("You are on:", "Page facts of", "Section ", "Title:"))
    ]
    return " ".join(heads)


def _answer_quotes(answer: str, ev: Sequence[Evidence]) -> bool:
    """The answer states what the evidence says: a quote (or 40 characters of one) is in it."""
    a = _norm(answer)
    for e in ev:
        q = _norm(e.quote).strip(' ."…')
        if q and (q in a or (len(q) > 40 and q[:40] in a)):
            return True
    return False


def _about_tomorrow(ev: Sequence[Evidence], answer: str) -> bool:
    """Some evidence says 'tomorrow', or names the day after a 'today' the evidence shows."""
    today = None
    for e in ev:
        if re.search(r"\b(today|heute|date shown|datum)\b", e.answers, re.I):
            today = _weekday(e.quote)
    for e in ev:
        if not _TOMORROW.search(e.answers):
            continue
        if _TOMORROW.search(e.quote):
            return True
        day = _weekday(e.quote) if _weekday(e.quote) is not None else _weekday(e.answers)
        if today is not None and day is not None and day == (today + 1) % 7:
            return True
    return False


def _fills(action: Mapping[str, Any]) -> bool:
    """Whether a call filled a field (typing, choosing, ticking), as opposed to sending the form."""
    if action.get("tool") == "type":
        return True
    args = action.get("args") or {}
    return action.get("tool") == "act_on_evidence" and args.get("action") in ("type", "select", "check")


def _covered(
    q: Question, ev: Sequence[Evidence], pages: Mapping[str, str], actions: Sequence[Mapping[str, Any]]
) -> str:
    """What part of a send/subscribe task is not covered ('' when all is)."""
    for value in q.typed:
        if not any(
            a.get("ok")
            and a.get("tool") in ("type", "act_on_evidence")
            and str((a.get("args") or {}).get("text", "")).strip() == value
            for a in actions
        ):
            return f"{value} was never typed"
    if not q.send:
        return ""
    typed_at = max(
        (i for i, a in enumerate(actions) if a.get("ok") and _fills(a)),
        default=-1,
    )
    sent = any(
        a.get("ok")
        and i > typed_at
        and (
            a.get("tool") in ("click", "press")
            or (a.get("tool") == "act_on_evidence" and (a.get("args") or {}).get("action") == "click")
        )
        for i, a in enumerate(actions)
    ) or any(a.get("ok") and (a.get("args") or {}).get("submit") for a in actions)
    if not sent:
        return "the form was never sent"
    confirmed = [e for e in ev if _CONFIRMATION.search(e.quote) and not _FAILURE_WORDS.search(e.quote)]
    if not confirmed:
        return "no page confirmed it"
    return ""


def evidence_pages(records: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Recorded page texts ``[{url, text}]`` as a mapping by page key (texts of one page joined)."""
    pages: dict[str, str] = {}
    for r in records:
        url = str(r.get("url") or "")
        if not url:
            continue
        key = page_key(url)
        pages[key] = (pages.get(key, "") + "\n" + str(r.get("text") or "")).strip()
    return pages
