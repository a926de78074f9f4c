"""Where the time of one ``resolve`` goes on large pages: in-page scan, transfer, index, rank, validation.

For each page (a key as in the labelled sets, e.g. ``corpus/wikipedia/source.html``) the page is
loaded once and each of the given queries is resolved ``--repeat`` times with a fresh finder
(no index cache across queries unless ``--warm``). Printed per page: elements, in-page script ms
(measured with ``performance.now()`` inside the evaluation), the rest of the inventory (protocol +
JSON + descriptors), index build, ranking, validation, total; medians over the runs. ``--cprofile``
prints the top Python functions by cumulative time over all runs.

    .venv/bin/python bench/retrieval_profile.py corpus/wikipedia/source.html corpus/nytimes-1/source.html
    .venv/bin/python bench/retrieval_profile.py --all-corpus --cprofile
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.retrieval import _start_servers, open_fixture  # noqa: E402

from waypost.browser.pool import SessionPool  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.retrieval import RetrievalSettings, load_model, parse_instruction  # noqa: E402
from waypost.retrieval.finder import ElementFinder  # noqa: E402
from waypost.retrieval.page_scripts import INVENTORY_JS  # noqa: E402
from waypost.retrieval.query import Intent  # noqa: E402

QUERIES = ("click the search button", "type hello into the comment box", "click the next article link")


def _cases_for(page: str) -> list[str]:
    out: list[str] = []
    for file in ("retrieval_corpus.jsonl", "retrieval_ext.jsonl"):
        for line in (ROOT / "bench" / file).read_text(encoding="utf-8").splitlines():
            if line.strip():
                c = json.loads(line)
                if c["page"] == page and c["part"] == "tune":
                    out.append(c["instruction"])
    return out or list(QUERIES)


async def profile(args: argparse.Namespace, pages: list[str], urls: dict[str, str]) -> None:
    prof = cProfile.Profile() if args.cprofile else None
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp), loopback_only=True, nav_timeout=30, retry=RetrySettings(tries=1)
        )
        async with SessionPool(settings) as pool:
            for n, key in enumerate(pages):
                async with pool.session(f"prof-{n}") as session:
                    page = session.page
                    await open_fixture(page, f"{urls['pages']}/{key}")
                    if args.save:
                        raw = await page.evaluate(
                            INVENTORY_JS, {"recentMs": 3000, "maxElements": 5000, "budgetMs": 60000}
                        )
                        out = Path(args.save) / (key.replace("/", "_") + ".json")
                        out.write_text(raw, encoding="utf-8")
                    rs = RetrievalSettings(memory=False, telemetry=False, inventory_timeout=60)
                    shared = ElementFinder(rs, model=load_model(None))
                    m: dict[str, list[float]] = {k: [] for k in ("script", "inv", "rank", "valid", "total")}
                    n_el = 0
                    for instruction in _cases_for(key)[: args.queries]:
                        steps = parse_instruction(instruction)
                        if not steps or not steps[0].target:
                            continue
                        s = steps[0]
                        action = "click" if s.action == "choose" else s.action
                        intent: Intent = action if action in ("click", "type", "select", "check") else "any"  # type: ignore[assignment]
                        for _ in range(args.repeat):
                            finder = shared if args.warm else ElementFinder(rs, model=load_model(None))
                            if prof:
                                prof.enable()
                            t0 = time.perf_counter()
                            res = await finder.resolve(page, s.target, intent, s.verb, s.exact)
                            total = (time.perf_counter() - t0) * 1000
                            if prof:
                                prof.disable()
                            if res.screen is None:
                                continue
                            n_el = len(res.screen.elements)
                            m["script"].append(res.screen.script_ms)
                            m["inv"].append(res.inventory_ms)
                            m["rank"].append(res.rank_ms)
                            m["valid"].append(res.latency_ms - res.inventory_ms - res.rank_ms)
                            m["total"].append(total)
                    med = {k: statistics.median(v) if v else 0.0 for k, v in m.items()}
                    mx = max(m["total"], default=0.0)
                    rows.append((key, n_el, med, mx, len(m["total"])))
                    print(
                        f"{key:50s} {n_el:5d} el  script {med['script']:7.1f}  inventory {med['inv']:7.1f}  "
                        f"rank {med['rank']:6.1f}  validate {med['valid']:6.1f}  total {med['total']:7.1f}  "
                        f"max {mx:7.1f} ms  ({len(m['total'])} runs)",
                        flush=True,
                    )
                await pool.close_session(f"prof-{n}", forget=True)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if prof:
        st = pstats.Stats(prof)
        st.sort_stats("cumulative").print_stats(args.top)
        st.sort_stats("tottime").print_stats(args.top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="Page keys (corpus/<name>/source.html or ext/...).")
    parser.add_argument("--all-corpus", action="store_true", help="Every corpus page of the tuning part.")
    parser.add_argument("--repeat", type=int, default=2, help="Resolutions per query.")
    parser.add_argument("--queries", type=int, default=4, help="Queries per page (from the labelled set).")
    parser.add_argument("--warm", action="store_true", help="One finder per page (the index cache is kept).")
    parser.add_argument("--cprofile", action="store_true", help="Profile the Python part.")
    parser.add_argument("--save", help="Also write each page's raw inventory JSON to this directory.")
    parser.add_argument("--top", type=int, default=30, help="Functions listed by --cprofile.")
    args = parser.parse_args()
    pages = list(args.pages)
    if args.all_corpus:
        for line in (ROOT / "bench" / "retrieval_corpus.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                c = json.loads(line)
                if c["part"] == "tune" and c["page"] not in pages:
                    pages.append(c["page"])
    servers, urls = _start_servers()
    try:
        asyncio.run(profile(args, pages, urls))
    finally:
        servers.terminate()
        servers.wait(timeout=10)


if __name__ == "__main__":
    main()
