"""A small site on 127.0.0.1 with what the archive tests need.

Routes (every GET is counted in ``hits`` by path):
  /xhr-page?n=K           a page that loads K JSON documents with fetch() and XMLHttpRequest, then
                          one more 300 ms after load; ``#status`` says ``done`` when all are in
  /api/item/<i>.json      JSON carrying the word ``quokka<i>``
  /late.json              JSON carrying ``latecomer``
  /s/<sid>/<n>            a page for session <sid> loading /s/<sid>/<n>/data.json, .css and .png
  /latin1                 ISO-8859-1, declared in the Content-Type header
  /cp1251                 windows-1251, declared only in <meta charset>
  /sjis                   Shift_JIS, declared only in <meta http-equiv>
  /garbage                random bytes served as text/html
  /binary-page            a page that fetches /blob.bin (octet-stream) and /pixel.png
  /huge?mb=N              an HTML page of about N MB ending with the word ``finalword``
  /secret                 sets a cookie and sends secret-looking headers (never in the body)
  /redirect?to=PATH       302 to PATH
  /status/<code>          that status with a small HTML page
  /styled                 a page with a stylesheet and a script (CSS/JS capture)
  /feed.atom, /notes.txt  an Atom feed and a plain-text file
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SECRET_COOKIE = "sessiontoken-7f3a9c1e5b"
SECRET_BEARER = "bearer-4d8e2b6a0c"

XHR_PAGE = """<!doctype html><html><head><title>Item list</title></head><body>
<main><h1>Item list</h1><p id="status">loading</p><ul id="items"></ul></main>
<script>
const n = {n};
const list = document.getElementById('items');
function add(text) {{ const li = document.createElement('li'); li.textContent = text; list.appendChild(li); }}
const jobs = [];
for (let i = 0; i < n; i++) {{
  if (i % 2 === 0) {{
    jobs.push(fetch('/api/item/' + i + '.json').then(r => r.json()).then(d => add(d.word)));
  }} else {{
    jobs.push(new Promise(resolve => {{
      const x = new XMLHttpRequest(); x.open('GET', '/api/item/' + i + '.json');
      x.onload = () => {{ add(JSON.parse(x.responseText).word); resolve(); }}; x.send();
    }}));
  }}
}}
window.addEventListener('load', () => setTimeout(() => {{
  jobs.push(fetch('/late.json').then(r => r.json()).then(d => add(d.word)));
  Promise.all(jobs).then(() => {{ document.getElementById('status').textContent = 'done'; }});
}}, 300));
</script></body></html>"""

SESSION_PAGE = """<!doctype html><html><head><title>Page {n} of {sid}</title>
<link rel="stylesheet" href="/s/{sid}/{n}/style.css"></head><body><main>
<h1>Page {n} of {sid}</h1><p>Unique words: {word} and more text about page {n}.</p>
<img src="/s/{sid}/{n}/pic.png" alt=""><p id="status">loading</p></main>
<script>fetch('/s/{sid}/{n}/data.json').then(r => r.json())
  .then(d => {{ document.getElementById('status').textContent = 'done ' + d.word; }});</script>
