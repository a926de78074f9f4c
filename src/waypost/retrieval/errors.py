"""Errors of the retrieval pipeline (all :class:`~waypost.errors.WaypostError` subclasses).

``WaypostError``
 ├─ ``ElementNotFound`` (in :mod:`waypost.errors`): nothing on the page matches the target.
 │   └─ ``AmbiguousTarget``: several elements match about equally; the candidates are attached.
 ├─ ``ElementNotActionable``: the element was found but is hidden, disabled or covered.
 ├─ ``PageUnavailable``: the page could not be read (closed, crashed, navigating).
 └─ ``PageTooLarge``: the page has more interactive elements than the inventory may describe,
     or describing them took longer than allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from waypost.errors import ElementNotFound, WaypostError

if TYPE_CHECKING:
    from waypost.retrieval.ranking import Candidate


class AmbiguousTarget(ElementNotFound):
    """Several elements match the target about equally well, or none well enough.

    Attributes:
        candidates: The best candidates, best first.
    """

    def __init__(self, message: str, candidates: list[Candidate] | None = None) -> None:
        super().__init__(message)
        self.candidates = candidates or []


class ElementNotActionable(WaypostError):
    """The element is there but cannot be acted on: hidden, disabled, or covered by another layer."""


class PageUnavailable(WaypostError):
    """The page could not be read: it is closed, crashed or in the middle of navigating."""


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
