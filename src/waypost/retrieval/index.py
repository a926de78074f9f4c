"""TF-IDF over word and character n-grams of element descriptors, in plain Python.

One index per screen. Word tokens carry field weights (the accessible name counts more than a
class name) and concept tokens (``§login``), so 'login' finds 'Anmelden'; character trigrams of
the naming fields catch inflections and German compounds ('Namensfeld' ~ 'Name'). An optional
:class:`Embedder` adds a dense similarity when a local embedding model is configured.
"""

from __future__ import annotations

import math
import re
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol
from urllib.parse import urlsplit

from waypost.retrieval.descriptor import ElementDescriptor
from waypost.retrieval.query import Query
from waypost.retrieval.text import char_ngrams, expand, split_identifier, words

_GENERATED_TOKEN = re.compile(r"^(?=.*\d)[a-z0-9]{5,}$|^[a-z]{1,2}\d+$|^\d+$")
_ROLE_TOKEN = {
    "textbox": "§field",
    "searchbox": "§field",
    "combobox": "§dropdown",
    "listbox": "§dropdown",
    "checkbox": "§checkbox",
    "switch": "§checkbox",
    "radio": "§radio",
    "button": "§button",
    "link": "§link",
    "tab": "§tab",
}


class Embedder(Protocol):
    """A local embedding model: texts in, one vector per text out."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


@lru_cache(maxsize=16384)
def _identifier_words(value: str) -> tuple[str, ...]:
    # Cached: class names and URL parts repeat across the elements of a page.
    return tuple(w for w in words(split_identifier(value)) if not _GENERATED_TOKEN.match(w))


@lru_cache(maxsize=16384)
def _href_words(href: str) -> tuple[str, ...]:
    if not href or href.startswith(("javascript:", "#")):
        return ()
    parts = urlsplit(href)
    return _identifier_words(parts.path.replace("/", " ").replace(".", " ") + " " + parts.query)


def naming_text(e: ElementDescriptor) -> str:
    """The fields that name an element, joined: name, label, placeholder, title, value of buttons."""
    parts = [e.name, e.label, e.placeholder, e.title]
    if e.tag == "input" and e.type in ("submit", "button", "reset"):
        parts.append(e.value)
    return " ".join(p for p in parts if p)


def context_text(e: ElementDescriptor) -> str:
    """The fields around an element: section title, nearby text, form."""
    return " ".join(p for p in (e.section, e.nearby, e.form) if p)


# Token documents of elements seen recently, by the fields they are built from: a page scanned again
# after an action (or a second instruction on the same page) mostly repeats its elements.
_DOC_CACHE = 20_000
_word_docs: OrderedDict[tuple[object, ...], dict[str, float]] = OrderedDict()
_char_docs: OrderedDict[tuple[object, ...], dict[str, float]] = OrderedDict()


def _cached(
    cache: OrderedDict[tuple[object, ...], dict[str, float]],
    key: tuple[object, ...],
    build: Callable[[], dict[str, float]],
) -> dict[str, float]:
    doc = cache.get(key)
    if doc is None:
        doc = build()
        cache[key] = doc
        if len(cache) > _DOC_CACHE:
            cache.popitem(last=False)
    return doc


def _word_key(e: ElementDescriptor) -> tuple[object, ...]:
    return (
        e.name, e.label, e.placeholder, e.title, e.text, tuple(e.data.items()), e.id, e.name_attr,
        e.classes, e.href, e.options[:20], e.role,
    )  # fmt: skip


def _char_key(e: ElementDescriptor) -> tuple[object, ...]:
    return (e.name, e.label, e.placeholder, e.title, e.tag, e.type, e.value, e.text[:80], e.id, e.name_attr,
            tuple(e.data.values()))  # fmt: skip


def weighted_tokens(e: ElementDescriptor) -> dict[str, float]:
    """Word and concept tokens of a descriptor with their field weights (do not change the result)."""
    return _cached(_word_docs, _word_key(e), lambda: _weighted_tokens(e))


def _weighted_tokens(e: ElementDescriptor) -> dict[str, float]:
    tf: dict[str, float] = defaultdict(float)

    def add(tokens: Sequence[str], weight: float) -> None:
        for t in expand(list(tokens)):
            tf[t] += weight

    add(words(e.name), 3.0)
    if e.label and e.label != e.name:
        add(words(e.label), 2.0)
    add(words(e.placeholder), 2.0)
    add(words(e.title), 1.5)
    if e.text and e.text != e.name:
        add(words(e.text), 1.0)
    for key, value in e.data.items():
        add(_identifier_words(key[5:]) + _identifier_words(value), 0.7)
    add(_identifier_words(e.id), 1.0)
    add(_identifier_words(e.name_attr), 1.0)
    add(_identifier_words(e.classes), 0.5)
    add(_href_words(e.href), 0.5)
    if e.options:
        add(words(" ".join(e.options[:20])), 0.3)
    role_token = _ROLE_TOKEN.get(e.role)
    if role_token:
        tf[role_token] += 1.0
    return tf


def query_tokens(q: Query) -> dict[str, float]:
    """Weighted tokens of a query: head words 1, context words 0.5, role hints 0.5."""
    tf: dict[str, float] = defaultdict(float)
    for t in expand(list(q.head)):
        tf[t] += 1.0
    for t in expand(list(q.context)):
        tf[t] += 0.5
    for t in expand(list(words(q.verb))):
        tf[t] += 0.5
    for role in q.role_hints:
        token = _ROLE_TOKEN.get(role)
        if token:
            tf[token] = 0.5
    return tf


def _cosine(
    idf: dict[str, float],
    postings: Callable[[str], list[tuple[int, float]]],
    query: dict[str, float],
    n_docs: int,
) -> list[float]:
    """Cosine of the query's tf-idf vector with every document, through the term's postings."""
    qvec = {t: w * idf[t] for t, w in query.items() if t in idf}
    norm = math.sqrt(sum(v * v for v in qvec.values()))
    scores = [0.0] * n_docs
    if not norm:
        return scores
    for t, w in qvec.items():
        qw = w / norm
        for i, v in postings(t):
            scores[i] += qw * v
    return scores


@dataclass
class SparseSpace:
    """One sparse TF-IDF space: postings per term and document norms."""

    postings: dict[str, list[tuple[int, float]]]
    idf: dict[str, float]

    @classmethod
    def build(cls, docs: list[dict[str, float]]) -> SparseSpace:
        n = len(docs)
        df: dict[str, int] = defaultdict(int)
        for d in docs:
            for t in d:
                df[t] += 1
        idf = {t: math.log((n + 1) / (c + 1)) + 1.0 for t, c in df.items()}
        postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for i, d in enumerate(docs):
            vec = {t: (1.0 + math.log(w) if w >= 1 else w) * idf[t] for t, w in d.items()}
            norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
            for t, v in vec.items():
                postings[t].append((i, v / norm))
        return cls(dict(postings), idf)

    def cosine(self, query: dict[str, float], n_docs: int) -> list[float]:
        return _cosine(self.idf, self.postings.__getitem__, query, n_docs)


class LazySpace:
    """The cosine of :class:`SparseSpace`, with the per-document work done only where a query needs it.

    Building a :class:`SparseSpace` weights and normalises every term of every document, although
    a query touches only the documents that share one of its few terms; on a page with thousands
    of elements that was most of the time of a first query. Here the build lists which documents
    hold each term (for the idf), and a document's weights and norm are computed the first time a
    query term finds it, with the same arithmetic in the same order: the similarities are
    identical to :meth:`SparseSpace.cosine`'s.
    """

    def __init__(self, docs: Sequence[dict[str, float]]) -> None:
        self._docs = docs
        holders: dict[str, list[int]] = {}
        for i, d in enumerate(docs):
            for t in d:
                ids = holders.get(t)
                if ids is None:
                    holders[t] = [i]
                else:
                    ids.append(i)
        n = len(docs)
        self.idf = {t: math.log((n + 1) / (len(ids) + 1)) + 1.0 for t, ids in holders.items()}
        self._holders = holders
        self._postings: dict[str, list[tuple[int, float]]] = {}
        self._vectors: dict[int, tuple[dict[str, float], float]] = {}

    def _vector(self, i: int) -> tuple[dict[str, float], float]:
        vn = self._vectors.get(i)
        if vn is None:
            idf = self.idf
            vec = {t: (1.0 + math.log(w) if w >= 1 else w) * idf[t] for t, w in self._docs[i].items()}
            vn = (vec, math.sqrt(sum(v * v for v in vec.values())) or 1.0)
            self._vectors[i] = vn
        return vn

    def postings(self, term: str) -> list[tuple[int, float]]:
        """The documents holding ``term`` with its normalised weight in each, in document order."""
        out = self._postings.get(term)
        if out is None:
            out = []
            for i in self._holders.get(term, ()):
                vec, norm = self._vector(i)
                out.append((i, vec[term] / norm))
            self._postings[term] = out
        return out

    def cosine(self, query: dict[str, float], n_docs: int) -> list[float]:
        return _cosine(self.idf, self.postings, query, n_docs)


class TfidfIndex:
    """Similarity of a query to every element of one screen.

    Args:
        elements: The screen's descriptors.
        embedder: Optional local embedding model; when given, a dense cosine is averaged in.

    Example::

        index = TfidfIndex(screen.elements)
        word_sim, char_sim = index.similarities(parse_query("login button"))
    """

    def __init__(self, elements: Sequence[ElementDescriptor], embedder: Embedder | None = None) -> None:
        self.elements = tuple(elements)
        self._words = LazySpace([weighted_tokens(e) for e in self.elements])
        self._chars = LazySpace([_char_doc(e) for e in self.elements])
        self._embedder = embedder
        self._dense: list[list[float]] | None = None

    def __len__(self) -> int:
        return len(self.elements)

    def similarities(self, query: Query) -> tuple[list[float], list[float]]:
        """Cosine similarities (word space, character space) of the query to each element."""
        n = len(self.elements)
        word_sim = self._words.cosine(query_tokens(query), n)
        char_query: dict[str, float] = defaultdict(float)
        for g in char_ngrams(" ".join(query.head)):
            char_query[g] += 1.0
        char_sim = self._chars.cosine(char_query, n)
        if self._embedder is not None and query.text:
            dense = self._dense_similarity(query.text)
            word_sim = [0.5 * w + 0.5 * d for w, d in zip(word_sim, dense, strict=True)]
        return word_sim, char_sim

    def _dense_similarity(self, text: str) -> list[float]:
        assert self._embedder is not None
        if self._dense is None:
            docs = [f"{e.describe()} {context_text(e)}" for e in self.elements]
            self._dense = [_unit(v) for v in self._embedder.embed(docs)] if docs else []
        q = _unit(self._embedder.embed([text])[0])
        return [max(0.0, sum(a * b for a, b in zip(q, d, strict=False))) for d in self._dense]


def _char_doc(e: ElementDescriptor) -> dict[str, float]:
    return _cached(_char_docs, _char_key(e), lambda: _build_char_doc(e))


def _build_char_doc(e: ElementDescriptor) -> dict[str, float]:
    # Counting then converting is the same as adding 1.0 per gram (sums of ones are exact), in the
    # same key order; the identifier grams are then added 0.3 at a time as before.
    tf: dict[str, float] = defaultdict(float)
    for g, k in Counter(char_ngrams(naming_text(e) or e.text[:80])).items():
        tf[g] = float(k)
    for g in char_ngrams(split_identifier(" ".join([e.id, e.name_attr, *e.data.values()]))):
        tf[g] += 0.3
    return tf


def _unit(v: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / norm for x in v]
