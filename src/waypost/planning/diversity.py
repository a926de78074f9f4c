"""The diversity step: maximal marginal relevance, so ten near-identical links do not fill the pack."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from waypost.retrieval.descriptor import ElementDescriptor
from waypost.retrieval.text import words

T = TypeVar("T")


def similarity(a: ElementDescriptor, b: ElementDescriptor) -> float:
    """How alike two elements look to a reader: 1 for the same role and name, less for overlap."""
    na, nb = " ".join(a.display_name.split()).casefold(), " ".join(b.display_name.split()).casefold()
    same_role = (a.role or a.tag) == (b.role or b.tag)
    if na == nb and same_role:
        return 1.0
    wa, wb = set(words(na)), set(words(nb))
    jaccard = len(wa & wb) / len(wa | wb) if wa and wb else 0.0
    return 0.5 * jaccard + 0.25 * same_role + 0.25 * (a.section == b.section)


def mmr(
    items: Sequence[T],
    scores: Sequence[float],
    k: int,
    sim: Callable[[T, T], float],
    *,
    weight: float = 0.7,
) -> list[int]:
    """Indices of ``k`` items chosen by maximal marginal relevance, in the order chosen.

    Each pick maximises ``weight * score - (1 - weight) * max similarity to the picks so far``;
    the first pick is the best-scored item.
    """
    if not items:
        return []
    top = max(scores) or 1.0
    norm = [s / top for s in scores]
    chosen: list[int] = []
    left = list(range(len(items)))
    while left and len(chosen) < k:

        def value(i: int) -> float:
            penalty = max((sim(items[i], items[j]) for j in chosen), default=0.0)
            return weight * norm[i] - (1 - weight) * penalty

        best = max(left, key=lambda i: (value(i), -i))
        chosen.append(best)
        left.remove(best)
    return chosen
