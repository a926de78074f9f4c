"""Dry check of the labels of the new sets, in real Chromium, without running ``act``.

For every case of a part (``--part held6`` by default; ``--part held7``, ``held8``, ``held9``, ``held10``, ``held11``, ``held12``, ``held13``, ``held14``, ``held15``, ``held16``, ``held17``, ``held18``, ``held19``, ``held20``, ``held21``, ``held22`` or ``held23`` for held-out 7 to 23) the page is opened as the benchmark opens it
and each expected effect's selector(s) are looked up with ``document.querySelectorAll``. A case is
reported when a selector is invalid, matches nothing, or (for an ``#id`` selector) matches more than
one element; an expected value on a ``<select>`` must be the label of one of its options, and a
``checked`` entry must name a checkbox, radio or ``aria-checked`` element. When an effect's element
only appears after an earlier step (a menu item, a dialog's button), the earlier click steps are
replayed with plain Playwright clicks (never ``act``) before looking again.

``--replay`` also performs each case's expected effects with plain Playwright calls (click, fill,
select, check — never ``act``), with the benchmark's listener installed, and scores the result as
the benchmark would: every case must come out *right*, or its label or page is broken. Steps with
a ``final`` value on third-party widgets are not replayed (those cases are listed as skipped),
except held-out 10's, 15's and 18's select2 boxes, whose hidden native ``<select>`` is set by label.

``--show PAGE`` lists the page's visible interactive elements (to write cases against).

    .venv/bin/python bench/retrieval_labels.py [--part held6] [--pages npm/,ext9/] [--replay]
    .venv/bin/python bench/retrieval_labels.py --show ext9/shop_en.html
"""

# ruff: noqa: E501 -- the scripts below are JavaScript, laid out for reading as JavaScript.
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.retrieval import NEW_SETS, _start_servers, new_url  # noqa: E402
from playwright.async_api import Page, async_playwright  # noqa: E402

_COUNT = """(sel) => {
  let els;
  try { els = Array.from(document.querySelectorAll(sel)); } catch (e) { return {error: String(e)}; }
  const vis = els.filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 || r.height > 0; });
  const first = els[0] || null;
  return {
    n: els.length, visible: vis.length,
    tag: first ? first.tagName.toLowerCase() : '', type: first ? (first.type || '') : '',
    role: first ? (first.getAttribute('role') || '') : '',
    checkable: !!first && ((first.type === 'checkbox' || first.type === 'radio') || first.hasAttribute('aria-checked')),
    options: first && first.tagName === 'SELECT' ? Array.from(first.options).map((o) => o.label || o.text) : null,
  };
}"""

_SHOW = """() => {
  const sel = 'a[href],button,input,select,textarea,summary,[role],[onclick],[tabindex],label,[contenteditable=true]';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const vis = (r.width > 0 || r.height > 0) && getComputedStyle(el).visibility !== 'hidden';
    const t = (el.innerText || el.value || el.getAttribute('aria-label') || el.placeholder || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    out.push((vis ? '' : '[hidden] ') + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.name ? '[name=' + el.name + ']' : '')
      + (el.type && el.tagName === 'INPUT' ? '[type=' + el.type + ']' : '') + (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '')
      + (el.className && typeof el.className === 'string' ? ' .' + el.className.trim().split(/\\s+/).join('.') : '') + ' ' + JSON.stringify(t));
  }
  return out;
}"""


def load_cases(part: str, pages: str | None) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for file in NEW_SETS.values():
        path = ROOT / "bench" / file
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                c = json.loads(line)
                c["where"] = f"{file}:{n}"
                if c["part"] == part and (not pages or any(p in c["page"] for p in pages.split(","))):
                    cases.append(c)
    return cases


def check_fields(case: dict[str, Any]) -> list[str]:
    """Problems with a case's fields, before any page is opened."""
    bad = [f"missing {k}" for k in ("page", "instruction", "expect", "cat", "part") if k not in case]
    for step in case.get("expect") or []:
        if "el" not in step:
            bad.append(f"step without el: {step}")
        if set(step) - {"el", "value", "checked", "final"}:
            bad.append(f"unknown keys in {step}")
    return bad


