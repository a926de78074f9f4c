"""Re-ranking features of one (query, element) pair, each roughly in -1..1.

Similarity, role fit for the intent, exact and partial name match, attribute stability, DOM
depth, look-alikes, context match, visibility and overlay gating.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from waypost.retrieval.descriptor import ElementDescriptor
from waypost.retrieval.index import context_text, naming_text
from waypost.retrieval.overlays import ActiveOverlay
from waypost.retrieval.query import Query
from waypost.retrieval.selectors import Selector
from waypost.retrieval.synonyms import STOPWORDS
from waypost.retrieval.text import expand, field_words, split_identifier, token_match, words

FEATURES: tuple[str, ...] = (
    "word_sim",
    "char_sim",
    "name_exact",
    "name_cover",
    "own_cover",
    "name_precision",
    "role_fit",
    "role_hint",
    "stability",
    "depth",
    "lookalikes",  # look-alikes (same name) that the context does not tell apart
    "context",
    "visible",
    "in_viewport",
    "enabled",
    "overlay",
    "in_main",
    "verb_name",
    "text_miss",  # nothing of the element's own text matches the query: role and layout alone
    "unexplained",  # share of the query's words found neither in the element nor around it
    "name_verbatim",  # an exact name said word for word, small words too ("Search the Docs")
)
"""Feature names, in the order of the re-ranker's weights."""

_INTENT_ROLES: dict[str, dict[str, float]] = {
    "click": {
        "button": 1.0, "link": 1.0, "tab": 1.0, "menuitem": 1.0, "menuitemcheckbox": 1.0,
        "menuitemradio": 1.0, "option": 1.0, "treeitem": 1.0, "generic": 0.8, "checkbox": 0.8,
        "radio": 0.8, "switch": 0.8, "combobox": 0.4, "listbox": 0.3, "textbox": 0.4, "searchbox": 0.4,
        "slider": 0.3, "spinbutton": 0.3,
    },
    "type": {"textbox": 1.0, "searchbox": 1.0, "combobox": 0.8, "spinbutton": 1.0, "slider": 1.0},
    "select": {
        "combobox": 1.0, "listbox": 1.0, "radio": 0.8, "option": 0.6, "button": 0.3, "spinbutton": 0.6,
        "slider": 0.6,
    },
    "check": {"checkbox": 1.0, "switch": 1.0, "radio": 1.0, "menuitemcheckbox": 1.0, "menuitemradio": 1.0},
}  # fmt: skip


@dataclass(frozen=True)
class ScreenStats:
    """Per-screen numbers features need: how many elements share each name."""

    name_counts: Counter[str]

    @classmethod
    def of(cls, elements: Sequence[ElementDescriptor]) -> ScreenStats:
        # Asked once per ranking, and a resolution ranks the same screen up to three times (anchor,
        # kind, name): kept for the last few element tuples (by identity; they are immutable).
        for held, stats in _STATS_CACHE:
            if held is elements:
                return stats
        stats = cls(Counter(k for k in map(_name_key, elements) if k))
        if isinstance(elements, tuple):
            _STATS_CACHE.insert(0, (elements, stats))
            del _STATS_CACHE[4:]
        return stats


_STATS_CACHE: list[tuple[Sequence[ElementDescriptor], ScreenStats]] = []


def _name_key(e: ElementDescriptor) -> str:
    return _joined_words(e.display_name)


@lru_cache(maxsize=65536)
def _joined_words(text: str) -> str:
    # Cached: every screen counts the names of all its elements, mostly the same from one scan to the next.
    return " ".join(words(text))


def role_fit(e: ElementDescriptor, intent: str) -> float:
    """How well the element's role suits the intent (1 fits, 0 does not)."""
    if intent == "any":
        return 1.0
    if intent == "type" and (e.editable or (e.tag == "input" and e.type not in _NOT_TYPABLE)):
        return 1.0 if not e.readonly else 0.3
    if intent == "select" and e.tag == "select":
        return 1.0
    if intent == "select" and e.popup in ("listbox", "menu", "true"):
        return 0.9
    if intent in ("type", "select") and "slider-handle" in e.classes:
        return 1.0  # a slider handle without a role (jQuery UI): set by value like an ARIA slider
    return _INTENT_ROLES.get(intent, {}).get(e.role, 0.0)


_NOT_TYPABLE = frozenset(
    {"checkbox", "radio", "submit", "button", "reset", "image", "file", "range", "color"}
)


