"""Watching a page while acting: navigation, network, dialogs, new tabs; then a bounded settle.

Used as ``async with PageWatch(page) as watch: await locator.click(); change = await watch.settle(3.0)``.
JavaScript alerts and confirms that the action raises are dismissed (never accepted) and reported.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

from waypost.retrieval.page_scripts import PAGE_STATE_JS
from waypost.retrieval.results import PageChange

if TYPE_CHECKING:
    from playwright.async_api import Dialog, Frame, Page, Request

_TRACKED = frozenset({"document", "xhr", "fetch"})
# Requests still open this long after the action are not waited for (long polling, beacons).
_NETWORK_CAP = 1.5
_GRACE = 0.06
# A link or form that targets another window: the browser's new-page event can come late on a busy
# machine, so the settle waits this long for it rather than report "nothing changed".
_TAB_WAIT = 2.5

OPENS_TAB_JS = """e => {
  const a = e.closest('a[href], area[href]');
  const f = a ? null : (e.form || e.closest('form'));
  const t = ((a && a.target) || (e.formTarget) || (f && f.target) || '').trim().toLowerCase();
  return !!t && !['_self', '_parent', '_top'].includes(t);
}"""


async def page_state(page: Page) -> tuple[str, tuple[str, ...]]:
    """The title and the names of open dialogs; empty if the page cannot be read right now."""
    try:
        state: dict[str, Any] = await page.evaluate(PAGE_STATE_JS)
    except Exception:
        return "", ()
    return state.get("title") or "", tuple(state.get("dialogs") or ())


class PageWatch:
    """Records what happens on ``page`` between ``__aenter__`` and :meth:`settle`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self._pending: set[Request] = set()
        self._nav_requested = False
        self._navigated = False
        self._alerts: list[str] = []
        self._tabs: list[Page] = []
        self._url_before = ""
        self._title_before = ""
        self._dialogs_before: tuple[str, ...] = ()
        self._tasks: set[asyncio.Task[None]] = set()
        self._moved = asyncio.Event()  # a tab opened or the page navigated

    async def __aenter__(self) -> PageWatch:
        self._url_before = self.page.url
        self._title_before, self._dialogs_before = await page_state(self.page)
        self.page.on("request", self._on_request)
        self.page.on("requestfinished", self._on_done)
        self.page.on("requestfailed", self._on_done)
        self.page.on("framenavigated", self._on_navigated)
        self.page.on("dialog", self._on_dialog)
        self.page.context.on("page", self._on_page)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for event, handler in (
            ("request", self._on_request),
            ("requestfinished", self._on_done),
            ("requestfailed", self._on_done),
            ("framenavigated", self._on_navigated),
            ("dialog", self._on_dialog),
        ):
            with contextlib.suppress(Exception):
                self.page.remove_listener(event, handler)
        with contextlib.suppress(Exception):
            self.page.context.remove_listener("page", self._on_page)
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _on_request(self, request: Request) -> None:
        if request.resource_type in _TRACKED:
            self._pending.add(request)
            if request.is_navigation_request() and request.frame == self.page.main_frame:
                self._nav_requested = True

    def _on_done(self, request: Request) -> None:
        self._pending.discard(request)

    def _on_navigated(self, frame: Frame) -> None:
        if frame == self.page.main_frame:
            self._navigated = True
            self._moved.set()

    def _on_dialog(self, dialog: Dialog) -> None:
        self._alerts.append(dialog.message)
        task = asyncio.ensure_future(self._dismiss(dialog))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _dismiss(dialog: Dialog) -> None:
        with contextlib.suppress(Exception):
            await dialog.dismiss()

    def _on_page(self, page: Page) -> None:
        self._tabs.append(page)
        self._moved.set()

    async def settle(self, seconds: float, *, expect_tab: bool = False) -> PageChange:
        """Wait (at most ``seconds``) for a started navigation and for network requests to
        finish, then report what changed.

        Args:
            seconds: The most to wait.
            expect_tab: The action should open a tab (a link with a ``target``): wait for it too.
        """
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.sleep(min(_GRACE, seconds))
        if expect_tab:
            wait = min(deadline, started + _TAB_WAIT) - time.monotonic()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), max(0.0, wait))
        loaded = False
        while time.monotonic() < deadline:
            if self._navigated and not loaded:
                remaining = max(0.05, deadline - time.monotonic())
                with contextlib.suppress(Exception):
                    await self.page.wait_for_load_state("domcontentloaded", timeout=remaining * 1000)
                loaded = True
                continue
            if self._nav_requested and not self._navigated:
                await asyncio.sleep(0.025)
                continue
            if not self._pending or time.monotonic() - started > _NETWORK_CAP:
                break
            await asyncio.sleep(0.025)
        title_after, dialogs_after = await page_state(self.page)
        tabs = []
        for tab in self._tabs:
            with contextlib.suppress(Exception):
                tabs.append(tab.url)
        return PageChange(
            url_before=self._url_before,
            url_after=self.page.url,
            title_before=self._title_before,
            title_after=title_after,
            opened_dialogs=tuple(d for d in dialogs_after if d not in self._dialogs_before),
            closed_dialogs=tuple(d for d in self._dialogs_before if d not in dialogs_after),
            new_tabs=tuple(tabs),
            alerts=tuple(self._alerts),
        )
