"""Run by test_writer.py as a child process: write records through the ArchiveWriter without end.

Prints ``committed <first id> <last id>`` for every batch whose ids came back (committed), once
``extractors <pid> ...`` (its text extraction processes), and keeps writing until it is killed.
With ``--tidy``: writes :data:`TIDY_RECORDS` records, a flush (an index segment) per 50, then
lets an idle writer tidy the index in tiny steps, printing ``step`` as each begins, until killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from waypost.archive import BodyState, CapturedResponse
from waypost.archive.search_index import SearchIndex
from waypost.archive.writer import ArchiveWriter

TIDY_RECORDS = 1200


def record(n: int, filler: str = "filler text " * 400) -> CapturedResponse:
    body = f"<html><title>Record {n}</title><body><p>marker{n} {filler}</p></body></html>"
    return CapturedResponse(
        session_id="kill",
        nav_id=f"nav{n // 10}",
        url=f"http://k.test/{n}",
        status=200,
        mime="text/html",
        category="HTML",
        headers={"content-type": "text/html"},
        started=time.time(),
        ended=time.time(),
        body=body.encode(),
        body_state=BodyState.STORED,
        body_size=len(body),
    )


def main(path: str) -> None:
    writer = ArchiveWriter(Path(path), batch_size=50, commit_interval=0.01, workers=1)
    writer.start()
    n = 0
    while True:
        futures = [writer.submit(record(n + i)) for i in range(50)]
        ids = [f.result() for f in futures if f is not None]
        print(f"committed {ids[0]} {ids[-1]}", flush=True)
        if n == 0:
            print("extractors", *(e.pid for e in writer.extractors), flush=True)
        n += 50


def tidy(path: str) -> None:
    writer = ArchiveWriter(Path(path), batch_size=50, commit_interval=30, workers=0, tidy_after=None)
    writer.start()
    for n in range(0, TIDY_RECORDS, 50):
        for i in range(50):
            words = " ".join(f"w{(n + i) * 31 + k * 17}" for k in range(300))  # an index of some size
            writer.submit(record(n + i, words), want_id=False)
        writer.flush().result()
    writer.close()
    merge = SearchIndex.tidy_step

    def step(index: SearchIndex, pages: int = 2) -> bool:  # two pages: many transactions to kill in
        print("step", flush=True)
        return merge(index, pages)

    SearchIndex.tidy_step = step  # type: ignore[method-assign]
    idle = ArchiveWriter(Path(path), workers=0, tidy_after=0.0)
    idle.start()
    while True:
        time.sleep(1)


if __name__ == "__main__":
    if sys.argv[2:] == ["--tidy"]:
        tidy(sys.argv[1])
    else:
        main(sys.argv[1])
