"""``SessionPool``: one browser, one isolated context and page per session id.

Cookies and localStorage survive restarts through Playwright's storage state, written under the
data dir after every operation. Contexts beyond ``max_contexts`` are evicted least recently used
first, idle ones expire, and a crashed browser is relaunched on the next call with every session
restored from disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Route,
    WebSocketRoute,
    async_playwright,
)

from waypost.browser.guard_proxy import GuardProxy
from waypost.browser.launch import LaunchedBrowser, launch_browser
from waypost.browser.session_ids import (
    DEFAULT_SESSION,
    is_internal_session_id,
    new_internal_session_id,
    validate_session_id,
)
from waypost.browser.storage import SessionStore
from waypost.browser.url_policy import UrlPolicy
from waypost.config import Settings
from waypost.errors import BrowserUnavailable, ConfigError, InvalidSessionId, SessionBusy

log = logging.getLogger(__name__)

ContextHook = Callable[["Session"], Any]


@dataclass
class Session:
    """A live session: its context and page, and bookkeeping the pool needs.

    Only the pool creates sessions. Hold one only inside ``async with pool.session(...)``.
    """

    session_id: str
    context: BrowserContext
    page: Page
    created: float
    last_used: float
    owns_context: bool = True
    in_flight: int = 0
    tabs: Any = None  # the session's TabList (browser/tabs.py), set by the on_context hook
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    async def ensure_page(self) -> Page:
        """The session's page, reopened if it was closed (a tab closed by the user, a crash)."""
        if self.page.is_closed():
            if self.tabs is not None:
                await self.tabs.reopen()
            else:
                self.page = await self.context.new_page()
        return self.page


@dataclass(frozen=True)
class SessionInfo:
    """One row of :meth:`SessionPool.status`."""

    session_id: str
    live: bool
    created: float | None
    last_used: float | None
    has_saved_state: bool
    url: str | None
    in_flight: bool


