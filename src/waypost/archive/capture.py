"""``NetworkCapture``: listens to a session's network traffic and hands responses to the writer.

The listeners only note what happened and queue it; a few reader tasks then read bodies from the
browser (retrying bodies it is not ready to give) and submit plain records to the
:class:`ArchiveWriter`, whose thread does the rest. Nothing here waits on the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from waypost.archive.filters import CaptureFilter, categorize, mime_essence, select_headers
from waypost.archive.navigation import NavigationHandle, new_nav_id
from waypost.archive.records import BodyState, CapturedResponse
from waypost.archive.writer import ArchiveWriter

if TYPE_CHECKING:
    from playwright.async_api import Request, Response

    from waypost.browser.pool import Session

log = logging.getLogger(__name__)


def _retrieved(future: asyncio.Future[int]) -> None:
    if not future.cancelled():
        future.exception()


RETRY_DELAYS = (0.05, 0.15, 0.4)
_PERMANENT = ("redirect", "has been closed", "navigated away", "target closed")


class BodyUnavailable(Exception):
    """The browser could not give a response body."""


async def read_with_retries(
    read: Callable[[], Awaitable[bytes]],
    retries: int,
    delays: Sequence[float] = RETRY_DELAYS,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> bytes:
    """Call ``read`` until it gives a body, retrying up to ``retries`` times.

    Errors that cannot pass (a redirect has no body, the page is gone) are not retried.

    Raises:
        BodyUnavailable: Every try failed; the message is the last error's first line.
    """
    attempt = 0
    while True:
        try:
            return await read()
        except Exception as exc:
            message = (str(exc).splitlines() or [type(exc).__name__])[0]
            permanent = any(word in str(exc).lower() for word in _PERMANENT)
            if permanent or attempt >= retries:
                raise BodyUnavailable(message) from None
        await sleep(delays[min(attempt, len(delays) - 1)] if delays else 0)
        attempt += 1


def _main_frame_navigation(request: Request) -> bool:
    try:
        return request.is_navigation_request() and request.frame.parent_frame is None
    except Exception:  # service-worker requests have no frame
        return False


def _redirect_chain(request: Request) -> list[str]:
    chain: list[str] = []
    previous = request.redirected_from
    while previous is not None and len(chain) < 50:
        chain.append(previous.url)
        previous = previous.redirected_from
    chain.reverse()
    return chain


def _times(request: Request, fallback: float) -> tuple[float, float]:
    timing: dict[str, Any] = request.timing or {}
    start_ms = timing.get("startTime") or 0
    started = start_ms / 1000 if start_ms > 0 else fallback
    end_ms = timing.get("responseEnd", -1)
    ended = started + end_ms / 1000 if end_ms is not None and end_ms >= 0 else fallback
    return started, max(started, ended)


@dataclass(slots=True)
class _Job:
    request: Request
    response: Response | None
    session_id: str
    nav: NavigationHandle
    failed: bool
    seen: float
    done: asyncio.Future[None]


class NetworkCapture:
    """Captures the traffic of the sessions it is attached to.

    Args:
        rules: What to record.
        writer: Where records go.
        readers: Bodies read at the same time.
        body_retries: Retries of a body the browser is not ready to give.
    """

    def __init__(
        self, rules: CaptureFilter, writer: ArchiveWriter, *, readers: int = 4, body_retries: int = 3
    ) -> None:
        self.rules = rules
        self.writer = writer
        self.body_retries = body_retries
        self.unreadable = 0
        self._readers = readers
        self._jobs: asyncio.Queue[_Job] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._current: dict[str, NavigationHandle] = {}
        self._nav_of: dict[Request, NavigationHandle] = {}
        self._response_of: dict[Request, Response] = {}
        self._closed = False

    # -- navigations ---------------------------------------------------------------------------

    def begin_navigation(self, session_id: str, url: str) -> NavigationHandle:
        """Open a navigation: responses of this session belong to it from now on."""
        nav = NavigationHandle(new_nav_id(), session_id, url)
        self._current[session_id] = nav
        return nav

    def current(self, session_id: str, url: str = "") -> NavigationHandle:
        """The navigation responses of ``session_id`` belong to now (an implicit one if none)."""
        nav = self._current.get(session_id)
        if nav is None:
            nav = NavigationHandle(new_nav_id(), session_id, url, explicit=False, open=False)
            self._current[session_id] = nav
        return nav

    # -- listeners -----------------------------------------------------------------------------

    def attach(self, session: Session) -> None:
        """Listen to a session's traffic (the pool's ``on_context`` hook)."""
        self._ensure_readers()
        session_id = session.session_id
        owned = session.owns_context

        def ours(request: Request) -> bool:
            if owned:
                return True
            try:  # in the user's own browser, only the session's page is Waypost's to record
                return request.frame.page is session.page
            except Exception:
                return False

        def on_request(request: Request) -> None:
            if self._closed or not ours(request):
                return
            nav = self._current.get(session_id)
            if _main_frame_navigation(request) and request.redirected_from is None and not (nav and nav.open):
                nav = NavigationHandle(new_nav_id(), session_id, request.url, explicit=False, open=False)
                self._current[session_id] = nav
            nav = nav or self.current(session_id, request.url)
            self._nav_of[request] = nav
            if _main_frame_navigation(request):
                nav.main_request = request
                nav.main_id = asyncio.get_running_loop().create_future()

        def on_response(response: Response) -> None:
            if response.request in self._nav_of:
                self._response_of[response.request] = response

        def on_finished(request: Request, failed: bool) -> None:
            nav = self._nav_of.pop(request, None)
            response = self._response_of.pop(request, None)
            if nav is None or self._jobs is None or self._closed:
                return
            done = asyncio.get_running_loop().create_future()
            nav.reading.add(done)
            done.add_done_callback(nav.reading.discard)
            self._jobs.put_nowait(_Job(request, response, session_id, nav, failed, time.time(), done))

        def on_close(_: object) -> None:  # requests that never finished
            for request in [r for r, nav in self._nav_of.items() if nav.session_id == session_id]:
                self._nav_of.pop(request, None)
                self._response_of.pop(request, None)

        session.context.on("request", on_request)
        session.context.on("close", on_close)
        session.context.on("response", on_response)
        session.context.on("requestfinished", lambda request: on_finished(request, False))
        session.context.on("requestfailed", lambda request: on_finished(request, True))

    # -- readers -------------------------------------------------------------------------------

    def _ensure_readers(self) -> None:
        if self._jobs is not None:
            return
        self._jobs = asyncio.Queue()
        self._tasks = [
            asyncio.create_task(self._reader(), name=f"waypost-archive-reader-{i}")
            for i in range(self._readers)
        ]

    async def _reader(self) -> None:
        assert self._jobs is not None
        while True:
            job = await self._jobs.get()
            doc_id: asyncio.Future[int] | None = None
            try:
                record = await (self._failed_record(job) if job.failed else self._record(job))
                if record is not None:
                    future = self.writer.submit(record, urgent=record.is_main)
                    doc_id = asyncio.wrap_future(future) if future is not None else None
                    if doc_id is not None:  # the writer logs a failed write; nobody else awaits it
                        doc_id.add_done_callback(_retrieved)
            except Exception:  # a response that cannot be captured never stops the capture
                log.exception("capturing %s failed", job.request.url)
            finally:
                self._settle_main(job, doc_id)
                if not job.done.done():
                    job.done.set_result(None)
                self._jobs.task_done()

    def _settle_main(self, job: _Job, doc_id: asyncio.Future[int] | None) -> None:
        nav = job.nav
        main = nav.main_id
        if job.request is not nav.main_request or main is None or main.done():
            return
        if doc_id is None:
            main.set_result(None)
            return

        def copy(result: asyncio.Future[int]) -> None:
            if not main.done():
                main.set_result(None if result.cancelled() or result.exception() else result.result())

        doc_id.add_done_callback(copy)

    async def _failed_record(self, job: _Job) -> CapturedResponse | None:
        job.nav.failed += 1
        request = job.request
        if not self.rules.record_failed or self.rules.url_excluded(request.url):
            return None
        started, _ = _times(request, job.seen)
        return CapturedResponse(
            session_id=job.session_id,
            nav_id=job.nav.nav_id,
            url=request.url,
            method=request.method,
            category=categorize(request.resource_type, ""),
            resource_type=request.resource_type,
            started=started,
            ended=max(started, job.seen),
            redirects=_redirect_chain(request),
            is_main=_main_frame_navigation(request),
            error=request.failure or "failed",
        )

    async def _record(self, job: _Job) -> CapturedResponse | None:
        request = job.request
        response = job.response or await request.response()
        if response is None:
            return None
        headers = response.headers
        mime = mime_essence(headers.get("content-type"))
        category = categorize(request.resource_type, mime)
        job.nav.counts[category] += 1
        rules = self.rules
        if rules.url_excluded(request.url) or not rules.status_allowed(response.status):
            return None
        keep_body = rules.body_wanted(mime)
        if not keep_body and not rules.record_all_types:
            return None
        started, ended = _times(request, job.seen)
        record = CapturedResponse(
            session_id=job.session_id,
            nav_id=job.nav.nav_id,
            url=request.url,
            method=request.method,
            status=response.status,
            status_text=response.status_text,
            mime=mime,
            category=category,
            resource_type=request.resource_type,
            headers=select_headers(headers, rules.headers),
            started=started,
            ended=ended,
            redirects=_redirect_chain(request),
            is_main=_main_frame_navigation(request),
            body_state=BodyState.STORED if keep_body else BodyState.NOT_KEPT,
        )
        if keep_body:
            await self._read_body(response, headers, record)
        return record

    async def _read_body(self, response: Response, headers: dict[str, str], record: CapturedResponse) -> None:
        declared = headers.get("content-length", "")
        if declared.isdigit() and "content-encoding" not in headers and self.rules.too_large(int(declared)):
            record.body_state, record.body_size = BodyState.TOO_LARGE, int(declared)
            return
        try:
            body = await read_with_retries(response.body, self.body_retries)
        except BodyUnavailable as exc:
            self.unreadable += 1
            record.body_state, record.error = BodyState.UNREADABLE, str(exc)
            return
        record.body_size = len(body)
        if self.rules.too_large(len(body)):
            record.body_state = BodyState.TOO_LARGE
        elif not body:
            record.body_state = BodyState.NONE
        else:
            record.body = body

    # -- draining ------------------------------------------------------------------------------

    async def drain(self) -> None:
        """Wait until every response noticed so far has been read and handed to the writer."""
        if self._jobs is not None:
            await self._jobs.join()

    async def close(self) -> None:
        """Finish the queued work, then stop the reader tasks."""
        if self._closed:
            return
        self._closed = True
        await self.drain()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
