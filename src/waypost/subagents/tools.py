"""The main agent's tools for sub-agents: ``spawn_sub_agent``, ``wait_for``, ``merge_results``,
``cancel_sub_agent``, as ToolSpecs over one manager (:func:`subagent_tool_specs`) and as LangChain
tools for a run (:func:`subagent_tools`). Sub-agents never get them (depth is limited to 1).
"""

from __future__ import annotations

import functools
from typing import Annotated, Any

from langchain_core.tools import StructuredTool
from pydantic import Field

from waypost.subagents.manager import SubAgentError, SubAgentManager
from waypost.tools.errors import error_text
from waypost.tools.langchain import as_langchain
from waypost.tools.registry import ToolSpec
from waypost.vfs.errors import VfsError

CATEGORY = "agents"
TOOL_NAMES = ("spawn_sub_agent", "wait_for", "merge_results", "cancel_sub_agent")
WAIT_MARGIN = 10.0

DESCRIPTIONS = {
    "spawn_sub_agent": (
        "Start a helper agent (sub-agent) on one part of the task; it runs in parallel in its own "
        "browser session and writes its result to /sub/<output_dir>/result.md. Give it a complete, "
        "direct task. output_dir: a short name such as 'politics'."
    ),
    "wait_for": (
        "Wait for sub-agents to finish (ids as given by spawn_sub_agent; all if empty). "
        "Ones still running after timeout seconds are stopped."
    ),
    "merge_results": (
        "Collect the result.md files of finished sub-agents into one text (also saved to "
        "/sub/merged.md) to write your final answer from."
    ),
    "cancel_sub_agent": "Stop a sub-agent that is no longer needed; its browser session is closed.",
}


def _guard(fn: Any) -> Any:
    @functools.wraps(fn)
    async def run(*args: Any, **kwargs: Any) -> str:
        try:
            return await fn(*args, **kwargs)
        except (SubAgentError, VfsError) as exc:
            return error_text(exc)

    return run


def subagent_tools(manager: SubAgentManager, *, max_wait: float = 170.0) -> list[StructuredTool]:
    """The sub-agent tools bound to ``manager``, for LangChain (see :func:`subagent_tool_specs`)."""
    return [as_langchain(spec, None) for spec in subagent_tool_specs(manager, max_wait=max_wait)]


def subagent_tool_specs(manager: SubAgentManager, *, max_wait: float = 170.0) -> list[ToolSpec]:
    """The sub-agent tools over ``manager`` (they need no runtime: the manager has its host).

    Args:
        manager: The owner's manager.
        max_wait: Longest wait one ``wait_for`` call may do (keep it under the toolbox's timeout).
    """

    @_guard
    async def spawn_sub_agent(
        task: Annotated[str, Field(description="The sub-agent's whole task, as a direct instruction.")],
        output_dir: Annotated[
            str | None, Field(description="A short name for it and its folder, e.g. 'politics'.")
        ] = None,
        start_url: Annotated[str | None, Field(description="The page it starts on.")] = None,
        wait: Annotated[bool, Field(description="Wait until it is done and show its result.")] = False,
    ) -> str:
        agent = await manager.spawn(task, output_dir, start_url=start_url, wait=False)
        if wait:
            await manager.wait_for([agent.task_id], timeout=max_wait)
            return manager.vfs.read_text(agent.result_path)
        return (
            f"Started sub-agent {agent.task_id!r}; it writes to {agent.folder}/. "
            f"Call wait_for with ids ['{agent.task_id}'] to get its result."
        )

    @_guard
    async def wait_for(
        ids: Annotated[list[str] | None, Field(description="Sub-agent ids; empty for all.")] = None,
        timeout: Annotated[float, Field(description="Seconds to wait at most.", gt=0)] = 120.0,  # noqa: ASYNC109
    ) -> str:
        chosen = await manager.wait_for(ids or None, timeout=min(timeout, max_wait))
        if not chosen:
            return "No sub-agents were started."
        lines = [a.line() for a in chosen]
        return "\n".join(lines) + "\nCall merge_results to read their results together."

    @_guard
    async def merge_results(
        ids: Annotated[list[str] | None, Field(description="Sub-agent ids; empty for all.")] = None,
    ) -> str:
        return manager.merge(ids or None)

    @_guard
    async def cancel_sub_agent(
        task_id: Annotated[str, Field(description="The id of the sub-agent to stop.")],
    ) -> str:
        agent = await manager.cancel(task_id)
        return f"Sub-agent {agent.task_id!r} stopped ({agent.status.value}); its browser session is closed."

    return [
        ToolSpec.over(fn.__name__, DESCRIPTIONS[fn.__name__], fn)
        for fn in (spawn_sub_agent, wait_for, merge_results, cancel_sub_agent)
    ]