class SessionPool:
    """Owns one browser process and an isolated context per ``session_id``.

    Use it as an async context manager::

        async with SessionPool(Settings(data_dir=...)) as pool:
            async with pool.session("research") as session:
                await session.page.goto("https://example.org/")

    Args:
        settings: Waypost settings (data dir, limits, browser choice).
        on_context: Called with each new :class:`Session` right after its context is created
            (e.g. to attach network capture). May be async.
    """

    def __init__(self, settings: Settings | None = None, *, on_context: ContextHook | None = None) -> None:
        self.settings = settings or Settings()
        self.store = SessionStore(self.settings.data_dir)
        try:
            self.policy = UrlPolicy(
                self.settings.allow_domains, self.settings.deny_domains, self.settings.loopback_only
            )
        except ValueError as exc:
            raise ConfigError(f"allow_domains/deny_domains: {exc}") from None
        # Every connection of a context Waypost creates goes through it while a policy is active.
        self.guard: GuardProxy | None = GuardProxy(self.policy) if self.policy.active else None
        self.on_context = on_context  # public: Waypost re-points it at a scratch archive when read-only
        self._playwright: Playwright | None = None
        self._launched: LaunchedBrowser | None = None
        self._sessions: dict[str, Session] = {}
        # Internal sessions this pool issued → their storage state, kept in memory, never on disk.
        self._internal: dict[str, dict[str, Any] | None] = {}
        self._structure = asyncio.Lock()  # guards launching and creating/closing contexts
        self._janitor: asyncio.Task[None] | None = None
        self._closed = False
        self._started = False
        self.instance_id = uuid.uuid4().hex[:12]
        self.saving_failed: str | None = None  # why the last save failed, until one works again
        self.relaunches = 0

    # -- lifecycle -----------------------------------------------------------------------------

    async def __aenter__(self) -> SessionPool:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Start Playwright and the browser, and the expiry janitor."""
        if self._started:
            return
        self._started = True
        with contextlib.suppress(OSError):  # a read-only data dir: nothing to clean
            await asyncio.to_thread(self.store.remove_stale_temp_files)
        self._playwright = await async_playwright().start()
        try:
            if self.guard is not None:
                await self.guard.start()
            await self._ensure_browser()
        except BaseException:
            await self._playwright.stop()
            self._playwright = None
            if self.guard is not None:
                await self.guard.close()
            self._started = False
            raise
        self._janitor = asyncio.create_task(self._janitor_loop(), name="waypost-session-janitor")

    async def close(self) -> None:
        """Save every session, close what Waypost opened, and stop the browser if Waypost owns it."""
        if self._closed or not self._started:
            self._closed = True
            return
        self._closed = True
        if self._janitor:
            self._janitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._janitor
        async with self._structure:
            for session in list(self._sessions.values()):
                await self._save_and_close(session)
            self._sessions.clear()
            if self._launched:
                if self._launched.owned:
                    with contextlib.suppress(Exception):
                        await self._launched.browser.close()
                self._launched = None
        if self._playwright:
            with contextlib.suppress(Exception):
                await self._playwright.stop()
            self._playwright = None
        if self.guard is not None:
            await self.guard.close()

    # -- browser -------------------------------------------------------------------------------

    @property
    def browser(self) -> Browser | None:
        """The current browser, if one is connected."""
        return self._launched.browser if self._launched else None

    @property
    def partial_downloads(self) -> Path:
        """Where a launched browser writes downloads in progress."""
        return self.settings.data_dir / "downloads-in-progress"

    @property
    def attached(self) -> bool:
        """True when working inside the user's own browser over CDP."""
        return bool(self.settings.cdp_url)

    def _browser_alive(self) -> bool:
        return self._launched is not None and self._launched.browser.is_connected()

    async def _ensure_browser(self) -> Browser:
        if self._browser_alive():
            assert self._launched is not None
            return self._launched.browser
        if self._playwright is None:
            raise BrowserUnavailable(
                "The session pool is not started: use 'async with SessionPool() as pool'."
            )
        if self._launched is not None:
            # The browser crashed or disconnected: its contexts are gone, their state is on disk.
            log.warning("browser disconnected; relaunching and restoring %d session(s)", len(self._sessions))
            self._sessions.clear()
            self.relaunches += 1
            with contextlib.suppress(Exception):
                await self._launched.browser.close()
            self._launched = None
        launched = await launch_browser(
            self._playwright,
            chromium=self.settings.chromium,
            headless=self.settings.headless,
            cdp_url=self.settings.cdp_url,
            extra_args=(f"--waypost-instance={self.instance_id}",),
            downloads_path=self.partial_downloads,
        )
        self._launched = launched
        return launched.browser

    # -- sessions ------------------------------------------------------------------------------

    def open_internal(self, kind: str, name: str) -> str:
        """Issue a session id of Waypost's own (e.g. for a sub-agent) and return it.

        Its id starts with ``~`` (no user id can), carries a random part (unique per call), and
        its cookies and storage stay in memory: nothing is read from or written to the data
        dir. It lasts until ``close_session(id, forget=True)``.
        """
        session_id = new_internal_session_id(kind, name)
        self._internal[session_id] = None
        return session_id

    def check_session_id(self, session_id: object) -> str:
        """``session_id`` if this pool accepts it: a valid user id, or an internal id it issued.

        Raises:
            InvalidSessionId: It is neither.
        """
        validate_session_id(session_id)
        assert isinstance(session_id, str)
        if is_internal_session_id(session_id) and session_id not in self._internal:
            raise InvalidSessionId(
                f"Session {session_id!r} is not a session of this Waypost (internal ids cannot be chosen)."
            )
        return session_id

    @contextlib.asynccontextmanager
    async def session(self, session_id: str = DEFAULT_SESSION) -> AsyncIterator[Session]:
        """Use a session for one operation; it is created or restored on first use.

        Operations on one session run one at a time; different sessions run in parallel. The
        session's storage state is saved when the operation ends.

        Raises:
            InvalidSessionId: The id is not valid (nothing touches the disk).
            BrowserUnavailable: No browser could be launched or attached.
        """
        self.check_session_id(session_id)
        if self._closed or not self._started:
            raise BrowserUnavailable("The session pool is closed; create a new one.")
        while True:
            session = await self._acquire(session_id)
            await session.lock.acquire()
            if self._sessions.get(session_id) is session and self._browser_alive():
                break
            # The browser was relaunched or the session evicted while we waited: take the new one.
            session.lock.release()
            session.in_flight -= 1
        try:
            try:
                await session.ensure_page()
            except Exception as exc:
                raise BrowserUnavailable(f"Could not open a page in session {session_id!r}: {exc}") from exc
            yield session
        finally:
            session.lock.release()
            session.in_flight -= 1
            session.last_used = time.time()
            if session.context is not None and self._browser_alive():
                await self._save(session)
            await self._evict_over_limit()

    async def _acquire(self, session_id: str) -> Session:
        async with self._structure:
            await self._ensure_browser()
            session = self._sessions.get(session_id)
            if session is None:
                await self._evict_over_limit(locked=True, reserve=1)
                session = await self._open(session_id)
                self._sessions[session_id] = session
            session.in_flight += 1
            session.last_used = time.time()
            return session

    async def _open(self, session_id: str) -> Session:
        browser = await self._ensure_browser()
        now = time.time()
        internal = session_id in self._internal
        meta = (
            {}
            if internal or (self.attached and session_id == DEFAULT_SESSION)
            else self.store.load_meta(session_id)
        )
        if self.attached and session_id == DEFAULT_SESSION and browser.contexts:
            # The user's own profile: their logins live here. Use it, never close or overwrite it.
            context = browser.contexts[0]
            owns = False
        else:
            state = self._internal[session_id] if internal else self.store.load_state(session_id)
            options: dict[str, Any] = {"storage_state": state} if state else {}
            if self.settings.user_agent:
                options["user_agent"] = self.settings.user_agent
            if self.guard is not None:
                options["proxy"] = self.guard.playwright_proxy()
                # A service worker can answer later navigations from its cache and fetch beside
                # the page's routes: none while a policy is active.
                options["service_workers"] = "block"
            context = await browser.new_context(**options)
            owns = True
        context.set_default_navigation_timeout(self.settings.nav_timeout * 1000)
        context.set_default_timeout(min(self.settings.nav_timeout, 15.0) * 1000)
        await self._install_routes(context, proxied=owns and self.guard is not None)
        if not owns and self.policy.active:
            log.warning(
                "attached to the user's own browser profile: the URL policy is enforced by request "
                "routes only there (redirect hops are not checked); other sessions are fully guarded"
            )
        page = await context.new_page()
        session = Session(
            session_id=session_id,
            context=context,
            page=page,
            created=float(meta.get("created", now)),
            last_used=now,
            owns_context=owns,
        )
        if owns and not internal and "created" not in meta:
            try:
                self.store.save_meta(session_id, {"created": session.created})
            except OSError as exc:
                self._not_saved(exc)
        if self.on_context is not None:
            result = self.on_context(session)
            if asyncio.iscoroutine(result):
                await result
        return session

    async def _install_routes(self, context: BrowserContext, *, proxied: bool) -> None:
        """The first line of the URL policy: every routed request and WebSocket, by URL.

        Playwright continues redirect hops without asking this handler, so a context Waypost
        creates also sends all its connections through the guard proxy (``proxied``). The
        user's own profile in attach mode cannot be proxied: it has only this line (see
        docs/security.md).
        """
        policy = self.policy
        if not policy.active:
            return

        async def guard(route: Route) -> None:
            reason = policy.request_refusal(route.request.url)
            if reason is not None:
                log.info("blocked request to %s: %s", route.request.url[:200], reason)
                await route.abort("blockedbyclient")
                return
            await route.fallback()

        await context.route("**/*", guard)
        if proxied:
            return  # WebSockets go through the proxy like everything else

        async def guard_socket(ws: WebSocketRoute) -> None:
            reason = policy.request_refusal(ws.url)
            if reason is not None:
                log.info("blocked WebSocket to %s: %s", ws.url[:200], reason)
                await ws.close(code=1008, reason="blocked by the URL policy")
                return
            ws.connect_to_server()

        await context.route_web_socket(re.compile(r".*"), guard_socket)

    async def _save(self, session: Session) -> None:
        if not session.owns_context:
            return
        try:
            state = await asyncio.wait_for(session.context.storage_state(), timeout=10)
        except Exception as exc:  # a crashed browser: keep the last good state on disk
            log.debug("could not read storage state of %s: %s", session.session_id, type(exc).__name__)
            return
        if is_internal_session_id(session.session_id):
            if session.session_id in self._internal:  # not forgotten meanwhile
                self._internal[session.session_id] = state
            return
        try:
            await asyncio.to_thread(self.store.save_state, session.session_id, state)
        except OSError as exc:  # a full disk or a read-only data dir must not stop browsing
            self._not_saved(exc)
        else:
            self.saving_failed = None

    def _not_saved(self, exc: OSError) -> None:
        """Warn once that session state is not being saved (until a save works again)."""
        if self.saving_failed is None:
            log.warning(
                "Session state is not being saved under %s (%s): browsing goes on, but cookies and "
                "storage will be lost when Waypost stops. Free some space or make the folder writable.",
                self.settings.data_dir,
                exc.strerror or exc,
            )
        self.saving_failed = exc.strerror or str(exc)

    async def _save_and_close(self, session: Session) -> None:
        if self._browser_alive():
            await self._save(session)
        if session.owns_context:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(session.context.close(), timeout=10)
        else:
            with contextlib.suppress(Exception):
                await session.page.close()

    async def _evict_over_limit(self, *, locked: bool = False, reserve: int = 0) -> list[str]:
        """Close least recently used idle sessions until the live count fits ``max_contexts``."""
        if locked:
            return await self._evict_locked(reserve)
        async with self._structure:
            return await self._evict_locked(reserve)

    async def _evict_locked(self, reserve: int) -> list[str]:
        evicted: list[str] = []
        limit = self.settings.max_contexts - reserve
        while len(self._sessions) > limit:
            candidates = [
                s for s in self._sessions.values() if s.in_flight == 0 and s.session_id != DEFAULT_SESSION
            ]
            if not candidates:
                # Everything is busy or default: stay over the limit until one is released.
                break
            victim = min(candidates, key=lambda s: s.last_used)
            await self._save_and_close(victim)
            del self._sessions[victim.session_id]
            evicted.append(victim.session_id)
            log.info("evicted session %s (least recently used)", victim.session_id)
        return evicted

    async def expire_idle(self, now: float | None = None) -> list[str]:
        """Close sessions idle for longer than ``session_timeout``; their state stays on disk."""
        now = time.time() if now is None else now
        expired: list[str] = []
        async with self._structure:
            for session in list(self._sessions.values()):
                if session.in_flight == 0 and now - session.last_used > self.settings.session_timeout:
                    await self._save_and_close(session)
                    del self._sessions[session.session_id]
                    expired.append(session.session_id)
        return expired

    async def _janitor_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.janitor_interval)
            try:
                expired = await self.expire_idle()
                if expired:
                    log.info("expired idle session(s): %s", ", ".join(expired))
            except Exception:  # the janitor must never die
                log.exception("session janitor failed")

    async def close_session(self, session_id: str, *, forget: bool = False) -> bool:
        """Close a live session (saving its state), and with ``forget`` delete its saved state.

        Returns:
            Whether there was anything to close or delete.

        Raises:
            SessionBusy: An operation is running in that session.
        """
        self.check_session_id(session_id)
        found = False
        async with self._structure:
            session = self._sessions.get(session_id)
            if session is not None:
                if session.in_flight:
                    raise SessionBusy(f"Session {session_id!r} is busy; try again when its operation ends.")
                if forget:
                    if session.owns_context:
                        with contextlib.suppress(Exception):
                            await session.context.close()
                else:
                    await self._save_and_close(session)
                del self._sessions[session_id]
                found = True
        if forget and session_id in self._internal:
            found = self._internal.pop(session_id) is not None or found  # nothing of it is on disk
        elif forget:  # ConfigError when the data dir is read-only (the context is closed anyway)
            found = await asyncio.to_thread(self.store.delete, session_id) or found
        return found

    async def save_all(self) -> None:
        """Save the storage state of every live session now."""
        for session in list(self._sessions.values()):
            await self._save(session)

    async def discard_page(self, session: Session) -> None:
        """Close a session's page (a new one opens on next use); if that hangs, drop the context.

        Used when a page stops answering, e.g. a script that never yields.
        """
        try:
            await asyncio.wait_for(session.page.close(run_before_unload=False), timeout=5)
            return
        except Exception:
            log.warning("page of session %s does not close; dropping its context", session.session_id)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(session.context.close(), timeout=5)
        if self._sessions.get(session.session_id) is session:
            del self._sessions[session.session_id]

    def current_url(self, session_id: str) -> str | None:
        """The URL a live session's page shows, or ``None`` if the session has no live page."""
        session = self._sessions.get(session_id)
        if session is None or session.page.is_closed():
            return None
        return session.page.url

    def live_ids(self) -> list[str]:
        """Ids of sessions that have a live browser context."""
        return list(self._sessions)

    def status(self) -> list[SessionInfo]:
        """Every session the pool knows: live ones and ones saved on disk."""
        rows: dict[str, SessionInfo] = {}
        for sid in self.store.saved_ids():
            meta = self.store.load_meta(sid)
            rows[sid] = SessionInfo(sid, False, meta.get("created"), None, True, None, False)
        for sid, s in self._sessions.items():
            url = None if s.page.is_closed() else s.page.url
            saved = (
                self._internal.get(sid) is not None if sid in self._internal else self.store.has_state(sid)
            )
            rows[sid] = SessionInfo(sid, True, s.created, s.last_used, saved, url, s.in_flight > 0)
        return [rows[k] for k in sorted(rows)]
