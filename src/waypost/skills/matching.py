"""Which skills fit a task: trigger keywords first, then a similarity (embeddings or TF-IDF).

A skill matches when one of its keywords is a word of the task (fast, exact), or when its text is
similar enough to the task: cosine similarity of a local embedding model's vectors when one is
configured (any object with ``embed(texts) -> vectors``, see
:class:`~waypost.retrieval.index.Embedder`), else of TF-IDF vectors over the skill texts. At most
``limit`` skills are chosen, best first, and only as many as fit a token budget.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from waypost.retrieval.index import Embedder
from waypost.skills.model import Skill
from waypost.tools.usage import count_text_tokens

MAX_SKILLS = 3
TOKEN_BUDGET = 400
"""Tokens the injected instructions may take in the system prompt."""
MIN_SIMILARITY = 0.12
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "for",
        "with",
        "me",
        "my",
        "i",
        "it",
        "is",
        "are",
        "be",
        "then",
        "und",
        "oder",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "ein",
        "eine",
        "einen",
        "mir",
        "mich",
        "ich",
        "es",
        "ist",
        "zu",
        "im",
        "am",
        "auf",
        "mit",
        "von",
        "für",
        "give",
        "tell",
        "open",
        "öffne",
        "gib",
        "nenne",
        "sag",
        "what",
        "was",
    ]
)


def words(text: str) -> list[str]:
    """Lowercase word tokens of a text (letters and digits, any script)."""
    return [w for w in _WORD.findall(text.lower()) if w]


def content_words(text: str) -> list[str]:
    """Words of a text without stop words and one-letter words."""
    return [w for w in words(text) if w not in _STOP and len(w) > 1]


def skill_text(skill: Skill) -> str:
    """What similarity compares: name, description, keywords, instructions."""
    return " ".join(
        [skill.name.replace("-", " "), skill.description, " ".join(skill.keywords), skill.instructions]
    )


def keyword_hits(skill: Skill, task_words: set[str]) -> int:
    """Keywords of the skill found in the task (a keyword also hits the start of a longer word)."""
    hits = 0
    for kw in skill.keywords:
        parts = words(kw)
        if not parts:
            continue
        if all(p in task_words or (len(p) >= 5 and any(w.startswith(p) for w in task_words)) for p in parts):
            hits += 1
    return hits


def _cosine(a: dict[str, float] | Sequence[float], b: dict[str, float] | Sequence[float]) -> float:
    if isinstance(a, dict) and isinstance(b, dict):
        dot = sum(v * b.get(k, 0.0) for k, v in a.items())
        na = math.sqrt(sum(v * v for v in a.values()))
        nb = math.sqrt(sum(v * v for v in b.values()))
    else:
        dot = sum(x * y for x, y in zip(a, b, strict=False))  # type: ignore[arg-type]
        na = math.sqrt(sum(x * x for x in a))  # type: ignore[union-attr]
        nb = math.sqrt(sum(y * y for y in b))  # type: ignore[union-attr]
    return dot / (na * nb) if na and nb else 0.0


def tfidf_similarities(task: str, docs: Sequence[str]) -> list[float]:
    """Cosine similarity of the task to each document in a TF-IDF space built over the documents."""
    tokenised = [Counter(content_words(d)) for d in docs]
    n = len(docs)
    df: Counter[str] = Counter()
    for tf in tokenised:
        df.update(tf.keys())
    idf = {t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()}
    query = Counter(content_words(task))
    qv = {t: c * idf.get(t, 0.0) for t, c in query.items()}
    return [_cosine(qv, {t: c * idf[t] for t, c in tf.items()}) for tf in tokenised]


@dataclass(frozen=True)
class Match:
    """A skill that fits a task.

    Attributes:
        skill: The skill.
        keywords: How many of its keywords the task contains.
        similarity: Embedding or TF-IDF similarity to the task.
        score: What the ranking used.
    """

    skill: Skill
    keywords: int
    similarity: float
    score: float


def rank(
    task: str,
    skills: Sequence[Skill],
    *,
    embedder: Embedder | None = None,
    min_similarity: float = MIN_SIMILARITY,
) -> list[Match]:
    """Every non-retired skill that fits ``task``, best first."""
    live = [s for s in skills if not s.retired]
    if not live or not task.strip():
        return []
    task_words = set(words(task))
    if embedder is not None:
        vectors = embedder.embed([task, *(skill_text(s) for s in live)])
        sims = [_cosine(vectors[0], v) for v in vectors[1:]]
    else:
        sims = tfidf_similarities(task, [skill_text(s) for s in live])
    matches = []
    for skill, sim in zip(live, sims, strict=True):
        hits = keyword_hits(skill, task_words)
        if hits == 0 and sim < min_similarity:
            continue
        score = (0.6 * min(1.0, hits / 2) + 0.4 * sim) * (0.5 + 0.5 * skill.confidence)
        matches.append(Match(skill, hits, round(sim, 4), round(score, 4)))
    matches.sort(key=lambda m: (-m.score, m.skill.name))
    return matches


def choose(
    matches: Sequence[Match],
    *,
    limit: int = MAX_SKILLS,
    budget: int = TOKEN_BUDGET,
    count_tokens: object = None,
) -> list[Match]:
    """The best matches whose instructions fit ``budget`` tokens together (at most ``limit``)."""
    counter = count_tokens if callable(count_tokens) else count_text_tokens
    chosen: list[Match] = []
    used = 0
    for m in matches:
        if len(chosen) >= limit:
            break
        cost = int(counter(rule_text(m.skill)))  # type: ignore[operator]
        if used + cost > budget:
            continue
        chosen.append(m)
        used += cost
    return chosen


def rule_text(skill: Skill) -> str:
    """How a skill reads in the system prompt and in ``/active_rules``."""
    return f"[{skill.name}] {skill.instructions}"


def prompt_block(skills: Sequence[Skill]) -> str:
    """The system prompt section for the chosen skills."""
    if not skills:
        return ""
    lines = "\n".join(f"- {rule_text(s)}" for s in skills)
    return "Skills that fit this task (advice from earlier runs; the user's task comes first):\n" + lines
