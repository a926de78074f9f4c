"""Which page navigation a response belongs to, and the traffic counted for it.

The navigator opens a navigation before loading a page and closes it after; responses that
arrive later (XHR after load) still count for the last navigation of their session. A page
that navigates by itself (a click, a script) opens an implicit navigation.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from waypost.archive.filters import CATEGORIES

SHORT_NAMES = {
    "HTML": "html",
    "JS": "js",
    "CSS": "css",
    "XHR": "xhr",
    "FONT": "font",
    "IMAGE": "img",
    "MEDIA": "media",
    "OTHER": "other",
}


def new_nav_id() -> str:
    return uuid.uuid4().hex[:16]


@dataclass(eq=False)
class NavigationHandle:
    """One page navigation of one session, from :meth:`Archive.begin_navigation`.

    Attributes:
        nav_id: Stored with every response of the navigation (a HAR page id).
        session_id: The session navigating.
        url: The URL asked for.
        started: When it began (epoch seconds).
        explicit: True when opened by the navigator, False when the page navigated by itself.
        open: True until :meth:`Archive.end_navigation`.
        counts: Responses per traffic category.
        failed: Requests that failed.
    """

    nav_id: str
    session_id: str
    url: str
    started: float = field(default_factory=time.time)
    explicit: bool = True
    open: bool = True
    counts: Counter[str] = field(default_factory=Counter)
    failed: int = 0
    main_request: Any = field(default=None, repr=False)
    main_id: asyncio.Future[int | None] | None = field(default=None, repr=False)
    reading: set[asyncio.Future[None]] = field(default_factory=set, repr=False)


@dataclass(frozen=True)
class NavigationStats:
    """What one navigation loaded, for the line under a page view.

    Attributes:
        nav_id: The navigation's id.
        url: The URL asked for.
        counts: Responses per category, every one of HTML/JS/CSS/XHR/FONT/IMAGE/MEDIA/OTHER present.
        document_id: The archived id of the main document, or ``None`` when it was not recorded.
        failed: Requests that failed.
    """

    nav_id: str
    url: str
    counts: dict[str, int]
    document_id: str | None
    failed: int = 0

    @classmethod
    def of(cls, nav: NavigationHandle, document_id: int | None) -> NavigationStats:
        counts = {name: nav.counts.get(name, 0) for name in CATEGORIES}
        return cls(nav.nav_id, nav.url, counts, None if document_id is None else str(document_id), nav.failed)

    def line(self) -> str:
        """One short line, e.g. ``Archived as doc 42 · traffic: html 1, js 3, css 2, xhr 1, img 12``."""
        head = f"Archived as doc {self.document_id}" if self.document_id else "Not archived"
        parts = [f"{SHORT_NAMES[name]} {n}" for name, n in self.counts.items() if n]
        if self.failed:
            parts.append(f"failed {self.failed}")
        return f"{head} · traffic: {', '.join(parts)}" if parts else head
