"""Turning a task in plain German or English into a short list of goals.

The parser knows a handful of direct instructions: open a section or page by its words, read the
first (second...) headline, open an article, go to the next page, search, log in and out, fill and
send a form, accept or close a cookie banner, click something, and read a value ('tell me the
price of X'). Whatever it does not understand is kept as *unsupported*, so the planner can say
honestly what it left undone. Pure functions: no browser, no model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from waypost.page.text import ORDINALS, Slots, unquote

__all__ = [
    "Ask",
    "Click",
    "Cookies",
    "Download",
    "FillForm",
    "FormField",
    "Goal",
    "Headline",
    "Login",
    "Logout",
    "NextPage",
    "Open",
    "OpenItem",
    "OpenTab",
    "Plan",
    "Read",
    "Search",
    "Upload",
    "parse_task",
    "target_words",
]


@dataclass(frozen=True)
class Open:
    """Go to a page named by words (``"politics"``), or to a URL given in the task."""

    words: str
    url: str | None = None


@dataclass(frozen=True)
class Headline:
    """Read the n-th headline of a section (the current page when ``section`` is empty)."""

    ordinal: int = 1
    section: str = ""


@dataclass(frozen=True)
class OpenItem:
    """Open the n-th article (or result) listed on the current page."""

    ordinal: int = 1
    section: str = ""


@dataclass(frozen=True)
class NextPage:
    """Go to the next page of a list, ``times`` times (``page 3`` → twice)."""

    times: int = 1


@dataclass(frozen=True)
class Search:
    """Type ``query`` into the search field and submit it."""

    query: str


@dataclass(frozen=True)
class Login:
    """Log in with the given credentials."""

    user: str
    password: str
    remember: bool = False


@dataclass(frozen=True)
class Logout:
    """Log out."""


@dataclass(frozen=True)
class FormField:
    """One field of a form to fill.

    Attributes:
        label: The field in words, as the user named it (``"email"``, ``"Thema"``).
        value: What to enter; for a checkbox, empty.
        kind: ``type`` for text, ``select`` for a dropdown or radio group, ``check`` for a checkbox.
    """

    label: str
    value: str = ""
    kind: Literal["type", "select", "check"] = "type"


@dataclass(frozen=True)
class FillForm:
    """Fill a form (found by ``form`` words, e.g. ``"contact"``) and send it if ``submit``."""

    form: str
    fields: tuple[FormField, ...]
    submit: bool = False


@dataclass(frozen=True)
class Cookies:
    """Accept the cookie banner (``accept``) or close it without consent."""

    accept: bool = True


@dataclass(frozen=True)
class Click:
    """Click an element named in words."""

    target: str


@dataclass(frozen=True)
class Read:
    """Read something on the page: ``query`` is what to look for, ``subject`` the thing it is about."""

    query: str
    subject: str = ""


@dataclass(frozen=True)
class Ask:
    """Answer a question from the pages: a value (price, phone, hours...) or a fact of the open page.

    ``question`` is the question as the user wrote it (``answer_check.question`` reads it).
    """

    question: str


@dataclass(frozen=True)
class Download:
    """Download the file a link or button named by ``words`` gives (read by a following ``Read``)."""

    words: str


@dataclass(frozen=True)
class OpenTab:
    """Open the page named by ``words`` that opens in a new tab, and switch to that tab."""

    words: str


@dataclass(frozen=True)
class Upload:
    """Put ``file`` (from the run's files) into the file field of the ``form`` words' form; send it."""

    file: str
    form: str = ""
    submit: bool = True


Goal = (
    Ask | Open | Headline | OpenItem | NextPage | Search | Login | Logout | FillForm | Cookies | Click | Read
    | Download | OpenTab | Upload
)  # fmt: skip


@dataclass(frozen=True)
class Plan:
    """What the task asks for.

    Attributes:
        task: The task text (without the start-page line).
        goals: The goals, in the order the task names them.
        start_url: Where to begin, from the ``Start page:`` line or a URL in the task.
        language: ``de`` or ``en``, for the final answer.
        unsupported: Parts of the task the planner cannot carry out, as written.
        refusal: Set when the whole task is beyond the planner (why, in a few words).
    """

    task: str
    goals: tuple[Goal, ...]
    start_url: str | None = None
    language: Literal["de", "en"] = "en"
    unsupported: tuple[str, ...] = field(default_factory=tuple)
    refusal: str = ""


# ---- vocabulary ----------------------------------------------------------------------------------

_START = re.compile(r"^\s*(?:Start page|Startseite|Start URL|Start):\s*(?P<url>\S+)\s*$", re.I | re.M)
_URL = re.compile(r"https?://[^\s\"'<>]+[^\s\"'<>.,;:!?)]")

_GERMAN_HINTS = re.compile(
    r"\b(und|die|der|das|den|dem|nenne|nenn|finde|gib|öffne|oeffne|zeige?|suche|melde|mir|mich|ich|"
    r"rubrik|schlagzeile|bitte|wie|was|welche[rsn]?|auf|nach|mit|einen?|ist|sind|gehe?|zur|zum|fülle?|"
    r"sende|schicke?|lies|sag|aus)\b",
    re.I,
)
_ENGLISH_HINTS = re.compile(
    r"\b(and|the|open|give|me|find|search|for|log|tell|what|which|go|to|of|with|fill|send|read|show|"
    r"please|first|top|headline|section|in|is|are|my|it)\b",
    re.I,
)

# Verbs the planner must not pretend to carry out.
_BEYOND = re.compile(
    r"\b(buy|purchase|order|pay|kauf\w*|bestell\w*|bezahl\w*|zahle?n?|delete|remove|lösche?n?|loesche?n?|"
    r"entfern\w*|register|sign ?up|registrier\w*|book|buche?n?|"
    r"compare|vergleich\w*|translate|übersetz\w*|summari[sz]e|zusammenfass\w*|fasse\b|analy[sz]e|analysier\w*|"
    r"recommend|empfiehl\w*|predict|invest\w*|sell|verkauf\w*|bewerte?n?|write (?:an? )?(?:e-?mail|"
    r"article|essay|review|post)|schreibe? (?:einen|eine|ein) (?:artikel|e-?mail|bewertung))\b",
    re.I,
)
_SUPERLATIVE = re.compile(
    r"\b(most|least|highest|lowest|best|worst|cheapest|biggest|largest|smallest|all of|every|each|"
    r"am (?:meisten|wenigsten|höchsten|hoechsten|niedrigsten|besten|günstigsten|stärksten|staerksten)|"
    r"höchste\w*|hoechste\w*|niedrigste\w*|beste\w*|günstigste\w*|stärkste\w*|alle[nr]?)\b",
    re.I,
)

_LOGOUT = re.compile(
    r"\b(log ?out|sign ?out|abmelden|ausloggen|logge? (?:mich |dich )?aus|melde? (?:mich |dich )?ab)\b", re.I
)
_LOGIN = re.compile(r"\b(log ?in|login|sign ?in|anmelden|einloggen|logge?|melde)\b", re.I)
_CREDENTIALS = (
    re.compile(
        r"\b(?:as|als|with|mit)\s+(?:user\s+|benutzer\s+)?[\"'„]?(?P<user>[^\s/\"'“”,]+)[\"'“”]?\s*/\s*"
        r"[\"'„]?(?P<password>[^\s\"'“”,]+)",
        re.I,
    ),
    re.compile(
        r"\b(?:user(?:\s?name)?|benutzer(?:name)?|nutzer(?:name)?|login|account|konto)\s*[:=]?\s*[\"'„]?"
        r"(?P<user>[^\s\"'“”,]+)[\"'“”]?\s*(?:,|;|\band\b|\bund\b|\bwith\b|\bmit\b)?\s*(?:the\s+|dem\s+|das\s+)?"
        r"(?:password|passwort|kennwort|pw)\s*[:=]?\s*[\"'„]?(?P<password>[^\s\"'“”,]+)",
        re.I,
    ),
    re.compile(
        r"\b(?:as|als)\s+[\"'„]?(?P<user>[^\s\"'“”,]+)[\"'“”]?\s*,?\s*(?:with|mit|and|und|using)?\s*"
        r"(?:the\s+|dem\s+|das\s+)?(?:password|passwort|kennwort|pw)\s*[:=]?\s*[\"'„]?(?P<password>[^\s\"'“”,]+)",
        re.I,
    ),
)
_REMEMBER = re.compile(
    r"\b(stay (?:logged|signed) in|remember me|angemeldet bleiben|eingeloggt bleiben)\b", re.I
)

_FORM = re.compile(r"\b(fill\w*|füll\w*|fuell\w*|ausfüll\w*|complete|\w*formular\w*|form)\b", re.I)
_FORM_WITH = re.compile(r"\b(?:with|mit)\b|:", re.I)
_SUBMIT = re.compile(
    r"(?:,\s*|\s+)(?:and\s+|und\s+)?(?:then\s+|dann\s+)?(?:send|submit|absenden|abschicken|senden|sende|schicke?|"
    r"verschicke?n?|click send|klick\w* auf senden)\b.*$",
    re.I,
)
_SUBMIT_ONLY = re.compile(
    r"^(?:then\s+|dann\s+)?(?:send|submit|absenden|abschicken|senden|sende|schicke?|verschicke?n?)"
    r"(?:\s+(?:it|es|them|sie|the form|das formular|ab))?(?:\s+ab)?$",
    re.I,
)
_SUBMIT_WORD = re.compile(r"\b(send|submit|absenden|abschicken|senden|sende|schicke?|verschicke?n?)\b", re.I)
_CONSENT = re.compile(
    r"\b(?:accept|agree to|tick|check|confirm|akzeptier\w*|bestätig\w*|bestaetig\w*|ankreuzen|kreuze|"
    r"subscribe to|abonnier\w*)\b.*\b(privacy|datenschutz\w*|terms|agb|conditions|newsletter|consent|"
    r"einwilligung)\b|\b(privacy|datenschutz\w*|terms|agb|newsletter)\w*\s+(?:akzeptieren|bestätigen|"
    r"bestaetigen|abonnieren|ankreuzen|accept(?:ed)?|zustimmen)\b",
    re.I,
)
_SELECT_LABELS = re.compile(
    r"^(topic|thema|anrede|salutation|title|country|land|category|kategorie|anliegen|betreff|subject)$", re.I
)
_KNOWN_LABEL = re.compile(
    r"^(?P<label>e-?mail(?:[- ]?(?:address|adresse))?|name|full name|first name|last name|vorname|nachname|"
    r"message|nachricht|text|comment|kommentar|phone(?: number)?|telefon(?:nummer)?|tel|subject|betreff|"
    r"topic|thema|anrede|salutation|company|firma|city|stadt|ort|address|adresse|plz|zip|country|land|"
    r"website|username|benutzername|password|passwort)\b\s*(?:[:=]|\bis\b|\bist\b|\bas\b|\bals\b|\bto\b|\bauf\b)?\s*"
    r"(?P<value>.+)$",
    re.I,
)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

_SEARCH = re.compile(r"\b(search|suche|such\w*|durchsuche|look up|schlag\w* nach)\b", re.I)
_SEARCH_QUERY = (
    re.compile(
        r"\b(?:search|suche|durchsuche|such\w*|look)\s+(?:up\s+)?(?:on\s+|in\s+|auf\s+)?"
        r"(?P<where>(?:the|die|der|das|den)\s+[\w-]+(?:\s+(?:site|page|seite|website|portal))?\s+)?"
        r"(?:for|nach)\s+(?P<q>.+)$",
        re.I,
    ),
    re.compile(r"\b(?:nach)\s+(?P<q>.+?)\s+(?:suchen|durchsuchen)\b", re.I),
    re.compile(r"\b(?:search|suche|look up)\s+(?P<q>.+)$", re.I),
)
_COOKIES = re.compile(r"\b(cookies?|cookie[- ]?banner|consent|einwilligung|privatsphäre)\b", re.I)
_ACCEPT = re.compile(
    r"\b(accept\w*|akzeptier\w*|zustimm\w*|stimme\w* zu|agree|allow|erlaub\w*|annehm\w*|einverstanden)\b",
    re.I,
)
_NEXT = re.compile(
    r"\b(?:next page|nächste\w* seite|naechste\w* seite|weiter ?blättern|(?:page|seite)\s+(?P<n>\d+))\b", re.I
)
_ORDINALS = {
    **ORDINALS,
    "top": 1, "latest": 1, "newest": 1, "erstes": 1, "neueste": 1, "neuesten": 1, "neuester": 1,
    "neuestes": 1, "aktuellste": 1, "aktuellsten": 1, "lead": 1, "leading": 1,
    "zweiter": 2, "zweites": 2, "dritter": 3, "drittes": 3, "vierten": 4, "fuenfte": 5,
}  # fmt: skip
_HEADLINE = re.compile(
    r"\b(headlines?|schlagzeilen?|top[- ]?(?:story|stories|thema|meldung|news|nachricht)|aufmacher|"
    r"lead story|leading story)\b",
    re.I,
)
_ITEM = re.compile(
    r"\b(?P<ord>" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r")\s+(?:\w+\s+)?"
    r"(?P<noun>articles?|artikel|story|stories|meldung(?:en)?|news|nachricht(?:en)?|beitr(?:a|ä)ge?|"
    r"headlines?|schlagzeilen?|entry|eintrag|results?|treffer|item|link)\b",
    re.I,
)
_OPEN_VERB = re.compile(
    r"\b(open|öffne|oeffne|click|klick\w*|read|lies|go to|gehe? (?:zu[rm]?|auf)|visit|besuche|follow|"
    r"folge)\b",
    re.I,
)
_CLICK = re.compile(
    r"^(?:please\s+|bitte\s+)?(?:click|klick\w*|press|drücke?|tap)\s+(?:on\s+|auf\s+)?(?P<target>.+?)"
    r"(?:\s+an)?$",
    re.I,
)
_OPEN = re.compile(
    r"\b(open|go to|goto|navigate to|navigate|visit|take me to|switch to|show me|show|öffne|oeffne|"
    r"gehe? (?:zu[rm]?|auf|in die|in den|ins)|geh|navigiere(?: zu[rm]?)?|besuche|wechsle(?: zu[rm]?| auf)?|"
    r"zeige? (?:mir )?|finde|find|bring (?:me|mich) to|rufe?)\b",
    re.I,
)
_READ = re.compile(
    r"\b(tell me|tell|give me|give|what(?:'s| is| are| was)?|how (?:much|high|many|is|are)|which|who|when|"
    r"where|nenne (?:mir )?|nenn (?:mir )?|gib (?:mir )?|sag (?:mir )?|sage (?:mir )?|"
    r"was (?:ist|sind|kostet|steht)|"
    r"wie (?:hoch|viel|viele|ist|lautet|steht)|welche[rsnm]?|wer|wann|wo|read|lies|report|list|liste|"
    r"find out|check|prüfe?|pruefe?|look at|schau\w*)\b",
    re.I,
)
_READ_FILLER = re.compile(
    r"^(?:(?:me|mir|us|uns|the|die|der|das|den|dem|is|are|ist|sind|there|da|es|it|on|auf|about|über|"
    r"please|bitte|out|nach|from|von|aus|a|an|ein|eine|einen|my|meine[mnr]?|mein|our|unsere[mnr]?|"
    r"what|was|this|that|these|dies\w*)\b\s*)+",
    re.I,
)
_SUBJECT = re.compile(
    r"\b(?:of|for|von|für|fuer|des|der|about|über|ueber|zu[rm]?)\s+(?:the\s+|die\s+|der\s+|den\s+|dem\s+)?(?P<s>.+)$",
    re.I,
)

_GENERIC_WORDS = frozenset(
    (  # noqa: SIM905
        "the a an to die der das den dem des ein eine einen rubrik rubriken section sections ressort page "
        "pages seite seiten site website webseite bereich area category kategorie tab menu link portal me "
        "mir please bitte our unsere on auf zur zum zu go gehe geh it es there dort in im into ins my meine "
        "mein its their for von of from aus"
    ).split()
)
_COMPOUND_TAILS = ("seite", "rubrik", "bereich", "formular", "ressort")


# ---- public ------------------------------------------------------------------------------------


def parse_task(task: str) -> Plan:
    """Parse a task into goals.

    Args:
        task: The task as the user wrote it; a last line ``Start page: <url>`` gives the start page.

    Returns:
        The plan. ``refusal`` is set when nothing in the task is within the planner's reach.

    Example:
        >>> plan = parse_task("open the politics section and give me the first headline")
        >>> plan.goals
        (Open(words='politics', url=None), Headline(ordinal=1, section=''))
    """
    start = None
    match = _START.search(task)
    text = task
    if match:
        start = match.group("url")
        text = (task[: match.start()] + task[match.end() :]).strip()
    language = _language(text)
    goals: list[Goal] = []
    unsupported: list[str] = []
    beyond = _BEYOND.search(text)
    if beyond:
        return Plan(text, (), start, language, (text,), refusal=beyond.group(0))
    urls = _URL.findall(text)
    if urls and start is None:
        start = urls[0]
    for clause in _clauses(text):
        if _SUBMIT_ONLY.match(clause) and goals and isinstance(goals[-1], FillForm):
            goals[-1] = FillForm(goals[-1].form, goals[-1].fields, submit=True)
            continue
        parsed = _classify(clause)
        if parsed is None:
            if _meaningful(clause):
                unsupported.append(clause)
            continue
        goals.extend(parsed)
    goals, unsupported = _questions(text, goals, unsupported)
    refusal = ""
    if not goals:
        refusal = "no direct instruction" if text.strip() else "empty task"
    elif _SUPERLATIVE.search(text) and not any(
        isinstance(g, (Headline, OpenItem, Login, FillForm)) for g in goals
    ):
        refusal = _SUPERLATIVE.search(text).group(0)  # type: ignore[union-attr]
        goals = []
    return Plan(text, tuple(goals), start, language, tuple(unsupported), refusal)


_SUBSCRIBE = re.compile(r"\b(subscribe|abonnier\w*|newsletter)\b", re.I)
_VALUE_KINDS = frozenset({"price", "phone", "email", "hours", "weather", "address", "code", "person", "date"})


def _questions(text: str, goals: list[Goal], unsupported: list[str]) -> tuple[list[Goal], list[str]]:
    """Questions about a value or about the open page become one :class:`Ask` (after any navigation)."""
    from waypost.models.answer_check import question

    q = question(text)
    emails = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text)
    if _SUBSCRIBE.search(text) and emails and not re.search(r"form", text, re.I):
        return [FillForm("newsletter", (FormField("email", emails[0]),), submit=True)], []
    if not (q.about_page and q.page_part) and q.kind not in _VALUE_KINDS:
        return goals, unsupported
    if any(isinstance(g, (Login, FillForm, Search, Headline, OpenItem)) for g in goals) and not q.about_page:
        return goals, unsupported
    kept: list[Goal] = [g for g in goals if isinstance(g, (Open, NextPage, Cookies, Login, OpenItem))]
    if (
        kept
        and isinstance(kept[-1], Open)
        and not kept[-1].url
        and _READ.search(
            text[: text.lower().find(kept[-1].words.lower().split()[0]) if kept[-1].words else 0] or ""
        )
    ):
        kept = kept[:-1]  # 'what is the price of X' was read as opening X
    return [*kept, Ask(text)], []


def target_words(text: str) -> str:
    """The words that name a page or element: generic words ('the', 'section', 'Seite') removed.

    Example:
        >>> target_words("die Rubrik Sport"), target_words("the Finanzseite")
        ('Sport', 'Finanz')
    """
    words = []
    for word in re.findall(r"[\w@.+-]+", text):
        clean = word.strip(".-")
        low = clean.lower()
        if not clean or low in _GENERIC_WORDS:
            continue
        for tail in _COMPOUND_TAILS:
            if low.endswith(tail) and len(low) > len(tail) + 2:
                clean = clean[: -len(tail)].rstrip("-")
                break
        words.append(clean)
    return " ".join(words)


# ---- clauses -----------------------------------------------------------------------------------

_SPLIT = re.compile(
    r"\s*(?:[;!?]\s+|\.\s+|,\s+(?:and\s+|und\s+)?(?:then\s+|dann\s+|danach\s+)?|"
    r"\s+(?:and|und|&)\s+(?:then\s+|dann\s+|danach\s+|anschließend\s+)?|"
    r"\s+(?:then|dann|danach|anschließend|afterwards)\s+)",
    re.I,
)


def _clauses(text: str) -> list[str]:
    """Split the task into clauses, keeping credentials, form field lists and quotes whole."""
    slots = Slots()
    protect = slots.keep
    text = _URL.sub(lambda m: protect(m.group(0)), text.strip().rstrip("."))
    text = slots.mask_quoted(text, with_marks=True)
    for pattern in _CREDENTIALS:
        text = pattern.sub(lambda m: protect(m.group(0)), text)
    form = _FORM.search(text)
    if form:
        rest = text[form.end() :]
        start = _FORM_WITH.search(rest)
        if start:
            begin = form.end() + start.start()
            end_match = _SUBMIT.search(text, begin)
            end = end_match.start() if end_match else len(text)
            text = text[:begin] + protect(text[begin:end]) + text[end:]
    parts = [p for p in _SPLIT.split(text) if p and p.strip()]

    def restore(part: str) -> str:
        return slots.restore(part).strip(" ,.")

    return [restore(p) for p in parts if restore(p)]


_MORE_GERMAN = re.compile(
    r"\b(wer|wann|wo|dieser|diesen|dieses|hat|kostet|morgen|wetter|geschrieben|veröffentlicht|heute|"
    r"eine|ein|für|ich|sie|uns|uhr|nicht|auch|noch)\b|[äöüß]",
    re.I,
)
_MORE_ENGLISH = re.compile(
    r"\b(who|when|where|this|does|did|do|you|your|wrote|written|how|much|cost|costs|article|page|"
    r"published|say|says|about|was|were|will|whats|what's|who's|can|i|be|like|there)\b",
    re.I,
)


def _language(text: str) -> Literal["de", "en"]:
    german = len(_GERMAN_HINTS.findall(text)) + len(_MORE_GERMAN.findall(text))
    english = len(_ENGLISH_HINTS.findall(text)) + len(_MORE_ENGLISH.findall(text))
    # "was" is German's "what" and English's past tense: it counts for neither side.
    german -= len(re.findall(r"\bwas\b", text, re.I))
    english -= len(re.findall(r"\bwas\b", text, re.I))
    return "de" if german > english else "en"


def _meaningful(clause: str) -> bool:
    return bool(target_words(clause).strip()) and not re.fullmatch(
        r"\s*(?:it|es|them|sie|that|das|danke|thanks|thank you|please|bitte)\s*", clause, re.I
    )


# ---- classification ----------------------------------------------------------------------------


def _classify(clause: str) -> list[Goal] | None:
    for parse in (
        _as_upload,
        _as_download,
        _as_tab,
        _as_logout,
        _as_login,
        _as_form,
        _as_consent,
        _as_search,
        _as_cookies,
        _as_next,
        _as_item,
        _as_click,
        _as_open,
        _as_read,
    ):
        goals = parse(clause)
        if goals is not None:
            return goals
    return None


def _as_logout(clause: str) -> list[Goal] | None:
    return [Logout()] if _LOGOUT.search(clause) else None


def _as_login(clause: str) -> list[Goal] | None:
    if not _LOGIN.search(clause):
        return None
    for pattern in _CREDENTIALS:
        match = pattern.search(clause)
        if match:
            return [Login(match.group("user"), match.group("password"), bool(_REMEMBER.search(clause)))]
    if re.search(
        r"\b(log ?in|sign ?in|einloggen|logge? (?:mich|dich) ein|melde? (?:mich|dich) an)\b", clause, re.I
    ):
        return [Login("", "")]  # no credentials: the planner says what it needs
    return None


def _as_form(clause: str) -> list[Goal] | None:
    match = _FORM.search(clause)
    if not match or not re.search(r"\b(fill|füll|fuell|ausfüll|complete|formular|form)", clause, re.I):
        return None
    head = clause[: match.end()]
    rest = clause[match.end() :]
    with_match = _FORM_WITH.search(rest)
    field_text = rest[with_match.end() :] if with_match else ""
    submit = bool(_SUBMIT_WORD.search(field_text) or _SUBMIT_WORD.search(head))
    field_text = _SUBMIT.sub("", field_text)
    form_words = _form_words(head + " " + (rest[: with_match.start()] if with_match else rest))
    return [FillForm(form_words, _fields(field_text), submit)]


def _form_words(text: str) -> str:
    text = re.sub(
        r"\b(fill(?: in| out)?|füll\w*|fuell\w*|ausfüll\w*|aus|complete|the|die|das|den|form|formular|"
        r"please|bitte|out|in)\b",
        " ",
        text,
        flags=re.I,
    )
    text = re.sub(r"(\w+)formular\w*", r"\1", text, flags=re.I)
    return target_words(text)


def _fields(text: str) -> tuple[FormField, ...]:
    fields: list[FormField] = []
    slots = Slots()
    masked = slots.mask_quoted(text, with_marks=True)
    for raw in re.split(r",\s+|;\s*|\s+(?:and|und)\s+", masked):
        part = slots.restore(raw).strip(" .")
        part = re.sub(r"^(?:the|my|die|der|das|den|meine[mn]?|mein|as|als|with|mit)\s+", "", part, flags=re.I)
        if not part:
            continue
        if _CONSENT.search(part):
            fields.append(FormField(_consent_label(part), "", "check"))
            continue
        label, value = _label_value(part)
        if not label:
            continue
        kind: Literal["type", "select"] = "select" if _SELECT_LABELS.match(label) else "type"
        fields.append(FormField(label, value, kind))
    return tuple(fields)


def _label_value(part: str) -> tuple[str, str]:
    quoted = re.match(
        r"^(?P<label>[\w\- ]+?)\s*(?:[:=]|\bis\b|\bist\b|\bas\b|\bals\b)?\s*(?P<value>[\"'„“«].+)$", part
    )
    if quoted:
        return quoted.group("label").strip(), unquote(quoted.group("value"))
    known = _KNOWN_LABEL.match(part)
    if known:
        return known.group("label"), unquote(known.group("value"))
    if _EMAIL.match(part):
        return "email", part
    generic = re.match(r"^(?P<label>[\w\-]+(?: [\w\-]+)?)\s*[:=]\s*(?P<value>.+)$", part) or re.match(
        r"^(?P<label>[\w\-]+)\s+(?P<value>.+)$", part
    )
    if generic:
        return generic.group("label"), unquote(generic.group("value"))
    return "", ""


def _consent_label(part: str) -> str:
    match = re.search(
        r"(privacy|datenschutz\w*|terms|agb|conditions|newsletter|consent|einwilligung)", part, re.I
    )
    word = match.group(1) if match else part
    return {"privacy": "privacy policy", "terms": "terms", "conditions": "terms"}.get(word.lower(), word)


def _as_consent(clause: str) -> list[Goal] | None:
    if _COOKIES.search(clause) or not _CONSENT.search(clause):
        return None
    return [FillForm("", (FormField(_consent_label(clause), "", "check"),), False)]


def _as_search(clause: str) -> list[Goal] | None:
    if not _SEARCH.search(clause):
        return None
    for pattern in _SEARCH_QUERY:
        match = pattern.search(clause)
        if not match:
            continue
        query = unquote(
            re.sub(
                r"\s+(?:on|auf|in) (?:the|der|dem|die) [\w-]+(?: (?:site|seite|page))?$", "", match.group("q")
            )
        )
        if not query:
            continue
        goals: list[Goal] = []
        where = match.groupdict().get("where")
        if where and target_words(where):
            goals.append(Open(target_words(where)))
        goals.append(Search(query))
        return goals
    return None


def _as_cookies(clause: str) -> list[Goal] | None:
    if not _COOKIES.search(clause):
        return None
    return [Cookies(accept=bool(_ACCEPT.search(clause)))]


def _as_next(clause: str) -> list[Goal] | None:
    match = _NEXT.search(clause)
    if not match:
        return None
    goals: list[Goal] = []
    section = _section_words(clause[: match.start()] + " " + clause[match.end() :])
    if section:
        goals.append(Open(section))
    number = match.group("n")
    times = int(number) - 1 if number else 1
    if times < 1:
        return goals or None
    goals.append(NextPage(times))
    return goals


def _ordinal(text: str) -> int:
    for word in re.findall(r"[\w]+", text.lower()):
        if word in _ORDINALS:
            return _ORDINALS[word]
    return 1


def _as_item(clause: str) -> list[Goal] | None:
    headline = _HEADLINE.search(clause)
    item = _ITEM.search(clause)
    if not headline and not item:
        return None
    ordinal = _ordinal(item.group("ord") if item else clause)
    span = item or headline
    assert span is not None
    section = _section_words(clause[: span.start()] + " " + clause[span.end() :])
    opens = _OPEN_VERB.search(clause) and not _READ.search(clause[: span.start()])
    if opens:
        return [OpenItem(ordinal, section)]
    return [Headline(ordinal, section)]


def _section_words(text: str) -> str:
    text = _READ.sub(" ", text)
    text = _OPEN.sub(" ", text)
    text = re.sub(
        r"\b(" + "|".join(_ORDINALS) + r"|the|die|der|das|den|dem|me|mir|its|seine?|ihre?)\b",
        " ",
        text,
        flags=re.I,
    )
    text = re.sub(r"\b(in|of|from|on|aus|im|in der|auf|von|der|des)\b", " ", text, flags=re.I)
    return target_words(text)


def _as_click(clause: str) -> list[Goal] | None:
    match = _CLICK.match(clause.strip())
    if not match:
        return None
    target = unquote(re.sub(r"^(?:the|den|die|das)\s+", "", match.group("target"), flags=re.I))
    return [Click(target)] if target else None


def _as_open(clause: str) -> list[Goal] | None:
    match = _OPEN.search(clause)
    if not match:
        return None
    rest = clause[match.end() :]
    url = _URL.search(rest)
    if url:
        return [Open("", url.group(0))]
    words = target_words(re.sub(r"\s+(?:an|auf)$", "", rest))
    if not words:
        return None
    if _SUBJECT.search(rest) and len(words.split()) > 2:
        return _as_read(clause)
    return [Open(words)]


def _as_read(clause: str) -> list[Goal] | None:
    match = _READ.search(clause)
    if not match:
        return None
    query = clause[match.end() :].strip()
    while True:
        shorter = _READ_FILLER.sub("", _READ.sub("", query, count=1) if _READ.match(query) else query).strip()
        if shorter == query:
            break
        query = shorter
    query = query.strip(" ?.!")
    if not target_words(query):
        return None
    subject_match = _SUBJECT.search(query)
    subject = target_words(subject_match.group("s")) if subject_match else ""
    return [Read(query, subject)]


_UPLOAD = re.compile(
    r"\b(?:upload|hochladen|lade|attach|hänge?|haenge?)\s+(?P<file>[\w.~/-]+\.\w{1,5})\s+"
    r"(?:to|into|in|on|onto|with|auf|an|in das|ins|zum|zur)\s+(?P<where>.+?)(?:\s+(?:hoch|an))?$",
    re.I,
)
_DOWNLOAD = re.compile(
    r"^(?:please\s+|bitte\s+)?(?:download|herunterladen|lade)\s+(?P<what>.+?)(?:\s+herunter)?$", re.I
)
_NEW_TAB = re.compile(
    r"\s*\b(?:in|into|im|in einem|in the|in a)?\s*(?:the\s+|a\s+|einem\s+|dem\s+)?"
    r"(?:new|neue[nm]?)\s+(?:tab|reiter|window|fenster)\b",
    re.I,
)


def _as_upload(clause: str) -> list[Goal] | None:
    match = _UPLOAD.search(clause)
    if not match:
        return None
    return [Upload(match.group("file"), _form_words(match.group("where")))]


def _as_download(clause: str) -> list[Goal] | None:
    match = _DOWNLOAD.match(clause.strip())
    if not match:
        return None
    words = target_words(re.sub(r"\b(?:file|datei|pdf)\b", " ", match.group("what"), flags=re.I))
    return [Download(words)] if words else None


def _as_tab(clause: str) -> list[Goal] | None:
    match = _NEW_TAB.search(clause)
    if not match or not _OPEN.search(clause):
        return None
    rest = _OPEN.sub(" ", clause[: match.start()] + " " + clause[match.end() :])
    words = target_words(rest)
    return [OpenTab(words)] if words else None
