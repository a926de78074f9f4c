"""Text normalisation shared by the index, the features and the instruction parser.

Words are case-folded (``ß`` becomes ``ss``), split on anything that is not a letter or digit,
and mapped to concept tokens (``§login`` for login/anmelden/sign in) so that English queries
find German pages and back.
"""

from __future__ import annotations

import re
from functools import lru_cache

from waypost.page.text import fold
from waypost.retrieval.synonyms import (
    CONCEPTS,
    LONE_SYMBOLS,
    PHRASES,
    ROLE_WORDS,
    STOPWORDS,
    SYMBOLS,
    concept_words_inside,
    unspaced_concepts,
)

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# After case folding: Turkish 'İ' (folded to 'i' and a combining dot) and 'ı' read as 'i'; Greek
# accents and diaeresis dropped ('Αποθήκευση' = 'ΑΠΟΘΗΚΕΥΣΗ' = 'αποθηκευση').
_FOLD_MORE = str.maketrans(
    {"\u0307": "", "ı": "i", "ά": "α", "έ": "ε", "ή": "η", "ί": "ι", "ό": "ο", "ύ": "υ", "ώ": "ω", "ϊ": "ι",
     "ϋ": "υ", "ΐ": "ι", "ΰ": "υ", "ς": "σ"}
)  # fmt: skip
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")

# The vocabulary is written as people write it ('αναζήτηση', 'çıkış'); words are matched folded as
# above, so each concept word and phrase is also known in that form.
for _word, _concept in list(CONCEPTS.items()):
    CONCEPTS.setdefault(_word.translate(_FOLD_MORE), _concept)
for _phrase, _joined in list(PHRASES.items()):
    PHRASES.setdefault(_phrase.translate(_FOLD_MORE), _joined.translate(_FOLD_MORE))


@lru_cache(maxsize=1)
def _phrase_pattern() -> re.Pattern[str]:
    alternatives = sorted(PHRASES, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(p) for p in alternatives) + r")\b")


_SYMBOL = re.compile("|".join(re.escape(s) for s in sorted(SYMBOLS, key=len, reverse=True)))


def normalize(text: str) -> str:
    """Fold, read icon symbols as words ('×' → 'close') and join known phrases ('sign in' → 'signin')."""
    lone = LONE_SYMBOLS.get(text.strip())
    if lone is not None:
        return lone
    folded = fold(_SYMBOL.sub(lambda m: f" {SYMBOLS[m.group(0)]} ", text)).translate(_FOLD_MORE)
    if not folded:
        return folded
    return _phrase_pattern().sub(lambda m: PHRASES[m.group(1)], folded)


def split_identifier(value: str) -> str:
    """Turn ``loginBtn``, ``login-btn`` or ``login_btn`` into ``login btn``."""
    return _CAMEL.sub(" ", value).replace("-", " ").replace("_", " ")


# A run of a script written without spaces (kana, Han, Hangul) and a run of any other letters or
# digits: where they meet, one word ends ('csvでエクスポート' is "csv" and "でエクスポート").
_SCRIPT_RUN = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[^\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+"
)
_UNSPACED_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")


@lru_cache(maxsize=65536)
def words(text: str) -> tuple[str, ...]:
    """Normalised word tokens of ``text``; a Latin word or number glued to Japanese or Chinese
    ('GitHubで編集') is a word of its own."""
    found = _WORD.findall(normalize(text))
    if not any(_UNSPACED_CHAR.search(w) for w in found):
        return tuple(found)
    out: list[str] = []
    for w in found:
        runs = _SCRIPT_RUN.findall(w) if _UNSPACED_CHAR.search(w) else [w]
        # (a number stays with its counter word: '3行目' is one word, 'third row')
        out.extend(runs if any(r.isalpha() and not _UNSPACED_CHAR.search(r) for r in runs) else (w,))
    return tuple(out)


def content_words(text: str) -> tuple[str, ...]:
    """Words without stopwords and role words ('the', 'button', 'Feld')."""
    return tuple(w for w in words(text) if w not in STOPWORDS and w not in ROLE_WORDS)


def concept(word: str) -> str | None:
    """The concept token of a word (``anmelden`` → ``§login``), if it has one."""
    return CONCEPTS.get(word)


def expand(tokens: tuple[str, ...] | list[str]) -> list[str]:
    """Tokens plus their concept tokens."""
    return list(_expanded(tuple(tokens)))


