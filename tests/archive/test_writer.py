"""The background writer: batching, flushing, failures, and a writer killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.archive.sigkill_writer import TIDY_RECORDS
from tests.archive.test_extract_worker import wait_until_ended
from tests.archive.test_store import page
from waypost.archive import ArchiveError, ArchiveStore, CapturedResponse
from waypost.archive.writer import ArchiveWriter

REPO = Path(__file__).resolve().parents[2]


def test_writer_should_commit_in_batches_and_flush_on_demand(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", batch_size=1000, commit_interval=30)
    writer.start()
    futures = [writer.submit(page(f"http://a.test/{i}", f"<p>word{i}</p>")) for i in range(10)]
    time.sleep(0.2)
    assert not any(f.done() for f in futures if f)  # waiting for a full batch or the interval
    writer.flush().result(timeout=10)
    assert [f.result() for f in futures if f] == list(range(1, 11))
    urgent = writer.submit(page("http://a.test/main", "<p>main document</p>"), urgent=True)
    assert urgent is not None and urgent.result(timeout=10) == 11  # urgent: no waiting for the interval
    writer.close()
    store = ArchiveStore(tmp_path / "archive.db")
    assert store.stats().documents == 11 and [h.url for h in store.search("word7")] == ["http://a.test/7"]
    store.close()


def test_a_flush_should_complete_once_the_records_are_searchable(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", batch_size=1000, commit_interval=30, workers=0)
    writer.start()
    reader = ArchiveStore(tmp_path / "archive.db", catch_up=False)  # indexes nothing itself
    try:
        for round_ in range(3):
            for i in range(40):
                writer.submit(
                    page(f"http://a.test/{round_}/{i}", f"<p>tern{round_}x{i} gull</p>"), want_id=False
                )
            writer.flush().result(timeout=10)
            assert [h.url for h in reader.search(f"tern{round_}x39")] == [f"http://a.test/{round_}/39"]
        assert reader.index is not None and reader.index.catch_up() == 0  # the writer indexed it all
    finally:
        reader.close()
        writer.close()


def test_an_idle_writer_should_merge_the_index_segments_indexing_left(tmp_path: Path) -> None:
    path = tmp_path / "archive.db"
    writer = ArchiveWriter(path, batch_size=1000, commit_interval=30, workers=0, tidy_after=None)
    writer.start()
    for round_ in range(6):  # each flush is an index transaction of its own: a segment each
        for i in range(20):
            writer.submit(page(f"http://a.test/{round_}/{i}", f"<p>tern{round_}x{i} gull</p>"), want_id=False)
        writer.flush().result(timeout=10)
    writer.close()
    reader = ArchiveStore(path, catch_up=False)
    assert reader.index is not None
    left = reader.index.segments()
    assert left >= 4  # FTS5 merges a level of 16 while indexing, a level of 4 when tidying

    idle = ArchiveWriter(path, workers=0, tidy_after=0.05)
    idle.start()
    try:
        deadline = time.monotonic() + 10
        while reader.index.segments() >= left and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reader.index.segments() < left
        idle.submit(page("http://a.test/late", "<p>a late tern</p>"), want_id=False)
        idle.flush().result(timeout=10)  # new work is taken up at once
    finally:
        idle.close()
    assert not reader.index.tidy_step()  # nothing left to merge
    for round_ in range(6):
        assert [h.url for h in reader.search(f"tern{round_}x19")] == [f"http://a.test/{round_}/19"]
    assert [h.url for h in reader.search("late tern")] == ["http://a.test/late"]
    assert reader.integrity_errors() == []
    reader.close()


def test_writer_close_should_drain_the_queue(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", batch_size=7, commit_interval=30)
    writer.start()
    for i in range(100):
        writer.submit(page(f"http://a.test/{i}", f"<p>n{i}</p>"), want_id=False)
    writer.close()
    store = ArchiveStore(tmp_path / "archive.db")
    assert store.stats().documents == 100
    store.close()
    with pytest.raises(ArchiveError, match="closed"):
        writer.submit(page("http://a.test/late", "<p>late</p>"))


def test_writer_should_fail_only_the_record_that_cannot_be_written(tmp_path: Path) -> None:
    writer = ArchiveWriter(tmp_path / "archive.db", batch_size=100, commit_interval=30)
    writer.start()
    good = writer.submit(page("http://a.test/good", "<p>good</p>"))
    bad = writer.submit(CapturedResponse(session_id="s", nav_id=None, url="http://a.test/\udcff"))
    also_good = writer.submit(page("http://a.test/also", "<p>also good</p>"))
    writer.flush().result(timeout=10)
    assert good and bad and also_good
    assert good.result() == 1 and also_good.result() == 2
    assert isinstance(bad.exception(), ArchiveError)
    assert writer.failed == 1
    writer.close()


@pytest.mark.parametrize("delay", [0.0, 0.013, 0.05])
def test_writer_killed_mid_write_should_leave_every_committed_record(tmp_path: Path, delay: float) -> None:
    path = tmp_path / "archive.db"
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("sigkill_writer.py")), str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    committed: list[tuple[int, int]] = []
    extractors: list[int] = []
    assert child.stdout is not None
    try:
        for line in child.stdout:
            if line.startswith("extractors"):
                extractors = [int(pid) for pid in line.split()[1:]]
                continue
            _, first, last = line.split()
            committed.append((int(first), int(last)))
            if len(committed) >= 12:
                break
        time.sleep(delay)  # it is in the middle of the next batches now
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    assert extractors and all(wait_until_ended(pid) for pid in extractors)  # no orphan extraction process

    store = ArchiveStore(path, create=False)
    try:
        assert store.integrity_errors() == []
        for first, last in committed:
            for doc_id in (first, (first + last) // 2, last):
                text = store.get(doc_id)
                assert text.url == f"http://k.test/{doc_id - 1}" and text.text.startswith(
                    f"marker{doc_id - 1} "
                )
        last_id = committed[-1][1]
        assert store.stats().documents >= last_id
        assert [h.id for h in store.search(f"marker{last_id - 1}")] == [str(last_id)]
        store.add([page("http://k.test/after", "<p>written after the crash</p>")])
        assert store.search("crash")
    finally:
        store.close()


@pytest.mark.parametrize("steps", [1, 6, 20])
def test_a_writer_killed_while_tidying_the_index_should_leave_it_whole(tmp_path: Path, steps: int) -> None:
    path = tmp_path / "archive.db"
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("sigkill_writer.py")), str(path), "--tidy"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert child.stdout is not None
    try:
        begun = 0
        for line in child.stdout:
            begun += line.startswith("step")
            if begun == steps:
                break
        child.send_signal(signal.SIGKILL)  # as step number ``steps`` begins its transaction
    finally:
        child.kill()
        child.wait(timeout=10)
    assert begun == steps and child.returncode == -signal.SIGKILL

    store = ArchiveStore(path, create=False)
    try:
        assert store.index is not None
        assert store.integrity_errors() == []
        assert store.stats().documents == TIDY_RECORDS
        before = store.index.segments()
        assert store.index.tidy() > 0  # the kill left merging to do, and it goes on from there
        assert store.index.segments() < before and store.integrity_errors() == []
        for n in (0, 7, TIDY_RECORDS // 2, TIDY_RECORDS - 1):
            assert [h.url for h in store.search(f"marker{n}")] == [f"http://k.test/{n}"]
        assert len(store.search("w31", limit=100)) == 1  # "w31" is in record 1 only
    finally:
        store.close()
