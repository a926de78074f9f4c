"""Where the time of one inventory goes on a page: the in-page scan (by function, from Chromium's
sampling profiler), the transfer of its result to Python, JSON parsing and building the descriptors.

Each page is loaded once and scanned ``--repeat`` times; medians are printed (milliseconds):
``script`` as measured inside the scan, ``evaluate`` the whole ``page.evaluate`` round trip,
``transfer`` their difference, ``parse`` ``json.loads``, ``build`` ``Screen.from_json``, ``kB``
the size of the result, and with ``--js-profile`` the functions of the scan by self time.

    .venv/bin/python bench/scan_profile.py corpus/archive-of-our-own/source.html --js-profile
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
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.retrieval import _start_servers, open_fixture  # noqa: E402

from waypost.browser.pool import SessionPool  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.retrieval.descriptor import Screen  # noqa: E402
from waypost.retrieval.page_scripts import INVENTORY_JS  # noqa: E402

OPTS = {"recentMs": 3000, "maxElements": 5000, "budgetMs": 60000}


def _self_times(profile: dict[str, Any]) -> Counter[str]:
    nodes = {n["id"]: n for n in profile["nodes"]}
    samples = profile.get("samples") or []
    deltas = profile.get("timeDeltas") or []
    out: Counter[str] = Counter()
    for sid, dt in zip(samples, deltas, strict=False):
        cf = nodes[sid]["callFrame"]
        out[f"{cf['functionName'] or '(anon)'}:{cf['lineNumber']}"] += dt / 1000.0
    return out


async def run(args: argparse.Namespace, urls: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp), loopback_only=True, nav_timeout=30, retry=RetrySettings(tries=1)
        )
        async with SessionPool(settings) as pool:
            for n, key in enumerate(args.pages):
                sid = f"scan-{n}"
                async with pool.session(sid) as session:
                    page = session.page
                    await open_fixture(page, f"{urls['pages']}/{key}")
                    m: dict[str, list[float]] = {
                        k: [] for k in ("script", "evaluate", "parse", "build", "kB")
                    }
                    cpu0 = time.process_time()
                    for _ in range(args.repeat):
                        t0 = time.perf_counter()
                        text = await page.evaluate(INVENTORY_JS, OPTS)
                        t1 = time.perf_counter()
                        raw = json.loads(text)
                        t2 = time.perf_counter()
                        screen = Screen.from_json(raw)
                        t3 = time.perf_counter()
                        m["script"].append(float(raw.get("ms") or 0.0))
                        m["evaluate"].append((t1 - t0) * 1000)
                        m["parse"].append((t2 - t1) * 1000)
                        m["build"].append((t3 - t2) * 1000)
                        m["kB"].append(len(text.encode()) / 1000)
                    cpu = (time.process_time() - cpu0) * 1000 / args.repeat
                    med = {k: statistics.median(v) for k, v in m.items()}
                    print(
                        f"{key:48s} {len(screen.elements):5d} el  script {med['script']:6.1f}  "
                        f"evaluate {med['evaluate']:6.1f}  transfer {med['evaluate'] - med['script']:6.1f}  "
                        f"parse {med['parse']:5.1f}  build {med['build']:5.1f}  {med['kB']:7.0f} kB  "
                        f"python cpu/run {cpu:6.1f}  load {os.getloadavg()[0]:.1f}",
                        flush=True,
                    )
                    if args.js_profile:
                        cdp = await page.context.new_cdp_session(page)
                        await cdp.send("Profiler.enable")
                        await cdp.send("Profiler.setSamplingInterval", {"interval": 100})
                        await cdp.send("Profiler.start")
                        for _ in range(args.repeat):
                            await page.evaluate(INVENTORY_JS, OPTS)
                        prof = (await cdp.send("Profiler.stop"))["profile"]
                        total = 0.0
                        st = _self_times(prof)
                        for name, ms in st.most_common(args.top):
                            if name.startswith("(idle)") or name.startswith("(program)"):
                                continue
                            total += ms
                            print(f"    {ms / args.repeat:7.1f} ms  {name}")
                        await cdp.detach()
                await pool.close_session(sid, forget=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--js-profile", action="store_true")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    servers, urls = _start_servers()
    try:
        asyncio.run(run(args, urls))
    finally:
        servers.terminate()
        servers.wait(timeout=10)


if __name__ == "__main__":
    main()
