"""Errors of the network archive, worded as what happened and what to do next.

::

    WaypostError
    └── ArchiveError               the archive database cannot be opened, read or written
        ├── ArchiveClosed          the archive was used before open() or after close()
        ├── ArchiveQueryError      a search query is not valid search syntax
        └── DocumentNotFound       no archived document has that id
"""

from __future__ import annotations

from waypost.errors import WaypostError


class ArchiveError(WaypostError):
    """The archive database cannot be opened, read or written."""


class ArchiveClosed(ArchiveError):
    """The archive was used before :meth:`Archive.open` or after :meth:`Archive.close`."""


class ArchiveQueryError(ArchiveError, ValueError):
    """A search query is not valid search syntax.

    Attributes:
        query: The query as given.
        plain_query: The same words with the syntax taken out, safe to search for instead.
    """

    def __init__(self, message: str, *, query: str, plain_query: str) -> None:
        super().__init__(message)
        self.query = query
        self.plain_query = plain_query


class DocumentNotFound(ArchiveError, LookupError):
    """No archived document has the id that was asked for."""
