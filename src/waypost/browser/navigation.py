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
from urllib.parse import urlsplit

from playwright.async_api import Page, Response
from playwright.async_api import TimeoutError as PlaywrightTimeout

from waypost.browser.blocking import BlockInfo, detect_block
from waypost.browser.pool import SessionPool
from waypost.browser.retry import (
    RETRYABLE_STATUS,
    backoff_delay,
    classify_error,
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


def _redirect_chain(response: Response | None) -> list[str]:
    chain: list[str] = []
    request = response.request.redirected_from if response else None
    while request is not None:
        chain.append(request.url)
        request = request.redirected_from
    chain.reverse()
    return chain


async def _load_once(page: Page, url: str, limit: float) -> tuple[Response | None, str, str]:
    response = await page.goto(url, wait_until="domcontentloaded", timeout=limit * 1000)
    # Give scripts a moment to render, but never wait long for slow sub-resources.
    with contextlib.suppress(PlaywrightTimeout):
        await page.wait_for_load_state("load", timeout=min(5.0, limit) * 1000)
    html = await page.content()
    title = await page.title()
    return response, html, title


def _explain_proxy_failure(pool: SessionPool, message: str, url: str, since: float) -> str:
    """Chromium says only 'SOCKS connection failed' for what the guard proxy did not connect:
    put the real cause (refused by the policy, connection refused, name not resolved) back."""
    if "ERR_SOCKS_CONNECTION_FAILED" not in message or pool.guard is None:
        return message
    failure = pool.guard.explain(since, urlsplit(url).hostname)
    if failure is None:
        return message
    text = message.replace("ERR_SOCKS_CONNECTION_FAILED", failure.net_error)
    if failure.net_error == "ERR_BLOCKED_BY_CLIENT":
        text += f" (the URL policy refused {failure.where}: {failure.reason})"
    return text


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
    timeout = pool.settings.nav_timeout
    last_reason = "error"
    last_message = ""
    for attempt in range(1, retry.tries + 1):
        started = time.perf_counter()
        wall_started = time.time() - 1.0
        retry_wait: float | None = None
        try:
            async with pool.session(session_id) as session:
                page = session.page
                try:
                    response, html, title = await asyncio.wait_for(
                        _load_once(page, url, timeout), timeout=timeout + 10
                    )
                except (TimeoutError, PlaywrightTimeout) as exc:
                    # The renderer may be stuck in an endless script: start the next try afresh.
                    await pool.discard_page(session)
                    raise PlaywrightTimeout(f"Timeout {timeout * 1000:.0f}ms exceeded loading {url}") from exc
                status = response.status if response else None
                final_url = page.url
                headers = await response.all_headers() if response else {}
        except BrowserUnavailable:
            raise
        except Exception as exc:
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            message = _explain_proxy_failure(pool, message, url, wall_started)
            if "Download is starting" in message:
                raise NavigationFailed(
                    f"{url} is a file download, not a page; it cannot be shown.", url=url, reason="download"
                ) from None
            kind = classify_error(message)
            last_reason, last_message = kind.reason, message
            if "crash" in message.lower():
                kind = classify_error("Target page, context or browser has been closed")
            log.info("load of %s failed (attempt %d/%d): %s", url, attempt, retry.tries, kind.reason)
            if not kind.retryable:
                raise NavigationFailed(
                    f"Could not open {url}: {message}", url=url, reason=kind.reason, attempts=attempt
                ) from None
        else:
            load_ms = (time.perf_counter() - started) * 1000
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
                content_type=headers.get("content-type"),
            )
            if status not in RETRYABLE_STATUS or attempt == retry.tries:
                return snapshot
            last_reason, last_message = f"http_{status}", f"HTTP {status}"
            if status == 429:
                retry_wait = retry_after_seconds(headers.get("retry-after"))
            log.info("load of %s answered %s (attempt %d/%d)", url, status, attempt, retry.tries)
        if attempt < retry.tries:
            delay = backoff_delay(attempt, retry.delays, retry.jitter, rng)
            await sleep(max(delay, retry_wait or 0.0))
    raise NavigationFailed(
        f"Could not open {url} after {retry.tries} tries ({last_reason}: {last_message}). "
        "Check the address, or try another page.",
        url=url,
        reason=last_reason,
        attempts=retry.tries,
    )
