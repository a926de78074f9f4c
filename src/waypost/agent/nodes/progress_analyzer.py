"""The ``progress_analyzer`` node: scores progress, counts stuck steps, and runs the loop detector.

A loop finding gets a note with concrete alternatives the first time, a change of strategy
(``strategy_adapter``) the second time, and ends the run honestly past the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.types import Command

from waypost.agent import loop_detector
from waypost.agent.context import AgentContext
from waypost.agent.prompts import unfence
from waypost.agent.state import ActionRecord, AgentState
from waypost.agent.tool_slots import CATEGORIES, task_keywords

NAME = "progress_analyzer"
DESTINATIONS = ("progress_reporter", "strategy_adapter", "quality_evaluator")


def calls_of(trail: Sequence[ActionRecord]) -> list[loop_detector.Call]:
    """The trail as the loop detector sees it."""
    return [loop_detector.Call(r["tool"], r["args"], r.get("fingerprint")) for r in trail]


def visited(trail: Sequence[ActionRecord]) -> list[str]:
    """URLs the task's successful navigations reached."""
    return [r["url"] for r in trail if r["tool"] == "research_navigate" and r["ok"] and r.get("url")]


def progress_score(state: AgentState, latest_text: str) -> float:
    """A rough progress score in [0, 1] for the UI and the quality evaluator.

    New pages and successful actions count up, the task's words on the latest result count up,
    recent errors and loop interventions count down.
    """
    trail = state.get("trail", [])
    pages = len(set(visited(trail)))
    acted = sum(1 for r in trail if r["ok"] and CATEGORIES.get(r["tool"]) in ("act", "read", "archive"))
    words = task_keywords(state.get("task", ""))
    text_words = set(latest_text.lower().split())
    coverage = (sum(1 for w in words if any(w in t for t in text_words)) / len(words)) if words else 0.0
    recent_errors = sum(1 for r in trail[-3:] if not r["ok"])
    score = 0.15 * min(pages, 3) + 0.1 * min(acted, 3) + 0.25 * coverage
    score -= 0.1 * recent_errors + 0.1 * state.get("interventions", 0)
    return round(max(0.0, min(1.0, score)), 3)


def _latest_result(state: AgentState) -> str:
    for m in reversed(state.get("messages", [])):
        if isinstance(m, ToolMessage):
            return unfence(str(m.content))
    return ""


def make_progress_analyzer_node(ctx: AgentContext):
    """The progress analyzer for a run's context."""

    async def progress_analyzer(state: AgentState) -> Command:
        trail = state.get("trail", [])
        step = state.get("step", 0)
        this_step = [r for r in trail if r["step"] == step]
        before = [r for r in trail if r["step"] < step]
        changed = (
            bool(this_step)
            and any(r["ok"] for r in this_step)
            and (
                not before
                or this_step[-1].get("fingerprint") != before[-1].get("fingerprint")
                or this_step[-1].get("fingerprint") is None
            )
        )
        stuck = 0 if changed else state.get("stuck", 0) + 1
        update: dict[str, Any] = {
            "progress": progress_score(state, _latest_result(state)),
            "stuck": stuck,
            "last_node": NAME,
        }
        finding = loop_detector.detect(calls_of(trail), state.get("loop_since", 0))
        if finding is None:
            return Command(update=update, goto="progress_reporter")
        interventions = state.get("interventions", 0) + 1
        decision = loop_detector.decide(interventions, ctx.config.max_interventions)
        update.update(interventions=interventions, loop_since=len(trail), loop_note=finding.what)
        if decision == "stop":
            answer = loop_detector.give_up_text(
                finding.what, [r["line"] for r in trail], state.get("current_url")
            )
            update.update(stop_reason="loop", answer=answer)
            return Command(update=update, goto="quality_evaluator")
        if decision == "strategy":
            return Command(update=update, goto="strategy_adapter")
        options = loop_detector.alternatives(
            state.get("view_links", []), finding, visited(trail), state.get("current_url")
        )
        note = loop_detector.intervention_note(finding, options)
        update["messages"] = [HumanMessage(content=note, name="intervention")]
        return Command(update=update, goto="progress_reporter")

    return progress_analyzer
