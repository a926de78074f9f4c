"""Instructions in plain words, split into steps: 'type Bob into the name field and click Submit'.

English and German: 'klicke auf Anmelden', 'gib Bob in das Namensfeld ein', 'wähle Sport aus
Thema', 'drücke Enter', 'scrolle nach unten'. Text in quotes is taken literally and never split.
A phrase without a known verb is a click target ('Politik', 'the login button').
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from waypost.page.text import ORDINALS, Slots, squash
from waypost.retrieval import languages
from waypost.retrieval.confirming import concept_of
from waypost.retrieval.kinds import KIND_WORDS
from waypost.retrieval.language_names import ENGLISH_NAMES
from waypost.retrieval.ordinal_words import ORDINAL_WORDS
from waypost.retrieval.query import parse_query
from waypost.retrieval.synonyms import CONCEPTS, ROLE_WORDS, STOPWORDS, UNSPACED, concept_words_inside
from waypost.retrieval.text import fold, language_of, words
from waypost.retrieval.values import date_readings, looks_like_date, looks_like_time

StepAction = Literal[
    "click",
    "type",
    "select",
    "check",
    "choose",
    "uncheck_all",
    "clear",
    "open_menu",
    "consent",
    "press",
    "scroll",
    "wait",
    "dismiss_overlays",
    "extract",
    "refuse",
    "set",
    "complete",
]
Quantity = Literal["", "both", "all", "any", "first", "last"]


@dataclass(frozen=True)
class Step:
    """One step of an instruction.

    Attributes:
        action: What to do.
        target: The element in plain words (or a selector); empty for press/scroll/dismiss.
        text: Text to type, the option to select, the key to press or the scroll direction.
        checked: For ``check``: the state wanted.
        submit: For ``type``: press Enter afterwards.
        verb: For ``click``: the instruction's verb when it may also be the element's name
            ('select the Eurowings flight' → a 'Select' button); empty for plain 'click'.
        exact: Text the instruction quoted as the element's name ('the link "Eget"'): an element
            named exactly so (case included) is preferred.
        quantity: ``both`` or ``all`` when the step is meant for every element the target names
            ('both text fields', 'all checkboxes'); ``any`` when any one element of the kind
            will do ('click a checkbox widget'); empty for one element.
        lang: The language the step is written in ('en', 'de', 'fr', 'zh'...; see ``languages``),
            ``''`` when nothing tells; an ambiguous date ('10/11/2011') is read in its convention.
        ending: For ``complete``: how the suggestion chosen must end ('' when any will do).

    ``choose`` picks ``target`` the way a person would: the option of the dropdown that has it,
    a checkbox or radio set on (never toggled off), otherwise a click. ``uncheck_all`` clears
    every checked checkbox ('select nothing'). ``clear`` empties a field, or unchecks a checkbox
    ('clear the search field', 'clear Remember me'). ``consent`` answers a cookie banner with ``text``
    ``accept`` or ``reject``. ``complete`` (never read from words: an instruction to enter "an
    item that starts with X" says nothing of sending the form it is in, which a task may need)
    types ``text`` into the field ``target`` names and chooses a suggestion the field then offers
    that starts with it (and ends with ``ending``).
    """

    action: StepAction
    target: str = ""
    text: str | None = None
    checked: bool = True
    submit: bool = False
    verb: str = ""
    exact: str = ""
    quantity: Quantity = ""
    lang: str = field(default="", compare=False)
    ending: str = ""


# Verbs that may start a step: a conjunction splits the instruction only before one of these.
_STEP_VERBS = (
    r"click|clicke|klicke?|tap|press|hit|push|open|follow|go\s+to|(?:jump|skip|navigate|head)\s+to|"
    r"(?:take|bring|lead)\s+me\s+to|visit|choose|pick|select|type|enter|input|"
    r"write|fill|put|set|check|tick|uncheck|untick|enable|disable|turn|activate|deactivate|toggle|scroll|"
    r"search|submit|dismiss|close|accept|reject|decline|read|extract|focus|expand|collapse|tap|switch|wait|confirm|"
    r"apply|"
    r"(?-i:save|speichere)|"
    r"tippe|gib|gebe|schreibe?|trage|fülle|füll|wähle|wähl|drücke?|öffne|gehe|geh|aktiviere|deaktiviere|"
    r"markiere|hake|kreuze|scrolle|suche|sende|schicke|schließe|akzeptiere|lehne|lies|bestätige|entferne|warte"
)
_CONFIRM = re.compile(r"^\s*confirm\b", re.I)
_SPLIT = re.compile(
    r"\s*(?:;|\bthen\b|\band\s+then\b|\bund\s+dann\b|\bdann\b|\bdanach\b|\banschließend\b|\bafterwards\b)\s*"
    r"|\s*(?:,|\band\b|\bund\b)\s+(?=(?:" + _STEP_VERBS + r")\b)"
    # '... and cancel' at the end: the answer to the dialog the step before opened
    r"|\s*(?:,|\band\b)\s+(?=cancel(?:\s+it)?\s*[.!]?\s*$)",
    re.IGNORECASE,
)

_KEYS: dict[str, str] = {
    "enter": "Enter", "return": "Enter", "eingabe": "Enter", "eingabetaste": "Enter", "enter-taste": "Enter",
    "escape": "Escape", "esc": "Escape", "tab": "Tab", "tabulator": "Tab", "space": "Space",
    "leertaste": "Space", "backspace": "Backspace", "rücktaste": "Backspace", "delete": "Delete",
    "entf": "Delete", "home": "Home", "pos1": "Home", "end": "End", "ende": "End", "page down": "PageDown",
    "pagedown": "PageDown", "bild runter": "PageDown", "page up": "PageUp", "pageup": "PageUp",
    "bild hoch": "PageUp", "arrow down": "ArrowDown", "down arrow": "ArrowDown", "pfeil runter": "ArrowDown",
    "pfeil nach unten": "ArrowDown", "arrow up": "ArrowUp", "up arrow": "ArrowUp", "pfeil hoch": "ArrowUp",
    "pfeil nach oben": "ArrowUp", "arrow left": "ArrowLeft", "left arrow": "ArrowLeft",
    "arrow right": "ArrowRight", "right arrow": "ArrowRight", "pfeil links": "ArrowLeft",
    "pfeil rechts": "ArrowRight",
}  # fmt: skip

_DIRECTIONS: dict[str, str] = {
    "down": "down", "up": "up", "top": "top", "bottom": "bottom", "left": "left", "right": "right",
    "to the top": "top", "to the bottom": "bottom", "to top": "top", "to bottom": "bottom",
    "nach unten": "down", "runter": "down", "unten": "down", "nach oben": "up", "hoch": "up", "rauf": "up",
    "oben": "up", "ganz nach oben": "top", "zum anfang": "top", "an den anfang": "top",
    "ganz nach unten": "bottom", "zum ende": "bottom", "ans ende": "bottom", "nach links": "left",
    "nach rechts": "right",
}  # fmt: skip

_ARTICLE = re.compile(
    r"^(?:on|onto|at|auf|the|a|an|das|die|der|den|dem|ein|eine|einen|the\s+option|option)\s+", re.IGNORECASE
)
_TRAILING = re.compile(
    r"\s+(?:an|aus|ein|klicken|anklicken|drücken|auswählen|öffnen|aktivieren)$", re.IGNORECASE
)


def _rule(kind: str, *parts: str) -> tuple[re.Pattern[str], str]:
    return re.compile("".join(parts), re.IGNORECASE), kind


_CLICK_VERBS = (
    r"click|double[\s-]?click|tap|press|hit|push|open|go\s+(?:back\s+|on\s+)?to|move\s+on\s+to|continue\s+to|"
    r"return\s+to|switch\s+(?:back\s+)?to|"
    r"(?:jump|skip|navigate|head)\s+(?:back\s+|over\s+)?to|(?:get\s+)?back\s+to|"
    r"(?:take|bring|lead)\s+me\s+(?:back\s+)?to|"
    r"visit|choose|pick|select|focus|expand|collapse|toggle|"
    r"klicke|klick|clicke|tippe|drücke|drück|öffne|gehe|geh|wähle|wähl|betätige|bestätige|"
    r"wechsle\s+(?:zu|zur|zum|auf|in)|wechseln\s+sie\s+(?:zu|zur|zum|auf|in)|zeige(?:\s+mir)?|zeig(?:\s+mir)?"
)

# Verbs that name what a control does ('share', 'export'): the control may bear the verb as its name.
_ACTION_VERBS = (
    r"create|add|show|view|see|display|hide|sort|filter|upload|download|export|import|share|copy|print|pin|"
    r"save|bookmark|like|unlike|favou?rite|follow|unfollow|repost|retweet|reply\s+to|edit|rename|delete|"
    r"remove|archive|star|unstar|subscribe\s+to|unsubscribe\s+from|buy|order|book|reserve|apply|cancel|"
    r"confirm|send|post|publish|play|pause|mute|unmute|refresh|reload|reset|undo|redo|translate|compare|"
    r"rate|upvote|downvote|recommend|report|block|unblock|invite|join|leave|attach|change|update|"
    r"duplicate|move|restore|load|zoom|watch|listen\s+to|run|execute|format"
)

# German infinitives at the end of a sentence that open or close what the words name, read as
# the English verbs the actor knows ('Beispiel aufklappen' → expand).
_DE_FINAL = {
    "öffnen": "open",
    "aufmachen": "open",
    "aufklappen": "expand",
    "ausklappen": "expand",
    "zuklappen": "collapse",
    "einklappen": "collapse",
    "schließen": "close",
    "schliessen": "close",
}
# German separable verbs in the imperative ('klapp die Frage auf', 'mach das Menü zu'), read as their
# infinitive at the end ('die Frage aufklappen'), which the rules below know.
_DE_SEPARABLE = re.compile(
    r"^(?:bitte\s+)?(?P<verb>klapp|klappe|mach|mache)\s+(?P<target>\S.*?)\s+(?P<part>auf|zu|ein)(?:[,\s]+bitte)?$",
    re.IGNORECASE,
)


def _de_separable(m: re.Match[str]) -> str:
    klapp = m["verb"].casefold().startswith("klapp")
    part = m["part"].casefold()
    verb = {"auf": "aufklappen" if klapp else "öffnen", "zu": "zuklappen" if klapp else "schließen"}
    return f"{m['target']} {verb.get(part, 'einklappen')}"


# What a form's record is, said of it ('she's female', 'it has been vaccinated', "he isn't
# neutered", 'it belongs to Nora Quist'): the choice so named made, or the box so named cleared.
_ABOUT_IT = re.compile(
    r"^(?:(?:actually|now|oh|and|also|so|ok(?:ay)?),?\s+)*(?:it|she|he|they|this\s+one)\s*"
    r"(?:(?P<neg>isn['’]t|aren['’]t|wasn['’]t|hasn['’]t\s+been|haven['’]t\s+been|is\s+not|are\s+not|"
    r"has\s+not\s+been|have\s+not\s+been)|['’]s\s+been|['’]s|is|are|was|has\s+been|have\s+been|"
    r"belongs\s+to)\s+"
    r"(?:now\s+|already\s+|also\s+|actually\s+)?(?:an?\s+)?(?P<rest>[^\W\d_][^,;.!?]*?)[.!]?$",
    re.IGNORECASE,
)


def _about_it(m: re.Match[str]) -> str:
    if re.search(r"\d", m["rest"]):
        return m.group(0)  # 'she is now 4 kg': a value, for the field it belongs in, not a choice
    rest = re.sub(r"\s+(?:ones?|now|too|as\s+well)$", "", m["rest"])  # 'it is a steel one'
    return f"{'uncheck' if m['neg'] else 'select'} {rest}"


# A field said to hold a value ('the weight is 4.5', 'weight of the 5th row should be 3.9'): the
# value typed into it. 'X is V' takes an article or possessive first ('Rex is vaccinated' is about a
# record); 'should be', 'must be' do not need one.
_FIELD_IS = re.compile(
    r"^(?:(?:the|my|his|her|its|their|our|your)\s+(?P<f1>[^,;:]+?)\s+(?:is\s+now|will\s+now\s+be|will\s+be|is)|"
    r"(?P<f2>[^,;:]+?)\s+(?:should|must|needs\s+to|has\s+to|ought\s+to)\s+(?:now\s+)?(?:be|read|say))\s+"
    r"(?P<val>[^,;]+?)(?:\s+now)?[.!]?$",
    re.IGNORECASE,
)
# 'change Y to X' in the other languages read here ('popraw wysokość na 60', 'замени название на
# X', 'ändere die Höhe auf 75', 'cambia la altura a 60'): X typed into Y.
_CHANGE_TO = re.compile(
    r"^(?:ändere|änder|setze|setz|modifie|modifiez|change|changez|cambia|cambie|modifica|cambiar|"
    r"zmień|zmien|popraw|ustaw|změň|zmen|nastav|oprav|измени|замени|поменяй|установи|поставь|исправь)\s+"
    r"(?:(?:the|le|la|les|el|los|las|die|der|den|das|il|lo)\s+)?(?P<field>[^,;\x00]{2,40}?)\s+"
    r"(?:auf|zu|en|à|pour|a|na|на)\s+(?P<val>[^,;]+?)[.!]?$",
    re.IGNORECASE,
)
# 'pon Mint como nombre', 'mets 60 comme hauteur', 'metti Mint come nome', 'trag Mint als Namen ein'.
_PUT_AS = re.compile(
    r"^(?:pon|ponga|poné|mets|mettez|metti|trag|trage)\s+(?P<val>[^,;\x00]+?)\s+(?:como|comme|come|als)\s+"
    r"(?:(?:el|la|le|il|lo|den|die|das)\s+)?(?P<field>[^,;\x00]{2,40}?)(?:\s+ein)?[.!]?$",
    re.IGNORECASE,
)
# A record's verb said last (German, Japanese) or in Chinese: the English verb first, which the
# rows know ('L-302 bearbeiten', 'L-302 を編集', '编辑 L-302' → 'edit L-302'). Not German
# 'löschen', which also clears a field ('Kommentar löschen').
_RECORD_VERB_LAST = re.compile(
    r"^(?P<target>[^,;\x00]*?\S)\s*(?:"
    r"\s(?P<de>bearbeiten|ansehen)"
    r"|を\s*(?P<ja>編集|削除)(?:する|して(?:ください)?|します)?"
    r"|の(?P<ja_view>詳細)を(?:見る|見て|表示(?:する|して)?)(?:ください)?"
    r")[.!。]?$",
    re.IGNORECASE,
)
_RECORD_VERB_ZH = re.compile(r"^(?:请)?(?P<zh>编辑|删除|查看)\s*(?P<target>\S.*)$")
_RECORD_VERBS = {"bearbeiten": "edit", "ansehen": "view", "編集": "edit", "削除": "delete", "詳細": "view",
                 "编辑": "edit", "删除": "delete", "查看": "view"}  # fmt: skip


def _record_verb(m: re.Match[str]) -> str:
    said = next(g for k, g in m.groupdict().items() if g and k != "target")
    return f"{_RECORD_VERBS[said.casefold()]} {m['target'].strip()}"


# 'put it on shelf C3' where what is put is only 'it' (the form's record): the words after are a
# field's label and its value ('shelf C3').
_PUT_IT = re.compile(
    r"^(?:put|place|file|store|move)\s+(?:it|this(?:\s+one)?|them)\s+(?:on|onto|in|into|under|at)\s+"
    r"(?:the\s+)?(?P<rest>[^\W\d][^,;\x00]*?\s\S+)[.!]?$",
    re.IGNORECASE,
)
# 'add a note: Pays deposits in cash', 'leave a comment: …': the words after the colon typed into
# the field the noun names.
_ADD_NOTE = re.compile(
    r"^(?:add|leave|write|put|hinterlasse|füge|ajoute|añade|agrega)\s+(?:a|an|the|my|eine?n?|une?|una?)?\s*"
    r"(?P<field>[^\W\d][^:：,;\x00]{1,30}?)\s*[:：]\s*(?P<val>\S[^\x00]*?)[.!]?$",
    re.IGNORECASE,
)
# 'mark it returned', 'mark this as paid': the box so named ticked ('Mark as returned', a
# button's name, keeps its own words).
_MARK_IT = re.compile(
    r"^mark\s+(?:it|this(?:\s+one)?|her|him|them)\s+(?:as\s+)?(?P<what>[^\W\d][^,;\x00]{1,30}?)[.!]?$",
    re.IGNORECASE,
)
# 'open the page about cones', 'go to the section on firing': what it is about names the link.
_ABOUT_TOPIC = re.compile(
    r"(?P<head>^(?:open|show|go\s+to|jump\s+to|take\s+me\s+to|read|see|visit)\s+)(?:the\s+|a\s+)?"
    r"(?:page|section|chapter|article|part|topic|entry)\s+(?:about|on|regarding|covering|that\s+explains)\s+(?=\S)",
    re.IGNORECASE,
)
# 'expand the question about several kilns': the words of the question itself ("Can several
# kilns share one computer?"), as 'the question' alone would not say which.
_QUESTION_ABOUT = re.compile(
    r"(?:\b(?:the|die|la|el)\s+)?\b(?:question|frage|pregunta|domanda)\s+"
    r"(?:about|on|regarding|asking|zu(?:m|r)?|über|sur|sobre|su|sull[ao])\s+"
    r"(?:(?:the|den|dem|der|die|das|les|le|la|los|las|el|il|gli)\s+)?(?=\S)",
    re.IGNORECASE,
)
# 'where's the licence?', 'gdzie jest repozytorium kodu?': a thing asked for by where it is is what
# to open ('what is the total?' asks for a value: nothing here answers it by a click).
_WHERE_IS = re.compile(
    r"^(?:(?:where(?:['’]s|\s+is|\s+are)|where\s+can\s+i\s+(?:find|see|read))\s+"
    r"(?=(?:the|your|this\s+site['’]s)\s)"
    r"|(?:wo\s+(?:ist|sind|finde\s+ich)|où\s+(?:est|sont|trouver|se\s+trouve)|dónde\s+(?:está|están|encuentro)|"
    r"dov['’]è|dove\s+(?:è|sono|trovo)|gdzie\s+(?:jest|są|znajdę)|kde\s+(?:je|jsou|najdu)|где\s+(?:находится|"
    r"найти)?)\s+)(?P<thing>[^?？\x00]*[^\W\d_][^?？\x00]*?)\s*[?？]?$",
    re.IGNORECASE,
)
# 'assign this to oskar', 'affecter l'anomalie à leila', '分配给 oskar': the person is chosen (in
# the one list that offers that name: the assignee's).
_ASSIGN_TO = re.compile(
    r"^(?:(?:re)?assign(?:\s+(?:this|it|him|her|them|the\s+\w+))?\s+to"
    r"|(?:ré)?affect(?:er|e|ez)(?:\s+(?:ceci|ça|l['’]\s*\w+|le\s+\w+|la\s+\w+))?\s+à"
    r"|(?:re)?asign(?:ar|a|e)(?:\s+(?:esto|la\s+\w+|el\s+\w+))?\s+a"
    r"|(?:ri)?assegn(?:are|a)(?:\s+(?:il\s+\w+|la\s+\w+|questo))?\s+a"
    r"|(?:zuweisen|weise\s+(?:es|das\s+\w+|den\s+\w+|die\s+\w+)\s+zu)\s+an"
    r"|přiřaď(?:te)?|przypisz(?:\s+do)?|назнач(?:ь|ить|ьте)(?:\s+на)?"
    r"|分配给|指派给)\s*(?P<who>[^\s\x00]+|\x00\d+\x00)$",
    re.IGNORECASE,
)
# 'set the watchers to just leila': what the field is to hold, no more ('just' is not typed).
_TO_JUST = re.compile(
    r"(?<=\S)\s+(?P<to>to|auf|à|a|en|na|на)\s+(?:just|only|nur|seulement|uniquement|solo|solamente|"
    r"soltanto|tylko|jen|pouze|только)\s+(?=\S)",
    re.IGNORECASE,
)
# 'I'd prefer purple', 'je préfère le thème sombre': the thing preferred is chosen.
_PREFER = re.compile(
    r"^(?:i['’]d\s+(?:prefer|rather\s+have)|i\s+(?:would\s+)?prefer|je\s+préfère|prefiero|preferisco|wolę|"
    r"предпочитаю)\s+(?=\S)",
    re.IGNORECASE,
)
_OF_WHAT = re.compile(r"\b(?:of|for|in|on|von|für|de|du|des|del|della|di|dla|od|для)\b", re.IGNORECASE)
# Searches said in German, Chinese or Polish, with where to search ('in der Doku', '在文档中',
# 'w dokumentacji') or what is searched ('Ausleihen nach L-305 durchsuchen'): the words searched.
_SEARCH_SAID = (
    re.compile(
        r"^(?:bitte\s+)?(?:suche|such|durchsuche)\s+(?:(?:in|im|auf)\s+(?:der\s+|den\s+|dem\s+)?\S+\s+)?"
        r"nach\s+(?P<q>\S.*?)[.!]?$",
        re.IGNORECASE,
    ),
    re.compile(r"^(?:[^\W\d]\S*\s+)?nach\s+(?P<q>\S.*?)\s+(?:durchsuchen|suchen)[.!]?$", re.IGNORECASE),
    re.compile(
        r"^(?:bitte\s+)?(?:suche|such)\s+(?P<q>\x00\d+\x00)[.!]?$", re.IGNORECASE
    ),  # ('suche «Bienen»')
    re.compile(r"^(?:请)?(?:在\s*\S+?\s*(?:中|里|内)\s*)?(?:搜索|查找)\s*(?P<q>\S.*?)[。！]?$"),
    re.compile(
        r"^(?:wyszukaj|szukaj|znajdź)\s+(?:w|we)\s+(?:dokumentacji|dokumentach|serwisie|witrynie)\s+"
        r"(?P<q>\S.*?)[.!]?$",
        re.IGNORECASE,
    ),
)
# A page of a list, and how many rows a page shows, said in German, French, Spanish, Japanese or
# Chinese ('zu Seite 2', '25 pro Seite anzeigen', '1ページに25件表示', '每页显示 25 条').
_TO_PAGE_N = re.compile(
    r"^(?:(?:geh(?:e)?|spring(?:e)?|zurück|wechsle)\s+)?(?:zu|zur|auf)\s+(?:der\s+)?Seite\s+(?P<n>\d+)[.!]?$",
    re.IGNORECASE,
)
# (the count and the page's noun as said: lists write "25 / Seite", "25件 / ページ", "25 par page")
_PER_PAGE = (
    re.compile(
        r"^(?:zeige?\s+|affiche[rz]?\s+|mostrar\s+|muestra\s+)?(?P<n>\d+)\s+"
        r"(?:pro|je|par|por)\s+(?P<page>Seite|page|página)(?:\s+(?:an)?zeigen|\s+afficher|\s+mostrar)?[.!]?$",
        re.IGNORECASE,
    ),
    re.compile(
        r"^1\s*(?P<page>ページ)(?:に|あたり)\s*(?P<n>\d+\s*件)(?:を|ずつ)?表示(?:する|して(?:ください)?|します)?$"
    ),
    re.compile(r"^(?:请)?每(?P<page>页)(?:显示)?\s*(?P<n>\d+)\s*(?:条|项|个|行)?$"),
)
# 'click the Lent on column header': the header is what its words name ("Lent on").
_COLUMN_HEADER = re.compile(r"(?<=\S)\s+column(?:['’]s)?\s+(?:header|heading|title)(?=[.!]?$)", re.IGNORECASE)
# 'deactivate this member', 'enable it': the record's own switch ("Active", "Enabled") set.
_SWITCH_IT = re.compile(
    r"^(?P<verb>deactivate|activate|disable|enable)\s+(?:it|her|him|them|this(?:\s+\w+)?)[.!]?$",
    re.IGNORECASE,
)


# A change of the page's language said in any language ('Sprache auf Japanisch umstellen', 'passer
# l'interface en chinois', 'la interfaz en francés', '切换成德语界面'): one language named, and
# around it only words of switching, of the interface and of politeness, with a word of the
# interface or a verb other than English's (English 'switch to German' is read as it is).
_LANGUAGE_NOUNS = frozenset(
    {"language", "languages", "interface", "ui", "sprache", "oberfläche", "benutzeroberfläche", "langue",
     "idioma", "interfaz", "lingua", "língua", "jazyk", "rozhraní", "język", "interfejs", "язык",
     "интерфейс", "taal", "språk", "sprog", "kieli", "dil", "nyelv", "limba"}
)  # fmt: skip
_SWITCH_VERBS = frozenset(
    {"umstellen", "umschalten", "stellen", "stelle", "wechseln", "wechsle", "ändern", "ändere", "setzen",
     "setze", "schalte", "anzeigen", "passer", "passe", "changer", "mettre", "mets", "basculer", "passa",
     "bascule", "afficher", "affiche", "choisir", "cambiar", "cambia", "poner", "pon", "pasar", "pasa",
     "mostrar", "muestra", "elegir", "cambiare", "passare", "impostare", "imposta", "mudar", "mude",
     "trocar", "troque", "alterar", "přepnout", "přepni", "změnit", "změň", "nastavit", "nastav",
     "přepněte", "przełącz", "przełączyć", "zmień", "zmienić", "ustaw", "ustawić", "переключить",
     "переключи", "переключите", "сменить", "смени", "изменить", "измени", "поменять", "поменяй",
     # reading it in another language ('read this in German', 'auf Französisch lesen', 'léelo en
     # inglés') and its version ('version espagnole', 'the Spanish version of this page')
     "read", "lesen", "lies", "lire", "lis", "leer", "lee", "léelo", "ler", "leia", "leggere", "leggi",
     "číst", "přečíst", "czytać", "przeczytaj", "читать", "прочитать", "version", "versión", "versione",
     "versão", "verze", "wersja", "wersję", "версия", "версию", "translation", "übersetzung",
     "traduction", "traducción"}
)  # fmt: skip
_SWITCH_FILLER = frozenset(
    {"switch", "change", "set", "use", "make", "show", "display", "view", "put", "turn", "select",
     "choose", "pick", "go", "to", "in", "into", "the", "a", "an", "please", "for", "me", "site", "page",
     "version", "auf", "zu", "zur", "zum", "nach", "ins", "bitte", "die", "der", "das", "la", "le", "l",
     "en", "vers", "all", "alla", "allo", "all’", "all'",
     "s", "il", "vous", "plaît", "plait", "el", "al", "por", "favor", "per", "piacere", "para", "do",
     "na", "prosím", "proszę", "po", "на", "пожалуйста", "this", "it", "of", "diese", "dieser", "cette",
     "esta", "este", "questa", "questo", "esto", "tuto", "tę", "эту", "seite", "página", "pagina"}
)  # fmt: skip
_ASKED_POLITELY = frozenset(
    {"please", "bitte", "favor", "plaît", "plait", "prosím", "proszę", "пожалуйста", "piacere"}
)
_POLITE_FILLER = frozenset(
    {"in", "en", "auf", "na", "po", "por", "s", "il", "vous", "per", "em", "w", "v", "на"}
)
_SWITCH_UNSPACED = re.compile(
    r"切换成|切换到|切换为|切换至|切换|换成|换到|改成|改为|改用|设为|设置为|设置成|设置|语言|界面|显示|版本|版|请|使用"
    r"|に切り替える|に切り替えて|切り替えて|切り替える|切り替え|に変更|変更|表示言語|言語|表示|する|して|ください"
    r"|画面|にする|に|へ|を|で|の|は|用"
)


def _language_switch(segment: str) -> str:
    named: list[str] = []
    said_so = False  # a word of the interface, a verb other than English's, or unspaced switching
    for t in words(segment):
        if language_of(t):
            named.append(t)
            continue
        inside = [m for m in concept_words_inside(t) if CONCEPTS[m.group(0)].startswith("§lang-")]
        if len(inside) == 1:
            m = inside[0]
            if _SWITCH_UNSPACED.sub("", t[: m.start()] + t[m.end() :]):
                return segment
            named.append(m.group(0))
            said_so = True
        elif t in _LANGUAGE_NOUNS or t in _SWITCH_VERBS:
            said_so = True
        elif t in _ASKED_POLITELY and all(
            language_of(u) or u in _ASKED_POLITELY or u in _POLITE_FILLER for u in words(segment)
        ):
            said_so = True  # ('English please', 'auf Deutsch bitte': a language asked for, no more)
        elif (
            t not in _SWITCH_FILLER
            and t not in STOPWORDS
            and not (_SWITCH_UNSPACED.fullmatch(t) or t in ("'", "’"))
        ):
            return segment
    if len(named) != 1 or not said_so:
        return segment
    if named[0] not in CONCEPTS:  # an inflected name ('do angličtiny'): the language's English name
        return f"set the language to {ENGLISH_NAMES[language_of(named[0]) or '']}"
    as_said = re.search(re.escape(named[0]), segment, re.IGNORECASE)
    return f"set the language to {as_said.group(0) if as_said else named[0]}"


# Every row of a list chosen, said verb last or in a language of its own ('tout sélectionner',
# 'alle Zeilen markieren', 'seleccionar todas las filas', '全选', '全行を選択'): 'select all'
# (English, and what the rows are, is read by the rules).
_ALL_VERBS = (
    r"(?:sélectionner|sélectionne[sz]?|cocher|coche[sz]?|auswählen|wähle|markieren"
    r"|markiere|ankreuzen|seleccionar|selecciona|seleccione|selecionar|selecione|seleciona|marcar|marca|marque"
    r"|selezionare|seleziona|vybrat|vyber"
    r"|označit|označ|zaznaczyć|zaznacz|выбрать|выбери|выделить|выдели)"
)
_ALL_ROWS = (
    r"(?:all|tout|tous|toutes|alle|alles|todo|todos|todas|tutto|tutti|tutte|vše|všechno|všechny|wszystko"
    r"|wszystkie|все|всё)(?:\s+(?:the\s+|les\s+|die\s+|las\s+|los\s+|le\s+)?(?:rows|lines|entries|items"
    r"|records|lignes|entrées|zeilen|einträge|filas|registros|righe|řádky|wiersze|строки))?"
)
_ALL_SAID = re.compile(
    rf"^(?:{_ALL_VERBS}\s+{_ALL_ROWS}|{_ALL_ROWS}\s+{_ALL_VERBS}"
    r"|全选|全部选择|选择所有行|全选所有行|すべて選択|全て選択|全件選択|全行を選択|すべての行を選択)[.!]?$",
    re.IGNORECASE,
)


# 'previous: Installation', 'next: Glossary': the pager link so labelled, not a field and its value
_PAGER_LABEL = re.compile(
    r"^(previous|prev|next|back|zurück|weiter|suivant|précédent|anterior|siguiente|předchozí|další|"
    r"poprzednia|następna)\s*:\s*",
    re.IGNORECASE,
)
# 'selecionar todas as reparações', 'sélectionner tous les membres', 'vybrat všechny zakázky': every
# one of them selected, as 'select all …' says.
_ALL_OF = re.compile(
    rf"^{_ALL_VERBS}\s+(?:todas|todos|toutes|tous|tutte|tutti|všechny|wszystkie|все)\s+"
    r"(?:(?:as|os|les|las|los|le|i|gli)\s+)?(?P<rest>[^\x00,;]+)$",
    re.IGNORECASE,
)


# A value raised, lowered or moved to another ('raise the ticket price to 20.00', 'den Eintritt auf
# 15.00 senken'): the field set to it, as 'change X to V' says.
_RAISE_TO = re.compile(
    r"^(?:raise|lower|increase|decrease|reduce|bump|update|adjust|cut)\s+(?:the\s+)?"
    r"(?P<field>(?!(?:it|her|him|them|this|that)\b)[^,;\x00]{2,40}?)\s+to\s+(?P<val>[^,;\x00]+?)[.!]?$"
    r"|^(?:(?:den|die|das)\s+)?(?P<de_field>[^,;\x00]{2,40}?)\s+auf\s+(?P<de_val>[^,;\x00]+?)\s+"
    r"(?:senken|erhöhen|anheben|reduzieren|ändern|setzen|stellen|verschieben|verlegen)[.!]?$",
    re.IGNORECASE,
)


def _raised_to(m: re.Match[str]) -> str:
    return f"change {m['field'] or m['de_field']} to {m['val'] or m['de_val']}"


# 'go back', 'go forward': the place is the name ("Back"), 'go' no part of it ('go home' is read
# as the site's home page by the rules).
_GO_BACK = re.compile(r"^\s*go\s+(?=(?:back|forward)\b)", re.IGNORECASE)


def _said_of_it(segment: str) -> str:
    """One step's words said as the rules below read them: a record's verb first ('L-302 を編集'
    as 'edit L-302'), 'put it on shelf C3' as the field and its value, 'add a note: X' as the
    note's label and value, 'mark it returned' as a box to tick, a column's header by its words,
    searches said in German, Chinese or Polish as 'search for X', 'the page about X' and 'the
    question about X' by X's words, 'deactivate this member' as the switch "Active" to clear."""
    segment = segment.rstrip(" ,")  # ('suche «Bienen», then …': the comma ends the step)
    segment = _language_switch(segment)
    segment = _GO_BACK.sub("", segment, count=1)
    if _ALL_SAID.match(segment.strip()):
        return "select all"
    segment = _RECORD_VERB_ZH.sub(
        _record_verb, _RECORD_VERB_LAST.sub(_record_verb, segment, count=1), count=1
    )
    segment = _PUT_IT.sub(r"\g<rest>", segment, count=1)
    segment = _RAISE_TO.sub(_raised_to, segment, count=1)
    segment = _ADD_NOTE.sub(r"\g<field>: \g<val>", segment, count=1)
    segment = _MARK_IT.sub(r"check \g<what>", segment, count=1)
    segment = _COLUMN_HEADER.sub("", segment, count=1)
    segment = _TO_PAGE_N.sub(r"go to page \g<n>", segment, count=1)
    for per_page in _PER_PAGE:
        segment = per_page.sub(r"show \g<n> per \g<page>", segment, count=1)
    segment = _ROWS_PER_PAGE.sub(_per_page, segment, count=1)
    for searching in _SEARCH_SAID:
        segment = searching.sub(r"search for \g<q>", segment, count=1)
    segment = _ABOUT_TOPIC.sub(r"\g<head>", segment, count=1)
    segment = _QUESTION_ABOUT.sub("", segment, count=1)
    segment = _PREFER.sub("choose ", segment, count=1)
    segment = _TO_JUST.sub(r" \g<to> ", segment, count=1)
    segment = _ASSIGN_TO.sub(r"choose \g<who>", segment, count=1)
    asked = _WHERE_IS.match(segment)
    if asked is not None and len(asked["thing"].split()) <= 4 and not _OF_WHAT.search(asked["thing"]):
        segment = asked["thing"]  # ('what is the price of the kettle?' asks for a value, not a link)
    return _SWITCH_IT.sub(_switch_it, segment, count=1)


def _switch_it(m: re.Match[str]) -> str:
    verb = m["verb"].casefold()
    on = verb in ("activate", "enable")
    return f"{'check' if on else 'uncheck'} {'active' if verb.endswith('activate') else 'enabled'}"


# 'rename it to Mochi Bean', 'rename her Juniper': the one name field.
_RENAME = re.compile(
    r"^rename\s+(?:(?:it|her|him|them|this(?:\s+one)?)\s+(?:to\s+|as\s+)?|to\s+|as\s+)(?P<val>[^,;\x00]+?)[.!]?$",
    re.IGNORECASE,
)
# States rather than values ('the newsletter should be off'): not typed.
_STATES = frozenset(
    {"checked", "unchecked", "ticked", "unticked", "selected", "unselected", "on", "off", "enabled",
     "disabled", "open", "closed", "opened", "expanded", "collapsed", "visible", "hidden", "shown",
     "empty", "blank", "true", "false", "yes", "no", "active", "inactive"}
)  # fmt: skip


_PREDICATE = (
    r"(?:due|on|at|in|for|to|from|by|with|set|scheduled|planned|ready|done|being|going|about|not|very|"
    r"too|also|still|already|allergic|interested|available|located|based|married|born|called|named)\b"
)


def _field_is(m: re.Match[str]) -> str:
    field = m["f1"] or m["f2"]
    value = m["val"].strip()
    if (
        value.casefold() in _STATES
        or re.match(r"(?:it|she|he|they|this|that)\b", field, re.IGNORECASE)
        or len(field.split()) > 5
        # 'the task is due on 14 March': a sentence about the record, not a value for a field
        or re.match(_PREDICATE, value, re.IGNORECASE)
    ):
        return m.group(0)
    return f"type {value} into {field}"


# German infinitives at the end that name a control's job, kept in its words as English ones are.
_DE_JOBS = (
    r"kopieren|herunterladen|entfernen|löschen|ausführen|formatieren|bearbeiten|speichern|teilen|"
    r"drucken|hochladen|exportieren|anzeigen|zeigen|ausblenden|sortieren|filtern"
)
_JOB_FIRST = re.compile(rf"^({_ACTION_VERBS})\s+\S", re.I)
# A control's job said in another language, by the English verb the rules know: first as most
# languages say it ('usuń ten etap', 'masquer les jalons', '保存更改'), or last as German, Dutch
# and Japanese do ('Änderungen speichern', 'CSV でダウンロード').
_JOB_CONCEPTS = {
    "§save": "save", "§delete": "delete", "§edit": "edit", "§add": "add", "§download": "download",
    "§upload": "upload", "§share": "share", "§print": "print", "§sort": "sort", "§filter": "filter",
    "§show": "show", "§hide": "hide", "§copy": "copy", "§cancel": "cancel", "§run": "run", "§open": "open",
}  # fmt: skip
# Words of those concepts that are no verbs ('nouveau ticket', '詳細'): a name, as said.
_NOT_VERBS = frozenset(
    {
        "new", "neu", "neue", "neuen", "neues", "nouveau", "nouvelle", "nuevo", "nueva", "nuovo", "nuova",
        "novo", "nova", "nieuw", "nieuwe", "nowy", "nowa", "nový", "nová", "новый", "新建", "新規", "yeni",
        "νέο", "νέα", "plus", "詳細", "详情", "просмотр", "bin", "trash", "papierkorb", "pencil", "stift",
    }
)  # fmt: skip


def foreign_job(seg: str) -> str:
    """The English verb of a control's job that starts (or ends) ``seg`` in another language:
    'save' for 'Änderungen speichern', 'hide' for 'masquer les jalons'; '' when there is none."""
    said = words(seg)
    if len(said) < 2 and not (said and UNSPACED.search(said[0])):
        return ""
    for i, w in ((0, said[0]), (-1, said[-1])):
        concept = CONCEPTS.get(w)
        if concept is None:
            # (a Japanese run ends with its verb; one starting with a concept word goes on with
            # what else is done: '保存して編集を続ける')
            inside = [] if i == 0 and re.search(r"[\u3040-\u30ff]", w) else concept_words_inside(w)
            at = (inside[0] if i == 0 else inside[-1]) if inside else None
            if at is None or (at.start() if i == 0 else len(w) - at.end()) != 0:
                continue
            w, concept = at.group(0), CONCEPTS[at.group(0)]
        verb = _JOB_CONCEPTS.get(concept, "")
        if verb and w != verb and w not in _NOT_VERBS:
            return verb
    return ""


# Verbs that turn a toggle on: a toggle button already pressed needs nothing ('follow' on a
# "Following" button), and verbs that turn it off.
TURN_ON_VERBS = frozenset(
    {
        "follow",
        "like",
        "favorite",
        "favourite",
        "star",
        "bookmark",
        "pin",
        "subscribe",
        "upvote",
        "mute",
        "save",
    }
)
TURN_OFF_VERBS = frozenset({"unfollow", "unlike", "unstar", "unmute", "unsubscribe"})

# Click verbs that say nothing about the element; other verbs ('open', 'select') may be its name.
_PLAIN = frozenset(
    {
        "click", "double-click", "doubleclick", "double", "tap", "press", "hit", "push", "go", "visit",
        "focus", "switch", "jump", "navigate", "head", "back", "get", "take", "bring", "lead",
        "wechsle", "wechseln",
        "klicke", "klick", "clicke", "tippe", "drücke", "drück", "gehe", "geh", "betätige",
    }
)  # fmt: skip

# Tried in order; the first that matches (and makes sense) decides the step.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # cookie consent: answered on the banner, never by clicking any 'cookie' link; 'allow only the
    # necessary cookies' is the banner's refusal (its 'Necessary only' button)
    _rule(
        "consent_min",
        r"^(?:only\s+)?(?:allow|accept|use|keep|agree\s+to)\s+(?:only\s+)?(?:the\s+)?(?:strictly\s+)?",
        r"(?:necessary|essential|required)\s+(?:cookies|ones)(?:\s+only)?$",
    ),
    _rule(
        "consent",
        r"^(?P<verb>accept|allow|agree\s+to|approve|akzeptiere|erlaube)\s+",
        r"(?:all\s+(?:the\s+)?|the\s+|alle\s+|die\s+)?(?:cookies?|consent|tracking)(?:\s+(?:banner|notice))?$",
    ),
    _rule(
        "consent",
        r"^(?P<verb>reject|decline|refuse|deny|lehne)\s+(?:all\s+(?:the\s+)?|the\s+|alle\s+|die\s+)?",
        r"(?:cookies?|tracking)(?:\s+ab)?$",
    ),
    _rule("consent", r"^(?:alle\s+)?cookies\s+(?P<verb>akzeptieren|zulassen|erlauben|ablehnen)$"),
    # 'select nothing': clear every checked checkbox
    _rule(
        "uncheck_all",
        r"^(?:select|check|tick|choose|pick|wähle|markiere)\s+(?:nothing|none|no\s+(?:boxes|checkboxes|items?)|nichts|keine?n?)$",
    ),
    _rule(
        "uncheck_all", r"^(?:uncheck|untick|clear|deselect)\s+(?:all|everything|every\s+(?:checkbox|box))$"
    ),
    # dismiss overlays / cookie banners
    _rule(
        "dismiss",
        r"^(?:dismiss|close|hide|remove|schließe|schliesse|entferne)\s+(?:all\s+|alle\s+)?",
        r"(?:the\s+|das\s+|den\s+|die\s+)?",
        r"(?:cookie[\s-]*(?:banner|notice|dialog|layer|hinweis)?s?|consent(?:\s+banner)?|overlays?|pop-?ups?|"
        r"dialog(?:\s+box)?|modal(?:\s+window)?|lightbox)$",
    ),
    # 'open the newsletter dialog and close it': the layer just opened
    _rule("dismiss", r"^(?:close|dismiss|cancel|schließe|schliesse)\s+(?:it|this|that|ihn|sie|es)$"),
    _rule("dismiss", r"^(?:cookie[\s-]*banner|overlays?|pop-?ups?)\s+(?:schließen|wegklicken|entfernen)$"),
    # press a key
    _rule("press", r"^(?:press|hit|drücke?|betätige)\s+(?:the\s+|die\s+)?(?P<key>.+?)(?:\s+(?:key|taste))?$"),
    _rule("press", r"^(?P<key>.+?)(?:[\s-]+taste)?\s+drücken$"),
    # wait 2 seconds (a pause the page needs between two steps)
    _rule(
        "wait",
        r"^(?:wait|warte|warten|attendez|attends|espera|aspetta|počkej|poczekaj|wacht)\s+(?:for\s+|für\s+)?"
        r"(?P<n>\d+(?:[.,]\d+)?|an?|one|eine[n]?)\s*(?:seconds?|secs?|s|sekunden?|secondes?|segundos?|"
        r"secondi|sekund[y]?|seconden)$",
    ),
    # scroll a box on the page ('scroll to the bottom of the textarea', 'scroll the terms box down')
    _rule(
        "scroll_in",
        r"^scroll\s+(?:(?P<dir>down|up|(?:all\s+the\s+way\s+)?to\s+the\s+(?:bottom|top|end))\s+",
        r"(?:of|in|inside|within)\s+(?P<target>[^\x00]+)|(?P<target2>(?:the|a|an)\s+[^\x00]+?)\s+",
        r"(?P<dir2>down|up|(?:all\s+the\s+way\s+)?to\s+the\s+(?:bottom|top|end))",
        r"(?:\s+of\s+(?:the\s+|its\s+)?(?:text|content|contents|list|page))?)$",
    ),
    # scroll
    _rule("scroll", r"^(?:scrollen|scrolle|scroll|blättere|blättern)\s*(?P<dir>.*)$"),
    # search for X: type into the search field and submit
    _rule(
        "search",
        r"^(?:search|look)\s+(?:(?:the|this|on\s+the|in\s+the)\s+(?:site|website|blog|shop|store|page|forum|"
        r"docs|documentation|wiki|catalog(?:ue)?|archive|web)\s+)?for\s+(?P<text>.+)$",
    ),
    # 'search tickets for "two-factor"', 'search the open issues for crash': what is searched, then for what
    _rule(
        "search",
        r"^search\s+(?:(?:the|all|my|our)\s+)?(?P<what>(?:[^\s\x00]+\s+){1,2}?)for\s+(?P<text>.+)$",
    ),
    # "find 'Orton' in the documentation", 'look up "kiln wash"': a quoted phrase found by searching
    _rule(
        "search",
        r"^(?:find|look\s+up)\s+(?P<text>\x00\d+\x00)(?:\s+(?:in|on|across|within|throughout)\s+(?:the\s+|this\s+)?",
        r"(?:docs|documentation|site|website|wiki|manual|guide|help|blog|shop|store|forum|archive))?$",
    ),
    # 'search "low water"', 'search the docs for ...' above: a quoted phrase is what is searched
    _rule("search", r"^search\s+(?P<text>\x00\d+\x00)(?:\s+please)?$"),
    # 'find appointments mentioning sock', 'show posts containing "tide"': the list searched for it
    _rule(
        "search",
        r"^(?:find|show|list|get)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?(?!(?:all|the|me)\s)[^\s\x00]+\s+(?:that\s+)?",
        r"(?:mentioning|mention|containing|contain|matching|match)\s+(?:the\s+(?:word|text)\s+)?(?P<text>.+)$",
    ),
    _rule("search", r"^(?:suche\s+nach|such\s+nach)\s+(?P<text>.+)$"),
    # 'rechercher « pipx »', 'hledat slovo avatar', 'in der Doku nach „watch“ suchen', '「pipx」で検索'
    _rule(
        "search",
        r"^(?:rechercher|recherchez|chercher|cherche|cherchez|buscar|busca|busque|hledat|hledej|",
        r"vyhledat|vyhledej|vyhledejte|szukaj|wyszukaj|найти|найди|искать|ищи|cerca|cercare|zoek|pesquisar|",
        r"procurar|procure|pesquise|busque)\s+(?:(?:naar|po|na|por|a)\s+(?=\S))?(?:(?:le\s+mot|la\s+palabra|slovo|słowo|слово|la\s+parola)\s+)?",
        r"(?P<text>.+)$",
    ),
    _rule("search", r"^(?:(?:in|im|auf)\s+.{1,40}?\s+)?nach\s+(?P<text>.+?)\s+suchen$"),
    # '貸出を L-305 で検索': what is searched (を), then the words it is searched by (で)
    _rule(
        "search",
        r"^(?P<what>[^\s\x00を]{1,12}?)\s*を\s*(?P<text>[^\s].*?)\s*で\s*検索(?:する|して|してください)?$",
    ),
    # 'ドキュメントで「釉薬」を検索': where it is searched (で), then what (を)
    _rule("search", r"^[^\s\x00で]{1,12}?\s*で\s*(?P<text>[^\s].*?)\s*を\s*検索(?:する|して|してください)?$"),
    _rule("search", r"^(?P<text>.+?)\s*(?:で|を)\s*検索(?:する|して|してください)?$"),
    _rule("search", r"^(?:搜索|查找|检索)\s*(?P<text>.+)$"),
    # select OPTION from TARGET; 'select 5 with the spinner', 'set 20 using the slider'
    # ('select all books on this page': the page is no list to choose from)
    _rule(
        "select",
        r"^(?:select|choose|pick)\s+(?P<text>.+?)\s+(?:from|in|on|for|as)\s+"
        r"(?!(?:this|the|that)\s+(?:page|screen|site|tab|window)$)(?P<target>.+)$",
    ),
    _rule(
        "set_with",
        r"^(?:select|choose|pick|set|enter)\s+(?P<text>.+?)\s+(?:with|using|via|by\s+means\s+of)\s+",
        r"(?P<target>(?:the\s+|a\s+)?(?:\S+\s+)?(?:spinner|spin\s*button|slider|stepper|range(?:\s+slider)?|number\s+field|"
        r"dropdown|drop-down|list|menu|picker|date\s*picker))$",
    ),
    _rule(
        "select",
        r"^(?:wähle|wähl|waehle)\s+(?P<text>.+?)\s+(?:aus|in|im|bei|unter|als|für)\s+(?P<target>.+?)(?:\s+aus)?$",
    ),
    _rule(
        "select",
        r"^(?:wähle|wähl)\s+(?:bei|in|im|unter)\s+(?P<target>.+?)\s+(?P<text>\x00\d+\x00)(?:\s+aus)?$",
    ),
    _rule("select", r"^(?P<text>.+?)\s+(?:aus|in|im|bei)\s+(?P<target>.+?)\s+auswählen$"),
    # clear: a field is emptied, a checkbox unchecked
    _rule("clear", r"^(?:clear|empty|erase|blank)\s+(?:out\s+)?(?P<target>.+)$"),
    # German puts the verb last: 'Nachname löschen', 'das Feld Telefon leeren'
    _rule("clear", r"^(?P<target>.+?)\s+(?:löschen|leeren|entleeren)$"),
    # uncheck / check
    _rule(
        "uncheck",
        r"^(?:uncheck|untick|deselect|disable|turn\s+off|deactivate|deaktiviere|",
        r"entferne\s+(?:den\s+)?haken\s+(?:bei|von))\s+(?P<target>.+)$",
    ),
    _rule("uncheck", r"^(?P<target>.+?)\s+(?:abwählen|deaktivieren|ausschalten)$"),
    _rule(
        "check",
        r"^(?:check|tick|enable|turn\s+on|activate|aktiviere|markiere|",
        r"setze\s+(?:einen\s+|den\s+)?haken\s+(?:bei|an))\s+(?P<target>.+)$",
    ),
    _rule("check", r"^(?:hake|kreuze)\s+(?P<target>.+?)\s+an$"),
    _rule("check", r"^(?P<target>.+?)\s+(?:ankreuzen|anhaken|aktivieren|einschalten)$"),
    # 'rename it to notes.md', 'call it Sales', 'rename the team to Core': what it is called is its
    # name field ('title it X': its title)
    _rule(
        "rename",
        r"^(?:(?P<verb>rename)\s+(?:it|this(?:\s+one)?|that|(?:the|this)\s+[^\s\x00]+)\s+(?:to|as)|",
        r"(?P<verb2>call|name|title|label)\s+(?:it|this(?:\s+one)?|that)(?:\s+(?:to|as))?|",
        r"(?:nenne|nenn)\s+(?:es|ihn|sie)|benenne\s+(?:es|ihn|sie)\s+(?:in|zu))\s+",
        r"(?P<text>.+?)(?:\s+um)?$",
    ),
    # 'add a comment saying "Fixed, please retest"', 'leave a note that says call back': the text
    # goes into the field of that kind
    _rule(
        "type",
        r"^(?:add|leave|write|post|put)\s+(?:a|an|my|the|one)?\s*(?P<target>(?:short\s+|internal\s+)?",
        r"(?:comment|note|message|remark|reply|review|description))\s+",
        r"(?:saying|that\s+says|which\s+says|reading|that\s+reads|with\s+the\s+text)\s*:?\s*(?P<text>\S.*)$",
    ),
    _rule(
        "type",
        r"^(?:add|leave|write|post|put)\s+(?:a|an|my|the|one)?\s*(?P<target>(?:short\s+|internal\s+)?",
        r"(?:comment|note|message|remark|reply|review|description))\s+(?P<text>\x00\d+\x00)$",
    ),
    # type TEXT into TARGET
    _rule("type", r"^(?:fill\s+(?:in|out)?|complete)\s*(?P<target>.+?)\s+with\s+(?P<text>.+)$"),
    _rule("type", r"^(?:fülle|füll|befülle)\s+(?P<target>.+?)\s+mit\s+(?P<text>.+?)(?:\s+aus)?$"),
    _rule("type", r"^(?:set)\s+(?P<target>.+?)\s+to\s+(?P<text>.+)$"),
    # 'change 13:14 to 14:30', 'replace "Berlin" with "Hamburg"': a field, or the value it shows
    _rule(
        "type",
        r"^(?:change|update|modify|correct|switch(?!\s+back\b))\s+(?P<target>.+?)\s+to\s+(?P<text>.+)$",
    ),
    _rule("type", r"^(?:replace)\s+(?P<target>.+?)\s+(?:with|by)\s+(?P<text>.+)$"),
    # 'move the due date to 2026-01-20', 'push the reminder to 9:30': a date or time field, rescheduled
    _rule(
        "reschedule",
        r"^(?:move|push|shift|reschedule|postpone|bring\s+forward|delay|verschiebe|verschieben)\s+",
        r"(?P<target>.+?)\s+(?:to|until|till|auf|zum|zur)\s+(?P<text>.+)$",
    ),
    # 'setze Anzahl Tickets auf 4', 'stelle die Menge auf drei ein': the field, then its value
    _rule(
        "type",
        r"^(?:setze|setz|stelle|stell|ändere|änder)\s+(?P<target>.+?)\s+(?:auf|zu)\s+(?P<text>.+?)(?:\s+ein)?$",
    ),
    _rule(
        "type",
        r"^(?:type|enter|input|write|put|fill\s+in|insert)\s+(?P<text>.+?)\s+(?:into|in|to|on|as)\s+",
        r"(?P<target>.+)$",
    ),
    _rule(
        "type",
        r"^(?:tippe|tipp|gib|gebe|schreibe|schreib|trage)\s+(?P<text>.+?)\s+(?:in|ins|im|bei|unter|als)\s+",
        r"(?P<target>.+?)(?:\s+ein)?$",
    ),
    _rule(
        "type",
        r"^(?P<text>.+?)\s+(?:in|ins)\s+(?P<target>.+?)\s+(?:eingeben|eintragen|eintippen|tippen|schreiben)$",
    ),
    # 'Suchbegriff Schwelle eingeben', 'Nachname Lind eintragen': the field (one noun), its value
    _rule(
        "type",
        r"^(?:(?:den|die|das|als)\s+)?(?P<target>[A-ZÄÖÜ][\w-]+)\s+(?P<text>[^\x00]+?|\x00\d+\x00)\s+"
        r"(?:eingeben|eintragen|eintippen)$",
    ),
    # 'E-Mail-Adresse ändern auf x@y.org', 'Nachname auf Lind setzen', 'Stadt in Bern ändern'
    _rule("type", r"^(?P<target>.+?)\s+(?:ändern|setzen|stellen)\s+(?:auf|zu|in)\s+(?P<text>.+)$"),
    _rule("type", r"^(?P<target>.+?)\s+(?:auf|zu|in)\s+(?P<text>.+?)\s+(?:ändern|setzen|stellen)$"),
    # 'enter the name "Tula"': the field named before the quoted value
    _rule(
        "type_named",
        r"^(?:enter|type|input|write|fill\s+in|put)\s+(?:the|your|my|a|an)\s+(?P<target>[^\x00]{1,30}?)\s+",
        r"(?P<text>\x00\d+\x00)$",
    ),
    # 'type "abc"' with no field named: the page's text field
    _rule(
        "type_any", r"^(?:type|enter|input|write|tippe|gib)\s+(?P<text>\x00\d+\x00|[^\s\x00]+)(?:\s+ein)?$"
    ),
    # 'oxalic eingeben' (the verb last, no field named): typed into the one field there is
    _rule("type_any", r"^(?P<text>\x00\d+\x00|[^\s\x00]+)\s+(?:eingeben|eintippen|tippen)$"),
    # '„queen“ ins Suchfeld' (the verb left out): typed into the field named
    _rule(
        "type",
        r"^(?P<text>\x00\d+\x00|[^\s\x00]+)\s+(?:ins|in\s+das|in\s+die|in\s+den)\s+(?P<target>[^\x00]+)$",
    ),
    # 'confirm with OK', 'confirm by clicking "Yes"': the button named after the verb
    _rule(
        "click",
        r"^(?:confirm|bestätige|bestätigen\s+sie)\s+(?:with|by\s+clicking|using|mit)\s+(?P<target>.+)$",
    ),
    # click
    _rule(
        "click",
        r"^(?P<verb>",
        _CLICK_VERBS,
        r")(?:\s+(?:on|onto|into|in|auf|zu|zur|zum|nach))?",
        r"\s+(?P<target>.+)$",
    ),
    # 'show available tools only', 'show loans that are not returned yet': a filter too
    _rule(
        "only",
        r"^(?:show|display|list|view|see)\s+(?:me\s+)?(?:the\s+)?(?P<target>[^,;\x00]+?)\s+only[.!]?$",
    ),
    _rule(
        "only",
        r"^(?:show|display|list|view|see)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?(?P<target>[^\s,;\x00]+\s+",
        r"(?:that|which|who)\s+(?:are|is|were|have|has)\s+[^,;\x00]+?)[.!]?$",
    ),
    # 'create a new issue', 'share this product', 'sort the comments by date': a verb that is the
    # control's own name or job, before a determiner (without one, 'Create account' and 'Sign in'
    # are whole names and stay so).
    _rule(
        "act_verb",
        r"^(?P<verb>",
        _ACTION_VERBS,
        r")\s+(?P<target>(?:(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|all)\s+|[^\s\x00]+['’]s\s+).+)$",
    ),
    _rule("click", r"^(?P<verb>点击|单击|点)\s*(?P<target>.+)$"),
    # 'Grün auswählen': a choice (an option, a box set on), which a click on a list never makes
    _rule("click", r"^(?P<target>.+?)\s+(?P<verb>auswählen|wählen|markieren|ankreuzen)$"),
    _rule("click", r"^(?P<target>.+?)\s+(?:klicken|anklicken|drücken)$"),
    # 'Abschnitt Hilfe aufklappen', 'die Frage zu X öffnen': a section opened or closed
    _rule("click", r"^(?P<target>.+?)\s+(?P<verb>", "|".join(_DE_FINAL), r")$"),
    # 'den pip-Befehl kopieren', 'das Ergebnis als CSV herunterladen': the verb is the control's
    # job; after a determiner only, as in English ("Warenkorb anzeigen" is a whole name)
    _rule(
        "act_verb_final",
        r"^(?P<target>(?:der|die|das|den|dem|des|ein|eine|einen|alle|meine?n?|diese[nrs]?)\s+.+?)\s+(?P<verb>",
        _DE_JOBS,
        r")$",
    ),
    # ('dann auf Suchen' clicks "Suchen": a lone preposition is no word searched for)
    _rule("search", r"^(?:nach\s+)?(?!(?:auf|an|in|mit|zu|zum|zur)\s+suchen$)(?P<text>.+?)\s+suchen$"),
    # accept / reject buttons are clicks on buttons of that name
    _rule("click_whole", r"^(?P<target>(?:accept|reject|decline|akzeptiere|lehne)\b.*)$"),
    # 'show only cargo bikes', 'only insured ones': the option of a list that filters the page
    _rule(
        "only",
        r"^(?:(?:show|display|list|view|see)\s+(?:me\s+)?)?(?:the\s+)?only\s+(?:the\s+)?(?P<target>[^,;]+?)[.!]?$",
    ),
    _rule("submit", r"^(?:submit|absenden|abschicken|senden)(?:\s+(?:the\s+)?(?P<target>.+))?$"),
    _rule("extract", r"^(?:read|extract|lies|lese)\s+(?P<target>.+)$"),
]


def _protect(text: str) -> tuple[str, Slots]:
    slots = Slots()
    return slots.mask_quoted(text), slots


def _restore(text: str, slots: Slots) -> str:
    return slots.restore(text)


def _target(text: str, slots: Slots) -> tuple[str, str]:
    """The target in plain words, and the text it quotes as the element's name (if any)."""
    text = text.strip(" .,!")
    for _ in range(3):
        stripped = _ARTICLE.sub("", text)
        if stripped == text:
            break
        text = stripped
    text = _TRAILING.sub("", text)
    quoted = slots.slot_indices(text)
    exact = slots.spans[quoted[0]].strip() if len(quoted) == 1 else ""
    return _restore(text, slots).strip(), exact


# 'den 12.06.2025', 'il 18/09/2025', 'the 3rd of May': an article before a date is not typed.
_DATE_ARTICLE = re.compile(
    r"^(?:the|den|dem|der|am|le|la|il|el|o|a|on)\s+(?=\d{1,4}[./\-]\d{1,2}[./\-]\d{2,4}\b)", re.I
)


# 'le 18 septembre 2025', 'el 18 de septiembre': an article before a date in words is not typed either.
_ARTICLE_WORD = re.compile(r"^(?:the|den|dem|der|am|le|la|il|el|o|a|on|dne|dnia)\s+", re.I)


def _value(text: str, slots: Slots) -> str:
    # A period may belong to the text ('Hauptstr.'); quote the text to keep anything else exact.
    text = _DATE_ARTICLE.sub("", text.strip(" ,"))
    m = _ARTICLE_WORD.match(text)
    if m and "\x00" not in text and date_readings(text[m.end() :]):
        text = text[m.end() :]
    return _restore(text, slots)


def key_name(text: str) -> str | None:
    """The Playwright key name for 'enter', 'Eingabetaste', 'Control+A'...; ``None`` if not a key."""
    t = " ".join(text.casefold().split()).removesuffix(" key").removesuffix(" taste").removesuffix("-taste")
    if t in _KEYS:
        return _KEYS[t]
    if re.fullmatch(r"(?:(?:control|ctrl|shift|alt|meta)\+)+[a-z0-9]", t):
        parts = t.split("+")
        mods = {"ctrl": "Control", "control": "Control", "shift": "Shift", "alt": "Alt", "meta": "Meta"}
        return "+".join([*(mods[p] for p in parts[:-1]), parts[-1].upper()])
    if re.fullmatch(r"f(?:[1-9]|1[0-2])", t):
        return t.upper()
    return None


def direction_name(text: str) -> str | None:
    """``down``, ``up``, ``top``, ``bottom``, ``left`` or ``right`` for a direction in words."""
    t = " ".join(text.casefold().split()).strip(" .")
    if not t:
        return "down"
    return _DIRECTIONS.get(t) or _DIRECTIONS.get(t.removeprefix("the page ").removeprefix("die seite "))


# Stated transformations of the value to type: only ones that can be done exactly (the words, in
# every language read here, are in ``languages``). Several may be stated ('in capitals, backwards').
def _transform_rx(words: tuple[str, ...], cjk: tuple[str, ...]) -> re.Pattern[str]:
    latin = "|".join(f"(?:{w})" for w in words)
    return re.compile(rf"\s*,?\s*(?:(?<![\w'’])(?:{latin})(?![\w-])|(?:{'|'.join(cjk)}))", re.IGNORECASE)


_TRANSFORMS: list[tuple[str, re.Pattern[str], Callable[[str], str]]] = [
    (kind, _transform_rx(languages.TRANSFORM_WORDS[kind], languages.TRANSFORM_CJK[kind]), fn)
    for kind, fn in (("upper", str.upper), ("lower", str.lower), ("reverse", lambda t: t[::-1]))
]
# A change that cannot be done exactly: the step is refused rather than typed with the words left in.
_INEXACT = _transform_rx(languages.INEXACT_WORDS, languages.INEXACT_CJK)
# Chinese 大写 of a number asks for the financial numerals (壹佰贰拾), not for capital letters.
_ZH_UPPER = re.compile(r"大写")


def _cased(text: str) -> bool:
    return any(c.lower() != c.upper() for c in text)


_TYPE_VERB = re.compile(
    r"^(?:enter|type|input|write|fill\s+in|put|provide|tippe|gib|trage)\s+(?P<rest>.+)$", re.I
)
_FIELDS_TAIL = re.compile(
    r"\s+(?:into|in|to|ins?)\s+(?:the\s+|die\s+)?(?:(?:text|input|form)\s*)?(?:fields|inputs|boxes|textboxes|felder)"
    r"(?:\s+ein)?$",
    re.I,
)
_PAIR_AS = re.compile(
    r"^(?P<text>.+?)\s+(?:as|for|in|into|als)\s+(?:the\s+|my\s+|a\s+|an\s+)?(?P<target>.+)$", re.I
)
_PAIR_NAMED = re.compile(r"^(?:the\s+|my\s+|a\s+|an\s+)?(?P<target>[^\x00]+?)\s+(?P<text>\x00\d+\x00)$", re.I)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|und\s+)?|\s+(?:and|und)\s+", re.I)
# 'and' in the languages of ``languages``, to split a list of boxes or options in one step.
_AND_WORDS = {
    "en": "and",
    "de": "und",
    "fr": "et",
    "es": "y|e",
    "it": "e|ed",
    "pt": "e",
    "nl": "en",
    "pl": "i|oraz",
    "cs": "a|i",
    "ru": "и",
}
_LIST_SPLITS = {
    lang: re.compile(rf"\s*[,、，]\s*(?:(?:{a})\s+)?|\s+(?:{a})\s+", re.I) for lang, a in _AND_WORDS.items()
}
# (unspaced: '早餐和停车' is split at 和 only between two words of at most six characters)
_LIST_SPLITS["zh"] = re.compile(
    r"\s*[,、，]\s*|(?<=^[^\s和]{2})和(?=[^\s和]{2,6}$)|(?<=^[^\s和]{3})和(?=[^\s和]{2,6}$)"
)
_BOTH = r"both|beide[n]?|obě|oba|les\s+deux|ambos|ambas|entrambi|entrambe|obie|оба|обе"
_QUANTITY = re.compile(
    rf"^(?:(?P<b>{_BOTH})|(?P<q>all|every|each|alle|všechny|všechna|všech|toutes\s+les|tous\s+les|todas\s+las|"
    r"todos\s+los|tutti\s+i|tutte\s+le|wszystkie|все))\s+(?:of\s+)?(?:the\s+|die\s+)?(?P<rest>.+)$",
    re.I,
)
_BARE_QUANTITY = re.compile(
    rf"(?:the\s+)?(?:(?P<b>{_BOTH}|deux|両方|两个|两者)|(?:all|everything|alle|alles|všechny|všechno|vše|tout|todo|todos|"
    r"todas|tutti|tutto|wszystkie|wszystko|все|всё|全部|すべて))",
    re.I,
)
_SECTION_VERBS = frozenset({"expand", "collapse", "open", "close"})
_CHOOSE_VERBS = frozenset(
    {"choose", "pick", "select", "wähle", "wähl", "auswählen", "wählen", "markieren", "ankreuzen"}
)
# 'a checkbox widget', 'any link': one element of the kind, whichever.
_INDEFINITE = re.compile(r"^(?:on\s+|onto\s+)?(?:a|an|any|one)\s+(?!of\b)", re.I)
_BY_DOING = re.compile(
    r"^.+?,?\s+by\s+(?:(?:clicking|pressing|tapping|hitting)(?:\s+on)?|(?P<verb>selecting|choosing|checking|ticking))"
    r"\s+(?P<rest>.+)$",
    re.I,
)
# 'Switch between the tabs to find and click on the link "X"': the goal is the click (a hidden
# target is revealed by the actor when a tab or section holds it).
_FIND_AND = re.compile(
    r"^(?:[^\x00]*?\bto\s+|[^\x00]*?[.,;]\s*)?(?:find|locate|look\s+for)\s+and\s+(?=(?:click|press|tap|select)\b)",
    re.I,
)
# '…, and then find and click on the item labeled "Prev"': a later step's 'find and' says nothing.
_THEN_FIND_AND = re.compile(
    r"(?<=\bthen )(?:find|locate|look\s+for)\s+and\s+(?=(?:click|press|tap|select)\b)", re.I
)
# 'Find the email by Trixi and click the trash icon (to delete it)': one click, on the control
# of that record ('click the trash icon of the email by Trixi').
_FIND_RECORD = re.compile(
    r"^(?:find|locate)\s+(?P<rec>(?:the\s+|an?\s+)?(?:e-?mail|message|post|tweet|row|entry|item|order|comment|"
    r"product|record|user|file)\b[^\x00]*?)\s+and\s+(?:then\s+)?(?P<verb>click|tap|press|hit)\s+(?:on\s+)?"
    r"(?P<ctl>[^\x00]+?)(?:\s+(?:in\s+order\s+)?to\s+\w+\s+(?:it|them)\b[^\x00]*?)?[.!]?\s*$",
    re.I,
)
# 'Scroll the textarea to the bottom of the text hit submit': a second step without 'and'.
_SCROLL_THEN = re.compile(
    r"^(scroll\s+[^\x00]+?\s+to\s+the\s+(?:bottom|top|end)(?:\s+of\s+(?:the\s+)?\w+)?)\s+"
    r"(?=(?:hit|press|click|tap)\s)",
    re.I,
)
# A tab named first, then what to do in it: 'in the Dates tab: Received on 2026-10-22', 'im Reiter
# Dates: …', 'onglet Dates, …', 'en la pestaña Fechas, …', 'во вкладке Даты: …', 'na záložce …'.
_IN_TAB_FIRST = re.compile(
    r"^(?:(?:(?:in|on|under)\s+the\s+(?P<en>[^\x00:,]{1,40}?)\s+tab)"
    r"|(?:(?:im|auf\s+dem|unter\s+dem)\s+(?:reiter|tab)|(?:dans\s+l['’]|sur\s+l['’])?onglet"
    r"|(?:en\s+la\s+)?pestaña|(?:во|на)\s+вкладке|(?:w|na)\s+zakładce|(?:v|na)\s+záložce)"
    r"\s+(?P<name>[^\x00:,]{1,40}?))\s*[:,]\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
# A field and its value at the end without a colon ('Received on 22.10.2026').
_FIELD_THEN_VALUE = re.compile(r"^(?P<field>[^\x00:]*[^\W\d][^\x00:]*?)\s+(?P<val>\S+)$")


def _in_tab_first(m: re.Match[str]) -> str:
    name = m.group("en") or m.group("name")
    rest = m.group("rest")
    pair = _FIELD_THEN_VALUE.match(rest)
    verb = re.match(rf"(?:{_STEP_VERBS})\b", rest, re.IGNORECASE)
    dated = pair is not None and (looks_like_date(pair["val"]) or looks_like_time(pair["val"]))
    if ":" not in rest and not verb and pair and dated:
        rest = f"{pair['field']}: {pair['val']}"
    return f"open the {name} tab, then {rest}"


_SIGN_UP_WITH = re.compile(
    r"^(?P<verb>sign\s+(?:me\s+)?up|subscribe|register)\s+(?:for|to)\s+(?P<what>[^\x00@]+?)\s+"
    r"(?:with|using)\s+(?:(?:my|the)\s+(?:e-?mail(?:\s+address)?|address)\s+)?(?P<addr>[^\s@\x00]+@[^\s\x00]+?)"
    r"[.!]?$",
    re.I,
)


def _sign_up_steps(m: re.Match[str]) -> str:
    verb = "sign up" if m.group("verb").casefold().startswith("sign") else m.group("verb")
    what = m.group("what")
    return f"type {m.group('addr')} into the email field of {what}, then click the {verb} button of {what}"


# 'log in as ada with password x1y2', 'sign in with username ada and password "x1 y2" and
# remember me', 'melde dich als ada mit dem Passwort x1y2 an', 'přihlas se jako ada s heslem x1y2':
# the sign-in form filled field by field, then sent by its button.
_LOG_IN_AS = re.compile(
    r"^(?P<verb>(?:log|sign)\s*(?:in|on)|login|signin|anmelden|einloggen|melde\s+dich|melden\s+sie\s+sich|"
    r"logge\s+dich|connecte[sz]?-(?:toi|vous)|se\s+connecter|inicia(?:r)?\s+sesión|přihlas\s+se|přihlaste\s+se|"
    r"přihlásit\s+se|zaloguj\s+się)"
    r"(?:\s+(?:to|on|at|bei|auf|sur|à|na|do|en)\s+(?!as\b|als\b)[^\s\x00]+)?\s+"
    r"(?:as|als|en\s+tant\s+que|como|jako|with\s+(?:the\s+)?(?:username|user|user\s+name|e-?mail|login)|"
    r"mit\s+(?:dem\s+)?(?:benutzernamen?|e-?mail)|using\s+(?:the\s+)?(?:username|e-?mail))\s+"
    r"(?P<user>[^\s]+?),?\s+"
    r"(?:with|and|using|mit|avec|con|s|z|i|und|et|y)\s+(?:the\s+|my\s+|dem\s+|le\s+|la\s+|mon\s+)?"
    r"(?:password|passwort|kennwort|mot\s+de\s+passe|contraseña|heslem|heslo|hasłem|hasło|pw|pass)\s+"
    r"(?P<pw>[^\s]+?)"
    r"(?P<remember>\s+(?:and|und|et|y|a|i)\s+(?:remember\s+me|stay\s+(?:signed|logged)\s+in|keep\s+me\s+"
    r"(?:signed|logged)\s+in|angemeldet\s+bleiben|se\s+souvenir\s+de\s+moi))?"
    r"(?:\s+an)?[.!]?$",
    re.I,
)


# A quoted search and where to search ('«retries» en la documentación', '"X" in the docs'): the
# quoted words only.
_QUOTED_THEN_PLACE = re.compile(
    r"^\s*(\x00\d+\x00)\s+(?:in|on|en|dans|sur|im|in\s+der|auf|w|we|v|ve|na|в|на|nella|nel|nelle|em|no|na)\s+\S.*$",
    re.I,
)
# Where a search is typed, said after what is searched for: the page's top bar ('… in the top bar',
# '… dans la barre du haut', '… in der oberen Leiste', '… en la barra superior').
_SEARCH_TOP_BAR = re.compile(
    r"\s+(?:(?:up\s+)?(?:in|on|at|using|with|from)\s+(?:the\s+)?(?:top\s*bar|top|header|navbar|nav\s*bar|"
    r"navigation\s+bar|top\s+search(?:\s+(?:box|field|bar))?|search\s+(?:box|field|bar)\s+(?:at|in)\s+the\s+top)"
    r"|dans\s+la\s+barre\s+(?:du\s+haut|sup[ée]rieure|de\s+navigation|en\s+haut)|en\s+haut(?:\s+de\s+la\s+page)?"
    r"|in\s+der\s+(?:oberen\s+)?(?:leiste|kopfzeile|navigationsleiste)(?:\s+oben)?|oben(?:\s+in\s+der\s+leiste)?"
    r"|en\s+la\s+barra\s+(?:superior|de\s+arriba|de\s+navegaci[oó]n)|arriba"
    r"|в\s+верхней\s+панели|вверху|在顶部栏|在顶栏|上のバーで)\s*$",
    re.IGNORECASE,
)
# What is searched, then the value: 'the customer Greta', 'le client Greta', 'den Kunden Omar'
# (a lower-case noun after an article, then a name that starts with a capital or is quoted).
_SEARCHED_THEN_NAME = re.compile(
    r"^(?:the|a|an|le|la|les|un|une|der|die|das|den|dem|el|los|las|un|una)\s+(?P<what>[^\W\d_A-Z][\w-]*)\s+"
    r"(?P<text>(?:[A-ZÀ-ÖØ-Þ\u0400-\u042f]|\x00).*)$"
)


# A search value that is one quoted span and words after it ('"tide" on this site').
_ONE_QUOTED = re.compile(
    r"(?:'([^']+)'|\"([^\"]+)\"|„([^“”]+)[“”]|“([^”]+)”|‘([^’]+)’|«\s*([^»]+?)\s*»|「([^」]+)」|『([^』]+)』)"
    r"(?:\s+(?:in|on|across|within|im|in\s+der|dans|en|na|w|в)\b[^'\"„“”‘’«»「」『』]*)?"
)


# Where a search looks, said after the words in the languages read here: the documentation or site
# itself, not words to search for ('varroa dans la doc', 'varroa nella documentazione').
_IN_THE_DOCS = re.compile(
    r"\s+(?:in|dans|en|nella|nel|nelle|w|we|в|во|im|auf|na|ve|v)\s+(?:(?:the|this|la|le|les|l’|der|den|die|dem|"
    r"el|los|las|il|lo|questa|cette|esta|diese[rnm]?)\s*)?(?:doc|docs|documentation|documentación|documentacion|"
    r"documentazione|dokumentation|doku|dokumentacji|dokumentace|dokumentaci|документации|документация|site|"
    r"website|sitio|sito|seite|webseite|wiki|manual|handbuch|manuel|manuale)[.!]?$",
    re.IGNORECASE,
)


# Where a search looks, said after the words: all the text ('timeout dans tout le texte', 'en todo
# el texto', 'nel testo', 'по всему тексту'), a search page's full-text field.
_IN_ALL_TEXT = re.compile(
    r"\s+(?:in|dans|en|nel|im|w|v|по)\s+(?:(?:all|the\s+whole|the\s+full|tout\s+le|todo\s+el|ganzen|gesamten|"
    r"całym|celém|всему)\s+)?(?:text|texte|texto|testo|tekście|textu|тексту|volltext)[.!]?$",
    re.IGNORECASE,
)


def _search_step(text: str, what: str = "") -> Step:
    """A search: the value typed and sent, and in the target what is searched or where ('search
    (customers)', 'search (top bar)') when the instruction says so; plain ``search`` otherwise."""
    where = ""
    text = _IN_THE_DOCS.sub("", text).strip() or text  # ('varroa dans la doc': the docs are searched)
    if (whole := _IN_ALL_TEXT.search(text)) is not None and whole.start() > 0:
        text, where = text[: whole.start()].strip(), "text"  # 'timeout dans tout le texte'
    if (bar := _SEARCH_TOP_BAR.search(text)) is not None and bar.start() > 0:
        text, where = text[: bar.start()].strip(), "top bar"
    if (named := _SEARCHED_THEN_NAME.match(text)) is not None:
        text, what = named["text"].strip(), what or named["what"]
    if (quoted := _ONE_QUOTED.fullmatch(text)) is not None:
        # "'Orton' in the documentation": the quoted words are what is searched, the rest where
        text = next(g for g in quoted.groups() if g)
    said = where or " ".join(w for w in what.split() if w.casefold() not in ("the", "all", "my", "our"))
    # (in brackets: what the search says, which the actor reads as such; 'search results per page'
    # typed by hand is a field's name)
    return Step("type", target=f"search ({said})" if said else "search", text=text, submit=True)


# 'I forgot my password', "I've forgotten my password": the link for it, whose words are the rest.
_I_FORGOT = re.compile(r"^(?:i\s+(?:have\s+)?|i['’]ve\s+)(?:forgot(?:ten)?|lost)\s+", re.I)


# 'set the password to X in both password fields': X into each of them.
_SET_IN_BOTH = re.compile(
    r"^(?:set|change)\s+(?:the\s+|my\s+)?[^\x00]+?\s+to\s+(?P<val>\S+)\s+in\s+"
    r"(?P<where>(?:both|all|each\s+of\s+the)\s+[^\x00]+)$",
    re.I,
)
# 'password X, confirm it', 'password X (twice)', 'contraseña X y repítela', 'пароль X, повторить',
# 'パスワードX(確認も)', '… ändern (bestätigen nicht vergessen)': the password, whose confirmation is
# filled with it (the form's own field that asks for it again).
_PASSWORD_CONFIRMED = re.compile(
    r"^(?:(?:give|set)\s+(?:her|him|them|me|it)\s+)?(?:(?:the|a|das|le|la|el)\s+)?"
    r"(?:(?:new|neue[sn]?|nouveau|nueva|nuova|nowe|nové|новый)\s+)?(?P<kind>password|passwort|kennwort|"
    r"mot\s+de\s+passe|contraseña|heslo|hasło|пароль|パスワード|密码)\s*(?P<val>[^\s,，、(（]+)(?:\s+setzen)?"
    r"\s*[,，、]?\s*(?:(?:and|und|et|y|e|i|a|и)\s+)?"
    r"(?:\((?:twice|zweimal|deux\s+fois|dos\s+veces|due\s+volte|dvakrát|dwa\s+razy|дважды)\)"
    r"|confirm(?:\s+it)?|bestätigen|confirme[rz]?(?:-le)?|confírmala|repítela|conferma(?:la)?|ripetila|"
    r"potvrď(?:te)?|powtórz|повтори(?:ть|те)?|подтверди(?:ть|те)?|[(（]確認も[)）]|を確認欄にも|确认密码也一样)"
    r"[.!。]?$"
    r"|(?<=\S)\s*[(（](?:bestätigen|confirm|confirmer|confirmar|confermare)[^)）]*[)）]$",
    re.IGNORECASE,
)
# 'change my password to X', 'cambiar mi contraseña a X', 'сменить пароль на X', 'パスワードを X に変更':
# the new password, confirmed where the form asks for it again.
_NEW_PASSWORD_TO = re.compile(
    r"^(?:change|set|update|reset|cambiar|cambia|changer|change|cambiare|zmień|změň|сменить|смени|изменить|"
    r"измени)\s+(?:(?:my|the|your|her|his|mi|la|mon|le|la\s+mia|moje|мой)\s+)?(?:password|contraseña|"
    r"mot\s+de\s+passe|hasło|heslo|пароль)\s+(?:to|a|en|in|na|на)\s+(?P<val>\S+?)[.!]?$"
    r"|^パスワードを\s*(?P<v2>\S+?)\s*に変更(?:する|して(?:ください)?)?$",
    re.IGNORECASE,
)
# 'a new password: X, twice', 'Passwort festlegen: X (zweimal)': X into both password fields.
_VALUE_TWICE = re.compile(
    r"^[^:\x00]*?\b(?P<kind>password|passwort|kennwort|heslo|hasło|contraseña|mot\s+de\s+passe)\b[^:\x00]*:\s*"
    r"(?P<val>\S+?),?\s*\(?(?:twice|zweimal|deux\s+fois|dos\s+veces|dvakrát|dwa\s+razy|дважды)\)?[.!]?$"
    # 'Passwort Ferry!2027 zweimal eingeben', 'enter the password X twice', 'введи пароль X дважды'
    r"|^(?:(?:enter|type|write|put|eingeben|gib|tippe|saisis|saisissez|tape|tapez|escribe|introduce|ingresa|"
    r"wpisz|podaj|введи|введите|zadej|napiš)\s+)?(?:(?:the|my|a|das|le|la|el)\s+)?"
    r"(?P<kind2>(?:(?:new|neue[sn]?|nouveau)\s+)?(?:password|passwort|kennwort|heslo|hasło|contraseña|"
    r"mot\s+de\s+passe|пароль))\s+(?P<val2>[^\s,]+)\s+(?:twice|zweimal|deux\s+fois|dos\s+veces|dvakrát|dwa\s+razy|дважды)"
    r"(?:\s+(?:eingeben|ein|tippen|eintragen|eintippen|wpisz|введи|введите|zadej))?[.!]?$",
    re.I,
)


# 'username grace', 'current password is x1y2', 'E-Mail: jo@x.org', 'heslo Zlaty-Klic-8': the words
# before the value name a field of a form, in any language (what they mean is read below).
_FIELD_THEN_VALUE = re.compile(
    r"^(?P<field>[^\x00:=]+?)\s*(?:\s(?:is|ist|est|es|je|jest|è|é|=)\s|[:=]\s*|\s)\s*"
    r"(?P<val>\x00\d+\x00|[^\s\x00]+)[.!]?$",
    re.I,
)
# What a form's field is, by the concept of the words naming it ('Benutzername', 'heslo').
_FIELD_CONCEPTS = frozenset(
    {"§username", "§password", "§email", "§name", "§firstname", "§lastname", "§phone", "§login"}
)
# Concepts a value may be written as without other signs: names ('username grace', 'name Jo').
_NAME_FIELDS = frozenset({"§username", "§name", "§firstname", "§lastname"})
# 'user' alone heads many names ('user guide', 'user settings'): no field before a plain word.
_USER_NOUNS = frozenset({"user", "users", "benutzer", "utilisateur", "usuario", "uživatel", "użytkownik"})
# Words that say which of the fields: current, new, old, confirm... ('new password X').
_WHICH_FIELD = frozenset(
    {
        "current", "new", "old", "your", "my", "the", "a", "repeat", "confirm", "confirmation", "again",
        "retype", "reenter", "re", "enter",
        "address", "aktuelles", "altes", "neues", "nouveau", "actuel", "ancien", "nueva", "actual",
        "nové", "současné", "nowe", "obecne", "adresse", "adresa", "dirección", "adres",
    }
)  # fmt: skip


_AGAIN_FIELD = re.compile(r"^(?:confirm|repeat|retype|re-?enter)\s", re.I)


def _field_then_value(seg: str, slots: Slots, *, colon: bool = False) -> Step | None:
    """'username grace', 'current password is x1y2-secret', 'E-Mail: jo@x.org': a value typed into
    the field the words before it name, when those words are the name of a form's field (user
    name, password, e-mail, name, phone) and nothing else. A plain word as a value only goes
    into a name field ('password reset' stays a click)."""
    if (not colon and re.search(r"[:：]", seg)) or seg.rstrip().endswith(("?", "？")):
        return None  # ('E-Mail: X' is a label and its value, read elsewhere; a question gives none)
    m = _FIELD_THEN_VALUE.match(seg.strip())
    if m is None:
        return None
    field_words = [w for w in words(fold(m.group("field"))) if w not in _WHICH_FIELD]
    concepts = {CONCEPTS.get(w, "") for w in field_words}
    if not field_words or not concepts or not concepts <= _FIELD_CONCEPTS:
        return None
    raw_value = m.group("val")
    value = _value(raw_value, slots)
    if not value or value.casefold() in STOPWORDS:
        return None
    plain = raw_value[0] != "\x00" and value.strip(".,;!?").isalpha()
    known = fold(value) in CONCEPTS or fold(value) in KIND_WORDS or fold(value) in ROLE_WORDS
    if plain and (known or not concepts <= _NAME_FIELDS or set(field_words) <= _USER_NOUNS):
        return None  # ('name field', 'username help', 'user guide': words of the page, no value)
    target = _restore(m.group("field"), slots).strip()
    return Step("type", target=target, text=value)


# 'new password Blue-88, twice', 'password X in both fields': X into both (new) password fields.
_VALUE_BOTH = re.compile(
    r"^(?:(?:type|enter|put|use|set)\s+)?(?:the\s+|a\s+|my\s+)?"
    r"(?P<kind>(?:new\s+)?(?:password|passwort|kennwort|heslo|hasło|contraseña|mot\s+de\s+passe))\s*:?\s+"
    r"(?P<val>[^\s,]+),?\s+(?:\(?(?:twice|zweimal|deux\s+fois|dos\s+veces|dvakrát|dwa\s+razy)\)?"
    r"|in(?:to)?\s+both(?:\s+(?:password\s+)?fields?)?)[.!]?$",
    re.I,
)


# 'open the first and the last question', 'die erste und die zweite Frage öffnen': two things
# counted with one noun, each in a step of its own.
_ORD_ALT = "|".join(sorted((re.escape(w) for w in ORDINAL_WORDS if w.isalpha()), key=len, reverse=True))
_ARTICLE_OPT = r"(?:(?:the|die|den|der|das|le|la|les|el|los|las|il)\s+)?"
_TWO_ORDINALS = re.compile(
    rf"^(?P<pre>(?:[^\x00]*?\s)?){_ARTICLE_OPT}(?P<a>{_ORD_ALT})\s+(?:and|und|et|y|e|i|a|и|en)\s+"
    rf"(?P<art>{_ARTICLE_OPT})(?P<b>{_ORD_ALT})\s+(?P<noun>[^\s,\x00]+)(?P<post>[^,\x00]*)$",
    re.I,
)


def _two_ordinals(m: re.Match[str]) -> str:
    if m.group("noun").casefold() in ("name", "names", "namen", "nom", "nombre", "nome", "jméno"):
        return m.group(0)  # 'first and last name': two fields, not two names counted
    pre, post, noun, art = m.group("pre"), m.group("post"), m.group("noun"), m.group("art")
    return f"{pre}{art}{m.group('a')} {noun}{post}, then {pre}{art}{m.group('b')} {noun}{post}"


def _log_in_steps(m: re.Match[str]) -> str:
    user = m.group("user")
    field = "email" if "@" in user else "username"
    steps = f"type {user} into the {field} field, then type {m.group('pw')} into the password field"
    if m.group("remember"):
        steps += ", then check remember me"
    return f"{steps}, then click the sign in button"


# 'enter mechanic / chain-lube and sign in', 'log in with jo / s3cret': a user name and a password
# said as a pair around a slash.
_CREDENTIALS = re.compile(
    r"^(?:(?:enter|type|use|try)|(?:log|sign)\s*in\s+(?:as|with))\s+(?P<user>[^\s/\x00]+)\s+/\s+"
    r"(?P<pw>[^\s/\x00]+)(?P<rest>(?:\s*,?\s+(?:and|then)\s+.+)?)$",
    re.IGNORECASE,
)


def _credentials(m: re.Match[str]) -> str:
    user = m.group("user")
    field = "email" if "@" in user else "username"
    steps = f"type {user} into the {field} field, then type {m.group('pw')} into the password field"
    rest = re.sub(r"^(?:and|then)\s+", "", m.group("rest").strip().strip(",").strip())
    return f"{steps}, then {rest}" if rest else steps


# 'username mechanic, password chain-lube', 'логин mechanic, пароль chain-lube': fields named
# with their values, without a verb; each pair is a step (a step with a verb after them stays).
_PAIR_FIELDS = (
    r"user\s*name|username|login|логин|identifiant|benutzername|benutzer|nom\s+d'utilisateur|"
    r"uživatelské\s+jméno|uživatel|użytkownik|nazwa\s+użytkownika|nombre\s+de\s+usuario|usuario|usuário|"
    r"utente|nome\s+utente|имя\s+пользователя|用户名|ユーザー名|password|passwort|kennwort|mot\s+de\s+passe|"
    r"пароль|heslo|hasło|contraseña|senha|palavra-passe|密码|パスワード|e-?mail|courriel|почта"
)
_FIELD_PAIR = re.compile(rf"^\s*(?P<f>{_PAIR_FIELDS})\s*[:=]?\s+(?P<v>[^\s,;]+)\s*$", re.IGNORECASE)
_PAIR_SPLIT = re.compile(r"\s*[,;]\s*(?:(?:and|et|und|и|y|i|a|e)\s+)?|\s+(?:and|et|und|и|y|i|a|e)\s+")


def _field_pairs(text: str) -> str:
    parts = [p for p in _PAIR_SPLIT.split(text) if p and p.strip()]
    pairs = [_FIELD_PAIR.match(p) for p in parts]
    if len(parts) < 2 or not (pairs[0] and pairs[1]):
        return text
    out = [
        f"type {m['v']} into the {_field_kind(m['f'])} field" if m else p
        for p, m in zip(parts, pairs, strict=True)
    ]
    return ", then ".join(out)


def _field_kind(said: str) -> str:
    """The field a pair's word names, by its kind in English (found in any language the field
    tables read): 'пароль' is the password field, 'логин' the username field."""
    if re.fullmatch(r"e-?mail|courriel|почта", said, re.IGNORECASE):
        return "email"
    if re.search(r"pass|wort|пароль|heslo|hasło|contraseña|senha|密码|パスワード", said, re.IGNORECASE):
        return "password"
    return "username"


# 'Leave a comment "Nice." as Sam with the email sam@x.org and post it': a comment form filled
# field by field, then sent when the words say so.
_COMMENT_AS = re.compile(
    r"^(?P<verb>leave|post|write|add|submit)\s+(?:a\s+|the\s+|this\s+)?comment\s+(?P<text>\x00\d+\x00)\s+"
    r"(?:as|under\s+the\s+name|with\s+the\s+name|signed(?:\s+as)?)\s+(?P<name>[^\x00@]+?),?\s+(?:with|and)\s+"
    r"(?:the\s+|my\s+)?e-?mail(?:\s+address)?\s+(?P<email>[^\s@\x00]+@[^\s\x00]+?)"
    r"(?P<post>\s+and\s+(?:post|submit|send|publish)\s+it)?[.!]?$",
    re.I,
)


def _comment_steps(m: re.Match[str]) -> str:
    steps = (
        f"type {m.group('text')} into the comment field, then type {m.group('name')} into the name field, "
        f"then type {m.group('email')} into the email field"
    )
    if m.group("post") or m.group("verb").casefold() in ("post", "submit"):
        steps += ", then click the post comment button"
    return steps


# 'filter by Bosch and Makita': the facets' boxes are chosen, each one ('filter by status
# Pending', one value, is left to the list that offers it).
_FILTER_BY_LIST = re.compile(
    r"^(?:filter|narrow\s+down|narrow|refine)\s+(?:the\s+)?(?:[^\s\x00]+\s+)?by\s+(?:both\s+)?"
    r"(?P<rest>[^,;.]+?(?:\s*,\s*|\s+and\s+)[^;.]+)$",
    re.I,
)
_USE_TO = re.compile(
    r"^use\s+(?P<ctl>(?:the|a|an)\s+[^\x00,]+?)\s+to\s+(?P<verb>enter|type|input|write|fill\s+in|select|choose|"
    r"pick|set)\s+(?P<rest>.+)$",
    re.I,
)
_GERUNDS = {"selecting": "select", "choosing": "choose", "checking": "check", "ticking": "tick"}
_IN_ORDER_TO = re.compile(
    r"^(?:to|in\s+order\s+to)\s+[^,\x00]+,\s*(?=(?:" + _STEP_VERBS + r")\b)",
    re.I,
)
# The same purpose clause in other languages ('Pour créer un compte, cliquez sur …', 'Um ein Konto
# anzulegen, klicke …'): dropped only when what follows the comma parses as steps.
# How people ask an agent for a step ('could you open the FAQ', 'I want to log in', 'how do I
# deploy?'): the step is what follows. Only where something follows that is not a question.
_ASKING = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?"
    r"|i\s+(?:want|need|wish|have)\s+to\s+|i\s+would\s+like\s+to\s+|i['’]d\s+like\s+to\s+"
    r"|i['’]m\s+trying\s+to\s+|i\s+am\s+trying\s+to\s+|help\s+me\s+"
    r"|ich\s+(?:möchte|will|würde\s+gerne?)\s+(?:mich\s+)?|je\s+(?:veux|voudrais)\s+|j['’]aimerais\s+"
    r"|quiero\s+|me\s+gustaría\s+|voglio\s+|vorrei\s+|chci\s+(?:se\s+)?|chtěl[a]?\s+bych\s+(?:se\s+)?"
    r"|chcę\s+(?:się\s+)?|chciał[a]?bym\s+(?:się\s+)?|(?:я\s+)?хочу\s+"
    r"|how\s+(?:do|can|should|would)\s+(?:i|we|one)\s+|how\s+to\s+|where\s+(?:do|can)\s+i\s+"
    r"|(?:i|we)\s+(?:use|am\s+using|are\s+using)\s+|(?:i['’]m|we['’]re)\s+(?:using|on)\s+|i\s+am\s+on\s+"
    r"|(?=what(?:['’]s|\s+is)\s+(?:in|on|under)\s))"
    r"(?=[^\W\d])",
    re.I,
)
# A box's state asked to hold ('make sure Remember me is unchecked', 'stelle sicher, dass X nicht
# angehakt ist', "asegúrate de que 'X' está desmarcado", 'X がオフになっていることを確認'): the box
# set so, which does nothing when it already is. Only states a box or switch has.
_MAKE_SURE = (
    r"make\s+sure(?:\s+that)?|ensure(?:\s+that)?|be\s+sure(?:\s+that)?|check\s+that|verify\s+that|see\s+that"
    r"|stell(?:e|en\s+sie)?\s+sicher,?\s+dass|sorg(?:e|en\s+sie)?\s+dafür,?\s+dass"
    r"|vergewissere\s+dich,?\s+dass|prüfe?,?\s+ob|achte\s+darauf,?\s+dass"
    r"|assure[sz]?[-\s](?:toi|vous)\s+qu(?:e|’)|vérifie[sz]?\s+qu(?:e|’)|fais\s+en\s+sorte\s+qu(?:e|’)"
    r"|asegúrate\s+de\s+que|asegúrese\s+de\s+que|comprueba\s+que|verifica\s+que|assicurati\s+che"
    r"|upewnij\s+się,?\s+(?:że|czy)|sprawdź,?\s+(?:że|czy)|dopilnuj,?\s+(?:żeby|by|aby)"
    r"|убеди(?:сь|тесь),?\s+что|проверь(?:те)?,?\s+что|ujisti\s+se,?\s+že|zkontroluj,?\s+(?:že|zda)"
)
_BOX_ON = (
    r"checked|ticked|selected|on|enabled|active|activated|switched\s+on|turned\s+on"
    r"|angehakt|ausgewählt|aktiviert|an|eingeschaltet|markiert|angekreuzt"
    r"|coché[e]?s?|activé[e]?s?|sélectionné[e]?s?|marcad[oa]s?|activad[oa]s?|seleccionad[oa]s?"
    r"|selezionat[oaie]|attivat[oaie]|spuntat[oaie]"
    r"|zaznaczon[yaei]e?|włączon[yaei]e?|wybran[yaei]e?|zaškrtnut[oáýé]|zapnut[oáýé]|vybrán[oay]?"
    r"|отмечен[аоы]?|включ[её]н[аоы]?|выбран[аоы]?"
)
_BOX_OFF = (
    r"unchecked|unticked|unselected|deselected|off|disabled|inactive|deactivated|switched\s+off|turned\s+off"
    r"|abgewählt|deaktiviert|aus|ausgeschaltet|nicht\s+markiert"
    r"|décoché[e]?s?|désactivé[e]?s?|desmarcad[oa]s?|desactivad[oa]s?|deseleccionad[oa]s?"
    r"|deselezionat[oaie]|disattivat[oaie]"
    r"|odznaczon[yaei]e?|niezaznaczon[yaei]e?|wyłączon[yaei]e?|nezaškrtnut[oáýé]|vypnut[oáýé]"
    r"|выключ[её]н[аоы]?|отключ[её]н[аоы]?|снят[аоы]?"
)
_COPULA = (
    r"is|are|stays|remains|ist|sind|bleibt|est|sont|reste|soit|está|están|esté|estén|sea|è|sia|resti"
    r"|jest|są|zostaje|je|jsou|zůstane|остается|остаётся"
)
_NOT = r"not|nicht|pas|no|non|nie|не|ne"
_STATE_SAID = re.compile(
    rf"^(?:please\s+|bitte\s+)?(?:{_MAKE_SURE})\s+(?P<x>[^,;\x00]*?\S|[^,;]*?\x00\d+\x00)\s*"
    rf"(?:(?:{_COPULA})\s+)?(?:(?P<not>{_NOT})\s+|ne\s+)?(?:(?P<on>{_BOX_ON})|(?P<off>{_BOX_OFF}))"
    rf"(?:\s+pas)?(?:\s+(?:{_COPULA}))?\s*[.!]?$"
    r"|^(?P<ja>[^\x00、]*?\S|\x00\d+\x00)\s*(?:が|は)\s*(?P<ja_state>オン|オフ|有効|無効)(?:に)?なって(?:い)?る"
    r"(?:こと)?を?確認(?:して(?:ください)?|する)?[。.]?$",
    re.IGNORECASE,
)


