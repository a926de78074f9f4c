"""What a page load is waiting for, for whoever wants to show it (the CLI, on a terminal).

A door sets :data:`load_progress` to a callback before it navigates; the loader reports each phase
to it. Context-local, so concurrent loads in other tasks report elsewhere or nowhere.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

ProgressCallback = Callable[[str], None]

load_progress: ContextVar[ProgressCallback | None] = ContextVar("waypost_load_progress", default=None)


def report(phase: str) -> None:
    """Tell the current listener, if any, what the load now waits for (e.g. "the server's answer")."""
    callback = load_progress.get()
    if callback is not None:
        callback(phase)
