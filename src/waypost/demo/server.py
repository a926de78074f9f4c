"""The bundled demo site ``waypost.demo``: a fictional news portal and a finance site, served on loopback.

One stdlib threaded HTTP server (:mod:`waypost.demo.http`) answers two host names:

* the portal "Waypost Nachrichten" at ``http://127.0.0.1:<port>`` (any Host header but ``localhost``;
  :mod:`waypost.demo.portal`, with the service pages of :mod:`waypost.demo.service`), and
* the finance site "Waypost Finanzen" at ``http://localhost:<port>`` (Host header ``localhost``;
  :mod:`waypost.demo.finance`).

Content lives in the package under ``site/``: ``data/`` (articles, pages, site and finance data, read by
:mod:`waypost.demo.content`), ``templates/`` (page shells and page bodies with ``{{NAME}}`` placeholders,
filled by :mod:`waypost.demo.html`) and ``static/`` (CSS, JS, SVG, served from here). This module routes
a request to one of the sites and holds :class:`DemoSite`, the start/stop API. Run
``python -m waypost.demo.server`` to serve it in the foreground.
"""

from __future__ import annotations

import argparse
import logging
import mimetypes
import socket
import threading
from importlib.resources.abc import Traversable
from pathlib import Path

from waypost.demo.content import Content, load_content, site_root
from waypost.demo.finance import Finance
from waypost.demo.http import Request, Response, Server, loopback_host, method_not_allowed, redirect
from waypost.demo.portal import Portal

__all__ = ["FINANCE_HOST", "DemoApp", "DemoSite", "main"]

log = logging.getLogger(__name__)

FINANCE_HOST = "localhost"
"""The host name the finance site answers to; any other is the portal."""
_CONTENT_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".xml": "application/xml; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


def _static_file(segments: list[str]) -> Traversable | None:
    """The file under ``site/static`` named by ``segments``, or ``None`` (also for any traversal attempt)."""
    if not segments:
        return None
    for seg in segments:
        if not seg or seg.startswith(".") or any(c in seg for c in "\\\0:") or len(seg) > 100:
            return None
    root = site_root().joinpath("static")
    node = root.joinpath(*segments)
    if isinstance(node, Path) and isinstance(root, Path):
        try:
            if not node.resolve().is_relative_to(root.resolve()):
                return None
        except OSError:
            return None
    return node if node.is_file() else None


def _content_type(name: str) -> str:
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    return _CONTENT_TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


class DemoApp:
    """Routes a request to the static files, the portal or the finance site (by host name). Thread-safe.

    Args:
        content: The site's content.
        portal_url: Base URL of the portal (no trailing slash).
        finance_url: Base URL of the finance site (no trailing slash).
    """

    def __init__(self, content: Content, portal_url: str, finance_url: str) -> None:
        self.portal = Portal(content, portal_url, finance_url)
        self.finance = Finance(content, portal_url, finance_url)

    def handle(self, req: Request) -> Response:
        """Answer one request."""
        parts = req.path.split("/")
        if len(parts) > 2 and parts[1] == "static":
            return self._static(req, parts[2:])
        if req.path == "/robots.txt":
            node = site_root().joinpath("robots.txt")
            return Response(200, node.read_bytes(), "text/plain; charset=utf-8")
        if req.path == "/favicon.ico":
            return redirect(301, "/static/favicon.svg")
        if req.host == FINANCE_HOST:
            return self.finance.handle(req)
        return self.portal.handle(req)

    def _static(self, req: Request, segments: list[str]) -> Response:
        if req.method not in ("GET", "HEAD"):
            return method_not_allowed("GET, HEAD")
        node = _static_file(segments)
        if node is None:
            site = self.finance if req.host == FINANCE_HOST else self.portal
            return site.not_found(req)
        return Response(
            200, node.read_bytes(), _content_type(segments[-1]), [("Cache-Control", "max-age=300")]
        )


