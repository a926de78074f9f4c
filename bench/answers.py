"""Answers you can trust: freely phrased questions on three sites, judged right / wrong / honest.

Runs ``bench/tasks/answers.json`` (or ``--holdout``: ``answers_holdout.json``) through the agent's
runner with the offline planner (or ``--model``), each task in a fresh browser profile, every
request outside 127.0.0.1 aborted. Sites: the bundled demo portal and finance site, pages of the
Readability corpus (``../shared/corpus/readability``, served by path at run time) and Harbour Lane
Cycles (``tests/sites/harbour.py``), a small English shop site.

Each task ends in one of three outcomes:

* **right**: an answerable task reported as success whose answer passes the judge, or an
  unanswerable one not reported as success (the honest "not found");
* **wrong-as-success**: reported as success, but the answer fails the judge (or the task had no
  answer on the site) — the dangerous case;
* **honest not-done**: an answerable task not reported as success.

Usage::

    .venv/bin/python bench/answers.py                 # the main set
    .venv/bin/python bench/answers.py --holdout       # the held-out part
    .venv/bin/python bench/answers.py --only shop -v  # one site (or task ids), with the answers
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
TASKS = Path(__file__).with_name("tasks") / "answers.json"
HOLDOUT = Path(__file__).with_name("tasks") / "answers_holdout.json"
TOKENIZERS = REPO.parent / "shared" / "tokenizers"
CORPUS = REPO.parent / "shared" / "corpus" / "readability"
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MONTHS_DE = [
    "januar",
    "februar",
    "märz",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "dezember",
]


@dataclass
class Outcome:
    id: str
    site: str
    answerable: bool
    success: bool
    judged: bool
    verdict: str  # right | wrong | honest
    seconds: float
    steps: int
    stop_reason: str | None
    answer: str
    verified: bool | None = None
    why_not: str | None = None


def norm(text: str) -> str:
    text = html.unescape(text).replace("\u00a0", " ").replace("\u202f", " ")
    return " ".join(text.lower().split())


def date_named(answer: str, iso: str) -> bool:
    """Whether ``answer`` names the day ``iso`` (2018-04-05) in a common format."""
    y, m, d = (int(p) for p in iso[:10].split("-"))
    low = norm(answer)
    if iso[:10] in low or f"{d:02d}.{m:02d}.{y}" in low or f"{d}.{m}.{y}" in low or f"{m}/{d}/{y}" in low:
        return True
    if str(y) not in low:
        return False
    months = (_MONTHS[m - 1], _MONTHS[m - 1][:3], _MONTHS_DE[m - 1])
    return any(re.search(rf"\b{d}(?:st|nd|rd|th|\.)?\s+{mo}\b|\b{mo}\.?\s+{d}\b", low) for mo in months)


def first_paragraphs(folder: str) -> list[str]:
    text = (CORPUS / folder / "expected.html").read_text(encoding="utf-8", errors="replace")
    found = []
    for raw in re.findall(r"(?s)<p[^>]*>(.*?)</p>", text):
        flat = " ".join(html.unescape(re.sub(r"<[^>]+>", "", raw)).split())
        if len(flat) > 80:
            found.append(flat)
    return found[:2]


def judge(task: dict[str, Any], answer: str, shop: Any) -> bool:
    rule = task["judge"]
    low = norm(answer)
    flat = low.replace(".", "").replace(",", "")
    if "any" in rule:
        return any(norm(s) in low or norm(s).replace(".", "").replace(",", "") in flat for s in rule["any"])
    if "all" in rule:
        return all(norm(s) in low for s in rule["all"])
    if "date" in rule:
        return date_named(answer, rule["date"])
    if "meta" in rule:
        folder = task["start"].split(":", 1)[1]
        meta = json.loads((CORPUS / folder / "expected-metadata.json").read_text(encoding="utf-8"))
        value = re.sub(r"^by\s+", "", norm(str(meta.get(rule["meta"]) or "")))
        return bool(value) and value in low
    if "first_paragraph" in rule:
        folder = task["start"].split(":", 1)[1]
        return any(norm(p)[:40] in low for p in first_paragraphs(folder))
    if "subscribed" in rule:
        return rule["subscribed"] in shop.subscribers
    return False


def start_url(task: dict[str, Any], portal: str, finance: str, shop: str, corpus: Any) -> str:
    start = task["start"]
    if start.startswith("corpus:"):
        return corpus.page(start.split(":", 1)[1])
    return start.replace("{portal}", portal).replace("{finance}", finance).replace("{shop}", shop)


async def run_one(task: dict[str, Any], url: str, shop: Any, args: argparse.Namespace) -> Outcome:
    from waypost.api import Waypost, run_task
    from waypost.config import Settings

    with tempfile.TemporaryDirectory(prefix="wp-answers-") as tmp:
        async with Waypost(Settings(data_dir=Path(tmp), loopback_only=True, nav_timeout=15.0)) as wp:
            started = time.perf_counter()
            result = await run_task(
                wp, task["task"], start_url=url, model=args.model_obj, max_steps=args.max_steps,
                approve="always",
            )  # fmt: skip
            seconds = time.perf_counter() - started
    judged = judge(task, result.answer, shop) if task["answerable"] else False
    if task["answerable"]:
        verdict = "honest" if not result.success else "right" if judged else "wrong"
    else:
        verdict = "wrong" if result.success else "right"
    return Outcome(
        id=task["id"],
        site=task["site"],
        answerable=task["answerable"],
        success=result.success,
        judged=judged,
        verdict=verdict,
        seconds=round(seconds, 2),
        steps=result.steps,
        stop_reason=result.stop_reason,
        answer=result.answer,
        verified=getattr(result, "verified", None),
        why_not=getattr(result, "why_not", None),
    )


def report(outcomes: list[Outcome], label: str) -> None:
    print(f"\n{label}")
    print(
        f"{'site':8} {'tasks':>5} {'right':>6} {'wrong-as-success':>17} {'honest not-done':>16} "
        f"{'answerable right':>17}"
    )
    for site in [*sorted({o.site for o in outcomes}), "all"]:
        group = [o for o in outcomes if site in ("all", o.site)]
        right = sum(o.verdict == "right" for o in group)
        wrong = sum(o.verdict == "wrong" for o in group)
        honest = sum(o.verdict == "honest" for o in group)
        answerable = [o for o in group if o.answerable]
        a_right = sum(o.verdict == "right" for o in answerable)
        print(
            f"{site:8} {len(group):5d} {right:6d} {wrong:17d} {honest:16d} "
            f"{a_right:>10d}/{len(answerable)} ({a_right / max(1, len(answerable)):.0%})"
        )


async def main_async(args: argparse.Namespace) -> int:
    from bench.agent import make_chat_model
    from tests.sites.corpus import CorpusSite
    from tests.sites.harbour import HarbourSite

    from waypost.demo.server import DemoSite

    path = Path(args.tasks) if args.tasks else HOLDOUT if args.holdout else TASKS
    tasks = json.loads(path.read_text(encoding="utf-8"))["tasks"]
    if args.only:
        tasks = [t for t in tasks if t["id"] in args.only or t["site"] in args.only]
    args.model_obj = make_chat_model(args.model, args.base_url, args.api_key, Path(tempfile.gettempdir()))
    outcomes: list[Outcome] = []
    with DemoSite() as demo, CorpusSite() as corpus:
        for task in tasks:
            with HarbourSite() as shop:  # a fresh shop per task: its subscriber list is the judge
                url = start_url(task, demo.url, demo.finance_url, shop.url, corpus)
                outcome = await run_one(task, url, shop, args)
            outcomes.append(outcome)
            mark = {"right": "✓", "wrong": "✗ WRONG", "honest": "· honest"}[outcome.verdict]
            print(f"{outcome.id:36} {mark:9} {outcome.seconds:5.1f}s  {outcome.answer[: args.width]!r}")
    report(outcomes, f"{path.name}: {len(outcomes)} tasks, model {args.model}")
    print(f"load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}")
    if args.json:
        text = json.dumps([asdict(o) for o in outcomes], ensure_ascii=False, indent=1) + "\n"
        await asyncio.to_thread(Path(args.json).write_text, text, encoding="utf-8")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="offline")
    parser.add_argument("--base-url", default=None)
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--tasks", default=None, help="another task file")
    parser.add_argument("--holdout", action="store_true", help="run the held-out part")
    parser.add_argument("--only", nargs="*", help="task ids or sites")
    parser.add_argument("--max-steps", type=int, default=30)
    parser.add_argument("--width", type=int, default=110, help="characters of each answer to print")
    parser.add_argument("--json", default=None, help="write the outcomes here")
    args = parser.parse_args()
    if "TIKTOKEN_CACHE_DIR" not in os.environ and TOKENIZERS.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
