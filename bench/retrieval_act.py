"""Acting benchmark on the new labelled sets: each instruction run by ``Actor.act`` on a fresh page.

Used by ``bench/retrieval.py --suite new`` (and ``--suite all``). Each case is a page (a widget-style
page under ``tests/retrieval/pages/ext`` or a third-party saved page of the readability corpus,
served by path as ``corpus/<name>/source.html``), an instruction, and what it should do: a list of
expected effects (``{"el": selector(s)}`` a click, ``{"el", "value"}`` a field's final value,
``{"el", "checked"}`` a checkbox's final state, ``{"el", "final"}`` the value the first selector's
element holds once act is done — for widgets that set a value without a native event: an input's
value, a ``<select>``'s selected option label, or the list of them for a multiple select; clicks
and typing inside any of the step's selectors belong to it) or ``null`` when the honest answer is
"unsure" or "not found" (nothing should happen).

Every case loads its page afresh (an npm demo page also until its network is idle), installs
listeners that report trusted clicks and value changes to Python (so navigation loses nothing),
resolves the first step once to measure the latency of inventory + ranking + validation and the
top-1 of the ranking, then runs ``act`` for real. A case
is *acted right* when every expected effect happened and nothing else was clicked or changed,
*acted wrong* when anything unexpected was clicked or changed (or an expected field got another
value), and *unsure* otherwise (nothing wrong done, something not done).
"""

# ruff: noqa: E501 -- the listener below is JavaScript, laid out for reading as JavaScript.
from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Page

from waypost.retrieval import Actor, RetrievalSettings, parse_instruction
from waypost.retrieval.finder import ElementFinder
from waypost.retrieval.query import Intent

_LISTEN = """(expects) => {
  window.__wpExpect = expects;
  const which = (el) => {
    for (let i = 0; i < expects.length; i++) {
      for (const sel of expects[i]) {
        let hit = false;
        try {
          for (const m of document.querySelectorAll(sel)) {
            if (m === el || m.contains(el) || (el.tagName === 'LABEL' && el.control === m)) { hit = true; break; }
          }
        } catch (e) {}
        if (hit) return i;
      }
    }
    return -1;
  };
  const what = (el) => {
    if (!el || !el.tagName) return String(el);
    const t = (el.innerText || el.value || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (t ? ' "' + t + '"' : '');
  };
  const state = (el) => {
    if ('checked' in el && (el.type === 'checkbox' || el.type === 'radio')) return !!el.checked;
    const a = el.getAttribute && el.getAttribute('aria-checked');
    return a === null ? null : a === 'true';
  };
  document.addEventListener('click', (ev) => {
    if (!ev.isTrusted && !(ev.target && ev.target.tagName === 'INPUT')) return;
    const el = ev.target;
    // Enter in a form field 'clicks' its default button (detail 0): that is the form's submission.
    if (ev.detail === 0 && (el.type === 'submit' || el.type === 'image' || (el.tagName === 'BUTTON' && !el.getAttribute('type')))) {
      window.__wpLog(['submit', which(el), what(el), null]);
      return;
    }
    // A click on a label that forwards to its control is reported by the control's own click.
    if (el.tagName === 'LABEL' && el.control) return;
    // So is a click on plain text or a switch's drawn knob inside such a label.
    const lab = el.closest && el.closest('label');
    if (lab && lab.control && lab.control !== el && !el.closest('a, button, input, select, textarea')) return;
    const i = which(el);
    window.__wpLog(['click', i, what(el), null]);
    setTimeout(() => { const s = state(el); if (s !== null) window.__wpLog(['state', i, what(el), s]); }, 0);
  }, true);
  const onValue = (ev) => {
    const el = ev.target;
    if (!el || !('value' in el)) return;
    const i = which(el);
    if (el.type === 'checkbox' || el.type === 'radio') { window.__wpLog(['state', i, what(el), !!el.checked]); return; }
    let v = el.value;
    if (el.tagName === 'SELECT' && el.selectedIndex >= 0) v = el.options[el.selectedIndex].label || el.options[el.selectedIndex].text;
    window.__wpLog(['value', i, what(el), v]);
  };
  document.addEventListener('input', onValue, true);
  document.addEventListener('change', onValue, true);
}"""


