"""``ArchiveWriter``: one thread owns the write connection and commits captured responses in batches.

The capture hands over plain :class:`CapturedResponse` objects and gets a future per record; the
event loop never does the work. A preparing thread hashes the bodies and gets their text: a few
bodies it extracts itself, a backlog goes in chunks to child processes
(:mod:`waypost.archive.extract_worker`), which run on other cores while the writer thread, which
owns the SQLite connection, inserts (SQLite lets go of the GIL). Chunks are resolved in the order
they were submitted, so document ids follow the order of ``submit``. A batch is committed when it
is full, when its oldest record has waited ``commit_interval`` seconds, when an urgent record (a
page's main document) arrives, or when someone asks for a flush. The new bodies of a committed
batch go to the indexing thread, which writes the search index (a file of its own) on its own
connection while the writer stores the next batch; a flush completes once they are indexed too.
When the indexing thread has had nothing to do for ``tidy_after`` seconds, it tidies the index
(merges its segments, a step at a time, see :meth:`SearchIndex.tidy_step`) until new work comes.
"""

from __future__ import annotations

import logging
import os
import queue
import sqlite3
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from waypost.archive.errors import ArchiveClosed, ArchiveError
from waypost.archive.extract_worker import ExtractorGone, ExtractorProcess
from waypost.archive.records import CapturedResponse, mask_record
from waypost.archive.search_index import IndexRow
from waypost.archive.store import ArchiveStore, PreparedBody, extract_body, prepare_body
from waypost.archive.text import EncodedText
from waypost.config.secrets import SecretStore

log = logging.getLogger(__name__)


def _loggable(text: str) -> str:
    """``text`` with lone surrogates escaped: log handlers that encode UTF-8 would fail on them."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


RECENT_BODIES = 4096  # digests the preparer remembers, to skip extracting a body seen just before
CHUNK_RECORDS = 64  # records the preparer takes from the queue at once
CHUNK_BYTES = 8 * 1024 * 1024  # ... and body bytes, which bounds the memory a chunk holds
INDEX_BATCH = 2048  # bodies indexed per transaction at most
PROCESS_MIN_JOBS = 8  # fewer bodies to extract than this: in the preparing thread, no round trip
IN_FLIGHT_PER_PROCESS = 2  # chunks sent to a child and not yet answered
TIDY_AFTER = 1.0  # seconds without new bodies after which the indexing thread tidies the index


def content_type(record: CapturedResponse) -> str | None:
    """The record's Content-Type header, for the charset of its body."""
    return record.headers.get("content-type")


def default_workers() -> int:
    """Child processes for text extraction: one core less than the machine has, 4 at most."""
    return max(0, min(4, (os.cpu_count() or 1) - 1))


@dataclass(slots=True)
class _Item:
    record: CapturedResponse
    future: Future[int] | None
    urgent: bool
    prepared: PreparedBody | None = None


