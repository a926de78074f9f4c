"""Matching links against the user's intent (a hint such as "Wirtschaft und Politik").

Matching tolerates case and accents (ä → a or ae, é → e, ß → ss), word forms (a light German/English
stemmer: Politik, politisch, politics and political share the stem "polit"), German compounds
("Wirtschaftspolitik" contains "politik") and German/English pairs from a small built-in dictionary
(Politik ↔ politics, Wirtschaft ↔ economy/business, Suche ↔ search...). Stopwords are ignored.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from urllib.parse import unquote, urlsplit

from waypost.page.model import Link

__all__ = ["HintMatcher", "apply_hint", "fold", "stem"]

# Words that mean the same thing for navigation, German and English (and a few word forms the
# stemmer cannot join, such as science/scientific).
_SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("politik", "politics", "political", "politisch"),
    ("wirtschaft", "economy", "economic", "economics", "business", "wirtschaftlich"),
    ("sport", "sports"),
    ("kultur", "culture", "cultural"),
    ("wissenschaft", "science", "scientific", "wissen"),
    ("gesundheit", "health", "medizin", "medicine"),
    ("reise", "reisen", "travel"),
    ("finanzen", "finance", "financial", "finanz", "geld", "money"),
    ("nachrichten", "news", "meldungen"),
    ("wetter", "weather"),
    ("anmelden", "anmeldung", "einloggen", "login", "signin", "logon"),
    ("registrieren", "registrierung", "register", "signup"),
    ("suche", "suchen", "search"),
    ("technik", "technologie", "technology", "tech"),
    ("auto", "autos", "car", "cars", "mobilitat", "mobility"),
    ("bildung", "education", "schule", "school"),
    ("gesellschaft", "society"),
    ("unterhaltung", "entertainment"),
    ("karriere", "career", "careers", "job", "jobs", "stellenangebote"),
    ("immobilien", "property", "realestate"),
    ("meinung", "opinion", "kommentar", "commentary"),
    ("welt", "world", "ausland", "international"),
    ("inland", "domestic", "national"),
    ("lokal", "local", "regional", "region"),
    ("kontakt", "contact"),
    ("impressum", "imprint"),
    ("datenschutz", "privacy"),
    ("hilfe", "help", "support", "faq"),
    ("startseite", "home", "homepage"),
    ("preise", "preis", "price", "prices", "pricing"),
    ("kaufen", "einkaufen", "shop", "shopping", "buy", "store"),
    ("warenkorb", "cart", "basket"),
    ("konto", "account", "profil", "profile"),
    ("abo", "abonnement", "abonnieren", "subscription", "subscribe"),
    ("bilder", "fotos", "photos", "images", "galerie", "gallery"),
    ("musik", "music"),
    ("film", "filme", "movies", "kino", "cinema"),
    ("spiele", "games", "gaming"),
    ("essen", "food", "rezepte", "recipes", "kochen", "cooking"),
    ("mode", "fashion"),
    ("klima", "climate", "umwelt", "environment"),
    ("recht", "law", "justiz", "justice"),
    ("geschichte", "history"),
    ("bucher", "books", "literatur", "literature"),
    ("borse", "boerse", "stocks", "markets", "markte"),
    ("wahl", "wahlen", "election", "elections"),
    ("krieg", "war"),
    ("forschung", "research"),
    ("veranstaltungen", "termine", "events"),
    ("archiv", "archive"),
    ("weiter", "nachste", "next"),
)

_STOPWORDS = frozenset(
    [
        "und", "and", "the", "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem",
        "einer", "a", "an", "of", "for", "fur", "in", "on", "to", "at", "by", "mit", "von", "vom", "zu",
        "zum", "zur", "im", "am", "auf", "aus", "bei", "or", "oder", "is", "are", "ist", "sind", "with",
        "from", "my", "me", "i", "ich", "mich", "mir", "show", "zeige", "zeig", "find", "finde", "get",
        "gib", "all", "alle", "alles", "please", "bitte", "some", "any", "what", "was", "wie", "how",
        "where", "wo", "le", "la", "les", "de", "du", "et", "el", "y", "this", "that", "these", "dies",
        "diese", "dieser", "page", "seite", "about", "uber",
    ],
)  # fmt: skip

# Longest first; a suffix is only removed when at least four letters remain.
_SUFFIXES = sorted(
    [
        "ungen", "ischen", "ischer", "isches", "ische", "isch", "lichen", "licher", "liches", "liche",
        "lich", "ically", "ical", "ations", "ation", "ings", "ing", "ics", "ik", "ies", "ied", "ed",
        "es", "er", "en", "em", "e", "s", "al", "ly", "ung", "ic", "y", "ial", "ist", "ists", "ism",
    ],
    key=len,
    reverse=True,
)  # fmt: skip
_WORD = re.compile(r"[^\W_]+")
_LATIN = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lowercase, strip accents and write German umlauts as plain vowels (ä, ae → a; ß → ss).

    Args:
        text: Any text.

    Returns:
        The folded text; "Nächste", "Naechste" and "nachste" all fold to "nachste".
    """
    text = text.lower().replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("ae", "a").replace("oe", "o").replace("ue", "u")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Remove one common German or English suffix from a folded word.

    Args:
        word: A folded word.

    Returns:
        The stem ("politik", "politisch", "politics", "political" → "polit").
    """
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _build_synonyms() -> dict[str, frozenset[str]]:
    index: dict[str, set[str]] = {}
    for group in _SYNONYMS:
        words = {fold(w) for w in group}
        for word in words:
            index.setdefault(stem(word), set()).update(words)
    return {key: frozenset(value) for key, value in index.items()}


_SYNONYM_INDEX = _build_synonyms()


@dataclass(frozen=True, slots=True)
class _Concept:
    word: str  # folded hint word
    stem: str
    latin: bool
    other_words: frozenset[str]  # folded translations
    other_stems: frozenset[str]

    def score(self, word: str, word_stem: str) -> float:
        if word_stem == self.stem or word == self.word:
            return 1.0
        if word_stem in self.other_stems or word in self.other_words:
            return 0.9
        if len(self.stem) >= 4 and word.startswith(self.stem):
            return 0.75
        if any(len(s) >= 4 and word.startswith(s) for s in self.other_stems):
            return 0.7
        if len(self.word) >= 6 and self.word in word:
            return 0.6  # German compound: "wirtschaftspolitik" holds "politik"
        if any(len(w) >= 6 and w in word for w in self.other_words):
            return 0.55
        return 0.0


def _concepts(hint: str) -> tuple[_Concept, ...]:
    concepts: list[_Concept] = []
    seen: set[str] = set()
    for word in _WORD.findall(fold(hint)):
        latin = bool(_LATIN.fullmatch(word))
        if word in _STOPWORDS or (latin and len(word) < 2) or word in seen:
            continue
        seen.add(word)
        word_stem = stem(word) if latin else word
        others = _SYNONYM_INDEX.get(word_stem, frozenset()) - {word}
        concepts.append(_Concept(word, word_stem, latin, others, frozenset(stem(w) for w in others)))
    return tuple(concepts)


class HintMatcher:
    """Score texts and links against a hint.

    Args:
        hint: The user's intent in a few words, e.g. ``"Wirtschaft und Politik"``; empty or None
            matches nothing.

    Example:
        >>> m = HintMatcher("Wirtschaft und Politik")
        >>> m.score("Politik und Wirtschaft") > m.score("Politische Nachrichten") > m.score("Sport") == 0
        True
    """

    def __init__(self, hint: str | None) -> None:
        self.hint = (hint or "").strip()
        self._concepts = _concepts(self.hint)

    def __bool__(self) -> bool:
        return bool(self._concepts)

    @property
    def terms(self) -> tuple[str, ...]:
        """The folded hint words that count (stopwords removed)."""
        return tuple(c.word for c in self._concepts)

    def _score_words(self, weighted: Iterable[tuple[str, float]], folded_text: str) -> float:
        words = [(w, stem(w), weight) for w, weight in weighted]
        total = 0.0
        for concept in self._concepts:
            if not concept.latin:
                total += 1.0 if concept.word in folded_text else 0.0
                continue
            best = 0.0
            for word, word_stem, weight in words:
                s = concept.score(word, word_stem) * weight
                if s > best:
                    best = s
                    if best >= 1.0:
                        break
            total += best
        return total / len(self._concepts)

    def score(self, text: str) -> float:
        """How well ``text`` matches the hint.

        Args:
            text: A label, heading or any short text.

        Returns:
            0 for no match up to 1 when every hint word is found as written (translations count
            0.9, prefixes 0.75, compound parts 0.6, each averaged over the hint words).
        """
        if not self._concepts or not text:
            return 0.0
        folded = fold(text)
        return self._score_words(((w, 1.0) for w in _WORD.findall(folded)), folded)

    def score_link(self, label: str, url: str) -> float:
        """Score a link by its label and its URL path (a match in the path counts 0.8 of one in the label).

        Args:
            label: The link label.
            url: The link URL (only its path and query are read).

        Returns:
            The score in 0..1.
        """
        if not self._concepts:
            return 0.0
        try:
            parts = urlsplit(url)
            path = unquote(f"{parts.path} {parts.query}")
        except ValueError:
            path = ""
        folded_label, folded_path = fold(label), fold(path)
        weighted = [(w, 1.0) for w in _WORD.findall(folded_label)]
        weighted += [(w, 0.8) for w in _WORD.findall(folded_path)]
        return self._score_words(weighted, folded_label + " " + folded_path)


def apply_hint(links: Sequence[Link], hint: str | HintMatcher | None) -> list[Link]:
    """Score links against a hint and sort those that match first, best first (others keep their order).

    Args:
        links: The page's links.
        hint: The hint text, or a prepared matcher.

    Returns:
        New :class:`Link` objects with ``matches_hint`` and ``score`` set; without a hint, the links
        unchanged.
    """
    matcher = hint if isinstance(hint, HintMatcher) else HintMatcher(hint)
    if not matcher:
        return list(links)
    scored = []
    for link in links:
        s = round(matcher.score_link(link.label, link.url), 3)
        scored.append(replace(link, matches_hint=s > 0, score=s) if s > 0 else link)
    order = sorted(range(len(scored)), key=lambda i: -scored[i].score)
    return [scored[i] for i in order]
