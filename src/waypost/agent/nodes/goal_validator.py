"""The ``goal_validator`` node: checks a final answer before the run ends.

It turns an answer down (at most ``max_validation_failures`` times) when it is empty, when the
task names a page but none was opened, or when nothing in it appears in what the pages said.
An accepted answer goes to ``quality_evaluator``; an honest "could not" ends the run as
``gave_up``.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from waypost.agent.choices import URL_IN_TEXT
from waypost.agent.context import AgentContext, last_ai
from waypost.agent.prompts import fence, unfence
from waypost.agent.state import AgentState
from waypost.agent.tool_slots import CATEGORIES, keywords

NAME = "goal_validator"
DESTINATIONS = ("quality_evaluator", "progress_reporter")
_HONEST_FAILURE = re.compile(
    r"\b(?:could ?n[o']t|can ?n[o']t|cannot|unable|not able|was not able|gave up|did not find|"
    r"couldn't find|no (?:such|matching) |beyond what I can|"
    r"konnte (?:ich )?(?:\w+ )?nicht|kann (?:ich )?nicht|"
    r"nicht gefunden|nicht möglich|keine? \w+ gefunden|I stopped)",
    re.I,
)


def honest_failure(answer: str) -> bool:
    """Whether an answer says the task could not be done."""
    return bool(_HONEST_FAILURE.search(answer[:300]))


def needs_web(state: AgentState) -> bool:
    """Whether the task points at the web: a start page, or a URL in the task."""
    return bool(state.get("start_url") or URL_IN_TEXT.search(state.get("task", "")))


def grounded(answer: str, state: AgentState) -> bool:
    """Whether the answer shares words with what the tools returned (or there is nothing to compare)."""
    seen = " ".join(
        unfence(str(m.content))
        for m in state.get("messages", [])
        if isinstance(m, ToolMessage) and m.status != "error"
    )
    words = keywords(answer) - keywords(state.get("task", ""))
    if len(words) < 3 or not seen.strip():
        return True
    return bool(words & keywords(seen))


def objection(answer: str, state: AgentState) -> str | None:
    """Why the answer is not accepted yet (``None`` if it is)."""
    if not answer.strip():
        return "the answer is empty."
    if honest_failure(answer):
        return None
    opened = any(r["ok"] and CATEGORIES.get(r["tool"]) != "core" for r in state.get("trail", []))
    if needs_web(state) and not opened:
        where = state.get("start_url") or "the page the task names"
        return f"you have not opened any page yet. Open {where} first and read it."
    if state.get("validation_failures", 0) == 0 and not grounded(answer, state):
        return "nothing in your answer appears in what the pages said. Quote the page."
    return None


def make_goal_validator_node(ctx: AgentContext):
    """The goal validator for a run's context."""

    async def goal_validator(state: AgentState) -> Command:
        ai = last_ai(state.get("messages", []))
        calls = list(ai.tool_calls) if ai else []
        final = next((c for c in calls if c["name"] == "final_answer"), None)
        answer = str((final or {}).get("args", {}).get("answer", "") or "").strip()
        messages: list[Any] = [
            ToolMessage(
                content=fence(c["name"], "Skipped: you gave your final answer in the same turn."),
                name=c["name"],
                tool_call_id=c["id"],
                status="error",
            )
            for c in calls
            if c is not final
        ]
        failures = state.get("validation_failures", 0)
        reason = objection(answer, state)
        if reason and failures < ctx.config.max_validation_failures:
            text = f"Not accepted yet: {reason} Keep working on the task, then call final_answer again."
            if final is not None:
                messages.append(
                    ToolMessage(content=text, name="final_answer", tool_call_id=final["id"], status="error")
                )
            return Command(
                update={"messages": messages, "validation_failures": failures + 1, "last_node": NAME},
                goto="progress_reporter",
            )
        if final is not None:
            messages.append(
                ToolMessage(content="Answer accepted.", name="final_answer", tool_call_id=final["id"])
            )
        stop = "gave_up" if not answer or honest_failure(answer) else "answered"
        return Command(
            update={"messages": messages, "answer": answer, "stop_reason": stop, "last_node": NAME},
            goto="quality_evaluator",
        )

    return goal_validator
