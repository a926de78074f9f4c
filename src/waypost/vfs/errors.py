"""Errors of the virtual file system (defined in :mod:`waypost.errors`, where the whole tree is drawn).

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

from waypost.errors import (
    EditFailed,
    InvalidPath,
    IsADirectory,
    MountError,
    NotADirectory,
    PathExists,
    PathNotFound,
    ReadOnlyPath,
    VfsError,
    VfsFull,
    WriteDenied,
)

__all__ = [
    "EditFailed",
    "InvalidPath",
    "IsADirectory",
    "MountError",
    "NotADirectory",
    "PathExists",
    "PathNotFound",
    "ReadOnlyPath",
    "VfsError",
    "VfsFull",
    "WriteDenied",
]
