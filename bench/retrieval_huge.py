"""How long act takes to refuse a huge page (issue 20): a generated page with N links.

    .venv/bin/python bench/retrieval_huge.py [--links 30000 100000]

Prints, per size, the seconds until ``act`` answers (PageTooLarge: the element cap or the time
budget stops the scan) and which limit stopped it. Before the limits, 30,000 links took 53 s.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from waypost.browser.pool import SessionPool  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.retrieval import Actor, PageTooLarge, RetrievalSettings, collect  # noqa: E402

_PAGE = """(n) => { const ul = document.createElement('ul');
  for (let i = 0; i < n; i++) { const li = document.createElement('li');
    li.innerHTML = '<a href="/p/' + i + '">Item ' + i + '</a>'; ul.appendChild(li); }
  document.body.appendChild(ul); }"""


async def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), loopback_only=True, retry=RetrySettings(tries=1))
        async with SessionPool(settings) as pool:
            for n in sizes:
                async with pool.session(f"huge-{n}") as s:
                    await s.page.set_content("<!doctype html><title>Huge</title><h1>Links</h1>")
                    await s.page.evaluate(_PAGE, n)
                    t0 = time.perf_counter()
                    try:
                        await collect(s.page)
                        why = "no limit hit"
                    except PageTooLarge as exc:
                        why = exc.reason
                    scan = time.perf_counter() - t0
                    t1 = time.perf_counter()
                    report = await Actor(RetrievalSettings(memory=False, telemetry=False)).act(
                        s.page, f"click Item {n - 1}"
                    )
                    took = time.perf_counter() - t1
                    print(
                        f"{n:>7,} links: scan refused after {scan:.2f} s ({why}); "
                        f"act answered {report.steps[0].status} after {took:.2f} s"
                    )
                await pool.close_session(f"huge-{n}", forget=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, nargs="*", default=[30_000, 100_000])
    asyncio.run(main(parser.parse_args().links))
