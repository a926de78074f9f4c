"""Token counting for page views: exact cl100k when available, a safe estimate otherwise.

tiktoken's ``cl100k_base`` file is loaded lazily, once, and only when it is already in tiktoken's
cache (``TIKTOKEN_CACHE_DIR``, ``DATA_GYM_CACHE_DIR`` or ``<tmp>/data-gym-cache``): tiktoken
downloads a missing file without a timeout, and a view must never hang on the network. Without the
file, :func:`count_tokens` falls back to :func:`estimate_tokens`, which is calibrated to count at
least as many tokens as cl100k on real page views (English, other Latin scripts, CJK, URLs), so a
view that fits by the estimate also fits by the exact count.
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import re
import tempfile
from typing import Any

__all__ = ["count_tokens", "estimate_tokens", "exact_counts_available"]

_CL100K_URL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"

# A simplified copy of cl100k's pre-tokenizer: words (with one leading non-letter), numbers in
# groups of up to three digits, runs of punctuation, whitespace. Each piece is then priced alone.
_PIECES = re.compile(
    r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\w]?[^\W\d_]+|\d{1,3}| ?[^\s\w]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s|_+"
)


def _cache_path() -> str | None:
    for var in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if var in os.environ:
            folder = os.environ[var]
            break
    else:
        folder = os.path.join(tempfile.gettempdir(), "data-gym-cache")
    if not folder:
        return None
    return os.path.join(folder, hashlib.sha1(_CL100K_URL.encode()).hexdigest())


@functools.cache
def _encoding() -> Any | None:
    path = _cache_path()
    if path is None or not os.path.isfile(path):
        return None
    try:
        import tiktoken

        return tiktoken.get_encoding("cl100k_base")
    except Exception:  # a corrupt cache file or a broken install: fall back to the estimate
        return None


def exact_counts_available() -> bool:
    """Tell whether :func:`count_tokens` gives exact cl100k counts (the encoding could be loaded).

    Returns:
        True when tiktoken's cl100k_base encoding is loaded, False when counts are estimates.
    """
    return _encoding() is not None


# Frequent English words are one cl100k token each; other words cost more, by length.
_COMMON_WORDS = frozenset(
    [
        "a", "able", "about", "above", "according", "act", "add", "after", "again", "against", "ago",
        "air", "all", "also", "always", "among", "an", "and", "animal", "answer", "any", "appear",
        "are", "area", "as", "ask", "at", "back", "base", "be", "beauty", "because", "been", "before",
        "began", "begin", "behind", "best", "better", "between", "big", "bird", "black", "blue", "boat",
        "body", "book", "both", "box", "boy", "bring", "brought", "build", "busy", "but", "by", "call",
        "came", "can", "car", "care", "carry", "cause", "center", "certain", "change", "check",
        "children", "city", "class", "clear", "close", "cold", "color", "come", "common", "company",
        "complete", "contain", "correct", "could", "country", "course", "cover", "cross", "cry", "cut",
        "dark", "day", "decide", "deep", "develop", "did", "differ", "direct", "distant", "do", "does",
        "dog", "done", "door", "down", "draw", "drive", "dry", "during", "each", "early", "earth",
        "ease", "east", "eat", "end", "enough", "equate", "even", "ever", "every", "example", "eye",
        "face", "fact", "fall", "family", "far", "farm", "fast", "father", "feel", "feet", "few",
        "field", "figure", "fill", "final", "find", "fine", "fire", "first", "fish", "five", "fly",
        "follow", "food", "foot", "for", "force", "form", "found", "four", "free", "friend", "from",
        "front", "full", "game", "gave", "get", "girl", "give", "go", "gold", "good", "got", "govern",
        "government", "great", "green", "ground", "group", "grow", "had", "half", "hand", "happen",
        "hard", "has", "have", "he", "head", "hear", "heard", "heat", "help", "her", "here", "high",
        "him", "his", "hold", "home", "horse", "hot", "hour", "house", "how", "hundred", "i", "idea",
        "if", "in", "inch", "interest", "is", "island", "it", "just", "keep", "kind", "king", "knew",
        "know", "land", "language", "large", "last", "late", "laugh", "lay", "lead", "learn", "leave",
        "left", "less", "let", "letter", "life", "light", "like", "line", "list", "listen", "little",
        "live", "long", "look", "love", "low", "machine", "made", "main", "make", "man", "many", "map",
        "mark", "may", "me", "mean", "measure", "men", "might", "mile", "mind", "minute", "miss",
        "money", "month", "moon", "more", "morning", "most", "mother", "mountain", "move", "much",
        "multiply", "music", "must", "my", "name", "near", "need", "never", "new", "news", "next",
        "night", "no", "north", "not", "note", "nothing", "notice", "noun", "now", "number", "numeral",
        "object", "ocean", "of", "off", "often", "oh", "old", "on", "once", "one", "only", "open", "or",
        "order", "other", "our", "out", "over", "own", "page", "paint", "paper", "part", "pass",
        "pattern", "people", "person", "picture", "piece", "place", "plain", "plan", "plane", "plant",
        "play", "point", "port", "pose", "possible", "pound", "power", "president", "press", "problem",
        "produce", "product", "pull", "put", "question", "quick", "rain", "ran", "reach", "read",
        "ready", "real", "record", "red", "remember", "rest", "right", "river", "road", "rock", "room",
        "round", "rule", "run", "said", "same", "saw", "say", "says", "school", "science", "sea",
        "second", "see", "seem", "self", "sentence", "serve", "set", "several", "shape", "she", "ship",
        "short", "should", "show", "side", "simple", "since", "sing", "six", "slow", "small", "snow",
        "so", "some", "song", "soon", "sound", "south", "space", "special", "spell", "stand", "star",
        "start", "state", "stay", "stead", "step", "still", "stood", "stop", "story", "street",
        "strong", "study", "such", "sun", "sure", "surface", "system", "table", "tail", "take", "talk",
        "teach", "tell", "ten", "test", "than", "that", "the", "their", "them", "then", "there",
        "these", "they", "thing", "think", "this", "those", "though", "thought", "thousand", "three",
        "through", "time", "tire", "to", "today", "together", "told", "too", "took", "top", "toward",
        "town", "travel", "tree", "true", "try", "turn", "two", "under", "unit", "until", "up", "us",
        "use", "usual", "verb", "very", "voice", "vowel", "wait", "walk", "want", "war", "warm", "was",
        "watch", "water", "way", "we", "week", "well", "went", "were", "west", "what", "wheel", "when",
        "where", "which", "while", "white", "who", "whole", "why", "will", "wind", "with", "wonder",
        "wood", "word", "work", "world", "would", "write", "year", "years", "yes", "you", "young",
        "your",
    ],
)  # fmt: skip
_VOWEL = re.compile("[aeiouyAEIOUY]")
_HUMP = re.compile("[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA_HANGUL = re.compile("[\u3040-\u30ff\uac00-\ud7af\uff00-\uffef\u3000-\u303f]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_GREEK = re.compile("[\u0370-\u03ff]")
_LATIN_EXT = re.compile("[\u00c0-\u024f]")


def _word_cost(piece: str) -> float:
    core = piece.lstrip(" ")
    lead = 0.0
    if not core[0].isalpha():  # "/word", "-word": the mark may be a token of its own
        lead, core = 0.5, core[1:]
    n = len(core)
    mixed = not core.isupper() and any(c.isupper() for c in core[1:])
    if n <= 2 or core.lower() in _COMMON_WORDS:
        return lead + (n if mixed else 1)
    if mixed:
        humps = _HUMP.findall(core)
        if all(len(h) >= 3 and _VOWEL.search(h) for h in humps):  # WordPress, JavaScript, YouTube
            return lead + sum(_word_cost(h) for h in humps)
        return lead + 0.5 + n / 1.3  # ids, base64: a token per one or two letters
    if len(_VOWEL.findall(core)) < 0.28 * n:
        return lead + 0.5 + n / 1.3  # random letters
    return lead + 1 + (n - 3) / 3.5


def _piece_cost(piece: str) -> float:
    if piece.isascii():
        if piece.isspace():
            return 1
        if piece[-1].isalpha():
            return _word_cost(piece)
        stripped = piece.strip()
        if stripped[:1].isdigit():
            return 1  # at most three digits per piece
        return 1 + (len(stripped) - 1) / 2.5
    han = len(_HAN.findall(piece))
    kana = len(_KANA_HANGUL.findall(piece))
    cyrillic = len(_CYRILLIC.findall(piece))
    greek = len(_GREEK.findall(piece))
    latin = len(_LATIN_EXT.findall(piece))
    astral = sum(1 for c in piece if ord(c) > 0xFFFF)  # emoji and rare symbols: up to 4 byte tokens
    ascii_chars = sum(1 for c in piece if c < "\x80")
    rest = len(piece) - han - kana - cyrillic - greek - latin - astral - ascii_chars
    return (
        2.0 * han
        + 1.3 * kana
        + 0.65 * cyrillic
        + 1.3 * greek
        + 1.0 * latin
        + 3.0 * astral
        + rest * 1.1
        + (1 + ascii_chars / 3 if ascii_chars else 0)
    )


def estimate_tokens(text: str) -> int:
    """Estimate the cl100k token count of ``text`` without the encoding, erring on the high side.

    Calibrated on the views, main texts and link lists of the 130 Readability corpus pages
    (English, Czech, French, Spanish, Portuguese, German, Chinese, Japanese, lorem ipsum, long
    tracking URLs): never below the exact count there, about 1.4 times it at the median.

    Args:
        text: Any text.

    Returns:
        The estimated token count.
    """
    if not text:
        return 0
    total = sum(_piece_cost(p) for p in _PIECES.findall(text))
    return math.ceil(total * 1.04) + 1


def count_tokens(text: str) -> int:
    """Count ``text``'s cl100k tokens: exactly when the encoding is cached, else a safe estimate.

    Args:
        text: Any text.

    Returns:
        The number of cl100k_base tokens (or the :func:`estimate_tokens` upper estimate).

    Example:
        >>> count_tokens("") == 0
        True
    """
    if not text:
        return 0
    enc = _encoding()
    if enc is None:
        return estimate_tokens(text)
    return len(enc.encode(text, disallowed_special=()))
