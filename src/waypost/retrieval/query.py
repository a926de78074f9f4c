"""A target in plain words, parsed: the words naming the element, context words, role hints.

'the delete button for Bob' → head ``delete``, context ``bob``, role hint ``button``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from waypost.page.text import ORDINALS
from waypost.retrieval.kinds import FILLER, KIND_WORDS, fold_phrases
from waypost.retrieval.ordinal_words import ORDINAL_WORDS, spaced_ordinals
from waypost.retrieval.synonyms import ROLE_WORDS, STOPWORDS
from waypost.retrieval.text import fold, said_unspaced, words

Intent = Literal["click", "type", "select", "check", "any"]

# Phrases that start the context part of a target ('... in the footer', '... für Bob').
_CONTEXT_SPLIT = re.compile(
    r"\s+(?:in\s+(?:the|der|dem|den|die|das)|im|inside|within|under|below|unter|neben|next\s+to|near|"
    r"for|für|fuer|bei|beim|from|of\s+the|from\s+the|innerhalb|am|an\s+der|an\s+dem|on\s+the|auf\s+der|"
    r"auf\s+dem|in\s+row|in\s+zeile)\s+",
    re.IGNORECASE,
)
_AT_THE_END = re.compile(r"\s+at\s+the\s+(?P<end>bottom|end|top)(?:\s+of\s+the\s+page)?$")
# 'the field below Email', 'the button after Name': a position relative to another element.
_RELATION = re.compile(
    r"^(?P<head>.+?)\s+(?:(?:right|directly|immediately|just)\s+)?"
    r"(?P<rel>below|beneath|underneath|under|above|over|after|before|following|preceding|next\s+to|beside|"
    r"(?:to\s+the\s+)?right\s+of|(?:to\s+the\s+)?left\s+of)\s+(?:the\s+)?(?P<anchor>.+)$",
    re.IGNORECASE,
)
_ORDINALS = {
    **ORDINAL_WORDS,
    **ORDINALS,
    "erstes": 1, "zweiter": 2, "zweites": 2, "dritter": 3, "drittes": 3, "vierten": 4,
    "sixth": 6, "6th": 6, "1.": 1, "2.": 2, "3.": 3,
    "last": -1, "letzte": -1, "letzten": -1, "letzter": -1, "letztes": -1,
}  # fmt: skip


@dataclass(frozen=True)
class Query:
    """A parsed target.

    Attributes:
        raw: The target as given.
        intent: What will be done with it; decides which roles fit.
        head: Content words that should appear in the element's name, label or text.
        context: Words that should appear around it (section, row, form).
        role_hints: Roles named in the target ('button' → ``{"button"}``).
        ordinal: 1-based position among equally good matches ('the second ...'), -1 for 'last'.
        verb: The instruction's verb when it may be the element's own name ('select', 'open').
        kinds: Widget kinds the target names (roles and pseudo kinds such as ``date``).
        kind_only: The target names nothing but a kind ('the button', 'the 2nd textbox').
        exact: Text quoted as the element's name; an element named exactly so wins.
        relation: ``(direction, anchor)`` for 'the field below Email': ``below``, ``above``,
            ``after``, ``before``, ``right`` or ``left``, and the anchor in plain words.
    """

    raw: str
    intent: Intent = "any"
    head: tuple[str, ...] = ()
    context: tuple[str, ...] = ()
    role_hints: frozenset[str] = frozenset()
    ordinal: int | None = None
    verb: str = ""
    kinds: frozenset[str] = frozenset()
    kind_only: bool = False
    exact: str = ""
    relation: tuple[str, str] | None = None

    @property
    def all_words(self) -> tuple[str, ...]:
        """Head and context words together."""
        return self.head + self.context

    @property
    def key(self) -> str:
        """The normalised query: the memory key part that says what was asked for."""
        hints = ",".join(sorted(self.role_hints))
        ordinal = f"#{self.ordinal}" if self.ordinal else ""
        verb = f"|{self.verb}" if self.verb else ""
        exact = f'|"{self.exact}"' if self.exact else ""
        return f"{self.intent}:{' '.join(self.head)}|{' '.join(self.context)}|{hints}{ordinal}{verb}{exact}"

    @property
    def text(self) -> str:
        """Head and context words as one string, for the index."""
        return " ".join(self.all_words)


def _content(part: str) -> tuple[tuple[str, ...], set[str], int | None, set[str]]:
    """Content words, role hints, ordinal and kinds; kinds stay empty unless nothing else is named."""
    toks = words(part)
    if len(toks) > 2 and toks[0] in _ARTICLES and toks[1] in _ORDINALS:
        toks = toks[1:]  # 'la dernière question', 'el último paso'
    kept: list[str] = []
    roles: set[str] = set()
    kinds: set[str] = set()
    ordinal: int | None = None
    if len(toks) > 1 and toks[-1] in _ORDINALS and toks[-1] not in ("1.", "2.", "3."):
        toks = toks[:-1]  # 'sign up first': when to do it, not which one
    for t in toks:
        if t in KIND_WORDS:
            kinds.update(KIND_WORDS[t])
            roles.update(r for r in KIND_WORDS[t] if r in _ARIA_KINDS)
        elif t in ROLE_WORDS:
            roles.update(ROLE_WORDS[t])
            kinds.update(ROLE_WORDS[t])
        elif t in _ORDINALS and ordinal is None:
            ordinal = _ORDINALS[t]
        elif (
            (t not in STOPWORDS or t in _NUMBER_WORDS) and t not in FILLER and said_unspaced(t) != frozenset()
        ):
            kept.append(t)  # (not 'の節' of 'Linux の節': particles and a kind, nothing named)
    if kept:
        return tuple(kept), roles, ordinal, set()
    # 'the link' or 'Tab': the role word is all there is to match on.
    kept = [t for t in toks if t not in STOPWORDS and t not in _ORDINALS]
    if not kept and not kinds and not roles and ordinal is None and not set(toks) <= {"the", "a", "an"}:
        kept = list(toks)  # 'select Es, In and Die': names that are stop words are still names
    return tuple(kept), roles, ordinal, kinds


# Articles that can start a name too ('Le Monde'), but not before an ordinal.
_ARTICLES = frozenset({"la", "le", "el", "il", "lo", "l"})

# Number words are names ('button ONE'), not filler.
_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})

_ARIA_KINDS = frozenset(
    {
        "textbox",
        "searchbox",
        "combobox",
        "listbox",
        "spinbutton",
        "checkbox",
        "radio",
        "switch",
        "slider",
        "tab",
    }
)


_WITH = re.compile(
    r"(?<!\w)(?:with|without|containing|having|that\s+has|mit|ohne|avec|sans|con|sin|s|bez)(?!\w)"
)


def parse_query(target: str, intent: Intent = "any", verb: str = "", exact: str = "") -> Query:
    """Parse a target such as 'the login button' or 'Löschen in der Zeile von Bob'.

    Args:
        target: The element in plain words.
        intent: What will be done with it.
        verb: The instruction's verb, when it may be the element's name ('select the KLM flight').
        exact: Text the instruction quoted as the element's name.

    Returns:
        The parsed :class:`Query`.
    """
    raw = " ".join(target.split())
    text = fold(fold_phrases(spaced_ordinals(raw))).strip(" .!?:;\"'“”„")
    # 'the Datasette link at the bottom': in the page's footer (at the top: its header)
    text = _AT_THE_END.sub(lambda m: " in the footer" if m["end"] != "top" else " in the header", text)
    relation: tuple[str, str] | None = None
    rm = _RELATION.match(text)
    if rm and _content(rm.group("head"))[3]:  # only 'the <kind> below X': a name may contain 'after'
        rel = rm.group("rel").split()[-2] if " of" in rm.group("rel") else rm.group("rel")
        rel = {
            "beneath": "below",
            "underneath": "below",
            "under": "below",
            "over": "above",
            "following": "after",
            "preceding": "before",
            "beside": "near",
        }.get(rel, rel)
        if rel == "next to":
            rel = "near"
        relation = (rel, rm.group("anchor"))
        text = rm.group("head")
        if exact and rm.group("rel").casefold() in fold(exact):
            exact = ""  # the whole instruction without a verb ('the field under New Password')
    parts = _CONTEXT_SPLIT.split(f" {text}", maxsplit=1)
    head_part = parts[0]
    context_part = parts[1] if len(parts) > 1 else ""
    head, roles, ordinal, kinds = _content(head_part)
    verb_only = bool(head) and set(head) <= set(words(verb))
    if (not head or verb_only) and context_part:
        # 'in the footer' alone: nothing to split off; 'unsubscribe from the newsletter': the
        # words after the verb name what it acts on
        head, roles2, ordinal2, kinds = _content(text)
        roles |= roles2
        ordinal = ordinal or ordinal2
        context_part = ""
    context = _content(context_part)[0] if context_part else ()
    exact = " ".join(exact.split())
    if exact:
        quoted = words(fold_phrases(fold(exact)))
        absorbed = not set(quoted) & set(words(text))  # 'a "text" widget' → the kind 'textline'
        kind_words = [w for w in quoted if w in KIND_WORDS or w in ROLE_WORDS]
        if quoted and (
            absorbed
            or all(w in KIND_WORDS or w in ROLE_WORDS or w in FILLER for w in quoted)
            or (kind_words and all(w in kind_words or w in STOPWORDS for w in quoted))  # 'the button'
        ):
            exact = ""  # 'a "checkbox" widget': the quotes name a kind, not an element
        elif (
            quoted
            and not (context and words(fold(exact)) in (words(fold(raw)), ("the", *words(fold(raw)))))
            and not (set(quoted) - STOPWORDS - set(kind_words) - _ORDINALS.keys() - _ARTICLES or {""})
            <= set(head)
        ):
            # (unless the words are the whole instruction, with a place after them: 'the Furo link
            # in the footer' is the link "Furo", in the footer)
            # 'the link "in"': the quoted words are the name even when they are stop words,
            # and the kind words beside them only hint at the role.
            # The other words only point at it ('the folder or file named "Cristin"').
            head = tuple(quoted)
            kinds = set()
    return Query(
        raw=raw,
        intent=intent,
        head=head,
        context=context,
        role_hints=frozenset(roles),
        ordinal=ordinal,
        # 'choose the third format': an element counted among others is never named by the verb
        verb="" if ordinal and head else " ".join(words(verb)),
        kinds=frozenset(kinds),
        # 'the item with the icon' is a relation between two kinds, not a kind: not any item.
        kind_only=bool(kinds) and not context and not _WITH.search(text),
        exact=exact,
        relation=relation,
    )


# Words made opposite by a prefix: 'déconnecter' / 'connecter', 'unsubscribe' / 'subscribe',
# 'deaktivieren' / 'aktivieren', 'disattiva' / 'attiva', and pairs of prefixes that swap a way in
# for a way out: 'abmelden' / 'anmelden', 'wyloguj' / 'zaloguj', 'odhlásit' / 'přihlásit',
# 'uitloggen' / 'inloggen', 'выйти' / 'войти'. A name word that is the opposite of a query word
# (and the name lacks the word itself) makes an element the wrong one however similar it looks.
_NEGATING = ("dé", "dés", "de", "des", "dis", "un", "non", "ne", "dez", "ent")
_SWAPPED = (
    ("ab", "an"),
    ("aus", "ein"),
    ("wy", "za"),
    ("wy", "w"),
    ("od", "při"),
    ("od", "za"),
    ("uit", "in"),
    ("вы", "во"),
    ("вы", "в"),
    ("out", "in"),
)


def opposed(a: str, b: str) -> bool:
    """Whether the words ``a`` and ``b`` (folded to lower case) mean opposite actions by a prefix."""
    if a == b or min(len(a), len(b)) < 5:
        return False
    short, long = sorted((a, b), key=len)
    for p in _NEGATING:
        if long == p + short or long == p + "-" + short:
            return len(short) >= 4
    for x, y in _SWAPPED:
        for u, v in ((a, b), (b, a)):
            if u.startswith(x) and v.startswith(y) and u[len(x) :] == v[len(y) :] and len(u) - len(x) >= 3:
                return True
    return False