class DemoSite:
    """The Waypost demo site, served by a stdlib HTTP server in a daemon thread.

    The portal answers at :attr:`url`; the same server answers ``Host: localhost`` with the finance site
    at :attr:`finance_url`, so a browser sees two different host names. The finance host name is only
    reachable when the server is bound to ``127.0.0.1`` (the default), since ``localhost`` resolves there.

    Example:
        >>> with DemoSite() as site:
        ...     print(site.url_for("/politik/"))  # doctest: +SKIP
        http://127.0.0.1:41237/politik/

    Args:
        host: Loopback address to bind (``127.0.0.1``, another ``127.x.y.z`` or ``::1``; ``localhost``
            means ``127.0.0.1``).
        port: TCP port; 0 picks a free one when started.
        latency: Seconds each response waits before it is sent, so the local site behaves like
            a remote one for benchmarks (0 to 10; default 0).

    Raises:
        ValueError: ``host`` is not a loopback address, or ``port`` or ``latency`` is out of range.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, latency: float = 0.0) -> None:
        self._host = loopback_host(host)
        if not 0 <= port <= 65535:
            raise ValueError(f"port must be between 0 and 65535, not {port}")
        if not 0 <= latency <= 10:
            raise ValueError(f"latency must be between 0 and 10 seconds, not {latency}")
        self._port = port
        self._latency = latency
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self._app: DemoApp | None = None
        self._lock = threading.Lock()

    def start(self) -> DemoSite:
        """Bind and start serving in a daemon thread; returns ``self``. Does nothing if already running.

        Raises:
            OSError: The address or port cannot be bound.
        """
        with self._lock:
            if self._server is not None:
                return self
            family = socket.AF_INET6 if ":" in self._host else socket.AF_INET
            server = Server((self._host, self._port), family, self._latency)
            self._port = int(server.server_address[1])
            app = server.app = DemoApp(load_content(), self.url, self.finance_url)
            thread = threading.Thread(
                target=server.serve_forever,
                kwargs={"poll_interval": 0.1},
                name=f"waypost-demo-{self._port}",
                daemon=True,
            )
            thread.start()
            self._server, self._thread, self._app = server, thread, app
            log.debug("demo site serving at %s and %s", self.url, self.finance_url)
            return self

    def stop(self) -> None:
        """Stop serving, close open connections and release the port. Safe to call twice."""
        with self._lock:
            server, thread = self._server, self._thread
            self._server = self._thread = None
        if server is None:
            return
        server.shutdown()
        server.close_open_connections()
        server.server_close()
        if thread is not None:
            thread.join(timeout=5)

    @property
    def uploads(self) -> list[tuple[str, bytes]]:
        """Files sent to the feedback form so far: ``(name, bytes)``."""
        app = self._app if self._server is not None else None
        return list(app.portal.service.received) if app is not None else []

    @property
    def running(self) -> bool:
        """Whether the server is serving."""
        return self._server is not None

    @property
    def host(self) -> str:
        """The loopback address the server binds."""
        return self._host

    @property
    def port(self) -> int:
        """The TCP port (known once started, or when given explicitly)."""
        if self._port == 0:
            raise RuntimeError("DemoSite has no port yet; call start() first")
        return self._port

    @property
    def url(self) -> str:
        """Base URL of the portal, e.g. ``http://127.0.0.1:41237`` (no trailing slash)."""
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self.port}"

    @property
    def finance_url(self) -> str:
        """Base URL of the finance site on the other host name, e.g. ``http://localhost:41237``."""
        return f"http://{FINANCE_HOST}:{self.port}"

    def url_for(self, path: str) -> str:
        """Absolute portal URL for ``path`` (``"/politik/"`` → ``http://127.0.0.1:<port>/politik/``)."""
        return self.url + ("" if path.startswith("/") else "/") + path

    def finance_url_for(self, path: str) -> str:
        """Absolute finance-site URL for ``path`` (``"/aktien/"`` → ``http://localhost:<port>/aktien/``)."""
        return self.finance_url + ("" if path.startswith("/") else "/") + path

    def __enter__(self) -> DemoSite:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        where = self.url if self.running else f"{self._host}:{self._port or '?'}"
        return f"<DemoSite {where} {'running' if self.running else 'stopped'}>"


def main(argv: list[str] | None = None) -> None:
    """Serve the demo site in the foreground until Ctrl-C (``python -m waypost.demo.server``)."""
    parser = argparse.ArgumentParser(description="Serve the Waypost demo site on loopback.")
    parser.add_argument("--host", default="127.0.0.1", help="loopback address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765, 0 = any free port)")
    args = parser.parse_args(argv)
    site = DemoSite(args.host, args.port).start()
    print(f"Waypost Nachrichten: {site.url}/")
    print(f"Waypost Finanzen:    {site.finance_url}/")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        site.stop()


if __name__ == "__main__":
    main()
