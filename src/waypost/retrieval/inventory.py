"""Collecting a screen's inventory: one in-page evaluation per screen."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from waypost.retrieval.descriptor import Screen
from waypost.retrieval.errors import PageUnavailable
from waypost.retrieval.page_scripts import INVENTORY_JS, PATH_JS

if TYPE_CHECKING:
    from playwright.async_api import Page


async def collect(page: Page) -> Screen:
    """Describe every interactive element of ``page`` (open shadow roots and same-origin iframes too).

    The page keeps the described elements so that selectors can be checked against them.

    Raises:
        PageUnavailable: The page is closed or navigating and cannot be read.
    """
    try:
        raw: dict[str, Any] = json.loads(await page.evaluate(INVENTORY_JS, {"recentMs": 3000}))
    except Exception as exc:
        raise PageUnavailable(
            f"Could not read the page's elements ({_first_line(exc)}). "
            "Wait for the page to load and try again."
        ) from exc
    return Screen.from_json(raw)


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
