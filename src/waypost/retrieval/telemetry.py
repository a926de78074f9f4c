"""What each action logs, and the figures ``waypost retrieval stats`` prints.

Plain data and pure functions; :class:`~waypost.retrieval.memory.RetrievalStore` persists the
records in SQLite.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass
class ActionRecord:
    """One action, as logged.

    Attributes:
        action: ``click``, ``type``, ``select``, ``check``, ``observe``...
        query: The target as given.
        query_key: The normalised query (memory key).
        site: Host of the page.
        path: Path of the page.
        fingerprint: Screen fingerprint (empty when the screen was not inventoried).
        topk: The top candidates (id, element, p, selector).
        features: Their feature vectors, for retraining.
        chosen_rank: 1-based rank of the element acted on among ``topk`` (``None`` if none or from memory).
        selector: The selector used.
        p: p(element | query) of the chosen element.
        validation: The validation result of the chosen selector (``ok``, ``covered``...).
        status: Outcome (``done``, ``unsure``, ``not_found``, ``not_actionable``, ``failed``).
        latency_ms: Inventory + rank + validate.
        inventory_ms: The inventory alone.
        action_ms: The action and the wait for the page to settle.
        llm_asked: Whether the chooser (an LLM) was asked.
        from_memory: Whether a remembered selector was used without retrieval.
        healed: Whether a remembered selector failed and retrieval found the element again.
        success: Whether the action reached its goal (``None`` if unknown).
        correct_rank: Rank of the right element in ``topk`` when known (0: not in top-k).
        ts: Unix time.
        id: Row id once stored.
    """

    action: str
    query: str
    query_key: str = ""
    site: str = ""
    path: str = ""
    fingerprint: str = ""
    topk: list[dict[str, object]] = field(default_factory=list)
    features: list[list[float]] = field(default_factory=list)
    chosen_rank: int | None = None
    selector: str | None = None
    p: float | None = None
    validation: str = ""
    status: str = ""
    latency_ms: float = 0.0
    inventory_ms: float = 0.0
    action_ms: float = 0.0
    llm_asked: bool = False
    from_memory: bool = False
    healed: bool = False
    success: bool | None = None
    correct_rank: int | None = None
    ts: float = 0.0
    id: int | None = None


@dataclass(frozen=True)
class RetrievalStats:
    """Summary of logged actions.

    Attributes:
        actions: Actions logged.
        ranked: Actions that went through retrieval (not from memory, not given a selector).
        with_outcome: Ranked actions whose right element is known.
        top1_rate: Share of those where the right element ranked first.
        recall_at_k: Share of those where it was among the top-k.
        llm_rate: Share of ranked actions where the LLM was asked.
        unsure_rate: Share of ranked actions answered 'unsure'.
        memory_rate: Share of actions served from remembered selectors.
        success_rate: Share of actions with a known outcome that succeeded.
        p50_ms: Median latency of inventory + rank + validate.
        p95_ms: 95th percentile of the same.
    """

    actions: int
    ranked: int
    with_outcome: int
    top1_rate: float | None
    recall_at_k: float | None
    llm_rate: float | None
    unsure_rate: float | None
    memory_rate: float | None
    success_rate: float | None
    p50_ms: float | None
    p95_ms: float | None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` percentile (0..100) by nearest rank, or ``None`` for no values."""
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def right_rank(r: ActionRecord) -> int | None:
    """Rank of the right element: the one marked correct, else the one acted on successfully."""
    if r.correct_rank is not None:
        return r.correct_rank
    if r.success and r.chosen_rank:
        return r.chosen_rank
    if r.success is False and r.chosen_rank is None:
        return 0
    return None


def summarize(records: Iterable[ActionRecord]) -> RetrievalStats:
    """Top-1 rate, recall@k, LLM rate and latency over logged actions."""
    rows = list(records)
    acting = [
        r for r in rows if r.action not in ("observe", "extract", "press", "scroll", "dismiss_overlays")
    ]
    ranked = [r for r in acting if not r.from_memory and r.topk]
    known = [(r, right_rank(r)) for r in ranked]
    known = [(r, k) for r, k in known if k is not None]
    outcome = [r for r in acting if r.success is not None]
    latencies = [r.latency_ms for r in acting if r.latency_ms > 0]
    return RetrievalStats(
        actions=len(rows),
        ranked=len(ranked),
        with_outcome=len(known),
        top1_rate=_share(sum(1 for _, k in known if k == 1), len(known)),
        recall_at_k=_share(sum(1 for _, k in known if k and k >= 1), len(known)),
        llm_rate=_share(sum(1 for r in ranked if r.llm_asked), len(ranked)),
        unsure_rate=_share(sum(1 for r in ranked if r.status == "unsure"), len(ranked)),
        memory_rate=_share(sum(1 for r in acting if r.from_memory), len(acting)),
        success_rate=_share(sum(1 for r in outcome if r.success), len(outcome)),
        p50_ms=percentile(latencies, 50),
        p95_ms=percentile(latencies, 95),
    )
