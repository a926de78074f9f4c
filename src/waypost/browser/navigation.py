"""Loading a URL in a session, with retries for failures that may pass.

The result is a :class:`PageSnapshot`: plain data (HTML, status, final URL, redirects) that the
page model is built from. Nothing past this module needs Playwright to understand a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Response
from playwright.async_api import TimeoutError as PlaywrightTimeout

from waypost.browser.blocking import BlockInfo, detect_block
from waypost.browser.pool import SessionPool
from waypost.browser.progress import report
from waypost.browser.retry import (
    RETRYABLE_STATUS,
    backoff_delay,
    classify_error,
    plain_error,
    retry_after_seconds,
)
from waypost.errors import BrowserUnavailable, NavigationFailed

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]


@dataclass
class PageSnapshot:
    """What a page load produced.

    Attributes:
        requested_url: The URL that was asked for.
        final_url: Where the browser ended up after redirects.
        status: HTTP status of the main document (``None`` for about:blank and the like).
        html: The rendered DOM as HTML.
        title: The document title.
        redirects: URLs that redirected, in order, ending before ``final_url``.
        attempts: How many tries the load took.
        block: Set when the page is a CAPTCHA or bot wall.
        load_ms: Milliseconds the successful attempt took.
        content_type: The main document's Content-Type.
        body_size: Bytes of the main document's body (from Content-Length, or counted for a
            response that is not a page), ``None`` when unknown.
    """

    requested_url: str
    final_url: str
    status: int | None
    html: str
    title: str
    redirects: list[str] = field(default_factory=list)
    attempts: int = 1
    block: BlockInfo | None = None
    load_ms: float = 0.0
    content_type: str | None = None
    body_size: int | None = None

    @property
    def mime(self) -> str:
        """The essence of the Content-Type (``image/png``), or ``""``."""
        return (self.content_type or "").split(";", 1)[0].strip().lower()

    @property
    def is_page(self) -> bool:
        """Whether this is something with text and links to read (HTML, plain text, XML, JSON)."""
        return _is_page_type(self.content_type)


def _described(documents: list[tuple[str | None, str | None]]) -> str:
    """`` (application/zip, 1,234 bytes)`` for the last document answer seen, or ``""``."""
    if not documents:
        return ""
    content_type, length = documents[-1]
    parts = [(content_type or "no type given").split(";", 1)[0].strip()]
    if length and length.isdigit():
        parts.append(f"{int(length):,} bytes")
    return f" ({', '.join(parts)})"


def _is_page_type(content_type: str | None) -> bool:
    mime = (content_type or "").split(";", 1)[0].strip().lower()
    return not mime or mime.startswith("text/") or "html" in mime or "xml" in mime or "json" in mime


async def _body_size(response: Response | None, headers: dict[str, str]) -> int | None:
    length = headers.get("content-length", "")
    if length.isdigit():
        return int(length)
    if response is None or _is_page_type(headers.get("content-type")):
        return None  # a page's size is not worth reading its body again for
    try:
        return len(await response.body())
    except Exception:
        return None


def _redirect_chain(response: Response | None) -> list[str]:
    chain: list[str] = []
    request = response.request.redirected_from if response else None
    while request is not None:
        chain.append(request.url)
        request = request.redirected_from
    chain.reverse()
    return chain


_ERROR_PAGE = "chrome-error://"
# How long a failed load may take to put up Chromium's error page (it commits after goto raises).
_ERROR_PAGE_SETTLE_S = 2.0


def _interrupted_by_error_page(exc: BaseException) -> bool:
    return "interrupted by another navigation" in str(exc) and _ERROR_PAGE in str(exc)


async def _settle_error_page(page: Page) -> None:
    """Wait until the error page of a failed load has committed, so it cannot cut off the next load.

    Chromium reports a network failure to ``goto`` first and commits ``chrome-error://chromewebdata/``
    a moment later; a load started in between is "interrupted by another navigation".
    """
    if page.is_closed() or page.url.startswith(_ERROR_PAGE):
        return
    with contextlib.suppress(Exception):
        await page.wait_for_url(
            lambda u: u.startswith(_ERROR_PAGE), wait_until="commit", timeout=_ERROR_PAGE_SETTLE_S * 1000
        )


async def _goto(page: Page, url: str, limit: float) -> Response | None:
    for tries_left in (2, 1, 0):
        try:
            return await page.goto(url, wait_until="domcontentloaded", timeout=limit * 1000)
        except PlaywrightError as exc:
            # The error page of an earlier failed load arrived late: it is not this URL's failure.
            if not _interrupted_by_error_page(exc) or not tries_left:
                raise
            log.debug("load of %s cut off by a late error page; starting it again", url)
            await _settle_error_page(page)
    raise AssertionError("unreachable")


async def _load_once(page: Page, url: str, limit: float, note: str = "") -> tuple[Response | None, str, str]:
    try:
        report(f"the server's answer{note}")
        response = await _goto(page, url, limit)
    except PlaywrightError as exc:
        if "net::ERR_" in str(exc):
            await _settle_error_page(page)
        raise
    # Give scripts a moment to render, but never wait long for slow sub-resources.
    report(f"the page's scripts and images{note}")
    with contextlib.suppress(PlaywrightTimeout):
        await page.wait_for_load_state("load", timeout=min(5.0, limit) * 1000)
    html = await page.content()
    title = await page.title()
    return response, html, title


async def open_url(
    pool: SessionPool,
    session_id: str,
    url: str,
    *,
    sleep: Sleep = asyncio.sleep,
    rng: random.Random | None = None,
) -> PageSnapshot:
    """Load ``url`` in a session, retrying failures that may pass.

    Retried: DNS failures, refused/reset connections, timeouts, a crashed browser, and HTTP
    429/5xx answers, with the backoff from ``pool.settings.retry``. When every try of a 429/5xx
    fails, the last answer is returned (its status tells the caller); when every try of a
    network failure fails, :class:`NavigationFailed` is raised.

    Args:
        pool: The session pool.
        session_id: The session to load the page in.
        url: An absolute URL the caller has already checked with the URL policy.
        sleep: Awaitable sleep, replaceable in tests.
        rng: Random source for jitter.

    Raises:
        NavigationFailed: The page could not be loaded after all tries, or cannot be loaded at all.
    """
    retry = pool.settings.retry
    overall = pool.settings.load_limit
    deadline = time.monotonic() + overall
    documents: list[tuple[str | None, str | None]] = []  # (type, length) of main-frame documents

    def note_document(response: Response) -> None:
        request = response.request
        if request.resource_type == "document" and request.frame.parent_frame is None:
            documents.append((response.headers.get("content-type"), response.headers.get("content-length")))

    last_reason = "error"
    last_message = ""
    tries = retry.tries
    for attempt in range(1, retry.tries + 1):
        started = time.perf_counter()
        retry_wait: float | None = None
        timeout = min(pool.settings.nav_timeout, max(1.0, deadline - time.monotonic()))
        note = f" (try {attempt} of {retry.tries})" if retry.tries > 1 else ""
        try:
            async with pool.session(session_id) as session:
                page = session.page
                documents.clear()
                page.on("response", note_document)
                try:
                    response, html, title = await asyncio.wait_for(
                        _load_once(page, url, timeout, note), timeout=timeout + 10
                    )
                except (TimeoutError, PlaywrightTimeout) as exc:
                    # The renderer may be stuck in an endless script: start the next try afresh.
                    await pool.discard_page(session)
                    raise PlaywrightTimeout(f"Timeout {timeout * 1000:.0f}ms exceeded loading {url}") from exc
                finally:
                    page.remove_listener("response", note_document)
                status = response.status if response else None
                final_url = page.url
                headers = await response.all_headers() if response else {}
                body_size = await _body_size(response, headers)
        except BrowserUnavailable:
            raise
        except Exception as exc:
            raw = str(exc) or type(exc).__name__
            message = plain_error(raw)
            if "Download is starting" in message:
                raise NavigationFailed(
                    f"{url} is a file download{_described(documents)}, not a page; it was not saved "
                    "(Waypost does not download files).",
                    url=url,
                    reason="download",
                ) from None
            kind = classify_error(raw)
            last_reason, last_message = kind.reason, message
            if "crash" in raw.lower():
                kind = classify_error("Target page, context or browser has been closed")
            log.info("load of %s failed (attempt %d/%d): %s", url, attempt, retry.tries, kind.reason)
            if not kind.retryable:
                raise NavigationFailed(
                    f"Could not open {url}: {message}", url=url, reason=kind.reason, attempts=attempt
                ) from None
        else:
            load_ms = (time.perf_counter() - started) * 1000
            content_type = headers.get("content-type")
            snapshot = PageSnapshot(
                requested_url=url,
                final_url=final_url,
                status=status,
                html=html,
                title=title,
                redirects=_redirect_chain(response),
                attempts=attempt,
                block=detect_block(title, html, status),
                load_ms=load_ms,
                content_type=content_type,
                body_size=body_size,
            )
            if status not in RETRYABLE_STATUS or attempt == retry.tries:
                return snapshot
            last_reason, last_message = f"http_{status}", f"HTTP {status}"
            if status == 429:
                retry_wait = retry_after_seconds(headers.get("retry-after"))
            log.info("load of %s answered %s (attempt %d/%d)", url, status, attempt, retry.tries)
        if attempt < retry.tries:
            delay = max(backoff_delay(attempt, retry.delays, retry.jitter, rng), retry_wait or 0.0)
            if time.monotonic() + delay + 1.0 > deadline:
                tries = attempt  # WAYPOST_LOAD_LIMIT: no time left for another try
                last_message += f"; gave up after {overall:g} s (WAYPOST_LOAD_LIMIT)"
                break
            report(f"the next try, in {delay:.0f} s")
            await sleep(delay)
    raise NavigationFailed(
        f"Could not open {url} after {tries} {'try' if tries == 1 else 'tries'}: {last_message}. "
        "Check the address, or try another page.",
        url=url,
        reason=last_reason,
        attempts=tries,
    )
