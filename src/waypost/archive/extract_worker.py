"""Text extraction in child processes, so that it runs beside SQLite on another core.

Turning HTML into text (Lexbor parsing, cleaning the text in Python) holds the GIL for most of its
time; SQLite's inserts let it go. In one process the two barely overlap, so the writer hands
batches of bodies to a child process (``python -m waypost.archive.extract_worker``) that runs the
very same :func:`~waypost.archive.text.archive_text` and sends back titles and texts.

A plain child process rather than :mod:`multiprocessing`: its ``spawn`` and ``forkserver`` start
methods import the caller's ``__main__`` again in every child, which would run an unguarded user
script a second time, and ``fork`` is unsafe in a process with threads (Playwright, asyncio).

Protocol on the child's stdin and stdout: frames of a 4-byte big-endian length and a pickle (both
ends are this module, run by the same interpreter). A request is a list of ``(body, mime,
content_type)``; its reply the list of ``(title, text)``, in order. The child ignores SIGINT (the
writer decides when to stop) and exits when its stdin closes: when the writer closes it, or when
the writer's process dies, however it dies, so no child outlives its archive.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import os
import pickle
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import BinaryIO

from waypost.archive.text import EncodedText, archive_text

try:
    import fcntl
except ImportError:  # not on Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

Job = tuple[bytes, str, str | None]
"""What a child needs to extract one body: the body, its MIME type and its Content-Type header."""

CHILD_MALLOC = {
    "MALLOC_TOP_PAD_": str(16 * 1024 * 1024),
    "MALLOC_TRIM_THRESHOLD_": str(64 * 1024 * 1024),
    "MALLOC_MMAP_THRESHOLD_": str(32 * 1024 * 1024),
}
"""glibc settings for the child (any already in the environment win): keep freed memory instead
of handing it back to the kernel. Each page parsed allocates and frees a few MiB (Lexbor's tree, the text,
the pickled reply); given back, they were mapped in again page by page, 8.5 page faults per
article page, each a zeroed page. Kept, 0.9."""

_HEADER = 4
PIPE_BYTES = 1 << 20
_MAX_FRAME = 2**31 - 1


class ExtractorGone(Exception):
    """The child process ended or stopped answering; its jobs must be extracted another way."""


def extract_job(body: bytes, mime: str, content_type: str | None) -> EncodedText:
    """Title and text of one body as the archive stores them (see
    :func:`~waypost.archive.text.archive_text`), empty when no extractor understands it. Never raises.
    """
    try:
        return archive_text(body, mime, content_type)
    except Exception:  # a body no extractor understands is stored without text, never dropped
        log.exception("could not extract text from a %s body", mime)
        return EncodedText("", b"")


def _widen_pipe(stream: BinaryIO | None) -> None:
    """Give a pipe to the child 1 MiB of buffer rather than 64 KiB (Linux only; else as it is).

    A chunk's bodies and texts are a megabyte or more: through 64 KiB, each side took turns with
    the other a write and a read at a time. Wider, the child's CPU per article page fell by a
    tenth and throughput rose 3-5 % (three runs each way, interleaved). 1 MiB is the most an
    unprivileged process may ask for by default (``/proc/sys/fs/pipe-max-size``).
    """
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if stream is None or set_size is None:
        return
    with contextlib.suppress(OSError):
        fcntl.fcntl(stream.fileno(), set_size, PIPE_BYTES)


def _write_frame(stream: BinaryIO, data: bytes) -> None:
    if len(data) > _MAX_FRAME:
        raise ValueError("frame too large")
    stream.write(len(data).to_bytes(_HEADER, "big"))
    stream.write(data)
    stream.flush()


def _read_frame(stream: BinaryIO) -> bytes | None:
    head = stream.read(_HEADER)
    if len(head) < _HEADER:
        return None
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    return data if len(data) == size else None


class ExtractorProcess:
    """One child process, the pipes to it, and a thread that reads its replies as they come.

    Replies are matched to requests by their order. The reading thread takes each reply off the
    pipe as soon as the child writes it: a reply (a chunk's texts) is larger than a pipe holds,
    and a child left waiting for its reader to come would sit idle while the writer commits.
    """

    def __init__(self) -> None:
        package_root = str(Path(__file__).resolve().parents[2])
        path = os.environ.get("PYTHONPATH")
        env = {
            **CHILD_MALLOC,
            **os.environ,
            "PYTHONPATH": package_root + (os.pathsep + path if path else ""),
        }
        self._child = subprocess.Popen(
            [sys.executable, "-m", "waypost.archive.extract_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            close_fds=True,
        )
        for stream in (self._child.stdin, self._child.stdout):
            _widen_pipe(stream)
        self._send_lock = threading.Lock()
        self._pending_lock = threading.Lock()  # never the send lock: a send may wait for the reader
        self._pending: collections.deque[tuple[Future[list[EncodedText]], int]] = collections.deque()
        self.alive = True
        self._reader = threading.Thread(
            target=self._read_replies, name="waypost-archive-extract-reply", daemon=True
        )
        self._reader.start()

    @property
    def pid(self) -> int:
        """The child's process id."""
        return self._child.pid

    def send(self, jobs: Sequence[Job]) -> Future[list[EncodedText]]:
        """Send a batch of jobs; blocks while the child is busy and its pipe is full.

        Returns:
            A future of the batch's titles and texts, in order; it fails with
            :class:`ExtractorGone` if the child ends before it replies.

        Raises:
            ExtractorGone: The child has ended.
        """
        data = pickle.dumps(list(jobs), protocol=pickle.HIGHEST_PROTOCOL)
        reply: Future[list[EncodedText]] = Future()
        with self._send_lock:
            with self._pending_lock:  # a reply the reading thread can no longer give fails at once
                if not self.alive or self._child.stdin is None or self._child.stdin.closed:
                    raise ExtractorGone("the extraction process is closed")
                self._pending.append((reply, len(jobs)))
            try:
                _write_frame(self._child.stdin, data)
            except (OSError, ValueError) as exc:
                self._fail_pending(ExtractorGone(str(exc)))
                raise ExtractorGone(str(exc)) from exc
        return reply

    def _read_replies(self) -> None:
        stream = self._child.stdout
        assert stream is not None
        while True:
            try:
                data = _read_frame(stream)
            except (OSError, ValueError):
                data = None
            if data is None:
                error = ExtractorGone(
                    f"the extraction process {self.pid} ended (exit code {self._child.poll()})"
                )
                break
            try:
                reply = pickle.loads(data)
            except Exception:
                reply = None
            with self._pending_lock:
                waiting = self._pending.popleft() if self._pending else None
            if waiting is None or not isinstance(reply, list) or len(reply) != waiting[1]:
                error = ExtractorGone("the extraction process answered out of turn")
                if waiting is not None:
                    waiting[0].set_exception(error)
                break
            waiting[0].set_result([EncodedText(title, text) for title, text in reply])
        self._fail_pending(error)

    def _fail_pending(self, error: ExtractorGone) -> None:
        """Mark the child gone and fail every reply still awaited."""
        with self._pending_lock:
            self.alive = False
            failed, self._pending = list(self._pending), collections.deque()
        for reply, _ in failed:
            reply.set_exception(error)

    def close_input(self) -> None:
        """Tell the child to end once it has answered everything sent so far."""
        with self._send_lock, contextlib.suppress(OSError):
            if self._child.stdin is not None:
                self._child.stdin.close()

    def close(self, timeout: float = 10.0) -> None:
        """Close the pipes and wait for the child to end; kill it if it does not."""
        self.close_input()
        try:
            self._child.wait(timeout)
        except subprocess.TimeoutExpired:
            self._child.kill()
            self._child.wait()
        finally:
            self._reader.join(timeout)
            self.alive = False
            if self._child.stdout is not None:
                self._child.stdout.close()


def serve(requests: BinaryIO, replies: BinaryIO) -> None:
    """The child's loop: extract each batch of jobs read from ``requests`` until it ends."""
    while (data := _read_frame(requests)) is not None:
        jobs: list[Job] = pickle.loads(data)
        out = [extract_job(body, mime, content_type) for body, mime, content_type in jobs]
        out = [(encoded.title, encoded.text) for encoded in out]
        _write_frame(replies, pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL))


def main() -> None:
    """Entry point of the child process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the replies
    with contextlib.suppress(BrokenPipeError):
        serve(sys.stdin.buffer, replies)


if __name__ == "__main__":
    main()
