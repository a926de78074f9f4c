"""``ArchiveWriter``: one thread owns the write connection and commits captured responses in batches.

The capture hands over plain :class:`CapturedResponse` objects and gets a future per record. Two
threads do the work, never the event loop: one hashes bodies and extracts their text, the other
owns the SQLite connection; SQLite lets go of the GIL, so the two overlap on two cores. A batch is
committed when it is full, when its oldest record has waited ``commit_interval`` seconds, when an
urgent record (a page's main document) arrives, or when someone asks for a flush.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

from waypost.archive.errors import ArchiveClosed, ArchiveError
from waypost.archive.records import CapturedResponse
from waypost.archive.store import ArchiveStore, PreparedBody, extract_body, prepare_body

log = logging.getLogger(__name__)


RECENT_BODIES = 4096  # digests the preparer remembers, to skip extracting a body seen just before


@dataclass(slots=True)
class _Item:
    record: CapturedResponse
    future: Future[int] | None
    urgent: bool
    prepared: PreparedBody | None = None


@dataclass(slots=True)
class _Flush:
    future: Future[None]


_STOP = object()


class ArchiveWriter:
    """Writes captured responses to the archive on a background thread.

    Args:
        path: The database file.
        batch_size: Records per transaction at most.
        commit_interval: Seconds a record may wait for its transaction.
    """

    def __init__(self, path: Path, *, batch_size: int = 256, commit_interval: float = 0.2) -> None:
        self.path = path
        self.batch_size = batch_size
        self.commit_interval = commit_interval
        self.written = 0
        self.failed = 0
        self._incoming: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._open_error: BaseException | None = None
        self._closed = False
        self._preparer = threading.Thread(target=self._prepare, name="waypost-archive-prepare", daemon=True)
        self._thread = threading.Thread(target=self._run, name="waypost-archive-writer", daemon=True)

    def start(self) -> None:
        """Start the thread and open the database (blocks until it is open).

        Raises:
            ArchiveError: The database cannot be opened.
        """
        self._thread.start()
        self._ready.wait()
        if self._open_error is not None:
            raise self._open_error
        self._preparer.start()

    def submit(
        self, record: CapturedResponse, *, urgent: bool = False, want_id: bool = True
    ) -> Future[int] | None:
        """Queue a record; the future gives its document id once committed (or the write error).

        Raises:
            ArchiveClosed: The writer is closed.
        """
        if self._closed:
            raise ArchiveClosed("The archive is closed; records can no longer be written.")
        future: Future[int] | None = Future() if want_id else None
        self._incoming.put(_Item(record, future, urgent))
        return future

    def flush(self) -> Future[None]:
        """A future that completes once everything submitted so far is committed."""
        future: Future[None] = Future()
        if self._closed or not self._thread.is_alive():
            future.set_result(None)
        else:
            self._incoming.put(_Flush(future))
        return future

    def close(self, timeout: float | None = 60.0) -> None:
        """Commit what is queued, then close the database. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._preparer.is_alive():
            self._incoming.put(_STOP)
            self._preparer.join(timeout)
        elif self._thread.is_alive():
            self._queue.put(_STOP)
        if self._thread.is_alive():
            self._thread.join(timeout)

    # -- the preparing thread ------------------------------------------------------------------

    def _prepare(self) -> None:
        recent: OrderedDict[bytes, None] = OrderedDict()
        while True:
            message = self._incoming.get()
            if isinstance(message, _Item):
                try:
                    message.prepared = self._prepared(message.record, recent)
                except Exception:  # the writer prepares it itself then
                    log.exception("could not prepare the body of %s", message.record.url)
            self._queue.put(message)
            if message is _STOP:
                return

    @staticmethod
    def _prepared(record: CapturedResponse, recent: OrderedDict[bytes, None]) -> PreparedBody | None:
        hashed = prepare_body(record, extract=False)
        if hashed is None or hashed.digest in recent:
            return hashed  # a body seen just before: most likely stored already, no text needed
        recent[hashed.digest] = None
        if len(recent) > RECENT_BODIES:
            recent.popitem(last=False)
        return PreparedBody(hashed.digest, extract_body(record))

    # -- the writer thread ---------------------------------------------------------------------

    def _run(self) -> None:
        try:
            store = ArchiveStore(self.path)
        except BaseException as exc:
            self._open_error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            self._loop(store)
        finally:
            store.close()

    def _loop(self, store: ArchiveStore) -> None:
        batch: list[_Item] = []
        waiters: list[Future[None]] = []
        deadline = 0.0
        stop = False
        while not stop:
            wait = max(0.0, deadline - time.monotonic()) if batch else None
            try:
                message = self._queue.get(timeout=wait)
            except queue.Empty:
                message = None
            commit = message is None
            while message is not None:
                if isinstance(message, _Item):
                    if not batch:
                        deadline = time.monotonic() + self.commit_interval
                    batch.append(message)
                    commit = commit or message.urgent or len(batch) >= self.batch_size
                elif isinstance(message, _Flush):
                    waiters.append(message.future)
                    commit = True
                elif message is _STOP:
                    stop = commit = True
                if len(batch) >= self.batch_size:
                    break
                try:  # take what is already queued into the same transaction
                    message = self._queue.get_nowait()
                except queue.Empty:
                    message = None
            if commit:
                self._commit(store, batch)
                batch = []
                for waiter in waiters:
                    waiter.set_result(None)
                waiters = []

    def _commit(self, store: ArchiveStore, batch: list[_Item]) -> None:
        if not batch:
            return
        try:
            ids = store.add([item.record for item in batch], [item.prepared for item in batch])
        except Exception as exc:
            if len(batch) > 1:  # find the one record that fails; write the others
                for item in batch:
                    self._commit(store, [item])
                return
            self.failed += 1
            log.warning("could not archive %s: %s", batch[0].record.url, exc)
            if batch[0].future is not None:
                batch[0].future.set_exception(
                    exc if isinstance(exc, ArchiveError) else ArchiveError(str(exc))
                )
            return
        self.written += len(ids)
        for item, doc_id in zip(batch, ids, strict=True):
            if item.future is not None:
                item.future.set_result(doc_id)