@dataclass
class ActOutcome:
    """What happened to one case of the new sets."""

    case: dict[str, Any]
    top1: bool = False
    right: bool = False
    wrong: bool = False
    unsure: bool = False
    latency_ms: float = 0.0
    status: str = ""
    why: str = ""
    events: list[Any] = field(default_factory=list)


def _expects(case: dict[str, Any]) -> list[list[str]]:
    out: list[list[str]] = []
    for step in case["expect"] or []:
        el = step["el"]
        out.append(list(el) if isinstance(el, list) else [el])
    return out


def score(case: dict[str, Any], events: list[Any], ok: bool) -> tuple[str, str]:
    """``right``, ``wrong`` or ``unsure``, with a reason."""
    expect = case["expect"]
    stray = [e for e in events if e[1] < 0 and e[0] in ("click", "value", "state")]
    # A value reported for a field as it is filled character by character, or reported twice, is one effect.
    if expect is None:
        if stray or any(e[1] >= 0 for e in events):
            return "wrong", f"acted although nothing should be done: {stray[:3]}"
        return ("wrong", "reported done on nothing") if ok else ("right", "")
    if stray:
        return "wrong", f"unexpected effects: {stray[:3]}"
    missing: list[str] = []
    for i, step in enumerate(expect):
        mine = [e for e in events if e[1] == i]
        if "final" in step:
            end = next((e for e in mine if e[0] == "final"), None)
            if end is None or end[3] == end[2]:
                if end is None or end[3] != step["final"]:
                    missing.append(f"{step['el']} unchanged")
            elif end[3] != step["final"]:
                return "wrong", f"{step['el']} ended {end[3]!r}, expected {step['final']!r}"
        elif "value" in step:
            values = [e[3] for e in mine if e[0] == "value"]
            if not values:
                missing.append(f"no value in {step['el']}")
            elif values[-1] != step["value"]:
                return "wrong", f"{step['el']} got {values[-1]!r}, expected {step['value']!r}"
        elif "checked" in step:
            states = [e[3] for e in mine if e[0] == "state"]
            if not states:
                missing.append(f"{step['el']} not set")
            elif states[-1] != step["checked"]:
                return "wrong", f"{step['el']} ended {states[-1]}, expected {step['checked']}"
        elif not any(e[0] == "click" for e in mine):
            missing.append(f"{step['el']} not clicked")
    # Clicks in order: the first click on each expected click target must come in the expected order.
    firsts = []
    for i, step in enumerate(expect):
        if "value" in step or "checked" in step or "final" in step:
            continue
        pos = next((n for n, e in enumerate(events) if e[0] == "click" and e[1] == i), None)
        if pos is not None:
            firsts.append(pos)
    if firsts != sorted(firsts):
        return "wrong", "clicks out of order"
    if missing:
        return "unsure", "; ".join(missing)
    return "right", ""


async def install_log(page: Page, sink: list[Any]) -> None:
    """Route the page's reports to ``sink`` (once per page; survives navigation)."""
    await page.expose_function("__wpLog", lambda item: sink.append(item))