@lru_cache(maxsize=1 << 14)
def _expanded(tokens: tuple[str, ...]) -> tuple[str, ...]:
    out = list(tokens)
    for t in tokens:
        c = CONCEPTS.get(t)
        if c is not None and not (t in _ALONE_ONLY and _qualified(tokens)):
            out.append(c)
        out.extend(unspaced_concepts(t))
    return tuple(out)


def language_of(word: str) -> str | None:
    """The language a (folded) word names, by its code: 'japanisch', '日本語', 'Japanese' are
    ``ja``; a name of six letters or more with another last letter too ('japonštinu', 'češtiny',
    'po polsku')."""
    c = CONCEPTS.get(word)
    if c is not None:
        return c.removeprefix("§lang-") if c.startswith("§lang-") else None
    for ending in ("en", "em", "er", "es", "e"):
        # a German adjective declined ('zur englischen Version'): "englisch"
        base = word[: -len(ending)]
        if word.endswith(ending) and base.endswith("isch") and CONCEPTS.get(base, "").startswith("§lang-"):
            return CONCEPTS[base].removeprefix("§lang-")
    for base in (word[:-1] if word.endswith("e") else "", word[:-1] + "o" if word.endswith("a") else ""):
        # a feminine adjective ('la version espagnole', 'versione italiana')
        if len(base) >= 5 and CONCEPTS.get(base, "").startswith("§lang-"):
            return CONCEPTS[base].removeprefix("§lang-")
    inflected = not word.isascii() or word.endswith("u")  # ('Germany' is no language)
    if len(word) >= 6 and word.isalpha() and inflected and not _UNSPACED_CHAR.search(word):
        return _LANGUAGE_STEMS.get(word[:-1])
    return None


def _language_stems() -> dict[str, str]:
    stems: dict[str, set[str]] = {}
    for name, c in CONCEPTS.items():
        if c.startswith("§lang-") and len(name) >= 6 and name.isalpha():
            stems.setdefault(name[:-1], set()).add(c.removeprefix("§lang-"))
    return {stem: codes.pop() for stem, codes in stems.items() if len(codes) == 1}


_LANGUAGE_STEMS = _language_stems()


# Words that carry their concept only when nothing else qualifies them: a "Start" link is the
# home page (German sites), "Quick start" or "Start a project" is not.
_ALONE_ONLY = frozenset({"start"})
_ALONE_COMPANIONS = frozenset({"start", "page", "seite", "go", "back", "zurück", "zur", "zum", "to", "the"})


def _qualified(tokens: tuple[str, ...] | list[str]) -> bool:
    return any(t not in _ALONE_COMPANIONS and t not in STOPWORDS for t in tokens)


@lru_cache(maxsize=65536)
def char_ngrams(text: str, n: int = 3) -> tuple[str, ...]:
    """Character n-grams of each word, padded with spaces (``' lo', 'log', ...``)."""
    grams: list[str] = []
    for w in words(text):
        padded = f" {w} "
        if len(padded) <= n:
            grams.append(padded)
            continue
        grams.extend(padded[i : i + n] for i in range(len(padded) - n + 1))
    return tuple(grams)


def token_match(query_word: str, doc_words: frozenset[str] | set[str]) -> float:
    """How well one query word is found among a field's words: 1 exact or same concept,
    0.8 for a shared stem or compound part, else 0."""
    if isinstance(doc_words, frozenset):  # a field's words (hashable): asked again and again
        return _token_match_cached(query_word, doc_words)
    return _token_match(query_word, doc_words)


