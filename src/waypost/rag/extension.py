"""Planner-RAG in the agent: ``planner_mode="rag"`` gives a run evidence tools and a small page view.

:class:`RagExtension` (wired by the composition root for rag runs only) swaps the acting tools
for Planner-RAG's two evidence tools (:mod:`waypost.planning.evidence_tools`) over one
:class:`~waypost.planning.session.PlanningSession`, and ``research_navigate`` for its compact
answer (the page's title, URL and status: the page is asked for, not shown). In the toolbox
the evidence tools are always bound, like the core tools; ``act_on_evidence``'s schema
enumerates the latest pack's numbers. A model that plans differently with evidence tools (the
offline planner) sees them among its bound tools and switches by itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from waypost.agent.context import AgentContext
from waypost.agent.extensions import RunExtension
from waypost.agent.tools import ToolBox, spec_tool
from waypost.planning.evidence_tools import (
    COMPACT_NAVIGATE_DESCRIPTION,
    RAG_TOOLS,
    compact_result,
    evidence_tools,
    lean_schema,
)
from waypost.planning.session import PlanningSession
from waypost.tools.research import research_navigate_spec
from waypost.tools.runtime import ToolRuntime

REPLACED = frozenset({"click", "type", "select", "check", "observe"})
"""Acting tools a rag run does not get: it acts through evidence numbers instead."""
COMPACT_NAVIGATE = research_navigate_spec(COMPACT_NAVIGATE_DESCRIPTION, compact_result)
"""``research_navigate`` with the small rag view."""


class RagToolBox(ToolBox):
    """A toolbox whose evidence tools are always bound, like the core tools (they never take a slot)."""

    planning: PlanningSession | None = None
    constrain: bool = True

    def schema(
        self, name: str, *, enums: Mapping[str, Sequence[str]] | None = None, strict: bool = False
    ) -> dict[str, Any]:
        pack = (self.planning.pack or self.planning.last_pack) if self.planning is not None else None
        if name == "act_on_evidence" and self.constrain and pack is not None and pack.numbers:
            enums = {**(enums or {}), "evidence": [str(n) for n in pack.numbers]}
        if strict or name not in RAG_TOOLS:
            return super().schema(name, enums=enums, strict=strict)
        return lean_schema(name, (enums or {}).get("evidence"))

    def bound(self, active: Sequence[str]) -> list[str]:
        names = super().bound(active)
        core = [n for n in names if n not in active]
        return core + [n for n in RAG_TOOLS if n not in names] + [n for n in names if n in active]


class RagExtension(RunExtension):
    """Rag mode for one run.

    Args:
        runtime: What the tools work with (the session pool, the navigator, the actor).
        planning: The run's planning session (its telemetry store included).
    """

    def __init__(self, runtime: ToolRuntime, planning: PlanningSession) -> None:
        self.runtime = runtime
        self.planning = planning

    def equip(self, ctx: AgentContext) -> None:
        box = ctx.toolbox
        tools = {n: t for n, t in box.tools.items() if n not in REPLACED}
        for spec in [COMPACT_NAVIGATE, *evidence_tools(self.planning)]:
            tools[spec.name] = spec_tool(spec, self.runtime)
        flags = {n: box.read_only.get(n, False) for n in tools}
        flags.update({"research_navigate": True, "find_evidence": True, "act_on_evidence": False})
        rag_box = RagToolBox(tools, flags, box.session_id, box.timeout)
        rag_box.planning = self.planning
        rag_box.constrain = ctx.config.constrain
        ctx.toolbox = rag_box
        ctx.config = replace(ctx.config, max_slots=max(ctx.config.max_slots, 5))

    def before_tool_call(self, ctx: AgentContext, state: Mapping[str, Any], name: str) -> None:
        # Per-step token telemetry: a step is charged the model tokens it added.
        self.planning.note_model_tokens(state.get("tokens_in", 0), state.get("tokens_out", 0))
