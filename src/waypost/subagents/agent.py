"""How sub-agents and the file system meet a run: the runner's two hooks.

* :func:`equip_run` gives a run its file system and file tools, and the main agent (a run with
  a browser and an unrestricted file system) a :class:`SubAgentManager` with its tools;
* :func:`finish_run` (or :func:`run_scope` around the graph) stops the sub-agents a run leaves
  behind when it ends or pauses.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from waypost.subagents.manager import SubAgentManager
from waypost.subagents.tools import WAIT_MARGIN, subagent_tools
from waypost.vfs import agent as vfs_agent

if TYPE_CHECKING:
    from waypost.agent.context import AgentContext
    from waypost.api import Waypost


def equip_run(
    ctx: AgentContext,
    wp: Waypost | None,
    *,
    vfs: Any = None,
    model: Any = None,
    base_url: str | None = None,
    api_key: str | None = None,
) -> None:
    """Give a run its file system (``ctx.vfs``) and, for a main agent, sub-agents (``ctx.subagents``).

    A run whose ``vfs`` is a restricted view is a sub-agent: it gets the file tools only, so it
    cannot start sub-agents of its own.
    """
    fs = vfs_agent.equip(ctx, vfs)
    if wp is not None:
        wp.uploads.register(ctx.toolbox.session_id, fs)  # upload() takes files from the run's notes
    ctx.subagents = None
    if wp is None or getattr(fs, "restricted", False):
        return
    manager = SubAgentManager(wp, fs, model=model, base_url=base_url, api_key=api_key)
    ctx.subagents = manager
    for tool in subagent_tools(manager, max_wait=max(1.0, ctx.toolbox.timeout - WAIT_MARGIN)):
        if tool.name not in ctx.toolbox.tools:
            ctx.toolbox.tools[tool.name] = tool
            ctx.toolbox.read_only[tool.name] = True  # the sub-agents refuse critical actions themselves


async def finish_run(ctx: AgentContext) -> None:
    """Stop the run's sub-agents that are still going (their browser contexts are closed)."""
    manager = getattr(ctx, "subagents", None)
    if manager is not None:
        await manager.close()


@contextlib.asynccontextmanager
async def run_scope(ctx: AgentContext) -> AsyncIterator[None]:
    """Around a run's graph: whatever way the run ends, its sub-agents end with it."""
    try:
        yield
    finally:
        await finish_run(ctx)