_PARENTHESES = re.compile(r"\([^)]*\)|\[[^\]]*\]")


def name_words(text: str) -> tuple[str, ...]:
    """Content words of a name: no stopwords, no numbers, nothing in parentheses ('Cart (2 items)' → cart)."""
    return tuple(
        w for w in words(_PARENTHESES.sub(" ", text)) if not w.isdigit() and w not in STOPWORDS and w != "*"
    )


def _exact(head: tuple[str, ...], text: str) -> bool:
    if not head or not text:
        return False
    doc = name_words(text)
    if not doc:
        return False
    return {_canon(t) for t in head} == {_canon(t) for t in doc}


def _verbatim(raw: str, fields: Sequence[str]) -> bool:
    """Whether one name of several words occurs in ``raw`` word for word (small words included)."""
    said = f" {' '.join(words(raw))} "
    return any(len(w := words(f)) >= 2 and f" {' '.join(w)} " in said for f in fields if f)


def _precision(head: tuple[str, ...], name: str) -> float:
    """Share of the name's words that the query asks for (1: nothing in the name goes unasked)."""
    doc = name_words(name)
    if not doc or not head:
        return 0.0
    asked = frozenset(expand(list(head)))
    return sum(1.0 if token_match(w, asked) >= 0.7 else 0.0 for w in doc) / len(doc)


def _canon(word: str) -> str:
    c = expand([word])
    return c[-1] if len(c) > 1 else word


def _unexplained(query_words: tuple[str, ...], found: frozenset[str]) -> float:
    if not query_words:
        return 0.0
    return sum(1 for t in query_words if token_match(t, found) < 0.6) / len(query_words)


def _cover(head: tuple[str, ...], field: frozenset[str]) -> float:
    if not head:
        return 0.0
    return sum(token_match(t, field) for t in head) / len(head)


def compute(
    query: Query,
    e: ElementDescriptor,
    *,
    word_sim: float,
    char_sim: float,
    selectors: Sequence[Selector],
    stats: ScreenStats,
    overlay: ActiveOverlay | None,
) -> list[float]:
    """The feature vector of ``e`` for ``query``, in :data:`FEATURES` order."""
    naming = naming_text(e)
    naming_fields = (e.name, e.label, e.placeholder, e.title, e.value if e.tag == "input" else "")
    name_exact = any(_exact(query.head, f) for f in naming_fields if f)
    name_set = field_words(naming)
    own = field_words(
        " ".join(
            [
                naming,
                e.text,
                split_identifier(e.id),
                split_identifier(e.name_attr),
                *e.data.values(),
                e.classes,
            ]
        )
        + " "
        + split_identifier(e.href.replace("/", " "))
    )
    name_cover = _cover(query.head, name_set)
    own_cover = _cover(query.head, own)
    precision = max(_precision(query.head, f) for f in naming_fields if f) if any(naming_fields) else 0.0
    if query.context:
        context = _cover(query.context, field_words(context_text(e)))
    else:
        unmatched = tuple(t for t in query.head if token_match(t, name_set) < 0.7)
        context = _cover(unmatched, field_words(context_text(e))) if unmatched else 0.0
    if query.role_hints:
        role_hint = (
            1.0 if e.role in query.role_hints or (e.editable and "textbox" in query.role_hints) else -1.0
        )
    else:
        role_hint = 0.0
    twins = stats.name_counts.get(_name_key(e), 1) - 1
    verb_name = 1.0 if query.verb and _exact(words(query.verb), e.display_name) else 0.0
    gate = 0.0 if overlay is None else overlay.score if overlay.index in e.overlays else -overlay.score
    return [
        word_sim,
        char_sim,
        1.0 if name_exact else 0.0,
        name_cover,
        own_cover,
        precision,
        role_fit(e, query.intent),
        role_hint,
        max((s.stability for s in selectors), default=0.0),
        min(e.depth / 30.0, 1.0),
        min(math.log2(1 + twins) / 3.0, 1.0) * (1.0 - context),
        context,
        1.0 if e.visible else 0.0,
        1.0 if e.in_viewport else 0.0,
        1.0 if e.enabled else 0.0,
        gate,
        1.0 if e.in_main else 0.0,
        verb_name,
        1.0 if max(name_cover, own_cover, verb_name) == 0 and char_sim < 0.5 else 0.0,
        _unexplained(query.all_words, own | field_words(context_text(e))),
        1.0 if name_exact and _verbatim(query.raw, naming_fields) else 0.0,
    ]