def _state_said(m: re.Match[str]) -> str:
    if m["ja"]:
        on = m["ja_state"] in ("オン", "有効")
        return f"{'check' if on else 'uncheck'} {m['ja']}"
    x = re.sub(r"^(?:the|die|der|das|le|la|les|el|los|las|il|lo)\s+", "", m["x"].strip(), flags=re.I)
    if re.search(rf"\s(?:{_COPULA})$", x, re.I):
        x = re.sub(rf"\s+(?:{_COPULA})$", "", x, flags=re.I)
    if not x:
        return m.group(0)
    on = (m["on"] is not None) != (m["not"] is not None)
    return f"{'check' if on else 'uncheck'} {x}"


# A password changed from one to another ('change my password from X to Y', 'Passwort von X auf Y
# ändern', 'сменить пароль X на Y', 'パスワードを X から Y に変更'): the old one into its field, the new
# one into both new-password fields.
_PASSWORD_FROM_TO = re.compile(
    r"(?:^(?:change|update|reset)\s+(?:my\s+|the\s+|your\s+|her\s+|his\s+)?password\s+from\s+(?P<a>\S+?)\s+to\s+(?P<b>\S+?)"
    r"|^(?:(?:ändere|änder)\s+)?(?:mein\s+|das\s+)?(?:passwort|kennwort)\s+von\s+(?P<c>\S+?)\s+(?:auf|zu|in)\s+"
    r"(?P<d>\S+?)(?:\s+ändern)?"
    r"|^(?:cambiar|cambia|cambie)\s+(?:mi\s+|la\s+)?contraseña\s+(?:de\s+)?(?P<e>\S+?)\s+(?:a|por)\s+(?P<f>\S+?)"
    r"|^(?:changer|change|changez|modifier|modifie|modifiez)\s+(?:mon\s+|le\s+)?mot\s+de\s+passe\s+(?:de\s+)?"
    r"(?P<g>\S+?)\s+(?:en|à|pour|par)\s+(?P<h>\S+?)"
    r"|^(?:сменить|смени|смените|изменить|измени|поменять|поменяй)\s+(?:мой\s+)?пароль\s+(?:с\s+)?(?P<i>\S+?)\s+"
    r"на\s+(?P<j>\S+?)"
    r"|^(?:zmień|zmien|zmienić)\s+(?:moje\s+)?hasło\s+(?:z\s+)?(?P<k>\S+?)\s+na\s+(?P<l>\S+?)"
    r"|^(?:změň|změnit|zmeň)\s+(?:mi\s+|moje\s+)?heslo\s+(?:z\s+)?(?P<m>\S+?)\s+na\s+(?P<n>\S+?)"
    r"|^パスワードを\s*(?P<o>\S+?)\s*から\s*(?P<p>\S+?)\s*に変更(?:する|して(?:ください)?)?"
    r")\s*[.。]?$",  # (a full stop ends the sentence; "!" may end a password)
    re.IGNORECASE,
)


