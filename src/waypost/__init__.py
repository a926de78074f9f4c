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

__version__ = "0.1.0"

__all__ = [
    "Blocked",
    "BlockedURL",
    "BrowserUnavailable",
    "ConfigError",
    "ElementNotFound",
    "InvalidSessionId",
    "NavigationFailed",
    "SessionBusy",
    "WaypostError",
    "__version__",
]
