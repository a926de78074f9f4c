"""What one page costs each Chromium binary Waypost can launch headless: wall time and CPU.

Every test and every headless run opens pages by the hundred, so the browser's own cost per page
sets much of their time on a 2-core machine. For each binary found (Debian's full ``chromium`` in
headless mode and its ``chromium-headless-shell``) this opens a fresh context and page, loads a
small page, clicks its button and closes the context, ``--pages`` times, and prints the wall time
per page and the CPU time per page of the browser's main process and of all its processes (read
from ``/proc``, so Linux only)::

    .venv/bin/python bench/browser_pages.py [--pages 40]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from playwright.async_api import async_playwright  # noqa: E402

from waypost.browser.launch import CHROMIUM_ARGS, SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL  # noqa: E402

PAGE = "data:text/html,<!doctype html><title>t</title><h1>Hello</h1><input><button>Go</button>"
_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and of its children that have ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(v) for v in fields[11:15]) / _TICKS  # utime stime cutime cstime


def _tree(root: int) -> list[int]:
    """``root`` and every live process below it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _browser_pid(marker: str) -> int | None:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\x00")
            except OSError:
                continue
            # (not a wrapper script's shell, nor one of the browser's helper processes)
            shell = cmd[0].rsplit(b"/", 1)[-1] in (b"sh", b"bash", b"dash")
            if marker.encode() in cmd and not shell and not any(a.startswith(b"--type=") for a in cmd):
                return int(entry.name)
    return None


async def measure(binary: str, pages: int) -> tuple[float, float, float]:
    """Wall ms per page, main-process CPU ms per page, all-processes CPU ms per page."""
    marker = f"--bench-browser-pages={os.getpid()}-{abs(hash(binary))}"
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=binary, args=[*CHROMIUM_ARGS, marker])
        pid = _browser_pid(marker)
        if pid is None:
            await browser.close()
            raise RuntimeError(f"no browser process found for {binary}")
        main0, all0 = _cpu(pid), sum(_cpu(q) for q in _tree(pid))
        started = time.perf_counter()
        for _ in range(pages):
            context = await browser.new_context()
            page = await context.new_page()
            await page.goto(PAGE)
            await page.click("button")
            await context.close()
        wall = time.perf_counter() - started
        main1, all1 = _cpu(pid), sum(_cpu(q) for q in _tree(pid))
        await browser.close()
    return wall / pages * 1000, (main1 - main0) / pages * 1000, (all1 - all0) / pages * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=40)
    args = parser.parse_args()
    binaries = [b for b in (SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL) if Path(b).is_file()]
    if not binaries:
        sys.exit("Neither Debian's chromium nor its chromium-headless-shell is installed.")
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs, {args.pages} pages each")
    print(f"{'binary':45} {'wall ms/page':>13} {'browser CPU':>12} {'all CPU':>9}")
    for binary in binaries:
        wall, main_cpu, all_cpu = asyncio.run(measure(binary, args.pages))
        print(f"{binary:45} {wall:13.0f} {main_cpu:12.0f} {all_cpu:9.0f}")


if __name__ == "__main__":
    main()