</body></html>"""

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
    b"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82"
)
LATIN1_PAGE = (
    "<html><head><title>Grüße aus Köln</title></head><body><p>Die Straße am Fluß ist schön.</p></body></html>"
)
CP1251_PAGE = (
    '<html><head><meta charset="windows-1251"><title>Новости</title></head>'
    "<body><p>Погода в Москве сегодня солнечная.</p></body></html>"
)
SJIS_PAGE = (
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
    "<title>天気予報</title></head><body><p>東京 晴れ</p></body></html>"
)
ATOM = """<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">
<title>Harbour news</title><entry><title>Lighthouse repainted</title>
<summary type="html">&lt;p&gt;The &lt;b&gt;lighthouse&lt;/b&gt; is red again.&lt;/p&gt;</summary>
</entry></feed>"""


def session_word(sid: str, n: int) -> str:
    """The word only page ``n`` of session ``sid`` carries (letters only, one token)."""
    return f"w{sid.replace('-', '')}x{n}"


def data_word(sid: str, n: int) -> str:
    return f"d{sid.replace('-', '')}x{n}"


class ArchiveSite:
    """Threaded test server; ``url`` is ``http://127.0.0.1:<port>``."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.seen_headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def send(
                self,
                status: int,
                body: bytes | str,
                ctype: str = "text/html; charset=utf-8",
                headers: list[tuple[str, str]] | None = None,
            ) -> None:
                data = body.encode() if isinstance(body, str) else body
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                for name, value in headers or []:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                path, query = parts.path, parse_qs(parts.query)
                with site._lock:
                    site.hits[path] += 1
                    site.seen_headers.append({k.lower(): v for k, v in self.headers.items()})
                site.route(self, path, query)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def route(self, h: BaseHTTPRequestHandler, path: str, query: dict[str, list[str]]) -> None:
        send = h.send  # type: ignore[attr-defined]
        if path == "/xhr-page":
            send(200, XHR_PAGE.format(n=int(query.get("n", ["4"])[0])))
        elif m := re.fullmatch(r"/api/item/(\d+)\.json", path):
            i = int(m.group(1))
            send(200, json.dumps({"item": i, "word": f"quokka{i}", "tags": ["x", "y"]}), "application/json")
        elif path == "/late.json":
            send(200, json.dumps({"word": "latecomer"}), "application/json; charset=utf-8")
        elif m := re.fullmatch(r"/s/([\w-]+)/(\d+)(/[\w.]+)?", path):
            sid, n, rest = m.group(1), int(m.group(2)), m.group(3)
            if rest is None:
                send(200, SESSION_PAGE.format(sid=sid, n=n, word=session_word(sid, n)))
            elif rest == "/data.json":
                time.sleep(0.05)
                send(200, json.dumps({"word": data_word(sid, n)}), "application/json")
            elif rest == "/style.css":
                send(200, "body { color: #333; }", "text/css")
            else:
                send(200, PNG, "image/png")
        elif path == "/latin1":
            send(200, LATIN1_PAGE.encode("latin-1"), "text/html; charset=iso-8859-1")
        elif path == "/cp1251":
            send(200, CP1251_PAGE.encode("cp1251"), "text/html")
        elif path == "/sjis":
            send(200, SJIS_PAGE.encode("shift_jis"), "text/html")
        elif path == "/garbage":
            send(200, random.Random(7).randbytes(20000), "text/html")
        elif path == "/binary-page":
            send(
                200,
                "<html><title>Binary</title><body><p id='status'>loading</p><script>"
                "Promise.all([fetch('/blob.bin').then(r => r.arrayBuffer()), fetch('/pixel.png')"
                ".then(r => r.blob())])"
                ".then(() => document.getElementById('status').textContent = 'done');"
                "</script></body></html>",
            )
        elif path == "/blob.bin":
            send(200, bytes(range(256)) * 16, "application/octet-stream")
        elif path == "/pixel.png":
            send(200, PNG, "image/png")
        elif path == "/huge":
            mb = float(query.get("mb", ["6"])[0])
            para = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 20 + "</p>\n"
            body = "<html><head><title>Huge</title></head><body>" + para * int(mb * 1024 * 1024 / len(para))
            send(200, body + "<p>finalword</p></body></html>")
        elif path == "/secret":
            send(
                200,
                "<html><head><title>Private area</title></head>"
                "<body><p>Welcome back, archivist.</p></body></html>",
                headers=[
                    ("Set-Cookie", f"token={SECRET_COOKIE}; Path=/; HttpOnly"),
                    ("X-Private-Echo", SECRET_COOKIE),
                    ("ETag", '"v1"'),
                    ("Content-Language", "en"),
                ],
            )
        elif path == "/redirect":
            target = query.get("to", ["/status/200"])[0]
            send(302, "<html><body>moved</body></html>", headers=[("Location", target)])
        elif m := re.fullmatch(r"/status/(\d{3})", path):
            code = int(m.group(1))
            send(
                code,
                f"<html><head><title>Status {code}</title></head><body><p>Answer {code}</p></body></html>",
            )
        elif path == "/styled":
            send(
                200,
                "<html><head><title>Styled</title><link rel='stylesheet' href='/site.css'>"
                "<script src='/site.js'></script></head>"
                "<body><p>Styled page</p></body></html>",
            )
        elif path == "/site.css":
            send(200, "p { font-weight: bold; } /* cssmarker */", "text/css")
        elif path == "/site.js":
            send(200, "window.jsmarker = 'jsmarker';", "text/javascript")
        elif path == "/feed.atom":
            send(200, ATOM, "application/atom+xml")
        elif path == "/notes.txt":
            send(200, "Shopping list\nflour\nbasil\n", "text/plain; charset=utf-8")
        else:
            send(404, "<html><title>Not found</title><body>nothing here</body></html>")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def start(self) -> ArchiveSite:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