def _token_match(query_word: str, doc_words: frozenset[str] | set[str]) -> float:
    if query_word in doc_words:
        return 1.0
    c = CONCEPTS.get(query_word)
    if c is not None and c in doc_words:
        return 1.0
    if c is None and (inside := _concepts_inside(query_word))[0]:
        # a run written without spaces holding concept words ('ダークモード' holds 'ダーク'): found
        # as far as its characters are, in concepts found or in words that only say what kind of
        # thing it is ('モード'); '第三个地址' is not found by '地址' alone
        parts, filler = inside
        found = filler + sum(n for concept, n in parts if concept in doc_words)
        return 0.8 * found / len(query_word)
    if len(query_word) >= 3 and (
        any(d.endswith("ing") and ing_form(query_word, d) for d in doc_words)
        or (query_word.endswith("ing") and any(ing_form(d, query_word) for d in doc_words))
    ):
        return 0.8  # 'get help' for "Getting help", 'write a schedule' for "Writing a schedule"
    if len(query_word) < 4:
        return 0.0
    best = 0.0
    for d in doc_words:
        if d.startswith("§") or len(d) < 4:
            continue
        if c is not None and CONCEPTS.get(d) == c:
            # a word of the same concept whose concept the field was not given ('Quick start' is
            # no start page): not found by its letters either
            continue
        if d[0] != query_word[0]:
            # every rule below but the inner part starts both words alike
            inner = len(query_word) >= 5 and (query_word in d or d in query_word)
            if inner and not (
                _negated(query_word, d) or _negated(d, query_word) or _another_by_prefix(query_word, d)
            ):
                best = max(best, 0.7)
            continue
        if _negated(query_word, d) or _negated(d, query_word):
            continue  # 'uninstall' is not 'install'
        if (
            d.startswith(query_word)
            or query_word.startswith(d)
            or _inflected(query_word, d)
            or _inflected(d, query_word)
            or _e_dropped(query_word, d)
            or _e_dropped(d, query_word)
        ):
            best = max(best, 0.8)
        elif (
            len(query_word) >= 5
            and (query_word in d or d in query_word)
            and not _another_by_prefix(query_word, d)
        ):
            best = max(best, 0.7)
        elif len(query_word) >= 6 and len(d) >= 6 and query_word[:5] == d[:5]:
            best = max(best, 0.6)
    return best


_token_match_cached = lru_cache(maxsize=1 << 16)(_token_match)


# Words of scripts without spaces that name no thing of their own: a kind of thing ('モード': mode,
# 'ページ': page) or a particle ('の', '的').
_UNSPACED_FILLER = re.compile(
    r"モード|ページ|画面|セクション|節|模式|页面|页|部分|一节|节|この|の|を|に|へ|で|と|は|が|的|我|了|请|一下|这个|此"
    r"|跳到|跳转到|转到|回到|前往"  # ('跳到 Features', '回到首页': where to, said as a verb)
)


def said_unspaced(word: str) -> frozenset[str] | None:
    """What an unspaced ``word`` says when it is concept words and filler only ('次のページへ':
    next; 'で編集': edit; 'このページを': nothing); ``None`` when some of it is neither."""
    if not _UNSPACED_CHAR.search(word):
        return None
    parts, filler = _concepts_inside(word)
    if sum(n for _, n in parts) + filler == len(word):
        return frozenset(c for c, _ in parts)
    whole = _UNSPACED_FILLER.sub("", word)
    return frozenset() if not whole else None


@lru_cache(maxsize=16384)
def _concepts_inside(word: str) -> tuple[tuple[tuple[str, int], ...], int]:
    """The concept words inside an unspaced ``word`` as (concept, characters), and how many of
    its other characters are filler."""
    parts = tuple((CONCEPTS[m.group(0)], len(m.group(0))) for m in concept_words_inside(word))
    if not parts:
        return (), 0
    rest = word
    for m in sorted(concept_words_inside(word), key=lambda m: -m.start()):
        rest = rest[: m.start()] + " " + rest[m.end() :]
    return parts, sum(len(m.group(0)) for m in _UNSPACED_FILLER.finditer(rest))


# Stem changes before an ending: Hungarian lengthens a final a/e ('alma' → 'almát'), Turkish
# softens a final p/ç/t/k ('kitap' → 'kitabı', 'seçenek' → 'seçeneği').
_LENGTHENED = {"a": "á", "e": "é"}
_SOFTENED = {"p": "b", "ç": "c", "t": "d", "k": "ğ"}
# Hungarian also shortens a long vowel before the last consonant ('levél' → 'levelet', 'madár' →
# 'madarat').
_SHORTENED = {"á": "a", "é": "e", "í": "i", "ó": "o", "ő": "ö", "ú": "u", "ű": "ü"}
_VOWELS = frozenset("aeiouáéíóöőúüű")
_GREEK = re.compile("[\u0370-\u03ff]")
# Greek case endings, folded (no accents, 'σ' for 'ς'), longest first.
_EL_ENDINGS = (
    "ματων", "ματοσ", "ματα", "σεων", "σεισ", "εισ", "εων", "ουσ", "οισ", "ιων", "ιεσ", "ιου", "ων", "οσ",
    "ου", "ον", "οι", "ασ", "εσ", "ησ", "ια", "α", "ο", "η", "ι", "ε", "υ",
)  # fmt: skip


