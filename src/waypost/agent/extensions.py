"""The run-extension protocol: how plug-ins (skills, files, sub-agents, rag mode) join a run.

The engine knows this protocol and nothing of the plug-ins: :func:`~waypost.agent.runner.run_task`
takes a list of extensions and calls their hooks at fixed points; the composition root
(:class:`waypost.api.Waypost`) decides which extensions a run gets. Every hook has a do-nothing
default, so an extension overrides only what it needs. One extension object serves one run.

The points, in order:

* :meth:`~RunExtension.equip`: once, when the run is set up (add tools, swap the toolbox or the
  model's mode, change knobs);
* :meth:`~RunExtension.before_run`: once, before a new task starts (match skills, replay a macro);
* :meth:`~RunExtension.restore`: from the checkpointed state, before the graph runs again;
* :meth:`~RunExtension.start_values`: what a new task's first state adds (rules, messages);
* :meth:`~RunExtension.before_tools` / :meth:`~RunExtension.before_tool_call` /
  :meth:`~RunExtension.state_update`: in the tools node, around each turn's tool calls;
* :meth:`~RunExtension.after_run`: once, with the result (learn from it);
* :meth:`~RunExtension.finish`: however the run ends (stop what the extension started).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.agent.context import AgentContext


@dataclass(frozen=True)
class RunStart:
    """What a new task is: passed to :meth:`RunExtension.before_run`.

    Attributes:
        task: The task in the user's words.
        start_url: Its start page.
        approve: The approval policy (``deny``, ``always``, ``ask``).
        critical_patterns: Extra patterns that make an action critical.
    """

    task: str
    start_url: str | None
    approve: str
    critical_patterns: Sequence[str] = ()


class RunExtension:
    """A plug-in of one run. Subclass it and override the hooks you need; all default to nothing."""

    def equip(self, ctx: AgentContext) -> None:
        """Set the run up: add tools to ``ctx.toolbox``, replace it, or change ``ctx.config``."""

    async def before_run(self, ctx: AgentContext, start: RunStart) -> None:
        """A new task is about to start (not called on a resume). Must not raise."""

    def restore(self, ctx: AgentContext, values: Mapping[str, Any] | None, *, resuming: bool) -> None:
        """Rebuild what the extension keeps in the checkpointed state.

        Args:
            ctx: The run's context.
            values: The thread's checkpointed state (``None`` or empty if there is none).
            resuming: ``True`` when the same run goes on (a resume), ``False`` when a new task
                starts on the thread.
        """

    def start_values(self, ctx: AgentContext) -> Mapping[str, Any]:
        """State a new task starts with, beyond the engine's own; a ``messages`` list is appended."""
        return {}

    def before_tools(self, ctx: AgentContext, state: Mapping[str, Any]) -> None:
        """The tools node is about to run a turn's tool calls."""

    def before_tool_call(self, ctx: AgentContext, state: Mapping[str, Any], name: str) -> None:
        """A tool is about to be called (any but list_tools, load_tools and final_answer)."""

    def state_update(self, ctx: AgentContext, state: Mapping[str, Any]) -> Mapping[str, Any]:
        """What the tools node's update adds, after the turn's calls (e.g. a snapshot to checkpoint)."""
        return {}

    async def after_run(self, ctx: AgentContext, result: Any, *, resumed: bool) -> None:
        """The run has a result (``resumed``: it ended after a resume). Must not raise."""

    async def finish(self, ctx: AgentContext) -> None:
        """The run's graph stopped, however it stopped (answer, pause, error, cancellation)."""
