"""How sub-agents meet a run: :class:`SubAgentsExtension`, the main agent's helpers.

The composition root gives a main agent's run (a run with a browser and an unrestricted file
system) this extension over a :class:`~waypost.subagents.manager.SubAgentManager`: it adds the
spawn / wait / merge / cancel tools, and stops the sub-agents a run leaves behind when it ends
or pauses.
"""

from __future__ import annotations

from waypost.agent.context import AgentContext
from waypost.agent.extensions import RunExtension
from waypost.subagents.manager import SubAgentManager
from waypost.subagents.tools import WAIT_MARGIN, subagent_tools


class SubAgentsExtension(RunExtension):
    """Sub-agents for one run.

    Args:
        manager: The run's manager (over the run's own file system).
    """

    def __init__(self, manager: SubAgentManager) -> None:
        self.manager = manager

    def equip(self, ctx: AgentContext) -> None:
        """Add the sub-agent tools (tools already in the toolbox under those names win)."""
        for tool in subagent_tools(self.manager, max_wait=max(1.0, ctx.toolbox.timeout - WAIT_MARGIN)):
            if tool.name not in ctx.toolbox.tools:
                ctx.toolbox.tools[tool.name] = tool
                ctx.toolbox.read_only[tool.name] = True  # the sub-agents refuse critical actions themselves

    async def finish(self, ctx: AgentContext) -> None:
        """Stop the run's sub-agents that are still going (their browser contexts are closed)."""
        await self.manager.close()
