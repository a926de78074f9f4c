"""What the guard proxy costs: page loads with a URL policy (every connection proxied) and without.

A local page with 30 images and a script is loaded N times in each mode; prints the median and
mean load time. Run: ``.venv/bin/python bench/guard_proxy.py [N]``. Report ``uptime`` with it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from waypost.browser.navigation import open_url
from waypost.browser.pool import SessionPool
from waypost.config import Settings

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/img"):
            body, kind = PNG, "image/png"
        elif self.path.startswith("/app.js"):
            body, kind = b"document.title = 'ready';", "text/javascript"
        else:
            imgs = "".join(f"<img src='/img{i}?v={time.time()}'>" for i in range(30))
            body = f"<html><body><h1>Bench</h1>{imgs}<script src='/app.js'></script></body></html>".encode()
            kind = "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


async def measure(settings: Settings, url: str, n: int, *, proxy: bool = True) -> list[float]:
    times = []
    pool = SessionPool(settings)
    if not proxy:
        pool.guard = None  # request routes only: what the old guard did
    async with pool:
        await open_url(pool, "default", url)  # warm up
        for i in range(n):
            started = time.perf_counter()
            await open_url(pool, "default", f"{url}?i={i}")
            times.append((time.perf_counter() - started) * 1000)
    return times


async def main(n: int) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/page"
    with tempfile.TemporaryDirectory() as tmp:
        modes = (
            ("no policy (direct)", False, False),
            ("loopback_only, routes only", True, False),
            ("loopback_only, routes + proxy", True, True),
        )
        for label, guarded, proxy in modes:
            settings = Settings(data_dir=Path(tmp) / label[:12], loopback_only=guarded)
            times = await measure(settings, url, n, proxy=proxy)
            print(
                f"{label:30s} n={n} median {statistics.median(times):7.1f} ms  "
                f"mean {statistics.mean(times):7.1f} ms  (page + 31 sub-resources)"
            )
    server.shutdown()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
