"""Text extraction in child processes: same text as in-thread, and no record lost when a child dies."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from tests.archive.test_store import page
from waypost.archive import ArchiveStore, BodyState, CapturedResponse
from waypost.archive.extract_worker import ExtractorGone, ExtractorProcess, Job, extract_job
from waypost.archive.store import extract_body
from waypost.archive.text import LOOSE_TYPES, archive_text, extract_text, normalize_text
from waypost.archive.writer import ArchiveWriter

STOCK = {"title": "Stock", "items": [{"name": "Hammer", "qty": 3}]}
JOBS: list[Job] = [
    (b"<html><title>Caf\xc3\xa9 menu</title><body><p>Espresso</p><p>Tea</p></body></html>",
     "text/html", None),
    (b"\xef\xbb\xbf<title>BOM</title><p>with a byte order mark</p>", "text/html", "text/html"),
    (b"<p>Gr\xfc\xdfe aus K\xf6ln</p>", "text/html", "text/html; charset=iso-8859-1"),
    ("<p>Привет, мир</p>".encode("utf-16"), "text/html", None),
    (json.dumps(STOCK).encode(), "application/json", None),
    (b"<rss><channel><title>Feed</title><item><description><![CDATA[<b>Bold</b> news]]></description>"
     b"</item></channel></rss>", "application/rss+xml", None),
    (b"plain\ntext  with   spaces", "text/plain", None),
    (b"\x00\xff\xfe binary \x80\x81", "text/html", None),
    (b"", "text/html", None),
]  # fmt: skip


def ended(pid: int) -> bool:
    """True once the process is gone or a zombie waiting for its parent."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):  # gone between open and read
        return True
    return state in ("Z", "X")


