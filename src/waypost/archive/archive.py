"""``Archive``: the network archive as one object, ``wp.archive``.

It captures what sessions load (attach it as the pool's ``on_context`` hook), tells the navigator
what each page load archived, and answers searches over everything recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from waypost.archive.capture import NetworkCapture
from waypost.archive.errors import ArchiveClosed
from waypost.archive.filters import CaptureFilter
from waypost.archive.har import write_har
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
from waypost.archive.writer import ArchiveWriter
from waypost.config.archive import ArchiveSettings

if TYPE_CHECKING:
    from waypost.browser.pool import Session
    from waypost.config.secrets import SecretStore

T = TypeVar("T")

ARCHIVE_FILE = "archive.db"
VISIBLE_WAIT = 2.0  # seconds a search waits for just-captured records to be committed


class ArchiveState(Enum):
    UNOPENED = "unopened"  # created, nothing open yet
    OPEN = "open"  # writer thread running, capture accepted
    CLOSED = "closed"  # flushed and closed; create a new Archive to continue


class Archive:
    """The network archive: capture, store and search what sessions loaded.

    Use it as an async context manager, and attach it to the session pool::

        async with Archive.in_data_dir(settings.data_dir, settings.archive) as archive:
            pool = SessionPool(settings, on_context=archive.attach)
            ...
            hits = await archive.search("Schlagzeilen")
            page = await archive.get(hits[0].id)

    Args:
        path: The database file; created (0600) with its folder if missing.
        settings: What to capture; defaults to :class:`ArchiveSettings` from the environment.
    """

    def __init__(self, path: Path | str, settings: ArchiveSettings | None = None) -> None:
        self.path = Path(path).expanduser()
        self.settings = settings or ArchiveSettings()
        self.state = ArchiveState.UNOPENED
        self._writer = ArchiveWriter(
            self.path,
            batch_size=self.settings.batch_size,
            commit_interval=self.settings.commit_interval,
            workers=self.settings.extract_workers,
        )
        self._capture = NetworkCapture(
            CaptureFilter.from_settings(self.settings),
            self._writer,
            readers=self.settings.readers,
            body_retries=self.settings.body_retries,
        )
        self._reader: ArchiveStore | None = None
        self._executor: ThreadPoolExecutor | None = None

    def mask_secrets(self, secrets: SecretStore | None) -> None:
        """Mask these secrets in everything recorded from now on (see :func:`mask_record`)."""
        self._writer.secrets = secrets

    @classmethod
    def in_data_dir(cls, data_dir: Path | str, settings: ArchiveSettings | None = None) -> Archive:
        """The archive at ``<data_dir>/archive.db``."""
        return cls(Path(data_dir).expanduser() / ARCHIVE_FILE, settings)

    # -- lifecycle -----------------------------------------------------------------------------

    async def __aenter__(self) -> Archive:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> Archive:
        """Open the database (creating it if needed) and start the writer thread.

        Raises:
            ArchiveError: The database cannot be opened.
            ArchiveClosed: This archive was closed already.
        """
        if self.state is ArchiveState.OPEN:
            return self
        if self.state is ArchiveState.CLOSED:
            raise ArchiveClosed("This archive is closed; create a new Archive to open it again.")
        await asyncio.to_thread(self._writer.start)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="waypost-archive-read")
        self.state = ArchiveState.OPEN
        try:
            # The writer's indexing thread brings the index up to date: no need to wait for it here.
            self._reader = await self._run(lambda: ArchiveStore(self.path, catch_up=False))
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        """Read the bodies still pending, commit every record, and close the database."""
        if self.state is not ArchiveState.OPEN:
            self.state = ArchiveState.CLOSED
            return
        await self._capture.close()
        await asyncio.to_thread(self._writer.close)
        if self._reader is not None:
            await self._run(self._reader.close)
            self._reader = None
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        self.state = ArchiveState.CLOSED

    @property
    def capturing(self) -> bool:
        """True while the archive is open and records traffic."""
        return self.state is ArchiveState.OPEN and self.settings.enabled

    def _check_open(self) -> None:
        if self.state is not ArchiveState.OPEN:
            raise ArchiveClosed(
                f"The archive is {self.state.value}: use 'async with Archive(...)' or call open() first."
            )

    async def _run(self, call: Callable[[], T]) -> T:
        assert self._executor is not None
        return await asyncio.get_running_loop().run_in_executor(self._executor, call)

    def _store(self) -> ArchiveStore:
        self._check_open()
        assert self._reader is not None
        return self._reader

    # -- capture -------------------------------------------------------------------------------

    def attach(self, session: Session) -> None:
        """Record a session's traffic; pass this as the pool's ``on_context`` hook.

        Does nothing when capture is disabled in the settings.
        """
        self._check_open()
        if self.settings.enabled:
            self._capture.attach(session)

    def begin_navigation(self, session_id: str, url: str) -> NavigationHandle:
        """Start counting a page load: the session's responses belong to it until the next one."""
        return self._capture.begin_navigation(session_id, url)

    async def end_navigation(self, nav: NavigationHandle, *, max_wait: float = 5.0) -> NavigationStats:
        """Finish a page load: wait (at most ``max_wait`` s) for its bodies to be read and its main
        document to be archived, and return what it loaded.

        Responses that arrive later (XHR after load) are still recorded for this navigation.
        """
        nav.open = False
        deadline = time.monotonic() + max_wait
        if nav.reading:
            await asyncio.wait(list(nav.reading), timeout=max_wait)
        document_id: int | None = None
        if nav.main_id is not None:
            remaining = max(0.0, deadline - time.monotonic())
            try:
                document_id = await asyncio.wait_for(asyncio.shield(nav.main_id), remaining)
            except TimeoutError:
                pass
            except asyncio.CancelledError:
                # The archiving itself was cancelled (the archive closing): no id. A cancel of the
                # caller (a run stopped while its page loads) goes on; swallowed, the run went on
                # and the stop waited for it.
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
        return NavigationStats.of(nav, document_id)

    async def archive_file(
        self, session_id: str, url: str, body: bytes, mime: str, *, max_wait: float = 10.0
    ) -> int | None:
        """Archive a file the browser downloaded (a PDF, say) with its text in the search index.

        Downloads never pass the response capture, so they are handed in here. Returns the
        document id, or ``None`` when archiving is off or did not finish within ``max_wait``.
        """
        if not self.capturing:
            return None
        now = time.time()
        record = CapturedResponse(
            session_id=session_id,
            nav_id=None,
            url=url,
            status=200,
            mime=mime,
            category="DOC",
            resource_type="download",
            started=now,
            ended=now,
            is_main=True,
            body=body,
            body_state=BodyState.STORED,
            body_size=len(body),
        )
        future = self._writer.submit(record, urgent=True)
        if future is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), max_wait)
        except (TimeoutError, Exception):
            return None

    async def flush(self) -> None:
        """Wait until everything captured so far is read from the browser and committed."""
        self._check_open()
        await self._capture.drain()
        await asyncio.wrap_future(self._writer.flush())

    async def _visible(self) -> None:
        """Let records just handed to the writer become visible to a search (bounded wait)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.wrap_future(self._writer.flush()), VISIBLE_WAIT)

    # -- reading -------------------------------------------------------------------------------

    async def search(
        self,
        query: str,
        *,
        session_id: str | None = None,
        url_prefix: str | None = None,
        mime: str | None = None,
        limit: int = 10,
    ) -> list[SearchHit]:
        """Find archived documents by words in their title or text, best match first (BM25).

        Args:
            query: Words (all must match), ``"an exact phrase"``, ``word*``, ``OR``, ``NOT``
                (FTS5 syntax).
            session_id: Only documents this session fetched.
            url_prefix: Only documents whose URL starts so.
            mime: A MIME type (``application/json``), a major type with slash (``text/``), or a
                part of one (``json``).
            limit: Hits at most (1-100).

        Returns:
            The hits; a body fetched many times is one hit, with its latest fetch. When more than
            500 bodies match, the 500 most recently stored are the ones ranked (this bounds a
            search's time; make the query more specific to reach further back).

        Raises:
            ArchiveQueryError: The query is empty or not valid syntax; ``plain_query`` holds its
                words as a query that is.
        """
        store = self._store()
        await self._visible()
        return await self._run(
            lambda: store.search(query, session_id=session_id, url_prefix=url_prefix, mime=mime, limit=limit)
        )

    async def get(self, doc_id: str | int, offset: int = 0, length: int = 2000) -> ArchivedText:
        """Read an archived document's text, a page at a time.

        Args:
            doc_id: Its id (``"42"``, ``42`` or ``"doc 42"``).
            offset: Character to start at.
            length: Characters to return at most.

        Raises:
            DocumentNotFound: No document has that id.
        """
        store = self._store()
        await self._visible()
        return await self._run(lambda: store.get(doc_id, offset, length))

    async def stats(self) -> ArchiveStats:
        """Counts and sizes of what the archive holds."""
        store = self._store()
        await self._visible()
        return await self._run(store.stats)

    async def prune(self, older_than: timedelta) -> PruneResult:
        """Delete documents fetched longer ago than ``older_than``, and bodies nothing uses any more."""
        store = self._store()
        before = time.time() - older_than.total_seconds()
        await self.flush()
        return await self._run(lambda: store.prune(before))

    async def export_har(self, path: Path | str, session_id: str | None = None) -> int:
        """Write the archive (or one session's part) as a HAR 1.2 file; returns the entries written."""
        store = self._store()
        await self.flush()
        return await self._run(lambda: write_har(store, Path(path), session_id=session_id))
