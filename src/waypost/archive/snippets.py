"""Snippets of a hit's text around the words searched for, with those words marked.

Done in Python on the stored text rather than with FTS5's ``snippet()``, which tokenizes every
hit's whole text again (most of a search's time on long pages). When the words cannot be found
this way (the index also matches ``Köln`` for ``koln``), the caller falls back to ``snippet()``.
"""

from __future__ import annotations

import re

MARK = "**"
_QUERY_TERM = re.compile(r"(?:\w+:)?(\w+)(\*?)")
_OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})


def query_terms(query: str) -> list[tuple[str, bool]]:
    """The words of an FTS5 query as ``(word, is_prefix)``, without operators and column names."""
    terms: dict[str, bool] = {}
    for word, star in _QUERY_TERM.findall(query):
        if word in _OPERATORS:
            continue
        key = word.lower()
        terms[key] = terms.get(key, False) or bool(star)
    return list(terms.items())


def terms_pattern(terms: list[tuple[str, bool]]) -> re.Pattern[str] | None:
    """A case-insensitive pattern that finds any of the terms as whole words (or word starts)."""
    if not terms:
        return None
    parts = sorted(
        (re.escape(word) + (r"\w*" if prefix else "") for word, prefix in terms), key=len, reverse=True
    )
    return re.compile(r"(?<!\w)(?:" + "|".join(parts) + r")(?!\w)", re.IGNORECASE)


def make_snippet(
    text: str, pattern: re.Pattern[str] | None, *, before: int = 60, width: int = 220
) -> str | None:
    """About ``width`` characters of ``text`` around the first match, matches marked ``**so**``.

    Returns:
        The snippet, with ``…`` where the text was cut, or ``None`` when nothing matches.
    """
    if pattern is None:
        return None
    first = pattern.search(text)
    if first is None:
        return None
    start = max(0, first.start() - before)
    if start:
        space = text.find(" ", start, first.start())
        start = space + 1 if space != -1 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", max(first.end(), end - 40), end)
        end = space if space != -1 else end
    window = pattern.sub(lambda m: f"{MARK}{m.group(0)}{MARK}", text[start:end])
    window = " ".join(window.split())
    return ("…" if start else "") + window + ("…" if end < len(text) else "")
