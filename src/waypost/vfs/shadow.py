"""Shadow mounts: a local folder mirrored into the VFS and kept in sync both ways.

Each mount remembers a hash of every file as it was at the last sync (the *base*). A sync
compares the VFS copy and the host file with the base: a side that changed is copied over the
side that did not; a file changed on both sides (differently) is a *conflict* and neither side
is touched until :meth:`~waypost.vfs.filesystem.VirtualFS.resolve_conflict` picks one.

On the host side nothing leaves the folder: symbolic links are never followed (a link is
reported and skipped, and a link pointing out of the mount is named as such), files are
written through a temporary file and an atomic rename, and only regular UTF-8 text files up to
the VFS size limit are shadowed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat as stat_module
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from waypost.files import new_temp_file, remove_stale_temp_files
from waypost.vfs import paths
from waypost.vfs.errors import InvalidPath, MountError


class _Entry(Protocol):
    @property
    def content(self) -> str: ...


class _Tree(Protocol):
    """What a sync needs of the file system (:class:`~waypost.vfs.filesystem.VirtualFS` is one)."""

    def iter_entries(self) -> Iterator[tuple[str, _Entry]]: ...
    def _make_parents(self, p: str) -> None: ...
    def _put(self, p: str, content: str) -> None: ...
    def _drop(self, p: str) -> None: ...


TEMP_PREFIX = ".waypost-"  # Waypost's own temporary files in a mounted folder: never shadowed


def digest(text: str) -> str:
    """A file content's hash."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class ShadowMount:
    """A local folder shadowed at a VFS path.

    Attributes:
        path: The mount point in the VFS.
        host: The host folder (resolved, absolute).
        base: Relative path → content hash at the last sync.
        conflicts: Relative paths changed on both sides and not yet settled.
    """

    path: str
    host: Path
    base: dict[str, str] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)

    @classmethod
    def create(cls, path: str, host: str | Path) -> ShadowMount:
        """A mount of an existing host folder.

        Raises:
            MountError: The folder does not exist or is not a folder.
        """
        root = Path(host).expanduser()
        try:
            resolved = root.resolve(strict=True)
        except (OSError, RuntimeError):  # missing, or a symlink loop (RuntimeError before 3.13)
            resolved = None
        if resolved is None or not resolved.is_dir():
            raise MountError(f"The host folder {str(root)!r} does not exist or is not a folder.")
        return cls(path, resolved)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "host": str(self.host),
            "base": dict(self.base),
            "conflicts": list(self.conflicts),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ShadowMount:
        base, conflicts = dict(data.get("base", {})), list(data.get("conflicts", []))
        return cls(data["path"], Path(data["host"]), base, conflicts)


@dataclass
class SyncReport:
    """What one sync of one mount did.

    Attributes:
        mount: The mount point.
        pulled: Files copied from the host into the VFS (relative paths).
        pushed: Files copied from the VFS to the host.
        removed_in_vfs: Files deleted on the host, so deleted in the VFS.
        removed_on_host: Files deleted in the VFS, so deleted on the host.
        conflicts: Files changed on both sides; neither side was changed.
        skipped: ``"<path>: <why>"`` for host entries that are not shadowed (links, binary...).
    """

    mount: str
    pulled: list[str] = field(default_factory=list)
    pushed: list[str] = field(default_factory=list)
    removed_in_vfs: list[str] = field(default_factory=list)
    removed_on_host: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.pulled or self.pushed or self.removed_in_vfs or self.removed_on_host)

    def text(self) -> str:
        """One line per kind of change, for a person or a model."""
        parts = [f"Synced {self.mount}:"]
        for label, items in (
            ("from the host", self.pulled),
            ("to the host", self.pushed),
            ("removed here (gone on the host)", self.removed_in_vfs),
            ("removed on the host", self.removed_on_host),
            ("CONFLICT (changed on both sides, nothing overwritten)", self.conflicts),
            ("skipped", self.skipped),
        ):
            if items:
                parts.append(f"{label}: {', '.join(items)}")
        return " ".join(parts) if len(parts) > 1 else f"Synced {self.mount}: no changes."


def _inside(root: Path, candidate: Path) -> bool:
    try:
        candidate.relative_to(root)
    except ValueError:
        return False
    return True


def scan_host(mount: ShadowMount, max_chars: int) -> tuple[dict[str, str], list[str], set[str]]:
    """The host folder's text files: ``(relative path → text, skipped notes, skipped paths)``."""
    root = mount.host
    if not root.is_dir():
        raise MountError(f"The host folder {str(root)!r} of {mount.path} is gone.")
    found: dict[str, str] = {}
    skipped: list[str] = []
    skipped_paths: set[str] = set()

    def skip(rel: str, why: str) -> None:
        skipped.append(f"{rel}: {why}")
        skipped_paths.add(rel)

    for folder, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(folder)
        for name in list(dirnames):
            full = here / name
            rel = full.relative_to(root).as_posix()
            if full.is_symlink():
                dirnames.remove(name)
                skip(rel, _link_note(root, full))
            else:
                try:
                    paths.normalize("/" + rel)
                except InvalidPath:
                    dirnames.remove(name)
                    skip(rel, "name not allowed in the VFS")
        if any(n.startswith(TEMP_PREFIX) for n in filenames):
            remove_stale_temp_files(here, TEMP_PREFIX)  # left by a sync that was killed
        for name in filenames:
            if name.startswith(TEMP_PREFIX):
                continue
            full = here / name
            rel = full.relative_to(root).as_posix()
            note = _file_problem(root, full, rel, max_chars)
            if note:
                skip(rel, note)
                continue
            try:
                found[rel] = full.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                skip(rel, "not UTF-8 text")
            except OSError as exc:
                skip(rel, f"unreadable ({exc.strerror})")
    return found, skipped, skipped_paths


