"""Errors of the virtual file system.

::

    WaypostError
    └── VfsError
        ├── InvalidPath        a path that is not allowed (``..``, a host path, NUL, too long...)
        ├── PathNotFound       nothing at that path
        ├── PathExists         something is already there and would be overwritten
        ├── NotADirectory      a file where a folder was expected
        ├── IsADirectory       a folder where a file was expected
        ├── ReadOnlyPath       a generated system file, or a file outside a sub-agent's folder
        │   └── WriteDenied    a sub-agent writing outside ``/sub/<task_id>/``
        ├── EditFailed         the text to replace is missing or not unique
        ├── VfsFull            a file or the whole file system is over its size limit
        └── MountError         a shadow mount's host folder cannot be used
"""

from __future__ import annotations

from waypost.errors import WaypostError


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
