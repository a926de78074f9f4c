"""Benchmark the generated-tool sandbox: what confinement costs per call.

Runs each UI-pattern template's ``test(page)`` on its fixture page in the sandbox, ``--rounds``
times, in real Chromium, and prints the wall time per call (median, 90th percentile), the page
operations per call, and the confinement that was in force. Also prints the time of one bare
``python -I -S -c pass`` start on this machine, for comparison (what any separate process costs).

Usage::

    .venv/bin/python bench/sandbox.py
    .venv/bin/python bench/sandbox.py --rounds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from waypost.api import Waypost
from waypost.config import Settings
from waypost.skills.sandbox import confinement, run_sandboxed
from waypost.skills.templates import TEMPLATES


def _bare_start(rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-S", "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    available, why, mechanisms = confinement()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"confinement: {'available' if available else 'NOT available: ' + why}")
    print(f"in force: {', '.join(mechanisms)}")
    if not available:
        return
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), loopback_only=True)
        async with Waypost(settings) as wp, wp.pool.session("bench") as session:
            page = session.page
            print(f"{'template':<18} {'calls':>5} {'median ms':>10} {'p90 ms':>8} {'ops':>5} ok")
            for template in TEMPLATES:
                times, ops, ok = [], 0, 0
                for _ in range(args.rounds):
                    await page.goto("about:blank")  # a fresh document, as the gate's fresh page
                    await page.set_content(template.fixture_html)
                    started = time.perf_counter()
                    outcome = await run_sandboxed(template.source, page, entry="test")
                    times.append(time.perf_counter() - started)
                    ops, ok = len(outcome.ops), ok + outcome.passed
                times.sort()
                p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
                print(
                    f"{template.name:<18} {len(times):>5} {statistics.median(times) * 1000:>10.0f} "
                    f"{p90 * 1000:>8.0f} {ops:>5} {ok}/{len(times)}"
                )
    print(f"bare 'python -I -S -c pass' start: {_bare_start(args.rounds) * 1000:.0f} ms (median)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    asyncio.run(main())
