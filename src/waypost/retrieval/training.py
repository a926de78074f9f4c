"""Refitting the re-ranker from logged outcomes (``waypost retrieval train``).

Each logged action whose right element is known (acted on successfully, marked correct, or
chosen by the LLM) is one training example: its top-k feature vectors and which of them was right
(or none). The model is fitted by maximising the likelihood of the same competing-candidates form
the ranker uses (softmax with a 'none' option of logit 0), with an L2 pull towards the shipped
weights so that a few hundred examples refine rather than replace them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from waypost.retrieval.features import FEATURES
from waypost.retrieval.memory import RetrievalStore
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.telemetry import ActionRecord, right_rank

# Fewer examples than this and the shipped weights are kept.
MIN_EXAMPLES = 20


@dataclass(frozen=True)
class Example:
    """One ranking with its answer.

    Attributes:
        features: Feature vectors of the candidates, in rank order.
        answer: Index of the right candidate, or ``None`` when none of them was right.
    """

    features: tuple[tuple[float, ...], ...]
    answer: int | None


@dataclass(frozen=True)
class TrainReport:
    """What :func:`train` did.

    Attributes:
        examples: Examples used.
        model: The fitted model (the prior one if there were too few examples).
        top1_before: Top-1 accuracy of the prior model on the examples.
        top1_after: Top-1 accuracy of the fitted model on the examples.
        log_loss_before: Mean negative log-likelihood before.
        log_loss_after: Mean negative log-likelihood after.
    """

    examples: int
    model: RerankModel
    top1_before: float | None
    top1_after: float | None
    log_loss_before: float | None
    log_loss_after: float | None


def examples_from(records: Iterable[ActionRecord]) -> list[Example]:
    """Training examples from logged actions whose right element is known."""
    out: list[Example] = []
    for r in records:
        if r.from_memory or not r.features or any(len(f) != len(FEATURES) for f in r.features):
            continue
        k = right_rank(r)
        if k is None:
            continue
        answer = k - 1 if 1 <= k <= len(r.features) else None
        out.append(Example(tuple(tuple(f) for f in r.features), answer))
    return out


def _probs(w: Sequence[float], b: float, ex: Example) -> list[float]:
    logits = [b + sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in ex.features]
    return RerankModel.probabilities(logits)


def evaluate(model: RerankModel, examples: Sequence[Example]) -> tuple[float | None, float | None]:
    """Top-1 accuracy (answered examples) and mean log loss of ``model`` on ``examples``."""
    if not examples:
        return None, None
    w = [model.weights.get(n, 0.0) for n in FEATURES]
    hits = answered = 0
    loss = 0.0
    for ex in examples:
        p = _probs(w, model.bias, ex)
        if ex.answer is None:
            loss -= math.log(max(1e-9, 1.0 - sum(p)))
            continue
        answered += 1
        hits += int(max(range(len(p)), key=lambda i: p[i]) == ex.answer)
        loss -= math.log(max(1e-9, p[ex.answer]))
    return (hits / answered if answered else None), loss / len(examples)


def fit(
    examples: Sequence[Example],
    prior: RerankModel | None = None,
    *,
    l2: float = 0.05,
    epochs: int = 300,
    learning_rate: float = 0.1,
) -> RerankModel:
    """Fit re-ranker weights by full-batch gradient descent (plain Python; no NumPy).

    Args:
        examples: Rankings with their answers.
        prior: Starting point and L2 anchor (the shipped weights by default).
        l2: Strength of the pull towards the prior.
        epochs: Gradient steps.
        learning_rate: Step size.
    """
    prior = prior or RerankModel()
    w0 = [prior.weights.get(n, 0.0) for n in FEATURES]
    w, b = list(w0), prior.bias
    n = max(1, len(examples))
    for _ in range(epochs):
        gw = [0.0] * len(w)
        gb = 0.0
        for ex in examples:
            p = _probs(w, b, ex)
            for i, x in enumerate(ex.features):
                err = p[i] - (1.0 if ex.answer == i else 0.0)
                gb += err
                for j, xj in enumerate(x):
                    gw[j] += err * xj
        for j in range(len(w)):
            w[j] -= learning_rate * (gw[j] / n + l2 * (w[j] - w0[j]))
        b -= learning_rate * (gb / n + l2 * (b - prior.bias))
    return RerankModel(
        {name: round(v, 4) for name, v in zip(FEATURES, w, strict=True)},
        round(b, 4),
        "trained",
        len(examples),
    )


def train(store: RetrievalStore, prior: RerankModel | None = None, *, epochs: int = 300) -> TrainReport:
    """Refit the re-ranker from the actions logged in ``store``.

    Returns:
        A :class:`TrainReport`; its model is the prior when there are fewer than ``MIN_EXAMPLES``.
    """
    prior = prior or RerankModel()
    examples = examples_from(store.actions())
    before = evaluate(prior, examples)
    if len(examples) < MIN_EXAMPLES:
        return TrainReport(len(examples), prior, before[0], before[0], before[1], before[1])
    model = fit(examples, prior, epochs=epochs)
    after = evaluate(model, examples)
    return TrainReport(len(examples), model, before[0], after[0], before[1], after[1])
