"""The ``memory_manager`` node: condenses the working history above a token threshold.

The task message and the last few model turns (with their tool results) stay whole; everything
between becomes one summary message (pages seen, actions, what was read, notes given). The
system prompt is never stored in the history: it is rebuilt for every model call, so it is
always kept. The summary is built deterministically from the history, without a model call.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage, RemoveMessage
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.types import Command

from waypost.agent.context import AgentContext
from waypost.agent.history import cut_point, summarize, turn_of
from waypost.agent.prompts import TASK_NAME
from waypost.agent.state import AgentState

NAME = "memory_manager"
DESTINATIONS = ("agent",)
SUMMARY_NAME = "summary"


def make_memory_manager_node(ctx: AgentContext):
    """The memory manager for a run's context."""

    async def memory_manager(state: AgentState) -> Command:
        messages = list(state.get("messages", []))
        head_end = next(
            (i + 1 for i, m in enumerate(messages) if isinstance(m, HumanMessage) and m.name == TASK_NAME), 0
        )
        head, body = messages[:head_end], messages[head_end:]
        cut = cut_point([turn_of(m) for m in body], ctx.config.keep_recent)
        if cut == 0:
            return Command(update={"last_node": NAME}, goto="agent")
        old, recent = body[:cut], body[cut:]
        text = summarize([turn_of(m) for m in old], [r["line"] for r in state.get("trail", [])])
        summary = HumanMessage(content=text, name=SUMMARY_NAME)
        return Command(
            update={
                "messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), *head, summary, *recent],
                "last_node": NAME,
            },
            goto="agent",
        )

    return memory_manager
