"""Runs started from the web view: one asyncio task each, its events kept for every watcher.

Every event is stored in order; a watcher (an SSE stream, one per browser tab) replays the
stored events, then waits for new ones. Watchers only read, so closing a tab never touches the
run. Approval questions wait on an :class:`asyncio.Future` that the page answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from waypost.api import Waypost
from waypost.config.approve import POLICIES

log = logging.getLogger(__name__)

APPROVE_POLICIES = POLICIES  # ask, always, deny
HISTORY_FILE = "web-runs.jsonl"
_KEPT = ("id", "task", "start_url", "approve", "model", "created", "status", "answer", "events")
KEEPALIVE_SECONDS = 15.0


@dataclass
class Question:
    """An approval question waiting for the page."""

    id: str
    payload: dict[str, Any]
    future: asyncio.Future[str]


@dataclass
class WebRun:
    """One run: what was asked, its events so far, and its state."""

    id: str
    task: str
    start_url: str | None
    approve: str
    model: str | None
    base_url: str | None = None
    created: float = field(default_factory=time.time)
    status: str = "running"  # running, waiting, done, stopped, failed
    events: list[dict[str, Any]] = field(default_factory=list)
    questions: dict[str, Question] = field(default_factory=dict)
    answer: str | None = None
    handle: asyncio.Task[None] | None = None
    closed: bool = False  # no event will follow (set after the last one is stored)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    @property
    def finished(self) -> bool:
        return self.status in {"done", "stopped", "failed"}

    async def publish(self, event: dict[str, Any]) -> None:
        event = {**event, "seq": len(self.events), "at": time.time(), "status": self.status}
        async with self.changed:
            self.events.append(event)
            self.changed.notify_all()

    def _moved(self, seen: int) -> bool:
        return seen < len(self.events) or self.closed

    async def watch(self, after: int = 0) -> AsyncIterator[dict[str, Any] | None]:
        """Past events from ``after`` on, then new ones until the run ends; ``None`` is a keepalive."""
        seen = max(0, after)
        while True:
            while seen < len(self.events):
                yield self.events[seen]
                seen += 1
            if self.closed:
                return
            async with self.changed:
                try:
                    await asyncio.wait_for(
                        self.changed.wait_for(functools.partial(self._moved, seen)),
                        KEEPALIVE_SECONDS,
                    )
                except TimeoutError:
                    yield None


class RunManager:
    """Starts runs on one :class:`Waypost` and keeps them (in memory) for the pages."""

    def __init__(self, wp: Waypost, *, max_steps: int = 30, history: Path | None = None) -> None:
        self.wp = wp
        self.max_steps = max_steps
        self.runs: dict[str, WebRun] = {}
        self.history = history if history is not None else Path(wp.settings.data_dir) / HISTORY_FILE

    def load(self) -> int:
        """Read the finished runs of earlier servers from the history file; returns how many."""
        try:
            lines = self.history.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return 0
        loaded = 0
        for line in lines:
            try:
                record = json.loads(line)
                run = WebRun(**{k: record[k] for k in _KEPT}, closed=True)
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line after a crash: skip it, keep the rest
            self.runs.setdefault(run.id, run)
            loaded += 1
        return loaded

    def _save(self, run: WebRun) -> None:
        record = {k: getattr(run, k) for k in _KEPT}
        try:
            self.history.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.history, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as out:
                out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        except OSError as exc:
            log.warning("Could not record the run %s in %s: %s", run.id, self.history, exc)

    def get(self, run_id: str) -> WebRun | None:
        return self.runs.get(run_id)

    def listing(self) -> list[WebRun]:
        return sorted(self.runs.values(), key=lambda r: r.created, reverse=True)

    def start(
        self,
        task: str,
        *,
        start_url: str | None,
        approve: str,
        model: str | None,
        base_url: str | None = None,
    ) -> WebRun:
        run = WebRun(
            id=uuid.uuid4().hex[:12],
            task=task,
            start_url=start_url,
            approve=approve,
            model=model,
            base_url=base_url,
        )
        self.runs[run.id] = run
        run.handle = asyncio.create_task(self._drive(run), name=f"waypost-web-run-{run.id}")
        return run

    async def answer(self, run: WebRun, question_id: str, reply: str) -> bool:
        """Answer a pending question; False when there is none with that id (already answered)."""
        question = run.questions.get(question_id)
        if question is None or question.future.done():
            return False
        question.future.set_result(reply)
        return True

    async def stop(self, run: WebRun) -> bool:
        if run.finished or run.handle is None:
            return False
        run.handle.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await run.handle
        return True

    async def close(self) -> None:
        for run in list(self.runs.values()):
            await self.stop(run)

    async def _approver(self, run: WebRun, payload: dict[str, Any]) -> str:
        question = Question(uuid.uuid4().hex[:8], payload, asyncio.get_running_loop().create_future())
        run.questions[question.id] = question
        run.status = "waiting"
        shown = {k: v for k, v in payload.items() if k != "args"}  # args stay out of the history
        await run.publish({"type": "question", "id": question.id, "payload": shown})
        try:
            reply = await question.future
        finally:
            run.questions.pop(question.id, None)
        run.status = "running"
        await run.publish({"type": "answered", "id": question.id, "reply": reply})
        return reply

    async def _drive(self, run: WebRun) -> None:
        async def approver(payload: dict[str, Any]) -> str:
            return await self._approver(run, payload)

        try:
            events = self.wp.stream(
                run.task,
                start_url=run.start_url,
                model=run.model,
                base_url=run.base_url,
                approve=run.approve,
                approver=approver,
                session_id=f"web-{run.id}",
                max_steps=self.max_steps,
            )
            async with contextlib.aclosing(events):
                async for event in events:
                    kind = event.get("type")
                    if kind == "done":
                        result = event["result"]
                        run.answer = result.answer
                        run.status = "done"
                        await run.publish(
                            {
                                "type": "done",
                                "answer": result.answer,
                                "success": result.success,
                                "stop_reason": result.stop_reason,
                                "steps": result.steps,
                                "tokens_in": result.tokens_in,
                                "tokens_out": result.tokens_out,
                                "seconds": result.seconds,
                                "thread_id": result.thread_id,
                            }
                        )
                    elif kind in {"node", "tool_start", "tool_end", "content"}:
                        # tool_start args are left out: they may hold what was typed into a password field.
                        await run.publish({k: v for k, v in event.items() if k != "args"})
        except asyncio.CancelledError:
            run.status = "stopped"
            await run.publish({"type": "stopped"})
        except Exception as exc:  # a model endpoint that refuses, a browser that died...
            run.status = "failed"
            await run.publish({"type": "error", "message": f"{type(exc).__name__}: {exc}"[:1000]})
        finally:
            for question in run.questions.values():
                question.future.cancel()
            if not run.finished:
                run.status = "failed"
            async with run.changed:
                run.closed = True
                run.changed.notify_all()
            self._save(run)
