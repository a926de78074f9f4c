"""The guard proxy: a SOCKS5 proxy on 127.0.0.1 that connects only where the URL policy allows.

Playwright's request routes do not see every request: a redirect hop is continued without asking
the route handler, WebSockets have their own routes, service workers fetch beside them. So when a
URL policy is active, every context Waypost creates sends **all** its connections through this
proxy (``bypass: <-loopback>`` so not even loopback is exempt). Each TCP connection is one
SOCKS5 ``CONNECT`` to one host and port, whatever asked for it: navigation, redirect, iframe,
sub-resource, fetch/XHR, WebSocket, worker, pop-up, preconnect. The proxy

1. refuses the host the browser names if the policy refuses it (on the normalized host),
2. resolves names itself (the browser does no DNS for proxied requests), refuses if any
   address is refused by a deny rule or by ``loopback_only`` (so ``localtest.me`` → 127.0.0.1
   is caught by a rule denying ``127.0.0.1``), and connects to the address it checked.

It decides on hosts and ports, not on URLs: scheme checks stay with the route guard and
:meth:`UrlPolicy.check`. It does not see traffic that never opens a TCP connection (QUIC and
WebRTC UDP are switched off by launch flags in :mod:`waypost.browser.launch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import struct
import time
from collections import deque
from dataclasses import dataclass

from waypost.browser.url_policy import InvalidHost, IPAddress, UrlPolicy, parse_host

log = logging.getLogger(__name__)

HANDSHAKE_TIMEOUT = 10.0
CONNECT_TIMEOUT = 15.0
CHUNK = 65536
# SOCKS5 reply codes (RFC 1928)
_OK, _FAILURE, _NOT_ALLOWED, _HOST_UNREACHABLE, _REFUSED, _BAD_COMMAND, _BAD_ADDRESS = 0, 1, 2, 4, 5, 7, 8


@dataclass(frozen=True)
class ProxyFailure:
    """A connection the proxy did not make: when, where, and the Chromium error it stands for."""

    at: float
    where: str
    net_error: str
    reason: str


class GuardProxy:
    """A policy-enforcing SOCKS5 proxy for the browser, bound to a free port on 127.0.0.1.

    Args:
        policy: The URL policy to enforce.
        connect_timeout: Seconds a connection to a target may take.
    """

    def __init__(self, policy: UrlPolicy, *, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self.policy = policy
        self.connect_timeout = connect_timeout
        self.port: int | None = None
        self.failures: deque[ProxyFailure] = deque(maxlen=200)
        """The latest connections not made (the browser only learns 'SOCKS connection failed')."""
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        """The proxy's address as a Playwright ``proxy.server`` value."""
        if self.port is None:
            raise RuntimeError("the guard proxy is not started")
        return f"socks5://127.0.0.1:{self.port}"

    def playwright_proxy(self) -> dict[str, str]:
        """The ``proxy`` option for ``browser.new_context``: everything, loopback included."""
        return {"server": self.url, "bypass": "<-loopback>"}

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        if self._server is not None:
            return
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening and cut every open tunnel."""
        if self._server is None:
            return
        self._server.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._server.wait_closed(), timeout=2)
        self._server = None

    # -- one connection ----------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        upstream: asyncio.StreamWriter | None = None
        try:
            try:
                async with asyncio.timeout(HANDSHAKE_TIMEOUT):
                    host, port = await self._negotiate(reader, writer)
            except (TimeoutError, asyncio.IncompleteReadError, ConnectionError, _Refuse):
                return
            target = await self._open(host, port, writer)
            if target is None:
                return
            up_reader, upstream = target
            writer.write(b"\x05\x00\x00\x01\x00\x00\x00\x00\x00\x00")
            await writer.drain()
            await asyncio.gather(_pipe(reader, upstream), _pipe(up_reader, writer))
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception:  # the proxy must survive whatever a page sends
            log.debug("guard proxy connection failed", exc_info=True)
        finally:
            for w in (upstream, writer):
                if w is not None:
                    with contextlib.suppress(Exception):
                        w.close()
            if task is not None:
                self._tasks.discard(task)

    async def _negotiate(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> tuple[str, int]:
        version, count = await reader.readexactly(2)
        methods = await reader.readexactly(count)
        if version != 5 or 0 not in methods:
            writer.write(b"\x05\xff")
            raise _Refuse
        writer.write(b"\x05\x00")
        await writer.drain()
        version, command, _, kind = await reader.readexactly(4)
        if kind == 1:
            host = str(ipaddress.IPv4Address(await reader.readexactly(4)))
        elif kind == 4:
            host = f"[{ipaddress.IPv6Address(await reader.readexactly(16))}]"
        elif kind == 3:
            (length,) = await reader.readexactly(1)
            host = (await reader.readexactly(length)).decode("utf-8", "replace")
        else:
            await _reply(writer, _BAD_ADDRESS)
            raise _Refuse
        (port,) = struct.unpack("!H", await reader.readexactly(2))
        if version != 5 or command != 1:  # CONNECT only: no BIND, no UDP ASSOCIATE
            await _reply(writer, _BAD_COMMAND)
            raise _Refuse
        return host, port

    async def _open(
        self, host: str, port: int, writer: asyncio.StreamWriter
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        where = f"{host}:{port}"
        reason = self.policy.refusal(host)
        if reason is not None:
            return await self._refuse(writer, where, reason)
        try:
            parsed = parse_host(host)
        except InvalidHost as exc:
            return await self._refuse(writer, where, str(exc))
        try:
            addresses = await self._resolve(parsed, port)
        except OSError as exc:
            self._fail(where, "ERR_NAME_NOT_RESOLVED", str(exc))
            await _reply(writer, _HOST_UNREACHABLE)
            return None
        for address in addresses:
            reason = self.policy.address_refusal(address)
            if reason is not None:  # one bad address refuses the name: no picking around rebinding
                return await self._refuse(writer, where, reason)
        error = "ERR_CONNECTION_REFUSED"
        for address in addresses:
            try:
                return await asyncio.wait_for(
                    asyncio.open_connection(address, port), timeout=self.connect_timeout
                )
            except TimeoutError:
                error = "ERR_CONNECTION_TIMED_OUT"
            except OSError:
                error = "ERR_CONNECTION_REFUSED"
        self._fail(where, error if addresses else "ERR_NAME_NOT_RESOLVED", "could not connect")
        await _reply(writer, _REFUSED)
        return None

    async def _resolve(self, host: str | IPAddress, port: int) -> list[str]:
        if not isinstance(host, str):
            return [str(host)]
        if host == "localhost" or host.endswith(".localhost"):
            return ["127.0.0.1", "::1"]  # as the browser does: never asked of DNS
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        return list(dict.fromkeys(str(info[4][0]) for info in infos))

    def explain(self, since: float, host: str | None = None) -> ProxyFailure | None:
        """The failure behind a browser's 'SOCKS connection failed' since ``since`` (``time.time()``):
        one for ``host`` (as in a URL) if there is one, else the latest."""
        recent = [f for f in self.failures if f.at >= since]
        if not recent:
            return None
        if host:
            with contextlib.suppress(InvalidHost):
                name = str(parse_host(host))
                mine = [f for f in recent if f.where.rpartition(":")[0].strip("[]") == name]
                if mine:
                    return mine[-1]
        return recent[-1]

    def _fail(self, where: str, net_error: str, reason: str) -> None:
        try:
            host, _, port = where.rpartition(":")
            where = f"{parse_host(host)}:{port}"
        except InvalidHost:
            pass
        self.failures.append(ProxyFailure(time.time(), where, net_error, reason))

    async def _refuse(self, writer: asyncio.StreamWriter, where: str, reason: str) -> None:
        self._fail(where, "ERR_BLOCKED_BY_CLIENT", reason)
        log.info("guard proxy refused %s: %s", where, reason)
        await _reply(writer, _NOT_ALLOWED)
        return None


class _Refuse(Exception):
    pass


async def _reply(writer: asyncio.StreamWriter, code: int) -> None:
    with contextlib.suppress(Exception):
        writer.write(bytes([5, code, 0, 1, 0, 0, 0, 0, 0, 0]))
        await writer.drain()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            if writer.can_write_eof():
                writer.write_eof()
