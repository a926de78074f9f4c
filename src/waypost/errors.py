"""Errors a caller can act on.

Every message says what happened and what to do next, in words that work for people and for
small language models alike.
"""

from __future__ import annotations


class WaypostError(Exception):
    """Base class of every error Waypost raises on purpose."""


class ConfigError(WaypostError):
    """A setting is missing or has a value Waypost cannot use."""


class InvalidSessionId(WaypostError, ValueError):
    """A session id is not of the form ``[A-Za-z0-9_.-]{1,64}`` (and not ``.`` or ``..``)."""


class BlockedURL(WaypostError, ValueError):
    """A URL is refused by the URL policy (scheme, domain allow/deny list, malformed)."""


class BrowserUnavailable(WaypostError):
    """No browser could be launched or attached to."""


class NavigationFailed(WaypostError):
    """Loading a page failed, after any retries.

    Attributes:
        url: The URL that was requested.
        reason: A short machine-friendly reason (``dns``, ``refused``, ``timeout``, ``http_503``...).
        attempts: How many tries were made.
    """

    def __init__(self, message: str, *, url: str, reason: str, attempts: int = 1) -> None:
        super().__init__(message)
        self.url = url
        self.reason = reason
        self.attempts = attempts


class Blocked(WaypostError):
    """A CAPTCHA or bot wall stands in front of the content."""


class SessionBusy(WaypostError):
    """A session cannot be evicted or closed because an operation is in flight."""


class ElementNotFound(WaypostError):
    """No element on the page matches what was asked for."""
