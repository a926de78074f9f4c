"""A small HTTP server on 127.0.0.1 with the awkward behaviours tests need.

Routes (all counted in ``hits``):
  /flaky/<key>?fail=N&status=503   fails N times with ``status`` (or drops the connection with
                                   status=drop), then answers 200
  /status/<code>                   answers that status with a small HTML page
  /setcookie?name=..&value=..      sets a cookie and shows it
  /echo-cookies                    shows the cookies the browser sent
  /storage                         a page whose script stores localStorage 'who' from ?who=
  /form                            a form that POSTs to /submit (never retried)
  /submit                          counts POSTs, answers 503 (to prove no retry)
  /binary                          application/octet-stream body (a download)
  /png                             an image
  /empty                           200 text/html with an empty body
  /zip                             application/zip (no attachment header: Chromium downloads it)
  /huge                            ~12 MB HTML page
  /malformed                       broken, unclosed HTML with NUL bytes
  /busy                            a page whose script never yields
  /hang?s=30                       answers only after s seconds
  /links                           a page with many links, for the loop breaker
  /captcha-cf, /captcha-recaptcha, /captcha-hcaptcha   CAPTCHA walls
  /form-with-recaptcha             an ordinary page with a reCAPTCHA on its form (not a wall)
  /external-resources              a page that tries to load from the internet
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from http import cookies
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LINKS_PAGE = """<!doctype html><html><head><title>Link hub</title></head><body>
<nav><a href="/links/a">Alpha section</a> <a href="/links/b">Beta section</a></nav>
<main><h1>Link hub</h1><p>This page lists articles about gardening, cooking and economy for testing.</p>
<article><a href="/links/garden">Gardening in spring</a></article>
<article><a href="/links/cooking">Cooking with herbs</a></article>
<article><a href="/links/economy">Economy news of the week</a></article>
</main></body></html>"""

CAPTCHAS = {
    "/captcha-cf": (
        403,
        "<html><head><title>Just a moment...</title></head><body><div id='cf-chl-widget'>"
        "<h2>Checking if the site connection is secure</h2><div class='cf-turnstile'></div>"
        "<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1'></script></div></body></html>",
    ),
    "/captcha-recaptcha": (
        200,
        "<html><head><title>Security check</title></head><body><p>Please verify you are human.</p>"
        "<div class='g-recaptcha' data-sitekey='x'></div></body></html>",
    ),
    "/captcha-hcaptcha": (
        429,
        "<html><head><title>Attention Required!</title></head><body>"
        "<div class='h-captcha' data-sitekey='y'></div></body></html>",
    ),
}

RECAPTCHA_FORM = (
    "<html><head><title>Contact our team</title></head><body><main><h1>Contact our team</h1>"
    + "<p>We answer every message within two working days. Write to us about orders, returns, "
    "invoices or anything else, and a person from our support team will read it.</p>"
    * 6
    + "<form><input name=email><div class='g-recaptcha' data-sitekey='x'></div>"
    "<button>Send</button></form></main></body></html>"
)


class FixtureServer:
    """Threaded test server; ``url`` is ``http://127.0.0.1:<port>``."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.posts: Counter[str] = Counter()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _send(
                self,
                status: int,
                body: bytes | str,
                ctype: str = "text/html; charset=utf-8",
                headers: dict[str, str] | None = None,
            ) -> None:
                data = body.encode() if isinstance(body, str) else body
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                # (a page served late on purpose may find its client gone: no traceback in the log)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(data)

            def do_POST(self) -> None:
                path = urlsplit(self.path).path
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                with server._lock:
                    server.posts[path] += 1
                self._send(503, "<html><title>Busy</title><body>Try later</body></html>")

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                path, query = parts.path, parse_qs(parts.query)
                with server._lock:
                    server.hits[path] += 1
                    count = server.hits[path]
                if path.startswith("/flaky/"):
                    fail = int(query.get("fail", ["2"])[0])
                    mode = query.get("status", ["503"])[0]
                    if count <= fail:
                        if mode == "drop":
                            self.close_connection = True
                            self.connection.shutdown(2)
                            return
                        self._send(int(mode), f"<html><title>Error {mode}</title><body>down</body></html>")
                        return
                    self._send(
                        200,
                        f"<html><head><title>Recovered</title></head><body><main><p>Served on try "
                        f"{count}.</p></main></body></html>",
                    )
                elif path.startswith("/status/"):
                    code = int(path.rsplit("/", 1)[1])
                    self._send(
                        code,
                        f"<html><head><title>Status {code}</title></head><body><h1>Status {code}"
                        "</h1><p>Something went wrong here.</p><a href='/links'>Link hub</a></body></html>",
                    )
                elif path == "/setcookie":
                    name = query.get("name", ["token"])[0]
                    value = query.get("value", ["1"])[0]
                    c = cookies.SimpleCookie()
                    c[name] = value
                    c[name]["path"] = "/"
                    c[name]["max-age"] = "3600"
                    self._send(
                        200,
                        f"<html><title>Cookie set</title><body>{name}={value}</body></html>",
                        headers={"Set-Cookie": c[name].OutputString()},
                    )
                elif path == "/echo-cookies":
                    raw = self.headers.get("Cookie", "")
                    self._send(
                        200,
                        f"<html><title>Cookies</title><body><main><p id='c'>{raw}</p></main></body></html>",
                    )
                elif path == "/storage":
                    self._send(
                        200,
                        "<html><head><title>Storage</title></head><body><p id='out'></p><script>"
                        "const who = new URLSearchParams(location.search).get('who');"
                        "if (who) localStorage.setItem('who', who);"
                        "document.getElementById('out').textContent = 'who=' + localStorage.getItem('who');"
                        "</script></body></html>",
                    )
                elif path == "/form":
                    self._send(
                        200,
                        "<html><title>Form</title><body><form method='post' action='/submit'>"
                        "<input name='q' value='x'><button id='go'>Send</button></form></body></html>",
                    )
                elif path == "/binary":
                    self._send(
                        200,
                        bytes(range(256)) * 64,
                        "application/octet-stream",
                        {"Content-Disposition": "attachment; filename=x.bin"},
                    )
                elif path == "/empty":
                    self._send(200, b"", "text/html")
                elif path == "/zip":
                    self._send(200, b"PK\x05\x06" + b"\x00" * 18, "application/zip")
                elif path == "/png":
                    self._send(200, b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "image/png")
                elif path == "/huge":
                    para = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 20 + "</p>"
                    links = "".join(f"<a href='/item/{i}'>Item number {i}</a> " for i in range(5000))
                    body = "<html><head><title>Huge page</title></head><body><nav>" + links + "</nav><main>"
                    body += para * 9000 + "</main></body></html>"
                    self._send(200, body)
                elif path == "/malformed":
                    self._send(
                        200,
                        b"<html><head><title>Broken \x00 page</tit<body><div><p>Unclosed <b>bold "
                        b"<a href='/links'>hub<table><tr><td>cell</p></div>\xff\xfe garbage <<<>>> &&&;",
                    )
                elif path == "/hang":
                    time.sleep(float(query.get("s", ["30"])[0]))  # an answer that does not come
                    self._send(200, "<html><title>Late</title><body>late</body></html>")
                elif path == "/busy":
                    self._send(
                        200, "<html><title>Busy</title><body><script>while(true){}</script></body></html>"
                    )
                elif path == "/links" or path.startswith("/links/"):
                    self._send(200, LINKS_PAGE)
                elif path in CAPTCHAS:
                    code, body = CAPTCHAS[path]
                    self._send(code, body)
                elif path == "/form-with-recaptcha":
                    self._send(200, RECAPTCHA_FORM)
                elif path == "/external-resources":
                    self._send(
                        200,
                        "<html><head><title>External</title>"
                        "<script src='http://example.com/x.js'></script></head><body>"
                        "<img src='https://example.org/a.png'><main><p>Local text.</p></main></body></html>",
                    )
                else:
                    self._send(404, "<html><title>Not found</title><body>nothing here</body></html>")

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def start(self) -> FixtureServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
