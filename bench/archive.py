"""Benchmark of the network archive: ingest throughput and search latency.

Documents are built from the Readability corpus (``../shared/corpus/readability``), each made
unique (a made-up headline and a sentence of words drawn from the whole corpus) so the index grows
as it would with real pages:

* **article pages** (the 100,000-document archive): one corpus article as a page shows it
  (``expected.html``, Readability's cut of the page, 19 KiB on average) in a small page shell;
* **capture mix**: what a visit typically leaves in the archive, one article page and three JSON
  responses (XHR) built from the same article's paragraphs;
* **full saved pages**: a corpus ``source.html`` as saved, with navigation, scripts and styles
  (190 KiB on average).

Ingest goes through the path the capture uses: ``ArchiveWriter.submit`` → the preparing thread
(SHA-256; chunks of bodies to the text extraction child process, HTML → text) → the writer thread
(dedupe lookup, rows and raw bodies, batched commits in WAL mode) → the indexing thread (FTS5
inserts into the index file). Throughput = documents / seconds from the first submit until all is
committed and indexed. Because this machine is shared, the CPU time per document is measured too:
of this process (hashing, handing over, SQLite) and of the extraction children during the run, and
of each stage alone on 2,000 documents. The ceiling is what two idle cores could reach with that
much CPU: the sum over both processes shared by the cores, each child bound to one.

Search latency is measured on the 100,000-document archive through ``ArchiveStore.search`` (one
connection, as the archive's reader thread uses it) with queries drawn from the documents: one
word, two words, a two-word phrase, a prefix, and one word with a session or URL-prefix filter.
Every query asks for 10 hits with snippets, and every query is timed twice; each kind is reported
in wall-clock time and in the CPU time of the searching thread ("(CPU)"), which neighbours on a
shared machine disturb less. Searches are timed on the index as the ingest left it (a burst of
indexing merges lazily, so it ends in many segments) and again after the tidying an archive
writer does when it is idle (``SearchIndex.tidy``), which is timed too. ``Archive.search`` (the
async API, which adds a thread hop and a flush of the writer) is timed on a subset of queries.

Usage::

    .venv/bin/python bench/archive.py [--docs 100000] [--mix 20000] [--pages 2600] [--queries 2000]
        [--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from waypost.archive import Archive, ArchiveStore, BodyState, CapturedResponse  # noqa: E402
from waypost.archive.store import prepare_body  # noqa: E402
from waypost.archive.writer import ArchiveWriter  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "readability"
WORD = re.compile(r"[^\W\d_]{4,}")
# Queries use whole Latin-script words; CJK words are a kind of their own (see make_cjk_queries).
QUERY_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z\u00c0-\u024f]{4,}(?![^\W\d_])")
SESSIONS = [f"bench-{i}" for i in range(8)]


def load_corpus(corpus: Path) -> tuple[list[bytes], list[bytes], list[str]]:
    """Articles (expected.html), full pages (source.html) and a vocabulary from the articles."""
    articles, pages = [], []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        if (folder / "expected.html").is_file() and (folder / "source.html").is_file():
            articles.append((folder / "expected.html").read_bytes())
            pages.append((folder / "source.html").read_bytes())
    words = sorted({w.lower() for a in articles for w in WORD.findall(a.decode("utf-8", "replace"))})
    return articles, pages, words


def article_document(n: int, article: bytes, words: list[str], rng: random.Random) -> bytes:
    headline = " ".join(rng.choices(words, k=5)).capitalize()
    sentence = " ".join(rng.choices(words, k=12))
    head = f"<!doctype html><html><head><meta charset='utf-8'><title>{headline} ({n})</title></head><body>"
    nav = "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/about'>About</a></nav><main>"
    tail = f"<p>{sentence}.</p></main><footer>Document {n}</footer></body></html>"
    return (head + nav).encode() + article + tail.encode()


def json_documents(
    n: int, article: bytes, words: list[str], rng: random.Random, count: int = 3
) -> list[bytes]:
    paragraphs = [re.sub(r"<[^>]+>", " ", p).strip() for p in article.decode("utf-8", "replace").split("<p")]
    paragraphs = [" ".join(p.split()) for p in paragraphs if len(p) > 40] or [
        " ".join(rng.choices(words, k=40))
    ]
    out = []
    for k in range(count):
        items = [
            {"id": f"{n}-{k}-{i}", "teaser": rng.choice(paragraphs)[:600], "tags": rng.choices(words, k=3)}
            for i in range(rng.randint(2, 5))
        ]
        data = {"page": n, "part": k, "title": " ".join(rng.choices(words, k=4)), "items": items}
        out.append(json.dumps(data, ensure_ascii=False).encode())
    return out


def page_document(n: int, page: bytes, words: list[str], rng: random.Random) -> bytes:
    marker = f"<p>{' '.join(rng.choices(words, k=12))} {n}</p>".encode()
    at = page.rfind(b"</body>")
    return page[:at] + marker + page[at:] if at > 0 else page + marker


Body = tuple[bytes, str]  # (body, MIME type)


def record(n: int, body: bytes, mime: str, host: str, now: float) -> CapturedResponse:
    json_body = mime == "application/json"
    return CapturedResponse(
        session_id=SESSIONS[n % len(SESSIONS)],
        nav_id=f"nav{n // 4}",
        url=f"https://{host}/section-{n % 50}/doc-{n}.{'json' if json_body else 'html'}",
        status=200,
        status_text="OK",
        mime=mime,
        category="XHR" if json_body else "HTML",
        resource_type="fetch" if json_body else "document",
        headers={"content-type": f"{mime}; charset=utf-8", "cache-control": "max-age=60"},
        started=now - 0.2,
        ended=now,
        is_main=not json_body,
        body=body,
        body_state=BodyState.STORED,
        body_size=len(body),
    )


def build(
    count: int, make: Callable[[int, random.Random], list[Body]], host: str, seed: int
) -> list[CapturedResponse]:
    rng = random.Random(seed)
    now = time.time()
    items: list[CapturedResponse] = []
    n = 0
    while len(items) < count:
        for body, mime in make(n, rng):
            items.append(record(len(items), body, mime, host, now))
        n += 1
    return items[:count]


@dataclass(frozen=True)
class Ingest:
    """One ingest run: wall seconds, CPU seconds of this process and of the extraction children,
    and how many children there were."""

    seconds: float
    main_cpu: float
    child_cpu: float
    children: int


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ingest(path: Path, items: list[CapturedResponse], workers: int | None) -> Ingest:
    """Ingest ``items`` through the writer until all are committed (children counted once ended)."""
    writer = ArchiveWriter(path, workers=workers)
    writer.start()
    children = children_cpu()
    cpu = time.process_time()
    started = time.perf_counter()
    for item in items:
        writer.submit(item, want_id=False)
    writer.flush().result()
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    writer.close()
    assert writer.failed == 0
    return Ingest(elapsed, cpu, children_cpu() - children, len(writer.extractors))


def stage_costs(items: list[CapturedResponse], folder: Path) -> tuple[float, float]:
    """CPU milliseconds per document of the preparing stage and of the writing stage, each alone."""
    sample = items[:2000]
    started = time.thread_time()
    prepared = [prepare_body(item) for item in sample]
    prepare_ms = (time.thread_time() - started) * 1000 / len(sample)
    store = ArchiveStore(folder / "stages.db")
    started = time.thread_time()
    for i in range(0, len(sample), 256):
        store.add(sample[i : i + 256], prepared[i : i + 256])
    write_ms = (time.thread_time() - started) * 1000 / len(sample)
    store.close()
    return prepare_ms, write_ms


def report_ingest(label: str, items: list[CapturedResponse], run: Ingest, folder: Path) -> None:
    size = sum(len(i.body or b"") for i in items)
    prepare_ms, write_ms = stage_costs(items, folder)
    for leftover in folder.glob("stages*.db*"):
        leftover.unlink()
    seconds = run.seconds
    main_ms, child_ms = run.main_cpu * 1000 / len(items), run.child_cpu * 1000 / len(items)
    cores = os.cpu_count() or 1
    # This process's writer and indexing threads run in SQLite at once, so it is bound by the cores
    # only; each child is bound to one.
    ceiling = 1000 / max(child_ms / max(1, run.children), (main_ms + child_ms) / cores)
    print(f"\ningest, {label}: {len(items):,} docs, mean {size / len(items) / 1024:.1f} KiB")
    print(
        f"  measured   {len(items) / seconds:7,.0f} documents/s  "
        f"({size / seconds / 1e6:.1f} MB/s, {seconds:.1f} s)"
    )
    print(
        f"  CPU/doc    this process {main_ms:.2f} ms + extraction children {child_ms:.2f} ms; "
        f"ceiling on {cores} idle cores: {ceiling:,.0f} documents/s"
    )
    print(f"  alone      prepare (hash + text) {prepare_ms:.2f} ms, write (SQLite + FTS5) {write_ms:.2f} ms")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def common_words(articles: list[bytes], top: int = 100) -> set[str]:
    """The ``top`` words found in the most corpus articles ("the", "with", "that"...)."""
    frequency: Counter[str] = Counter()
    for article in articles:
        frequency.update({w.lower() for w in QUERY_WORD.findall(article.decode("utf-8", "replace"))})
    return {w for w, _ in frequency.most_common(top)}


Query = tuple[str, str, dict[str, str]]  # (kind, query, filters)
KINDS = ["1 word", "2 words", "phrase", "prefix", "word + session", "word + url prefix", "common word"]


def make_queries(items: list[CapturedResponse], count: int, common: set[str], seed: int) -> list[Query]:
    """Queries drawn from the documents' own text, as someone who read them would search.

    Query words are content words: the corpus's 100 most widespread words ("common word") are
    a kind of their own, reported apart.
    """
    rng = random.Random(seed)
    queries: list[Query] = []
    ordered_common = sorted(common)
    while len(queries) < count:
        item = items[rng.randrange(len(items))]
        assert item.body is not None
        text = item.body.decode("utf-8", "replace")
        text = html.unescape(re.sub(r"<[^>]+>", " ", text[text.find("<main>") :]))
        tokens = [t.lower() for t in QUERY_WORD.findall(text)]
        content = [i for i, t in enumerate(tokens[:-1]) if t not in common]
        if len(content) < 3:
            continue
        kind = KINDS[len(queries) % len(KINDS)]
        i = rng.choice(content)
        a, b = tokens[i], tokens[i + 1]
        if kind == "1 word":
            queries.append((kind, a, {}))
        elif kind == "2 words":
            queries.append((kind, f"{a} {tokens[rng.choice(content)]}", {}))
        elif kind == "phrase":
            queries.append((kind, f'"{a} {b}"', {}))
        elif kind == "prefix":
            queries.append((kind, f"{a[:4]}*", {}))
        elif kind == "word + session":
            queries.append((kind, a, {"session_id": item.session_id}))
        elif kind == "word + url prefix":
            queries.append((kind, a, {"url_prefix": item.url.rsplit("/", 1)[0] + "/"}))
        else:
            queries.append((kind, rng.choice(ordered_common), {}))
    return queries


CJK_RUN = re.compile(r"[\u3041-\u30ff\u4e00-\u9fff\uac00-\ud7af]{2,}")
LATIN_IN_CJK = re.compile(r"(?<=[\u3041-\u30ff\u4e00-\u9fff])[A-Za-z]{3,}(?=[\u3041-\u30ff\u4e00-\u9fff])")


def make_cjk_queries(items: list[CapturedResponse], count: int, seed: int) -> list[Query]:
    """Chinese/Japanese words (2-4 characters of a run, as someone would cut a word) and Latin words
    standing inside CJK text, drawn from the CJK articles of the corpus (about 5 % of the pages)."""
    rng = random.Random(seed)
    queries: list[Query] = []
    tries = 0
    while len(queries) < count and tries < count * 200:
        tries += 1
        item = items[rng.randrange(len(items))]
        assert item.body is not None
        text = item.body.decode("utf-8", "replace")
        runs = CJK_RUN.findall(text)
        if len(runs) < 20:
            continue
        if len(queries) % 2:
            latin = LATIN_IN_CJK.findall(text)
            if latin:
                queries.append(("CJK: Latin word inside", rng.choice(latin), {}))
            continue
        run = rng.choice(runs)
        size = min(len(run), rng.choice((2, 2, 3, 4)))
        start = rng.randrange(len(run) - size + 1)
        queries.append(("CJK: word", run[start : start + size], {}))
    return queries


def time_searches(
    store: ArchiveStore, queries: list[tuple[str, str, dict[str, str]]]
) -> dict[str, list[float]]:
    by_kind: dict[str, list[float]] = {}
    for kind, query, filters in queries:
        started, cpu = time.perf_counter(), time.thread_time()
        hits = store.search(query, limit=10, **filters)  # type: ignore[arg-type]
        by_kind.setdefault(kind, []).append((time.perf_counter() - started) * 1000)
        by_kind.setdefault(f"{kind} (CPU)", []).append((time.thread_time() - cpu) * 1000)
        assert hits or kind == "phrase", (kind, query, filters)
    return by_kind


async def time_api_searches(path: Path, queries: list[Query]) -> list[float]:
    times = []
    async with Archive(path) as archive:
        for _, query, filters in queries:
            started = time.perf_counter()
            await archive.search(query, limit=10, **filters)  # type: ignore[arg-type]
            times.append((time.perf_counter() - started) * 1000)
    return times


def report_latency(label: str, values: list[float]) -> None:
    print(
        f"  {label:<26} n={len(values):<5} p50 {percentile(values, 0.5):6.2f} ms   "
        f"p95 {percentile(values, 0.95):6.2f} ms   max {max(values):7.2f} ms"
    )


def report_searches(state: str, docs: int, store: ArchiveStore, queries: list[Query]) -> None:
    """Time the queries twice (this machine's neighbours come and go) and print each kind."""
    by_kind: dict[str, list[float]] = {}
    for _ in range(2):
        for kind, values in time_searches(store, queries).items():
            by_kind.setdefault(kind, []).extend(values)
    print(f"\nsearch on {docs:,} article pages (10 hits with snippets), {state}:")
    report_latency(
        "content-word queries",
        [
            t
            for k, ts in by_kind.items()
            if not k.startswith(("common", "CJK")) and "CPU" not in k
            for t in ts
        ],
    )
    for kind, values in by_kind.items():
        report_latency(kind, values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=100_000, help="article pages in the searched archive")
    parser.add_argument("--mix", type=int, default=20_000, help="documents of the capture-mix run (0: skip)")
    parser.add_argument("--pages", type=int, default=2600, help="full saved pages (0: skip)")
    parser.add_argument("--queries", type=int, default=2000, help="searches to time")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--keep", type=Path, help="build the archives in this folder and keep them")
    parser.add_argument(
        "--workers", type=int, help="text extraction processes (default: cores - 1; 0: in-thread)"
    )
    args = parser.parse_args()

    articles, pages, words = load_corpus(args.corpus)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="waypost-archive-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"corpus: {len(articles)} pages, {len(words):,} distinct words; archives in {folder}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")

    def article(n: int, rng: random.Random) -> list[Body]:
        return [(article_document(n, articles[n % len(articles)], words, rng), "text/html")]

    def visit(n: int, rng: random.Random) -> list[Body]:
        jsons = json_documents(n, articles[n % len(articles)], words, rng)
        return article(n, rng) + [(j, "application/json") for j in jsons]

    def saved_page(n: int, rng: random.Random) -> list[Body]:
        return [(page_document(n, pages[n % len(pages)], words, rng), "text/html")]

    try:
        items = build(args.docs, article, "articles.test", 1)
        path = folder / "archive.db"
        report_ingest("article pages", items, ingest(path, items, args.workers), folder)
        print(f"  database   {sum(p.stat().st_size for p in folder.glob('archive*.db*')) / 1e9:.2f} GB")
        runs = [
            (args.mix, visit, "capture mix (1 page + 3 JSON per visit)"),
            (args.pages, saved_page, "full saved pages"),
        ]
        for count, make, label in runs:
            if count:
                other = build(count, make, "other.test", 2)
                report_ingest(label, other, ingest(folder / "other.db", other, args.workers), folder)
                for leftover in folder.glob("other*.db*"):
                    leftover.unlink()

        queries = make_queries(items, args.queries, common_words(articles), 3)
        queries += make_cjk_queries(items, args.queries // 10, 4)
        store = ArchiveStore(path, create=False)
        assert store.index is not None
        time_searches(store, queries[:200])  # warm the page cache
        segments = store.index.segments()
        report_searches(f"as the ingest left the index ({segments} segments)", args.docs, store, queries)
        started, cpu = time.perf_counter(), time.process_time()
        steps = store.index.tidy()
        tidy_wall, tidy_cpu = time.perf_counter() - started, time.process_time() - cpu
        report_searches(
            f"after the writer's idle tidying ({store.index.segments()} segments; {steps} steps, "
            f"{tidy_wall:.1f} s, {tidy_cpu:.1f} s CPU)",
            args.docs,
            store,
            queries,
        )
        store.close()
        api = asyncio.run(time_api_searches(path, [q for q in queries if q[0] != "common word"][:300]))
        report_latency("Archive.search (API)", api)
        print(f"\nload average at end {os.getloadavg()[0]:.1f}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