@dataclass(slots=True)
class _Chunk:
    """Records in submission order; ``todo`` are the ones whose text a child process is extracting."""

    items: list[_Item]
    todo: list[_Item] = field(default_factory=list)
    reply: Future[list[EncodedText]] | None = None


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
        workers: Child processes that extract text from a backlog of bodies (``None``: one core
            less than the machine has; ``0``: always in the preparing thread). Started when
            first needed, ended by :meth:`close`.
        process_min_jobs: Bodies to extract at once from which a chunk goes to a child process.
        tidy_after: Seconds the indexing thread waits with nothing to index before it merges the
            index's segments (``None``: never; ``waypost archive prune --vacuum`` still does).
    """

    def __init__(
        self,
        path: Path,
        *,
        batch_size: int = 256,
        commit_interval: float = 0.2,
        workers: int | None = None,
        process_min_jobs: int = PROCESS_MIN_JOBS,
        tidy_after: float | None = TIDY_AFTER,
    ) -> None:
        self.path = path
        self.secrets: SecretStore | None = None
        """Values masked in every record before it is queued (URL, headers, body, error)."""
        self.batch_size = batch_size
        self.commit_interval = commit_interval
        self.workers = default_workers() if workers is None else max(0, workers)
        self.process_min_jobs = max(1, process_min_jobs)
        self.tidy_after = tidy_after
        self.extractors: list[ExtractorProcess] = []
        self._next_extractor = 0
        self._in_flight = threading.Semaphore(max(1, self.workers) * IN_FLIGHT_PER_PROCESS)
        self.written = 0
        self.failed = 0
        self._failing = 0  # failures since the last record written
        self._incoming: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._open_error: BaseException | None = None
        self._closed = False
        self._index_queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._preparer = threading.Thread(target=self._prepare, name="waypost-archive-prepare", daemon=True)
        self._thread = threading.Thread(target=self._run, name="waypost-archive-writer", daemon=True)
        self._indexer = threading.Thread(target=self._index, name="waypost-archive-index", daemon=True)

    def start(self) -> None:
        """Start the thread and open the database (blocks until it is open).

        Raises:
            ArchiveError: The database cannot be opened.
        """
        self._thread.start()
        self._ready.wait()
        if self._open_error is not None:
            raise self._open_error
        self._indexer.start()
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
        if self.secrets is not None and self.secrets:
            mask_record(record, self.secrets)
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
        if self._indexer.is_alive():
            self._indexer.join(timeout)

    # -- the preparing thread ------------------------------------------------------------------

    def _prepare(self) -> None:
        recent: OrderedDict[bytes, None] = OrderedDict()
        try:
            while True:
                message = self._incoming.get()
                if isinstance(message, _Item):
                    message = self._dispatch(self._take_chunk(message), recent)
                if message is not None:
                    self._queue.put(message)
                    if message is _STOP:
                        return
        finally:
            for extractor in self.extractors:
                extractor.close_input()  # each child ends once it has answered what it was sent

    def _take_chunk(self, first: _Item) -> list[object]:
        """``first`` and the records queued behind it, up to a chunk, and the message that ended it."""
        taken: list[object] = [first]
        size = len(first.record.body or b"")
        while len(taken) < CHUNK_RECORDS and size < CHUNK_BYTES:
            try:
                message = self._incoming.get_nowait()
            except queue.Empty:
                break
            taken.append(message)
            if not isinstance(message, _Item):
                break
            size += len(message.record.body or b"")
        return taken

    def _dispatch(self, taken: list[object], recent: OrderedDict[bytes, None]) -> object | None:
        """Hash the chunk's bodies, have the new ones extracted, queue the chunk for the writer.

        Returns:
            The flush or stop message that ended the chunk, if one did.
        """
        end = None if isinstance(taken[-1], _Item) else taken.pop()
        chunk = _Chunk([item for item in taken if isinstance(item, _Item)])
        for item in chunk.items:
            try:
                item.prepared = prepare_body(item.record, extract=False)
            except Exception:  # the writer hashes it itself then
                log.exception("could not hash the body of %s", _loggable(item.record.url))
                continue
            digest = item.prepared.digest if item.prepared else None
            if digest is None or digest in recent:
                continue  # no body, or one seen just before: most likely stored already, no text needed
            recent[digest] = None
            if len(recent) > RECENT_BODIES:
                recent.popitem(last=False)
            chunk.todo.append(item)
        if len(chunk.todo) < self.process_min_jobs or not self._send(chunk):
            for item in chunk.todo:
                if item.prepared is not None:
                    item.prepared = PreparedBody(item.prepared.digest, extract_body(item.record))
            chunk.todo = []
        self._queue.put(chunk)
        return end

    def _extractor(self) -> ExtractorProcess | None:
        """The next child process in turn, started if there are fewer than ``workers``."""
        alive = [e for e in self.extractors if e.alive]
        if len(self.extractors) < self.workers:
            try:
                self.extractors.append(ExtractorProcess())
            except OSError as exc:
                log.warning("cannot start a text extraction process (%s); extracting in this process", exc)
                self.workers = len(self.extractors)
            else:
                return self.extractors[-1]
        if not alive:
            return None
        self._next_extractor = (self._next_extractor + 1) % len(alive)
        return alive[self._next_extractor]

    def _send(self, chunk: _Chunk) -> bool:
        """Send the chunk's bodies to a child process; False when none can take them."""
        extractor = self._extractor()
        if extractor is None:
            return False
        while not self._in_flight.acquire(timeout=1.0):  # wait for the writer to take answers
            if not self._thread.is_alive():
                return False
        try:
            jobs = [(i.record.body or b"", i.record.mime, content_type(i.record)) for i in chunk.todo]
            chunk.reply = extractor.send(jobs)
        except ExtractorGone as exc:
            self._in_flight.release()
            log.warning("text extraction process unavailable (%s); extracting in this process", exc)
            return False
        chunk.reply.add_done_callback(lambda _: self._in_flight.release())  # the child can take more
        return True

    # -- the writer thread ---------------------------------------------------------------------

    def _run(self) -> None:
        try:
            store = ArchiveStore(self.path, index=False)
        except BaseException as exc:
            self._open_error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            self._loop(store)
        finally:
            store.close()
            self._index_queue.put(_STOP)
            for extractor in self.extractors:
                extractor.close()

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
                if isinstance(message, _Chunk):
                    self._resolve(message)
                    for item in message.items:
                        if not batch:
                            deadline = time.monotonic() + self.commit_interval
                        batch.append(item)
                        commit = commit or item.urgent
                        if len(batch) >= self.batch_size:
                            self._commit(store, batch)
                            batch = []
                            commit = False
                    commit = commit or len(batch) >= self.batch_size
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
                for waiter in waiters:  # done once what was committed before it is indexed too
                    self._index_queue.put(_Flush(waiter))
                waiters = []

    def _resolve(self, chunk: _Chunk) -> None:
        """Take a child's answer for the chunk; what it could not extract, the store extracts."""
        if chunk.reply is None:
            return
        try:
            texts = chunk.reply.result()
        except Exception as exc:  # a child that died or garbled its answer: extract here
            log.warning("text extraction process failed (%s); extracting in this process", exc)
            return
        for item, extracted in zip(chunk.todo, texts, strict=True):
            if item.prepared is not None:
                item.prepared = PreparedBody(item.prepared.digest, extracted)

    def _commit(self, store: ArchiveStore, batch: list[_Item]) -> None:
        if not batch:
            return
        try:
            ids, rows = store.add_unindexed(
                [item.record for item in batch], [item.prepared for item in batch]
            )
        except Exception as exc:
            if len(batch) > 1:  # find the one record that fails; write the others
                for item in batch:
                    self._commit(store, [item])
                return
            self.failed += 1
            self._failing += 1
            # One warning per stretch of failures (a full disk fails every record), not one each.
            (log.warning if self._failing == 1 else log.debug)(
                "could not archive %s: %s", _loggable(batch[0].record.url), _loggable(str(exc))
            )
            if batch[0].future is not None:
                batch[0].future.set_exception(
                    exc if isinstance(exc, ArchiveError) else ArchiveError(str(exc))
                )
            return
        self.written += len(ids)
        if self._failing > 1:
            log.warning("archiving works again, after %d record(s) could not be written", self._failing)
        self._failing = 0
        if rows:
            self._index_queue.put(rows)
        for item, doc_id in zip(batch, ids, strict=True):
            if item.future is not None:
                item.future.set_result(doc_id)

    # -- the indexing thread -------------------------------------------------------------------

    def _index(self) -> None:
        """Index the bodies the writer committed, in its order; first, what the index lacks."""
        try:
            store: ArchiveStore | None = ArchiveStore(self.path)  # catches up on opening
        except Exception as exc:  # records stay stored; the next opening indexes them
            log.warning("cannot open the search index of %s: %s", self.path, exc)
            store = None
        untidy = store is not None  # a merge the last writer left unfinished, perhaps
        try:
            stop = False
            while not stop:
                if untidy and self.tidy_after is not None:
                    try:
                        message = self._index_queue.get(timeout=self.tidy_after)
                    except queue.Empty:
                        assert store is not None
                        untidy = self._tidy(store)
                        continue
                else:
                    message = self._index_queue.get()
                rows: list[IndexRow] = []
                waiters: list[Future[None]] = []
                while message is not None:  # take what is queued, into one transaction
                    if message is _STOP:
                        stop = True
                        break
                    if isinstance(message, _Flush):
                        waiters.append(message.future)
                    else:
                        rows.extend(message)  # type: ignore[arg-type]
                    if len(rows) >= INDEX_BATCH:
                        break
                    try:
                        message = self._index_queue.get_nowait()
                    except queue.Empty:
                        message = None
                try:
                    if store is not None and rows:
                        store.index_rows(rows)
                        untidy = True
                except Exception:  # never leave a flush waiting; the next opening indexes them
                    log.exception("could not index %d archived bodies", len(rows))
                for waiter in waiters:
                    waiter.set_result(None)
        finally:
            if store is not None:
                store.close()

    def _tidy(self, store: ArchiveStore) -> bool:
        """Merge the index's segments while nothing new is queued; True when merging is left."""
        if store.index is None:
            return False
        try:
            while self._index_queue.empty():
                if not store.index.tidy_step():
                    return False
        except sqlite3.Error as exc:  # e.g. another process held the index too long: next time
            log.warning("could not tidy the search index of %s: %s", self.path, exc)
            return False
        return True
