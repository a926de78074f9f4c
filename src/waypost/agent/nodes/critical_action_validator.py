"""The ``critical_action_validator`` node: holds purchases, payments, deleting, sending and passwords.

Every batch of tool calls passes here before ``tools``. A critical call (see
:mod:`waypost.agent.critical`) is done under the ``always`` policy, refused under ``never``, and
held for a person under ``ask`` (``human_in_loop``). A refused or declined batch is answered
with tool results that say so, so the model can choose another way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from waypost.agent import critical
from waypost.agent.context import AgentContext, last_ai
from waypost.agent.prompts import fence
from waypost.agent.state import AgentState
from waypost.config.approve import approve_policy

NAME = "critical_action_validator"
DESTINATIONS = ("tools", "human_in_loop", "progress_reporter")


def find_critical(
    calls: Sequence[dict[str, Any]], state: AgentState, ctx: AgentContext
) -> tuple[dict[str, Any], critical.Verdict] | None:
    """The first call of a batch that is critical and not yet approved, with the verdict."""
    approved = set(state.get("approved_calls", []))
    typed = critical.password_pending(state.get("trail", []))
    for call in calls:
        name, args = call["name"], call.get("args") or {}
        verdict = critical.check(
            name,
            args,
            read_only=ctx.toolbox.read_only.get(name, False),
            patterns=state.get("critical_patterns", []),
            password_typed=typed,
        )
        if verdict is not None and call["id"] not in approved:
            return call, verdict
        if name == "type" and critical.password_pending([{"tool": name, "args": args, "ok": True}]):
            typed = True
    return None


def refuse(calls: Sequence[dict[str, Any]], reason: str) -> list[ToolMessage]:
    """Tool results for a batch that was not run."""
    return [
        ToolMessage(content=fence(c["name"], reason), name=c["name"], tool_call_id=c["id"], status="error")
        for c in calls
    ]


def make_critical_action_validator_node(ctx: AgentContext):
    """The critical action validator for a run's context."""

    async def critical_action_validator(state: AgentState) -> Command:
        ai = last_ai(state.get("messages", []))
        calls = list(ai.tool_calls) if ai else []
        if not calls:
            return Command(update={"last_node": NAME}, goto="progress_reporter")
        found = find_critical(calls, state, ctx)
        if found is None:
            return Command(update={"last_node": NAME}, goto="tools")
        call, verdict = found
        policy = approve_policy(state.get("approve") or "ask")  # "never" in runs checkpointed before "deny"
        if policy == "always":
            approved = [*state.get("approved_calls", []), call["id"]]
            return Command(update={"approved_calls": approved, "last_node": NAME}, goto="tools")
        if policy == "deny":
            text = (
                f"Error: not done: {verdict.reason}. Such actions need the user's approval, and this run "
                "does not allow them. Find another way, or call final_answer and say the task needs the user."
            )
            return Command(
                update={"messages": refuse(calls, text), "last_node": NAME}, goto="progress_reporter"
            )
        pending = {
            "tool": call["name"],
            "args": dict(call.get("args") or {}),
            "reason": verdict.reason,
            "call_id": call["id"],
        }
        return Command(update={"pending": pending, "last_node": NAME}, goto="human_in_loop")

    return critical_action_validator
