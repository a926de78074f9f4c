"""The re-ranker: a logistic model over :data:`~waypost.retrieval.features.FEATURES`.

Each candidate gets a logit ``z = bias + w · x``. Candidates compete with each other and with a
'none of these' option of logit 0, so ``p(element | query) = exp(z) / (1 + Σ exp(z_j))``: one
clear match gets a high p, two equal matches share it (a tie), and a page without a good match
leaves most of the mass on 'none'. With a single candidate this is the plain logistic function.

The shipped weights are :data:`DEFAULT_WEIGHTS`; ``waypost retrieval train`` refits them from
logged outcomes and writes a JSON file that :func:`load_model` prefers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from waypost.retrieval.features import FEATURES

WEIGHTS_FILE = "retrieval-weights.json"

DEFAULT_BIAS = -8.5
DEFAULT_WEIGHTS: dict[str, float] = {
    "word_sim": 3.0,
    "char_sim": 1.5,
    "name_exact": 2.5,
    "name_cover": 2.5,
    "own_cover": 1.0,
    "name_precision": 1.5,
    "role_fit": 5.0,
    "role_hint": 2.0,
    "stability": 0.3,
    "depth": -0.3,
    "lookalikes": -1.0,
    "context": 2.5,
    "visible": 2.0,
    "in_viewport": 0.3,
    "enabled": 0.5,
    "overlay": 1.5,
    "in_main": 0.2,
    "verb_name": 2.5,
    "text_miss": -4.0,
    "unexplained": -2.0,
    "name_verbatim": 1.5,
}


@dataclass
class RerankModel:
    """Weights of the re-ranker.

    Attributes:
        weights: One weight per feature name.
        bias: The intercept.
        source: Where the weights came from ('shipped' or a file path).
        trained_on: How many logged actions the weights were fitted to (0 for the shipped ones).
    """

    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    bias: float = DEFAULT_BIAS
    source: str = "shipped"
    trained_on: int = 0

    def __post_init__(self) -> None:
        self._vector = [self.weights.get(name, 0.0) for name in FEATURES]

    def logit(self, features: Sequence[float]) -> float:
        """``bias + w · x`` for one candidate."""
        return self.bias + sum(w * x for w, x in zip(self._vector, features, strict=True))

    @staticmethod
    def probabilities(logits: Sequence[float]) -> list[float]:
        """``p(element | query)`` for each candidate, with a 'none of these' option of logit 0."""
        if not logits:
            return []
        top = max(0.0, *logits)
        exps = [math.exp(z - top) for z in logits]
        total = math.exp(-top) + sum(exps)
        return [x / total for x in exps]

    def to_json(self) -> str:
        """The model as JSON (feature weights, bias, provenance)."""
        return json.dumps(
            {
                "features": list(FEATURES),
                "weights": self.weights,
                "bias": self.bias,
                "trained_on": self.trained_on,
            },
            indent=2,
        )

    @classmethod
    def from_json(cls, text: str, source: str = "file") -> RerankModel:
        """Read a model written by :meth:`to_json`; unknown features are ignored, missing ones default."""
        data = json.loads(text)
        weights = dict(DEFAULT_WEIGHTS)
        weights.update({k: float(v) for k, v in data.get("weights", {}).items() if k in DEFAULT_WEIGHTS})
        return cls(weights, float(data.get("bias", DEFAULT_BIAS)), source, int(data.get("trained_on", 0)))


def load_model(path: Path | None) -> RerankModel:
    """The model at ``path`` if it exists and is readable, else the shipped one."""
    if path is not None and path.is_file():
        try:
            return RerankModel.from_json(path.read_text(encoding="utf-8"), source=str(path))
        except (OSError, ValueError, TypeError):
            pass
    return RerankModel()