# Containers a widget appends to the body, one per widget on the page: clicks inside any of them
# belong to the step (the final value decides), so matching several is expected.
args_shared = {".pika-single", ".clockpicker-popover", "body > .selectize-dropdown", ".daterangepicker"}


async def _open(page: Page, url: str) -> None:
    """Open a page; again after a moment when a navigation the previous case started interrupts it."""
    from bench.retrieval_act import settle_network

    for attempt in range(3):
        try:
            await page.goto(url, wait_until="load", timeout=60_000)
            await settle_network(page)  # as the benchmark waits on npm demo pages
            return
        except Exception:
            if attempt == 2:
                raise
            await asyncio.sleep(0.5)


async def check_case(page: Page, url: str, case: dict[str, Any]) -> list[str]:
    problems = check_fields(case)
    await _open(page, url)
    await asyncio.sleep(0.3)
    steps = case["expect"] or []
    for i, step in enumerate(steps):
        sels = step["el"] if isinstance(step["el"], list) else [step["el"]]
        infos = [await page.evaluate(_COUNT, s) for s in sels]
        if all(not info.get("n") for info in infos) and i > 0:
            # Replay the earlier click steps with plain clicks, then look again.
            for prev in steps[:i]:
                if "value" in prev or "checked" in prev:
                    continue
                psel = prev["el"] if isinstance(prev["el"], str) else prev["el"][0]
                try:
                    await page.locator(psel).first.click(timeout=2000)
                    await asyncio.sleep(0.2)
                except Exception as exc:
                    problems.append(f"replay click {psel}: {type(exc).__name__}")
            infos = [await page.evaluate(_COUNT, s) for s in sels]
        for sel, info in zip(sels, infos, strict=True):
            if "error" in info:
                problems.append(f"invalid selector {sel!r}")
            elif info["n"] > 1 and sel not in args_shared and case["cat"] != "duplicates":
                problems.append(f"{sel} matches {info['n']} elements")
        main = infos[0]
        if not main.get("n"):
            problems.append(f"{sels[0]} matches nothing")
            continue
        if "checked" in step and not main["checkable"]:
            problems.append(f"{sels[0]} is not a checkbox/radio/aria-checked ({main['tag']})")
        if "value" in step and main["options"] is not None and step["value"] not in main["options"]:
            problems.append(f"{sels[0]}: {step['value']!r} is not an option label")
        if "value" in step and main["tag"] not in ("input", "select", "textarea") and len(sels) == 1:
            problems.append(f"{sels[0]} gets a value but is a <{main['tag']}>")
    return problems


async def replay_case(page: Page, url: str, case: dict[str, Any], events: list[Any]) -> str:
    """Perform the expected effects by hand and score them; '' when right, else why not."""
    from bench.retrieval_act import _LISTEN, _expects, _final, score

    await _open(page, url)
    await asyncio.sleep(0.2)
    await page.evaluate(_LISTEN, _expects(case))
    finals = [
        (i, s["el"] if isinstance(s["el"], str) else s["el"][0])
        for i, s in enumerate(case["expect"])
        if "final" in s
    ]
    before = [await _final(page, sel) for _, sel in finals]
    events.clear()
    for step in case["expect"]:
        sel = step["el"] if isinstance(step["el"], str) else step["el"][0]
        loc = page.locator(sel).first
        if "final" in step:
            if case["part"] in ("held10", "held15", "held18") and await loc.evaluate(
                "(e) => e.tagName === 'SELECT'"
            ):
                # Held-out 10's, 15's and 18's select2 boxes keep a native <select>: choosing on it checks the label.
                await loc.select_option(label=step["final"], timeout=3000, force=True)
                await asyncio.sleep(0.1)
                continue
            if await loc.evaluate(
                "(e) => e.tagName === 'SELECT' || e.disabled || getComputedStyle(e).display === 'none'"
            ):
                return "skipped (widget value)"
            await loc.fill(str(step["final"]), timeout=3000)
            await loc.dispatch_event("change")
        elif "value" in step:
            if await loc.evaluate("(e) => e.tagName === 'SELECT'"):
                await loc.select_option(label=step["value"], timeout=3000, force=True)
            else:
                await loc.fill(step["value"], timeout=3000)
                await loc.dispatch_event("change")
        elif "checked" in step:
            try:
                await loc.set_checked(step["checked"], timeout=1500)
            except Exception:
                # A slow page (Unfold's change list re-renders its actions row on each tick) may let
                # the click land after the timeout: the box in the requested state is done.
                if await loc.is_checked() != step["checked"]:
                    # A visually hidden input styled through its label (jQuery UI checkboxradio).
                    await page.locator(f"label[for='{await loc.get_attribute('id')}']").click(timeout=3000)
        else:
            await loc.click(timeout=3000)
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.1)
    for (i, sel), start in zip(finals, before, strict=True):
        events.append(["final", i, start, await _final(page, sel)])
    verdict, why = score(case, events, True)
    return "" if verdict == "right" else f"{verdict}: {why}"


