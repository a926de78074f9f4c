"""How a run's file system meets the agent graph: small hooks the runner and tools node call.

* :func:`equip` gives a run its file system (``ctx.vfs``) and the seven file tools;
* :func:`before_tools` refreshes what ``/system_context`` and ``/active_rules`` show;
* :func:`state_update` is the tools node's ``{"vfs": snapshot}`` when the files changed, so the
  checkpoint carries them;
* :func:`restore` rebuilds ``ctx.vfs`` from a checkpointed state (resume, or a new task on the
  same thread);
* :func:`checkpointed` reads the file system of a checkpointed run (for the CLI, or a look).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from waypost.vfs.filesystem import VirtualFS
from waypost.vfs.tools import vfs_tools

if TYPE_CHECKING:
    from waypost.agent.context import AgentContext

STATE_KEY = "vfs"


def equip(ctx: AgentContext, vfs: Any = None) -> Any:
    """Give the run ``vfs`` (a new :class:`VirtualFS` if ``None``) and bind the file tools to it.

    Tools the caller already put in the toolbox under the same names win.
    """
    fs = vfs if vfs is not None else VirtualFS()
    ctx.vfs = fs
    for tool in vfs_tools(fs):
        if tool.name not in ctx.toolbox.tools:
            ctx.toolbox.tools[tool.name] = tool
            ctx.toolbox.read_only[tool.name] = True  # changes nothing on any site
    return fs


def before_tools(ctx: AgentContext, state: Mapping[str, Any]) -> None:
    """Refresh the facts the system files show from the state the tools node got."""
    fs = getattr(ctx, "vfs", None)
    if fs is None:
        return
    fs.system_info = {
        "task": state.get("task"),
        "step": state.get("step", 0),
        "max_steps": state.get("max_steps"),
        "session_id": ctx.toolbox.session_id,
        "current_url": state.get("current_url"),
        "active_tools": list(state.get("active_tools") or []),
        "active_rules": list(state.get("active_rules") or []),
        "writable": getattr(fs, "writable", None),
    }


def state_update(ctx: AgentContext, state: Mapping[str, Any]) -> dict[str, Any]:
    """``{"vfs": snapshot}`` if the file system changed since the state's snapshot, else ``{}``."""
    fs = getattr(ctx, "vfs", None)
    if fs is None or getattr(fs, "restricted", False):
        return {}  # a sub-agent's writes land in its owner's file system and checkpoint
    stored = state.get(STATE_KEY) or {}
    if (not stored and not fs.version) or stored.get("version") == fs.version:
        return {}
    return {STATE_KEY: fs.snapshot()}


def restore(ctx: AgentContext, values: Mapping[str, Any] | None, *, replace: bool = True) -> None:
    """Rebuild ``ctx.vfs`` from a checkpointed state's snapshot (if it has one).

    Args:
        ctx: The run's context.
        values: The checkpointed state.
        replace: Replace files the run's file system already holds (a resume); when false, a
            file system given by the caller with content of its own is kept (a new task).
    """
    fs = getattr(ctx, "vfs", None)
    data = (values or {}).get(STATE_KEY)
    if fs is None or not data or (not replace and fs.version):
        return
    fs.restore(data)


async def checkpointed(thread_id: str, checkpoint_path: str | Path) -> VirtualFS | None:
    """The file system a checkpointed run holds now (``None`` if there is no such run or file).

    Reading a state runs no node, so no model, browser or tools are needed.
    """
    from waypost.agent.runner import read_checkpoint

    snapshot = await read_checkpoint(checkpoint_path, thread_id)
    if snapshot is None:
        return None
    return VirtualFS.from_snapshot(snapshot.values.get(STATE_KEY))
