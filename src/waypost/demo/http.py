"""HTTP plumbing of the demo site: requests and responses, and a stdlib threaded server for an app.

:class:`Server` parses each request into a :class:`Request`, hands it to its app (anything with
``handle(request) -> Response``) and sends the :class:`Response` back. It knows no page: routing
lives in :mod:`waypost.demo.server`, the pages in :mod:`waypost.demo.portal`,
:mod:`waypost.demo.finance` and :mod:`waypost.demo.service`.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import socket
import socketserver
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Lock
from typing import Any, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

from waypost.demo.html import esc

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024


@dataclass
class Request:
    """A parsed request, as the router sees it."""

    method: str
    path: str  # percent-decoded
    query: dict[str, list[str]]
    host: str  # host name only, lower case
    cookies: dict[str, str]
    form: dict[str, list[str]] = field(default_factory=dict)
    body: bytes = b""
    content_type: str = ""

    def arg(self, name: str, default: str = "") -> str:
        """First value of query parameter ``name``."""
        return self.query.get(name, [default])[0]

    def field(self, name: str, default: str = "") -> str:
        """First value of form field ``name``, stripped."""
        return self.form.get(name, [default])[0].strip()


@dataclass
class Response:
    """What the handler sends back."""

    status: int
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    headers: list[tuple[str, str]] = field(default_factory=list)


class App(Protocol):
    """What :class:`Server` serves: one answer per request."""

    def handle(self, req: Request) -> Response:
        """Answer one request."""
        ...


def redirect(status: int, location: str, headers: list[tuple[str, str]] | None = None) -> Response:
    """A redirect to ``location`` with a tiny HTML body."""
    body = f'<!DOCTYPE html><title>Weiterleitung</title><p><a href="{esc(location)}">Weiter</a></p>'
    return Response(status, body.encode(), headers=[("Location", location), *(headers or [])])


def json_response(status: int, data: object) -> Response:
    """``data`` as indented JSON, readable from any origin."""
    body = json.dumps(data, ensure_ascii=False, indent=2).encode()
    return Response(status, body, "application/json; charset=utf-8", [("Access-Control-Allow-Origin", "*")])


def plain(status: int, text: str) -> Response:
    """A plain-text answer."""
    return Response(status, text.encode(), "text/plain; charset=utf-8")


def method_not_allowed(allow: str) -> Response:
    """405, with the methods the path does allow."""
    return Response(405, b"<!DOCTYPE html><title>405</title><h1>Methode nicht erlaubt</h1>",
                    headers=[("Allow", allow)])  # fmt: skip


def safe_local(target: str, default: str) -> str:
    """``target`` if it is a path on this site (no scheme, no ``//host``), else ``default``."""
    if target.startswith("/") and not target.startswith("//") and not any(c in target for c in "\\\r\n"):
        return target
    return default


def parse_cookies(header: str) -> dict[str, str]:
    """The cookies of a ``Cookie`` header; the first of two with the same name wins."""
    cookies: dict[str, str] = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name and name not in cookies:
            cookies[name] = value.strip().strip('"')
    return cookies


def host_name(host_header: str) -> str:
    """The host name of a ``Host`` header, lower case, without port, brackets or final dot."""
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    else:
        host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return host.rstrip(".")


def loopback_host(host: str) -> str:
    """``host`` as a loopback IP address (``localhost`` → ``127.0.0.1``).

    Raises:
        ValueError: ``host`` is not a loopback address.
    """
    if host.strip().lower() == "localhost":
        return "127.0.0.1"
    try:
        address = ipaddress.ip_address(host.strip().strip("[]"))
    except ValueError:
        raise ValueError(
            f"DemoSite host must be a loopback IP address such as 127.0.0.1, not {host!r}"
        ) from None
    if not address.is_loopback:
        raise ValueError(f"DemoSite only binds to loopback addresses, not {host!r}")
    return str(address)


class _BadRequest(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "WaypostDemo/0.1"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = 15  # seconds an idle keep-alive connection may stay open

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s %s", self.address_string(), format % args)

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_HEAD(self) -> None:
        self._dispatch("HEAD")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def _other(self) -> None:
        self._dispatch(self.command)

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _other

    def _read_request(self, method: str) -> Request:
        target = self.path
        host_header = self.headers.get("Host", "")
        if target.startswith(("http://", "https://")):
            parts = urlsplit(target)
            host_header = parts.netloc or host_header
            raw_path, raw_query = parts.path or "/", parts.query
        else:
            raw_path, _, raw_query = target.partition("?")
            raw_path = raw_path.partition("#")[0]
        if not raw_path.startswith("/"):
            raise _BadRequest(400, "request target must start with /")
        path = unquote(raw_path, errors="replace")
        if "\0" in path:
            raise _BadRequest(400, "NUL in path")
        query = parse_qs(raw_query, keep_blank_values=True, errors="replace", max_num_fields=100)
        form: dict[str, list[str]] = {}
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            raise _BadRequest(411, "chunked bodies are not supported; send Content-Length")
        length_header = self.headers.get("Content-Length", "0").strip() or "0"
        if not length_header.isdigit():
            self.close_connection = True
            raise _BadRequest(400, "bad Content-Length")
        length = int(length_header)
        if length > MAX_BODY:
            self.close_connection = True
            raise _BadRequest(413, "request body too large")
        body = self.rfile.read(length) if length else b""
        ctype = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if method == "POST" and ctype in ("application/x-www-form-urlencoded", ""):
            form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=100)
        return Request(
            method=method,
            path=path,
            query=query,
            host=host_name(host_header),
            cookies=parse_cookies(self.headers.get("Cookie", "")),
            form=form,
            body=body,
            content_type=self.headers.get("Content-Type", ""),
        )

    def _dispatch(self, method: str) -> None:
        try:
            if method not in ("GET", "HEAD", "POST"):
                self.close_connection = True  # the body, if any, stays unread
                response = plain(405, "Method Not Allowed")
                response.headers.append(("Allow", "GET, HEAD, POST"))
            else:
                response = self.server.app.handle(self._read_request(method))
        except _BadRequest as exc:
            response = plain(exc.status, str(exc))
        except Exception:
            log.warning("demo site: error while handling %s %s", method, self.path, exc_info=True)
            response = plain(500, "Interner Fehler der Demo-Site.")
        if self.server.latency:
            time.sleep(self.server.latency)  # each request has its own thread: waits overlap
        self._send(response, head=method == "HEAD")

    def _send(self, response: Response, head: bool) -> None:
        try:
            self.send_response(response.status)
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
            self.send_header("X-Content-Type-Options", "nosniff")
            for name, value in response.headers:
                self.send_header(name, value)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if not head:
                self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True


class Server(ThreadingHTTPServer):
    """A threaded HTTP server for one :class:`App`, bound at once; set :attr:`app` before serving.

    Args:
        address: ``(host, port)`` to bind; port 0 picks a free one.
        family: ``AF_INET`` or ``AF_INET6``.
        latency: Seconds each response waits before it is sent.
    """

    daemon_threads = True
    block_on_close = False
    app: App

    def __init__(self, address: tuple[str, int], family: socket.AddressFamily, latency: float = 0.0) -> None:
        self.address_family = family
        self.latency = latency
        self._open: set[socket.socket] = set()
        self._open_lock = Lock()
        super().__init__(address, _Handler)

    def server_bind(self) -> None:
        # Skip HTTPServer.server_bind: it calls socket.getfqdn(), which can stall on reverse DNS.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), int(port)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def close_open_connections(self) -> None:
        """Shut down every connection still open (idle keep-alive ones included)."""
        with self._open_lock:
            sockets, self._open = list(self._open), set()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.debug("demo site: connection error from %s", client_address, exc_info=True)
