"""When a new tool may be generated, and how a candidate is made.

Every safeguard must hold: the failure pattern occurred at least ``MIN_COUNT`` times, the
reflection is at least ``MIN_CONFIDENCE`` sure, ``COOLDOWN`` seconds passed since the last
generated tool (accepted or not), a UI-pattern template fits, and no similar tool or skill
exists (same name, or a tool already made for the same pattern). A candidate is the template, or
with a real language model the model's adaptation of it; the quality gate decides either way.
"""

from __future__ import annotations

import ast
import logging
import re
import time
from dataclasses import dataclass
from typing import Any

from waypost.skills.reflection import Reflection, is_real_model
from waypost.skills.store import FailurePattern, SkillStore
from waypost.skills.templates import Template, pick

log = logging.getLogger(__name__)

MIN_COUNT = 3
MIN_CONFIDENCE = 0.7
COOLDOWN = 3600.0
LAST_GENERATED = "last_generated_at"


@dataclass(frozen=True)
class Decision:
    """Whether to generate, and why (or why not)."""

    go: bool
    reason: str
    template: Template | None = None


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def decide(
    store: SkillStore, pattern: FailurePattern, reflection: Reflection, *, now: float | None = None
) -> Decision:
    """Check every safeguard for a pattern that just occurred again."""
    now = time.time() if now is None else now
    if pattern.count < MIN_COUNT:
        return Decision(False, f"pattern seen {pattern.count} times (needs {MIN_COUNT})")
    if reflection.confidence < MIN_CONFIDENCE:
        return Decision(False, f"reflection confidence {reflection.confidence} < {MIN_CONFIDENCE}")
    last = store.get_meta(LAST_GENERATED)
    if last is not None and now - float(last) < COOLDOWN:
        wait = int(COOLDOWN - (now - float(last)))
        return Decision(
            False, f"cooldown: last tool generated {int(now - float(last))} s ago ({wait} s to go)"
        )
    template = pick(pattern.items)
    if template is None:
        return Decision(False, "no UI-pattern template fits this pattern")
    tools = store.tools()
    if any(t.provenance.get("pattern_hash") == pattern.hash for t in tools):
        return Decision(False, "a tool was already generated for this pattern")
    names = {_norm(t.name) for t in tools if t.status == "registered"}
    names |= {_norm(s.name) for s in store.all(include_retired=False)}
    if _norm(template.name) in names:
        return Decision(False, f"a similar tool or skill exists ({template.name})")
    return Decision(True, "every safeguard holds", template)


@dataclass
class Candidate:
    """A generated tool before the gate.

    Attributes:
        name: Tool name.
        description: For models.
        source: Python source with ``run(page, ...)`` and ``test(page)``.
        fixture_html: The page the test runs against.
        template: The template it came from.
        by: ``template`` or ``llm``.
    """

    name: str
    description: str
    source: str
    fixture_html: str
    template: str
    by: str


def params_of(source: str) -> tuple[list[str], list[str]]:
    """``(required, optional)`` parameter names of ``run(page, ...)`` in ``source``."""
    tree = ast.parse(source)
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "run":
            names = [a.arg for a in stmt.args.args[1:]]
            optional = len(stmt.args.defaults)
            cut = len(names) - optional
            return names[:cut], names[cut:]
    return [], []


_PROMPT = """\
Improve this Python tool for a web agent so it handles the failures below. Keep the same \
run(page, ...) signature style and a test(page) that checks it on its fixture page. Use only the \
page methods already used (click, fill, press, select, text, count, visible, attr, value, scroll, \
wait, url) and plain Python; no imports except re, json, math, time. Reply with one ```python block.
Failures seen {count} times: {items}
Tool:
```python
{source}
```"""


async def make_candidates(template: Template, pattern: FailurePattern, model: Any = None) -> list[Candidate]:
    """The model's adaptation (with a real model) first, then the template itself."""
    base = Candidate(
        template.name, template.description, template.source, template.fixture_html, template.name, "template"
    )
    if not is_real_model(model):
        return [base]
    prompt = _PROMPT.format(count=pattern.count, items="; ".join(pattern.items), source=template.source)
    try:
        reply = await model.ainvoke(prompt)
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
    except Exception as exc:  # no model answer: the template alone
        log.info("tool generation by the model failed: %s", type(exc).__name__)
        return [base]
    found = re.search(r"```(?:python)?\n(.*?)```", text, re.S)
    if not found:
        return [base]
    adapted = Candidate(
        template.name, template.description, found.group(1), template.fixture_html, template.name, "llm"
    )
    return [adapted, base]