def _password_from_to(m: re.Match[str]) -> str:
    said = [v for v in m.groups() if v]
    old, new = said[0], said[1]
    return f"type {old} into the old password field, then type {new} into both new password fields"


# A person put into a group ('put her in the Editors group', 'dodaj do grupy Editors', 'añádela al grupo
# Editors', 'Editors グループに入れる'): the group's box ticked.
_OBJ = r"(?:(?:her|him|them|the\s+user|sie|ihn|la|le|les|ją|go|je|её|его|их|ji|ho)\s+)?"
_INTO_GROUP = re.compile(
    rf"(?:^(?:put|add|place|move)\s+{_OBJ}(?:in|into|to)\s+(?:the\s+)?(?:(?P<a>[^\x00,;]{{1,40}}?)\s+group|group\s+(?P<b>[^\x00,;]{{1,40}}?))"
    rf"|^(?:(?:füge|fügen\s+sie|nimm|stecke|setze|setz)\s+{_OBJ})?(?:zur|in\s+die)\s+gruppe\s+(?P<c>[^\x00,;]{{1,40}}?)(?:\s+(?:hinzu|hinzufügen|auf|aufnehmen|ein))?"
    rf"|^(?:ajoute[rz]?|mets|mettre|mettez)(?:-la|-le|-les)?\s+(?:{_OBJ})?(?:au|dans\s+le)\s+groupe\s+(?P<d>[^\x00,;]{{1,40}}?)"
    rf"|^(?:añade|añadir|añádela|añádelo|agrega|agregar|agrégala|agrégalo|pon|ponla|ponlo|poner)\s+(?:{_OBJ})?(?:al|en\s+el)\s+grupo\s+(?P<e>[^\x00,;]{{1,40}}?)"
    rf"|^(?:dodaj|dodać|przypisz)\s+{_OBJ}do\s+grupy\s+(?P<f>[^\x00,;]{{1,40}}?)"
    rf"|^(?:добавь|добавить|добавьте|включи|включить)\s+{_OBJ}в\s+группу\s+(?P<g>[^\x00,;]{{1,40}}?)"
    rf"|^(?:přidej|přidat|přidejte)\s+{_OBJ}do\s+skupiny\s+(?P<h>[^\x00,;]{{1,40}}?)"
    r"|^(?P<i>[^\x00,;、\s]{1,40}?|\x00\d+\x00)\s*グループ(?:に|へ)(?:入れる|入れて|追加|追加する|追加して)(?:ください)?"
    r")\s*[.!。]?$",
    re.IGNORECASE,
)


