"""Matching an option in words ('Sport', 'technical problem') to a dropdown's options."""

from __future__ import annotations

from collections.abc import Sequence

from waypost.retrieval.number_words import number_value
from waypost.retrieval.text import char_ngrams, field_words, fold, token_match, words


def best_option(wanted: str, options: Sequence[tuple[str, str]]) -> int | None:
    """Index of the option that best matches ``wanted``, or ``None`` if none is close; a number in
    words that no option names ('vier') is looked for in digits ('4')."""
    found = _best_option(wanted, options)
    if found is None and (digits := number_value(wanted)) is not None:
        return _best_option(digits, options)
    return found


def _best_option(wanted: str, options: Sequence[tuple[str, str]]) -> int | None:
    """Index of the option that best matches ``wanted``, or ``None`` if none is close.

    Args:
        wanted: The option in words.
        options: ``(label, value)`` pairs in order.

    Order of preference: same label or value; a label that starts with or contains the words;
    most words matched (synonyms and compounds count); most shared character trigrams.
    """
    target = fold(wanted)
    if not target:
        return None
    labels = [fold(label) for label, _ in options]
    values = [fold(value) for _, value in options]
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        if target in (label, value):
            return i
    for i, label in enumerate(labels):
        if label and (label.startswith(target) or target in label):
            return i
    wanted_words = words(wanted)
    best, best_score = None, 0.0
    grams = set(char_ngrams(wanted))
    for i, (label, value) in enumerate(options):
        field = field_words(f"{label} {value}")
        cover = sum(token_match(w, field) for w in wanted_words) / max(1, len(wanted_words))
        other = set(char_ngrams(label))
        jaccard = len(grams & other) / len(grams | other) if grams and other else 0.0
        score = cover + 0.5 * jaccard
        if score > best_score:
            best, best_score = i, score
    return best if best_score >= 0.5 else None
