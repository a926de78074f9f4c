"""Runs started from the web view: one asyncio task each, its events kept for every watcher.

Every event is stored in order; a watcher (an SSE stream, one per browser tab) replays the
stored events, then waits for new ones. Watchers only read, so closing a tab never touches the
run. Approval questions wait on an :class:`asyncio.Future` that the page answers.

Each run has its own LangGraph thread (``thread_id``) in the checkpoint file the agent uses, so
its full transcript can be read back, and a run that stopped before its end (stopped while
waiting for approval, or by a server that shut down) can be resumed from there.
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

from waypost.agent.critical import is_secret_field
from waypost.agent.redact import mask_data
from waypost.api import Waypost, stream_resume
from waypost.config.approve import POLICIES

log = logging.getLogger(__name__)

APPROVE_POLICIES = POLICIES  # ask, always, deny
PLANNER_MODES = ("full", "rag")
HISTORY_FILE = "web-runs.jsonl"
SCREENSHOTS_DIR = "web-screenshots"
_KEPT = (
    "id",
    "task",
    "start_url",
    "approve",
    "model",
    "base_url",
    "planner_mode",
    "thread_id",
    "created",
    "status",
    "stop_reason",
    "answer",
    "events",
)
_REQUIRED = ("id", "task", "start_url", "approve", "model", "created", "status", "events")
KEEPALIVE_SECONDS = 15.0
MAX_VIEW_CHARS = 20_000
RESUMABLE = {"awaiting_approval", "paused"}


@dataclass
class Question:
    """An approval question waiting for the page."""

    id: str
    payload: dict[str, Any]
    future: asyncio.Future[Any]


@dataclass
class WebRun:
    """One run: what was asked, its events so far, and its state."""

    id: str
    task: str
    start_url: str | None
    approve: str
    model: str | None
    base_url: str | None = None
    planner_mode: str | None = None
    thread_id: str | None = None
    created: float = field(default_factory=time.time)
    status: str = "running"  # running, waiting, done, stopped, failed
    stop_reason: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    questions: dict[str, Question] = field(default_factory=dict)
    answer: str | None = None
    handle: asyncio.Task[None] | None = None
    closed: bool = False  # no event will follow (set after the last one is stored)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    secrets: set[str] = field(default_factory=set)  # typed passwords: masked, never stored
    shots: set[str] = field(default_factory=set)  # screenshot file names of this run

    @property
    def finished(self) -> bool:
        return self.status in {"done", "stopped", "failed"}

    @property
    def session_id(self) -> str:
        return f"web-{self.id}"

    @property
    def resumable(self) -> bool:
        """Stopped before its end, with a checkpoint to go on from (checked again on resume)."""
        if not self.finished or self.thread_id is None:
            return False
        return self.status in {"stopped", "failed"} or self.stop_reason in RESUMABLE

    async def publish(self, event: dict[str, Any]) -> None:
        if self.secrets:
            event = mask_data(event, self.secrets)
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


@dataclass
class _Clock:
    """Per-step figures of a run being driven: tokens and seconds since the last step."""

    mark: float = field(default_factory=time.monotonic)
    tokens_in: int = 0
    tokens_out: int = 0
    tool_started: float = 0.0
    shots_before: int = 0


class RunManager:
    """Starts runs on one :class:`Waypost` and keeps them (in memory) for the pages."""

    def __init__(self, wp: Waypost, *, max_steps: int = 30, history: Path | None = None) -> None:
        self.wp = wp
        self.max_steps = max_steps
        self.runs: dict[str, WebRun] = {}
        self.history = history if history is not None else Path(wp.settings.data_dir) / HISTORY_FILE

    def load(self) -> int:
        """Read the runs of earlier servers from the history file; returns how many records."""
        try:
            lines = self.history.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return 0
        loaded = 0
        for line in lines:
            try:
                record = json.loads(line)
                if not all(k in record for k in _REQUIRED):
                    continue
                run = WebRun(**{k: record[k] for k in _KEPT if k in record}, closed=True)
            except (ValueError, KeyError, TypeError):
                continue  # a torn last line after a crash: skip it, keep the rest
            if not run.finished:
                # Recorded when it started, never after: its server died (killed, crashed)
                # while it ran. Its checkpoint is there to resume from.
                run.status = "stopped"
            self.runs[run.id] = run  # a run is recorded again when it ends: the last record wins
            run.shots = {e["shot"] for e in run.events if e.get("shot")}
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
        planner_mode: str | None = None,
    ) -> WebRun:
        run = WebRun(
            id=uuid.uuid4().hex[:12],
            task=task,
            start_url=start_url,
            approve=approve,
            model=model,
            base_url=base_url,
            planner_mode=planner_mode,
            thread_id=uuid.uuid4().hex,
        )
        self.runs[run.id] = run
        self._save(run)  # listed (and resumable) after a restart even if this server dies mid-run
        run.handle = asyncio.create_task(self._drive(run), name=f"waypost-web-run-{run.id}")
        return run

    def resume(self, run: WebRun) -> None:
        """Go on with a run that stopped before its end, from its last checkpoint."""
        run.status = "running"
        run.stop_reason = None
        run.closed = False
        run.handle = asyncio.create_task(self._drive(run, resume=True), name=f"waypost-web-run-{run.id}")

    async def answer(self, run: WebRun, question_id: str, reply: Any) -> bool:
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

    async def _approver(self, run: WebRun, payload: dict[str, Any]) -> Any:
        question = Question(uuid.uuid4().hex[:8], payload, asyncio.get_running_loop().create_future())
        run.questions[question.id] = question
        run.status = "waiting"
        shown = {k: v for k, v in payload.items() if k != "args"}
        # What the person may change: the (masked) text arguments of the held call.
        shown["editable"] = {k: v for k, v in (payload.get("args") or {}).items() if isinstance(v, str)}
        await run.publish({"type": "question", "id": question.id, "payload": shown})
        try:
            reply = await question.future
        finally:
            run.questions.pop(question.id, None)
        run.status = "running"
        verdict = "edit" if isinstance(reply, dict) else reply
        await run.publish({"type": "answered", "id": question.id, "reply": verdict})
        return reply

    def _screenshot(self, run: WebRun, clock: _Clock) -> str | None:
        """The screenshot the recorder kept after this run's latest action, if any."""
        written = self.wp.recorder.written
        marker = f"-{run.session_id}-"
        for path in reversed(written[clock.shots_before :]):
            if marker in path.name and path.name not in run.shots:
                run.shots.add(path.name)
                return path.name
        return None

    async def _on_event(self, run: WebRun, event: dict[str, Any], clock: _Clock) -> None:
        kind = event.get("type")
        now = time.monotonic()
        if kind == "tool_start":
            args = event.get("args") or {}
            typed = args.get("text")
            secret = event.get("name") == "type" and is_secret_field(str(args.get("target") or ""))
            if secret and isinstance(typed, str) and len(typed) >= 2:
                run.secrets.add(typed)
            clock.tool_started = now
            clock.shots_before = len(self.wp.recorder.written)
            # The arguments are left out: they may hold what was typed into a password field.
            await run.publish({k: v for k, v in event.items() if k != "args"})
        elif kind == "tool_end":
            text = str(event.get("text") or "")
            out = {k: v for k, v in event.items() if k != "text"}
            if text:
                out["view"] = text[:MAX_VIEW_CHARS]
                out["view_cut"] = len(text) > MAX_VIEW_CHARS
            out["seconds"] = round(now - clock.tool_started, 2) if clock.tool_started else None
            out["shot"] = self._screenshot(run, clock)
            clock.mark = now
            await run.publish(out)
        elif kind == "node":
            out = dict(event)
            if event.get("node") == "agent" and "tokens_in" in event:
                tokens_in, tokens_out = int(event.get("tokens_in") or 0), int(event.get("tokens_out") or 0)
                out["step_tokens_in"] = max(0, tokens_in - clock.tokens_in)
                out["step_tokens_out"] = max(0, tokens_out - clock.tokens_out)
                out["step_seconds"] = round(now - clock.mark, 2)
                clock.tokens_in, clock.tokens_out, clock.mark = tokens_in, tokens_out, now
            await run.publish(out)
        elif kind == "content":
            await run.publish(event)

    async def _drive(self, run: WebRun, *, resume: bool = False) -> None:
        async def approver(payload: dict[str, Any]) -> Any:
            return await self._approver(run, payload)

        clock = _Clock()
        for past in reversed(run.events):  # a resumed run's tokens go on from where they were
            if past.get("type") == "node" and past.get("node") == "agent" and "tokens_in" in past:
                clock.tokens_in = int(past.get("tokens_in") or 0)
                clock.tokens_out = int(past.get("tokens_out") or 0)
                break
        common: dict[str, Any] = {
            "model": run.model,
            "base_url": run.base_url,
            "approver": approver,
            "session_id": run.session_id,
            "planner_mode": run.planner_mode,
        }
        try:
            if resume:
                await run.publish({"type": "resumed"})
                assert run.thread_id is not None
                events = stream_resume(self.wp, run.thread_id, **common)
            else:
                events = self.wp.stream(
                    run.task,
                    start_url=run.start_url,
                    approve=run.approve,
                    thread_id=run.thread_id,
                    max_steps=self.max_steps,
                    **common,
                )
            async with contextlib.aclosing(events):
                async for event in events:
                    if event.get("type") == "done":
                        result = event["result"]
                        run.answer = result.answer
                        run.stop_reason = result.stop_reason
                        run.status = "done"
                        run.thread_id = result.thread_id
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
                    else:
                        await self._on_event(run, event, clock)
        except asyncio.CancelledError:
            run.status = "stopped"
            await run.publish({"type": "stopped"})
        except Exception as exc:  # a model endpoint that refuses, a browser that died...
            run.status = "failed"
            await run.publish({"type": "error", "message": _explain(exc)})
        finally:
            for question in run.questions.values():
                question.future.cancel()
            if not run.finished:
                run.status = "failed"
            async with run.changed:
                run.closed = True
                run.changed.notify_all()
            self._save(run)


def _explain(exc: BaseException) -> str:
    """One clear line for the page: what failed and, for a model endpoint, what it answered."""
    name = type(exc).__name__
    status = getattr(exc, "status_code", None)
    text = str(exc).splitlines()[0] if str(exc) else ""
    if status is not None:
        return f"The model endpoint refused the request (HTTP {status}, {name}): {text}"[:1000]
    if "Connection" in name or "connect" in text.lower():
        return f"The model endpoint could not be reached ({name}): {text}"[:1000]
    return f"{name}: {text}"[:1000]
