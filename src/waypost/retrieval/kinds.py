"""Kinds of widgets named in plain words: 'the button', 'the text field', 'a checkbox', 'the date'.

A target that names only a kind ('click the button', 'focus into the 2nd textbox') is resolved by
kind, not by text similarity: the unique visible element of that kind wins, an ordinal picks one
in reading order, and several of them are a tie.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from waypost.retrieval.descriptor import ElementDescriptor

# Phrases folded into one kind word before the target is split into words.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b{a}\b", re.IGNORECASE), b)
    for a, b in (
        (r"text\s*areas?", "textarea"),
        # 'a text widget' (as opposed to a text area): a one-line text input
        (r"text\s+(?:widget|element|control)s?", "textline"),
        (r"(?:text|input|entry|edit)\s*(?:field|box|input)s?", "textbox"),
        (r"input\s+textbox(?:es)?", "textbox"),
        (r"date\s*pickers?|calendar\s+(?:field|input|widget)s?|date\s+(?:field|input|box)s?", "datepicker"),
        (r"time\s+(?:field|input|box|picker)s?", "timefield"),
        (
            r"spin\s*buttons?|spinners?|steppers?|number\s+(?:field|input|box)s?|numeric\s+(?:field|input)s?",
            "spinbutton",
        ),
        (r"radio\s*buttons?|radios", "radio"),
        (r"check\s*box(?:es)?|checkboxes|tick\s*box(?:es)?", "checkbox"),
        (
            r"drop[\s-]*downs?(?:\s+(?:list|menu))?|select\s*(?:box|list|menu)s?|list\s*box(?:es)?|pick\s*lists?|"
            r"(?:scroll(?:ing|able)?|multi[\s-]?select(?:ion)?)\s+lists?",
            "dropdown",
        ),
        (r"toggle\s+switch(?:es)?|switches", "switch"),
        (r"sliders|range\s+(?:slider|input)s?", "slider"),
        (r"menu\s*buttons?", "menubutton"),
        (r"menu\s*(?:items?|entries|entry|options?)", "menuitem"),
        (r"search\s+results?", "result"),
        (r"buttons", "button"),
        (r"links", "link"),
        (r"tabs", "tab"),
        (
            r"(?:collapsible|expandable|accordion)(?:\s+(?:section|panel|header|item)s?)?|sections|accordions|panels?",
            "section",
        ),
        # 'the letter V', 'zum Buchstaben Q', 'písmeno H', '字母 P': an index's letter is named by
        # the letter alone
        (
            r"(?:(?:the|la|le|die|den|dem|el|la)\s+)?(?:letter|buchstaben?|lettre|letra|lettera|písmeno|písmena|písmenu|litera|literę|буква|букву)"
            r"\s+(?=[^\W\d_]\b)|字母\s*(?=[A-Za-z]\b)",
            "",
        ),
    )
)

# Kind words beyond the ARIA role words of ``synonyms.ROLE_WORDS``, with the kinds they mean.
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "textarea": ("textarea",),
    "textbox": ("textbox", "searchbox"),
    "textline": ("textline",),
    "datepicker": ("date",),
    "date": ("date",),
    # ('Datum auf 1.7.2026 setzen': the page's one date field, or unsure among several)
    "datum": ("date",),
    "fecha": ("date",),
    "дата": ("date",),
    "日付": ("date",),
    "日期": ("date",),
    "timefield": ("time",),
    "time": ("time",),
    "spinbutton": ("spinbutton",),
    "dropdown": ("combobox", "listbox"),
    "list": ("combobox", "listbox"),
    "menubutton": ("menubutton",),
    "menuitem": ("menuitem", "menuitemradio", "menuitemcheckbox"),
    # 'the 2nd search result': a link the page marks as a result
    "result": ("result",),
    # 'expand the section': something that shows or hides a part of the page
    "section": ("disclosure",),
    "disclosure": ("disclosure",),
}

# Words that add nothing to a kind ('a checkbox widget', 'the button element').
FILLER = frozenset(
    {
        "widget",
        "element",
        "control",
        "thing",
        "item",
        "field",
        "input",
        "box",
        "below",
        "above",
        "here",
        "shown",
    }
)

# The handle of a slider drawn by a widget library without a role (jQuery UI, bootstrap-slider).
SLIDER_HANDLE = re.compile(r"\bslider[-_]handle\b|\bui-slider-handle\b", re.IGNORECASE)
_DATE_HINT = re.compile(r"date|datum|calendar|kalender|\bday\b|dd|mm/|yyyy", re.IGNORECASE)
_TIME_HINT = re.compile(r"\btime\b|uhrzeit|zeit\b|hh:mm", re.IGNORECASE)
_TEXT_TYPES = frozenset(
    {
        "",
        "text",
        "search",
        "email",
        "password",
        "tel",
        "url",
        "number",
        "date",
        "time",
        "datetime-local",
        "month",
        "week",
    }
)


_DISCLOSURE_TAGS = frozenset({"summary", "h2", "h3", "h4", "h5", "h6"})
_DATE_TYPES = frozenset({"date", "time", "datetime-local", "month", "week"})


def fold_phrases(text: str) -> str:
    """'the text field' → 'the textbox', 'a date picker' → 'a datepicker'."""
    for rx, word in _PHRASES:
        text = rx.sub(word, text)
    return text


def _hints(e: ElementDescriptor) -> str:
    return " ".join((e.id, e.name_attr, e.classes, e.label, e.placeholder, e.name, e.title))


# The box of a list widget drawn over a hidden <select>: Select2 ('select2-choice', its 3.x box
# '#s2id_x'), Chosen, selectize, Selectric, nice-select, Tom Select, Choices.
_LIST_WIDGET_BOX = re.compile(
    r"\bselect2-(?:choice|selection|container)\b|^s2id_|\bchosen-(?:single|container)\b|"
    r"\bselectize-input\b|\bselectric\b|\bnice-select\b|\bts-control\b|\bchoices__inner\b",
    re.IGNORECASE,
)
# A search result's link, by the words its page marks it with ('search-title', 'data-result').
_RESULT_HINT = re.compile(r"result|serp|search[\s_-]*title", re.IGNORECASE)


def matches(e: ElementDescriptor, kinds: Iterable[str]) -> bool:
    """Whether ``e`` is of one of ``kinds`` (ARIA roles, the pseudo kinds of ``KIND_WORDS``, or
    ``type:<input type>``)."""
    for k in kinds:
        if k == "textarea" and e.tag == "textarea":
            return True
        if k == "slider" and SLIDER_HANDLE.search(e.classes):
            return True  # a widget library's slider handle without ARIA (jQuery UI)
        if k.startswith("type:") and e.tag == "input" and e.type == k[5:]:
            return True  # 'the password' where the one password field is labelled "Secret"
        if k == "date":
            if e.tag == "input" and e.type in ("date", "datetime-local", "month", "week"):
                return True
            if e.tag == "input" and e.type in ("", "text") and _DATE_HINT.search(_hints(e)):
                return True
        if k == "time":
            if e.tag == "input" and e.type == "time":
                return True
            if e.tag == "input" and e.type in ("", "text") and _TIME_HINT.search(_hints(e)):
                return True
        if (
            k == "textline"
            and e.tag == "input"
            and e.role in ("textbox", "searchbox")
            and e.type not in _DATE_TYPES
        ):
            return True
        if k == "disclosure" and (e.expanded is not None or e.tag in _DISCLOSURE_TAGS) and not e.popup:
            return True
        if k == "menubutton" and e.role == "button" and e.popup:
            return True
        marks = f"{e.classes} {e.id} {' '.join(e.data)}"
        if k in ("combobox", "listbox") and e.role != "option" and _LIST_WIDGET_BOX.search(marks):
            return True  # the box a widget library draws over a hidden <select> (Select2, Chosen...)
        if k == "result" and e.role == "link" and _RESULT_HINT.search(marks):
            return True
        if k in ("textbox", "searchbox"):
            if e.role in ("textbox", "searchbox") and e.type not in ("date", "time", "datetime-local"):
                return True
            if e.editable:
                return True
        elif k == e.role:
            return True
    return False


def bootstrap_dropdown(e: ElementDescriptor) -> bool:
    """A Bootstrap drop-down toggle (``data-toggle="dropdown"``), often without aria-haspopup."""
    return "dropdown" in (e.data.get("data-bs-toggle"), e.data.get("data-toggle"))


def typable(e: ElementDescriptor) -> bool:
    """A field text can be typed into."""
    return e.editable or e.tag == "textarea" or (e.tag == "input" and e.type in _TEXT_TYPES)


# The name of a checkbox that selects every row of a list or grid at once ('Select all', 'Alle
# auswählen', 'Tout sélectionner', '全选'), in the languages instructions are read in.
_SELECT_ALL = re.compile(
    r"^\s*(?:toggle\s+(?:group|selection)|(?:select|check|tick|toggle)\s+all(?:\s+(?:the\s+)?\w+)?"
    r"(?:\s+(?:on|in)\s+(?:this|the)\s+(?:page|list|table)(?:\s+for\s+an?\s+\w+)?)?|all|"
    r"alle\s+(?:auswählen|markieren|wählen)|alles\s+(?:auswählen|markieren|selecteren)|"
    r"(?:tout|tous|toutes)\s+(?:sélectionner|cocher)|sélectionner\s+tout|"
    r"seleccionar\s+todo[s]?|marcar\s+todo[s]?|seleziona(?:re)?\s+tutt[oie]|selecionar\s+tud[oa]s?|"
    r"zaznacz\s+wszystk(?:o|ie)|vybrat\s+vše|označit\s+vše|выбрать\s+все|выделить\s+все|"
    r"(?:select|check|tick)\s+all|(?:sélectionner|cocher)\s+(?:toutes?|tous)\s+(?:les\s+)?\w+|"
    r"(?:alle|sämtliche)\s+\w+\s+(?:auswählen|markieren)|seleccionar\s+tod[oa]s\s+(?:las\s+|los\s+)?\w+|"
    r"selecionar\s+tod[oa]s\s+(?:as\s+|os\s+)?\w+|vybrat\s+všechny\s+\w+|zaznacz\s+wszystkie\s+\w+|"
    r"выбрать\s+все\s+\w+|"
    r"全选|全部选择|选择所有行?|选择全部|全選択|すべて選択|全て選択|すべての行を選択|모두\s*선택|전체\s*선택)\s*$",
    re.IGNORECASE,
)


def select_all(e: ElementDescriptor) -> bool:
    """A checkbox (input or role) named 'Select all' or the like in a language read here, or,
    nameless, whose id, name or class says so ('check_all', 'select-all', 'toggle-all')."""
    is_box = (e.tag == "input" and e.type == "checkbox") or e.role in ("checkbox", "switch")
    if not is_box:
        return False
    if any(_SELECT_ALL.match(t) for t in (e.display_name, e.label, e.title) if t):
        return True
    nameless = not "".join((e.name, e.label, e.title, e.text)).strip()
    return nameless and bool(_ALL_BOX_ATTR.search(f"{e.id} {e.name_attr} {e.classes}"))


_ALL_BOX_ATTR = re.compile(r"(?:check|select|toggle|mark)[-_]?all\b|\ball[-_]?(?:check|select|toggle)", re.I)
