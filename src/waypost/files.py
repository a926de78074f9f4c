"""Files Waypost writes: private stores under the data dir, and outputs on paths a user gave.

Two rules, in one place so every door follows them:

- **Stores and folders under the data dir are private**: files 0600, folders 0700, created so
  from the start (never created world-readable and tightened later).
- **Outputs go only to regular files**: a user-given path is written through a temporary file
  in the same folder and an atomic rename. A FIFO, device, socket or folder at the path is
  refused (never replaced), and a missing parent folder is refused (never created).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Literal

from waypost.errors import WaypostError

PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700
TEMP_PREFIX = ".tmp-"
STALE_TEMP_SECONDS = 5.0
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


class OutputPathError(WaypostError):
    """An output path cannot be written safely (a special file, a folder, a missing parent)."""


# -- private files under the data dir ----------------------------------------------------------


def private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) with mode 0700; an existing folder is tightened."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    with contextlib.suppress(OSError):  # a read-only data dir: reading still works
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, PRIVATE_DIR)
    return path


def private_file(path: Path) -> Path:
    """Make ``path`` exist as a 0600 file (its folder 0700) before a library such as SQLite opens it.

    SQLite gives its ``-wal``/``-shm``/``-journal`` files the mode of the database file, so a
    database created here stays private with all its side files. Existing files are tightened.
    """
    path = Path(path)
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, PRIVATE_FILE)
        os.close(fd)
    except OSError:
        if not path.exists():
            raise
    for candidate in (path, *(Path(f"{path}{s}") for s in SQLITE_SIDE_FILES)):
        with contextlib.suppress(OSError):
            if stat.S_IMODE(candidate.stat().st_mode) & 0o077:
                os.chmod(candidate, PRIVATE_FILE)
    return path


def unwritable_reason(folder: Path) -> str | None:
    """Why nothing can be written in ``folder`` (``None`` if a file can be created there).

    A real write is tried, since permission bits say nothing on a read-only mount or to root.
    """
    try:
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=folder)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    return None


def new_temp_file(folder: Path, prefix: str = TEMP_PREFIX, suffix: str = "") -> tuple[int, str]:
    """A new 0600 temporary file in ``folder``, locked while its writer lives.

    The lock (``flock``) tells :func:`remove_stale_temp_files` that a writer still owns the
    file; a killed writer's lock is gone with its process.
    """
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)  # mode 0600
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd, tmp


def remove_stale_temp_files(
    folder: Path, prefix: str = TEMP_PREFIX, *, min_age: float = STALE_TEMP_SECONDS
) -> int:
    """Delete temporary files a killed save left in ``folder``. Returns how many went.

    A file goes only if no process holds its lock and it is older than ``min_age`` seconds
    (a save in another process that has just created its file keeps it).
    """
    removed = 0
    cutoff = time.time() - min_age
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime > cutoff:
                continue
            fd = os.open(entry.path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises while a writer holds it
                os.unlink(entry.path)
                removed += 1
            finally:
                os.close(fd)
    return removed


# -- outputs on user-given paths ---------------------------------------------------------------


def check_output_path(path: Path | str) -> Path:
    """The path an output will really be written to, or a clear refusal.

    A symbolic link to a regular file is followed (the link stays, its target is replaced).

    Raises:
        OutputPathError: Something that is not a regular file is there, or the folder it would
            go in does not exist.
    """
    given = Path(path).expanduser()
    try:
        info = given.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputPathError(f"Cannot write {str(given)!r}: {exc.strerror}.") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputPathError(f"{str(given)!r} is a folder: give a file name, e.g. {given / 'out.json'}.")
        if not stat.S_ISREG(info.st_mode):
            raise OutputPathError(
                f"{str(given)!r} is not a regular file (a pipe, device or socket): "
                "Waypost only writes regular files; choose another path."
            )
        target = given.resolve()
    else:
        if given.is_symlink():  # a dangling link: never create whatever it points at
            raise OutputPathError(
                f"{str(given)!r} is a symbolic link to nothing: remove it or choose another path."
            )
        target = given.absolute()
    folder = target.parent
    if not folder.is_dir():
        raise OutputPathError(
            f"The folder {str(folder)!r} does not exist: create it first, or choose another path."
        )
    return target


@contextlib.contextmanager
def output_file(
    path: Path | str, mode: Literal["w", "wb"] = "w", *, file_mode: int = PRIVATE_FILE
) -> Iterator[IO]:
    """Open an output for writing; it replaces ``path`` atomically when the block ends without error.

    Usage::

        with output_file(args.out) as fh:
            fh.write(text)

    Raises:
        OutputPathError: See :func:`check_output_path`; also when the write itself fails
            (full disk, read-only folder), with nothing at ``path`` changed.
    """
    target = check_output_path(path)
    try:
        fd, tmp = new_temp_file(target.parent)
    except OSError as exc:
        raise OutputPathError(f"Cannot write {str(target)!r}: {exc.strerror}.") from None
    try:
        with os.fdopen(fd, mode, **({"encoding": "utf-8"} if mode == "w" else {})) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        if file_mode != PRIVATE_FILE:
            os.chmod(tmp, file_mode)
        check_output_path(target)  # something else may have appeared there meanwhile
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputPathError(f"Could not write {str(target)!r}: {exc.strerror or exc}.") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_output(path: Path | str, data: str | bytes, *, file_mode: int = PRIVATE_FILE) -> Path:
    """Write a whole output atomically (see :func:`output_file`). Returns the path written."""
    target = check_output_path(path)
    with output_file(target, "wb" if isinstance(data, bytes) else "w", file_mode=file_mode) as fh:
        fh.write(data)
    return target
