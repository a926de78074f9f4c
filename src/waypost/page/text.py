"""Small text helpers shared by the instruction parser (``retrieval``) and the planner (``models``).

Pure functions on strings, no Playwright and no package imports, so every layer may use them:
folding text for comparison, finding a quote in a page's text, keeping quoted spans whole while a
sentence is split, and the ordinal words both parsers read ("the second", "den dritten").
"""

from __future__ import annotations

import re
import unicodedata

# A span in any of the quote styles people type: "x", “x”, „x“, 'x', ‘x’, «x». Each style is one group.
QUOTED = re.compile(r"\"([^\"]*)\"|“([^”]*)”|„([^“”]*)[“”]|'([^']*)'|‘([^’]*)’|«([^»]*)»")
_SLOT = re.compile(r"\x00(\d+)\x00")
_SPACES = re.compile(r"\s+")
_SINGLE_QUOTES = re.compile(r"[‘’‚‛`´]")
_DOUBLE_QUOTES = re.compile(r"[“”„‟«»\"]")
_DASHES = re.compile(r"[‐‑‒–—―]")

# Ordinal words every parser reads (English and German, 1 to 5); each adds its own on top.
ORDINALS: dict[str, int] = {
    "first": 1, "1st": 1, "erste": 1, "ersten": 1, "erster": 1,
    "second": 2, "2nd": 2, "zweite": 2, "zweiten": 2,
    "third": 3, "3rd": 3, "dritte": 3, "dritten": 3,
    "fourth": 4, "4th": 4, "vierte": 4, "fifth": 5, "5th": 5, "fünfte": 5,
}  # fmt: skip


def squash(text: str) -> str:
    """Whitespace runs as single spaces, ends trimmed."""
    return " ".join(text.split())


def shorten(text: str, limit: int) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    flat = squash(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def fold(text: str) -> str:
    """Lower-case (``casefold``: ``ß`` becomes ``ss``), NFC, whitespace collapsed."""
    text = unicodedata.normalize("NFC", text).casefold()
    return _SPACES.sub(" ", text).strip()


def compare_form(text: str) -> str:
    """Compare-ready text: NFKC, one kind of quote and dash, single spaces, casefolded."""
    text = unicodedata.normalize("NFKC", text)
    text = _SINGLE_QUOTES.sub("'", text)
    text = _DOUBLE_QUOTES.sub('"', text)
    text = _DASHES.sub("-", text)
    return squash(text).casefold()


def contains_text(quote: str, text: str) -> bool:
    """Whether ``quote`` stands in ``text`` (spaces, quotes, dashes and case aside)."""
    q = compare_form(quote).strip(' ."…')
    return bool(q) and q in compare_form(text)


def unquote(value: str) -> str:
    """``value`` without surrounding punctuation and one pair of quote marks."""
    value = value.strip().strip(".,;")
    if len(value) >= 2 and value[0] in "\"'„“«" and value[-1] in "\"'“”»":
        return value[1:-1].strip()
    return value


class Slots:
    """Spans of a text replaced by placeholders (``\\x00N\\x00``) and put back later.

    A sentence is split at commas and 'and'; a quoted name or a URL must not be split with it.

    Example:
        >>> s = Slots()
        >>> masked = s.mask_quoted('type "a, b" and go')
        >>> masked.split(" and ")[0], s.restore(masked)
        ('type \\x000\\x00', 'type a, b and go')
    """

    def __init__(self) -> None:
        self.spans: list[str] = []

    def keep(self, span: str) -> str:
        """The placeholder of ``span``."""
        self.spans.append(span)
        return f"\x00{len(self.spans) - 1}\x00"

    def mask_quoted(self, text: str, *, with_marks: bool = False) -> str:
        """``text`` with each quoted span replaced; the slot keeps the inner text, or the whole
        span with its quote marks when ``with_marks``."""

        def keep(m: re.Match[str]) -> str:
            return self.keep(m.group(0) if with_marks else next(g for g in m.groups() if g is not None))

        return QUOTED.sub(keep, text)

    def restore(self, text: str) -> str:
        """``text`` with every placeholder (also nested ones) replaced by its span."""
        while "\x00" in text:
            restored = _SLOT.sub(lambda m: self.spans[int(m.group(1))], text)
            if restored == text:
                break
            text = restored
        return text

    def slot_indices(self, text: str) -> list[int]:
        """The slot numbers that stand in ``text``, in order."""
        return [int(n) for n in _SLOT.findall(text)]
