"""Downloads: files a page makes the browser download, saved under the session's data dir.

Every page of every session is watched. A download is saved as
``<data_dir>/sessions/<id>/downloads/<name>`` with a sanitised name that never overwrites another
file (``report.pdf``, ``report-2.pdf``...), mode 0600 (never executable, never opened), and is
stopped as soon as it grows past ``download_max_bytes``. Each one becomes a
:class:`DownloadRecord` the tools list to the model in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import mimetypes
import os
import re
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from waypost.errors import WaypostError

if TYPE_CHECKING:
    from playwright.async_api import Download, Page

    from waypost.browser.pool import Session

log = logging.getLogger(__name__)

DownloadStatus = Literal["saving", "saved", "too_large", "failed"]
SavedHook = Callable[["DownloadRecord", bytes], Awaitable[None]]

_POLL = 0.05
_NAME_CHARS = 120
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "application/pdf"),
    (b"PK\x03\x04", "application/zip"),
    (b"\x89PNG", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF8", "image/gif"),
    (b"\x7fELF", "application/x-executable"),
    (b"MZ", "application/x-msdownload"),
)


class DownloadNotFound(WaypostError):
    """No download of the session has that name."""


@dataclass
class DownloadRecord:
    """One download of a session.

    Attributes:
        name: The saved file's name (unique in the session's downloads folder).
        path: Where it is saved (``None`` while saving or when it was stopped).
        url: Where it came from.
        session_id: The session that downloaded it.
        status: ``saving``, ``saved``, ``too_large`` (stopped at the limit) or ``failed``.
        mime: The type, from the file's first bytes, else from its name.
        size: Bytes saved (or received before it was stopped).
        message: Why it was stopped or failed.
        pages: Pages, for a PDF (set by whoever reads it).
        doc_id: The archive document id, when archived.
        started: When it started (epoch seconds).
    """

    name: str
    url: str
    session_id: str
    path: Path | None = None
    status: DownloadStatus = "saving"
    mime: str = "application/octet-stream"
    size: int = 0
    message: str = ""
    pages: int | None = None
    doc_id: int | None = None
    started: float = field(default_factory=time.time)
    reported: bool = False

    @property
    def kind(self) -> str:
        """A short type name for people: ``PDF``, ``ZIP``, ``PNG``, ``text``..."""
        sub = self.mime.split("/")[-1]
        if self.mime.startswith("text/"):
            return "text" if sub == "plain" else sub.upper()
        return {"x-executable": "program", "x-msdownload": "program", "octet-stream": "binary"}.get(
            sub, sub.upper()
        )

    def line(self) -> str:
        """The download in one line: name, type, size (and pages), or why it was stopped."""
        if self.status == "saving":
            return f"{self.name} — still downloading ({human_size(self.size)} so far)"
        if self.status != "saved":
            return f"{self.name} — not saved: {self.message}"
        pages = f", {self.pages} page(s)" if self.pages else ""
        doc = f", archived as doc {self.doc_id}" if self.doc_id else ""
        return f"{self.name} — {self.kind}{pages}, {human_size(self.size)}{doc}"


def human_size(n: int) -> str:
    """``512 B``, ``14 KB``, ``3.2 MB``."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


def sanitize_name(name: str, default: str = "download") -> str:
    """A file name safe to save: no folders, no control or odd characters, no leading dot."""
    name = unicodedata.normalize("NFC", name or "")
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    name = re.sub(r"[\x00-\x1f\x7f]", "", name)
    name = re.sub(r"[^\w.\-()+, ]", "_", name).strip(" ._")
    if not name or name in {".", ".."}:
        name = default
    if len(name) > _NAME_CHARS:
        stem, dot, ext = name.rpartition(".")
        ext = ext[:16] if dot else ""
        name = (stem if dot else name)[: _NAME_CHARS - len(ext) - 1] + (f".{ext}" if ext else "")
    return name


def sniff_mime(head: bytes, name: str) -> str:
    """The type from a file's first bytes, else from its name, else text or binary."""
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            return mime
    guessed, _ = mimetypes.guess_type(name)
    if guessed:
        return guessed
    try:
        head[:4096].decode("utf-8")
    except UnicodeDecodeError:
        return "application/octet-stream"
    return "text/plain"


