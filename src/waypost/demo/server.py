"""The bundled demo site ``waypost.demo``: a fictional news portal and a finance site, served on loopback.

One stdlib :class:`~http.server.ThreadingHTTPServer` answers two host names:

* the portal "Waypost Nachrichten" at ``http://127.0.0.1:<port>`` (any Host header but ``localhost``), and
* the finance site "Waypost Finanzen" at ``http://localhost:<port>`` (Host header ``localhost``).

Content lives in the package under ``site/``: ``data/`` (articles, pages, site and finance data),
``templates/`` (HTML shells with ``{{NAME}}`` placeholders) and ``static/`` (CSS, JS, SVG), read with
:mod:`importlib.resources`. Run ``python -m waypost.demo.server`` to serve it in the foreground.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import hashlib
import html
import ipaddress
import json
import logging
import mimetypes
import re
import secrets
import socket
import socketserver
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, quote, unquote, urlsplit
from xml.sax.saxutils import escape as xml_escape

from waypost.demo.service import ServicePages

__all__ = ["DEMO_PASSWORD", "DEMO_USER", "SESSION_COOKIE", "DemoSite"]

log = logging.getLogger(__name__)

DEMO_USER = "demo"
"""User name accepted by ``POST /login``."""
DEMO_PASSWORD = "demo"
"""Password accepted by ``POST /login``."""
SESSION_COOKIE = "wp_session"
"""Name of the HttpOnly session cookie set by a successful login."""
CONSENT_COOKIE = "consent"
FINANCE_HOST = "localhost"
MAX_BODY = 64 * 1024
TZ = timezone(timedelta(hours=1))  # CET; every article date falls before the switch to summer time
_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
_PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December")  # fmt: skip
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


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes included)."""
    return html.escape(str(text), quote=True)


