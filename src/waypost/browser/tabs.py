"""The tabs of one session: the ones the agent opened, the ones its pages opened, and the user's.

Each session has a :class:`TabList` (``session.tabs``). The session's ``page`` is its current
tab; the tools list, open, switch to and close tabs through this list. Tabs are named ``t1``,
``t2``... in the order they appear. Pages a site opens (``target=_blank``, ``window.open``,
pop-ups) from one of the session's tabs join the list as *opened by the page*.

Attached to the user's own browser (CDP), the default session works inside the user's profile,
where other tabs belong to the user. Those are named ``u1``, ``u2``... and are hidden: listing,
switching to or closing them is a critical action the user has to approve (see
:func:`is_user_tab`). Closing the last tab opens a blank one, so the session stays usable.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from waypost.errors import WaypostError

if TYPE_CHECKING:
    from playwright.async_api import Page

    from waypost.browser.pool import Session

TabOrigin = Literal["agent", "site", "user"]


class TabNotFound(WaypostError):
    """No tab of the session has that id."""


def is_user_tab(tab_id: object) -> bool:
    """Whether a tab id names one of the user's own tabs (``u1``...), which needs approval."""
    return isinstance(tab_id, str) and tab_id.strip().lower().startswith("u")


@dataclass
class Tab:
    """One tab.

    Attributes:
        id: ``t1``, ``t2``... (the session's), ``u1``... (the user's own, attached mode).
        page: The Playwright page.
        origin: ``agent`` (opened by Waypost), ``site`` (opened by a page), ``user``.
        opener: The id of the tab that opened it, for ``site`` tabs.
        reported: Whether the model has been told about it.
    """

    id: str
    page: Page
    origin: TabOrigin
    opener: str | None = None
    reported: bool = False

    @property
    def own(self) -> bool:
        return self.origin != "user"

    def url(self) -> str:
        with contextlib.suppress(Exception):
            return self.page.url
        return ""


class TabList:
    """The tabs of one session; created by :meth:`attach` from the pool's ``on_context`` hook.

    Args:
        session: The session.
        user_context: True when the context is the user's own profile (CDP attach): pages
            already open, and pages opened without one of the session's tabs as opener, are the
            user's.
    """

    def __init__(self, session: Session, *, user_context: bool = False) -> None:
        self.session = session
        self.user_context = user_context
        self._tabs: list[Tab] = []
        self._counts = {"t": 0, "u": 0}
        self._agent_opening = 0
        self._pending: set[asyncio.Task[None]] = set()
        for page in session.context.pages:
            if page is not session.page:
                self._add(page, "user" if user_context else "site")
        self._add(session.page, "agent", reported=True)
        session.context.on("page", self._on_page)

    @classmethod
    def attach(cls, session: Session, *, user_context: bool = False) -> TabList:
        """Give ``session`` its tab list (``session.tabs``)."""
        session.tabs = cls(session, user_context=user_context)
        return session.tabs

    # -- events --------------------------------------------------------------------------------

    def _add(
        self, page: Page, origin: TabOrigin, *, opener: str | None = None, reported: bool = False
    ) -> Tab:
        for tab in self._tabs:
            if tab.page is page:
                return tab
        prefix = "u" if origin == "user" else "t"
        self._counts[prefix] += 1
        tab = Tab(f"{prefix}{self._counts[prefix]}", page, origin, opener, reported or origin == "user")
        self._tabs.append(tab)
        page.on("close", lambda _page: self._closed(tab))
        return tab

    def _closed(self, tab: Tab) -> None:
        with contextlib.suppress(ValueError):
            self._tabs.remove(tab)

    def _on_page(self, page: Page) -> None:
        if self._agent_opening:
            return  # :meth:`open` adds it itself
        task = asyncio.ensure_future(self._classify(page))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _classify(self, page: Page) -> None:
        opener = None
        with contextlib.suppress(Exception):
            opener = await page.opener()
        parent = self._by_page(opener) if opener is not None else None
        if parent is not None and parent.own:
            self._add(page, "site", opener=parent.id)
        elif self.user_context:
            self._add(page, "user")
        else:
            self._add(page, "site", opener=parent.id if parent else None)

    def _by_page(self, page: Page) -> Tab | None:
        return next((t for t in self._tabs if t.page is page), None)

    async def settle(self) -> None:
        """Let pages that just opened be sorted into the list."""
        if self._pending:
            await asyncio.wait(list(self._pending), timeout=5)

    # -- the list ------------------------------------------------------------------------------

    def tabs(self, *, include_user: bool = False) -> list[Tab]:
        """The open tabs (the user's only with ``include_user``), in the order they appeared."""
        return [t for t in self._tabs if not t.page.is_closed() and (include_user or t.own)]

    @property
    def current(self) -> Tab | None:
        return self._by_page(self.session.page)

    def get(self, tab_id: str) -> Tab:
        """A tab by id.

        Raises:
            TabNotFound: No open tab has that id.
        """
        wanted = str(tab_id).strip().lower()
        for tab in self.tabs(include_user=True):
            if tab.id == wanted:
                return tab
        ids = ", ".join(t.id for t in self.tabs()) or "none"
        raise TabNotFound(f"There is no open tab {tab_id!r} in this session (tabs: {ids}). Call list_tabs.")

    def unreported(self) -> list[Tab]:
        """Tabs the session's pages opened that the model has not been told about (marked told now)."""
        fresh = [t for t in self.tabs() if not t.reported]
        for tab in fresh:
            tab.reported = True
        return fresh

    def hidden_count(self) -> int:
        """How many of the user's own tabs are hidden from the list."""
        return len([t for t in self._tabs if not t.own and not t.page.is_closed()])

    # -- actions -------------------------------------------------------------------------------

    async def open(self) -> Tab:
        """Open a new blank tab and make it the current one."""
        self._agent_opening += 1
        try:
            page = await self.session.context.new_page()
        finally:
            self._agent_opening -= 1
        tab = self._add(page, "agent", reported=True)
        self.session.page = page
        return tab

    async def reopen(self) -> Tab:
        """After the current tab was closed (by a person, a crash): the latest other tab, else a new one."""
        rest = self.tabs()
        if rest:
            self.session.page = rest[-1].page
            return rest[-1]
        return await self.open()

    async def switch(self, tab_id: str) -> Tab:
        """Make a tab the current one (brought to the front)."""
        tab = self.get(tab_id)
        self.session.page = tab.page
        tab.reported = True
        with contextlib.suppress(Exception):
            await tab.page.bring_to_front()
        return tab

    async def close(self, tab_id: str) -> tuple[Tab, Tab]:
        """Close a tab; returns it and the tab that is current afterwards.

        Closing the current tab makes the most recent other tab of the session current; closing
        the last one opens a blank tab, so the session stays usable.
        """
        tab = self.get(tab_id)
        was_current = tab.page is self.session.page
        with contextlib.suppress(Exception):
            await tab.page.close(run_before_unload=False)
        self._closed(tab)
        if was_current or self.session.page.is_closed():
            await self.reopen()
        current = self.current
        assert current is not None
        return tab, current