def reserve(folder: Path, name: str) -> Path:
    """Create an empty file ``name`` in ``folder`` (0600), or ``stem-2.ext``... if that exists."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        stem, ext = name, ""
    for n in range(1, 10_000):
        candidate = name if n == 1 else f"{stem}-{n}{'.' + ext if ext else ''}"
        try:
            fd = os.open(folder / candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            continue
        os.close(fd)
        return folder / candidate
    raise OSError(f"too many files named like {name} in {folder}")


class Downloads:
    """Saves what sessions download and keeps a list per session.

    Args:
        data_dir: Waypost's data dir (downloads go to ``sessions/<id>/downloads``).
        max_bytes: A download growing past this is stopped.
        partial_dir: Where the browser writes downloads in progress (the launch's
            ``downloads_path``); watched to stop a download at the limit. Without it (an
            attached browser) the limit is checked when the download ends.
        on_saved: Called with each saved record and its bytes (to read or archive it).
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        max_bytes: int,
        partial_dir: Path | None = None,
        on_saved: SavedHook | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.max_bytes = max_bytes
        self.partial_dir = partial_dir
        self.on_saved = on_saved
        self._records: dict[str, list[DownloadRecord]] = {}
        self._tasks: dict[str, set[asyncio.Task[None]]] = {}
        self._claimed: set[str] = set()

    def folder(self, session_id: str) -> Path:
        """The session's downloads folder."""
        return self.data_dir / "sessions" / session_id / "downloads"

    # -- watching ------------------------------------------------------------------------------

    def attach(self, session: Session) -> None:
        """Watch every page of a session's context (pass this from the pool's ``on_context`` hook)."""
        sid = session.session_id
        for page in session.context.pages:
            self._watch(page, sid)
        session.context.on("page", lambda page: self._watch(page, sid))

    def _watch(self, page: Page, session_id: str) -> None:
        page.on("download", lambda download: self._start(download, session_id))

    def _start(self, download: Download, session_id: str) -> None:
        record = DownloadRecord(
            name=sanitize_name(download.suggested_filename), url=download.url, session_id=session_id
        )
        self._records.setdefault(session_id, []).append(record)
        task = asyncio.ensure_future(self._save(download, record))
        tasks = self._tasks.setdefault(session_id, set())
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def _save(self, download: Download, record: DownloadRecord) -> None:
        watcher = asyncio.ensure_future(self._watch_size(download, record)) if self.partial_dir else None
        try:
            path = await download.path()
        except Exception as exc:
            path = None
            if record.status == "saving":
                record.status, record.message = "failed", _first_line(exc)
        finally:
            if watcher is not None:
                watcher.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await watcher
        if record.status != "saving":
            with contextlib.suppress(Exception):
                await download.delete()
            return
        failure = None
        with contextlib.suppress(Exception):
            failure = await download.failure()
        if path is None or failure:
            record.status, record.message = "failed", failure or "the browser did not finish it"
            return
        size = path.stat().st_size
        if size > self.max_bytes:
            self._too_large(record, size)
            with contextlib.suppress(Exception):
                await download.delete()
            return
        try:
            data = await asyncio.to_thread(path.read_bytes)
            record.mime = sniff_mime(data[:8192], record.name)
            if record.mime == "application/pdf" and not record.name.lower().endswith(".pdf"):
                record.name += ".pdf"
            target = await asyncio.to_thread(reserve, self.folder(record.session_id), record.name)
            await asyncio.to_thread(_write_private, target, data)
        except OSError as exc:
            record.status, record.message = "failed", f"could not save it ({exc.strerror or exc})"
            return
        finally:
            with contextlib.suppress(Exception):
                await download.delete()
        record.name, record.path, record.size, record.status = target.name, target, size, "saved"
        if self.on_saved is not None:
            try:
                await self.on_saved(record, data)
            except Exception:  # reading or archiving it is extra: the file is saved
                log.exception("after saving download %s", record.name)

    async def _watch_size(self, download: Download, record: DownloadRecord) -> None:
        """Follow the browser's partial file and stop the download once it passes the limit."""
        assert self.partial_dir is not None
        mine: Path | None = None
        while True:
            await asyncio.sleep(_POLL)
            if mine is None:
                # The browser's partial file may exist before this watcher starts: any file no other
                # download has claimed is this one's (the newest, when several start together).
                fresh = [
                    p
                    for p in (self.partial_dir.glob("*.crdownload") if self.partial_dir.is_dir() else ())
                    if p.name not in self._claimed
                ]
                if not fresh:
                    continue
                mine = max(fresh, key=_mtime)
                self._claimed.add(mine.name)
            try:
                size = mine.stat().st_size
            except FileNotFoundError:
                self._claimed.discard(mine.name)
                return  # finished (renamed) or cancelled
            record.size = size
            if size > self.max_bytes:
                self._too_large(record, size)
                with contextlib.suppress(Exception):
                    await download.cancel()
                self._claimed.discard(mine.name)
                return

    def _too_large(self, record: DownloadRecord, size: int) -> None:
        record.status = "too_large"
        record.size = size
        record.message = (
            f"stopped at the size limit of {human_size(self.max_bytes)} (download_max_bytes); "
            "nothing was kept. Raise the limit if the file is really needed."
        )

    # -- reading -------------------------------------------------------------------------------

    async def settle(self, session_id: str, max_wait: float) -> None:
        """Wait (at most ``max_wait`` s) for the session's downloads in progress to end."""
        tasks = list(self._tasks.get(session_id, ()))
        if tasks:
            await asyncio.wait(tasks, timeout=max_wait)

    def records(self, session_id: str) -> list[DownloadRecord]:
        """Every download of a session, oldest first."""
        return list(self._records.get(session_id, ()))

    def unreported(self, session_id: str) -> list[DownloadRecord]:
        """Downloads not yet told to the model (marked as told now), except ones still saving."""
        fresh = [r for r in self._records.get(session_id, ()) if not r.reported and r.status != "saving"]
        for record in fresh:
            record.reported = True
        return fresh

    def find(self, session_id: str, name: str) -> DownloadRecord:
        """A saved download of the session by its name (case-insensitive; a unique prefix will do).

        Raises:
            DownloadNotFound: No saved download has that name.
        """
        wanted = name.strip().rsplit("/", 1)[-1].lower()
        saved = [r for r in self._records.get(session_id, ()) if r.status == "saved"]
        exact = [r for r in saved if r.name.lower() == wanted]
        if exact:
            return exact[-1]
        prefix = [r for r in saved if wanted and r.name.lower().startswith(wanted)]
        if len(prefix) == 1:
            return prefix[0]
        names = ", ".join(r.name for r in saved) or "none yet"
        raise DownloadNotFound(f"No download named {name!r} in this session (downloads: {names}).")

    def forget(self, session_id: str) -> None:
        self._records.pop(session_id, None)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(path, 0o600)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


__all__ = [
    "DownloadNotFound",
    "DownloadRecord",
    "Downloads",
    "human_size",
    "reserve",
    "sanitize_name",
    "sniff_mime",
]
