"""Browsing as a service: the :class:`Navigator` keeps per-session history, visits and the same-URL guard.

It sits on the browser's session pool, the page model and the archive, and below the tools that
call it.
"""

from waypost.navigation.navigator import NavigationResult, Navigator, OnBlocked, Wall

__all__ = ["NavigationResult", "Navigator", "OnBlocked", "Wall"]
