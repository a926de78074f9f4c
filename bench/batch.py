"""Benchmark ``waypost batch``: demo tasks with the offline planner at 1, 2 and 4 workers, on the
local pool and on Ray (real Chromium, the bundled demo site, every request outside 127.0.0.1
aborted).

For each engine and worker count it prints tasks per minute, the scaling efficiency against one
worker of the same engine, the peak memory per worker (proportional set size of the worker's
Chromium with all its child processes, plus the actor process on Ray), and Ray's overhead per
task against the local pool at the same worker count. Ray starts once (its start-up time is
printed apart, not counted per task).

The tasks are the 26 of ``bench/tasks/tasks.json``, repeated under new ids up to ``--tasks``
(default 44). A worker keeps its learned skills across its tasks, as in a real batch.

Usage::

    .venv/bin/python bench/batch.py                         # local and ray, 1/2/4 workers
    .venv/bin/python bench/batch.py --engines local --workers 1 2 --tasks 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TASKS = Path(__file__).with_name("tasks") / "tasks.json"
TOKENIZERS = REPO.parent / "shared" / "tokenizers"
if "TIKTOKEN_CACHE_DIR" not in os.environ and TOKENIZERS.is_dir():
    os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from waypost.batch import BatchOptions, RunDefaults, TaskSpec, run_batch  # noqa: E402
from waypost.batch.worker import chromium_pids  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.demo.server import DemoSite  # noqa: E402


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _pss(pid: int) -> int:
    # Proportional set size: shared pages (Chromium's processes share most of their code) are
    # split among the processes that map them, so the sum over a tree is not inflated.
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class MemorySampler:
    """Samples each worker's memory (its Chromium tree, and its actor process on Ray) twice a second."""

    def __init__(self) -> None:
        self.instances: dict[str, str] = {}
        self.actor_pids: dict[str, int] = {}
        self.peak: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def on_event(self, event: dict[str, Any]) -> None:
        if event.get("type") == "worker_start":
            self.instances[event["worker"]] = event["instance"]
            if event.get("pid") != os.getpid():
                self.actor_pids[event["worker"]] = event["pid"]

    def _loop(self) -> None:
        while not self._stop.wait(0.5):
            tree = _children()
            for worker, instance in list(self.instances.items()):
                total = 0
                todo = list(chromium_pids(instance))
                if worker in self.actor_pids:
                    todo.append(self.actor_pids[worker])
                seen: set[int] = set()
                while todo:
                    pid = todo.pop()
                    if pid in seen:
                        continue
                    seen.add(pid)
                    total += _pss(pid)
                    todo += tree.get(pid, [])
                self.peak[worker] = max(self.peak.get(worker, 0), total)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def load_tasks(count: int, portal: str, finance: str) -> list[TaskSpec]:
    base = json.loads(TASKS.read_text(encoding="utf-8"))["tasks"]
    specs = []
    for i in range(count):
        t = base[i % len(base)]
        start = t.get("start", "{portal}/").replace("{portal}", portal).replace("{finance}", finance)
        specs.append(TaskSpec(id=f"{t['id']}-{i}", task=t["task"], start=start))
    return specs


async def one_run(engine: str, workers: int, tasks: list[TaskSpec], tmp: Path) -> dict[str, Any]:
    settings = Settings(
        data_dir=tmp / f"{engine}-{workers}" / "driver",
        loopback_only=True,
        retry=RetrySettings(tries=2, delays=(0.2,), jitter=0.1),
    )
    out = tmp / f"{engine}-{workers}.jsonl"
    options = BatchOptions(workers=workers, engine=engine, defaults=RunDefaults(approve="always"))
    sampler = MemorySampler()
    with sampler:
        started = time.perf_counter()
        summary = await run_batch(tasks, out, options, settings=settings, on_event=sampler.on_event)
        seconds = time.perf_counter() - started
    peaks = list(sampler.peak.values()) or [0]
    return {
        "engine": engine,
        "workers": workers,
        "tasks": len(tasks),
        "done": summary.done,
        "failed": summary.failed,
        "seconds": round(seconds, 1),
        "tasks_per_min": round(len(tasks) / seconds * 60, 1),
        "peak_mib_per_worker": round(max(peaks) / 2**20),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--engines", nargs="+", default=["local", "ray"], choices=["local", "ray"])
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2, 4])
    parser.add_argument("--tasks", type=int, default=44)
    parser.add_argument("--json", type=Path, help="Also write the figures here.")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    ray_start = None
    with DemoSite() as site, tempfile.TemporaryDirectory(prefix="wp-bench-batch-") as tmp_name:
        tmp = Path(tmp_name)
        tasks = load_tasks(args.tasks, site.url_for("").rstrip("/"), site.finance_url.rstrip("/"))
        for engine in args.engines:
            if engine == "ray":
                import ray

                t0 = time.perf_counter()
                ray.init(
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level="ERROR",
                    resources={"browser": max(args.workers)},
                )
                ray_start = time.perf_counter() - t0
            for n in args.workers:
                row = asyncio.run(one_run(engine, n, tasks, tmp))
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
            if engine == "ray":
                import ray

                ray.shutdown()
    by = {(r["engine"], r["workers"]): r for r in rows}
    load = os.getloadavg()
    print(f"\nwaypost batch: {args.tasks} demo tasks, offline planner, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")  # fmt: skip
    if ray_start is not None:
        print(f"Ray start-up (once, not counted below): {ray_start:.1f} s")
    print(f"{'engine':<7}{'workers':>8}{'done':>6}{'failed':>7}{'seconds':>9}{'tasks/min':>10}"
          f"{'efficiency':>11}{'peak MiB/worker':>16}{'Ray overhead/task':>19}")  # fmt: skip
    for r in rows:
        one = by.get((r["engine"], 1))
        eff = r["tasks_per_min"] / (one["tasks_per_min"] * r["workers"]) if one else float("nan")
        overhead = ""
        local = by.get(("local", r["workers"]))
        if r["engine"] == "ray" and local:
            overhead = f"{(r['seconds'] - local['seconds']) / r['tasks'] * r['workers']:+.2f} s"
        head = f"{r['engine']:<7}{r['workers']:>8}{r['done']:>6}{r['failed']:>7}{r['seconds']:>9.1f}"
        print(f"{head}{r['tasks_per_min']:>10.1f}{eff:>11.0%}{r['peak_mib_per_worker']:>16}{overhead:>19}")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "ray_start": ray_start, "load": load}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
