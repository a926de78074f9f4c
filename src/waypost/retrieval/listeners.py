"""Elements a page script made clickable, found through the browser's own listener records.

A script can make any ``<span>`` a control with ``addEventListener('click', …)`` (jQuery's
``.on('click')`` does exactly that): the icons of a mail row, the like and reply icons of a post.
Nothing in the DOM says so, and the page scan cannot see it. Chromium's DevTools protocol can:
``DOMDebugger.getEventListeners`` lists an element's listeners. Asking costs one round trip per
element, so it is done only when a target was not found, for a bounded set of small, leaf-like
elements, and the answer is kept on the page in ``window.__waypostListened`` (a ``WeakSet`` the
page scan reads). Nothing of the page runs: only the browser's records are read.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import Page

MAX_CANDIDATES = 300
"""Elements asked about at most, per call (the empty ones first, then those with short text)."""
TIME_LIMIT = 2.0
"""Seconds one call may take; on a slow page it gives up and marks nothing."""

_POINTER_EVENTS = frozenset({"click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart"})

# Small visible elements, without controls inside, that the scan does not already treat as
# controls: icons first (no text), then short texts. Returned as an array the protocol keeps.
_CANDIDATES_JS = r"""
(() => {
  const max = MAX;
  const CONTROL = 'a[href],button,input,select,textarea,summary,label,[role],[onclick],[contenteditable]';
  const seen = window.__waypostListened instanceof WeakSet ? window.__waypostListened : null;
  const empty = [], short = [];
  const vw = innerWidth, vh = innerHeight;
  const all = document.body ? document.body.getElementsByTagName('*') : [];
  for (let i = 0; i < all.length && empty.length < max; i++) {
    const el = all[i];
    if (el.matches(CONTROL) || el.closest('a[href],button,select,textarea,label,[contenteditable]')) continue;
    if (seen && seen.has(el)) continue;
    if (el.querySelector(CONTROL)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.width * r.height > vw * vh / 4) continue;
    const t = (el.textContent || '').trim();
    if (!t) empty.push(el);
    else if (t.length <= 60 && el.childElementCount <= 3 && short.length < max) short.push(el);
  }
  return empty.concat(short).slice(0, max);
})()
""".replace("MAX", str(MAX_CANDIDATES), 1)

_MARK_JS = """function (idx) {
  const s = window.__waypostListened instanceof WeakSet ? window.__waypostListened : new WeakSet();
  window.__waypostListened = s;
  for (const i of idx) s.add(this[i]);
  return idx.length;
}"""


async def mark_listened(page: Page, *, time_limit: float = TIME_LIMIT) -> int:
    """Mark the small elements of ``page`` that have a click listener, for the next page scans.

    Returns:
        How many elements were newly marked (0 when none, when the browser is not Chromium, or
        when the page navigated or took longer than ``time_limit``).
    """
    try:
        return await asyncio.wait_for(_mark(page), time_limit)
    except Exception:  # not Chromium, a closed or navigating page, or too slow: nothing marked
        return 0


async def _mark(page: Page) -> int:
    cdp = await page.context.new_cdp_session(page)
    try:
        found = await cdp.send(
            "Runtime.evaluate", {"expression": _CANDIDATES_JS, "objectGroup": "waypost-listeners"}
        )
        array_id = (found.get("result") or {}).get("objectId")
        if not array_id:
            return 0
        props = await cdp.send("Runtime.getProperties", {"objectId": array_id, "ownProperties": True})
        items: list[tuple[int, str]] = []
        for prop in props.get("result") or []:
            name, value = prop.get("name", ""), prop.get("value") or {}
            if name.isdigit() and value.get("objectId"):
                items.append((int(name), value["objectId"]))
        replies = await asyncio.gather(
            *(cdp.send("DOMDebugger.getEventListeners", {"objectId": oid}) for _, oid in items),
            return_exceptions=True,
        )
        marked = [i for (i, _), reply in zip(items, replies, strict=True) if _clickable(reply)]
        if marked:
            await cdp.send(
                "Runtime.callFunctionOn",
                {"objectId": array_id, "functionDeclaration": _MARK_JS, "arguments": [{"value": marked}]},
            )
        return len(marked)
    finally:
        try:
            await cdp.send("Runtime.releaseObjectGroup", {"objectGroup": "waypost-listeners"})
        finally:
            await cdp.detach()


def _clickable(reply: Any) -> bool:
    if not isinstance(reply, dict):
        return False
    return any(item.get("type") in _POINTER_EVENTS for item in reply.get("listeners") or [])


# The element at a CSS path and its ancestors up to the closest one matching ``stop`` (inclusive).
_CHAIN_JS = """([css, stop]) => {
  const el = document.querySelector(css);
  if (!el) return [];
  const out = [];
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    out.push(n);
    if (n.matches(stop)) break;
  }
  return out;
}"""


async def listened_up_to(page: Page, css: str, stop: str, *, time_limit: float = TIME_LIMIT) -> bool | None:
    """Whether the element at ``css``, or an ancestor of it up to the closest one matching
    ``stop``, has a pointer listener (a table's header sorted by a script: on the cell, its row,
    or the table). Listeners further up (the document's, which many libraries add for other work)
    do not count.

    Returns:
        ``None`` when the browser cannot tell (not Chromium, a navigating page, too slow).
    """
    try:
        return await asyncio.wait_for(_listened_up_to(page, css, stop), time_limit)
    except Exception:
        return None


async def _listened_up_to(page: Page, css: str, stop: str) -> bool:
    cdp = await page.context.new_cdp_session(page)
    try:
        found = await cdp.send(
            "Runtime.evaluate",
            {"expression": f"({_CHAIN_JS})({json.dumps([css, stop])})", "objectGroup": "waypost-listeners"},
        )
        array_id = (found.get("result") or {}).get("objectId")
        if not array_id:
            return False
        props = await cdp.send("Runtime.getProperties", {"objectId": array_id, "ownProperties": True})
        ids = [
            (p.get("value") or {}).get("objectId")
            for p in props.get("result") or []
            if str(p.get("name", "")).isdigit()
        ]
        replies = await asyncio.gather(
            *(cdp.send("DOMDebugger.getEventListeners", {"objectId": oid}) for oid in ids if oid),
            return_exceptions=True,
        )
        return any(_clickable(reply) for reply in replies)
    finally:
        try:
            await cdp.send("Runtime.releaseObjectGroup", {"objectGroup": "waypost-listeners"})
        finally:
            await cdp.detach()
