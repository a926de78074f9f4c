"""``waypost batch``: many agent tasks on a local pool or a Ray cluster, with a live display."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from waypost.cli.options import (
    BatchApprove,
    DataDir,
    Headful,
    LoopbackOnly,
    PlannerMode,
    choice,
    choices,
    cli_settings,
    err,
    fail,
)
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from waypost.batch import BatchSummary


class ProgressView:
    """The live view: done / failed / running, throughput, ETA and each worker's state."""

    def __init__(self, total: int | None = None) -> None:
        self.total = total
        self.done = 0
        self.failed = 0
        self.started = time.perf_counter()
        self.workers: dict[str, str] = {}
        self.notes: list[str] = []

    def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        worker = str(event.get("worker", ""))
        if kind == "task_start":
            self.workers[worker] = f"running {event.get('task')}"
        elif kind == "task_done":
            result = event.get("result", {})
            if result.get("success"):
                self.done += 1
            else:
                self.failed += 1
            if result.get("worker"):
                self.workers[str(result["worker"])] = "idle"
        elif kind == "worker_start":
            self.workers[worker] = "idle"
        elif kind in ("worker_failed", "worker_lost"):
            self.workers[worker] = "lost" if kind == "worker_lost" else "failed"
            self.note(f"{worker}: {event.get('reason')}")
        elif kind == "task_retry":
            self.note(f"task {event.get('task')} handed on ({event.get('reason')})")
        elif kind == "line_error":
            self.note(f"line {event.get('line')}: {event.get('message')}")

    def note(self, text: str) -> None:
        self.notes = [*self.notes[-4:], text]

    def __rich__(self) -> Group:
        finished = self.done + self.failed
        elapsed = max(time.perf_counter() - self.started, 1e-6)
        rate = finished / elapsed * 60
        running = sum(1 for s in self.workers.values() if s.startswith("running"))
        line = f"done {self.done} · failed {self.failed} · running {running}"
        if self.total:
            line += f" · of {self.total}"
        line += f" · {rate:.1f} tasks/min"
        if self.total and finished and finished < self.total:
            eta = (self.total - finished) / (finished / elapsed)
            line += f" · ETA {eta:.0f} s"
        table = Table(show_header=True, header_style="bold", box=None)
        table.add_column("worker")
        table.add_column("state")
        for name, state in sorted(self.workers.items()):
            table.add_row(name, state)
        return Group(Text(line), table, *(Text(n, style="yellow") for n in self.notes))


def summary_table(summary: BatchSummary) -> Table:
    """The table printed at the end of a batch."""
    table = Table(title=f"{summary.results}", show_header=True, header_style="bold")
    for col in ("worker", "endpoint", "tasks", "failed", "lost", "state"):
        table.add_column(col)
    for name, s in sorted(summary.workers.items()):
        table.add_row(
            name, s.get("endpoint") or "local", str(s["tasks"]), str(s["failed"]), str(s["lost"]), s["state"]
        )
    return table


def batch_command(
    tasks: Annotated[Path, typer.Argument(help="Tasks, one JSON object a line: id, task, start, ...")],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Results file (JSON Lines), written as tasks end.")
    ],
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, max=256, help="Workers at once.")] = 2,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            parser=choice(("local", "ray")),
            metavar=choices(("local", "ray")),
            help="local (this machine) or ray (pip install 'waypost\\[ray]').",
        ),
    ] = "local",
    ray_address: Annotated[
        str | None, typer.Option("--ray-address", help="Join this Ray cluster (HOST:PORT or auto).")
    ] = None,
    browsers: Annotated[
        list[str] | None,
        typer.Option("--browsers", help="Remote browser CDP endpoint (repeat), or a file with one a line."),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Skip ids already in --out.")] = False,
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, max=500, help="Model turns per task.")] = 30,
    model: Annotated[
        str | None, typer.Option("--model", help="Model name (default: offline planner).")
    ] = None,
    base_url: Annotated[str | None, typer.Option("--base-url", help="OpenAI-compatible endpoint.")] = None,
    planner_mode: PlannerMode = None,
    approve: BatchApprove = "deny",
    task_timeout: Annotated[
        float, typer.Option("--task-timeout", min=1, help="Seconds a task may take.")
    ] = 600.0,
    max_attempts: Annotated[
        int, typer.Option("--max-attempts", min=1, max=10, help="Workers that may try a task.")
    ] = 2,
    data_dir: DataDir = None,
    headful: Headful = None,
    loopback_only: LoopbackOnly = None,
) -> None:
    """Run many agent tasks in parallel; results go to --out as each task ends."""
    from waypost.batch import BatchOptions, RunDefaults, run_batch  # here: start-up speed

    settings = cli_settings(data_dir=data_dir, headful=headful, loopback_only=loopback_only)
    endpoints = _endpoints(browsers or [])
    options = BatchOptions(
        workers=workers,
        engine=engine,
        ray_address=ray_address,
        browsers=endpoints,
        max_attempts=max_attempts,
        task_timeout=task_timeout,
        resume=resume,
        defaults=RunDefaults(
            model=model,
            base_url=base_url,
            api_key=os.environ.get("WAYPOST_API_KEY") or os.environ.get("OPENAI_API_KEY"),
            max_steps=max_steps,
            planner_mode=planner_mode,
            approve=approve,
        ),
    )
    view = ProgressView()
    live = (
        Live(view, console=err.console, refresh_per_second=4)
        if sys.stderr.isatty()
        else contextlib.nullcontext()
    )
    try:
        with live:
            summary = asyncio.run(run_batch(tasks, out, options, settings=settings, on_event=view.on_event))
    except KeyboardInterrupt:
        err.print(f"Stopped. Finished tasks are in {out}; run again with --resume to continue.")
        raise typer.Exit(130) from None
    except WaypostError as exc:
        raise fail(exc) from None
    for line_error in summary.line_errors:
        err.print(
            f"[yellow]Skipped[/yellow] {tasks}:{line_error.line}: {line_error.message}", highlight=False
        )
    err.print(summary_table(summary))
    err.print(
        f"{summary.done} done, {summary.failed} failed, {summary.skipped} skipped (already in {out}), "
        f"{len(summary.line_errors)} bad line(s), {summary.seconds:.1f} s; "
        f"{len(summary.merged_skills)} learned skill(s) merged.",
        highlight=False,
    )
    if summary.failed or summary.line_errors:
        raise typer.Exit(1)


def _endpoints(values: list[str]) -> list[str]:
    endpoints: list[str] = []
    for value in values:
        path = Path(value)
        if "://" not in value and path.is_file():
            endpoints += [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        else:
            endpoints += [v for v in value.split(",") if v.strip()]
    return endpoints
