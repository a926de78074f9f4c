"""A search described in words, spread over a form's fields by their labels.

'Search for mystery movies directed by Lambert from year 1999' on a form with the fields
Genre, Director and Year: each field takes the words its label points at ('directed by
Lambert' → Director, 'year 1999' → Year), and a field that names a class of things (Genre,
Category, Type) takes the word before the thing searched for ('mystery movies'). Every field
must get exactly one value and every word of the description must be used (the thing searched
for aside); else nothing is assigned and the caller does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that tie a value to the word before it ('directed by X', 'from year X').
_CONNECTORS = _set(
    "by of from in on at with is are to for as named called titled about near under over "
    "von aus im am mit für nach de du des la le en par pour con por del da di od z ze na"
)
# Label words that say nothing about what goes in the field.
_LABEL_FILLER = _set("name your the a an enter field please number no nr")
# Label words of a field that takes a class of things: 'mystery movies' → Genre = mystery.
_CLASSIFIERS = _set(
    "genre category type kind style class sort kategorie art typ gattung catégorie género "
    "categoría tipo categoria druh kategoria typ 类别 类型 种类 ジャンル 種類"
)
# A label word that also covers another word of the description (a year is part of a date; a
# book 'written by' someone names its author).
_COVERS = {
    "date": ("year",),
    "datum": ("jahr",),
    "when": ("year", "date"),
    "author": ("written", "wrote", "by"),
    "writer": ("written", "wrote"),
    "autor": ("geschrieben", "von"),
    "artist": ("performed", "sung", "painted"),
    "brand": ("made",),
    "manufacturer": ("made",),
    "seller": ("sold",),
}
_TOKEN = re.compile(r"[\w'’@.-]+")


def _similar(label_word: str, word: str) -> bool:
    if label_word == word or word in _COVERS.get(label_word, ()):
        return True
    common = 0
    for a, b in zip(label_word, word, strict=False):
        if a != b:
            break
        common += 1
    return common >= 5 or (common >= 4 and common == min(len(label_word), len(word)))


def label_words(label: str) -> list[str]:
    """The words of a field label that can point at a value ('Director Name:' → ['director'])."""
    found = [w.casefold().strip(".:-") for w in _TOKEN.findall(label)]
    kept = [w for w in found if w and w not in _LABEL_FILLER]
    return kept or [w for w in found if w]


def assign(description: str, labels: Sequence[str]) -> dict[int, str] | None:
    """Values for the fields with ``labels`` from ``description``, or ``None`` when not sure.

    Args:
        description: What is searched for, without the verb ('mystery movies directed by Lambert
            from year 1999').
        labels: The label of each field, in page order.

    Returns:
        The value for each field index; ``None`` unless every field gets one value and every word
        is used (the thing searched for, such as 'movies', aside).
    """
    if len(labels) < 2:
        return None
    tokens = [t.strip(".,;:!?") for t in _TOKEN.findall(description)]
    tokens = [t for t in tokens if t]
    folded = [t.casefold() for t in tokens]
    fields = [label_words(label) for label in labels]
    if any(not f for f in fields):
        return None
    # Where each field's label is mentioned; a word mentioned by two fields decides neither.
    owners: dict[int, int] = {}
    mentioned: set[int] = set()
    for i, words in enumerate(fields):
        said = [p for p, w in enumerate(folded) if any(_similar(lw, w) for lw in words)]
        at = [p for p in said if p + 1 not in said]  # 'written by': one mention, the last word
        if len(at) > 1 or (at and at[0] in owners):
            return None
        if at:
            owners[at[0]] = i
            mentioned.update(said)
    used = set(owners) | mentioned
    values: dict[int, str] = {}

    def run(start: int, step: int) -> list[int]:
        """The words from ``start`` on (after connectors) up to the next connector or label."""
        p = start
        while 0 <= p < len(tokens) and folded[p] in _CONNECTORS and p not in owners:
            p += step
        out: list[int] = []
        while 0 <= p < len(tokens) and p not in owners and p not in used and folded[p] not in _CONNECTORS:
            out.append(p)
            p += step
        return sorted(out)

    for p, i in sorted(owners.items()):
        classifier = any(w in _CLASSIFIERS for w in fields[i])
        span = (run(p - 1, -1) or run(p + 1, 1)) if classifier else run(p + 1, 1)
        if not span:
            return None
        used.update(span)
        values[i] = " ".join(tokens[q] for q in span)

    def rest() -> list[int]:
        return [p for p in range(len(tokens)) if p not in used and folded[p] not in _CONNECTORS]

    missing = [i for i in range(len(fields)) if i not in values]
    if len(missing) > 1:
        return None
    if missing:
        (i,) = missing
        left = rest()
        if not left or left != list(range(left[0], left[-1] + 1)):
            return None
        if any(w in _CLASSIFIERS for w in fields[i]):
            left = left[:-1] or left  # 'mystery movies': the last word is the thing searched for
        elif len(left) != 1:
            return None
        values[i] = " ".join(tokens[q] for q in left)
        used.update(left)
    # Only the thing searched for ('movies') may be left over: one word, not a number.
    left = rest()
    if len(left) > 1 or (left and tokens[left[0]][0].isdigit()):
        return None
    return values
