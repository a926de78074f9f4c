"""Errors of the retrieval pipeline (defined in :mod:`waypost.errors`, where the whole tree is drawn).

``WaypostError``
 ├─ ``ElementNotFound``: nothing on the page matches the target.
 │   └─ ``AmbiguousTarget``: several elements match about equally; the candidates are attached.
 ├─ ``ElementNotActionable``: the element was found but is hidden, disabled or covered.
 └─ ``PageUnavailable``: the page could not be read (closed, crashed, navigating).
"""

from waypost.errors import AmbiguousTarget, ElementNotActionable, ElementNotFound, PageUnavailable

__all__ = ["AmbiguousTarget", "ElementNotActionable", "ElementNotFound", "PageUnavailable"]