def _into_group(m: re.Match[str]) -> str:
    group = next(v for v in m.groups() if v)
    return f"check {group.strip()}"


# 'zurück zur Startseite', 'retour à l'accueil', 'torna alla home', 'wróć do strony głównej': where
# the way back goes, as 'back to the home page' is; 'back' alone is the previous page.
_BACK_TO = re.compile(
    r"^(?:(?:geh(?:e)?|gehen\s+sie)\s+)?zurück\s+(?:zur|zum|zu|auf\s+die|in\s+die)\s+(?P<a>\S.*)$"
    r"|^(?:retour(?:ner)?|revenir|reviens|revenez|retourne[rz]?)\s+(?:à\s+la|à\s+l’\s*|au|aux|à|vers\s+la|vers\s+le)\s*(?P<b>\S.*)$"
    r"|^(?:torna(?:re)?|ritorna(?:re)?)\s+(?:alla|al|all’\s*|allo|a)\s*(?P<c>\S.*)$"
    r"|^(?:volver|vuelve|regresar|regresa)\s+(?:a\s+la|al|a)\s+(?P<d>\S.*)$"
    r"|^(?:wróć|wrócić|powrót)\s+(?:do|na)\s+(?P<e>\S.*)$"
    r"|^(?:вернуться|вернись|вернитесь|назад)\s+(?:на|к|в)\s+(?P<f>\S.*)$"
    r"|^(?:zpět|vrátit\s+se|vrať\s+se)\s+(?:na|do|k)\s+(?P<g>\S.*)$",
    re.IGNORECASE,
)


