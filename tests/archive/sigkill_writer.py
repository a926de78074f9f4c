"""Run by test_writer.py as a child process: write records through the ArchiveWriter without end.

Prints ``committed <first id> <last id>`` for every batch whose ids came back (committed), once
``extractors <pid> ...`` (its text extraction processes), and keeps writing until it is killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from waypost.archive import BodyState, CapturedResponse
from waypost.archive.writer import ArchiveWriter


def record(n: int) -> CapturedResponse:
    body = f"<html><title>Record {n}</title><body><p>marker{n} " + "filler text " * 400 + "</p></body></html>"
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


if __name__ == "__main__":
    main(sys.argv[1])
