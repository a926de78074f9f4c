"""Uploads: setting a page's file field from the run's files or from folders the user allowed.

A file may come from two places only: the run's virtual file system (registered per session by
the runner, see :meth:`UploadSources.register`) or a folder listed in the ``upload_dirs``
setting. Anything else (``/etc/passwd``, ``~/.ssh/id_rsa``, a symlink out of an allowed folder)
is refused with a one-line error and nothing is set.
"""

from __future__ import annotations

import mimetypes
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from waypost.errors import WaypostError
from waypost.page.hint import HintMatcher

if TYPE_CHECKING:
    from playwright.async_api import Page

MAX_UPLOAD_BYTES = 50 * 1024 * 1024

_FIELDS_JS = """() => Array.from(document.querySelectorAll('input[type=file]')).map((el) => {
  const named = [...(el.labels || [])].map((l) => l.innerText).concat(
    [el.getAttribute('aria-label'), el.title, el.name, el.id]).find((t) => t && t.trim()) || '';
  const box = el.closest('fieldset, p, div, form');
  const around = box ? (box.innerText || '').slice(0, 200) : '';
  return [named.replace(/\\s+/g, ' ').trim(), around.replace(/\\s+/g, ' ').trim()];
})"""


class UploadRefused(WaypostError):
    """The file may not be uploaded (not in the run's files nor in an allowed folder) or is unusable."""


class FileSource(Protocol):
    """What uploads need of a run's file system (a :class:`~waypost.vfs.VirtualFS` fits)."""

    def exists(self, path: str) -> bool: ...
    def is_dir(self, path: str) -> bool: ...
    def read_text(self, path: str) -> str: ...
    def files(self, under: str = "/") -> list[str]: ...


@dataclass(frozen=True)
class UploadFile:
    """A file ready to put into a file field."""

    name: str
    data: bytes
    mime: str
    origin: str  # "run files" or the allowed folder

    def payload(self) -> dict[str, Any]:
        return {"name": self.name, "mimeType": self.mime, "buffer": self.data}


class UploadSources:
    """Where uploads may come from.

    Args:
        allowed_dirs: Host folders the user allowed (the ``upload_dirs`` setting).
    """

    def __init__(self, allowed_dirs: Sequence[Path | str] = ()) -> None:
        self.allowed_dirs = tuple(Path(d).expanduser().resolve() for d in allowed_dirs)
        self._files: dict[str, FileSource] = {}

    def register(self, session_id: str, files: FileSource | None) -> None:
        """Let uploads in ``session_id`` take files from a run's file system (``None`` to stop)."""
        if files is None:
            self._files.pop(session_id, None)
        else:
            self._files[session_id] = files

    def resolve(self, session_id: str, file: str) -> UploadFile:
        """The file named ``file``: from the run's files first, then the allowed folders.

        Raises:
            UploadRefused: It is in neither place, or it is too large.
        """
        name = (file or "").strip()
        if not name:
            raise UploadRefused("No file given: name a file of the run's files, e.g. /notes.txt.")
        if "\x00" in name:
            raise UploadRefused("A file name cannot contain a NUL character; nothing was uploaded.")
        found = self._from_vfs(session_id, name)
        if found is not None:
            return found
        found = self._from_dirs(name)
        if found is not None:
            return found
        dirs = ", ".join(str(d) for d in self.allowed_dirs) or "none (set upload_dirs to allow one)"
        raise UploadRefused(
            f"{name} is neither in the run's files nor in a folder allowed for uploads (allowed: {dirs}); "
            "nothing was uploaded."
        )

    def _from_vfs(self, session_id: str, name: str) -> UploadFile | None:
        fs = self._files.get(session_id)
        if fs is None:
            return None
        candidates = [name if name.startswith("/") else "/" + name]
        try:
            if not any(fs.exists(c) and not fs.is_dir(c) for c in candidates) and "/" not in name.strip("/"):
                # A bare name: the one file of that name anywhere in the run's files.
                matches = [p for p in fs.files("/") if p.rsplit("/", 1)[-1] == name]
                if len(matches) == 1:
                    candidates = matches
            for path in candidates:
                if fs.exists(path) and not fs.is_dir(path):
                    data = fs.read_text(path).encode("utf-8")
                    return self._checked(path.rsplit("/", 1)[-1], data, "run files")
        except WaypostError:
            return None
        return None

    def _from_dirs(self, name: str) -> UploadFile | None:
        given = Path(name).expanduser()
        candidates = [given] if given.is_absolute() else [d / given for d in self.allowed_dirs]
        for candidate in candidates:
            try:
                real = candidate.resolve(strict=True)
            except (OSError, RuntimeError, ValueError):
                continue
            home = next((d for d in self.allowed_dirs if real.is_relative_to(d)), None)
            if home is None or not real.is_file():
                continue
            if real.stat().st_size > MAX_UPLOAD_BYTES:
                raise UploadRefused(
                    f"{name} is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB; not uploaded."
                )
            if not os.access(real, os.R_OK):
                raise UploadRefused(f"{name} cannot be read; nothing was uploaded.")
            return self._checked(real.name, real.read_bytes(), str(home))
        return None

    @staticmethod
    def _checked(name: str, data: bytes, origin: str) -> UploadFile:
        if len(data) > MAX_UPLOAD_BYTES:
            raise UploadRefused(
                f"{name} is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB; not uploaded."
            )
        mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return UploadFile(name, data, mime, origin)


async def set_file_field(page: Page, target: str, upload: UploadFile) -> str:
    """Put ``upload`` into the file field of ``page`` that best matches ``target``.

    Returns:
        One line for the model: which field got which file. Nothing is sent.

    Raises:
        UploadRefused: The page has no file field, or several and none matches ``target``.
    """
    fields = page.locator("input[type=file]")
    found: list[list[str]] = await page.evaluate(_FIELDS_JS)
    if not found:
        raise UploadRefused("This page has no file field to upload into; open the form first.")
    labels = [named for named, _ in found]
    index = 0
    if len(found) > 1:
        matcher = HintMatcher(target or "")
        scores = [max(matcher.score(named), matcher.score(around) * 0.8) for named, around in found]
        best = max(range(len(labels)), key=lambda i: scores[i])
        if scores[best] <= 0:
            shown = "; ".join(f"{i + 1}: {label[:40]}" for i, label in enumerate(labels))
            raise UploadRefused(
                f"{len(labels)} file fields and none like {target!r} ({shown}); nothing was set."
            )
        index = best
    await fields.nth(index).set_input_files(upload.payload(), timeout=10_000)
    label = labels[index][:60] or "the file field"
    return (
        f'Set the file field "{label}" to {upload.name} ({len(upload.data)} bytes, from {upload.origin}). '
        "Nothing is sent yet: click the form's send button."
    )
