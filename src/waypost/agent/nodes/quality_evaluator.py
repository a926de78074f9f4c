"""The ``quality_evaluator`` node: the end of every run.

It settles the answer (an honest one when the run stopped for another reason than a final
answer), scores its quality, decides success, and compresses the working history into the
session's permanent history (what ``final_answer`` leaves for later tasks of the same thread).
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage
from langgraph.graph import END
from langgraph.types import Command

from waypost.agent.context import AgentContext
from waypost.agent.history import compress_task, pages_seen, remember, turn_of
from waypost.agent.nodes.goal_validator import grounded
from waypost.agent.state import AgentState

NAME = "quality_evaluator"
DESTINATIONS = (END,)


def honest_answer(state: AgentState) -> str:
    """What to tell the user when the run stopped without an accepted answer."""
    reason = state.get("stop_reason")
    lines = [r["line"] for r in state.get("trail", [])][-5:]
    did = (" What I did: " + "; ".join(lines) + ".") if lines else ""
    where = f" Last page: {state['current_url']}." if state.get("current_url") else ""
    if reason == "max_steps":
        head = f"I could not finish the task within the budget of {state.get('max_steps', 0)} steps."
    elif reason == "model_error":
        head = f"I had to stop: the model could not be reached ({state.get('loop_note') or 'no reply'})."
    elif reason == "malformed":
        head = "I had to stop: the model's replies could not be turned into actions, even after corrections."
    elif reason == "loop":
        head = "I could not finish the task: I kept going in circles, so I stopped."
    else:
        head = "I could not finish the task."
    return head + where + did


def quality(state: AgentState, answer: str, success: bool) -> float:
    """A quality score in [0, 1]: grounded, efficient, without errors and loops."""
    if not success:
        return round(min(0.3, state.get("progress", 0.0)), 3)
    steps = max(1, state.get("step", 1))
    errors = state.get("error_count", 0)
    score = 0.6 + (0.2 if grounded(answer, state) else 0.0) + 0.2 * max(0.0, 1 - errors / steps)
    score -= 0.05 * state.get("interventions", 0) + 0.05 * state.get("validation_failures", 0)
    return round(max(0.0, min(1.0, score)), 3)


def make_quality_evaluator_node(ctx: AgentContext):
    """The quality evaluator for a run's context."""

    async def quality_evaluator(state: AgentState) -> Command:
        stop = state.get("stop_reason") or "answered"
        answer = state.get("answer") or ""
        messages: list[Any] = []
        if stop not in ("answered", "gave_up", "not_verified") or not answer:
            answer = answer or honest_answer(state)
            messages.append(AIMessage(content=answer, name="waypost"))
        # An answer is a success only when its evidence held (goal_validator's answer check).
        success = stop == "answered" and bool(state.get("verified"))
        if stop == "not_verified" and state.get("why_not") and "Not verified" not in answer:
            answer = f"{answer}\n(Not verified: {state['why_not']}.)"
        if stop == "answered" and not success:
            stop = "not_verified"
        entry = compress_task(
            state.get("task", ""),
            [r["line"] for r in state.get("trail", [])],
            answer,
            pages_seen([turn_of(m) for m in state.get("messages", [])]),
        )
        return Command(
            update={
                "messages": messages,
                "answer": answer,
                "success": success,
                "stop_reason": stop,
                "quality": quality(state, answer, success),
                "done": True,
                "permanent": remember(state.get("permanent", []), entry),
                "last_node": NAME,
            },
            goto=END,
        )

    return quality_evaluator
