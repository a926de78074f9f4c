"""Chinese, Japanese and Korean text made searchable by word in an FTS5 ``unicode61`` index.

``unicode61`` splits text at spaces and punctuation only, so a run of CJK characters ("…的AlphaGo与
人工智能…") would be one token and no word inside it could be found. At ingest, every CJK character
is set apart by spaces (one token each); a query's CJK words become phrases of those characters
("人工智能" → ``"人 工 智 能"``), which FTS5 matches only where the characters stand side by side.
Latin words inside CJK text ("AlphaGo") become tokens of their own. No dictionary is needed, and
a one-character word (棋) is found too.
"""

from __future__ import annotations

import re

# Han (with extensions and compatibility ideographs), kana, bopomofo, Hangul (syllables and jamo),
# and the ideographic iteration marks. CJK punctuation is left to the tokenizer, which skips it.
CJK_CHARS = (
    "\u1100-\u11ff\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3041-\u309f\u30a1-\u30ff"
    "\u3105-\u312f\u3131-\u318e\u31a0-\u31bf\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f"
    "\uac00-\ud7af\ud7b0-\ud7ff\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f"
)
_CJK = re.compile(f"[{CJK_CHARS}]")
# Every byte but the UTF-8 lead bytes those characters can start with (a superset): deleting them is
# a cheap first look at a body handed over as bytes (a C loop, a tenth of a regex's time), which
# skips typographic punctuation (U+2000-2FFF) and 2-byte scripts without decoding.
_NOT_CJK_LEADS = bytes(b for b in range(256) if b not in {0xE1, *range(0xE3, 0xEE), 0xEF, 0xF0})
# A query's parts: a quoted phrase (with a prefix star), or a run of anything else but spaces and ().
_QUERY_PART = re.compile(r'"(?:[^"]|"")*"\*?|[^\s"()]+')
_COLUMN = re.compile(r"^((?:\w+|\{[^}]*\})\s*:)?(.*?)(\*?)$", re.S)


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a CJK character."""
    return not text.isascii() and _CJK.search(text) is not None


def split_cjk(text: str) -> str:
    """``text`` with every CJK character set apart by spaces, for the index (other text unchanged)."""
    return _CJK.sub(r" \g<0> ", text) if has_cjk(text) else text


def split_cjk_body(text: str | bytes) -> str | bytes:
    """:func:`split_cjk` for a body's text as the index receives it: ``str`` or UTF-8 ``bytes``.

    Bytes without a possible CJK lead byte are returned as they are, without decoding.
    """
    if isinstance(text, bytes):
        if text.isascii() or not text.translate(None, _NOT_CJK_LEADS):
            return text
        decoded = text.decode("utf-8", "surrogateescape")
        return split_cjk(decoded).encode("utf-8", "surrogateescape") if has_cjk(decoded) else text
    return split_cjk(text)


def cjk_query(query: str) -> str:
    """An FTS5 query with each part holding CJK characters made a phrase of tokens as indexed.

    >>> cjk_query('人工智能 AND title:围棋 "的AlphaGo与"')
    '"人 工 智 能" AND title:"围 棋" "的 AlphaGo 与"'
    """
    if not has_cjk(query):
        return query
    return _QUERY_PART.sub(_cjk_part, query)


def _cjk_part(match: re.Match[str]) -> str:
    part = match.group(0)
    if not has_cjk(part):
        return part
    if part.startswith('"'):
        star = "*" if part.endswith("*") else ""
        inner = part[1 : -1 - len(star)]
        return '"' + " ".join(split_cjk(inner).split()) + '"' + star
    column_match = _COLUMN.match(part)
    assert column_match is not None  # the pattern matches any string
    column, words, star = column_match.groups()
    return (column or "") + '"' + " ".join(split_cjk(words.replace('"', "")).split()) + '"' + star
