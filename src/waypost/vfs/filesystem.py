"""``VirtualFS``: an in-memory tree of text files with shadow mounts of local folders.

Every operation is synchronous and finishes without awaiting, so asyncio tasks sharing one
file system (a run and its sub-agents) never see it half-changed. The whole tree is plain data
(:meth:`VirtualFS.snapshot`), which the agent stores in its checkpointed state.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import regex

from waypost.vfs import paths, shadow
from waypost.vfs.checks import Checker, Diagnostic, diagnose, file_kind
from waypost.vfs.errors import (
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
)
from waypost.vfs.system_files import SYSTEM_FILES, render

MAX_FILE_CHARS = paths.MAX_FILE_CHARS
MAX_TOTAL_CHARS = 50_000_000
MAX_GREP_PATTERN = 500
MAX_GREP_LINE = 5000
GREP_SECONDS = 1.0  # the whole search's budget, in CPU seconds (the regex engine counts those)
SNAPSHOT_FORMAT = 1


@dataclass
class FileEntry:
    """A file's content and what is known about it."""

    content: str
    modified: float
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(frozen=True)
class FileInfo:
    """What :meth:`VirtualFS.stat` and :meth:`VirtualFS.ls` report about a path.

    Attributes:
        path: The normalised path.
        is_dir: Whether it is a folder.
        kind: ``folder``, ``system`` or the file kind (``python``, ``markdown``, ``text``...).
        size: Characters (files) or entries (folders).
        lines: Lines of a file.
        modified: Last change (seconds since the epoch), ``None`` for folders and system files.
        diagnostics: Problems a checker found (Python and JSON files).
        read_only: A generated system file.
    """

    path: str
    is_dir: bool
    kind: str
    size: int
    lines: int = 0
    modified: float | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    read_only: bool = False

    @property
    def name(self) -> str:
        return paths.name_of(self.path) or "/"


@dataclass(frozen=True)
class GrepMatch:
    """One line that matched :meth:`VirtualFS.grep`."""

    path: str
    line: int
    text: str


