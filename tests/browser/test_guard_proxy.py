"""The guard proxy alone, with a SOCKS5 client written here (issue 20, findings 2 and 3)."""

from __future__ import annotations

import asyncio
import socket
import struct
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from waypost.browser.guard_proxy import GuardProxy
from waypost.browser.url_policy import UrlPolicy


class _Ok(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.send_response(204)
        self.end_headers()


@pytest.fixture
def local_port() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


async def _socks_connect(port: int, host: str, target_port: int) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"\x05\x01\x00")
    assert await reader.readexactly(2) == b"\x05\x00"
    name = host.encode()
    writer.write(b"\x05\x01\x00\x03" + bytes([len(name)]) + name + struct.pack("!H", target_port))
    reply = await reader.readexactly(10)
    writer.close()
    return reply[1]


async def test_the_guard_proxy_checks_names_and_resolved_addresses(local_port: int) -> None:
    loopback = GuardProxy(UrlPolicy(loopback_only=True))
    deny = GuardProxy(UrlPolicy(deny_domains=("127.0.0.0/8",)))
    await loopback.start()
    await deny.start()
    try:
        assert loopback.port is not None and deny.port is not None
        assert await _socks_connect(loopback.port, "localhost.", local_port) == 0
        assert await _socks_connect(loopback.port, "10.1.2.3", 80) == 2
        # A public name is refused before any DNS lookup under loopback_only.
        assert await _socks_connect(loopback.port, "example.org", 80) == 2
        # A name that resolves into a denied network is refused by its address.
        hostname = socket.gethostname()
        resolved = {i[4][0] for i in socket.getaddrinfo(hostname, 80, type=socket.SOCK_STREAM)}
        code = await _socks_connect(deny.port, hostname, local_port)
        if any(a.startswith("127.") for a in resolved):
            assert code == 2
        assert await _socks_connect(deny.port, "0x7f.1", local_port) == 2
        assert [f.net_error for f in deny.failures][-1] == "ERR_BLOCKED_BY_CLIENT"
    finally:
        await loopback.close()
        await deny.close()
