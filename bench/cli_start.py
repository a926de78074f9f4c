"""How long `waypost --help` and `waypost --version` take to start, in a fresh process each time.

Prints the median and the best of N runs for each, wall clock and CPU time (user + system of the
child process), with the machine's load: the start time is mostly importing, which a busy shared
machine slows down; CPU time is less sensitive to that than the wall clock.

To compare with another checkout, point ``PYTHONPATH`` at its ``src`` (e.g. ``/work/main/src``).

Usage::

    .venv/bin/python bench/cli_start.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def time_command(args: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of ``runs`` fresh ``waypost ARGS`` processes."""
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "waypost.cli", *args], capture_output=True, check=True)
        wall.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for command in (["--version"], ["--help"], ["run", "--help"]):
        wall, cpu = time_command(command, args.runs)
        print(
            f"waypost {' '.join(command):10} wall median {statistics.median(wall):.2f} s, "
            f"best {min(wall):.2f} s; CPU median {statistics.median(cpu):.2f} s ({args.runs} runs)"
        )
    print(f"load average at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
