"""Snippets of a hit's text around the words searched for, with those words marked.

Done in Python on the stored text rather than with FTS5's ``snippet()``, which tokenizes every
hit's whole text again (most of a search's time on long pages), and which a contentless index
cannot give at all. When the words cannot be found as written (the index also matches ``Köln``
for ``koln``), :func:`make_folded_snippet` looks in a folded copy of the text.
"""

from __future__ import annotations

import re
import unicodedata

from waypost.archive.cjk import has_cjk
from waypost.archive.text import normalize_text

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

    def alternatives(chosen: list[tuple[str, bool]]) -> str:
        parts = (re.escape(word) + (r"\w*" if prefix else "") for word, prefix in chosen)
        return "|".join(sorted(parts, key=len, reverse=True))

    # CJK characters are words each (see waypost.archive.cjk): a CJK term has no word edges.
    cjk = [term for term in terms if has_cjk(term[0])]
    latin = [term for term in terms if not has_cjk(term[0])]
    pattern = r"(?<!\w)(?:" + alternatives(latin) + r")(?!\w)" if latin else ""
    if cjk:
        pattern = "|".join(filter(None, [pattern, "(?:" + alternatives(cjk) + ")"]))
    return re.compile(pattern, re.IGNORECASE)


def _window(text: str, first: tuple[int, int], before: int, width: int) -> tuple[int, int]:
    """Where a snippet around the match ``first`` starts and ends, cut at spaces when possible."""
    start = max(0, first[0] - before)
    if start:
        space = text.find(" ", start, first[0])
        start = space + 1 if space != -1 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", max(first[1], end - 40), end)
        end = space if space != -1 else end
    return start, end


def _finish(window: str, cut_before: bool, cut_after: bool) -> str:
    return ("…" if cut_before else "") + " ".join(window.split()) + ("…" if cut_after else "")


def make_snippet(
    text: str,
    pattern: re.Pattern[str] | None,
    *,
    before: int = 60,
    width: int = 220,
    cut_before: bool = False,
    cut_after: bool = False,
) -> str | None:
    """About ``width`` characters of ``text`` around the first match, matches marked ``**so**``.

    Args:
        text: Where to look: a whole text, or a piece of one (say so with ``cut_before`` /
            ``cut_after``, for the ``…`` at its ends).
        pattern: From :func:`terms_pattern`.
        before: Characters shown before the match.
        width: Characters shown in all, about.
        cut_before: ``text`` starts inside a longer text.
        cut_after: ``text`` ends inside a longer text.

    Returns:
        The snippet, with ``…`` where the text was cut, or ``None`` when nothing matches.
    """
    first = pattern.search(text) if pattern is not None else None
    if pattern is None or first is None:
        return None
    start, end = _window(text, first.span(), before, width)
    window = pattern.sub(lambda m: f"{MARK}{m.group(0)}{MARK}", text[start:end])
    return _finish(window, cut_before or start > 0, cut_after or end < len(text))


def late_snippet(
    raw: bytes, skip: int, terms: list[tuple[str, bool]], pattern: re.Pattern[str], *, tries: int = 50
) -> str | None:
    """A snippet around a first match past byte ``skip`` of a long text's UTF-8 ``raw``.

    The pattern (case-insensitive, starting with a look-behind) costs about 10 ns per character
    it is tried at: 2 ms to reach the end of a 200,000-character page, per hit. ``bytes.find``
    looks for each term's word as written, capitalised and in capitals instead, and only a
    window around a place found is decoded and checked; a word spelt otherwise (``McDonald``)
    is left to the caller's fallback.
    """
    spellings = {s.encode() for word, _ in terms for s in (word, word.capitalize(), word.upper())}
    places = sorted((at, spelling) for spelling in spellings if (at := raw.find(spelling, skip)) != -1)
    for _ in range(tries):
        if not places:
            return None
        at, spelling = places.pop(0)
        low, high = max(skip, at - 400), at + 800
        window = normalize_text(raw[low:high].decode("utf-8", "ignore"))  # a cut character is dropped
        snippet = make_snippet(window, pattern, cut_before=low > 0, cut_after=high < len(raw))
        if snippet is not None:
            return snippet
        if (following := raw.find(spelling, at + 1)) != -1:  # inside a longer word: the next one
            places = sorted([*places, (following, spelling)])
    return None


class _Folding(dict[int, int]):
    """``str.translate`` table: a character to its lowercase letter without diacritics, when that
    is one character (so the folded text keeps every position), else to itself lowercased."""

    def __missing__(self, code: int) -> int:
        char = chr(code)
        base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        folded = base.lower() if len(base) == 1 else char.lower()
        self[code] = ord(folded) if len(folded) == 1 else code
        return self[code]


_FOLDING = _Folding()


def fold(text: str) -> str:
    """``text`` lowercased and without diacritics, character for character (same length)."""
    return text.translate(_FOLDING)


def make_folded_snippet(
    text: str, terms: list[tuple[str, bool]], *, before: int = 60, width: int = 220
) -> str | None:
    """Like :func:`make_snippet`, matching the terms as the index does: case and diacritics folded.

    The folded text keeps the original's positions, so the snippet shows the original text.
    """
    pattern = terms_pattern([(fold(word), prefix) for word, prefix in terms])
    folded = fold(text)
    first = pattern.search(folded) if pattern is not None else None
    if pattern is None or first is None:
        return None
    start, end = _window(text, first.span(), before, width)
    pieces, at = [], start
    for match in pattern.finditer(folded, start, end):
        pieces += [text[at : match.start()], MARK, text[match.start() : match.end()], MARK]
        at = match.end()
    pieces.append(text[at:end])
    return _finish("".join(pieces), start > 0, end < len(text))
