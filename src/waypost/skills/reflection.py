"""Reflection after every task: what worked, what failed, what to do better, and how sure that is.

Rules do it without a model: the run's action records say which calls worked and which failed and
how. With a real chat model (not the offline planner) the model is asked for the same in JSON, and
the rules' answer stands when its reply is unusable. Failure patterns are always computed by rules,
so they hash the same however the reflection was made: each failed call becomes a normalised
signature (tool, error kind, the target's words sorted, digits as ``#``), and the run's set of
signatures is hashed in sorted order, so the same failures in another order count as one pattern.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from waypost.agent import critical
from waypost.skills.matching import content_words

log = logging.getLogger(__name__)

_ADVICE = {
    "element_not_found": "Observe the page first and act on one of the listed candidates.",
    "stale": "Read the page again after it changes before acting on it.",
    "network": "Retry a failed load once, then go back to a page that worked.",
    "auth": "Log in first (the login skill) or tell the user the page needs an account.",
    "captcha": "Stop at a CAPTCHA and tell the user; never try to solve it.",
    "unknown": "Read the error and change the approach instead of repeating the call.",
}
_FAILED_STOPS = {"max_steps", "loop", "malformed", "model_error"}
OFFLINE_TYPES = frozenset({"waypost-offline-planner"})


@dataclass
class Reflection:
    """What a run taught.

    Attributes:
        task: The task.
        success: Whether the run succeeded.
        worked: Calls that worked (one-liners).
        failed: Calls that failed (one-liners).
        improvements: What to do differently next time.
        confidence: How sure the reflection is, in [0, 1].
        patterns: The run's normalised failure signatures, sorted.
        pattern_hash: Their order-independent hash (``None`` without failures).
        by: ``rules`` or ``llm``.
    """

    task: str
    success: bool
    worked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    improvements: list[str] = field(default_factory=list)
    confidence: float = 0.5
    patterns: list[str] = field(default_factory=list)
    pattern_hash: str | None = None
    by: str = "rules"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def signature(action: Mapping[str, Any]) -> str:
    """A failed call as a normalised signature: ``click|element_not_found|datepicker open``."""
    args = action.get("args") or {}
    target = str(args.get("target") or args.get("query") or args.get("key") or "")
    if target.startswith(("http://", "https://")):
        target = re.sub(r"^https?://[^/]+", "", target)
    target = re.sub(r"\d+", "#", target.lower())
    what = " ".join(sorted(set(content_words(target)))[:6])
    return f"{action.get('tool')}|{action.get('error_type') or 'unknown'}|{what}"


def pattern_of(actions: Sequence[Mapping[str, Any]]) -> tuple[list[str], str | None]:
    """The run's failure signatures (sorted, unique) and their hash."""
    items = sorted({signature(a) for a in actions if not a.get("ok")})
    if not items:
        return [], None
    return items, hashlib.sha256("\n".join(items).encode()).hexdigest()[:16]


def _line(action: Mapping[str, Any]) -> str:
    line = str(action.get("line") or "")
    return line or critical.describe_call(
        str(action.get("tool")), critical.masked(str(action.get("tool")), action.get("args") or {})
    )


def by_rules(
    task: str, success: bool, stop_reason: str | None, actions: Sequence[Mapping[str, Any]]
) -> Reflection:
    """Reflection from the action records alone."""
    worked = [_line(a) for a in actions if a.get("ok") and a.get("tool") not in ("think",)]
    failed_actions = [a for a in actions if not a.get("ok")]
    failed = [_line(a) for a in failed_actions]
    items, digest = pattern_of(actions)
    kinds = Counter(str(a.get("error_type") or "unknown") for a in failed_actions)
    improvements = [_ADVICE[k] for k, _ in kinds.most_common() if k in _ADVICE]
    if stop_reason in _FAILED_STOPS:
        improvements.append(f"The run ended with {stop_reason}: change the approach earlier.")
    if not failed_actions:
        confidence = 0.9 if success else 0.4
    else:
        repeats = max(Counter(signature(a) for a in failed_actions).values())
        confidence = 0.4 + 0.15 * repeats + (0.05 if not success else 0.0)
    return Reflection(
        task=task,
        success=success,
        worked=worked[-12:],
        failed=failed[-12:],
        improvements=improvements,
        confidence=round(min(0.95, confidence), 2),
        patterns=items,
        pattern_hash=digest,
    )


def is_real_model(model: Any) -> bool:
    """Whether ``model`` is a language model worth asking.

    Not the offline planner, and not a test double (LangChain's fake chat models, or a model whose
    ``_llm_type`` starts with ``scripted``): their replies are scripted for the task, not for reflection.
    """
    if model is None or not hasattr(model, "ainvoke"):
        return False
    kind = str(getattr(model, "_llm_type", ""))
    return kind not in OFFLINE_TYPES and not kind.startswith(("scripted", "fake", "generic-fake"))


_PROMPT = """\
You review a finished web task. Reply with JSON only:
{{"worked": [..], "failed": [..], "improvements": [..], "confidence": 0.0-1.0}}
Task: {task}
Outcome: {outcome}
Calls (✓ worked, ✗ failed):
{calls}"""


async def by_llm(model: Any, base: Reflection, stop_reason: str | None) -> Reflection:
    """Ask ``model`` to reflect; ``base`` (the rules' reflection) stands if the reply is unusable."""
    calls = "\n".join([f"✓ {w}" for w in base.worked] + [f"✗ {f}" for f in base.failed]) or "(none)"
    outcome = f"{'success' if base.success else 'failure'} ({stop_reason})"
    prompt = _PROMPT.format(task=base.task, outcome=outcome, calls=calls)
    try:
        reply = await model.ainvoke(prompt)
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        found = re.search(r"\{.*\}", text, re.S)
        data = json.loads(found.group(0)) if found else None
    except Exception as exc:  # any model problem: the rules' reflection stands
        log.info("reflection by the model failed: %s", type(exc).__name__)
        return base
    if not isinstance(data, dict):
        return base
    try:
        confidence = float(data.get("confidence", base.confidence))
    except (TypeError, ValueError):
        return base

    def strings(key: str, fallback: list[str]) -> list[str]:
        value = data.get(key)
        return [str(v)[:300] for v in value][:12] if isinstance(value, list) else fallback

    return Reflection(
        task=base.task,
        success=base.success,
        worked=strings("worked", base.worked),
        failed=strings("failed", base.failed),
        improvements=strings("improvements", base.improvements),
        confidence=round(min(1.0, max(0.0, confidence)), 2),
        patterns=base.patterns,
        pattern_hash=base.pattern_hash,
        by="llm",
    )
