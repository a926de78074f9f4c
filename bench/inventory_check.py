"""Dump the inventory (``collect``) of many pages to one JSON file, to check that a change to the
in-page scan, the transfer or the descriptors leaves every inventory identical.

Each page is loaded in a fresh session and scanned twice (the second scan is the one kept, so
load-time timers have settled; run-dependent fields are left out: ``generation``, ``script_ms``
and the overlays' ``recent``). Run it once on the old code and once on the new, then compare::

    PYTHONPATH=/tmp/old/src .venv/bin/python bench/inventory_check.py --out /tmp/old.json
    .venv/bin/python bench/inventory_check.py --out /tmp/new.json --compare /tmp/old.json

Pages: every saved corpus page and every ``.html`` fixture page (``--corpus-only`` /
``--fixtures-only`` to narrow), or the keys given.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.retrieval import _start_servers, open_fixture  # noqa: E402
from tests.retrieval.site import CORPUS  # noqa: E402

from waypost.browser.pool import SessionPool  # noqa: E402
from waypost.config import RetrySettings, Settings  # noqa: E402
from waypost.retrieval.inventory import collect  # noqa: E402


def _pages(args: argparse.Namespace) -> list[str]:
    if args.pages:
        return list(args.pages)
    out: list[str] = []
    if not args.fixtures_only:
        out += sorted(f"corpus/{p.parent.name}/source.html" for p in CORPUS.glob("*/source.html"))
    if not args.corpus_only:
        base = ROOT / "tests" / "retrieval" / "pages"
        out += sorted(str(p.relative_to(base)) for p in base.rglob("*.html"))
    return out


def _plain(screen: Any) -> dict[str, Any]:
    d = dataclasses.asdict(screen)
    d.pop("generation", None)
    d.pop("script_ms", None)
    for o in d["overlays"]:
        o.pop("recent", None)
    return d


async def _run(pages: list[str], urls: dict[str, str]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp), loopback_only=True, nav_timeout=30, retry=RetrySettings(tries=1)
        )
        async with SessionPool(settings) as pool:
            for n, key in enumerate(pages):
                sid = f"check-{n}"
                async with pool.session(sid) as session:
                    page = session.page
                    try:
                        await open_fixture(page, f"{urls['pages']}/{key}", 30_000)
                        await collect(page, time_limit=60)
                        screen = await collect(page, time_limit=60)
                        result[key] = _plain(screen)
                    except Exception as exc:  # a page that cannot be scanned is recorded as such
                        result[key] = {"error": type(exc).__name__}
                await pool.close_session(sid, forget=True)
                print(f"{key}: {len(result[key].get('elements', []))} elements", flush=True)
    return result


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """As read back from JSON (tuples become lists), with the URL's host left out (ports differ)."""
    out = json.loads(json.dumps(result))
    for v in out.values():
        if "url" in v:
            v["url"] = urlsplit(v["url"])._replace(netloc="").geturl()
    return out


def _compare(new: dict[str, Any], old: dict[str, Any]) -> int:
    new, old = _comparable(new), _comparable(old)
    bad = 0
    for key in sorted(set(new) | set(old)):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        bad += 1
        if a is None or b is None or "error" in a or "error" in b:
            print(f"DIFF {key}: {a and a.get('error')} / {b and b.get('error')}")
            continue
        for field in sorted(set(a) | set(b)):
            if a.get(field) != b.get(field) and field != "elements":
                print(f"DIFF {key} {field}: {str(a.get(field))[:200]} / {str(b.get(field))[:200]}")
        ea, eb = a.get("elements", []), b.get("elements", [])
        if len(ea) != len(eb):
            print(f"DIFF {key}: {len(ea)} / {len(eb)} elements")
        shown = 0
        for x, y in zip(ea, eb, strict=False):
            if x != y and shown < 3:
                shown += 1
                diff = {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
                print(f"DIFF {key} element {x.get('index')}: {str(diff)[:400]}")
    print(f"{len(new)} pages, {bad} differ")
    return 1 if bad else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--out", help="Write the inventories here (JSON).")
    parser.add_argument("--compare", help="Compare with this earlier output.")
    parser.add_argument("--saved", help="Compare this earlier output (instead of scanning) with --compare.")
    parser.add_argument("--corpus-only", action="store_true")
    parser.add_argument("--fixtures-only", action="store_true")
    args = parser.parse_args()
    if args.saved:
        saved = json.loads(Path(args.saved).read_text(encoding="utf-8"))
        sys.exit(_compare(saved, json.loads(Path(args.compare).read_text(encoding="utf-8"))))
    if not args.out:
        parser.error("--out is required unless --saved is given")
    servers, urls = _start_servers()
    try:
        result = asyncio.run(_run(_pages(args), urls))
    finally:
        servers.terminate()
        servers.wait(timeout=10)
    Path(args.out).write_text(json.dumps(result, sort_keys=True), encoding="utf-8")
    if args.compare:
        sys.exit(_compare(result, json.loads(Path(args.compare).read_text(encoding="utf-8"))))


if __name__ == "__main__":
    main()
