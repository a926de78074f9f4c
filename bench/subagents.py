"""Benchmark sub-agents: one research task split across 3 sub-agents, against the same 3 parts run serially.

The research task: "the top headlines of the politics, sport and culture sections" of the bundled
demo site (``waypost.demo``), split into three tasks of ``bench/tasks/tasks.json``
(``nav-politics-headline``, ``nav-sport-headline-de``, ``find-kultur-headline-de``), each carried
out by the offline planner in real Chromium (every request outside 127.0.0.1 aborted).

* **serial**: ``run_task`` three times, one after the other, each in its own browser session;
* **parallel**: a :class:`~waypost.subagents.SubAgentManager` spawns the three as sub-agents (own
  session, own thread, restricted file system, at most 3 at once), waits for them and merges
  their ``result.md`` files.

On a local site with a free planner nothing waits, so the parts compete for the same cores. Real
research waits on the network and on the model; ``--site-latency`` (seconds per HTTP response of
the demo site) and ``--model-latency`` (seconds per model turn, added to the offline planner) make
those waits explicit, and the figures say which were used.

Every round starts a fresh Waypost (fresh data dir, so nothing learned in one round helps the
next) and times only the work, not the browser's start. Each part's answer is checked. The
machine's cores bound the gain: browser rendering and the planner share them.

Usage::

    .venv/bin/python bench/subagents.py               # 3 rounds
    .venv/bin/python bench/subagents.py --rounds 5 --json bench-subagents.json
    .venv/bin/python bench/subagents.py --site-latency 0.2 --model-latency 1.0   # remote site, hosted model
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from agent import offline_planner

REPO = Path(__file__).resolve().parents[1]
TASKS = Path(__file__).with_name("tasks") / "tasks.json"
TOKENIZERS = REPO.parent / "shared" / "tokenizers"
PARTS = ("nav-politics-headline", "nav-sport-headline-de", "find-kultur-headline-de")


def load_parts(portal: str, finance: str) -> list[dict[str, Any]]:
    tasks = {t["id"]: t for t in json.loads(TASKS.read_text(encoding="utf-8"))["tasks"]}
    out = []
    for part in PARTS:
        raw = json.dumps(tasks[part]).replace("{portal}", portal).replace("{finance}", finance)
        out.append(json.loads(raw))
    return out


def answered(part: dict[str, Any], answer: str) -> bool:
    return all(text.lower() in answer.lower() for text in part["checks"].get("answer_contains", []))


async def run_serial(
    parts: list[dict[str, Any]], data_dir: Path, max_steps: int, model: Any = None
) -> tuple[float, list[bool]]:
    from waypost.api import Waypost, run_task
    from waypost.config import Settings

    async with Waypost(Settings(data_dir=data_dir, loopback_only=True, nav_timeout=15.0)) as wp:
        started = time.perf_counter()
        results = []
        for i, part in enumerate(parts):
            results.append(
                await run_task(
                    wp,
                    part["task"],
                    start_url=part["start"],
                    max_steps=max_steps,
                    approve="ask",
                    approver=lambda _payload: "no",
                    session_id=f"serial-{i}",
                    model=model,
                )
            )
        seconds = time.perf_counter() - started
    return seconds, [answered(p, r.answer) for p, r in zip(parts, results, strict=True)]


async def run_parallel(
    parts: list[dict[str, Any]], data_dir: Path, max_steps: int, max_parallel: int, model: Any = None
) -> tuple[float, list[bool], str]:
    from waypost.api import Waypost
    from waypost.config import Settings
    from waypost.subagents import SubAgentManager
    from waypost.vfs import VirtualFS

    async with Waypost(Settings(data_dir=data_dir, loopback_only=True, nav_timeout=15.0)) as wp:
        fs = VirtualFS()
        started = time.perf_counter()
        async with SubAgentManager(
            wp, fs, model=model, max_parallel=max_parallel, max_steps=max_steps
        ) as agents:
            spawned = [
                await agents.spawn(part["task"], f"part{i}", start_url=part["start"])
                for i, part in enumerate(parts)
            ]
            await agents.wait_for(timeout=600)
            merged = agents.merge()
        seconds = time.perf_counter() - started
    oks = [a.result is not None and answered(p, a.result.answer) for p, a in zip(parts, spawned, strict=True)]
    return seconds, oks, merged


async def main(args: argparse.Namespace) -> dict[str, Any]:
    from waypost.demo.server import DemoSite

    rows: list[dict[str, Any]] = []
    model = offline_planner(args.model_latency) if args.model_latency else None
    with DemoSite(latency=args.site_latency) as site:
        parts = load_parts(site.url, site.finance_url)
        merged = ""
        for rnd in range(args.rounds):
            with tempfile.TemporaryDirectory(prefix="wp-bench-sub-") as tmp:
                # Alternate the order, so neither mode always runs on a warmer machine.
                order = ("serial", "parallel") if rnd % 2 == 0 else ("parallel", "serial")
                row: dict[str, Any] = {"round": rnd + 1}
                for mode in order:
                    data = Path(tmp) / mode
                    if mode == "serial":
                        row["serial_s"], row["serial_ok"] = await run_serial(
                            parts, data, args.max_steps, model
                        )
                    else:
                        row["parallel_s"], row["parallel_ok"], merged = await run_parallel(
                            parts, data, args.max_steps, args.max_parallel, model
                        )
                row["ratio"] = row["parallel_s"] / row["serial_s"]
                rows.append(row)
                print(
                    f"round {rnd + 1}: serial {row['serial_s']:.2f} s ({sum(row['serial_ok'])}/3 answered)  "
                    f"parallel {row['parallel_s']:.2f} s ({sum(row['parallel_ok'])}/3 answered)  "
                    f"ratio {row['ratio']:.2f}",
                    flush=True,
                )
    serial = statistics.median(r["serial_s"] for r in rows)
    parallel = statistics.median(r["parallel_s"] for r in rows)
    totals = {
        "parts": list(PARTS),
        "rounds": args.rounds,
        "cores": os.cpu_count(),
        "max_parallel": args.max_parallel,
        "site_latency_s": args.site_latency,
        "model_latency_s": args.model_latency,
        "median_serial_s": round(serial, 2),
        "median_parallel_s": round(parallel, 2),
        "ratio_parallel_over_serial": round(parallel / serial, 2),
        "speedup": round(serial / parallel, 2),
        "all_answered": all(all(r["serial_ok"]) and all(r["parallel_ok"]) for r in rows),
        "rows": rows,
    }
    print(
        f"\nsite latency {args.site_latency:g} s, model latency {args.model_latency:g} s"
        f"\nmedian over {args.rounds} rounds ({os.cpu_count()} cores): serial {serial:.2f} s, "
        f"3 sub-agents in parallel {parallel:.2f} s, ratio {parallel / serial:.2f} "
        f"(speed-up ×{serial / parallel:.2f}); every part answered: {totals['all_answered']}"
    )
    if args.show_merged:
        print("\n" + merged)
    return totals


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-steps", type=int, default=12)
    parser.add_argument("--max-parallel", type=int, default=3)
    parser.add_argument("--site-latency", type=float, default=0.0, help="seconds per demo-site response")
    parser.add_argument("--model-latency", type=float, default=0.0, help="seconds per model turn")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--show-merged", action="store_true", help="print the merged result.md files")
    return parser.parse_args(argv)


if __name__ == "__main__":
    if "TIKTOKEN_CACHE_DIR" not in os.environ and TOKENIZERS.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
    sys.path.insert(0, str(REPO / "src"))
    arguments = parse_args()
    figures = asyncio.run(main(arguments))
    if arguments.json:
        arguments.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
