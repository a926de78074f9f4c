"""Saved pages of the Readability corpus (``../shared/corpus/readability``), served on 127.0.0.1.

``/<name>/`` answers with that folder's ``source.html`` as saved; nothing is copied into the
repository. The browser's loopback-only rule blocks the pages' external resources.
"""

from __future__ import annotations

import threading
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "readability"


class _Handler(BaseHTTPRequestHandler):
    def __init__(self, *args: object, root: Path, **kwargs: object) -> None:
        self.root = root
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        parts = [p for p in urlsplit(self.path).path.split("/") if p]
        source = self.root / parts[0] / "source.html" if len(parts) == 1 and ".." not in parts[0] else None
        if source is None or not source.is_file():
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = source.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class CorpusSite:
    """Serves ``root``'s pages at ``{url}/<name>/``."""

    def __init__(self, root: Path = CORPUS) -> None:
        self.root = root
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, root=root))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def page(self, name: str) -> str:
        return f"{self.url}/{name}/"

    def __enter__(self) -> CorpusSite:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
