"""Errors of the retrieval pipeline (defined in :mod:`waypost.errors`, where the whole tree is drawn).

``WaypostError``
 ├─ ``ElementNotFound``: nothing on the page matches the target.
 │   └─ ``AmbiguousTarget``: several elements match about equally; the candidates are attached.
 ├─ ``ElementNotActionable``: the element was found but is hidden, disabled or covered.
 ├─ ``PageUnavailable``: the page could not be read (closed, crashed, navigating).
 └─ ``PageTooLarge`` (here): the page has more interactive elements than the inventory may
     describe, or describing them took longer than allowed.
"""

from waypost.errors import (
    AmbiguousTarget,
    ElementNotActionable,
    ElementNotFound,
    PageUnavailable,
    WaypostError,
)


class PageTooLarge(WaypostError):
    """The page is too large to scan within the limits (``max_elements``, ``inventory_timeout``).

    Attributes:
        described: How many elements were described before stopping.
        reason: ``count`` (the element cap) or ``time`` (the time budget).
    """

    def __init__(self, message: str, described: int = 0, reason: str = "") -> None:
        super().__init__(message)
        self.described = described
        self.reason = reason


__all__ = ["AmbiguousTarget", "ElementNotActionable", "ElementNotFound", "PageTooLarge", "PageUnavailable"]
