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
_TIMEOUT = re.compile(r"Timeout (\d+)ms exceeded")

# Chromium's words, said plainly. The code stays in parentheses after them for searching.
_PLAIN_NET_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "the host name does not exist or DNS cannot be reached",
    "ERR_NAME_RESOLUTION_FAILED": "the host name could not be looked up",
    "ERR_CONNECTION_REFUSED": "nothing is listening at that address and port (connection refused)",
    "ERR_CONNECTION_RESET": "the server dropped the connection",
    "ERR_CONNECTION_CLOSED": "the server closed the connection without answering",
    "ERR_CONNECTION_ABORTED": "the connection was aborted",
    "ERR_CONNECTION_TIMED_OUT": "the server did not answer in time",
    "ERR_TIMED_OUT": "the server did not answer in time",
    "ERR_EMPTY_RESPONSE": "the server answered with nothing at all",
    "ERR_NETWORK_CHANGED": "the network changed during the load",
    "ERR_INTERNET_DISCONNECTED": "this machine is offline",
    "ERR_ADDRESS_UNREACHABLE": "the address cannot be reached from this machine",
    "ERR_UNSAFE_PORT": "browsers refuse this port because other protocols use it; use another port",
    "ERR_BLOCKED_BY_CLIENT": "Waypost's URL policy blocked it (loopback-only or the domain lists)",
    "ERR_BLOCKED_BY_RESPONSE": "the site forbids being shown this way",
    "ERR_CERT_AUTHORITY_INVALID": "its TLS certificate is not signed by a trusted authority",
    "ERR_CERT_COMMON_NAME_INVALID": "its TLS certificate is for another host name",
    "ERR_CERT_DATE_INVALID": "its TLS certificate has expired or is not valid yet",
    "ERR_SSL_PROTOCOL_ERROR": "the secure connection failed (is it really an https server?)",
    "ERR_TOO_MANY_REDIRECTS": "it redirects in a loop",
    "ERR_INVALID_URL": "the address is not a valid URL",
    "ERR_PROXY_CONNECTION_FAILED": "the proxy cannot be reached (check HTTP(S)_PROXY)",
    "ERR_TUNNEL_CONNECTION_FAILED": "the proxy refused to connect to the site",
    "ERR_ABORTED": "the load was aborted (often a file download or a page that navigated away)",
    "ERR_HTTP2_PROTOCOL_ERROR": "the server broke the HTTP/2 protocol",
    "ERR_INVALID_RESPONSE": "the server's answer could not be understood",
    "ERR_FILE_NOT_FOUND": "the file does not exist",
}

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


def plain_error(message: str) -> str:
    """One line in plain words for a Playwright error, Chromium's code kept in parentheses.

    >>> print(plain_error("Page.goto: net::ERR_UNSAFE_PORT at http://127.0.0.1:6000/"))
    browsers refuse this port because other protocols use it; use another port (net::ERR_UNSAFE_PORT)
    """
    first = message.strip().splitlines()[0] if message.strip() else "unknown error"
    timeout = _TIMEOUT.search(first)
    if timeout is not None:
        seconds = int(timeout.group(1)) / 1000
        return f"it did not finish loading within {seconds:g} s (WAYPOST_NAV_TIMEOUT)"
    match = _NET_ERROR.search(first)
    if match is None:
        # Playwright prefixes its method name ("Page.goto: "); people do not need it.
        return re.sub(r"^[A-Za-z]+\.[A-Za-z_]+: ", "", first)
    code = match.group(1)
    words = _PLAIN_NET_ERRORS.get(code, "the browser could not load it")
    return f"{words} (net::{code})"


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
