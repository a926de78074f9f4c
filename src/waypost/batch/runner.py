"""``run_batch``: many tasks over a pool of workers, results streamed to a file as they finish.

Every worker pulls its next task when it is free (no task is assigned ahead of time). A task
whose worker or browser dies is tried again on another worker, up to ``max_attempts`` in all,
unless it had already called a tool with side effects (a click, typing): such a task is recorded
as failed, never run blindly twice. A task over its time limit is stopped and recorded. A
``KeyboardInterrupt`` (Ctrl-C) stops the batch and leaves a file that ``resume=True`` continues.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from waypost.batch.engines import Engine, WorkerHandle, make_engine
from waypost.batch.spec import LineError, ResultsFile, TaskResult, TaskSpec, read_tasks
from waypost.batch.worker import RunDefaults, WorkerLost, WorkerStartError
from waypost.config import Settings
from waypost.errors import ConfigError
from waypost.skills.store import FILE_NAME as SKILLS_FILE
from waypost.skills.store import SkillStore

OnEvent = Callable[[dict[str, Any]], None]


@dataclass
class BatchOptions:
    """How a batch runs.

    Attributes:
        workers: Workers at once (each owns a browser).
        engine: ``local`` (in this process) or ``ray`` (Ray actors; ``pip install 'waypost[ray]'``).
        ray_address: A Ray cluster to join (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``);
            without it Ray starts on this machine.
        browsers: Remote browsers' CDP endpoints; each worker claims one. Without them every
            worker launches its own Chromium.
        max_attempts: Workers that may try one task (a lost worker hands its task on).
        task_timeout: Seconds one task may take before it is stopped.
        resume: Continue a results file: skip every id already in it.
        work_dir: Where the workers' data dirs go (default: ``<out>.workers`` beside the results).
        defaults: Model, steps, planner mode and approval policy for what task lines leave out.
    """

    workers: int = 2
    engine: str = "local"
    ray_address: str | None = None
    browsers: Sequence[str] = ()
    max_attempts: int = 2
    task_timeout: float = 600.0
    resume: bool = False
    work_dir: Path | None = None
    defaults: RunDefaults = field(default_factory=RunDefaults)


@dataclass
class BatchSummary:
    """What a batch did.

    Attributes:
        total: Tasks in the file (valid lines).
        done: Tasks that succeeded in this call.
        failed: Tasks recorded as not done in this call.
        skipped: Tasks skipped because the results file had them (``resume``).
        line_errors: Lines that were not valid tasks.
        seconds: Wall time.
        workers: Per worker: tasks run, failures, losses, state.
        merged_skills: Learned skills brought home into the driver's library.
        results: The results file.
        interrupted: True when Ctrl-C stopped the batch.
    """

    total: int = 0
    done: int = 0
    failed: int = 0
    skipped: int = 0
    line_errors: list[LineError] = field(default_factory=list)
    seconds: float = 0.0
    workers: dict[str, dict[str, Any]] = field(default_factory=dict)
    merged_skills: list[str] = field(default_factory=list)
    results: Path | None = None
    interrupted: bool = False


@dataclass
class _Item:
    spec: TaskSpec
    attempts: int = 0
    avoid: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)


class _Queue:
    """Tasks waiting for a worker; a task handed back avoids the worker that lost it."""

    def __init__(self, specs: Sequence[TaskSpec]) -> None:
        self._items: deque[_Item] = deque(_Item(s) for s in specs)
        self._changed = asyncio.Condition()
        self.running = 0

    async def get(self, worker: str, alive: Callable[[], int]) -> _Item | None:
        async with self._changed:
            while True:
                for item in self._items:
                    if worker not in item.avoid or alive() <= 1:
                        self._items.remove(item)
                        self.running += 1
                        return item
                if not self._items and self.running == 0:
                    return None
                await self._changed.wait()

    async def put_back(self, item: _Item) -> None:
        async with self._changed:
            self._items.appendleft(item)
            self.running -= 1
            self._changed.notify_all()

    async def finished(self) -> None:
        async with self._changed:
            self.running -= 1
            self._changed.notify_all()

    async def wake(self) -> None:
        async with self._changed:
            self._changed.notify_all()


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _default_work_dir(out: Path) -> Path:
    return out.with_name(out.name + ".workers")


def _worker_settings(base: Settings, data_dir: Path, endpoint: str | None) -> dict[str, Any]:
    values = base.model_dump(mode="json")
    # A dump shows secrets as '**********': workers take theirs from WAYPOST_SECRET_* instead.
    values.pop("secrets", None)
    values["data_dir"] = str(data_dir)
    values["cdp_url"] = endpoint
    return values


class _Batch:
    def __init__(self, options: BatchOptions, settings: Settings, on_event: OnEvent | None) -> None:
        self.options = options
        self.settings = settings
        self.user_event = on_event
        self.side_effects: dict[str, list[str]] = {}
        self.running: dict[str, _Item] = {}
        self.summary = BatchSummary()
        self.alive: set[str] = set()

    def event(self, event: dict[str, Any]) -> None:
        if event.get("type") == "tool" and event.get("side_effect"):
            self.side_effects.setdefault(str(event.get("task")), []).append(str(event.get("name")))
        if self.user_event is not None:
            with contextlib.suppress(Exception):
                self.user_event(event)

    def stats(self, worker: str) -> dict[str, Any]:
        return self.summary.workers.setdefault(
            worker, {"tasks": 0, "failed": 0, "lost": 0, "state": "starting", "endpoint": None}
        )

    def record(self, results: ResultsFile, result: TaskResult) -> None:
        results.append(result)
        if result.success:
            self.summary.done += 1
        else:
            self.summary.failed += 1
        self.event({"type": "task_done", "task": result.id, "result": result.model_dump()})

    async def start_workers(self, engine: Engine, work_dir: Path) -> list[WorkerHandle]:
        opts = self.options
        endpoints = list(opts.browsers)
        count = opts.workers if not endpoints else min(opts.workers, len(endpoints))
        handles: list[WorkerHandle] = []

        async def start_one(index: int) -> WorkerHandle | None:
            name = f"w{index + 1}"
            stats = self.stats(name)
            # Without endpoints every worker launches its own browser; with them, a worker whose
            # endpoint is dead takes the next unclaimed one.
            while True:
                endpoint = endpoints.pop(0) if endpoints else None
                if opts.browsers and endpoint is None:
                    stats["state"] = "no browser"
                    return None
                settings = _worker_settings(self.settings, work_dir / name, endpoint)
                handle = engine.handle(name, settings, opts.defaults)
                try:
                    await asyncio.wait_for(handle.start(), timeout=120)
                except (WorkerStartError, TimeoutError, OSError) as exc:
                    reason = str(exc) or "it did not start within 120 s"
                    self.event(
                        {"type": "worker_failed", "worker": name, "endpoint": endpoint, "reason": reason}
                    )
                    if endpoint is None:
                        stats["state"] = "failed"
                        return None
                    continue
                stats.update(state="idle", endpoint=endpoint)
                self.event({"type": "worker_start", "worker": name, "endpoint": endpoint, **handle.info})
                self.alive.add(name)
                return handle

        started = await asyncio.gather(*(start_one(i) for i in range(count)))
        handles = [h for h in started if h is not None]
        if not handles:
            reasons = "; ".join(f"{n}: {s['state']}" for n, s in self.summary.workers.items())
            raise ConfigError(
                f"No worker could start ({reasons}): check the browser or --browsers endpoints."
            )
        return handles

    async def slot(self, handle: WorkerHandle, queue: _Queue, results: ResultsFile, engine: Engine) -> None:
        opts = self.options
        stats = self.stats(handle.name)
        while True:
            stats["state"] = "idle"
            item = await queue.get(handle.name, lambda: len(self.alive))
            if item is None:
                stats["state"] = "done"
                return
            item.attempts += 1
            self.running[item.spec.id] = item
            stats["state"] = f"running {item.spec.id}"
            stats["tasks"] += 1
            lost: str | None = None
            result: TaskResult | None = None
            try:
                result = await asyncio.wait_for(handle.run(item.spec), timeout=opts.task_timeout)
            except TimeoutError:
                result = TaskResult(
                    id=item.spec.id,
                    stop_reason="timeout",
                    worker=handle.name,
                    errors=[*item.errors, f"stopped after {opts.task_timeout:g} s (the task's time limit)"],
                )
                lost = "timeout"
            except WorkerLost as exc:
                lost = str(exc)
            except Exception as exc:  # the worker answered, but with an error of its own
                result = TaskResult(
                    id=item.spec.id,
                    stop_reason="error",
                    worker=handle.name,
                    errors=[
                        *item.errors,
                        f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                    ],
                )
            self.running.pop(item.spec.id, None)
            if result is not None:
                result.attempts = item.attempts
                if item.errors and result.errors is not item.errors:
                    result.errors = [*item.errors, *[e for e in result.errors if e not in item.errors]]
                if not result.success:
                    stats["failed"] += 1
                self.record(results, result)
                await queue.finished()
            else:
                await engine.drain()  # the last events of the lost worker, before deciding
                await self.hand_back(item, handle, lost or "lost", queue, results)
            if lost is not None:
                stats["lost"] += 1
                if not await self.replace(handle, lost):
                    return

    async def hand_back(
        self, item: _Item, handle: WorkerHandle, reason: str, queue: _Queue, results: ResultsFile
    ) -> None:
        item.errors.append(f"{handle.name}: {reason}")
        effects = self.side_effects.get(item.spec.id)
        if effects:
            result = TaskResult(
                id=item.spec.id,
                stop_reason="side_effects_not_retried",
                worker=handle.name,
                attempts=item.attempts,
                errors=[
                    *item.errors,
                    f"not retried: it had already called {', '.join(sorted(set(effects)))}",
                ],
            )
            self.stats(handle.name)["failed"] += 1
            self.record(results, result)
            await queue.finished()
        elif item.attempts >= self.options.max_attempts:
            result = TaskResult(
                id=item.spec.id,
                stop_reason="worker_lost",
                worker=handle.name,
                attempts=item.attempts,
                errors=[*item.errors, f"gave up after {item.attempts} attempt(s)"],
            )
            self.stats(handle.name)["failed"] += 1
            self.record(results, result)
            await queue.finished()
        else:
            item.avoid.add(handle.name)
            self.event({"type": "task_retry", "task": item.spec.id, "worker": handle.name, "reason": reason})
            await queue.put_back(item)

    async def replace(self, handle: WorkerHandle, reason: str) -> bool:
        stats = self.stats(handle.name)
        stats["state"] = "restarting"
        self.event({"type": "worker_lost", "worker": handle.name, "reason": reason})
        try:
            await asyncio.wait_for(handle.restart(), timeout=120)
        except (WorkerStartError, TimeoutError, OSError) as exc:
            stats["state"] = "gone"
            self.alive.discard(handle.name)
            self.event(
                {"type": "worker_failed", "worker": handle.name, "reason": str(exc) or "restart timed out"}
            )
            return False
        self.event({"type": "worker_start", "worker": handle.name, **handle.info})
        return True

    def interrupted(self, results: ResultsFile) -> None:
        for task_id, item in list(self.running.items()):
            if self.side_effects.get(task_id):
                results.append(
                    TaskResult(
                        id=task_id,
                        stop_reason="interrupted",
                        attempts=item.attempts,
                        errors=[*item.errors, "interrupted after actions with side effects; not run again"],
                    )
                )


def merge_skills(work_dir: Path, workers: Sequence[str], data_dir: Path) -> list[str]:
    """Bring the skills the workers learned into the library of ``data_dir``, with their provenance.

    A skill the driver does not have is added; one it has is replaced only by a more confident one.
    The provenance (worker, batch folder, time) is kept in the store's metadata.
    """
    merged: list[str] = []
    target: SkillStore | None = None
    try:
        for name in workers:
            path = work_dir / name / SKILLS_FILE
            if not path.is_file():
                continue
            source = SkillStore(path)
            try:
                learned = [s for s in source.all(include_retired=False) if s.source == "learned"]
            finally:
                source.close()
            for skill in learned:
                if target is None:
                    target = SkillStore(Path(data_dir) / SKILLS_FILE)
                mine = target.get(skill.name)
                if mine is not None and (mine.source != "learned" or mine.confidence >= skill.confidence):
                    continue
                target.put(skill)
                target.set_meta(
                    f"provenance:{skill.name}",
                    json.dumps({"batch": str(work_dir), "worker": name, "merged": time.time()}),
                )
                merged.append(skill.name)
    finally:
        if target is not None:
            target.close()
    return merged


async def run_batch(
    tasks: Path | str | Sequence[TaskSpec],
    out: Path | str,
    options: BatchOptions | None = None,
    *,
    settings: Settings | None = None,
    on_event: OnEvent | None = None,
) -> BatchSummary:
    """Run a batch of agent tasks and write one result line per task to ``out``.

    Args:
        tasks: A JSON Lines file of tasks, or the tasks themselves.
        out: The results file (JSON Lines, 0600).
        options: Workers, engine, browsers, retries, time limit, resume, defaults.
        settings: The driver's settings: each worker uses them with a data dir of its own. Learned
            skills are merged into this data dir's library at the end.
        on_event: Called with every event (``line_error``, ``worker_start``, ``worker_failed``,
            ``task_start``, ``tool``, ``task_retry``, ``worker_lost``, ``task_done``).

    Returns:
        A :class:`BatchSummary`.

    Raises:
        ConfigError: Bad options, an unreadable tasks file, a results file that would be
            overwritten, a missing ``ray`` extra, an unreachable Ray cluster, no worker at all.
    """
    options = options or BatchOptions()
    if options.workers < 1:
        raise ConfigError("--workers must be at least 1.")
    if options.max_attempts < 1:
        raise ConfigError("max_attempts must be at least 1.")
    if options.engine not in ("local", "ray"):
        raise ConfigError(f"Unknown engine {options.engine!r}: use --engine local (default) or --engine ray.")
    settings = settings or Settings()
    out = Path(out)
    started = time.perf_counter()
    batch = _Batch(options, settings, on_event)
    if isinstance(tasks, (str, Path)):
        specs, line_errors = read_tasks(tasks)
    else:
        specs, line_errors = list(tasks), []
    batch.summary.line_errors = line_errors
    batch.summary.total = len(specs)
    batch.summary.results = out
    for err in line_errors:
        batch.event({"type": "line_error", "line": err.line, "message": err.message})
    results = ResultsFile(out, resume=options.resume)
    try:
        done = results.done
        todo = [s for s in specs if s.id not in done]
        batch.summary.skipped = len(specs) - len(todo)
        work_dir = options.work_dir or _default_work_dir(out)
        work_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not todo:
            return batch.summary
        engine = make_engine(
            options.engine, batch.event, address=options.ray_address, workers=options.workers
        )
        handles: list[WorkerHandle] = []
        pump = asyncio.ensure_future(engine.pump())
        try:
            handles = await batch.start_workers(engine, work_dir)
            queue = _Queue(todo)
            slots = [asyncio.ensure_future(batch.slot(h, queue, results, engine)) for h in handles]
            try:
                while slots:
                    finished, pending = await asyncio.wait(slots, return_when=asyncio.FIRST_COMPLETED)
                    for s in finished:
                        s.result()
                    slots = list(pending)
                    await queue.wake()
                    if not batch.alive and queue.running == 0:
                        break
            except (asyncio.CancelledError, KeyboardInterrupt):
                batch.summary.interrupted = True
                batch.interrupted(results)
                for s in slots:
                    s.cancel()
                await asyncio.gather(*slots, return_exceptions=True)
                raise
            # Workers that all died leave tasks behind: record them rather than lose them.
            while True:
                item = None
                with contextlib.suppress(Exception):
                    item = queue._items.popleft()
                if item is None:
                    break
                batch.record(
                    results,
                    TaskResult(
                        id=item.spec.id,
                        stop_reason="worker_lost",
                        attempts=item.attempts,
                        errors=[*item.errors, "no worker was left to run it"],
                    ),
                )
        finally:
            await asyncio.gather(*(asyncio.shield(h.stop()) for h in handles), return_exceptions=True)
            pump.cancel()
            with contextlib.suppress(BaseException):
                await pump
            with contextlib.suppress(Exception):
                await engine.drain()
            await engine.close()
        with contextlib.suppress(Exception):
            batch.summary.merged_skills = merge_skills(
                work_dir, list(batch.summary.workers), settings.data_dir
            )
        return batch.summary
    finally:
        results.close()
        batch.summary.seconds = round(time.perf_counter() - started, 3)
