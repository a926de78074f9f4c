"""``RestrictedVFS``: a view of a :class:`~waypost.vfs.filesystem.VirtualFS` that reads everything
and writes only inside one folder.

Sub-agents get this view: they read the whole file system and write only under
``/sub/<task_id>/``. Every changing operation checks each path it would touch (both ends of a
move) before anything happens, so a refused call changes nothing. Mounting, syncing and
restoring are the owner's business and refused here.
"""

from __future__ import annotations

from typing import Any, Literal

from waypost.vfs import paths
from waypost.vfs.errors import WriteDenied
from waypost.vfs.filesystem import FileInfo, GrepMatch, VirtualFS
from waypost.vfs.system_files import SYSTEM_FILES, render


class RestrictedVFS:
    """Reads the whole of ``inner``; writes only under ``writable``.

    Args:
        inner: The file system to view.
        writable: The one folder this view may change (created if missing).

    Attributes:
        system_info: What this view's ``/system_context`` and ``/active_rules`` show (its own run's
            task and session, not the owner's).
    """

    restricted = True

    def __init__(self, inner: VirtualFS, writable: str) -> None:
        self._inner = inner
        self.writable = paths.normalize(writable)
        if self.writable == paths.ROOT:
            raise WriteDenied("A restricted view cannot be given the whole file system to write.")
        self.system_info: dict[str, Any] = {}
        inner.mkdir(self.writable)

    @property
    def version(self) -> int:
        return self._inner.version

    def _allowed(self, path: str) -> str:
        p = paths.normalize(path)
        if not paths.is_within(p, self.writable) or p == self.writable:
            raise WriteDenied(
                f"{p} is outside your folder: as a sub-agent you may write only under {self.writable}/ "
                f"(e.g. {self.writable}/notes.md). You can read everything."
            )
        return p

    # -- reading: the whole file system ----------------------------------------------------------

    def exists(self, path: str) -> bool:
        return self._inner.exists(path)

    def is_dir(self, path: str) -> bool:
        return self._inner.is_dir(path)

    def read_text(self, path: str) -> str:
        p = paths.normalize(path)
        return render(p, self.system_info) if p in SYSTEM_FILES else self._inner.read_text(p)

    def read(self, path: str, offset: int = 0, limit: int | None = None) -> str:
        p = paths.normalize(path)
        if p in SYSTEM_FILES:
            lines = self.read_text(p).splitlines(keepends=True)
            return "".join(lines[offset : None if limit is None else offset + limit])
        return self._inner.read(p, offset, limit)

    def stat(self, path: str) -> FileInfo:
        p = paths.normalize(path)
        if p in SYSTEM_FILES:
            text = self.read_text(p)
            return FileInfo(p, False, "system", len(text), text.count("\n"), read_only=True)
        return self._inner.stat(p)

    def ls(self, path: str = "/") -> list[FileInfo]:
        return self._inner.ls(path)

    def files(self, under: str = "/") -> list[str]:
        return self._inner.files(under)

    def glob(self, pattern: str) -> list[str]:
        return self._inner.glob(pattern)

    def grep(self, pattern: str, path: str = "/", **kwargs: Any) -> list[GrepMatch]:
        return self._inner.grep(pattern, path, **kwargs)

    def move_target(self, src: str, dst: str) -> str:
        return self._inner.move_target(src, dst)

    # -- writing: only under the writable folder -------------------------------------------------

    def write(self, path: str, content: str, *, overwrite: bool = True) -> FileInfo:
        return self._inner.write(self._allowed(path), content, overwrite=overwrite)

    def edit(self, path: str, old: str, new: str, *, replace_all: bool = False) -> int:
        return self._inner.edit(self._allowed(path), old, new, replace_all=replace_all)

    def mkdir(self, path: str) -> str:
        return self._inner.mkdir(self._allowed(path))

    def rm(self, path: str) -> None:
        self._inner.rm(self._allowed(path))

    def rmdir(self, path: str, *, recursive: bool = False) -> None:
        self._inner.rmdir(self._allowed(path), recursive=recursive)

    def mv(self, src: str, dst: str, *, overwrite: bool = False) -> str:
        s = self._allowed(src)
        self._allowed(self._inner.move_target(s, dst))
        return self._inner.mv(s, dst, overwrite=overwrite)

    # -- the owner's business --------------------------------------------------------------------

    def mount(self, path: str, host: Any) -> Any:
        raise WriteDenied("A sub-agent cannot mount host folders.")

    def unmount(self, path: str) -> None:
        raise WriteDenied("A sub-agent cannot unmount host folders.")

    def sync(self, path: str | None = None) -> list[Any]:
        return []  # the owner syncs; a sub-agent's writes reach the host at the owner's next sync

    @property
    def mounts(self) -> dict[str, Any]:
        return {}

    def resolve_conflict(self, path: str, keep: Literal["vfs", "host"]) -> None:
        raise WriteDenied("A sub-agent cannot settle sync conflicts.")

    def snapshot(self) -> dict[str, Any]:
        return self._inner.snapshot()

    def restore(self, data: Any) -> None:
        """Ignored: a restricted view's content belongs to its owner's checkpoint."""
