"""Waypost: let language models browse and act on the web reliably, cheaply and safely."""

from waypost.errors import (
    Blocked,
    BlockedURL,
    BrowserUnavailable,
    ConfigError,
    ElementNotFound,
    InvalidSessionId,
    NavigationFailed,
    SessionBusy,
    WaypostError,
)
from waypost.version import __version__


def __getattr__(name: str) -> object:
    # Lazy, so that importing waypost.errors does not pull in Playwright.
    if name in {"Waypost", "SyncWaypost"}:
        from waypost import api

        return getattr(api, name)
    raise AttributeError(f"module 'waypost' has no attribute {name!r}")


__all__ = [
    "Blocked",
    "BlockedURL",
    "BrowserUnavailable",
    "ConfigError",
    "ElementNotFound",
    "InvalidSessionId",
    "NavigationFailed",
    "SessionBusy",
    "SyncWaypost",
    "Waypost",
    "WaypostError",
    "__version__",
]
