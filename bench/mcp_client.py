"""Benchmark Waypost's MCP client: how long a server takes to start, and what one tool call costs.

The server is the tests' notes server (``tests/mcp_client/notes_server.py``, the official ``mcp``
SDK's MCPServer), started over stdio and over streamable HTTP on 127.0.0.1. Figures: seconds to
start and list the tools, and the median / 90th percentile of ``N`` calls of its read-only tool
through the ToolSpec the agent uses (approval gate, argument check and result formatting
included). Machine load is printed with the figures: they are noisy on a shared machine.

Usage::

    .venv/bin/python bench/mcp_client.py [--calls 50]
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

from waypost.approval import ApprovalGate
from waypost.mcp_client import McpClients, collect

SERVER = Path(__file__).resolve().parent.parent / "tests" / "mcp_client" / "notes_server.py"


async def measure(name: str, entry: dict[str, object], calls: int) -> None:
    clients = McpClients(collect({name: entry}), approval=ApprovalGate("always"), start_timeout=60)
    started = time.perf_counter()
    await clients.start()
    start_s = time.perf_counter() - started
    if clients.problems:
        print(f"{name}: {clients.problems[0]}")
        return
    spec = next(s for s in clients.tool_specs() if s.name.endswith("lookup_note"))
    lookup = spec.bind(None)  # type: ignore[arg-type]
    times = []
    for _ in range(calls):
        t = time.perf_counter()
        await lookup(topic="opening hours")
        times.append((time.perf_counter() - t) * 1000)
    await clients.close()
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    median = statistics.median(times)
    print(f"{name:6} start {start_s:5.2f} s · call median {median:6.1f} ms · p90 {p90:6.1f} ms · n={calls}")


async def main(calls: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        notes = str(Path(tmp) / "notes.json")
        await measure(
            "stdio", {"command": sys.executable, "args": [str(SERVER), "stdio", "--notes", notes]}, calls
        )
        proc = subprocess.Popen(  # noqa: ASYNC220  # started once, before anything is measured
            [sys.executable, str(SERVER), "http", "--notes", notes], stdout=subprocess.PIPE, text=True
        )
        try:
            port = int((proc.stdout.readline() if proc.stdout else "PORT 0").split()[1])
            await measure("http", {"url": f"http://127.0.0.1:{port}/mcp"}, calls)
        finally:
            proc.kill()
            proc.wait()
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50)
    asyncio.run(main(parser.parse_args().calls))
