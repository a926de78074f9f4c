"""A batch worker: one :class:`~waypost.api.Waypost` (its own browser, data dir and archive) that
runs tasks one at a time.

The same class runs in the local pool (in the driver's process) and inside a Ray actor. It tells
its engine what happens through ``emit`` (plain dicts), so the driver knows which tool calls a
task has made: a task whose worker dies after an action with side effects is never run again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from waypost.api import Waypost
from waypost.batch.spec import TaskResult, TaskSpec
from waypost.config import Settings
from waypost.errors import WaypostError

Emit = Callable[[dict[str, Any]], Any]

READ_ONLY_TOOLS = frozenset(
    {
        "research_navigate",
        "navigate",
        "search_archive",
        "get_archived",
        "observe",
        "extract",
        "find_evidence",
        "list_tabs",
        "read_file",
        "vfs_read",
        "vfs_ls",
        "vfs_grep",
        "vfs_write",
        "vfs_append",
        "list_downloads",
        "read_download",
        "ask_user",
    }
)
"""Tools whose calls change nothing on a website (navigation is a GET, and is retried anyway).

Any other tool call (a click, typing, a submit, a generated tool) counts as a side effect.
"""


class WorkerLost(Exception):
    """The worker (its process or its browser) died while running a task."""


class WorkerStartError(Exception):
    """A worker could not start (no browser, a dead remote endpoint, an unusable data dir)."""


@dataclass
class RunDefaults:
    """What a task line does not say: the batch's defaults.

    Attributes:
        model: The model (``None``: the offline planner).
        base_url: An OpenAI-compatible endpoint for ``model``.
        api_key: Its key (never written anywhere).
        max_steps: Model turns at most.
        planner_mode: ``full`` or ``rag`` (``None``: the settings' default).
        approve: Critical actions: ``deny`` (refused: nobody is there to approve) or ``always``
            (``never`` is the old name of ``deny``).
    """

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    max_steps: int = 30
    planner_mode: str | None = None
    approve: str = "deny"


def task_session_id(spec: TaskSpec) -> str:
    """The browser session a task runs in: its own ``session_id`` or one derived from its id."""
    if spec.session_id:
        return spec.session_id
    return "batch-" + hashlib.sha1(spec.id.encode("utf-8")).hexdigest()[:16]


class BatchWorker:
    """Runs batch tasks on one :class:`~waypost.api.Waypost`.

    Args:
        name: The worker's name (``w1``...), written into each result line.
        settings: The driver's settings as a mapping; ``data_dir`` is this worker's own folder and
            ``cdp_url`` its remote browser, if any.
        defaults: The batch's defaults for what task lines leave out.
    """

    def __init__(self, name: str, settings: dict[str, Any], defaults: RunDefaults) -> None:
        self.name = name
        self.settings = Settings(**settings)
        self.defaults = defaults
        self.wp: Waypost | None = None

    async def start(self) -> dict[str, Any]:
        """Start the browser and the stores; returns ``{"pid": …, "instance": …}``.

        Raises:
            WorkerStartError: The browser could not be launched or attached to, or the data dir
                is not usable (one line, with what to do).
        """
        await asyncio.to_thread(Path(self.settings.data_dir).mkdir, parents=True, exist_ok=True, mode=0o700)
        wp = Waypost(self.settings)
        try:
            await wp.start()
        except (WaypostError, OSError) as exc:
            with contextlib.suppress(Exception):
                await wp.close()
            where = f" at {self.settings.cdp_url}" if self.settings.cdp_url else ""
            raise WorkerStartError(f"worker {self.name}: no browser{where} ({exc})") from None
        self.wp = wp
        return {"pid": os.getpid(), "instance": wp.pool.instance_id}

    async def stop(self) -> None:
        """Save and close (an attached remote browser stays open)."""
        if self.wp is not None:
            wp, self.wp = self.wp, None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wp.close(), timeout=30)

    async def run(self, spec: TaskSpec, emit: Emit | None = None) -> TaskResult:
        """Run one task to its end and return its result line.

        Raises:
            WorkerLost: The browser died during the task (its result cannot be trusted).
        """
        if self.wp is None:
            raise WorkerLost(f"worker {self.name} is not started")
        wp = self.wp
        session_id = task_session_id(spec)
        browser = wp.pool.browser
        lost = asyncio.Event()
        if browser is not None:
            browser.once("disconnected", lambda *_: lost.set())
        relaunches = wp.pool.relaunches
        await _emit(emit, {"type": "task_start", "task": spec.id, "worker": self.name, "pid": os.getpid()})
        started = time.perf_counter()
        runner = asyncio.ensure_future(self._consume(spec, session_id, emit))
        watcher = asyncio.ensure_future(lost.wait())
        try:
            done, _ = await asyncio.wait({runner, watcher}, return_when=asyncio.FIRST_COMPLETED)
            if runner not in done or wp.pool.relaunches != relaunches:
                raise WorkerLost("the browser died during the task")
            result = runner.result()
        finally:
            for fut in (runner, watcher):
                if not fut.done():
                    fut.cancel()
                    with contextlib.suppress(BaseException):
                        await fut
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wp.sessions.clear(session_id), timeout=15)
        result.seconds = round(time.perf_counter() - started, 3)
        result.worker = self.name
        return result

    async def _consume(self, spec: TaskSpec, session_id: str, emit: Emit | None) -> TaskResult:
        assert self.wp is not None
        d = self.defaults
        model_calls = 0
        final: Any = None
        events = self.wp.stream(
            spec.task,
            start_url=spec.start,
            model=spec.model or d.model,
            base_url=d.base_url,
            api_key=d.api_key,
            max_steps=spec.max_steps or d.max_steps,
            approve=d.approve,
            session_id=session_id,
            planner_mode=spec.planner_mode or d.planner_mode,
            stream_tokens=False,  # nobody reads the text as it comes; usage stays as reported
        )
        async with contextlib.aclosing(events):
            async for event in events:
                kind = event.get("type")
                if kind == "node" and event.get("node") == "agent":
                    model_calls += 1
                elif kind == "tool_start":
                    name = str(event.get("name", ""))
                    await _emit(
                        emit,
                        {
                            "type": "tool",
                            "task": spec.id,
                            "worker": self.name,
                            "name": name,
                            "side_effect": name not in READ_ONLY_TOOLS,
                        },
                    )
                elif kind == "done":
                    final = event["result"]
        if final is None:
            return TaskResult(id=spec.id, stop_reason="error", errors=["the run ended without a result"])
        return TaskResult(
            id=spec.id,
            answer=final.answer,
            success=final.success,
            stop_reason=final.stop_reason,
            steps=final.steps,
            tokens_in=final.tokens_in,
            tokens_out=final.tokens_out,
            model_calls=model_calls,
        )


async def _emit(emit: Emit | None, event: dict[str, Any]) -> None:
    if emit is None:
        return
    out = emit(event)
    if inspect.isawaitable(out):
        await out


def chromium_pids(instance: str) -> list[int]:
    """The processes of the Chromium a worker launched (found by its ``--waypost-instance`` flag)."""
    marker = f"--waypost-instance={instance}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            cmdline = (entry / "cmdline").read_bytes()
            if marker in cmdline and b"--type=" not in cmdline:
                pids.append(int(entry.name))
    return pids
