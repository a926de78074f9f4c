"""Sub-agents: isolated agent runs in parallel that write only under ``/sub/<task_id>/``.

Example:
    >>> from waypost.vfs import VirtualFS
    >>> async with Waypost() as wp:                                  # doctest: +SKIP
    ...     async with SubAgentManager(wp, VirtualFS()) as agents:
    ...         await agents.spawn("open the politics section and give me the first headline",
    ...                            "politics", start_url="http://127.0.0.1:8765/")
    ...         await agents.wait_for(timeout=120)
    ...         print(agents.merge())
"""

from __future__ import annotations

from waypost.subagents.manager import (
    SpawnRefused,
    Status,
    SubAgent,
    SubAgentError,
    SubAgentManager,
    result_markdown,
)
from waypost.subagents.tools import subagent_tools

__all__ = [
    "SpawnRefused",
    "Status",
    "SubAgent",
    "SubAgentError",
    "SubAgentManager",
    "result_markdown",
    "subagent_tools",
]