def _back_to(m: re.Match[str]) -> str:
    return f"go to {next(v for v in m.groups() if v)}"


# A person as the object between a verb and its particle ('sign her up for the newsletter',
# 'unsubscribe him from X'): the same step as without them.
_PERSON_OBJECT = re.compile(
    r"^(?P<verb>[^\W\d]+)\s+(?:her|him|them|us)\s+(?=(?:up|in|out|from|for|to|on|off)\b)", re.I
)
# '… and confirm' said in another language after a delete ('Auftrag 5 löschen und bestätigen',
# 'supprime la réparation 5 et confirme', '删除工单5并确认'): the answer to the dialog the delete
# opens is a step of its own (English splits at its verbs already).
_AND_CONFIRM = re.compile(
    r"^(?P<before>.+?)\s*(?:,\s*|\s+)(?:(?:and|und|et|y|i|a|e|и)\s+"
    r"(?:(?:then|dann|puis|luego|pak|potom|potem|depois|затем)\s+)?|(?:then|dann|puis|luego|pak|potom|potem|depois|затем)\s+)"
    r"(?P<yes>confirm|bestätigen|bestätige|confirmer|confirme|confirmez|confirmar|confirma|conferma|confermare|"
    r"potvrdit|potvrď|potvrďte|potwierdź|potwierdzić|подтвердить|подтверди|подтвердите)"
    r"(?:\s+(?:it|das|es|ça|le|la|lo|to|je|ją|это|isso))?\s*[.!。]?$"
    r"|^(?P<cjk>.+?)(?:并且|并|然后|再)\s*(?P<cjk_yes>确认|確認)$"
    r"|^(?P<ja>.+?)して\s*(?P<ja_yes>確定|確認)(?:する|して(?:ください)?|します)?$",
    re.I,
)
# 'als erledigt markieren und bestätigen': a bulk action, confirmed as a delete is
_MARKING = ("mark", "marqu", "marca", "markier", "označ", "oznacz", "отмет", "segna")