async def run_act_case(
    page: Page, url: str, case: dict[str, Any], finder: ElementFinder, events: list[Any]
) -> ActOutcome:
    """Load the case's page, measure resolution of the first step, then run act and score it."""
    out = ActOutcome(case)
    for attempt in range(3):
        try:
            # A saved page whose subresources never finish: its DOM is enough the second time.
            await page.goto(url, wait_until="load" if attempt == 0 else "domcontentloaded", timeout=60_000)
            break
        except Exception:  # e.g. interrupted by a navigation the previous case started
            await asyncio.sleep(0.5)
    if case["page"].startswith(("npm/", "pypi/")):
        await settle_network(page)
    await asyncio.sleep(0.15)
    await page.evaluate(_LISTEN, _expects(case))
    finals = [
        (i, step["el"] if isinstance(step["el"], str) else step["el"][0])
        for i, step in enumerate(case["expect"] or [])
        if "final" in step
    ]
    before = [await _final(page, sel) for _, sel in finals]
    await asyncio.sleep(0.05)
    events.clear()
    steps = parse_instruction(case["instruction"])
    first_el = _expects(case)[0] if case["expect"] else []
    res = None
    if steps and steps[0].target:
        action = "click" if steps[0].action == "choose" else steps[0].action
        intent: Intent = action if action in ("click", "type", "select", "check") else "any"  # type: ignore[assignment]
        try:
            res = await finder.resolve(page, steps[0].target, intent, steps[0].verb, steps[0].exact)
        except Exception as exc:  # counted below from what act does; the ranking is just not measured
            out.why = f"resolve: {type(exc).__name__}"
            res = None
    if steps and steps[0].target and res is not None:
        out.latency_ms = res.latency_ms
        top = res.ranking.top(1) if res.ranking else []
        if top and first_el:
            out.top1 = await _is(page, top[0].element.index, first_el)
        elif not first_el:
            out.top1 = res.status != "found"
    # As the plain act() function runs: no memory, a covering cookie banner answered.
    actor = Actor(
        RetrievalSettings(
            memory=False,
            telemetry=False,
            settle_timeout=0.4,
            action_timeout=2.0,
            answer_consent=True,
            inventory_timeout=60,  # the machine is shared: measure decisions, not the load
        )
    )
    t0 = time.perf_counter()
    try:
        report = await asyncio.wait_for(actor.act(page, case["instruction"]), 30)
        ok = report.ok
        out.status = ",".join(r.status for r in report.steps)
    except Exception as exc:  # a crash counts against the case, with its reason
        ok = False
        out.status = f"error {type(exc).__name__}: {str(exc)[:80]}"
    _ = time.perf_counter() - t0
    await asyncio.sleep(0.05)
    for (i, sel), start in zip(finals, before, strict=True):
        events.append(["final", i, start, await _final(page, sel)])
    out.events = list(events)
    verdict, out.why = score(case, events, ok)
    if verdict == "right" and not ok and case["expect"] is not None:
        verdict = "unsure"  # everything expected happened but act says a step was not done
    out.right, out.wrong, out.unsure = verdict == "right", verdict == "wrong", verdict == "unsure"
    return out


async def settle_network(page: Page, timeout_ms: float = 5000) -> None:
    """Wait until the page has made no request for 500 ms (at most ``timeout_ms``).

    Some third-party demo pages load their widget scripts after the ``load`` event (jQuery UI's
    demos load theirs through RequireJS): until they are in, the page shows its plain markup."""
    with contextlib.suppress(Exception):  # a page that keeps polling: act on it as it is
        await page.wait_for_load_state("networkidle", timeout=timeout_ms)


_FINAL = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const label = (o) => (o.label || o.text).trim();
  if (el.tagName === 'SELECT' && el.multiple) return Array.from(el.selectedOptions).map(label);
  if (el.tagName === 'SELECT') return el.selectedIndex >= 0 ? label(el.options[el.selectedIndex]) : '';
  return 'value' in el ? el.value : (el.textContent || '').trim();
}"""


async def _final(page: Page, sel: str) -> Any:
    """The value a ``final`` step reads (None when the page is gone or the element absent)."""
    try:
        return await page.evaluate(_FINAL, sel)
    except Exception:
        return None


_SAME = """(els, i) => {
  let st = null;
  try { st = window.top.__waypostInventory; } catch (e) { st = window.__waypostInventory; }
  return !!st && els.some((el) => st.els[i] === el);
}"""


async def _is(page: Page, index: int, selectors: list[str]) -> bool:
    for sel in selectors:
        try:
            if await page.locator(sel).evaluate_all(_SAME, index):
                return True
        except Exception:
            continue
    return False