def _el_stem(word: str) -> str:
    for ending in _EL_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def ing_form(word: str, other: str) -> bool:
    """``other`` is English ``word`` with -ing: 'getting' for 'get', 'writing' for 'write',
    'running' for 'run', 'opening' for 'open'."""
    if not other.endswith("ing") or len(other) < len(word) + 2 or not word.isascii():
        return False
    stem = other[:-3]
    return stem == word or (word.endswith("e") and stem == word[:-1]) or stem == word + word[-1]


def _negated(word: str, other: str) -> bool:
    """Whether ``word`` is ``other`` (or a form of it) with a prefix that turns it round:
    'uninstalling' and 'install', 'disallow' and 'allow'."""
    for prefix in ("un", "dis"):
        if word.startswith(prefix) and not other.startswith(prefix):
            rest = word[len(prefix) :]
            if len(rest) >= 4 and (rest.startswith(other[:4]) and other.startswith(rest[:4])):
                return True
    return False


# Prefixes that make a word name another thing than the word they are put on: a subtitle is not
# the title ('subtítulo', 'podtytuł', 'подзаголовок'), a preview not the view, a postcode not a code.
_OTHER_THING_PREFIXES = (
    *("sub", "pod", "под", "unter", "sous", "sotto", "über", "uber", "nad", "над", "super", "sur"),
    *("pre", "post", "re", "vice", "anti", "non", "multi", "meta", "pseudo", "mini"),
)


def _another_by_prefix(word: str, other: str) -> bool:
    """Whether one of the two words is the other with a prefix that makes it another thing
    ('subtítulo' and 'título', 'preview' and 'view'), either way round."""
    for a, b in ((word, other), (other, word)):
        for prefix in _OTHER_THING_PREFIXES:
            rest = a[len(prefix) :]
            if (
                a.startswith(prefix)
                and len(rest) >= 3
                and not b.startswith(prefix)
                and b.startswith(rest[:4])
            ):
                return True
    return False


def _e_dropped(query_word: str, doc_word: str) -> bool:
    """Whether ``doc_word`` is ``query_word`` with its final 'e' dropped before an ending:
    'contributing' for 'contribute', 'configuration' for 'configure' (six letters or more)."""
    return (
        len(query_word) >= 6
        and query_word.endswith("e")
        and doc_word.startswith(query_word[:-1])
        and len(doc_word) > len(query_word)
        and doc_word[len(query_word) - 1] in "aiou"
    )


def _inflected(query_word: str, doc_word: str) -> bool:
    """Whether ``query_word`` is ``doc_word`` with an ending that changed the stem a little (both at
    least four letters): 'almát' for 'alma', 'levelet' for 'levél', 'kitabı' for 'kitap', 'ήχους'
    for 'ήχοι'."""
    last = doc_word[-1]
    if last in _LENGTHENED and query_word.startswith(doc_word[:-1] + _LENGTHENED[last]):
        return True
    if last in _SOFTENED and query_word.startswith(doc_word[:-1] + _SOFTENED[last]):
        return True
    short = _SHORTENED.get(doc_word[-2])
    if short and last not in _VOWELS and query_word.startswith(doc_word[:-2] + short + last):
        return True
    if _GREEK.match(query_word) and _GREEK.match(doc_word):
        stem = _el_stem(query_word)
        return stem == _el_stem(doc_word) and len(stem) >= 2 and stem != query_word
    return False


def field_words(text: str) -> frozenset[str]:
    """Words of a field plus their concept tokens, as a set for :func:`token_match`."""
    return frozenset(expand(words(text)))


def unlisted(title: str, target: str) -> str:
    """A filter's words without what the page lists: 'refunded orders' on the page "Orders" is
    the filter "Refunded" (the title's words, in any ending, name the list, not the filter)."""
    said = target.split()
    if len(said) < 2:
        return target
    shown = frozenset(expand(list(words(title))))
    kept = [w for w in said if not (words(w) and all(token_match(t, shown) >= 0.8 for t in words(w)))]
    return " ".join(kept) if kept else target
