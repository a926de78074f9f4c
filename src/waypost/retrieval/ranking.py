"""Retrieve and re-rank: from a screen and a query to scored candidates and a decision.

Pure functions over plain data; the browser is only needed to build the :class:`Screen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urldefrag

from waypost.retrieval import features as feats
from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.overlays import ActiveOverlay, active_overlay
from waypost.retrieval.query import Query
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.selectors import InventoryCounts, Selector, synthesize

Decision = Literal["confident", "tie", "low", "none"]

# Candidates the re-ranker looks at, picked by raw similarity first.
SHORTLIST = 40


@dataclass(frozen=True)
class Candidate:
    """One ranked element.

    Attributes:
        id: 1-based rank; what a chooser answers with.
        element: Its descriptor.
        p: ``p(element | query)``.
        logit: The re-ranker's logit.
        features: The feature vector (in ``FEATURES`` order).
        selectors: Synthesized selectors, most stable first (still to be validated).
    """

    id: int
    element: ElementDescriptor
    p: float
    logit: float
    features: tuple[float, ...] = field(repr=False)
    selectors: tuple[Selector, ...] = ()

    @property
    def selector(self) -> Selector | None:
        """The most stable selector, if any could be synthesized."""
        return self.selectors[0] if self.selectors else None

    def line(self) -> str:
        """One line for a model: id, what it is, where, p and selector."""
        where = self.element.section or self.element.nearby
        where = f' in "{_short(where, 50)}"' if where else ""
        sel = f" — {self.selector}" if self.selector else ""
        state = "" if self.element.visible else " (hidden)"
        return f"[{self.id}] {self.element.describe()}{where}{state} p={self.p:.2f}{sel}"

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly summary (for telemetry and observe results)."""
        return {
            "id": self.id,
            "index": self.element.index,
            "element": self.element.describe(),
            "p": round(self.p, 4),
            "selector": str(self.selector) if self.selector else None,
        }


@dataclass
class Ranking:
    """The outcome of retrieve + re-rank for one query on one screen.

    Attributes:
        query: The parsed query.
        candidates: Shortlisted candidates, best first (more than ``top_k``).
        decision: ``confident`` (act on the first), ``tie`` or ``low`` (ask or report), ``none``.
        overlay: The active overlay, if any.
        confidence: p of the first candidate plus candidates equivalent to it (same link target).
    """

    query: Query
    candidates: list[Candidate]
    decision: Decision
    overlay: ActiveOverlay | None
    confidence: float

    def top(self, k: int) -> list[Candidate]:
        """The first ``k`` candidates."""
        return self.candidates[:k]


def _short(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _equivalent(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two elements that do the same thing: links to the same place with the same name."""
    if not a.href or a.href.startswith(("#", "javascript:")):
        return False
    return urldefrag(a.href)[0] == urldefrag(b.href)[0] and " ".join(a.name.split()) == " ".join(
        b.name.split()
    )


def rank(
    screen: Screen,
    query: Query,
    model: RerankModel,
    *,
    index: TfidfIndex | None = None,
    confidence: float = 0.5,
    tie_margin: float = 0.12,
    min_p: float = 0.08,
) -> Ranking:
    """Score every element of ``screen`` against ``query`` and decide whether one is clear.

    Args:
        screen: The inventory.
        query: The parsed target.
        model: Re-ranker weights.
        index: A TF-IDF index of ``screen.elements`` (built if not given; cache it per screen).
        confidence: Minimum p to act on the best candidate alone.
        tie_margin: Minimum lead of the best candidate over the runner-up.
        min_p: Below this p the best candidate is no match at all (decision ``none``).

    Returns:
        The :class:`Ranking`.
    """
    elements = screen.elements
    if index is None:
        index = TfidfIndex(elements)
    overlay = active_overlay(screen)
    if not elements or not query.all_words:
        return Ranking(query, [], "none", overlay, 0.0)
    word_sim, char_sim = index.similarities(query)
    pre = sorted(
        (i for i in range(len(elements)) if word_sim[i] > 0 or char_sim[i] > 0.15),
        key=lambda i: -(word_sim[i] + 0.5 * char_sim[i] + (0.3 if elements[i].visible else 0.0)),
    )[:SHORTLIST]
    if not pre:
        return Ranking(query, [], "none", overlay, 0.0)
    counts = InventoryCounts.of(elements)
    stats = feats.ScreenStats.of(elements)
    scored: list[tuple[float, ElementDescriptor, list[float], list[Selector]]] = []
    for i in pre:
        e = elements[i]
        selectors = synthesize(e, counts)
        x = feats.compute(
            query,
            e,
            word_sim=word_sim[i],
            char_sim=char_sim[i],
            selectors=selectors,
            stats=stats,
            overlay=overlay,
        )
        scored.append((model.logit(x), e, x, selectors))
    scored.sort(key=lambda t: (-t[0], t[1].index))
    probs = RerankModel.probabilities([s[0] for s in scored])
    candidates = [
        Candidate(n + 1, e, p, z, tuple(x), tuple(sels))
        for n, ((z, e, x, sels), p) in enumerate(zip(scored, probs, strict=True))
    ]
    if query.ordinal:
        candidates = _apply_ordinal(candidates, query.ordinal)
    decision, conf = decide(candidates, confidence, tie_margin, min_p)
    return Ranking(query, candidates, decision, overlay, conf)


def _apply_ordinal(candidates: list[Candidate], ordinal: int) -> list[Candidate]:
    """Pick 'the second …' among look-alikes of the best one, in document order."""
    best = candidates[0]
    key = " ".join(best.element.display_name.split()).casefold()
    group = [
        c
        for c in candidates
        if " ".join(c.element.display_name.split()).casefold() == key
        and c.element.visible
        and c.p >= best.p * 0.3
    ]
    group.sort(key=lambda c: (c.element.box[1], c.element.box[0], c.element.index))
    if len(group) < 2 or abs(ordinal) > len(group):
        return candidates
    chosen = group[ordinal - 1] if ordinal > 0 else group[ordinal]
    mass = sum(c.p for c in group)
    rest = [c for c in candidates if c is not chosen]
    ordered = [chosen, *rest]
    out = []
    for n, c in enumerate(ordered):
        p = mass if c is chosen else (0.0 if c in group else c.p)
        out.append(Candidate(n + 1, c.element, p, c.logit, c.features, c.selectors))
    return out


def decide(
    candidates: Sequence[Candidate], confidence: float, tie_margin: float, min_p: float = 0.08
) -> tuple[Decision, float]:
    """Whether the first candidate is clear enough to act on without asking.

    Returns:
        The decision and the confidence (p of the first plus its equivalents).
    """
    if not candidates:
        return "none", 0.0
    first = candidates[0]
    mass = first.p
    runner_up = 0.0
    for c in candidates[1:]:
        if _equivalent(first.element, c.element):
            mass += c.p
        else:
            runner_up = max(runner_up, c.p)
    if mass < min_p:
        return "none", mass
    if mass - runner_up < tie_margin:
        return "tie", mass
    if mass < confidence:
        return "low", mass
    return "confident", mass
