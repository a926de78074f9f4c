"""Benchmark learning: each task of ``bench/tasks/tasks.json`` twice, before and after it was learned.

For every task, a fresh skills database: the first run starts with only the predefined skills and
learns (reflection proposes a skill with a macro from a successful run); the second run, in a fresh
browser profile with the skills database of the first, matches the learned skill and replays its
macro before the agent starts. Printed per task and in total, for both runs: success (the task's
checks, as in ``bench/agent.py``), model steps, tokens (in + out; the offline planner's are the
prompt sizes a model would have read), seconds (wall time with the browser), and for the second run
how many macro steps were replayed.

Usage::

    .venv/bin/python bench/skills.py                  # the offline planner, every task
    .venv/bin/python bench/skills.py --only search-wahlrecht login-demo
    .venv/bin/python bench/skills.py --json bench-skills.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent import TASKS, TOKENIZERS, check, fill, load_tasks, make_chat_model


@dataclass
class RunFigures:
    success: bool
    steps: int
    tokens: int
    seconds: float
    replayed: int = 0
    learned: str | None = None


@dataclass
class Pair:
    id: str
    first: RunFigures
    second: RunFigures


async def one_run(task: dict[str, Any], data_dir: Path, model: Any, max_steps: int) -> RunFigures:
    from waypost.api import Waypost
    from waypost.config import Settings

    async with Waypost(Settings(data_dir=data_dir, loopback_only=True, nav_timeout=15.0)) as wp:
        started = time.perf_counter()
        result = await wp.run(
            task["task"], start_url=task["start"], model=model, max_steps=max_steps, approve="always"
        )
        seconds = time.perf_counter() - started
        failed, _ = await check(task, result.answer, wp)
        learned = wp.skills.last
        replayed = sum(1 for a in result.actions if str(a.get("tool")) and a.get("step") == 0)
    return RunFigures(
        success=not failed,
        steps=result.steps,
        tokens=result.tokens_in + result.tokens_out,
        seconds=round(seconds, 2),
        replayed=replayed,
        learned=learned.proposed if learned else None,
    )


async def main_async(args: argparse.Namespace) -> int:
    from waypost.demo.server import DemoSite

    tasks = load_tasks(Path(args.tasks), args.only)
    if not tasks:
        print("no tasks match --only", file=sys.stderr)
        return 2
    model = make_chat_model(
        args.model, None, None, Path(tempfile.gettempdir()) / "waypost-bench-models", args.model_latency
    )
    pairs: list[Pair] = []
    with DemoSite() as site:
        for raw in tasks:
            task = fill(raw, site.url, site.finance_url)
            with tempfile.TemporaryDirectory(prefix="wp-bench-skills-") as tmp:
                first_dir, second_dir = Path(tmp) / "first", Path(tmp) / "second"
                first = await one_run(task, first_dir, model, args.max_steps)
                second_dir.mkdir(mode=0o700)
                shutil.copy2(first_dir / "skills.db", second_dir / "skills.db")
                second = await one_run(task, second_dir, model, args.max_steps)
            pairs.append(Pair(task["id"], first, second))
            if args.verbose:
                print(f"{task['id']}: learned {first.learned}", file=sys.stderr)
    print_table(pairs, args.model + (f" (+{args.model_latency:g} s per turn)" if args.model_latency else ""))
    if args.json:
        text = json.dumps([asdict(p) for p in pairs], indent=1) + "\n"
        await asyncio.to_thread(Path(args.json).write_text, text, encoding="utf-8")
    return 0


def print_table(pairs: list[Pair], model: str) -> None:
    print(f"model: {model}   (first run learns, second run uses what was learned)")
    head = f"{'task':30} {'ok 1/2':7} {'steps 1→2':>10} {'tokens 1→2':>15} {'sec 1→2':>13} {'replayed':>8}"
    print(head)
    for p in pairs:
        a, b = p.first, p.second
        ok = ("✓" if a.success else "✗") + "/" + ("✓" if b.success else "✗")
        print(
            f"{p.id:30} {ok:7} {a.steps:>4} → {b.steps:<3} {a.tokens:>6} → {b.tokens:<6} "
            f"{a.seconds:>5.2f} → {b.seconds:<5.2f} {b.replayed:>8}"
        )
    s1 = sum(p.first.steps for p in pairs)
    s2 = sum(p.second.steps for p in pairs)
    t1 = sum(p.first.tokens for p in pairs)
    t2 = sum(p.second.tokens for p in pairs)
    c1 = sum(p.first.seconds for p in pairs)
    c2 = sum(p.second.seconds for p in pairs)
    ok1 = sum(p.first.success for p in pairs)
    ok2 = sum(p.second.success for p in pairs)
    n = len(pairs)

    def pct(a: float, b: float) -> str:
        return f"{(b - a) / a:+.0%}" if a else "n/a"

    print(
        f"\ntotal: success {ok1}/{n} → {ok2}/{n}; steps {s1} → {s2} ({pct(s1, s2)}); tokens {t1} → {t2} "
        f"({pct(t1, t2)}); seconds {c1:.1f} → {c2:.1f} ({pct(c1, c2)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--model", default="offline", help="offline | local:PATH | an OpenAI-compatible model"
    )
    parser.add_argument(
        "--model-latency", type=float, default=0.0, help="offline: seconds per turn, as a model endpoint"
    )
    parser.add_argument("--tasks", default=str(TASKS))
    parser.add_argument("--only", nargs="*", help="task ids or categories")
    parser.add_argument("--max-steps", type=int, default=30)
    parser.add_argument("--json", default=None, help="write the figures here")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if "TIKTOKEN_CACHE_DIR" not in os.environ and TOKENIZERS.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
