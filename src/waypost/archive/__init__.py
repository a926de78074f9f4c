"""The network archive: what sessions load, captured in the background, stored in SQLite with an
FTS5 index, searchable by models (``search_archive``, ``get_archived``), people (``waypost archive``)
and code (``wp.archive``), and exportable as HAR 1.2.

Example:
    >>> async with Archive.in_data_dir(data_dir) as archive:  # doctest: +SKIP
    ...     pool = SessionPool(settings, on_context=archive.attach)
    ...     hits = await archive.search("Schlagzeilen")
"""

from waypost.archive.archive import ARCHIVE_FILE, Archive, ArchiveState
from waypost.archive.errors import ArchiveClosed, ArchiveError, ArchiveQueryError, DocumentNotFound
from waypost.archive.navigation import NavigationHandle, NavigationStats
from waypost.archive.records import (
    ArchivedText,
    ArchiveStats,
    BodyState,
    CapturedResponse,
    PruneResult,
    SearchHit,
)
from waypost.archive.store import ArchiveStore
from waypost.config.archive import ArchiveSettings

__all__ = [
    "ARCHIVE_FILE",
    "Archive",
    "ArchiveClosed",
    "ArchiveError",
    "ArchiveQueryError",
    "ArchiveSettings",
    "ArchiveState",
    "ArchiveStats",
    "ArchiveStore",
    "ArchivedText",
    "BodyState",
    "CapturedResponse",
    "DocumentNotFound",
    "NavigationHandle",
    "NavigationStats",
    "PruneResult",
    "SearchHit",
]
