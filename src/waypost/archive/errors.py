"""Errors of the network archive (defined in :mod:`waypost.errors`, where the whole tree is drawn).

::

    WaypostError
    └── ArchiveError               the archive database cannot be opened, read or written
        ├── ArchiveClosed          the archive was used before open() or after close()
        ├── ArchiveQueryError      a search query is not valid search syntax
        └── DocumentNotFound       no archived document has that id
"""

from waypost.errors import ArchiveClosed, ArchiveError, ArchiveQueryError, DocumentNotFound

__all__ = ["ArchiveClosed", "ArchiveError", "ArchiveQueryError", "DocumentNotFound"]
