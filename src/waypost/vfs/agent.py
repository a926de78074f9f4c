"""How a run's file system meets the agent graph: :class:`FilesExtension`, one run's files.

* :meth:`~FilesExtension.equip` gives a run its file system and the seven file tools;
* :meth:`~FilesExtension.before_tools` refreshes what ``/system_context`` and ``/active_rules`` show;
* :meth:`~FilesExtension.state_update` is the tools node's ``{"vfs": snapshot}`` when the files
  changed, so the checkpoint carries them;
* :meth:`~FilesExtension.restore` rebuilds the files from a checkpointed state (resume, or a new
  task on the same thread);
* :func:`checkpointed` reads the file system of a checkpointed run (for the CLI, or a look).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from waypost.agent.context import AgentContext
from waypost.agent.extensions import RunExtension
from waypost.agent.runner import read_checkpoint
from waypost.vfs.filesystem import VirtualFS
from waypost.vfs.tools import vfs_tools

STATE_KEY = "vfs"


class FilesExtension(RunExtension):
    """A run's virtual file system (a restricted view for a sub-agent).

    Args:
        vfs: The run's file system; a new :class:`VirtualFS` if ``None``.
    """

    def __init__(self, vfs: Any = None) -> None:
        self.fs = vfs if vfs is not None else VirtualFS()

    def equip(self, ctx: AgentContext) -> None:
        """Bind the file tools to the run's files; tools already in the toolbox under those names win."""
        for tool in vfs_tools(self.fs):
            if tool.name not in ctx.toolbox.tools:
                ctx.toolbox.tools[tool.name] = tool
                ctx.toolbox.read_only[tool.name] = True  # changes nothing on any site

    def before_tools(self, ctx: AgentContext, state: Mapping[str, Any]) -> None:
        """Refresh the facts the system files show from the state the tools node got."""
        self.fs.system_info = {
            "task": state.get("task"),
            "step": state.get("step", 0),
            "max_steps": state.get("max_steps"),
            "session_id": ctx.toolbox.session_id,
            "current_url": state.get("current_url"),
            "active_tools": list(state.get("active_tools") or []),
            "active_rules": list(state.get("active_rules") or []),
            "writable": getattr(self.fs, "writable", None),
        }

    def state_update(self, ctx: AgentContext, state: Mapping[str, Any]) -> dict[str, Any]:
        """``{"vfs": snapshot}`` if the file system changed since the state's snapshot, else ``{}``."""
        fs = self.fs
        if getattr(fs, "restricted", False):
            return {}  # a sub-agent's writes land in its owner's file system and checkpoint
        stored = state.get(STATE_KEY) or {}
        if (not stored and not fs.version) or stored.get("version") == fs.version:
            return {}
        return {STATE_KEY: fs.snapshot()}

    def restore(self, ctx: AgentContext, values: Mapping[str, Any] | None, *, resuming: bool) -> None:
        """Rebuild the files from a checkpointed state's snapshot (if it has one).

        On a resume the snapshot replaces what the file system holds; for a new task on the
        thread, a file system given by the caller with content of its own is kept.
        """
        data = (values or {}).get(STATE_KEY)
        if not data or (not resuming and self.fs.version):
            return
        self.fs.restore(data)


async def checkpointed(thread_id: str, checkpoint_path: str | Path) -> VirtualFS | None:
    """The file system a checkpointed run holds now (``None`` if there is no such run or file).

    Reading a state runs no node, so no model, browser or tools are needed.
    """
    snapshot = await read_checkpoint(checkpoint_path, thread_id)
    if snapshot is None:
        return None
    return VirtualFS.from_snapshot(snapshot.values.get(STATE_KEY))