def _and_confirm(text: str) -> str:
    m = _AND_CONFIRM.match(text)
    if m is None:
        return text
    before = m["before"] or m["cjk"] or m["ja"]
    yes = m["yes"] or m["cjk_yes"] or m["ja_yes"]
    said = [fold(w) for w in re.findall(r"[^\W\d_]+", before)]
    deletes = any(concept_of(w) == "§delete" for w in said) or any(
        d in before for d in ("删除", "削除", "삭제", "标记", "マーク")
    )
    deletes = deletes or any(w.startswith(_MARKING) for w in said)
    return f"{before}, then {yes}" if deletes else text


# A field's words, then a date, without a verb ('finished on 2026-06-30', 'Termin am 15.07.2026 um
# 9 Uhr', 'joined on 1 March 2022'): the date is typed into that field.
_DATE_PREPOSITIONS = frozenset(
    {"on", "at", "for", "to", "am", "le", "el", "dne", "dnia", "de", "на", "于", "à"}
)


def _field_then_date(text: str) -> str:
    tokens = text.split()
    for i in range(1, min(len(tokens), 6)):
        field, value = tokens[:i], " ".join(tokens[i:])
        if any(ch.isdigit() or ch == "\x00" for ch in "".join(field)):
            return text
        if re.match(rf"(?:{_STEP_VERBS})\b", " ".join(field), re.I):
            return text
        if looks_like_date(value) and (value[:1].isdigit() or len(tokens) - i <= 6):
            if (
                fold(field[-1]) not in _DATE_PREPOSITIONS
                and i + 1 < len(tokens)
                and fold(tokens[i]) in _DATE_PREPOSITIONS
            ):
                continue  # ('finished on …': the preposition is the label's)
            return f"type {value} into {' '.join(field)}"
    return text


# 'pressione Enter', 'appuie sur la touche Entrée', '按回车键', 'Enterキーを押す': the key, as
# 'press Enter' is (a button named "Enter" is clicked by 'click Enter', in any language).
_PRESS_ENTER = re.compile(
    r"(?:\s*,?\s+(?:and(?:\s+then)?|und(?:\s+dann)?|et(?:\s+puis)?|puis|y(?:\s+luego)?|i|a(?:\s+pak|\s+potom)?|"
    r"e(?:\s+depois)?|и(?:\s+затем)?|then|dann)\s+|\s*[,;]\s*|^|(?<=\s))"
    r"(?:pressione|pressiona|pressionar|aperte|apertar|carregue\s+(?:em|no)|carregar\s+(?:em|no)|premi|premere|"
    r"stiskni|stiskněte|stisknout|zmáčkni|zmáčknout|naciśnij|nacisnąć|wciśnij|wcisnąć|appuie\s+sur|"
    r"appuyez\s+sur|appuyer\s+sur|tape\s+sur|taper\s+sur|drücke|drück|drücken|pulsa|pulse|pulsar|presiona|"
    r"presionar|oprima|oprimir|нажми|нажмите|нажать|druk\s+op)\s+"
    r"(?:(?:la\s+|a\s+|die\s+|de\s+)?(?:touche|tecla|klávesu|klawisz|клавишу|taste|toets)\s+)?"
    r"(?:enter|entrée|entrer|intro|eingabe|eingabetaste|enter-taste|enteru|ввод|return)"
    r"(?:\s*-?\s*(?:taste|klávesu|key))?(?=\s*[.!]?\s*$|\s*[,;]|\s+(?:and|und|et|y|i|a|e|и)\s)"
    r"(?P<after>\s*[,;]\s*(?:a\s+potem|potem|a\s+pak|pak|potom|puis|dann|danach|luego|después|depois|затем|потом|"
    r"then)?\s*|\s+(?:and|und|et|y|i|a|e|и)\s+(?:then\s+|dann\s+|puis\s+|potem\s+|pak\s+|luego\s+|depois\s+)?)?"
    r"|[，,]?\s*(?:然后|再|并)?\s*按(?:下)?\s*(?:回车|Enter|enter|ENTER)(?:键)?"
    r"|(?:して|[、,])?\s*(?:Enter|enter|ENTER|エンター)\s*(?:キー)?\s*を\s*押(?:す|して(?:ください)?|します)?",
    re.I,
)
# 'and start the search', 'und die Suche starten', 'et lance-la', 'a potvrď tlačítkem', 'して検索開始':
# what was just typed is sent, as Enter in its field sends it (said last, after a typing step).
_START_SEARCH = re.compile(
    r"(?:\s*,?\s+(?:and(?:\s+then)?|then|und(?:\s+dann)?|dann|et(?:\s+puis)?|puis|y(?:\s+luego)?|e|i|"
    r"a(?:\s+pak)?|и(?:\s+затем)?)\s+|\s*[,;]\s*|\s*(?:して|、)\s*)"
    r"(?:(?:start|run|launch|begin)\s+(?:the\s+|a\s+)?search|submit\s+(?:it|the\s+search)|"
    r"(?:die\s+)?suche\s+(?:starten|ausführen|abschicken|absenden)|starte\s+die\s+suche|"
    r"lance(?:z)?[-\s]la|lance(?:z)?\s+la\s+recherche|valide(?:z|r)?|"
    r"(?:inicia|lanza|ejecuta)(?:r)?\s+la\s+búsqueda|avvia(?:re)?\s+la\s+ricerca|"
    r"potvrď(?:te)?(?:\s+(?:to|tlačítkem|hledání))?|spusť(?:te)?\s+hledání|uruchom\s+wyszukiwanie|"
    r"zatwierdź|запусти(?:те)?\s+поиск|検索(?:を)?(?:開始|実行)(?:する|して)?)\s*[.!。]?$",
    re.I,
)
# 'YにXと入れて', 'XをYに入れて': put into a field, as 入力 says it.
_JA_PUT_IN = re.compile(r"(?<=[とに])入れ(て|る|(?=ます))")
# 'look up oxalic': a search for it.
_LOOK_UP = re.compile(r"^(?:please\s+)?look\s+up\s+(?=\S)", re.I)
_WHATS_IN = re.compile(r"^what(?:['’]s|\s+is)\s+(?:in|on|under)\s+(?=\S)", re.I)
# A search, then 'and click …' in any language read here ('wyszukaj labrador i kliknij lupę'): the
# words end at the conjunction, and the click is a step of its own.
_SEARCH_VERBS = (
    r"search|wyszukaj|szukaj|suche|suchen|cherche|chercher|cherchez|recherche|rechercher|recherchez|busca|"
    r"buscar|busque|pesquise|pesquisar|pesquisa|procure|procurar|cerca|cercare|vyhledej|vyhledejte|vyhledat|"
    r"hledej|hledejte|hledat|najdi|найди|искать|ищи|найти"
)
_SEARCH_THEN_CLICK = re.compile(
    rf"^(?P<search>(?:{_SEARCH_VERBS})\b"
    r"(?:[^\x00]*?|[^\x00]*?\x00\d+\x00))\s*,?\s+(?:and|und|et|y|i|a|и|e|puis|luego|dann|then)\s+"
    r"(?=(?:click|klicke|kliknij|klikni|klikněte|cliquez|clique|cliquer|haz\s+clic|pulsa|pulse|pulsar|"
    r"presiona|presionar|нажми|нажмите|press|hit|drücke|drück|drücken|pressione|pressiona|aperte|carregue|"
    r"pressionar|apertar|carregar|premi|premere|stiskni|stiskněte|stisknout|zmáčkni|naciśnij|nacisnąć|wciśnij|"
    r"appuie|appuyez|appuyer|tape|tapez)\b)",
    re.I,
)
# A search whose words are quoted, then 'and submit' said as a verb ('chercher « essaim » puis
# valider'): the search is sent as it is typed; no other step.
_SEARCH_THEN_SUBMIT = re.compile(
    rf"^(?P<search>(?:{_SEARCH_VERBS})\b[^\x00]*?\x00\d+\x00)\s*,?\s+"
    r"(?:and|und|et|y|i|a|и|e|puis|luego|dann|then)\s+"
    r"(?:submit|send|valider|valide|validez|confirmer|envoyer|enviar|envía|abschicken|absenden|bestätigen|"
    r"odeslat|potvrdit|wyślij|zatwierdź)[.!]?$",
    re.I,
)
# 'get it as JSON', 'download this as CSV': the format is what names the link or item.
_AS_FORMAT = re.compile(
    r"^(?P<verb>get|view|show|see|download|export|open|save)\s+(?:it|this|that|them|these)\s+as\s+(?:an?\s+)?(?=\S)",
    re.I,
)
# 'go back one page', 'go forward a page': the pager's link, said as a move.
_ONE_PAGE = re.compile(
    r"^(?:please\s+)?(?:go|step|move|navigate|page)\s+(?P<way>back(?:wards?)?|forwards?|ahead)"
    r"\s+(?:one|a|1)\s+page[.!]?$",
    re.I,
)
_UP_TO = re.compile(r"^(?:go\s+)?up\s+to\s+(?=\S)", re.I)  # 'up to the user guide': where it goes
# Whose it is, after a preposition ('add beekeeping to her skills'): no word of the element.
_THEIR = re.compile(r"\b(?P<prep>to|from|for|in|on|of|into)\s+(?:her|his|their)\s+(?=[^\W\d])", re.I)
# A question before the step ('what's new in 2.0? open the changelog'): the step is what follows.
_QUESTION_FIRST = re.compile(
    r"^(?P<wh>(?:what|which|where|how|why|who|when)\b)?[^\x00?？]+[?？]\s+(?=\S)", re.I
)
_PURPOSE = re.compile(
    r"^(?:pour|afin\s+de|um|para|per|aby|abyste|chcete-li|чтобы|om|för\s+att|żeby)\s+[^,\x00]+,\s*",
    re.I,
)


def _typed(text: str, slots: Slots, target: str = "") -> str:
    """The value of 'the password "fU"': the quoted text when a few words only describe it; of
    'the code lato20' into 'Kod rabatowy' / 'Discount code': the one word after a noun that names
    what the value is (a code, a password, a number...) when the field is named by that noun too."""
    m = re.fullmatch(r"(?:the\s+|a\s+|an\s+|my\s+|your\s+)?[^\x00]{1,30}?\s+(\x00\d+\x00)", text.strip())
    if m and len(text.split()) <= 4:
        return _value(m.group(1), slots)
    m = _THE_WORD.fullmatch(text.strip())
    if m:
        return _value(m.group("value"), slots)  # 'put the word draft in the notes': "draft"
    m = _VALUE_NOUN.fullmatch(text.strip())
    if m and target:
        noun = m.group("noun").casefold()
        if any(noun in w for w in re.findall(r"[^\W\d_]+", target.casefold())):
            return _value(m.group("value"), slots)
    return _value(text, slots)


# 'the word draft', 'the term "nightly"': one word (or a quoted text) named as a word.
_THE_WORD = re.compile(
    r"(?:the\s+)?(?:word|term|string|wort|mot|palabra|slovo)\s+(?P<value>[^\s\x00]+|\x00\d+\x00)", re.I
)


# Nouns that say what a value is ('kod lato20', 'the password hunter2', 'номер 42'), in the
# languages read here; the value is the one word after it.
_VALUE_NOUN = re.compile(
    r"(?:(?:the|my|your|den|die|das|le|la|el|il|o|a|de|het)\s+)?(?P<noun>code|kod|kód|kódem|código|codice|"
    r"код|coupon|kupon|voucher|gutschein|gutscheincode|password|passwort|hasło|heslo|heslem|contraseña|"
    r"senha|wachtwoord|пароль|pin|number|nummer|numer|číslo|número|numero|номер)\s+(?P<value>[^\s\x00]+)",
    re.IGNORECASE,
)


