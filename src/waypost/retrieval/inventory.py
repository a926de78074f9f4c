"""Collecting a screen's inventory: one in-page evaluation per screen."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from waypost.retrieval.descriptor import Screen, decode_paths
from waypost.retrieval.errors import PageTooLarge, PageUnavailable
from waypost.retrieval.page_scripts import INVENTORY_JS, PATH_JS

if TYPE_CHECKING:
    from playwright.async_api import Page


MAX_ELEMENTS = 5000
"""Default cap on the interactive elements one inventory describes."""
TIMEOUT = 10.0
"""Default seconds one inventory may take."""


async def collect(page: Page, *, max_elements: int = MAX_ELEMENTS, time_limit: float = TIMEOUT) -> Screen:
    """Describe every interactive element of ``page`` (open shadow roots and same-origin iframes too).

    The page keeps the described elements so that selectors can be checked against them. The
    work is bounded: at most ``max_elements`` elements, and about ``time_limit`` seconds.

    Raises:
        PageUnavailable: The page is closed or navigating and cannot be read.
        PageTooLarge: The page has more than ``max_elements`` interactive elements, or scanning it
            takes longer than ``time_limit``; nothing is acted on from a partial inventory.
    """
    return Screen.from_json(await _scan(page, max_elements, time_limit, reveal=False))


@dataclass(frozen=True)
class Hidden:
    """What hidden blocks hold: a screen whose elements include those of closed tabs, sections,
    menus and dialogs that one shown control opens, with that control for each.

    Attributes:
        screen: The inventory, the held elements described as shown (not in the viewport).
        opener_of: Inventory index of a held element → its opener's number in ``openers``.
        openers: Each opener as ``(css path, what it says)``.
    """

    screen: Screen
    opener_of: dict[int, int]
    openers: tuple[tuple[str, str], ...]


async def collect_hidden(
    page: Page, *, max_elements: int = MAX_ELEMENTS, time_limit: float = TIMEOUT
) -> Hidden:
    """:func:`collect`, with the controls of hidden blocks that one shown control opens.

    Raises:
        PageUnavailable: As :func:`collect`.
        PageTooLarge: As :func:`collect`.
    """
    raw = await _scan(page, max_elements, time_limit, reveal=True)
    screen = Screen.from_json(raw)
    flat = raw.get("held") or []
    opener_of = {int(flat[k]): int(flat[k + 1]) for k in range(0, len(flat), 2)}
    elements = tuple(
        replace(e, visible=True, in_viewport=False) if e.index in opener_of else e for e in screen.elements
    )
    paths = decode_paths(raw)
    openers = tuple((paths[int(p)], str(label)) for p, label in raw.get("openers") or ())
    return Hidden(replace(screen, elements=elements), opener_of, openers)


async def _scan(page: Page, max_elements: int, time_limit: float, *, reveal: bool) -> dict[str, Any]:
    opts = {
        "recentMs": 3000,
        "maxElements": max_elements,
        "budgetMs": int(time_limit * 1000 * 0.8),
        "reveal": reveal,
    }
    try:
        text = await asyncio.wait_for(page.evaluate(INVENTORY_JS, opts), time_limit + 2.0)
        raw: dict[str, Any] = json.loads(text)
    except TimeoutError as exc:
        raise PageTooLarge(
            f"Scanning the page's elements took longer than {time_limit:g} s; nothing was done. "
            "Pass a CSS selector as the target, or raise RetrievalSettings.inventory_timeout.",
            reason="time",
        ) from exc
    except Exception as exc:
        raise PageUnavailable(
            f"Could not read the page's elements ({_first_line(exc)}). "
            "Wait for the page to load and try again."
        ) from exc
    truncated = raw.get("truncated") or ""
    if truncated:
        n = len(raw.get("elements") or [])
        what = (
            f"more than {max_elements:,} interactive elements"
            if truncated == "count"
            else f"too many elements to scan in {time_limit:g} s ({n:,} described)"
        )
        raise PageTooLarge(
            f"This page has {what}; nothing was done. Pass a CSS selector as the target, or raise "
            "RetrievalSettings.max_elements / inventory_timeout.",
            described=n,
            reason=truncated,
        )
    return raw


async def structural_path(page: Page, index: int) -> str | None:
    """A CSS path to the inventory element ``index`` (the last-resort selector), or ``None``."""
    try:
        result = await page.evaluate(PATH_JS, index)
    except Exception:
        return None
    return result or None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
