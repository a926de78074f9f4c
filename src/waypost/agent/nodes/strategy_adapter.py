"""The ``strategy_adapter`` node: the second loop finding changes the approach, not just the step.

It tells the model plainly to stop what it kept doing, offers untried pages of the current view
and a way back, loads the reading tools (observe, extract) into the slots so the model can look
at the page instead of moving around, and resets the stuck counter.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage
from langgraph.types import Command

from waypost.agent import loop_detector
from waypost.agent.context import AgentContext
from waypost.agent.nodes.progress_analyzer import calls_of, visited
from waypost.agent.state import AgentState
from waypost.agent.tool_slots import load

NAME = "strategy_adapter"
DESTINATIONS = ("progress_reporter",)
READING_TOOLS = ("observe", "extract")


def strategy_text(
    what: str | None, options: list[tuple[str, str]], reading: list[str], has_history: bool
) -> str:
    """The change-of-strategy message."""
    lines = [
        f"Change of strategy: this is the second loop warning ({what or 'you keep repeating yourself'}). "
        "Stop doing that. Pick one of these instead:"
    ]
    steps = [
        f"open a page you have not tried: research_navigate with target {url!r} ({label})"
        for label, url in options[:2]
    ]
    if has_history:
        steps.append("go back to the previous page: research_navigate with target 'back'")
    if reading:
        steps.append(f"read the current page instead of moving: {' or '.join(reading)}")
    steps.append(
        "if you have what you need or it is not there, call final_answer and say honestly what you found"
    )
    lines += [f"{i}. {s}" for i, s in enumerate(steps, 1)]
    return "\n".join(lines)


def make_strategy_adapter_node(ctx: AgentContext):
    """The strategy adapter for a run's context."""

    async def strategy_adapter(state: AgentState) -> Command:
        trail = state.get("trail", [])
        finding = loop_detector.detect(calls_of(trail))
        seen = visited(trail)
        options = loop_detector.alternatives(
            state.get("view_links", []), finding, seen, state.get("current_url")
        )
        wanted = [t for t in READING_TOOLS if t in ctx.toolbox.tools]
        change = load(
            state.get("active_tools", []),
            wanted,
            state.get("task", ""),
            ctx.toolbox.catalogue(),
            ctx.config.max_slots,
        )
        reading = [t for t in wanted if t in change.active]
        text = strategy_text(state.get("loop_note"), options, reading, len(seen) > 1)
        return Command(
            update={
                "messages": [HumanMessage(content=text, name="strategy")],
                "active_tools": change.active,
                "stuck": 0,
                "loop_since": len(trail),
                "last_node": NAME,
            },
            goto="progress_reporter",
        )

    return strategy_adapter