# --------------------------------------------------------------------------------------------------
# Content
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A portal section such as ``politik``."""

    slug: str
    name: str
    lang: str
    intro: str
    per_page: int

    @property
    def path(self) -> str:
        """URL path of the section page, with trailing slash."""
        return f"/{self.slug}/"


@dataclass(frozen=True)
class Article:
    """One article; ``body`` holds ``("p" | "h2", text)`` pairs."""

    section: str
    slug: str
    title: str
    date: datetime
    author: str
    teaser: str
    image: str
    body: tuple[tuple[str, str], ...]

    @property
    def key(self) -> str:
        """``section/slug``, as used in the data files."""
        return f"{self.section}/{self.slug}"

    @property
    def path(self) -> str:
        """URL path of the article page."""
        return f"/{self.section}/{self.slug}.html"

    @property
    def text(self) -> str:
        """Everything searchable, casefolded."""
        return " ".join([self.title, self.teaser, self.author, *(t for _, t in self.body)]).casefold()


@dataclass(frozen=True)
class Page:
    """A static page (Impressum, Datenschutz, ...)."""

    slug: str
    title: str
    body: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Content:
    """Everything the demo site shows, loaded once from the package data."""

    site: dict[str, Any]
    sections: tuple[Section, ...]
    articles: tuple[Article, ...]  # newest first
    pages: dict[str, Page]
    finance: dict[str, Any]
    by_key: dict[str, Article] = field(default_factory=dict)

    def section(self, slug: str) -> Section | None:
        """The section called ``slug``, or ``None``."""
        return next((s for s in self.sections if s.slug == slug), None)

    def section_for(self, article: Article) -> Section:
        """The section ``article`` belongs to."""
        section = self.section(article.section)
        if section is None:
            raise KeyError(article.section)
        return section

    def in_section(self, slug: str) -> list[Article]:
        """Articles of one section, newest (the top headline) first."""
        return [a for a in self.articles if a.section == slug]


def _site_root() -> Traversable:
    return resources.files("waypost.demo").joinpath("site")


def _parse_blocks(text: str) -> list[tuple[str, dict[str, str], tuple[tuple[str, str], ...]]]:
    """Parse the ``=== name`` block format of ``articles.txt`` and ``pages.txt``."""
    blocks = []
    for chunk in re.split(r"^=== ", text, flags=re.MULTILINE)[1:]:
        lines = chunk.splitlines()
        name, rest = lines[0].strip(), lines[1:]
        meta: dict[str, str] = {}
        i = 0
        while i < len(rest) and rest[i].strip():
            line = rest[i].strip()
            if not line.startswith("#"):
                key, sep, value = line.partition(":")
                if not sep:
                    raise ValueError(f"block {name!r}: header line without ':': {line!r}")
                meta[key.strip()] = value.strip()
            i += 1
        body: list[tuple[str, str]] = []
        for para in re.split(r"\n\s*\n", "\n".join(rest[i:])):
            para = " ".join(part.strip() for part in para.splitlines() if part.strip())
            if para.startswith("## "):
                body.append(("h2", para[3:].strip()))
            elif para:
                body.append(("p", para))
        blocks.append((name, meta, tuple(body)))
    return blocks


@cache
def load_content() -> Content:
    """Read and validate the site data from the package (cached)."""
    root = _site_root()
    site = json.loads(root.joinpath("data", "site.json").read_text(encoding="utf-8"))
    finance = json.loads(root.joinpath("data", "finance.json").read_text(encoding="utf-8"))
    sections = tuple(
        Section(s["slug"], s["name"], s.get("lang", "de"), s.get("intro", ""), int(s.get("per_page", 8)))
        for s in site["sections"]
    )
    known = {s.slug for s in sections}
    articles = []
    for name, meta, body in _parse_blocks(root.joinpath("data", "articles.txt").read_text(encoding="utf-8")):
        section, _, slug = name.partition("/")
        if section not in known or not _SLUG.fullmatch(slug):
            raise ValueError(f"bad article name {name!r}")
        articles.append(
            Article(
                section=section,
                slug=slug,
                title=meta["title"],
                date=datetime.strptime(meta["date"], "%Y-%m-%d %H:%M").replace(tzinfo=TZ),
                author=meta["author"],
                teaser=meta["teaser"],
                image=meta["image"],
                body=body,
            )
        )
    articles.sort(key=lambda a: a.date, reverse=True)
    pages = {
        name: Page(name, meta["title"], body)
        for name, meta, body in _parse_blocks(root.joinpath("data", "pages.txt").read_text(encoding="utf-8"))
    }
    by_key = {a.key: a for a in articles}
    if len(by_key) != len(articles):
        raise ValueError("duplicate article names")
    return Content(site, sections, tuple(articles), pages, finance, by_key)


@cache
def _template(name: str) -> str:
    return _site_root().joinpath("templates", name).read_text(encoding="utf-8")


def fill(template: str, values: Mapping[str, str]) -> str:
    """Replace each ``{{NAME}}`` in ``template`` by ``values[NAME]`` (already escaped HTML), in one pass."""
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


# --------------------------------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------------------------------


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


def _redirect(status: int, location: str, headers: list[tuple[str, str]] | None = None) -> Response:
    body = f'<!DOCTYPE html><title>Weiterleitung</title><p><a href="{esc(location)}">Weiter</a></p>'
    return Response(status, body.encode(), headers=[("Location", location), *(headers or [])])


def _json(status: int, data: object) -> Response:
    body = json.dumps(data, ensure_ascii=False, indent=2).encode()
    return Response(status, body, "application/json; charset=utf-8", [("Access-Control-Allow-Origin", "*")])


def _plain(status: int, text: str) -> Response:
    return Response(status, text.encode(), "text/plain; charset=utf-8")


def _parse_cookies(header: str) -> dict[str, str]:
    cookies: dict[str, str] = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name and name not in cookies:
            cookies[name] = value.strip().strip('"')
    return cookies


def _host_name(host_header: str) -> str:
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    else:
        host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return host.rstrip(".")


def _safe_local(target: str, default: str) -> str:
    """``target`` if it is a path on this site (no scheme, no ``//host``), else ``default``."""
    if target.startswith("/") and not target.startswith("//") and not any(c in target for c in "\\\r\n"):
        return target
    return default


def _static_file(segments: list[str]) -> Traversable | None:
    """The file under ``site/static`` named by ``segments``, or ``None`` (also for any traversal attempt)."""
    if not segments:
        return None
    for seg in segments:
        if not seg or seg.startswith(".") or any(c in seg for c in "\\\0:") or len(seg) > 100:
            return None
    root = _site_root().joinpath("static")
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


# --------------------------------------------------------------------------------------------------
# The application: routing and rendering
# --------------------------------------------------------------------------------------------------


class DemoApp:
    """Routes requests for both host names and renders the pages. Thread-safe."""

    def __init__(self, content: Content, portal_url: str, finance_url: str) -> None:
        self.content = content
        self.portal_url = portal_url
        self.finance_url = finance_url
        self._sessions: dict[str, str] = {}
        self._lock = threading.Lock()
        self.service = ServicePages(self)

    # ---- dispatch ------------------------------------------------------------------------------

    def handle(self, req: Request) -> Response:
        """Answer one request."""
        parts = req.path.split("/")
        if len(parts) > 2 and parts[1] == "static":
            return self._static(req, parts[2:])
        if req.path == "/robots.txt":
            node = _site_root().joinpath("robots.txt")
            return Response(200, node.read_bytes(), "text/plain; charset=utf-8")
        if req.path == "/favicon.ico":
            return _redirect(301, "/static/favicon.svg")
        if req.host == FINANCE_HOST:
            return self._finance(req)
        return self._portal(req)

    def _static(self, req: Request, segments: list[str]) -> Response:
        if req.method not in ("GET", "HEAD"):
            return self._method_not_allowed("GET, HEAD")
        node = _static_file(segments)
        if node is None:
            return self._not_found(req)
        return Response(
            200, node.read_bytes(), _content_type(segments[-1]), [("Cache-Control", "max-age=300")]
        )

    def _portal(self, req: Request) -> Response:
        path = req.path
        service = self.service.handle(req)
        if service is not None:
            return service
        post_routes = {
            "/login": self._login,
            "/logout": self._logout,
            "/kontakt": self._contact,
            "/einwilligung": self._consent,
            "/captcha/": self._recaptcha,
        }
        if path == "/geschuetzt" or path.startswith("/geschuetzt/"):
            return self._challenge(req)
        if req.method == "POST":
            handler = post_routes.get(path)
            if handler is None:
                if self._get_route_exists(path):
                    return self._method_not_allowed("GET, HEAD")
                return self._not_found(req)
            return handler(req)
        simple = {
            "/": self._front,
            "/suche": self._search,
            "/login": self._login,
            "/logout": self._logout,
            "/konto": self._account,
            "/kontakt": self._contact,
            "/feed.xml": self._feed,
            "/api/schlagzeilen.json": self._headlines_json,
            "/captcha/": self._recaptcha,
        }
        if path in simple:
            return simple[path](req)
        if path == "/einwilligung":
            return self._method_not_allowed("POST")
        if path in ("/alt/politik", "/alt/politik/"):
            return _redirect(301, "/politik/")
        if path == "/umleitung":
            return _redirect(302, "/alt/politik")
        if path == "/captcha":
            return _redirect(301, "/captcha/")
        slug = path.strip("/")
        if slug in self.content.pages and path == f"/{slug}":
            return self._page(req, self.content.pages[slug])
        parts = path.split("/")
        section = self.content.section(parts[1]) if len(parts) > 1 else None
        if section is not None:
            if len(parts) == 2:
                return _redirect(301, section.path)
            if len(parts) == 3 and parts[2] == "":
                return self._section(req, section)
            if len(parts) == 3 and parts[2].endswith(".html"):
                article = self.content.by_key.get(f"{section.slug}/{parts[2][:-5]}")
                if article is not None:
                    return self._article(req, article)
        return self._not_found(req)

    def _get_route_exists(self, path: str) -> bool:
        return (
            path in ("/", "/suche", "/konto", "/feed.xml", "/api/schlagzeilen.json")
            or path.strip("/") in self.content.pages
        )

    def _method_not_allowed(self, allow: str) -> Response:
        return Response(405, b"<!DOCTYPE html><title>405</title><h1>Methode nicht erlaubt</h1>",
                        headers=[("Allow", allow)])  # fmt: skip

    # ---- shared chrome -------------------------------------------------------------------------

    def _user(self, req: Request) -> str | None:
        token = req.cookies.get(SESSION_COOKIE, "")
        with self._lock:
            return self._sessions.get(token) if token else None

    def _nav(self, current: str | None) -> str:
        items = [("", "/", "Startseite")] + [(s.slug, s.path, s.name) for s in self.content.sections]
        lines = []
        for slug, href, label in items:
            mark = ' aria-current="page"' if slug == current else ""
            lines.append(f'      <li><a href="{href}"{mark}>{esc(label)}</a></li>')
        lines.append(f'      <li><a href="{self.finance_url}/">Börse</a></li>')
        return "\n".join(lines)

    def _banner(self, req: Request, lang: str) -> str:
        if CONSENT_COOKIE in req.cookies:
            return ""
        query = "&".join(f"{quote(k)}={quote(v)}" for k, vs in req.query.items() for v in vs)
        back = quote(req.path) + ("?" + query if query else "")
        if lang == "en":
            texts = {
                "HEADING": "We value your privacy",
                "TEXT": "We and our 143 partners use cookies to store and access information on your device, "
                "for personalised content and ads, measurement and audience insights. You can change "
                "your choice at any time under “Cookie settings” at the bottom of every page.",
                "ACCEPT": "Accept all",
                "REJECT": "Reject all",
                "PRIVACY": "Privacy policy",
            }
        else:
            texts = {
                "HEADING": "Wir respektieren Ihre Privatsphäre",
                "TEXT": "Wir und unsere 143 Partner speichern und verwenden Informationen auf Ihrem Gerät "
                "(Cookies), um Inhalte und Anzeigen zu personalisieren und die Nutzung zu messen. Ihre "
                "Auswahl können Sie jederzeit unter „Cookie-Einstellungen“ am Ende jeder Seite ändern.",
                "ACCEPT": "Akzeptieren",
                "REJECT": "Ablehnen",
                "PRIVACY": "Datenschutzerklärung",
            }
        return fill(_template("banner.html"), {**{k: esc(v) for k, v in texts.items()}, "RETURN": esc(back)})

    def _render(
        self,
        req: Request,
        *,
        title: str,
        content: str,
        status: int = 200,
        description: str | None = None,
        canonical: str | None = None,
        lang: str = "de",
        current: str | None = None,
        og_type: str = "website",
        og_title: str | None = None,
        image: str = "politik",
        head_extra: str = "",
        body_class: str = "",
        query: str = "",
        headers: list[tuple[str, str]] | None = None,
    ) -> Response:
        user = self._user(req)
        if user:
            account = f'<a href="/konto">Angemeldet als {esc(user)}</a> · <a href="/logout">Abmelden</a>'
        else:
            account = '<a href="/login" class="login">Anmelden</a>'
        values = {
            "LANG": lang,
            "TITLE": esc(title),
            "DESCRIPTION": esc(description or self.content.site["description"]),
            "OG_TITLE": esc(og_title or title),
            "OG_TYPE": og_type,
            "OG_IMAGE": image,
            "CANONICAL": esc(canonical or self.portal_url + req.path),
            "PORTAL": self.portal_url,
            "FINANCE": self.finance_url,
            "HEAD_EXTRA": head_extra,
            "BODY_CLASS": body_class,
            "ACCOUNT": account,
            "QUERY": esc(query),
            "NAV": self._nav(current),
            "CONTENT": content,
            "BANNER": self._banner(req, lang),
        }
        page = fill(_template("portal.html"), values)
        return Response(status, page.encode(), headers=[("Cache-Control", "no-cache"), *(headers or [])])

    def _date(self, article: Article) -> str:
        d = article.date
        if self.content.section_for(article).lang == "en":
            return f"{d.day} {_MONTHS_EN[d.month - 1]} {d.year}, {d:%H:%M}"
        return f"{d:%d.%m.%Y}, {d:%H:%M} Uhr"

    def _img(self, article: Article, alt: str | None = None, size: tuple[int, int] = (480, 270)) -> str:
        alt_text = article.image if alt is None else alt
        return (
            f'<img src="/static/img/{article.section}.svg" alt="{esc(alt_text)}" '
            f'width="{size[0]}" height="{size[1]}">'
        )

    # ---- portal pages --------------------------------------------------------------------------

    def _front(self, req: Request) -> Response:
        c = self.content
        lead = c.in_section("politik")[0]
        ticker = c.by_key[c.site["ticker_article"]]
        most_read = "\n".join(
            f'        <li><a href="{c.by_key[k].path}">{esc(c.by_key[k].title)}</a></li>'
            for k in c.site["most_read"]
        )
        indices = "\n".join(
            f'          <tr><th scope="row"><a href="{self.finance_url}/maerkte/">{esc(i["name"])}</a></th>'
            f'<td class="num">{esc(i["value"])}</td>'
            f'<td class="num {"down" if i["change"].startswith("-") else "up"}">{esc(i["change"])}</td></tr>'
            for i in c.finance["indices"][:3]
        )
        blocks = []
        for section in c.sections:
            items = [a for a in c.in_section(section.slug) if a is not lead][:4]
            first, rest = items[0], items[1:]
            lang = ' lang="en"' if section.lang == "en" else ""
            more = "More from" if section.lang == "en" else "Mehr aus"
            headlines = "\n".join(f'        <li><a href="{a.path}">{esc(a.title)}</a></li>' for a in rest)
            blocks.append(f"""
<section class="section-block" id="rubrik-{section.slug}" aria-labelledby="h-{section.slug}"{lang}>
  <h2 id="h-{section.slug}"><a href="{section.path}">{esc(section.name)}</a></h2>
  <div class="block-grid">
    <article class="teaser">
      <a href="{first.path}">{self._img(first)}</a>
      <h3><a href="{first.path}">{esc(first.title)}</a></h3>
      <p>{esc(first.teaser)}</p>
    </article>
    <ul class="headlines">
{headlines}
    </ul>
  </div>
  <p class="meta"><a href="{section.path}">{more} {esc(section.name)} ›</a></p>
</section>""")
        hansekiel = next(s for s in c.finance["stocks"] if s["slug"] == "hansekiel-werft")
        content = f"""
<p class="ticker"><strong>Eilmeldung:</strong> <a href="{ticker.path}">{esc(c.site["ticker"])}</a></p>
<h1 class="visually-hidden">{esc(c.site["name"])} – {esc(c.site["tagline"])}</h1>
<div class="front-grid">
  <div>
    <article class="lead">
      <a href="{lead.path}">{self._img(lead, size=(720, 405))}</a>
      <p class="kicker">Politik · Top-Thema</p>
      <h2><a href="{lead.path}">{esc(lead.title)}</a></h2>
      <p>{esc(lead.teaser)} <a href="{lead.path}" class="more">Weiterlesen</a></p>
      <p class="meta">{esc(self._date(lead))} · {esc(lead.author)}</p>
    </article>
  </div>
  <div>
    <aside class="box" aria-labelledby="h-meistgelesen">
      <h2 id="h-meistgelesen">Meistgelesen</h2>
      <ol class="headlines">
{most_read}
      </ol>
    </aside>
    <aside class="box ad" aria-label="Anzeige">
      <span class="label">Anzeige</span>
      <p><a href="{self.finance_url}/">Waypost Finanzen: Alle Kurse, alle Märkte – jetzt kostenlos Depot
        anlegen</a></p>
    </aside>
    <aside class="box" aria-labelledby="h-boerse">
      <h2 id="h-boerse">Börse</h2>
      <table>
        <caption>Indizes, Schlusskurse 13.03.2026</caption>
        <tbody>
{indices}
        </tbody>
      </table>
      <p><a href="{self.finance_url}/aktien/hansekiel-werft">Hansekiel Werft: {esc(hansekiel["change"])}</a> ·
        <a href="{self.finance_url}/aktien/">Alle Aktien</a></p>
    </aside>
    <aside class="box" aria-labelledby="h-service">
      <h2 id="h-service">Service</h2>
      <ul>
        <li><a href="/kontakt">Leserbrief schreiben</a></li>
        <li><a href="mailto:newsletter@waypost.demo?subject=Newsletter">Newsletter per E-Mail</a></li>
        <li><a href="javascript:window.print()">Seite drucken</a></li>
        <li><a href="#rubriken">Alle Rubriken</a></li>
        <li><a href="/captcha/">Gewinnspiel</a></li>
        <li><a href="/geschuetzt/">Premium-Archiv</a></li>
      </ul>
    </aside>
  </div>
</div>
<div id="rubriken">
{"".join(blocks)}
</div>"""
        head = f'<link rel="alternate" hreflang="en" href="{self.portal_url}/english/">\n'
        return self._render(
            req,
            title=f"{c.site['name']} – {c.site['tagline']}",
            og_title=c.site["name"],
            canonical=self.portal_url + "/",
            content=content,
            head_extra=head,
            body_class="front",
        )

    def _section(self, req: Request, section: Section) -> Response:
        articles = self.content.in_section(section.slug)
        per_page = section.per_page
        pages = max(1, -(-len(articles) // per_page))
        raw = req.arg("seite", "1")
        if not raw.isdigit() or not 1 <= int(raw) <= pages:
            return self._not_found(req)
        page = int(raw)
        shown = articles[(page - 1) * per_page : page * per_page]
        en = section.lang == "en"
        items = []
        for i, a in enumerate(shown):
            top = page == 1 and i == 0
            kicker = f'<p class="kicker">{"Top story" if en else "Top-Thema"}</p>' if top else ""
            image = f'<a href="{a.path}">{self._img(a)}</a>' if top else self._img(a, alt="")
            items.append(f"""  <article class="teaser{" top" if top else ""}">
    {image}
    <div>
      {kicker}<h2><a href="{a.path}">{esc(a.title)}</a></h2>
      <p>{esc(a.teaser)}</p>
      <p class="meta"><time datetime="{a.date.isoformat()}">{esc(self._date(a))}</time> · {esc(a.author)}</p>
    </div>
  </article>""")
        head = []
        pager = []
        url = section.path
        if page > 1:
            prev = url if page == 2 else f"{url}?seite={page - 1}"
            head.append(f'<link rel="prev" href="{prev}">')
            pager.append(f'<a rel="prev" href="{prev}">« {"Previous page" if en else "Vorherige Seite"}</a>')
        if pages > 1:
            pager.append(f"<span>{'Page' if en else 'Seite'} {page} {'of' if en else 'von'} {pages}</span>")
        if page < pages:
            nxt = f"{url}?seite={page + 1}"
            head.append(f'<link rel="next" href="{nxt}">')
            pager.append(f'<a rel="next" href="{nxt}">{"Next page" if en else "Nächste Seite"} »</a>')
        pagination = (
            f'<nav class="pagination" aria-label="{"Pages" if en else "Seiten"}">{" ".join(pager)}</nav>'
            if pager
            else ""
        )
        extra = self._weather_table() if section.slug == "wetter" else ""
        home = "Home" if en else "Startseite"
        title_suffix = f" – Seite {page}" if page > 1 and not en else (f" – page {page}" if page > 1 else "")
        content = f"""
<nav class="breadcrumb" aria-label="{"Breadcrumb" if en else "Brotkrumennavigation"}">
  <ol><li><a href="/">{home}</a></li><li aria-current="page">{esc(section.name)}</li></ol>
</nav>
<h1>{esc(section.name)}{esc(title_suffix)}</h1>
<p class="intro">{esc(section.intro)}</p>
{extra}
<div class="teaser-list">
{chr(10).join(items)}
</div>
{pagination}"""
        canonical = self.portal_url + url + (f"?seite={page}" if page > 1 else "")
        return self._render(
            req,
            title=f"{section.name}{title_suffix} – Waypost Nachrichten",
            description=f"{section.name}: {section.intro}",
            canonical=canonical,
            content=content,
            lang=section.lang,
            current=section.slug,
            image=section.slug,
            head_extra="".join(h + "\n" for h in head),
            body_class=f"section section-{section.slug}",
        )

    def _weather_table(self) -> str:
        weather = self.content.site["weather"]
        head = "".join(f'<th scope="col">{esc(col)}</th>' for col in weather["columns"])
        rows = "\n".join(
            f'    <tr><th scope="row">{esc(row[0])}</th>'
            + "".join(f"<td>{esc(v)}</td>" for v in row[1:])
            + "</tr>"
            for row in weather["rows"]
        )
        return f"""<table class="forecast">
  <caption>{esc(weather["caption"])}</caption>
  <thead><tr>{head}</tr></thead>
  <tbody>
{rows}
  </tbody>
</table>"""

    def _article(self, req: Request, article: Article) -> Response:
        section = self.content.section_for(article)
        en = section.lang == "en"
        body = "\n".join(
            f"  <h2>{esc(text)}</h2>" if kind == "h2" else f"  <p>{esc(text)}</p>"
            for kind, text in article.body
        )
        if en:
            byline = f"By {article.author}"
        elif article.author.endswith("redaktion"):
            byline = article.author
        else:
            byline = f"Von {article.author}"
        related = [a for a in self.content.in_section(section.slug) if a is not article][:3]
        related_html = "\n".join(f'    <li><a href="{a.path}">{esc(a.title)}</a></li>' for a in related)
        url = self.portal_url + article.path
        share = quote(f"{article.title} {url}")
        ld = json.dumps(
            {
                "@context": "https://schema.org",
                "@type": "NewsArticle",
                "headline": article.title,
                "datePublished": article.date.isoformat(),
                "author": {"@type": "Person", "name": article.author},
                "publisher": {"@type": "Organization", "name": "Waypost Nachrichten"},
                "articleSection": section.name,
                "inLanguage": section.lang,
                "mainEntityOfPage": url,
            },
            ensure_ascii=False,
        ).replace("</", "<\\/")
        content = f"""
<nav class="breadcrumb" aria-label="{"Breadcrumb" if en else "Brotkrumennavigation"}">
  <ol>
    <li><a href="/">{"Home" if en else "Startseite"}</a></li>
    <li><a href="{section.path}">{esc(section.name)}</a></li>
    <li aria-current="page">{esc(article.title)}</li>
  </ol>
</nav>
<article class="story">
  <header>
    <p class="kicker">{esc(section.name)}</p>
    <h1>{esc(article.title)}</h1>
    <p class="lede">{esc(article.teaser)}</p>
    <p class="meta byline"><span class="author">{esc(byline)}</span> ·
      <time datetime="{article.date.isoformat()}">{esc(self._date(article))}</time></p>
  </header>
  <figure>
    {self._img(article, size=(720, 405))}
    <figcaption>{esc(article.image)}. {"Photo" if en else "Foto"}: Waypost ({"illustration" if en else "Symbolbild"})</figcaption>
  </figure>
{body}
  <p class="meta">{"Share" if en else "Teilen"}: <a href="mailto:?subject={quote(article.title)}&amp;body={share}">{"E-mail" if en else "Per E-Mail"}</a>
    · <a href="javascript:window.print()">{"Print" if en else "Drucken"}</a></p>
</article>
<aside class="related" aria-labelledby="h-related">
  <h2 id="h-related">{"Related stories" if en else "Mehr zum Thema"}</h2>
  <ul>
{related_html}
  </ul>
  <p><a href="{section.path}">{"All stories" if en else "Alle Artikel"}: {esc(section.name)}</a></p>
</aside>"""  # noqa: E501
        return self._render(
            req,
            title=f"{article.title} – Waypost Nachrichten",
            description=article.teaser,
            og_title=article.title,
            og_type="article",
            content=content,
            lang=section.lang,
            current=None,
            image=section.slug,
            head_extra=(
                f'<meta property="article:published_time" content="{article.date.isoformat()}">\n'
                f'<meta name="author" content="{esc(article.author)}">\n'
                f'<script type="application/ld+json">{ld}</script>\n'
            ),
            body_class=f"article section-{section.slug}",
        )

    def _page(self, req: Request, page: Page) -> Response:
        body = "\n".join(
            f"<h2>{esc(text)}</h2>" if kind == "h2" else f"<p>{esc(text)}</p>" for kind, text in page.body
        )
        extra = ""
        if page.slug == "impressum":
            extra = '<p><a href="/kontakt">Zum Kontaktformular</a></p>'
        content = f"""
<nav class="breadcrumb" aria-label="Brotkrumennavigation">
  <ol><li><a href="/">Startseite</a></li><li aria-current="page">{esc(page.title)}</li></ol>
</nav>
<article class="story">
<h1>{esc(page.title)}</h1>
{body}
{extra}
</article>"""
        return self._render(
            req, title=f"{page.title} – Waypost Nachrichten", content=content, body_class="page"
        )

    def search(self, query: str) -> list[Article]:
        """Articles matching every word of ``query`` (case-insensitive), title hits first, then newest."""
        terms = query.casefold().split()
        if not terms:
            return []
        hits = [a for a in self.content.articles if all(t in a.text for t in terms)]
        return sorted(
            hits, key=lambda a: (not all(t in a.title.casefold() for t in terms), -a.date.timestamp())
        )

    def _search(self, req: Request) -> Response:
        query = " ".join(req.arg("q").split())[:200]
        results = []
        if query:
            hits = self.search(query)
            if hits:
                items = "\n".join(
                    f'  <li><a href="{a.path}">{esc(a.title)}</a>\n'
                    f'    <p class="meta">{esc(self.content.section_for(a).name)} · '
                    f"{esc(self._date(a))}</p>\n    <p>{esc(a.teaser)}</p></li>"
                    for a in hits
                )
                word = "Treffer"
                results.append(f'<p class="result-count">{len(hits)} {word} für „{esc(query)}“</p>')
                results.append(f'<ol class="results">\n{items}\n</ol>')
            else:
                results.append(
                    f'<p class="notice no-results">Keine Treffer für „{esc(query)}“. '
                    "Bitte versuchen Sie es mit einem anderen Suchbegriff.</p>"
                )
        else:
            results.append('<p class="notice">Bitte geben Sie einen Suchbegriff ein.</p>')
        content = f"""
<h1>Suche</h1>
<form class="stacked" role="search" action="/suche" method="get">
  <label for="suche-q">Suchbegriff</label>
  <input type="search" id="suche-q" name="q" value="{esc(query)}">
  <button type="submit">Suchen</button>
</form>
{chr(10).join(results)}"""
        title = f"Suche: {query} – Waypost Nachrichten" if query else "Suche – Waypost Nachrichten"
        return self._render(
            req,
            title=title,
            content=content,
            query=query,
            canonical=self.portal_url + "/suche",
            head_extra='<meta name="robots" content="noindex">\n',
            body_class="search",
        )

    def _login(self, req: Request) -> Response:
        error = ""
        username = ""
        next_path = _safe_local(req.arg("weiter") or req.field("weiter"), "/konto")
        if req.method == "POST":
            username = req.field("username")
            password = req.form.get("password", [""])[0]
            if secrets.compare_digest(username.encode(), DEMO_USER.encode()) and secrets.compare_digest(
                password.encode(), DEMO_PASSWORD.encode()
            ):
                token = secrets.token_urlsafe(24)
                with self._lock:
                    self._sessions[token] = username
                cookie = f"{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax"
                if req.field("angemeldet_bleiben"):
                    cookie += "; Max-Age=2592000"
                return _redirect(303, next_path, [("Set-Cookie", cookie)])
            error = '<p class="error" role="alert">Benutzername oder Passwort ist falsch.</p>'
        notice = ""
        if req.arg("abgemeldet"):
            notice = '<p class="notice" role="status">Sie wurden abgemeldet.</p>'
        user = self._user(req)
        if user and not error:
            notice = (
                f'<p class="notice">Sie sind bereits angemeldet als {esc(user)}. '
                '<a href="/konto">Zum Konto</a></p>'
            )
        content = f"""
<h1>Anmelden</h1>
{notice}{error}
<form class="stacked" method="post" action="/login" id="login-form">
  <input type="hidden" name="weiter" value="{esc(next_path)}">
  <div>
    <label for="username">Benutzername</label>
    <input type="text" id="username" name="username" autocomplete="username" required value="{esc(username)}">
  </div>
  <div>
    <label for="password">Passwort</label>
    <input type="password" id="password" name="password" autocomplete="current-password" required>
  </div>
  <div><label><input type="checkbox" name="angemeldet_bleiben" value="1"> Angemeldet bleiben</label></div>
  <div><button type="submit">Anmelden</button></div>
</form>
<p class="meta">Noch kein Konto? Eine Registrierung ist in dieser Demo nicht möglich.
  <a href="/kontakt">Hilfe beim Anmelden</a></p>"""
        return self._render(req, title="Anmelden – Waypost Nachrichten", content=content, body_class="login")

    def _logout(self, req: Request) -> Response:
        token = req.cookies.get(SESSION_COOKIE, "")
        with self._lock:
            self._sessions.pop(token, None)
        cookie = f"{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
        return _redirect(303, "/login?abgemeldet=1", [("Set-Cookie", cookie)])

    def _account(self, req: Request) -> Response:
        user = self._user(req)
        if user is None:
            return _redirect(303, "/login?weiter=%2Fkonto")
        saved = [self.content.by_key[k] for k in ("reise/nachtzug-wien", "wissenschaft/fusion-plasma-rekord")]
        saved_html = "\n".join(f'    <li><a href="{a.path}">{esc(a.title)}</a></li>' for a in saved)
        content = f"""
<h1>Mein Konto</h1>
<p class="notice" id="login-status">Angemeldet als {esc(user)}</p>
<dl>
  <dt>Benutzername</dt><dd>{esc(user)}</dd>
  <dt>Abo</dt><dd>Waypost Plus (Demo), gültig bis 31.12.2026</dd>
  <dt>Newsletter</dt><dd>Morgenlage (werktags, 6 Uhr)</dd>
</dl>
<section aria-labelledby="h-merkliste">
  <h2 id="h-merkliste">Merkliste</h2>
  <ul>
{saved_html}
  </ul>
</section>
<form method="post" action="/logout"><button type="submit">Abmelden</button></form>"""
        return self._render(
            req, title="Mein Konto – Waypost Nachrichten", content=content, body_class="account"
        )

    _TOPICS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("leserbrief", "Leserbrief"),
        ("hinweis", "Hinweis an die Redaktion"),
        ("abo", "Abo und Newsletter"),
        ("technik", "Technisches Problem"),
        ("sonstiges", "Sonstiges"),
    )
    _SALUTATIONS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("frau", "Frau"),
        ("herr", "Herr"),
        ("keine", "Keine Angabe"),
    )

    def _contact(self, req: Request) -> Response:
        errors: list[str] = []
        values = {k: req.field(k) for k in ("anrede", "name", "email", "telefon", "thema", "nachricht")}
        newsletter = bool(req.field("newsletter"))
        privacy = bool(req.field("datenschutz"))
        if req.method == "POST":
            topics = dict(self._TOPICS)
            salutations = dict(self._SALUTATIONS)
            if not values["name"]:
                errors.append("Bitte geben Sie Ihren Namen ein.")
            if not _EMAIL.fullmatch(values["email"]):
                errors.append("Bitte geben Sie eine gültige E-Mail-Adresse ein.")
            if values["thema"] not in topics:
                errors.append("Bitte wählen Sie ein Thema.")
            if values["anrede"] and values["anrede"] not in salutations:
                errors.append("Bitte wählen Sie eine gültige Anrede.")
            if not values["nachricht"]:
                errors.append("Bitte schreiben Sie eine Nachricht.")
            if not privacy:
                errors.append("Bitte bestätigen Sie die Datenschutzerklärung.")
            if not errors:
                digest = hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()
                ref = f"WP-{int(digest[:8], 16) % 1_000_000:06d}"
                rows = [
                    ("Anrede", salutations.get(values["anrede"], "–")),
                    ("Name", values["name"]),
                    ("E-Mail", values["email"]),
                    ("Telefon", values["telefon"] or "–"),
                    ("Thema", topics[values["thema"]]),
                    ("Nachricht", values["nachricht"]),
                    ("Newsletter", "ja" if newsletter else "nein"),
                ]
                summary = "\n".join(f"  <dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
                content = f"""
<h1>Vielen Dank für Ihre Nachricht</h1>
<p class="notice" role="status" id="contact-success">Vielen Dank, {esc(values["name"])}! Ihre Nachricht ist
  eingegangen. Vorgangsnummer: <strong id="vorgangsnummer">{ref}</strong></p>
<dl class="summary">
{summary}
</dl>
<p><a href="/">Zur Startseite</a></p>"""
                return self._render(req, title="Nachricht gesendet – Waypost Nachrichten", content=content)
        error_html = ""
        if errors:
            items = "".join(f"<li>{esc(e)}</li>" for e in errors)
            error_html = (
                '<div class="error" role="alert"><p>Bitte prüfen Sie Ihre Eingaben:</p>'
                f"<ul>{items}</ul></div>"
            )

        def checked(cond: bool) -> str:
            return " checked" if cond else ""

        radios = "\n".join(
            f'    <label><input type="radio" name="anrede" value="{v}"{checked(values["anrede"] == v)}> '
            f"{esc(label)}</label>"
            for v, label in self._SALUTATIONS
        )
        options = "\n".join(
            f'    <option value="{v}"{" selected" if values["thema"] == v else ""}>{esc(label)}</option>'
            for v, label in self._TOPICS
        )
        content = f"""
<h1>Kontakt</h1>
<p>Sie haben eine Frage, einen Hinweis oder möchten einen Leserbrief schreiben? Nutzen Sie dieses Formular.
  Pflichtfelder sind mit * markiert.</p>
{error_html}
<form class="stacked" method="post" action="/kontakt" id="kontakt-form">
  <fieldset>
    <legend>Anrede</legend>
{radios}
  </fieldset>
  <div>
    <label for="name">Name *</label>
    <input type="text" id="name" name="name" autocomplete="name" required value="{esc(values["name"])}">
  </div>
  <div>
    <label for="email">E-Mail-Adresse *</label>
    <input type="email" id="email" name="email" autocomplete="email" required value="{esc(values["email"])}">
  </div>
  <div>
    <label for="telefon">Telefon (optional)</label>
    <input type="tel" id="telefon" name="telefon" autocomplete="tel" value="{esc(values["telefon"])}">
  </div>
  <div>
    <label for="thema">Thema *</label>
    <select id="thema" name="thema" required>
    <option value="">Bitte wählen …</option>
{options}
    </select>
  </div>
  <div>
    <label for="nachricht">Ihre Nachricht *</label>
    <textarea id="nachricht" name="nachricht" rows="6" required>{esc(values["nachricht"])}</textarea>
  </div>
  <div><label><input type="checkbox" name="newsletter" value="ja"{checked(newsletter)}>
    Ich möchte den Newsletter „Morgenlage“ erhalten.</label></div>
  <div><label><input type="checkbox" name="datenschutz" value="ja" required{checked(privacy)}>
    Ich habe die <a href="/datenschutz">Datenschutzerklärung</a> gelesen. *</label></div>
  <div><button type="submit">Nachricht senden</button></div>
</form>"""
        return self._render(req, title="Kontakt – Waypost Nachrichten", content=content, body_class="contact")

    def _consent(self, req: Request) -> Response:
        value = req.field("consent")
        if value not in ("yes", "no"):
            return _plain(400, "consent must be yes or no")
        back = _safe_local(req.field("zurueck"), "/")
        cookie = f"{CONSENT_COOKIE}={value}; Path=/; Max-Age=31536000; SameSite=Lax"
        return _redirect(303, back, [("Set-Cookie", cookie)])

    def _feed(self, req: Request) -> Response:
        items = []
        for a in self.content.articles[:20]:
            section = self.content.section_for(a)
            link = self.portal_url + a.path
            items.append(
                "  <item>\n"
                f"    <title>{xml_escape(a.title)}</title>\n"
                f"    <link>{xml_escape(link)}</link>\n"
                f'    <guid isPermaLink="true">{xml_escape(link)}</guid>\n'
                f"    <description>{xml_escape(a.teaser)}</description>\n"
                f"    <category>{xml_escape(section.name)}</category>\n"
                f"    <pubDate>{email.utils.format_datetime(a.date)}</pubDate>\n"
                "  </item>"
            )
        newest = email.utils.format_datetime(self.content.articles[0].date)
        body = f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
  <title>Waypost Nachrichten – Schlagzeilen</title>
  <link>{xml_escape(self.portal_url)}/</link>
  <description>{xml_escape(self.content.site["tagline"])}</description>
  <language>de-de</language>
  <lastBuildDate>{newest}</lastBuildDate>
  <atom:link href="{xml_escape(self.portal_url)}/feed.xml" rel="self" type="application/rss+xml"/>
{chr(10).join(items)}
</channel>
</rss>
"""
        return Response(200, body.encode(), "application/rss+xml; charset=utf-8")

    def _headlines_json(self, req: Request) -> Response:
        wanted = req.arg("rubrik")
        if wanted and self.content.section(wanted) is None:
            return _json(404, {"fehler": f"Unbekannte Rubrik: {wanted}"})
        articles = self.content.in_section(wanted) if wanted else list(self.content.articles[:20])
        data = {
            "quelle": self.content.site["name"],
            "url": self.portal_url + "/",
            "stand": self.content.articles[0].date.isoformat(),
            "anzahl": len(articles),
            "schlagzeilen": [
                {
                    "titel": a.title,
                    "rubrik": a.section,
                    "rubrik_name": self.content.section_for(a).name,
                    "url": self.portal_url + a.path,
                    "datum": a.date.isoformat(),
                    "autor": a.author,
                    "teaser": a.teaser,
                }
                for a in articles
            ],
        }
        return _json(200, data)

    def _challenge(self, req: Request) -> Response:
        ray = hashlib.sha256(req.path.encode()).hexdigest()[:16]
        page = fill(_template("challenge.html"), {"HOST": esc(req.host or "waypost.demo"), "RAY": ray})
        headers = [("cf-mitigated", "challenge"), ("Cache-Control", "private, no-store, max-age=0")]
        return Response(403, page.encode(), headers=headers)

    def _recaptcha(self, req: Request) -> Response:
        page = _template("recaptcha.html")
        if req.method == "POST":
            page = page.replace(
                "<form ",
                '<p class="error" role="alert">Bitte lösen Sie zuerst die Sicherheitsprüfung.</p>\n  <form ',
                1,
            )
        return Response(200, page.encode(), headers=[("Cache-Control", "no-store")])

    def _not_found(self, req: Request) -> Response:
        if req.host == FINANCE_HOST:
            content = f"""
<h1>Seite nicht gefunden</h1>
<p>Unter <code>{esc(req.path)}</code> gibt es bei Waypost Finanzen keine Seite.</p>
<p><a href="/">Zur Marktübersicht</a></p>"""
            return self._finance_render(req, "Seite nicht gefunden – Waypost Finanzen", content, status=404)
        content = f"""
<h1>Seite nicht gefunden</h1>
<p>Die Seite <code>{esc(req.path)}</code> gibt es nicht (mehr). Vielleicht wurde der Artikel verschoben oder
  die Adresse enthält einen Tippfehler. (Fehler 404)</p>
<ul>
  <li><a href="/">Zur Startseite</a></li>
  <li><a href="/suche">Zur Suche</a></li>
</ul>"""
        return self._render(
            req,
            title="Seite nicht gefunden (404) – Waypost Nachrichten",
            content=content,
            status=404,
            head_extra='<meta name="robots" content="noindex">\n',
            body_class="not-found",
        )

    # ---- finance site (Host: localhost) --------------------------------------------------------

    def _finance_render(
        self, req: Request, title: str, content: str, status: int = 200, query: str = ""
    ) -> Response:
        fin = self.content.finance
        items = [
            ("/", "Übersicht"),
            ("/maerkte/", "Märkte"),
            ("/aktien/", "Aktien"),
            ("/devisen/", "Devisen"),
        ]
        current = ' aria-current="page"'
        nav = [
            f'      <li><a href="{href}"{current if req.path == href else ""}>{label}</a></li>'
            for href, label in items
        ]
        nav.append(f'      <li><a href="{self.portal_url}/wirtschaft/">Wirtschaftsnachrichten</a></li>')
        values = {
            "TITLE": esc(title),
            "DESCRIPTION": esc(f"{fin['name']}: {fin['tagline']}"),
            "OG_TITLE": esc(title),
            "CANONICAL": esc(self.finance_url + req.path),
            "AS_OF": esc(fin["as_of"]),
            "PORTAL": self.portal_url,
            "QUERY": esc(query),
            "NAV": "\n".join(nav),
            "CONTENT": content,
        }
        return Response(
            status, fill(_template("finance.html"), values).encode(), headers=[("Cache-Control", "no-cache")]
        )

    @staticmethod
    def _change_cell(change: str) -> str:
        cls = "down" if change.startswith("-") else "up"
        return f'<td class="num {cls}">{esc(change)}</td>'

    def _stock_rows(self, stocks: list[dict[str, Any]]) -> str:
        return "\n".join(
            f'    <tr><th scope="row"><a href="/aktien/{s["slug"]}">{esc(s["name"])}</a></th>'
            f'<td>{esc(s["symbol"])}</td><td class="num">{esc(s["price"])}</td>'
            f"{self._change_cell(s['change'])}</tr>"
            for s in stocks
        )

    def _index_rows(self) -> str:
        return "\n".join(
            f'    <tr><th scope="row">{esc(i["name"])}</th><td class="num">{esc(i["value"])}</td>'
            f'{self._change_cell(i["change"])}<td class="num">{esc(i["points"])}</td></tr>'
            for i in self.content.finance["indices"]
        )

    def _finance(self, req: Request) -> Response:
        if req.method not in ("GET", "HEAD"):
            return self._method_not_allowed("GET, HEAD")
        fin = self.content.finance
        stocks: list[dict[str, Any]] = fin["stocks"]
        path = req.path
        if path in ("/maerkte", "/aktien", "/devisen"):
            return _redirect(301, path + "/")
        if path == "/":
            movers = sorted(
                stocks, key=lambda s: float(s["change"].split()[0].replace(",", ".")), reverse=True
            )
            news = self.content.in_section("wirtschaft")[:3]
            news_html = "\n".join(
                f'    <li><a href="{self.portal_url}{a.path}">{esc(a.title)}</a></li>' for a in news
            )
            content = f"""
<h1>Waypost Finanzen – Marktübersicht</h1>
<p>{esc(fin["tagline"])}</p>
<table class="indices">
  <caption>Indizes</caption>
  <thead><tr><th scope="col">Index</th><th scope="col" class="num">Stand</th><th scope="col" class="num">Veränderung</th>
    <th scope="col" class="num">Punkte</th></tr></thead>
  <tbody>
{self._index_rows()}
  </tbody>
</table>
<table class="movers">
  <caption>Gewinner und Verlierer</caption>
  <thead><tr><th scope="col">Aktie</th><th scope="col">Kürzel</th><th scope="col" class="num">Kurs</th>
    <th scope="col" class="num">Veränderung</th></tr></thead>
  <tbody>
{self._stock_rows(movers)}
  </tbody>
</table>
<section aria-labelledby="h-news">
  <h2 id="h-news">Wirtschaftsnachrichten</h2>
  <ul>
{news_html}
  </ul>
</section>"""  # noqa: E501
            return self._finance_render(req, "Waypost Finanzen – Börse, Kurse, Märkte", content)
        if path == "/maerkte/":
            content = f"""
<h1>Märkte</h1>
<table class="indices">
  <caption>Indizes ({esc(fin["as_of"])})</caption>
  <thead><tr><th scope="col">Index</th><th scope="col" class="num">Stand</th><th scope="col" class="num">Veränderung</th>
    <th scope="col" class="num">Punkte</th></tr></thead>
  <tbody>
{self._index_rows()}
  </tbody>
</table>"""  # noqa: E501
            return self._finance_render(req, "Märkte – Waypost Finanzen", content)
        if path == "/aktien/":
            query = " ".join(req.arg("q").split())[:100]
            shown = stocks
            note = ""
            if query:
                q = query.casefold()
                shown = [
                    s for s in stocks if any(q in s[k].casefold() for k in ("name", "symbol", "isin", "slug"))
                ]
                note = f'<p class="result-count">{len(shown)} Treffer für „{esc(query)}“</p>'
                if not shown:
                    note = f'<p class="notice no-results">Keine Treffer für „{esc(query)}“.</p>'
            content = f"""
<h1>Aktien</h1>
{note}
<table class="stocks">
  <caption>Alle Werte</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Kürzel</th><th scope="col" class="num">Kurs</th>
    <th scope="col" class="num">Veränderung</th></tr></thead>
  <tbody>
{self._stock_rows(shown)}
  </tbody>
</table>"""
            return self._finance_render(req, "Aktien – Waypost Finanzen", content, query=query)
        if path.startswith("/aktien/"):
            slug = path[len("/aktien/") :]
            stock = next((s for s in stocks if s["slug"] == slug.rstrip("/")), None)
            if stock is not None and slug.endswith("/"):
                return _redirect(301, f"/aktien/{stock['slug']}")
            if stock is not None:
                facts = [
                    ("Kurs", stock["price"]),
                    ("Veränderung zum Vortag", stock["change"]),
                    ("Kürzel", stock["symbol"]),
                    ("ISIN", stock["isin"]),
                    ("Branche", stock["sector"]),
                    ("Marktkapitalisierung", stock["market_cap"]),
                    ("KGV", stock["pe"]),
                    ("Dividende", stock["dividend"]),
                    ("52-Wochen-Hoch", stock["high52"]),
                    ("52-Wochen-Tief", stock["low52"]),
                ]
                rows = "\n".join(
                    f'    <tr><th scope="row">{esc(k)}</th><td>{esc(v)}</td></tr>' for k, v in facts
                )
                cls = "down" if stock["change"].startswith("-") else "up"
                content = f"""
<nav class="breadcrumb" aria-label="Brotkrumennavigation">
  <ol><li><a href="/">Übersicht</a></li><li><a href="/aktien/">Aktien</a></li>
    <li aria-current="page">{esc(stock["name"])}</li></ol>
</nav>
<h1>{esc(stock["name"])}</h1>
<p class="quote"><strong class="price">{esc(stock["price"])}</strong>
  <span class="{cls}">{esc(stock["change"])}</span> <span class="meta">{esc(fin["as_of"])}</span></p>
<p>{esc(stock["about"])}</p>
<table class="facts">
  <caption>Kennzahlen</caption>
  <tbody>
{rows}
  </tbody>
</table>
<p><a href="/aktien/">Zurück zur Übersicht aller Aktien</a></p>"""
                return self._finance_render(req, f"{stock['name']} Aktie – Waypost Finanzen", content)
        if path == "/devisen/":
            rows = "\n".join(
                f'    <tr><th scope="row">{esc(pair)}</th><td class="num">{esc(rate)}</td>'
                f"{self._change_cell(chg)}</tr>"
                for pair, rate, chg in fin["currencies"]
            )
            content = f"""
<h1>Devisen</h1>
<table class="currencies">
  <caption>Wechselkurse ({esc(fin["as_of"])})</caption>
  <thead><tr><th scope="col">Paar</th><th scope="col" class="num">Kurs</th><th scope="col" class="num">Veränderung</th></tr></thead>
  <tbody>
{rows}
  </tbody>
</table>"""  # noqa: E501
            return self._finance_render(req, "Devisen – Waypost Finanzen", content)
        return self._not_found(req)


# --------------------------------------------------------------------------------------------------
# Server
# --------------------------------------------------------------------------------------------------


class _BadRequest(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _Handler(BaseHTTPRequestHandler):
    server: _Server
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
            host=_host_name(host_header),
            cookies=_parse_cookies(self.headers.get("Cookie", "")),
            form=form,
            body=body,
            content_type=self.headers.get("Content-Type", ""),
        )

    def _dispatch(self, method: str) -> None:
        try:
            if method not in ("GET", "HEAD", "POST"):
                self.close_connection = True  # the body, if any, stays unread
                response = _plain(405, "Method Not Allowed")
                response.headers.append(("Allow", "GET, HEAD, POST"))
            else:
                response = self.server.app.handle(self._read_request(method))
        except _BadRequest as exc:
            response = _plain(exc.status, str(exc))
        except Exception:
            log.warning("demo site: error while handling %s %s", method, self.path, exc_info=True)
            response = _plain(500, "Interner Fehler der Demo-Site.")
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


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], family: socket.AddressFamily, app: DemoApp) -> None:
        self.address_family = family
        self.app = app
        self.latency = 0.0
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
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
        with self._open_lock:
            sockets, self._open = list(self._open), set()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.debug("demo site: connection error from %s", client_address, exc_info=True)


def _loopback_host(host: str) -> str:
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
        self._host = _loopback_host(host)
        if not 0 <= port <= 65535:
            raise ValueError(f"port must be between 0 and 65535, not {port}")
        if not 0 <= latency <= 10:
            raise ValueError(f"latency must be between 0 and 10 seconds, not {latency}")
        self._port = port
        self._latency = latency
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
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
            app = DemoApp(load_content(), "", "")
            server = _Server((self._host, self._port), family, app)
            server.latency = self._latency
            self._port = int(server.server_address[1])
            app.portal_url, app.finance_url = self.url, self.finance_url
            thread = threading.Thread(
                target=server.serve_forever,
                kwargs={"poll_interval": 0.1},
                name=f"waypost-demo-{self._port}",
                daemon=True,
            )
            thread.start()
            self._server, self._thread = server, thread
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
        return list(self._server.app.service.received) if self._server is not None else []

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