class VirtualFS:
    """A virtual file system of text files, kept in memory and checkpointed with a run.

    Usage::

        fs = VirtualFS()
        fs.write("/notes/plan.md", "1. read the politics page\\n")
        fs.read("/notes/plan.md")
        fs.mount("/project", "/home/me/project")   # a shadow of a local folder
        report = fs.sync()                         # both ways, conflicts reported

    Args:
        checker: The Python checker (``auto``/``pyflakes``, ``ruff`` or ``none``).
    """

    def __init__(self, *, checker: Checker = "auto") -> None:
        self.checker: Checker = checker
        self.version = 0
        self.system_info: dict[str, Any] = {}
        self._files: dict[str, FileEntry] = {}
        self._dirs: set[str] = {paths.ROOT}
        self._mounts: dict[str, shadow.ShadowMount] = {}

    # -- reading ---------------------------------------------------------------------------------

    def exists(self, path: str) -> bool:
        """Whether something is at ``path`` (system files included)."""
        p = paths.normalize(path)
        return p in self._files or p in self._dirs or p in SYSTEM_FILES

    def is_dir(self, path: str) -> bool:
        """Whether ``path`` is a folder."""
        return paths.normalize(path) in self._dirs

    def read_text(self, path: str) -> str:
        """A file's whole text.

        Raises:
            PathNotFound: No file there.
            IsADirectory: It is a folder.
        """
        p = paths.normalize(path)
        if p in SYSTEM_FILES:
            return render(p, self.system_info)
        return self._file(p).content

    def read(self, path: str, offset: int = 0, limit: int | None = None) -> str:
        """Lines ``offset`` (0-based) to ``offset + limit`` of a file, with their line ends."""
        if offset < 0 or (limit is not None and limit < 0):
            raise VfsError("offset and limit must be 0 or more.")
        lines = self.read_text(path).splitlines(keepends=True)
        return "".join(lines[offset : None if limit is None else offset + limit])

    def stat(self, path: str) -> FileInfo:
        """What is at ``path``: folder or file, kind, size, lines, diagnostics."""
        p = paths.normalize(path)
        if p in SYSTEM_FILES:
            text = render(p, self.system_info)
            return FileInfo(p, False, "system", len(text), text.count("\n"), read_only=True)
        if p in self._dirs:
            return FileInfo(p, True, "folder", len(self._children(p)))
        entry = self._file(p)
        return FileInfo(
            p,
            False,
            file_kind(p),
            len(entry.content),
            _line_count(entry.content),
            entry.modified,
            tuple(entry.diagnostics),
        )

    def ls(self, path: str = "/") -> list[FileInfo]:
        """The entries of a folder, folders first, then by name.

        Raises:
            PathNotFound: No such folder.
            NotADirectory: ``path`` is a file.
        """
        p = paths.normalize(path)
        if p not in self._dirs:
            if p in self._files or p in SYSTEM_FILES:
                raise NotADirectory(f"{p} is a file, not a folder: read it with vfs_read.")
            raise PathNotFound(f"There is no folder {p}. List / to see what exists.")
        infos = [self.stat(c) for c in self._children(p)]
        return sorted(infos, key=lambda i: (not i.is_dir, i.name))

    def files(self, under: str = "/") -> list[str]:
        """Every file path under a folder, sorted (system files excluded)."""
        top = paths.normalize(under)
        return sorted(p for p in self._files if paths.is_within(p, top))

    def glob(self, pattern: str) -> list[str]:
        """Paths of files and folders matching a glob (``*.md``, ``/notes/**/*.py``), sorted."""
        rx = paths.glob_regex(pattern)
        found = [p for p in (*self._files, *self._dirs) if p != paths.ROOT and rx.match(p)]
        return sorted(found)

    def grep(
        self,
        pattern: str,
        path: str = "/",
        *,
        glob: str | None = None,
        ignore_case: bool = False,
        max_results: int = 100,
    ) -> list[GrepMatch]:
        """Lines matching a regular expression in the files under ``path`` (or that file).

        Raises:
            VfsError: The pattern is not a valid regular expression or is too long.
        """
        if not isinstance(pattern, str) or not pattern or len(pattern) > MAX_GREP_PATTERN:
            raise VfsError(f"The search pattern must be 1 to {MAX_GREP_PATTERN} characters.")
        try:
            rx = regex.compile(pattern, regex.IGNORECASE if ignore_case else 0)
        except (regex.error, OverflowError, RecursionError) as exc:
            msg = f"The search pattern {pattern!r} is not a valid regular expression: {exc}."
            raise VfsError(msg) from None
        top = paths.normalize(path)
        targets = [top] if top in self._files else self.files(top)
        if top not in self._files and top not in self._dirs:
            raise PathNotFound(f"There is nothing at {top}.")
        only = paths.glob_regex(glob) if glob else None
        out: list[GrepMatch] = []
        deadline = time.monotonic() + GREP_SECONDS
        for p in targets:
            if only is not None and not only.match(p):
                continue
            for no, line in enumerate(self._files[p].content.splitlines(), 1):
                left = deadline - time.monotonic()
                try:
                    if left <= 0:
                        raise TimeoutError
                    # The regex engine checks the deadline while it backtracks: (a+)+$ stops too.
                    hit = rx.search(line[:MAX_GREP_LINE], timeout=left)
                except TimeoutError:
                    raise VfsError(
                        f"The search for {pattern[:60]!r} took longer than {GREP_SECONDS:g} s and was "
                        "stopped: use a simpler pattern (no nested repeats like (a+)+) or a narrower path."
                    ) from None
                if hit:
                    out.append(GrepMatch(p, no, line))
                    if len(out) >= max_results:
                        return out
        return out

    # -- writing ---------------------------------------------------------------------------------

    def write(self, path: str, content: str, *, overwrite: bool = True) -> FileInfo:
        """Write a whole file; missing folders above it are created.

        Raises:
            ReadOnlyPath: A system file.
            IsADirectory: A folder is there.
            PathExists: A file is there and ``overwrite`` is false.
            NotADirectory: A file stands where a folder above it should be.
            VfsFull: The file or the file system would be too large.
        """
        p = self._writable(path)
        if not isinstance(content, str):
            raise VfsError("File content must be text.")
        if p in self._dirs:
            raise IsADirectory(f"{p} is a folder; write to a file inside it, e.g. {p}/notes.md.")
        if p in self._files and not overwrite:
            raise PathExists(f"{p} already exists; use vfs_edit to change it.")
        self._check_size(p, content)
        self._make_parents(p)
        self._put(p, content)
        return self.stat(p)

    def edit(self, path: str, old: str, new: str, *, replace_all: bool = False) -> int:
        """Replace ``old`` with ``new`` in a file; ``old`` must occur once unless ``replace_all``.

        Returns:
            How many places were replaced.

        Raises:
            EditFailed: ``old`` is empty, missing, or occurs more than once without ``replace_all``.
        """
        p = self._writable(path)
        text = self._file(p).content
        if not old:
            raise EditFailed("The text to replace is empty; give the exact text to change.")
        count = text.count(old)
        if count == 0:
            raise EditFailed(f"The text to replace is not in {p}; read the file and copy it exactly.")
        if count > 1 and not replace_all:
            raise EditFailed(
                f"The text to replace occurs {count} times in {p}; give more surrounding text "
                "so it is unique, or set replace_all."
            )
        grows = (count if replace_all else 1) * (len(new) - len(old))
        if len(text) + grows > MAX_FILE_CHARS:  # checked before the text is built, not after
            raise VfsFull(f"{p} would hold {len(text) + grows} characters; the limit is {MAX_FILE_CHARS}.")
        updated = text.replace(old, new) if replace_all else text.replace(old, new, 1)
        self._check_size(p, updated)
        self._put(p, updated)
        return count if replace_all else 1

    def mkdir(self, path: str) -> str:
        """Create a folder and any missing folders above it (no error if it exists)."""
        p = self._writable(path)
        if p in self._files:
            raise PathExists(f"{p} is a file; a folder cannot be created there.")
        self._make_parents(p + "/x")
        return p

    def rm(self, path: str) -> None:
        """Delete a file (folders: :meth:`rmdir`)."""
        p = self._writable(path)
        if p in self._dirs:
            raise IsADirectory(f"{p} is a folder; use rmdir.")
        self._file(p)
        del self._files[p]
        self._changed()

    def rmdir(self, path: str, *, recursive: bool = False) -> None:
        """Delete a folder; a folder with entries only with ``recursive``."""
        p = self._writable(path)
        if p == paths.ROOT or p in self._mounts:
            raise ReadOnlyPath(f"{p} cannot be removed (the root or a mount point).")
        if p in self._files:
            raise NotADirectory(f"{p} is a file; use rm.")
        if p not in self._dirs:
            raise PathNotFound(f"There is no folder {p}.")
        inside = [x for x in (*self._files, *self._dirs) if x != p and paths.is_within(x, p)]
        if inside and not recursive:
            raise VfsError(f"The folder {p} is not empty; remove its entries first or set recursive.")
        if any(m != p and paths.is_within(m, p) for m in self._mounts):
            raise ReadOnlyPath(f"{p} holds a mount point; unmount it first.")
        for x in inside:
            self._files.pop(x, None)
            self._dirs.discard(x)
        self._dirs.discard(p)
        self._changed()

    def mv(self, src: str, dst: str, *, overwrite: bool = False) -> str:
        """Move or rename a file or a whole folder. A ``dst`` that is a folder receives ``src``.

        Returns:
            The new path.

        Raises:
            PathExists: A file is at the destination and ``overwrite`` is false.
            InvalidPath: A folder would move into itself.
        """
        s = self._writable(src)
        target = self.move_target(src, dst)
        if s == paths.ROOT or s in self._mounts:
            raise ReadOnlyPath(f"{s} cannot be moved (the root or a mount point).")
        if s not in self._files and s not in self._dirs:
            raise PathNotFound(f"There is nothing at {s} to move.")
        if target == s:
            return s
        if s in self._dirs and paths.is_within(target, s):
            raise InvalidPath(f"The folder {s} cannot be moved into itself ({target}).")
        if target in self._dirs:
            raise PathExists(f"A folder already exists at {target}.")
        if target in self._files and (s in self._dirs or not overwrite):
            raise PathExists(f"{target} already exists; choose another name or set overwrite.")
        self._make_parents(target)
        if s in self._files:
            self._files[target] = self._files.pop(s)
        else:
            for old in sorted(x for x in self._dirs if paths.is_within(x, s)):
                self._dirs.discard(old)
                self._dirs.add(target + old[len(s) :])
            for old in [x for x in self._files if paths.is_within(x, s)]:
                self._files[target + old[len(s) :]] = self._files.pop(old)
        self._changed()
        return target

    def move_target(self, src: str, dst: str) -> str:
        """Where :meth:`mv` would put ``src``: ``dst``, or ``dst/<name>`` if ``dst`` is a folder."""
        s, d = paths.normalize(src), paths.normalize(dst)
        return paths.join(d, paths.name_of(s)) if d in self._dirs and d != s else d

    # -- shadow mounts ---------------------------------------------------------------------------

    def mount(self, path: str, host: str | Path) -> shadow.SyncReport:
        """Shadow a local folder at ``path`` and sync it once (host files come in).

        Raises:
            MountError: The host folder is missing or not a folder, or the mount overlaps another.
        """
        p = self._writable(path)
        if p == paths.ROOT:
            raise MountError("The root cannot be a mount point; mount at a folder such as /project.")
        for other in self._mounts:
            if paths.is_within(p, other) or paths.is_within(other, p):
                raise MountError(f"{p} overlaps the mount at {other}.")
        if p in self._files:
            raise PathExists(f"{p} is a file; mount at a folder.")
        mount = shadow.ShadowMount.create(p, host)
        self._mounts[p] = mount
        self.mkdir(p)
        return self.sync(p)[0]

    def unmount(self, path: str) -> None:
        """Stop shadowing (the VFS copy stays; nothing is written to the host)."""
        p = paths.normalize(path)
        if self._mounts.pop(p, None) is None:
            raise MountError(f"Nothing is mounted at {p}.")
        self._changed()

    @property
    def mounts(self) -> Mapping[str, shadow.ShadowMount]:
        """Mount point → mount."""
        return dict(self._mounts)

    def sync(self, path: str | None = None) -> list[shadow.SyncReport]:
        """Sync shadow mounts both ways (all, or the one at ``path``); conflicts are reported."""
        chosen = [paths.normalize(path)] if path else list(self._mounts)
        reports = []
        for point in chosen:
            if point not in self._mounts:
                raise MountError(f"Nothing is mounted at {point}.")
            reports.append(shadow.sync(self, self._mounts[point]))
        return reports

    def resolve_conflict(self, path: str, keep: Literal["vfs", "host"]) -> None:
        """Settle a conflicting file: the next sync copies the ``keep`` side over the other."""
        p = paths.normalize(path)
        for point, mount in self._mounts.items():
            if paths.is_within(p, point):
                shadow.resolve(self, mount, p, keep)
                return
        raise MountError(f"{p} is not inside a shadow mount.")

    # -- persistence -----------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole tree as plain data (what the checkpoint stores)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "version": self.version,
            "dirs": sorted(self._dirs),
            "files": {
                p: {
                    "content": e.content,
                    "modified": e.modified,
                    "diagnostics": [d.to_dict() for d in e.diagnostics],
                }
                for p, e in sorted(self._files.items())
            },
            "mounts": [m.to_dict() for m in self._mounts.values()],
        }

    def restore(self, data: Mapping[str, Any] | None) -> None:
        """Replace the tree with a snapshot's (nothing happens for ``None`` or an empty dict).

        Raises:
            VfsError: The snapshot is not one this version understands.
        """
        if not data:
            return
        if data.get("format") != SNAPSHOT_FORMAT:
            raise VfsError(f"Unknown VFS snapshot format {data.get('format')!r}.")
        files = {
            paths.normalize(p): FileEntry(
                str(v["content"]),
                float(v.get("modified", 0.0)),
                [Diagnostic(**d) for d in v.get("diagnostics", [])],
            )
            for p, v in data.get("files", {}).items()
        }
        dirs = {paths.normalize(d) for d in data.get("dirs", [])} | {paths.ROOT}
        for p in files:
            dirs.update(paths.ancestors(p))
        self._files, self._dirs = files, dirs
        self._mounts = {m["path"]: shadow.ShadowMount.from_dict(m) for m in data.get("mounts", [])}
        self.version = int(data.get("version", 0))

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any] | None, **kwargs: Any) -> VirtualFS:
        """A file system rebuilt from :meth:`snapshot` data."""
        fs = cls(**kwargs)
        fs.restore(data)
        return fs

    # -- internals -------------------------------------------------------------------------------

    def _writable(self, path: str) -> str:
        p = paths.normalize(path)
        if p in SYSTEM_FILES:
            raise ReadOnlyPath(f"{p} is a read-only system file; write your notes elsewhere, e.g. /notes/.")
        return p

    def _file(self, p: str) -> FileEntry:
        entry = self._files.get(p)
        if entry is None:
            if p in self._dirs:
                raise IsADirectory(f"{p} is a folder; list it with vfs_ls.")
            raise PathNotFound(f"There is no file {p}. List its folder with vfs_ls to see what exists.")
        return entry

    def _children(self, folder: str) -> list[str]:
        kids = [x for x in (*self._files, *self._dirs) if x != folder and paths.parent(x) == folder]
        if folder == paths.ROOT:
            kids.extend(SYSTEM_FILES)
        return kids

    def _make_parents(self, p: str) -> None:
        for folder in paths.ancestors(p):
            if folder in self._files:
                raise NotADirectory(f"{folder} is a file, so nothing can be created inside it.")
        self._dirs.update(paths.ancestors(p))

    def _check_size(self, p: str, content: str) -> None:
        if len(content) > MAX_FILE_CHARS:
            raise VfsFull(f"{p} would hold {len(content)} characters; the limit is {MAX_FILE_CHARS}.")
        total = sum(len(e.content) for q, e in self._files.items() if q != p) + len(content)
        if total > MAX_TOTAL_CHARS:
            raise VfsFull(f"The file system would hold more than {MAX_TOTAL_CHARS} characters.")

    def _put(self, p: str, content: str) -> None:
        """Store a file (parents must exist), with its diagnostics."""
        self._files[p] = FileEntry(content, time.time(), diagnose(p, content, self.checker))
        self._changed()

    def _drop(self, p: str) -> None:
        if self._files.pop(p, None) is not None:
            self._changed()

    def _changed(self) -> None:
        self.version += 1

    def iter_entries(self) -> Iterator[tuple[str, FileEntry]]:
        """Every file with its entry (for the shadow sync)."""
        yield from list(self._files.items())


def _line_count(text: str) -> int:
    return len(text.splitlines())
