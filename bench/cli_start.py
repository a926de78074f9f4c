"""How long `waypost --help` and `waypost --version` take to start, in a fresh process each time.

Prints the median and the best of N runs for each (wall clock), with the machine's load: the
start time is mostly importing, which a busy shared machine slows down.

Usage::

    .venv/bin/python bench/cli_start.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def time_command(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "waypost.cli", *args], capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for command in (["--version"], ["--help"]):
        times = time_command(command, args.runs)
        print(
            f"waypost {' '.join(command):10} median {statistics.median(times):.2f} s, "
            f"best {min(times):.2f} s ({args.runs} runs)"
        )
    print(f"load average at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
