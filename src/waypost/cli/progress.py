"""A one-line progress display for page loads on a terminal: what the load waits for, seconds so far."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator
from typing import TextIO

from waypost.browser.progress import load_progress

QUIET_SECONDS = 2.0
"""Loads faster than this show nothing."""


@contextlib.asynccontextmanager
async def show_load_progress(limit: float, stream: TextIO | None = None) -> AsyncIterator[None]:
    """While the block runs, show on ``stream`` (stderr) what page loads wait for, if it is a terminal.

    Args:
        limit: The overall limit (``load_limit``), shown so people know how long it may take.
        stream: Where to draw; nothing is drawn unless it is a TTY.
    """
    stream = stream or sys.stderr
    if not stream.isatty():
        yield
        return
    phase = ["the server's answer"]
    started = time.monotonic()
    drawn = [False]

    def draw() -> None:
        seconds = time.monotonic() - started
        stream.write(
            f"\r\x1b[2KWaiting for {phase[0]}: {seconds:.0f} s so far "
            f"(gives up after {limit:g} s, WAYPOST_LOAD_LIMIT)"
        )
        stream.flush()
        drawn[0] = True

    async def ticker() -> None:
        await asyncio.sleep(QUIET_SECONDS)
        while True:
            draw()
            await asyncio.sleep(1.0)

    token = load_progress.set(lambda text: phase.__setitem__(0, text))
    task = asyncio.create_task(ticker())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        load_progress.reset(token)
        if drawn[0]:
            stream.write("\r\x1b[2K")
            stream.flush()