def _singular(text: str) -> str:
    head, _, last = text.rpartition(" ")
    if last.endswith(("xes", "ches", "shes")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss") and len(last) > 3:
        last = last[:-1]
    return f"{head} {last}".strip()


_FOR_RECORD = re.compile(
    r"^\s*(?:for|für|pro|pour|para|per)\s+(?P<rec>(?:the\s+(?:user|post|item|row|product|e-?mail|message|order|"
    r"customer|person|account|entry|record)\s+)?@[\w.]+),\s*(?P<rest>.+?)[.!]?\s*$",
    re.I,
)
# 'In the second tab list, open the 3rd tab': the place goes after the step it scopes.
_IN_PLACE = re.compile(
    r"^\s*(?P<prep>in|within|inside)\s+(?P<place>the\s+[^,\x00]{3,40}?),\s*(?P<rest>(?:"
    + _STEP_VERBS
    + r")\b.+?)[.!]?\s*$",
    re.I,
)
# 'in the minLength example type Norway': the same without the comma, where the place ends with a
# word for a part of a page and a step's verb follows it.
_IN_PLACE_BARE = re.compile(
    r"^\s*(?P<prep>in|within|inside)\s+(?P<place>the\s+[^,\x00]{1,40}?\s(?:example|demo|section|form|panel|"
    r"group|table|dialog|box|card|area|menu|list|carou?sel|carrousel|widget))\s+(?P<rest>(?:"
    + _STEP_VERBS
    + r")\b.+?)[.!]?\s*$",
    re.I,
)
# 'Like all posts by @tom': a control for every record the rest names.
_EACH_RECORD = re.compile(
    r"^(?!(?:show|view|display|see|list|find|filter|sort|open)\s)(?P<ctl>\S+(?:\s+(?:button|icon|link))?)\s+(?:on\s+|in\s+|for\s+)?(?:all|each|every)\s+(?:of\s+)?(?:the\s+)?"
    r"(?P<rest>(?:posts|tweets|items|rows|entries|records|messages|e-?mails|comments|products|orders)\b.*)$",
    re.I,
)


# 'select the first two rows', 'tick the last 3 emails': the tick boxes of that many records,
# counted in reading order (``text`` carries the count).
_FIRST_N = re.compile(
    r"^(?:the\s+)?(?P<end>first|top|last|bottom)\s+(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?P<noun>rows?|items?|entries|entry|records?|files?|e-?mails?|messages?|orders?|products?|issues?|posts?|"
    r"lines?|results?|users?|tasks?|documents?|articles?)$",
    re.I,
)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _quantity(step: Step) -> Step:
    """'both text fields' → the step for every text field ('both' wants exactly two)."""
    first = _FIRST_N.match(step.target)
    if first and step.action in ("check", "choose"):
        n = first.group("n").casefold()
        end = "first" if first.group("end").casefold() in ("first", "top") else "last"
        count = str(_COUNTS.get(n, n))
        return replace(step, action="check", target=first.group("noun"), text=count, quantity=end, exact="")
    each = _EACH_RECORD.match(step.target)
    if each and step.action == "click":
        rest = each.group("rest").split(None, 1)
        noun = _singular(rest[0])
        target = f"{each.group('ctl')} the {noun} {rest[1] if len(rest) > 1 else ''}".strip()
        return replace(step, target=target, exact="", quantity="all")
    bare = _BARE_QUANTITY.fullmatch(step.target.strip())
    if bare and step.action == "click" and step.verb in _SECTION_VERBS:
        # 'expand both', 'rozbal oba', 'alles aufklappen': the page's own sections (none named)
        return replace(step, target="", exact="", quantity="both" if bare.group("b") else "all")
    m = _QUANTITY.match(step.target)
    if not m or step.action not in ("type", "check", "click", "choose", "clear"):
        return step
    quantity: Quantity = "both" if m.group("b") else "all"
    return replace(step, target=_singular(m.group("rest")), quantity=quantity)


def _multi_value(seg: str, slots: Slots) -> list[Step] | None:
    """'username "karrie" and password "AU"', 'kim as username and pw as password': one step per pair."""
    m = _TYPE_VERB.match(seg)
    if not m:
        return None
    rest = _FIELDS_TAIL.sub("", m.group("rest"))
    parts = [p for p in _LIST_SPLIT.split(rest) if p]
    if len(parts) < 2:
        return None
    steps: list[Step] = []
    for part in parts:
        pm = _PAIR_NAMED.match(part) or _PAIR_AS.match(part)
        if pm is None:
            return None
        target, _ = _target(pm.group("target"), slots)
        text = _value(pm.group("text"), slots)
        if not target or not text or len(target.split()) > 5:
            return None
        steps.append(Step("type", target=target, text=text))
    return steps


_PATH_SPLIT = re.compile(r"\s*(?:>|→|»|›|->)\s*")


def _menu_path(target: str) -> list[str]:
    """'File>New>Sheet', 'Edit → Preferences': the items of a menu path, in order."""
    parts = [p.strip() for p in _PATH_SPLIT.split(target)]
    if len(parts) < 2 or any(not p or len(p.split()) > 4 for p in parts):
        return []
    return parts


def _items(target: str, lang: str = "") -> list[str]:
    """'kQHh8j, SaIGD, wjy8' → three names ('colazione e parcheggio' in Italian: two); one name
    stays one."""
    parts = [p.strip() for p in _LIST_SPLITS.get(lang, _LIST_SPLIT).split(target) if p.strip()]
    if len(parts) < 2 or any(len(p.split()) > 4 for p in parts):
        return [target]
    return parts


# 'notes: Bites when scared.': a label, then a sentence as written (a capital, three words or more,
# its full stop).
_SENTENCE_VALUE = re.compile(r"^\s*[^\W\d][^:：\x00]{0,40}[:：]\s*[A-Z][^\s:：]*(?:\s+[^\s:：]+){2,}\.\s*$")


_INSTEAD = re.compile(
    r"(?:(?<=\s)|^)(?:stattdessen|plutôt|à\s+la\s+place|en\s+su\s+lugar|en\s+cambio|zamiast\s+tego|"
    r"вместо\s+этого|místo\s+toho|invece)(?=\s|$)\s*|代わりに\s*",
    re.IGNORECASE,
)


def _parse_one(segment: str, slots: Slots) -> list[Step]:
    seg = segment.strip(" ,;")
    if not re.search(r"[.!?]\s+\S", seg.rstrip(" .")) and not _SENTENCE_VALUE.match(seg):
        # the full stop of one sentence is no part of a value; a value of several sentences
        # ('Bio: Allotment since 2011. Keeps bees.') keeps its last one, and so does a written
        # sentence after a label ('notes: Bites when scared.')
        seg = seg.strip(" .,;")
    last = re.search(r"(\S*)!+$", seg)
    if last and not re.search(r"[\d#$%&*@^~]", last.group(1)):
        seg = seg.strip(" .,!;")  # 'Click Submit!'; but 'password: hunter2!' keeps its value whole
    if not seg:
        return []
    seg = re.sub(r"^(?:please|bitte)\s+", "", seg, flags=re.I)
    seg = re.sub(r"\s+(?:please|bitte)$", "", seg, flags=re.I)
    seg = re.sub(r"^(show|give|find|get|open)\s+me\s+(?=\S)", r"\1 ", seg, flags=re.I)  # 'show me the X'
    # 'suche stattdessen nach carol', '代わりに carol を検索': what is done instead is done
    seg = _INSTEAD.sub("", seg).strip() or seg
    # 'search again', 'click Refresh once more': the same control, once
    again = re.search(
        r"\s+(?:again|instead|once\s+more|one\s+more\s+time|erneut|nochmal|noch\s+einmal|stattdessen)$",
        seg,
        re.I,
    )
    if again and not re.fullmatch(r"(?:click|press|tap|hit|type|do\s+it|try)", seg[: again.start()], re.I):
        seg = seg[: again.start()]
    # The purpose is not the target: 'close the dialog by clicking the "x"', 'to log in, click Go'.
    m = _BY_DOING.match(seg)
    if m:
        verb = (m.group("verb") or "clicking").casefold()
        seg = f"{_GERUNDS.get(verb, 'click')} {m.group('rest')}"

    use = _USE_TO.match(seg)
    if use:
        # 'Use the textbox to enter "Olin"': the control is where the verb acts.
        verb = use.group("verb").casefold()
        link = (
            "into"
            if verb in ("enter", "type", "input", "write", "fill in")
            else "with"
            if verb == "set"
            else "from"
        )
        seg = f"{use.group('verb')} {use.group('rest')} {link} {use.group('ctl')}"

    twice = _TWICE.match(seg)
    if twice:
        # 'fill in the new password twice: X': the same value into both fields of that name
        seg = f"type {twice.group('text')} into both {twice.group('target')} fields"

    transformed = _transformed(seg, slots)
    if transformed is not None:
        return transformed
    inexact = _INEXACT.search(seg)
    if inexact is not None:
        plain = (seg[: inexact.start()] + " " + seg[inexact.end() :]).strip(" ,")
        steps = _parse_plain(plain, slots)
        if len(steps) == 1 and steps[0].action == "type":
            return [_refuse(steps[0], inexact.group(0))]
    steps = _parse_plain(seg, slots)
    if len(steps) == 1 and steps[0].action == "click" and steps[0].exact and not steps[0].verb:
        steps = _label_pairs(seg, slots) or steps  # no verb: perhaps 'label: value' pairs
    for i, step in enumerate(steps):
        if step.action == "type" and _shown_value(step, seg):
            steps[i] = Step(
                "refuse",
                target=step.target,
                text=f'The text to type is only named by where it is shown ("{step.text}"), not given; '
                "nothing was typed. Read it from the page and give the exact text.",
                lang=step.lang,
            )
    return steps


_TWICE = re.compile(
    r"^(?:fill\s+in|fill|enter|type|put|write|input)\s+(?:the\s+|your\s+|a\s+)?(?P<target>.+?)\s+twice"
    r"\s*(?:[:：,]\s*|\s+(?:with|as)\s+)(?P<text>\S.*)$",
    re.IGNORECASE,
)


# A value named by where it is shown, not given ('Type the text below', 'enter the code shown in
# the image'): typing those words would be wrong; the step is refused.
_SHOWN_VALUE = re.compile(
    r"^(?:the|this|that|these)\s+(?:\w+\s+)?(?:text|word|words|value|code|number|string|phrase|characters?|"
    r"letters?|captcha|answer)(?:\s+(?:below|above|shown|displayed|here|there|on\s+the\s+\w+|"
    r"in\s+the\s+\w+(?:\s+\w+)?|from\s+[^\x00]+|next\s+to\s+[^\x00]+)[^\x00]*)?$"
    r"|^(?:the\s+)?following\s+(?:text|words?|value|code)$"
    # 'Enter the value of Color': a value named by what holds it, to be read from the page
    r"|^(?:the\s+)?(?:value|content|contents|text|number|answer|result|sum|total|entry|amount)\s+"
    r"(?:of|in|from|for|under|next\s+to)\s+[^\x00]+$"
    # 'the same (word)', 'dasselbe', 'le même mot', 'lo mismo', 'то же', 'to samo': what was searched
    # before, not given ('dasselbe in den Bildern suchen')
    r"|^(?:the\s+same|dasselbe|das\s+gleiche|denselben|dieselben|le\s+même|la\s+même|les\s+mêmes|"
    r"lo\s+mismo|la\s+misma|el\s+mismo|lo\s+stesso|la\s+stessa|to\s+samo|tego\s+samego|to\s+samé|"
    r"то\s+же(?:\s+самое)?|тот\s+же|ту\s+же)(?:\s+[^\x00]*)?$",
    re.I,
)


def _shown_value(step: Step, seg: str) -> bool:
    """A typed value that only says where the text is ('the text below'), written without quotes."""
    text = " ".join((step.text or "").split())
    unquoted = text.casefold() in " ".join(seg.split()).casefold()
    return bool(text) and unquoted and bool(_SHOWN_VALUE.match(text))


def _refuse(step: Step, words: str) -> Step:
    words = " ".join(words.strip(" ,").split())
    return Step(
        "refuse",
        target=step.target,
        text=f'The instruction asks for the text to be changed ("{words}") in a way that cannot be done '
        "exactly; nothing was typed. Give the exact text to type.",
        lang=step.lang,
    )


def _transformed(seg: str, slots: Slots) -> list[Step] | None:
    """'wpisz kod lato20 wielkimi literami w pole Kod': the one step to type, with the stated
    changes of its value applied in order; ``None`` when no change is stated or the rest is not
    one step to type (then the words are read as they are)."""
    found: list[tuple[int, int, str, Callable[[str], str]]] = []
    for kind, rx, fn in _TRANSFORMS:
        for m in rx.finditer(seg):
            if not any(m.start() < b and a < m.end() for a, b, _, _ in found):
                found.append((m.start(), m.end(), kind, fn))
    if not found:
        return None
    found.sort()
    plain, at = "", 0
    for a, b, _, _ in found:
        plain += seg[at:a] + " "
        at = b
    plain = (plain + seg[at:]).strip(" ,")
    steps = _parse_plain(plain, slots)
    if len(steps) == 1 and steps[0].action == "click" and steps[0].exact and not steps[0].verb:
        steps = _label_pairs(plain, slots) or steps  # 'E-Mail: LENA@WEB.DE in Kleinbuchstaben'
    if len(steps) != 1 or steps[0].action not in ("type", "set") or not steps[0].text:
        return None
    step = steps[0]
    inexact = _INEXACT.search(plain)
    if inexact is not None:
        return [_refuse(step, inexact.group(0))]
    value = step.text or ""
    for a, b, kind, fn in found:
        if kind == "upper" and _ZH_UPPER.search(seg[a:b]) and not _cased(value):
            return [_refuse(step, seg[a:b])]  # 大写 of a number: financial numerals, not capitals
        value = fn(value)
    return [replace(step, text=value)]


# '25 per page', 'maximal 50 Einträge pro Seite', '每页最多 20 条': how many rows a page of a list
# shows is the value of the field so labelled ("Max items per page"); 'show 25 per page' and
# '25 pro Seite anzeigen' are the pager's own links (above).
_ROWS_PER_PAGE = re.compile(
    r"^(?:(?:max(?:imal|imum)?|höchstens|au\s+plus|como\s+máximo|maks(?:ymalnie)?\.?)\s+)?(?P<n>\d{1,4})\s+"
    r"(?:(?:items?|results?|rows?|entries|records|lines|tickets|einträge|ergebnisse|zeilen|éléments|résultats|"
    r"lignes|elementos|resultados|filas|wyników|pozycji|položek|výsledků|записей|результатов|строк)\s+)?"
    r"(?:per|pro|par|por|na|a|на)\s+(?:page|seite|página|pagina|stronę|stronie|stránku|stránce|страницу|странице)"
    r"[.!]?$"
    r"|^每页最多\s*(?P<zh>\d{1,4})\s*(?:条|项|个)?[，。]?$",
    re.IGNORECASE,
)


def _per_page(m: re.Match[str]) -> str:
    if m["zh"]:
        return f"每页最多: {m['zh']}"
    return f"{m.group(0)[m.end('n') - m.start(0) :].strip(' .!')}: {m['n']}"


def _parse_plain(seg: str, slots: Slots) -> list[Step]:
    multi = _multi_value(seg, slots) or _foreign_multi(seg, slots)
    if multi:
        return multi
    step = _parse_rule(seg, slots)
    if step is None:
        return []
    if step.action == "choose" and step.text == "only":
        return [Step("uncheck_all"), replace(step, text=None)]
    if step.action in ("choose", "click") and not step.exact:
        path = _menu_path(step.target)
        if path:
            # Items on the way are opened (hovered; clicked only if that shows nothing); the last clicked.
            return [Step("open_menu", target=item, exact=item) for item in path[:-1]] + [
                Step("click", target=path[-1], exact=path[-1])
            ]
    if step.action in ("choose", "check") and step.exact != step.target:
        # ('отметьте подарочную упаковку и «не звонить»': the quoted name is one of the items)
        items = _items(step.target, step.lang)
        if len(items) > 1:
            return [
                replace(step, target=item, exact=step.exact if step.exact in item else "") for item in items
            ]
    return [_quantity(step)]


def _foreign_multi(seg: str, slots: Slots) -> list[Step] | None:
    """'Wpisz Jan w pole Imię i Kowalski w pole Nazwisko': one step per value, in another language."""
    found = languages.several(seg)
    if not found:
        return None
    steps = []
    for hit in found:
        target, exact = _target(hit.target, slots)
        text = _typed(hit.text, slots, target) if hit.kind == "type" else _value(hit.text, slots)
        steps.append(Step(hit.kind, target=target, text=text, exact=exact, lang=hit.lang))
    return steps


def _foreign(seg: str, slots: Slots) -> Step | None:
    """A step in a language of ``languages`` (Czech, French, Chinese, Japanese...)."""
    hit = languages.parse(seg)
    if hit is None:
        return None
    target, exact = _target(hit.target, slots)
    if hit.kind in ("type", "type_any"):
        return Step("type", target=target, text=_typed(hit.text, slots, target), exact=exact, lang=hit.lang)
    if hit.kind == "select":
        return Step("select", target=target, text=_value(hit.text, slots), exact=exact, lang=hit.lang)
    if hit.kind == "search":
        text = _QUOTED_THEN_PLACE.sub(r"\1", hit.text)
        step = _search_step(_value(text, slots).strip())
        if target and target != "search":
            step = replace(step, target=target)
        return replace(step, lang=hit.lang)
    if hit.kind in ("check", "uncheck"):
        return Step("check", target=target, checked=hit.kind == "check", exact=exact, lang=hit.lang)
    if hit.kind == "choose":
        return Step("choose", target=target, verb="select", exact=exact, lang=hit.lang)
    return Step("click", target=target, exact=exact, lang=hit.lang, verb=hit.verb)


def _parse_rule(seg: str, slots: Slots) -> Step | None:
    foreign = _foreign(seg, slots)
    if foreign is not None:
        return foreign
    if _AGAIN_FIELD.match(seg) and (again := _field_then_value(seg, slots, colon=True)) is not None:
        return again  # 'confirm the new password: X' types X into the field asking for it again
    for pattern, kind in _PATTERNS:
        m = pattern.match(seg)
        if not m:
            continue
        groups = m.groupdict()
        if kind == "consent":
            verb = groups["verb"].casefold()
            choice = "reject" if verb.startswith(("rej", "dec", "ref", "den", "leh", "abl")) else "accept"
            return Step("consent", target=_restore(seg, slots), text=choice)
        if kind == "consent_min":
            return Step("consent", target="only necessary cookies", text="reject")
        if kind == "uncheck_all":
            return Step("uncheck_all")
        if kind == "dismiss":
            # 'cancel it': the dialog's own Cancel button, where it has one
            return Step("dismiss_overlays", text="cancel" if seg.casefold().startswith("cancel") else None)
        if kind == "press":
            key = key_name(_value(groups["key"], slots))
            if key is not None:
                return Step("press", text=key)
            continue  # 'press the login button' is a click
        if kind == "wait":
            n = groups["n"].replace(",", ".")
            return Step("wait", text=n if n[0].isdigit() else "1")
        if kind == "scroll_in":
            where = (groups.get("dir") or groups.get("dir2") or "down").casefold()
            where = (
                "bottom" if where.endswith(("bottom", "end")) else "top" if where.endswith("top") else where
            )
            target, exact = _target(groups.get("target") or groups.get("target2") or "", slots)
            if target.casefold() in ("page", "the page", "window", "screen"):
                return Step("scroll", text=where)
            return Step("scroll", target=target, text=where, exact=exact)
        if kind == "scroll":
            direction = direction_name(_value(groups["dir"], slots))
            if direction is not None:
                return Step("scroll", text=direction)
            continue
        if kind == "search":
            # (« pipx »: the guillemets' spaces are no part of the words)
            text = _QUOTED_THEN_PLACE.sub(r"\1", groups["text"])
            return _search_step(_value(text, slots).strip(), (groups.get("what") or "").strip())
        if kind == "reschedule":
            text = _value(groups["text"], slots)
            if not (looks_like_date(text) or looks_like_time(text)):
                continue  # 'move the card to Done' is no new date
            target, exact = _target(groups["target"], slots)
            return Step("type", target=target, text=text, exact=exact)
        if kind == "rename":
            field = "title" if (groups.get("verb2") or "").casefold() == "title" else "name"
            return Step("type", target=field, text=_value(groups["text"], slots))
        if kind == "set_with":
            target, _ = _target(groups["target"], slots)
            numeric = re.search(r"spin|slider|stepper|range|number", target, re.I)
            return Step("type" if numeric else "select", target=target, text=_value(groups["text"], slots))
        if kind == "select":
            target, exact = _target(groups["target"], slots)
            return Step("select", target=target, text=_value(groups["text"], slots), exact=exact)
        if kind == "clear":
            target, exact = _target(groups["target"], slots)
            # 'Eingaben löschen' may also be a button named so: the whole phrase is kept for that
            whole = _restore(seg, slots) if re.search(r"\s(?:löschen|leeren|entleeren)$", seg) else None
            return Step("clear", target=target, text=whole, exact=exact)
        if kind in ("check", "uncheck"):
            target, exact = _target(groups["target"], slots)
            return Step("check", target=target, checked=kind == "check", exact=exact)
        if kind == "type":
            target, exact = _target(groups["target"], slots)
            return Step("type", target=target, text=_typed(groups["text"], slots, target), exact=exact)
        if kind == "type_named":
            target, _ = _target(groups["target"], slots)
            return Step("type", target=target, text=_value(groups["text"], slots))
        if kind == "only":
            target, exact = _target(groups["target"], slots)
            return Step("choose", target=target, verb="filter", exact=exact)
        if kind == "type_any":
            return Step("type", target="text field", text=_value(groups["text"], slots))
        if kind == "click":
            verb = (groups.get("verb") or "").casefold().split()[0] if groups.get("verb") else ""
            verb = _DE_FINAL.get(verb, verb)
            target, exact = _target(groups["target"], slots)
            if _INDEFINITE.match(groups["target"]) and verb in _PLAIN:
                return Step("click", target=target, exact=exact, quantity="any")
            if verb in _CHOOSE_VERBS:
                only = re.match(r"^only\s+(.+)$", target, re.I)
                if only:
                    return Step("choose", target=only.group(1), text="only", verb=verb, exact=exact)
                return Step("choose", target=target, verb=verb, exact=exact)
            return Step("click", target=target, verb="" if verb in _PLAIN else verb, exact=exact)
        if kind == "act_verb_final":
            verb = groups["verb"].casefold()
            target, _ = _target(f"{verb} {_ARTICLE.sub('', groups['target'])}", slots)
            return Step("click", target=target, verb=verb)
        if kind == "act_verb":
            # the verb stays in the words (it is the control's name as often as the object is)
            target, _ = _target(f"{groups['verb']} {_ARTICLE.sub('', groups['target'])}", slots)
            return Step("click", target=target, verb=groups["verb"].casefold().split()[0])
        if kind == "click_whole":
            return Step("click", target=_restore(groups["target"], slots))
        if kind == "submit":
            target, exact = _target(groups.get("target") or "", slots)
            if not target or target.casefold() in ("form", "formular", "the form", "das formular"):
                # the form's submit button, whatever it is called
                return Step("click", target="submit", verb="submit")
            if re.search(r"\s(?:form|formular|formulaire|formulario)$", target, re.I):
                # 'submit the password form': that form's submit button, whatever it says
                return Step("click", target=target, exact=exact, verb="submit")
            return Step("click", target=target, exact=exact)
        if kind == "extract":
            return Step("extract", target=_target(groups["target"], slots)[0])
    field_value = _field_then_value(seg, slots)
    if field_value is not None:
        return field_value
    target, exact = _target(seg, slots)
    # No verb: the words may be the element's whole name ('auf den Merkzettel'); a first word that
    # names a control's job ('follow 鈴木 一郎') is kept as the verb too.
    job = _JOB_FIRST.match(seg)
    if job:
        # the verb is no part of a name: an element named with all the words still wins (as the
        # whole target), others are weighed on the words
        return Step("click", target=target, verb=job.group(1).casefold().split()[0], exact=exact)
    if (
        (foreign := foreign_job(seg))
        and (not exact or foreign in ("delete", "edit"))
        and not _PAIR.match(seg)  # ('ajouter un commentaire : merci' is a field and its text)
    ):
        # the same verb said in another language ('usuń ten etap', 'Änderungen speichern'); a
        # quote after a delete or edit names the record ('supprimer la réparation « X »')
        return Step(
            "click", target=target, verb=foreign, exact="" if foreign in ("delete", "edit") else exact
        )
    if not exact and _NAV_PHRASE.match(target):
        return Step("click", target=target)  # 'next step', 'previous page': the wizard's or pager's button
    if not exact and _ORDINAL_FIRST.match(target) and parse_query(target, "click").kinds:
        return Step("click", target=target)  # 'the 3rd tab' describes an element; it names none
    return Step("click", target=target, exact=exact or _restore(seg, slots))


_NAV_PHRASE = re.compile(
    r"^(?:next|previous|prev|back|forward|first|last)\s+(?:step|page|slide|screen|item|entry|one)$", re.I
)
# A target that starts with an ordinal and goes on ('3rd tab', 'last bed type'): a description.
_ORDINAL_FIRST = re.compile(
    r"^(?:" + "|".join(re.escape(w) for w in sorted({*ORDINALS, "last"}, key=len, reverse=True)) + r")\s+\w",
    re.IGNORECASE,
)


# 'Nombre: Lucía, Apellidos: Fernández Ruiz', 'Wunschdatum: 15.12.2026': a form filled as a list
# of 'label: value' pairs, in any language. A label is a few words without digits.
_PAIR = re.compile(r"^(?P<label>[^\W\d][^:\x00\d]{0,38}?)\s*[:：]\s*(?P<value>\S.*?)$")
_NEXT_PAIR = re.compile(r"\s*[,;]\s*(?=[^\W\d][^:,;\x00\d]{0,38}?\s*[:：]\s*\S)")


def _label_pairs(seg: str, slots: Slots) -> list[Step] | None:
    """Steps of a segment written as 'label: value' pairs, or ``None`` if it is not one."""
    pairs = []
    for part in _NEXT_PAIR.split(seg):
        m = _PAIR.match(part.strip())
        if m is None or len(m.group("label").split()) > 4:
            return None
        pairs.append(m)
    steps = [
        Step(
            "set",
            target=_without_adding(_restore(m.group("label").strip(), slots)),
            text=_value(m.group("value"), slots),
        )
        for m in pairs
    ]
    last = _THEN_ACT.match(pairs[-1].group("value"))
    if last is not None:
        # 'Passwort erneut eingeben: x1y2 und anmelden': the value is one word, then a step
        tail = last.group("step")
        acts = {CONCEPTS.get(w) for w in words(fold(tail))} & _ACT_CONCEPTS
        if (acts and len(words(tail)) <= 3) or _parses(tail, slots):
            steps[-1] = replace(steps[-1], text=_value(last.group("value"), slots))
            steps.extend(_parse_one(tail, slots) if _parses(tail, slots) else [Step("click", target=tail)])
    return steps


def _without_adding(label: str) -> str:
    """'Kommentar hinzufügen: X', 'ajouter un commentaire : X': the field is the comment; the
    verb that adds or writes it is no part of its label."""
    said = label.split()
    if len(said) < 2:
        return label
    for i in (0, -1):
        if _as_adding(said[i]):
            rest = said[1:] if i == 0 else said[:-1]
            while len(rest) > 1 and fold(rest[0]) in _LABEL_ARTICLES:
                rest = rest[1:]
            return " ".join(rest)
    return label


def _as_adding(word: str) -> bool:
    w = fold(word)
    return (CONCEPTS.get(w) == "§add" and w not in _NOT_VERBS) or w in _WRITING


_WRITING = frozenset(
    {"write", "leave", "schreiben", "hinterlassen", "écrire", "laisser", "escribir", "dejar", "scrivere",
     "lasciare", "escrever", "deixar", "napisz", "napisać", "zostaw", "napsat", "napiš", "написать",
     "напиши", "оставить", "оставь"}
)  # fmt: skip
_LABEL_ARTICLES = frozenset(
    {"a", "an", "the", "my", "einen", "eine", "ein", "den", "die", "das", "un", "une", "le", "la", "l'",
     "una", "uno", "el", "um", "uma", "o"}
)  # fmt: skip


# A value, then what to do with the form: 'x1y2 und anmelden', 'Lena and save'.
_THEN_ACT = re.compile(
    r"^(?P<value>\S+)\s+(?:and|und|et|y|e|i|a|и|then|dann|puis|potom|pak)\s+(?:(?:then|dann|puis)\s+)?(?P<step>\S.*)$",
    re.I,
)
_ACT_CONCEPTS = frozenset({"§login", "§submit", "§save", "§search", "§register", "§logout", "§next", "§add"})


def _parses(text: str, slots: Slots) -> bool:
    """Whether ``text`` reads as steps with a verb (not as one verbless name)."""
    steps = _parse_one(text, slots)
    return bool(steps) and not (steps[0].exact and steps[0].exact == steps[0].target and not steps[0].lang)


def parse_instruction(instruction: str) -> list[Step]:
    """Split an instruction into steps, in order.

    Args:
        instruction: E.g. 'type Bob into the name field and click Submit' or 'klicke auf Anmelden'.

    Returns:
        The steps; empty for an empty instruction.

    Example::

        parse_instruction("type 'rock and roll' into search, then press Enter")
        # [Step("type", "search", "rock and roll"), Step("press", text="Enter")]
    """
    protected, slots = _protect(squash(languages.normalize(instruction)))
    if (question := _QUESTION_FIRST.match(protected)) and (
        # (a question put to the reader is a form's label, its answer the value: 'How did you
        # hear about us? A friend')
        (question["wh"] and not re.search(r"\byou(?:r)?\b", question.group(0), re.I))
        or (
            re.match(rf"(?:{_STEP_VERBS})\b", protected[question.end() :], re.I) is not None
            and _parses(protected[question.end() :], slots)
        )
    ):
        protected = protected[question.end() :]
    if (asking := _ASKING.match(protected)) is not None:
        protected = protected[asking.end() :].rstrip(" ?？")
    protected = _STATE_SAID.sub(_state_said, protected, count=1)
    protected = _PASSWORD_FROM_TO.sub(_password_from_to, protected, count=1)
    protected = _INTO_GROUP.sub(_into_group, protected, count=1)
    protected = _BACK_TO.sub(_back_to, protected, count=1)
    if not _ALL_SAID.match(protected.strip()):
        protected = _ALL_OF.sub(r"select all \g<rest>", protected, count=1)
    protected = _PAGER_LABEL.sub(r"\g<1> ", protected, count=1)
    protected = _and_confirm(protected)
    if not _parses(protected, slots):
        protected = _field_then_date(protected)
    protected = _PRESS_ENTER.sub(
        lambda m: f"{' then ' if m.start() else ''}press Enter{', then ' if m['after'] else ''}", protected
    )
    protected = _LOOK_UP.sub("search for ", protected, count=1)
    protected = _JA_PUT_IN.sub(lambda m: {"て": "入力して", "る": "入力する"}.get(m[1], "入力し"), protected)
    protected = _START_SEARCH.sub(" then press Enter", protected, count=1)
    protected = _WHATS_IN.sub("", protected, count=1)  # "what's in slate?": the tab so named
    protected = _UP_TO.sub("go to ", protected, count=1)
    protected = _ONE_PAGE.sub(
        lambda m: "previous page" if m["way"].casefold().startswith("back") else "next page",
        protected,
        count=1,
    )
    protected = _SEARCH_THEN_SUBMIT.sub(r"\g<search>", protected, count=1)
    protected = _SEARCH_THEN_CLICK.sub(r"\g<search>, then ", protected, count=1)
    protected = _AS_FORMAT.sub(
        lambda m: "open " if m["verb"].casefold() in ("get", "view", "show", "see") else f"{m['verb']} ",
        protected,
        count=1,
    )
    protected = _PERSON_OBJECT.sub(r"\g<verb> ", protected, count=1)
    protected = _THEIR.sub(r"\g<prep> ", protected)
    protected = _DE_SEPARABLE.sub(_de_separable, protected)
    protected = _ABOUT_IT.sub(_about_it, protected, count=1)
    protected = _FIELD_IS.sub(_field_is, protected, count=1)
    protected = _CHANGE_TO.sub(r"type \g<val> into \g<field>", protected, count=1)
    protected = _PUT_AS.sub(r"type \g<val> into \g<field>", protected, count=1)
    protected = _RENAME.sub(r"type \g<val> into name", protected, count=1)
    purpose = _PURPOSE.match(protected)
    if purpose and _parses(protected[purpose.end() :], slots):
        protected = protected[purpose.end() :]
    protected = _THEN_FIND_AND.sub("", _FIND_AND.sub("", _IN_ORDER_TO.sub("", protected)))
    protected = _FIND_RECORD.sub(r"\g<verb> \g<ctl> of \g<rec>", protected)
    # 'sign me up for The Climate Brief with jo@x.org': the address into that form, then its button
    protected = _SCROLL_THEN.sub(r"\g<1>, then ", protected)
    protected = _IN_TAB_FIRST.sub(_in_tab_first, protected, count=1)
    protected = _SIGN_UP_WITH.sub(_sign_up_steps, protected)
    protected = _LOG_IN_AS.sub(_log_in_steps, protected)
    protected = _CREDENTIALS.sub(_credentials, protected, count=1)
    protected = _field_pairs(protected)
    protected = _I_FORGOT.sub("forgot ", protected)
    protected = _TWO_ORDINALS.sub(_two_ordinals, protected)
    protected = _SET_IN_BOTH.sub(r"type \g<val> into \g<where>", protected)
    protected = _PASSWORD_CONFIRMED.sub(
        lambda m: f"type {m['val']} into the {m['kind']} field and its confirmation" if m["kind"] else "",
        protected,
        count=1,
    )
    protected = _NEW_PASSWORD_TO.sub(
        lambda m: f"type {m['val'] or m['v2']} into the password field and its confirmation",
        protected,
        count=1,
    )
    protected = _VALUE_TWICE.sub(
        lambda m: f"type {m['val'] or m['val2']} into both {m['kind'] or m['kind2']} fields", protected
    )
    protected = _VALUE_BOTH.sub(r"type \g<val> into both \g<kind> fields", protected)
    protected = _COMMENT_AS.sub(_comment_steps, protected)
    filtering = _FILTER_BY_LIST.match(protected) is not None
    protected = _FILTER_BY_LIST.sub(r"select \g<rest>", protected)
    # 'For the user @jane, click Reply': the record goes with the target ('Reply ... for the user @jane').
    protected = _FOR_RECORD.sub(r"\g<rest> for \g<rec>", protected)
    protected = _IN_PLACE.sub(r"\g<rest> \g<prep> \g<place>", protected)
    protected = _IN_PLACE_BARE.sub(r"\g<rest> \g<prep> \g<place>", protected)
    steps: list[Step] = []
    segments: list[str] = []
    for segment in _SPLIT.split(protected):
        if segments and _CONFIRM.match(segment or "") and not _parses(segments[-1], slots):
            segments[-1] = f"{segments[-1]} and {segment}"  # 'Review and confirm' is a name
        else:
            segments.append(segment)
    for said in segments:
        segment = _said_of_it(said or "")
        said_in = languages.language_of((said or "").strip(" .,!;")) if segment != said else ""
        for part in languages.split(segment):
            lang = said_in or languages.language_of(part.strip(" .,!;"))
            steps.extend(replace(s, lang=s.lang or lang) for s in _parse_one(part, slots))
    if filtering:
        # each facet is set on; a link of that name would navigate instead of filtering
        steps = [replace(s, verb="filter") if s.action == "choose" else s for s in steps]
    return _sent_once(_elided_kinds([_section_named(_quoted_record(_opened_layer(s))) for s in steps]))


# 'jump to the First run section', 'ir a la sección First run', 'přejít na sekci Tide tables': the
# section's own words name it (its heading, or the contents' link to it).
_SECTION_OF = re.compile(
    r"^(?:(?:the|la|die|den|le|il|a)\s+)?(?:section|sección|seccion|sekci|sekce|sekcji|sekcja|abschnitt|"
    r"раздел|разделу|sezione|secção|seção)\s+(?P<x>[^\x00]+)$"
    r"|^(?:the\s+)?(?P<y>[^\x00]+?)\s+(?:section|abschnitt)$",
    re.IGNORECASE,
)


_WHERE_WORDS = frozenset(
    {"this", "that", "next", "previous", "the", "below", "above", "here", "there", "following", "first",
     "last", "second", "third", "other", "top", "bottom", "current", "same", "new", "main"}
)  # fmt: skip


def _section_named(step: Step) -> Step:
    if step.action != "click" or step.exact:
        return step
    m = _SECTION_OF.match(step.target.strip())
    name = (m["x"] or m["y"]) if m else ""
    if not name or len(name.split()) > 6 or set(words(name)) <= _WHERE_WORDS:
        return step  # ('expand the section below', 'the next section': where, not which)
    return replace(step, target=name)


def _quoted_record(step: Step) -> Step:
    """'supprimer la réparation « Fit mudguards »': the quoted words name the record a delete or
    an edit is done to, not the control clicked (as 'delete the job "Fit mudguards"' reads)."""
    if step.action != "click" or not step.exact or step.verb or fold(step.exact) == fold(step.target):
        return step
    rest = fold(step.target).replace(fold(step.exact), " ")
    if any(concept_of(w) in ("§delete", "§edit") for w in re.findall(r"[^\W\d_]+", rest)):
        return replace(step, exact="")
    return step


# What sends a search form: 'search for X and hit search' sends it by its button, not twice.
_SENDS = re.compile(
    r"(?:the\s+)?(?:search|submit|go|find|ok|send|enter|apply|suche|suchen|rechercher|recherche|buscar|"
    r"ir\s+a|los|aller|přejít|转向|"  # (Sphinx's "Go" in Spanish, German, French, Czech, Chinese)
    r"hledat|vyhledat|szukaj|wyszukaj|поиск|найти|搜索|検索"
    # the magnifier a search form's button shows ('kliknij lupę')
    r"|magnifier|magnifying\s+glass|lup[aeęy]|loupe|lupe|лупу|лупа|放大镜|虫眼鏡)(?:\s+(?:button|icon|key))?",
    re.IGNORECASE,
)


def _sent_once(steps: list[Step]) -> list[Step]:
    out = list(steps)
    for i, (step, after) in enumerate(itertools.pairwise(steps)):
        sends = (after.action == "press" and (after.text or "").casefold() == "enter") or (
            after.action == "click" and _SENDS.fullmatch(after.target.strip()) is not None
        )
        if step.action == "type" and step.submit and sends:
            out[i] = replace(step, submit=False)
    return out


# 'open the newsletter dialog': the newsletter's opener; the layer is what the click shows.
_LAYER_WORDS = re.compile(r"\s+(?:dialog(?:\s+box)?|pop-?up|modal(?:\s+window)?|lightbox|overlay)$", re.I)
_OPENING = frozenset({"open", "show", "display", "launch", "öffne", "zeige", "ouvre", "ouvrez", "abre"})


def _opened_layer(step: Step) -> Step:
    if step.action != "click" or step.verb.casefold() not in _OPENING or step.exact:
        return step
    rest = _LAYER_WORDS.sub("", step.target)
    return replace(step, target=rest) if rest.strip() and rest != step.target else step


# A target that is only an ordinal ('the first', 'the last one').
_ORDINAL_ONLY = re.compile(
    r"^(?:"
    + "|".join(re.escape(w) for w in sorted({*ORDINALS, "last"}, key=len, reverse=True))
    + r")(?:\s+one)?$",
    re.IGNORECASE,
)


def _elided_kinds(steps: list[Step]) -> list[Step]:
    """'open the second tab and then the first': the first *tab*. A step that names only an
    ordinal takes the kind the step before it named; without such a kind it stays as it is."""
    out: list[Step] = []
    for step in steps:
        if out and step.action in ("click", "choose", "check") and _ORDINAL_ONLY.match(step.target.strip()):
            before = out[-1]
            query = parse_query(before.target, "click")
            if query.kind_only and query.kinds and _ORDINAL_FIRST.match(before.target):
                kind = before.target.split(None, 1)[1]
                step = replace(step, target=f"{step.target.split()[0]} {kind}", exact="")
        out.append(step)
    return out
