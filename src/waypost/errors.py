"""Errors a caller can act on: every public error of Waypost, in one place.

Every message says what happened and what to do next, in words that work for people and for
small language models alike. A tool turns one into a model-facing ``Error: ...`` line
(:mod:`waypost.tools.errors`); the CLI into a one-line message. The packages re-export their own
(``waypost.vfs.errors``, ``waypost.archive.errors``...), so either import works. The tree::

    WaypostError
    ├── ConfigError               a setting is missing or has a value Waypost cannot use
    ├── InvalidSessionId          (also ValueError) not [A-Za-z0-9_.-]{1,64}
    ├── BlockedURL                (also ValueError) refused by the URL policy
    ├── BrowserUnavailable        no browser could be launched or attached to
    ├── NavigationFailed          a page did not load, after retries (url, reason, attempts)
    ├── Blocked                   a CAPTCHA or bot wall stands in front of the content
    ├── SessionBusy               a session cannot be closed while an operation is in flight
    ├── ElementNotFound           nothing on the page matches the target
    │   └── AmbiguousTarget       several elements match about equally (candidates attached)
    ├── ElementNotActionable      found, but hidden, disabled or covered
    ├── PageUnavailable           the page is closed, crashed or navigating
    ├── ArchiveError              the archive database cannot be opened, read or written
    │   ├── ArchiveClosed         used before open() or after close()
    │   ├── ArchiveQueryError     (also ValueError) not valid search syntax (query, plain_query)
    │   └── DocumentNotFound      (also LookupError) no archived document has that id
    ├── QuerySpecError            (also ValueError) a QuerySpec is not valid JSON or not the schema
    ├── QueryCapReached           a planning step asked for more query rounds than allowed
    ├── StepTimeout               a planning step took longer than its time limit
    ├── VfsError                  the virtual file system
    │   ├── InvalidPath           (also ValueError) ``..``, a host path, NUL, too long...
    │   ├── PathNotFound          (also FileNotFoundError) nothing at that path
    │   ├── PathExists            (also FileExistsError) something is already there
    │   ├── NotADirectory         (also NotADirectoryError) a file where a folder was expected
    │   ├── IsADirectory          (also IsADirectoryError) a folder where a file was expected
    │   ├── ReadOnlyPath          (also PermissionError) a generated system file
    │   │   └── WriteDenied       a sub-agent writing outside ``/sub/<task_id>/``
    │   ├── EditFailed            (also ValueError) the text to replace is missing or not unique
    │   ├── VfsFull               over a size limit
    │   └── MountError            a shadow mount's host folder cannot be used
    ├── SubAgentError             a sub-agent could not be started, found or waited for
    │   └── SpawnRefused          a sub-agent tried to start a sub-agent
    └── SkillError                a skill, skill file or skill store cannot be used
"""

from __future__ import annotations

from typing import Any


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


class AmbiguousTarget(ElementNotFound):
    """Several elements match the target about equally well, or none well enough.

    Attributes:
        candidates: The best candidates (``waypost.retrieval.ranking.Candidate``), best first.
    """

    def __init__(self, message: str, candidates: list[Any] | None = None) -> None:
        super().__init__(message)
        self.candidates = candidates or []


class ElementNotActionable(WaypostError):
    """The element is there but cannot be acted on: hidden, disabled, or covered by another layer."""


class PageUnavailable(WaypostError):
    """The page could not be read: it is closed, crashed or in the middle of navigating."""


class ArchiveError(WaypostError):
    """The archive database cannot be opened, read or written."""


class ArchiveClosed(ArchiveError):
    """The archive was used before ``Archive.open`` or after ``Archive.close``."""


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


class QuerySpecError(WaypostError, ValueError):
    """A QuerySpec that is not valid JSON or does not fit the schema."""


class QueryCapReached(WaypostError):
    """A step asked for more query rounds than allowed."""


class StepTimeout(WaypostError):
    """A step's planning took longer than its time limit."""


class VfsError(WaypostError):
    """Base class of the virtual file system's errors."""


class InvalidPath(VfsError, ValueError):
    """A path is refused: ``..``, a host path, NUL or control characters, too long, and so on."""


class PathNotFound(VfsError, FileNotFoundError):
    """Nothing exists at the path."""


class PathExists(VfsError, FileExistsError):
    """Something already exists at the path and would be overwritten."""


class NotADirectory(VfsError, NotADirectoryError):
    """A file is where a folder was expected."""


class IsADirectory(VfsError, IsADirectoryError):
    """A folder is where a file was expected."""


class ReadOnlyPath(VfsError, PermissionError):
    """The path cannot be changed (a generated system file)."""


class WriteDenied(ReadOnlyPath):
    """A restricted view (a sub-agent's) tried to change something outside its own folder."""


class EditFailed(VfsError, ValueError):
    """An edit's old text is not in the file, or is there more than once."""


class VfsFull(VfsError):
    """A file or the whole file system would exceed its size limit."""


class MountError(VfsError):
    """A shadow mount's host folder is missing, not a folder, or overlaps another mount."""


class SubAgentError(WaypostError):
    """A sub-agent could not be started, found or waited for."""


class SpawnRefused(SubAgentError):
    """A sub-agent tried to start a sub-agent (depth is limited to 1)."""


class SkillError(WaypostError):
    """A skill, a skill file or a skill store cannot be used (bad name, bad YAML, unknown skill)."""
