"""Benchmark typed extraction offline: schema-valid JSON and exactly right answers on demo and corpus pages.

The cases were written (with their expected JSON) before the extractor: ``extract_data/cases.jsonl``
is what it was tuned on, ``extract_data/holdout.jsonl`` was kept apart and only run for the
report. Demo pages are fetched from the bundled demo site (in-process, 127.0.0.1) with the
cookie banner accepted; corpus pages are read by path from ``../shared/corpus/readability/``
(third-party pages, never copied into the repo). No browser and no model: the page's HTML goes
through :func:`waypost.page.structured.extract_offline`.

"Exactly right" compares the JSON with the expected JSON (strings with whitespace collapsed,
numbers to 1e-9).

Usage::

    .venv/bin/python bench/extract.py               # both parts
    .venv/bin/python bench/extract.py --only holdout --verbose
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).with_name("extract_data")
CORPUS = REPO.parent / "shared" / "corpus" / "readability"
sys.path.insert(0, str(REPO / "src"))

from waypost.demo.server import DemoSite  # noqa: E402
from waypost.page.structured import extract_offline  # noqa: E402


def same(got: Any, want: Any) -> bool:
    if isinstance(want, dict):
        return (
            isinstance(got, dict) and got.keys() == want.keys() and all(same(got[k], want[k]) for k in want)
        )
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(map(same, got, want))
    if isinstance(want, bool) or want is None:
        return got is want
    if isinstance(want, int | float):
        return (
            isinstance(got, int | float)
            and not isinstance(got, bool)
            and math.isclose(got, want, abs_tol=1e-9)
        )
    return isinstance(got, str) and " ".join(got.split()) == " ".join(str(want).split())


def page(spec: str, site: DemoSite) -> tuple[str, str]:
    kind, _, where = spec.partition(":")
    if kind == "corpus":
        path = CORPUS / where / "source.html"
        return path.read_text(encoding="utf-8", errors="replace"), f"https://corpus.invalid/{where}/"
    base = site.url if kind == "portal" else site.finance_url
    request = urllib.request.Request(base + where, headers={"Cookie": "consent=all"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode("utf-8"), base + where


def expand(value: Any, site: DemoSite) -> Any:
    if isinstance(value, str):
        return value.replace("{portal}", site.url).replace("{finance}", site.finance_url)
    if isinstance(value, list):
        return [expand(v, site) for v in value]
    if isinstance(value, dict):
        return {k: expand(v, site) for k, v in value.items()}
    return value


def run(name: str, site: DemoSite, verbose: bool) -> tuple[int, int, int]:
    cases = [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]
    valid = exact = 0
    for case in cases:
        html, url = page(case["page"], site)
        result = extract_offline(html, case["schema"], case["instruction"], url)
        ok = same(result.data, expand(case["expected"], site))
        valid += result.valid
        exact += ok and result.valid
        mark = "exact" if ok and result.valid else ("valid" if result.valid else "INVALID")
        print(f"  {case['id']:<22} {mark:<8} {result.source}")
        if verbose and not ok:
            print("     got ", json.dumps(result.data, ensure_ascii=False)[:400], result.errors[:2])
            print("     want", json.dumps(expand(case["expected"], site), ensure_ascii=False)[:400])
    return len(cases), valid, exact


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("cases", "holdout"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    totals = [0, 0, 0]
    with DemoSite() as site:
        for name in ("cases.jsonl", "holdout.jsonl"):
            if args.only and not name.startswith(args.only):
                continue
            print(name)
            n, valid, exact = run(name, site, args.verbose)
            print(f"  -> {n} cases: {valid} schema-valid, {exact} exactly right")
            totals = [a + b for a, b in zip(totals, (n, valid, exact), strict=True)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"all: {totals[0]} cases, {totals[1]} schema-valid, {totals[2]} exactly right "
        f"({time.perf_counter() - started:.1f} s, load {load:.1f})"
    )


if __name__ == "__main__":
    main()
