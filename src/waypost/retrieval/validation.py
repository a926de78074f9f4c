"""Validation before acting: exactly one element, the intended one, visible, enabled, not covered."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from waypost.retrieval.page_scripts import VALIDATE_JS
from waypost.retrieval.selectors import Selector

if TYPE_CHECKING:
    from playwright.async_api import Page

Reason = Literal["ok", "missing", "not_unique", "other_element", "hidden", "disabled", "covered", "error"]


@dataclass(frozen=True)
class Validation:
    """What the page says about a selector right now.

    Attributes:
        reason: ``ok`` or why the selector cannot be acted on.
        count: How many elements it resolves to.
        name: Accessible name of the element (when exactly one).
        proxy: ``'label'`` when the element's visible label is what must be clicked.
        cover: What covers the element's centre point (tag, id, role, label, text).
        checked: Checked state, for checkboxes, radios and switches.
        editable: The element takes typed text.
        tag: Tag name.
        type: Input type.
        point: Where to click, relative to the element's top-left corner, when its centre is
            covered but another part of it is not (``None``: the centre).
    """

    reason: Reason
    count: int = 0
    name: str = ""
    proxy: str | None = None
    cover: dict[str, str] | None = None
    checked: bool | None = None
    editable: bool = False
    tag: str = ""
    type: str = ""
    point: tuple[float, float] | None = None

    @property
    def ok(self) -> bool:
        return self.reason == "ok"

    @property
    def element_ok(self) -> bool:
        """The selector found the right single element, whatever its state (visible, covered...)."""
        return self.reason in ("ok", "hidden", "disabled", "covered")

    @classmethod
    def from_json(cls, r: dict[str, Any]) -> Validation:
        count = int(r.get("count", 0))
        if count == 0:
            return cls("missing", 0)
        if count > 1:
            return cls("not_unique", count)
        base: dict[str, Any] = {
            "count": 1,
            "name": r.get("name") or "",
            "proxy": r.get("proxy"),
            "cover": r.get("cover"),
            "checked": r.get("checked"),
            "editable": bool(r.get("editable")),
            "tag": r.get("tag") or "",
            "type": r.get("type") or "",
            "point": (float(r["point"]["x"]), float(r["point"]["y"])) if r.get("point") else None,
        }
        if r.get("same") is False:
            return cls("other_element", **base)
        if not r.get("visible"):
            return cls("hidden", **base)
        if not r.get("enabled"):
            return cls("disabled", **base)
        if r.get("covered"):
            return cls("covered", **base)
        return cls("ok", **base)


# A tree item's box holds its children when it is open (and spans the row's width): its centre may
# be a child item or empty space. A person clicks the item's own label; so does the action, at the
# centre of the first child of the item that is not its group (or of its own text).
_ITEM_POINT = r"""
(el) => {
  if (!el || el.getAttribute('role') !== 'treeitem') return null;
  const box = el.getBoundingClientRect();
  let b = null;
  for (const c of el.children) {
    if (c.getAttribute('role') === 'group' || /^(UL|OL)$/.test(c.tagName)) continue;
    const r = c.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (c.innerText || '').trim()) { b = r; break; }
  }
  if (!b) {
    const t = Array.from(el.childNodes).find((n) => n.nodeType === 3 && n.textContent.trim());
    if (!t) return null;
    const range = document.createRange();
    range.selectNodeContents(t);
    b = range.getBoundingClientRect();
  }
  if (!b || b.width <= 0 || b.height <= 0) return null;
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !el.contains(hit) || hit.closest('[role=treeitem]') !== el) return null;
  return { x: x - box.left, y: y - box.top };
}
"""
_VALIDATE_ITEM_JS = (
    f"(els, idx) => {{ const r = ({VALIDATE_JS})(els, idx);"
    f" if (r && r.count === 1 && r.visible && !r.covered && !r.point && !r.proxy) {{"
    f" const p = ({_ITEM_POINT})(els[0]); if (p) r.point = p; }} return r; }}"
)

# A CSS selector in a document the last inventory walked whole and found without shadow roots is
# checked with the page's own querySelectorAll: what Playwright's CSS engine finds there too, without
# installing its selector engine in the page first (tens of milliseconds on each new document).
# ``null``: ask Playwright.
_VALIDATE_CSS_JS = (
    "([css, idx]) => { if (window.top !== window) return null;"
    " const st = window.__waypostInventory || null;"
    " if (!st || st.shadowFree !== true) return null;"
    " let els; try { els = Array.from(document.querySelectorAll(css)); } catch (e) { return null; }"
    f" return ({_VALIDATE_ITEM_JS})(els, idx); }}"
)


async def validate(
    page: Page, selector: Selector, index: int | None = None, within: float = 2.0
) -> Validation:
    """Check ``selector`` on the live page without acting.

    Args:
        page: The page.
        selector: The selector to check.
        index: The inventory index it must resolve to (``None`` to accept any single element).
        within: Seconds to allow (entering a missing iframe would otherwise wait).

    Returns:
        A :class:`Validation`; never raises for a missing or ambiguous element.
    """
    try:
        raw = None
        if selector.is_css and not selector.frames:
            raw = await asyncio.wait_for(page.evaluate(_VALIDATE_CSS_JS, [selector.value, index]), within)
        if raw is None:
            locator = selector.locator(page)
            raw = await asyncio.wait_for(locator.evaluate_all(_VALIDATE_ITEM_JS, index), within)
    except Exception:  # a bad selector, a detached frame, a timeout: not usable
        return Validation("error")
    return Validation.from_json(raw)
