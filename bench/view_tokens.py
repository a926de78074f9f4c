"""Benchmark the page view on the Readability corpus: tokens, build time and excerpt quality.

Every ``<corpus>/<name>/source.html`` is served on 127.0.0.1 and loaded in real Chromium
(Playwright; every request not to 127.0.0.1 is aborted, so nothing leaves the machine). The rendered
DOM (``page.content()``) then goes through ``parse_page`` + ``render_view``, timed alone (best of
3, wall clock and CPU). The view's text is counted in exact cl100k tokens and its excerpt is compared
with the text of ``expected.html`` (Mozilla Readability's output): precision = share of the
excerpt's word tokens (lowercased; CJK one per character) found in the reference, as a multiset.

Pages are reported in two sets: the real saved sites and Readability's small hand-made fixtures
(``source.html`` under 8 KB or lorem ipsum), where almost the whole page is content.

Usage::

    .venv/bin/python bench/view_tokens.py [CORPUS] [--no-js] [--hint TEXT] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import json
import os
import re
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus" / "readability"
DEFAULT_TOKENIZERS = REPO.parent / "shared" / "tokenizers"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]|(?:(?![{_CJK}])[^\W_])+")


@dataclass
class Row:
    name: str
    fixture: bool
    tokens: int
    ms: float
    cpu_ms: float
    precision: float
    content_precision: float
    links: int
    shown_links: int
    groups: str
    load_error: str = ""


def word_tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def precision(text: str, reference: Counter[str]) -> float:
    tokens = Counter(word_tokens(text))
    total = sum(tokens.values())
    return sum((tokens & reference).values()) / total if total else 0.0


def is_fixture(source: bytes) -> bool:
    return len(source) < 8192 or b"lorem ipsum" in source.lower()


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # the browser hangs up on files the saved pages reference but the corpus lacks


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        # The corpus files are UTF-8 whatever their <meta charset> says (gb2312 on three pages).
        extensions_map = {  # noqa: RUF012 - the base class's own attribute, extended
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".html": "text/html; charset=utf-8",
        }

        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def time_build(html: str, url: str, hint: str | None, repeat: int = 3) -> tuple[Any, float, float]:
    from waypost.page import parse_page, render_view

    best_wall = best_cpu = float("inf")
    view = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        view = render_view(parse_page(html, url), hint=hint)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return view, best_wall * 1000, best_cpu * 1000


async def load_all(corpus: Path, names: list[str], origin: str, js: bool) -> dict[str, tuple[str, str, str]]:
    from playwright.async_api import async_playwright

    pages: dict[str, tuple[str, str, str]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = await browser.new_context(java_script_enabled=js)

        async def only_local(route):  # nothing leaves the machine
            if urlsplit(route.request.url).hostname == "127.0.0.1":
                await route.continue_()
            else:
                await route.abort()

        await context.route("**/*", only_local)
        page = await context.new_page()
        for name in names:
            url = f"{origin}/{name}/source.html"
            error = ""
            try:
                await page.goto(url, wait_until="load", timeout=20_000)
            except Exception as exc:  # a slow page: take whatever DOM there is
                error = type(exc).__name__
            try:
                html = await page.content()
            except Exception as exc:
                html, error = "", type(exc).__name__
            pages[name] = (html, page.url if page.url.startswith(origin) else url, error)
        await browser.close()
    return pages


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summarise(rows: list[Row]) -> dict[str, float]:
    tokens = [r.tokens for r in rows]
    ms = [r.ms for r in rows]
    cpu = [r.cpu_ms for r in rows]
    return {
        "pages": len(rows),
        "tokens_median": statistics.median(tokens),
        "tokens_p95": quantile(tokens, 0.95),
        "tokens_max": max(tokens),
        "ms_median": round(statistics.median(ms), 2),
        "ms_p95": round(quantile(ms, 0.95), 2),
        "ms_max": round(max(ms), 2),
        "cpu_ms_median": round(statistics.median(cpu), 2),
        "cpu_ms_p95": round(quantile(cpu, 0.95), 2),
        "cpu_ms_max": round(max(cpu), 2),
        "excerpt_from_main_share": round(sum(r.precision >= 0.8 for r in rows) / len(rows), 3),
        "excerpt_precision_median": round(statistics.median(r.precision for r in rows), 3),
        "content_precision_median": round(statistics.median(r.content_precision for r in rows), 3),
        "over_1300": sum(r.tokens > 1300 for r in rows),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-js", action="store_true", help="load pages with JavaScript disabled")
    parser.add_argument("--hint", default=None, help="render every view with this hint")
    parser.add_argument("--json", type=Path, default=None, help="also write rows and summary here")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs per page; the best counts")
    args = parser.parse_args(argv)

    if "TIKTOKEN_CACHE_DIR" not in os.environ and DEFAULT_TOKENIZERS.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(DEFAULT_TOKENIZERS)
    sys.path.insert(0, str(REPO / "src"))
    from selectolax.lexbor import LexborHTMLParser

    from waypost.page import count_tokens, exact_counts_available

    if not exact_counts_available():
        print("cl100k encoding not found: set TIKTOKEN_CACHE_DIR (token figures would be estimates)")
        return 2
    corpus = args.corpus.resolve()
    names = sorted(p.name for p in corpus.iterdir() if (p / "source.html").is_file())
    server, origin = serve(corpus)
    try:
        loaded = asyncio.run(load_all(corpus, names, origin, js=not args.no_js))
    finally:
        server.shutdown()

    rows: list[Row] = []
    for name in names:
        html, url, error = loaded[name]
        reference = Counter(
            word_tokens(
                LexborHTMLParser((corpus / name / "expected.html").read_text("utf-8")).text(separator=" ")
            )
        )
        view, ms, cpu_ms = time_build(html, url, args.hint, max(1, args.repeat))
        groups = Counter(link.group for link in view.shown_links)
        rows.append(
            Row(
                name=name,
                fixture=is_fixture((corpus / name / "source.html").read_bytes()),
                tokens=count_tokens(view.text),
                ms=round(ms, 2),
                cpu_ms=round(cpu_ms, 2),
                precision=round(precision(view.excerpt, reference), 3),
                content_precision=round(precision(view.model.main_text[:500], reference), 3),
                links=len(view.links),
                shown_links=len(view.shown_links),
                groups=f"{groups['main']}/{groups['sections']}/{groups['external']}",
                load_error=error,
            )
        )

    print(f"{'page':44} {'set':4} {'tokens':>6} {'ms':>7} {'cpu ms':>7} {'P':>5} {'links':>6} m/s/e")
    for r in rows:
        flag = "  <0.8" if r.precision < 0.8 else ""
        print(
            f"{r.name:44} {'fix' if r.fixture else 'real':4} {r.tokens:6d} {r.ms:7.2f} {r.cpu_ms:7.2f} "
            f"{r.precision:5.2f} {r.links:6d} {r.groups}{flag}{'  ' + r.load_error if r.load_error else ''}"
        )
    summary = {
        "javascript": not args.no_js,
        "repeat": args.repeat,
        "hint": args.hint,
        "real": summarise([r for r in rows if not r.fixture]),
        "fixtures": summarise([r for r in rows if r.fixture]),
        "all": summarise(rows),
    }
    print(
        f"\nJavaScript {'enabled' if summary['javascript'] else 'disabled'}; hint: {args.hint!r}; "
        f"times: best of {args.repeat}, parse_page + render_view, HTML string in, text out"
    )
    for key in ("real", "fixtures", "all"):
        s = summary[key]
        print(
            f"{key:8} n={s['pages']:3d}  tokens median/p95/max {s['tokens_median']}/{s['tokens_p95']}/"
            f"{s['tokens_max']}  ms median/p95/max {s['ms_median']}/{s['ms_p95']}/{s['ms_max']}  "
            f"cpu ms {s['cpu_ms_median']}/{s['cpu_ms_p95']}/{s['cpu_ms_max']}  "
            f"excerpt P>=0.8 {s['excerpt_from_main_share']:.1%}  median P {s['excerpt_precision_median']}"
        )
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "rows": [asdict(r) for r in rows]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
