"""Deciding what to retry, and how long to wait, for page loads.

Only navigation is retried. Clicks and form submissions change things on the server, so a
failed one is reported, never repeated behind the caller's back.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

# Chromium's net errors that are worth a second try: the network or the server may recover.
_RETRYABLE_NET_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "dns",
    "ERR_NAME_RESOLUTION_FAILED": "dns",
    "ERR_CONNECTION_REFUSED": "refused",
    "ERR_CONNECTION_RESET": "reset",
    "ERR_CONNECTION_CLOSED": "reset",
    "ERR_CONNECTION_ABORTED": "reset",
    "ERR_CONNECTION_TIMED_OUT": "timeout",
    "ERR_TIMED_OUT": "timeout",
    "ERR_EMPTY_RESPONSE": "empty_response",
    "ERR_NETWORK_CHANGED": "network_changed",
    "ERR_INTERNET_DISCONNECTED": "offline",
    "ERR_ADDRESS_UNREACHABLE": "unreachable",
}
_NET_ERROR = re.compile(r"net::(ERR_[A-Z_]+)")

RETRYABLE_STATUS = frozenset({429, 500, 502, 503, 504})


@dataclass(frozen=True)
class FailureKind:
    """A classified navigation failure."""

    reason: str
    retryable: bool


def classify_error(message: str) -> FailureKind:
    """Classify a Playwright navigation error message.

    >>> classify_error("page.goto: net::ERR_CONNECTION_REFUSED at http://x/")
    FailureKind(reason='refused', retryable=True)
    """
    match = _NET_ERROR.search(message)
    if match:
        code = match.group(1)
        if code == "ERR_BLOCKED_BY_CLIENT":
            return FailureKind("blocked_by_policy", False)
        if code in _RETRYABLE_NET_ERRORS:
            return FailureKind(_RETRYABLE_NET_ERRORS[code], True)
        return FailureKind(code.removeprefix("ERR_").lower(), False)
    if "Timeout" in message and "exceeded" in message:
        return FailureKind("timeout", True)
    if "Target page, context or browser has been closed" in message or "Browser closed" in message:
        return FailureKind("browser_closed", True)
    return FailureKind("error", False)


def backoff_delay(
    attempt: int, delays: tuple[float, ...], jitter: float, rng: random.Random | None = None
) -> float:
    """Seconds to wait after failed attempt number ``attempt`` (1-based).

    The schedule is taken from ``delays`` (its last value repeats), then spread by +/- ``jitter``
    so that many clients do not retry in lockstep.
    """
    if not delays:
        return 0.0
    base = delays[min(attempt - 1, len(delays) - 1)]
    spread = (rng or random).uniform(-jitter, jitter)
    return max(0.0, base * (1 + spread))


def retry_after_seconds(value: str | None, cap: float = 30.0) -> float | None:
    """Parse a ``Retry-After`` header given in seconds (dates are ignored), capped."""
    if not value:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return min(max(seconds, 0.0), cap)