def _link_note(root: Path, link: Path) -> str:
    try:
        target = link.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python < 3.13)
        return "a symbolic link in a loop (not followed)"
    if not _inside(root, target):
        return "a symbolic link out of the mount (refused)"
    return "a symbolic link (not followed)"


def _file_problem(root: Path, full: Path, rel: str, max_chars: int) -> str | None:
    if full.is_symlink():
        return _link_note(root, full)
    try:
        paths.normalize("/" + rel)
    except InvalidPath:
        return "name not allowed in the VFS"
    info = full.lstat()
    if not stat_module.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > max_chars * 4:
        return "too large"
    return None


def _host_target(mount: ShadowMount, rel: str) -> Path:
    """The host path for ``rel``, refusing any link on the way (nothing may leave the folder)."""
    target = mount.host / rel
    current = mount.host
    for part in Path(rel).parts:
        current = current / part
        if current.is_symlink():
            raise MountError(f"{rel}: {current.relative_to(mount.host)} on the host is a symbolic link.")
    try:
        inside = _inside(mount.host, target.resolve())
    except (OSError, RuntimeError):  # a symlink loop on the way
        inside = False
    if not inside:
        raise MountError(f"{rel} would leave the mounted folder.")
    return target


def write_host(mount: ShadowMount, rel: str, text: str) -> None:
    """Write a file into the host folder atomically (links refused)."""
    target = _host_target(mount, rel)
    target.parent.mkdir(parents=True, exist_ok=True)
    _host_target(mount, rel)  # a link may have appeared while the folders were made
    try:
        info = target.lstat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat_module.S_ISREG(info.st_mode):
        raise MountError(f"{rel} on the host is not a regular file; it was left alone.")
    fd, tmp = new_temp_file(target.parent, TEMP_PREFIX)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8", "surrogatepass"))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def remove_host(mount: ShadowMount, rel: str) -> None:
    """Delete a host file (never through a link)."""
    target = _host_target(mount, rel)
    with contextlib.suppress(FileNotFoundError):
        target.unlink()


def sync(fs: _Tree, mount: ShadowMount) -> SyncReport:
    """Sync one mount both ways; see the module docs for the rules."""
    report = SyncReport(mount.path)
    host, report.skipped, skipped = scan_host(mount, paths.MAX_FILE_CHARS)
    prefix = mount.path.rstrip("/") + "/"
    mine = {p[len(prefix) :]: e.content for p, e in fs.iter_entries() if p.startswith(prefix)}
    conflicts: list[str] = []
    for rel in sorted(set(mine) | set(host) | set(mount.base)):
        if rel in skipped:
            continue
        v = digest(mine[rel]) if rel in mine else None
        h = digest(host[rel]) if rel in host else None
        b = mount.base.get(rel)
        vpath = prefix + rel
        try:
            if v == h:
                pass
            elif v == b:  # only the host changed
                if h is None:
                    fs._drop(vpath)
                    report.removed_in_vfs.append(rel)
                else:
                    fs._make_parents(vpath)
                    fs._put(vpath, host[rel])
                    report.pulled.append(rel)
            elif h == b:  # only the VFS changed
                if v is None:
                    remove_host(mount, rel)
                    report.removed_on_host.append(rel)
                else:
                    write_host(mount, rel, mine[rel])
                    report.pushed.append(rel)
            else:
                conflicts.append(rel)
                continue
        except MountError as exc:
            report.skipped.append(f"{rel}: {exc}")
            continue
        if v in (h, b) or h == b:
            now = h if v == b else v
            if now is None:
                mount.base.pop(rel, None)
            else:
                mount.base[rel] = now
    mount.conflicts = conflicts
    report.conflicts = list(conflicts)
    return report


def resolve(fs: _Tree, mount: ShadowMount, vpath: str, keep: Literal["vfs", "host"]) -> None:
    """Make the next sync copy the ``keep`` side of a conflicting file over the other."""
    rel = vpath[len(mount.path.rstrip("/")) + 1 :]
    if rel not in mount.conflicts:
        raise MountError(f"{vpath} is not in conflict.")
    host, _, _ = scan_host(mount, 10**12)
    entry = dict(fs.iter_entries()).get(vpath)
    other = host.get(rel) if keep == "vfs" else (entry.content if entry else None)
    if other is None:
        mount.base.pop(rel, None)
    else:
        mount.base[rel] = digest(other)
    mount.conflicts.remove(rel)
