"""The agent: a LangGraph engine that completes web tasks with any OpenAI-compatible model, or with none.

The engine takes its tools, its checkpoint file and its plug-ins (run extensions) from the
caller; ``Waypost.run`` (:mod:`waypost.api`) is the caller that wires Waypost's own:

    >>> async with Waypost() as wp:                                   # doctest: +SKIP
    ...     result = await wp.run("Open the politics section and give me its top headline",
    ...                           start_url="http://127.0.0.1:8000/")
    ...     print(result.answer)

Names are imported lazily, so ``import waypost.agent.<module>`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from waypost.agent.context import AgentConfig, PauseSwitch
    from waypost.agent.graph import build_graph, compile_graph
    from waypost.agent.runner import (
        RunResult,
        get_result,
        resume_task,
        run_task,
        stream_resume,
        stream_task,
    )
    from waypost.models.factory import make_model

__all__ = [
    "AgentConfig",
    "PauseSwitch",
    "RunResult",
    "build_graph",
    "compile_graph",
    "get_result",
    "make_model",
    "resume_task",
    "run_task",
    "stream_resume",
    "stream_task",
]

_WHERE = {
    "AgentConfig": "waypost.agent.context",
    "PauseSwitch": "waypost.agent.context",
    "RunResult": "waypost.agent.runner",
    "get_result": "waypost.agent.runner",
    "stream_resume": "waypost.agent.runner",
    "run_task": "waypost.agent.runner",
    "stream_task": "waypost.agent.runner",
    "resume_task": "waypost.agent.runner",
    "make_model": "waypost.models.factory",
    "build_graph": "waypost.agent.graph",
    "compile_graph": "waypost.agent.graph",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'waypost.agent' has no attribute {name!r}")