def wait_until_ended(pid: int, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ended(pid):
            return True
        time.sleep(0.05)
    return False


def test_extractor_process_should_give_the_same_text_as_this_process() -> None:
    extractor = ExtractorProcess()
    try:
        first = extractor.send(JOBS[:4])
        second = extractor.send(JOBS[4:])  # sent before the first is answered: replies keep their order
        answers = first.result(timeout=30) + second.result(timeout=30)
    finally:
        extractor.close()
    assert answers == [archive_text(body, mime, ctype) for body, mime, ctype in JOBS]
    shown = [
        (a.title, normalize_text(a.text.decode()) if mime in LOOSE_TYPES else a.text.decode())
        for a, (_, mime, _) in zip(answers, JOBS, strict=True)
    ]
    expected = [extract_text(body, mime, ctype) for body, mime, ctype in JOBS]
    assert shown == [(e.title, e.text) for e in expected]
    assert answers[0].title == "Café menu" and shown[2][1] == "Grüße aus Köln"
    assert ended(extractor.pid)


def test_extractor_process_should_take_batches_whose_replies_overflow_a_pipe() -> None:
    big = ("<p>" + "word " * 40_000 + "</p>").encode()  # each reply ~200 KB, more than a pipe holds
    extractor = ExtractorProcess()
    try:
        jobs = [[(big.replace(b"</p>", b"end%d</p>" % n), "text/html", None)] * 2 for n in range(6)]
        replies = [extractor.send(batch) for batch in jobs]
        answers = [reply.result(timeout=60) for reply in replies]
    finally:
        extractor.close()
    assert [a[1].text.split()[-1] for a in answers] == [b"end%d" % n for n in range(6)]


def test_extract_text_should_read_utf8_html_bytes_as_the_decoded_text() -> None:
    from waypost.archive.text import decode_body, html_to_text

    for body, mime, ctype in JOBS:
        if mime == "text/html":
            assert extract_text(body, mime, ctype) == html_to_text(decode_body(body, ctype))


def test_extractor_process_that_died_should_say_so() -> None:
    extractor = ExtractorProcess()
    try:
        os.kill(extractor.pid, signal.SIGKILL)
        assert wait_until_ended(extractor.pid)
        with pytest.raises(ExtractorGone):
            extractor.send(JOBS[:1]).result(timeout=30)
        assert not extractor.alive
        with pytest.raises(ExtractorGone):
            extractor.send(JOBS[:1])
    finally:
        extractor.close()


def test_extract_job_should_never_raise() -> None:
    assert extract_job(b"\xff" * 10, "application/json", None).title == ""


def body(n: int) -> str:
    return f"<title>Page {n}</title><p>word{n} shared text</p>"


def records(count: int, start: int = 0) -> list[CapturedResponse]:
    return [page(f"http://w.test/{n}", body(n)) for n in range(start, start + count)]


def test_writer_should_extract_in_a_child_and_store_the_same_text(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", workers=1, process_min_jobs=1, commit_interval=0.01)
    writer.start()
    items = [*records(150), page("http://w.test/dup", body(0))]  # the same body again: stored once
    items.append(page("http://w.test/json", '{"title": "Data", "note": "jsonword"}', mime="application/json"))
    futures = [writer.submit(item) for item in items]
    writer.flush().result(timeout=30)
    assert len(writer.extractors) == 1
    pid = writer.extractors[0].pid
    assert [f.result() for f in futures if f] == list(range(1, len(items) + 1))  # ids in submit order
    writer.close()
    assert wait_until_ended(pid)  # closing the writer ends its child

    store = ArchiveStore(tmp_path / "archive.db")
    try:
        for doc_id, item in enumerate(items, start=1):
            stored = store.get(doc_id)
            expected = extract_body(item)
            text = expected.text.decode()
            assert (stored.title, stored.text) == (
                expected.title,
                normalize_text(text) if item.mime in LOOSE_TYPES else text,
            )
        assert [h.url for h in store.search("word42")] == ["http://w.test/42"]
        assert [h.url for h in store.search("jsonword")] == ["http://w.test/json"]
        assert [h.url for h in store.search("word0")] == ["http://w.test/dup"]
        assert store.stats().bodies == len(items) - 1
    finally:
        store.close()


def test_writer_should_extract_in_its_own_thread_when_told_to_or_for_a_few_bodies(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", workers=0, commit_interval=0.01)
    writer.start()
    for item in records(40):
        writer.submit(item, want_id=False)
    writer.flush().result(timeout=30)
    assert writer.extractors == []
    writer.close()
    writer = ArchiveWriter(tmp_path / "archive.db", workers=1, process_min_jobs=1000)
    writer.start()
    writer.submit(page("http://w.test/one", "<p>single</p>"), want_id=False)
    writer.close()
    assert writer.extractors == []  # too few bodies to be worth a child process
    store = ArchiveStore(tmp_path / "archive.db")
    assert store.stats().documents == 41 and store.search("word39") and store.search("single")
    store.close()


def test_writer_should_lose_nothing_when_its_child_dies(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", workers=1, process_min_jobs=1, commit_interval=0.01)
    writer.start()
    first = [writer.submit(item) for item in records(64)]
    writer.flush().result(timeout=30)
    os.kill(writer.extractors[0].pid, signal.SIGKILL)
    assert wait_until_ended(writer.extractors[0].pid)
    later = [writer.submit(item) for item in records(200, start=64)]
    writer.close()
    assert [f.result() for f in first + later if f] == list(range(1, 265))
    assert writer.failed == 0
    store = ArchiveStore(tmp_path / "archive.db")
    try:
        for n in (0, 63, 64, 100, 263):
            assert [h.url for h in store.search(f"word{n}")] == [f"http://w.test/{n}"]
            assert store.get(n + 1).title == f"Page {n}"
    finally:
        store.close()


def test_writer_should_store_records_without_bodies_beside_extracted_ones(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", workers=1, process_min_jobs=1, commit_interval=0.01)
    writer.start()
    bodyless = CapturedResponse(session_id="s1", nav_id=None, url="http://w.test/img", mime="image/png",
                                status=200, body_state=BodyState.NOT_KEPT)  # fmt: skip
    futures = [writer.submit(r) for r in [*records(10), bodyless, *records(10, start=10)]]
    writer.close()
    assert [f.result() for f in futures if f] == list(range(1, 22))
    store = ArchiveStore(tmp_path / "archive.db")
    assert store.get(11).body_state is BodyState.NOT_KEPT and store.get(12).title == "Page 10"
    store.close()