async def run(args: argparse.Namespace) -> int:
    from bench.thirdparty_npm import ensure_all
    from bench.thirdparty_pypi import ensure_all as ensure_pypi
    from bench.thirdparty_pypi2 import SITE as PYPI2_SITE
    from bench.thirdparty_pypi2 import ensure_all as ensure_pypi2
    from bench.thirdparty_pypi3 import SITES as PYPI3_SITES
    from bench.thirdparty_pypi3 import ensure_all as ensure_pypi3
    from bench.thirdparty_pypi4 import SITES as PYPI4_SITES
    from bench.thirdparty_pypi4 import ensure_all as ensure_pypi4
    from bench.thirdparty_pypi5 import SITES as PYPI5_SITES
    from bench.thirdparty_pypi5 import ensure_all as ensure_pypi5
    from bench.thirdparty_pypi6 import SITES as PYPI6_SITES
    from bench.thirdparty_pypi6 import ensure_all as ensure_pypi6
    from bench.thirdparty_pypi7 import SITES as PYPI7_SITES
    from bench.thirdparty_pypi7 import ensure_all as ensure_pypi7
    from bench.thirdparty_pypi8 import SITES as PYPI8_SITES
    from bench.thirdparty_pypi8 import ensure_all as ensure_pypi8
    from bench.thirdparty_pypi9 import SITES as PYPI9_SITES
    from bench.thirdparty_pypi9 import ensure_all as ensure_pypi9
    from bench.thirdparty_pypi10 import SITES as PYPI10_SITES
    from bench.thirdparty_pypi10 import ensure_all as ensure_pypi10
    from bench.thirdparty_pypi11 import SITES as PYPI11_SITES
    from bench.thirdparty_pypi11 import ensure_all as ensure_pypi11
    from bench.thirdparty_pypi12 import SITES as PYPI12_SITES
    from bench.thirdparty_pypi12 import ensure_all as ensure_pypi12
    from bench.thirdparty_pypi13 import SITES as PYPI13_SITES
    from bench.thirdparty_pypi13 import ensure_all as ensure_pypi13
    from bench.thirdparty_pypi14 import SITES as PYPI14_SITES
    from bench.thirdparty_pypi14 import ensure_all as ensure_pypi14
    from bench.thirdparty_pypi15 import SITES as PYPI15_SITES
    from bench.thirdparty_pypi15 import ensure_all as ensure_pypi15

    npm_root = str(ensure_all())
    pypi_root = str(ensure_pypi()) if args.part == "held9" or (args.show or "").startswith("pypi/") else ""
    if args.part == "held10" or (args.show or "").startswith(f"pypi/{PYPI2_SITE}/"):
        pypi_root = str(ensure_pypi2())  # the same root as held-out 9's
    if args.part == "held11" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI3_SITES)):
        pypi_root = str(ensure_pypi3())  # the same root as held-out 9's and 10's
    if args.part == "held12" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI4_SITES)):
        pypi_root = str(ensure_pypi4())  # the same root as held-out 9's to 11's
    if args.part == "held13" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI5_SITES)):
        pypi_root = str(ensure_pypi5())  # the same root as held-out 9's to 12's
    if args.part == "held14" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI6_SITES)):
        pypi_root = str(ensure_pypi6())  # the same root as held-out 9's to 13's
    if args.part == "held15" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI7_SITES)):
        pypi_root = str(ensure_pypi7())  # the same root as held-out 9's to 14's
    if args.part == "held16" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI8_SITES)):
        pypi_root = str(ensure_pypi8())  # the same root as held-out 9's to 15's
    if args.part == "held17" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI9_SITES)):
        pypi_root = str(ensure_pypi9())  # the same root as held-out 9's to 16's
    if args.part == "held18" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI10_SITES)):
        pypi_root = str(ensure_pypi10())  # the same root as held-out 9's to 17's
    if args.part == "held19" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI11_SITES)):
        pypi_root = str(ensure_pypi11())  # the same root as held-out 9's to 18's
    if args.part == "held20" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI12_SITES)):
        pypi_root = str(ensure_pypi12())  # the same root as held-out 9's to 19's
    if args.part == "held21" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI13_SITES)):
        pypi_root = str(ensure_pypi13())  # the same root as held-out 9's to 20's
    if args.part == "held22" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI14_SITES)):
        pypi_root = str(ensure_pypi14())  # the same root as held-out 9's to 21's
    if args.part == "held23" or (args.show or "").startswith(tuple(f"pypi/{s}/" for s in PYPI15_SITES)):
        pypi_root = str(ensure_pypi15())  # the same root as held-out 9's to 22's
    servers, urls = _start_servers(npm_root, pypi_root)
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            ctx = await browser.new_context()
            # As in the benchmark: nothing is loaded from outside 127.0.0.1.
            await ctx.route(
                "**/*",
                lambda route: (
                    route.continue_()
                    if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:"))
                    else route.abort()
                ),
            )
            page = await ctx.new_page()
            if args.show:
                await _open(page, new_url(args.show, urls))
                await asyncio.sleep(0.3)
                for line in await page.evaluate(_SHOW):
                    print(line)
                return 0
            cases = load_cases(args.part, args.pages)
            by_page: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for c in cases:
                by_page[c["page"]].append(c)
            bad = skipped = 0
            events: list[Any] = []
            if args.replay:
                await page.expose_function("__wpLog", lambda item: events.append(item))
            for key, page_cases in by_page.items():
                for case in page_cases:
                    problems = await check_case(page, new_url(key, urls), case)
                    if args.replay and not problems and case["expect"]:
                        try:
                            why = await replay_case(page, new_url(key, urls), case, events)
                        except Exception as exc:
                            why = f"replay failed: {type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
                        if why.startswith("skipped"):
                            skipped += 1
                        elif why:
                            problems.append(why)
                    if problems:
                        bad += 1
                        print(f"{case['where']} [{key}] {case['instruction']!r}: " + "; ".join(problems))
            print(
                f"{len(cases)} cases on {len(by_page)} pages checked; {bad} with problems"
                + (f"; {skipped} widget cases not replayed" if args.replay else "")
            )
            await browser.close()
            return 1 if bad else 0
    finally:
        servers.terminate()
        servers.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--part",
        default="held6",
        choices=(
            "held6",
            "held7",
            "held8",
            "held9",
            "held10",
            "held11",
            "held12",
            "held13",
            "held14",
            "held15",
            "held16",
            "held17",
            "held18",
            "held19",
            "held20",
            "held21",
            "held22",
            "held23",
            "held5",
            "held4",
            "held3",
            "held2",
            "held",
            "tune",
        ),
    )
    parser.add_argument("--pages", help="Only pages whose key contains one of these (comma-separated).")
    parser.add_argument("--show", help="List the interactive elements of this page key and exit.")
    parser.add_argument("--replay", action="store_true", help="Also perform the expected effects by hand.")
    sys.exit(asyncio.run(run(parser.parse_args())))


if __name__ == "__main__":
    main()
