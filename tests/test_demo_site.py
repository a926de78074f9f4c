"""Tests for the bundled demo site (``waypost.demo``), over plain HTTP: no browser needed."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from waypost.demo import DEMO_PASSWORD, DEMO_USER, SESSION_COOKIE, DemoSite

SECTIONS = (
    "politik",
    "wirtschaft",
    "sport",
    "kultur",
    "wissenschaft",
    "gesundheit",
    "reise",
    "wetter",
    "english",
)
POLITIK_TOP = "Koalition einigt sich nach Marathonsitzung auf Haushalt 2026"


# ---- helpers -------------------------------------------------------------------------------------


@dataclass
class Link:
    href: str
    text: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    img_alts: list[str] = field(default_factory=list)
    rel: str = ""


class PageParser(HTMLParser):
    """Collects links, tags, resources the page loads, and a few head elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[Link] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.loads: list[str] = []  # URLs the browser would fetch
        self._open: list[Link] = []
        self._h: str | None = None
        self.headings: dict[str, list[str]] = {}
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.append((tag, a))
        if tag == "a" and "href" in a:
            link = Link(a["href"], attrs=a, rel=a.get("rel", ""))
            self.links.append(link)
            self._open.append(link)
        elif tag == "img":
            self.loads.append(a.get("src", ""))
            for link in self._open:
                link.img_alts.append(a.get("alt", ""))
        elif tag == "script" and "src" in a:
            self.loads.append(a["src"])
        elif tag == "link" and a.get("rel") in ("stylesheet", "icon", "preload", "modulepreload"):
            self.loads.append(a.get("href", ""))
        elif tag in ("h1", "h2", "h3"):
            self._h, self._text = tag, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            self._open.pop()
        elif tag == self._h:
            self.headings.setdefault(tag, []).append(" ".join("".join(self._text).split()))
            self._h = None

    def handle_data(self, data: str) -> None:
        for link in self._open:
            link.text += data
        if self._h:
            self._text.append(data)

    def find(self, tag: str, **want: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in want.items())]


def parse(body: str) -> PageParser:
    parser = PageParser()
    parser.feed(body)
    parser.close()
    for link in parser.links:
        link.text = " ".join(link.text.split())
    return parser


@dataclass
class Reply:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def header(self, name: str) -> str:
        return self.headers.get(name, "")


def raw(
    site: DemoSite,
    path: str,
    *,
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
) -> Reply:
    """One request, sent exactly as given (no redirects followed, no path normalisation)."""
    conn = http.client.HTTPConnection(site.host, site.port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return Reply(resp.status, resp.headers, resp.read())
    finally:
        conn.close()


def post_form(
    site: DemoSite, path: str, data: dict[str, str], headers: dict[str, str] | None = None
) -> Reply:
    body = urllib.parse.urlencode(data).encode()
    all_headers = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    return raw(site, path, method="POST", headers=all_headers, body=body)


def finance_headers(site: DemoSite) -> dict[str, str]:
    return {"Host": urllib.parse.urlsplit(site.finance_url).netloc}


@pytest.fixture(scope="module")
def site() -> Iterator[DemoSite]:
    with DemoSite() as demo:
        yield demo


# ---- front page ----------------------------------------------------------------------------------


def test_front_page_basics(site: DemoSite) -> None:
    reply = raw(site, "/")
    assert reply.status == 200
    assert reply.header("Content-Type") == "text/html; charset=utf-8"
    page = parse(reply.text)
    assert len(page.links) >= 50
    assert page.find("meta", name="description")[0]["content"]
    assert page.find("meta", property="og:title")[0]["content"] == "Waypost Nachrichten"
    assert page.find("link", rel="canonical")[0]["href"] == site.url + "/"
    feeds = page.find("link", rel="alternate", type="application/rss+xml")
    assert feeds and feeds[0]["href"] == site.url + "/feed.xml"
    for tag in ("header", "nav", "main", "article", "aside", "footer"):
        assert page.find(tag), tag
    search = page.find("form", role="search")[0]
    assert (search["action"], search["method"]) == ("/suche", "get")
    assert page.find("input", name="q")
    hrefs = {link.href for link in page.links}
    assert "/login" in hrefs
    assert {f"/{s}/" for s in SECTIONS} <= hrefs
    assert {"/impressum", "/datenschutz", "/kontakt", "/ueber-uns"} <= hrefs
    assert site.finance_url + "/" in hrefs
    assert site.finance_url.startswith("http://localhost:")
    assert site.url.startswith("http://127.0.0.1:")


def test_front_page_has_realistic_link_variety(site: DemoSite) -> None:
    page = parse(raw(site, "/").text)
    image_only = [link for link in page.links if not link.text and link.img_alts and link.img_alts[0]]
    assert len(image_only) >= 5
    assert any(link.href == "/politik/haushalt-einigung-2026.html" for link in image_only)
    aria_only = [
        link for link in page.links if not link.text and not link.img_alts and "aria-label" in link.attrs
    ]
    assert aria_only
    title_only = [
        link
        for link in page.links
        if not link.text and not link.img_alts and "title" in link.attrs and "aria-label" not in link.attrs
    ]
    assert title_only and title_only[0].href == "/wetter/"
    assert any(link.href.startswith("javascript:") for link in page.links)
    assert any(link.href.startswith("mailto:") for link in page.links)
    assert any(link.href.startswith("#") and len(link.href) > 1 for link in page.links)
    lead = [link for link in page.links if link.href == "/politik/haushalt-einigung-2026.html"]
    assert len(lead) >= 3  # image, headline, "Weiterlesen", ticker, most read
    assert any(link.href.startswith("https://example.org") for link in page.links)


def test_front_page_loads_only_local_resources(site: DemoSite) -> None:
    for path in ("/", "/politik/haushalt-einigung-2026.html", "/geschuetzt/", "/captcha/"):
        page = parse(raw(site, path).text)
        assert page.loads, path
        for url in page.loads:
            assert url.startswith("/") and not url.startswith("//"), (path, url)
    finance = parse(raw(site, "/", headers=finance_headers(site)).text)
    assert all(url.startswith("/") for url in finance.loads)


def test_consent_banner(site: DemoSite) -> None:
    page = parse(raw(site, "/").text)
    banner = page.find("div", id="consent-banner")
    assert banner and "consent-overlay" in banner[0]["class"]
    assert page.find("button", id="consent-accept")[0]["data-consent"] == "yes"
    assert page.find("button", id="consent-reject")[0]["data-consent"] == "no"
    text = raw(site, "/").text
    assert ">Akzeptieren</button>" in text and ">Ablehnen</button>" in text
    assert page.find("script", src="/static/consent.js")
    assert ">Accept all</button>" in raw(site, "/english/").text
    for value in ("yes", "no"):
        decided = raw(site, "/", headers={"Cookie": f"other=1; consent={value}"}).text
        assert 'id="consent-banner"' not in decided
    js = raw(site, "/static/consent.js").text
    assert '"consent=" + value' in js and 'localStorage.setItem("consent"' in js


def test_consent_form_fallback_without_js(site: DemoSite) -> None:
    reply = post_form(site, "/einwilligung", {"consent": "yes", "zurueck": "/sport/"})
    assert reply.status == 303
    assert reply.header("Location") == "/sport/"
    assert reply.header("Set-Cookie").startswith("consent=yes;")
    evil = post_form(site, "/einwilligung", {"consent": "no", "zurueck": "//evil.example/"})
    assert evil.status == 303 and evil.header("Location") == "/"
    assert post_form(site, "/einwilligung", {"consent": "maybe"}).status == 400


# ---- sections and articles -----------------------------------------------------------------------


def test_sections(site: DemoSite) -> None:
    assert len(SECTIONS) >= 7
    for slug in SECTIONS:
        reply = raw(site, f"/{slug}/")
        assert reply.status == 200, slug
        page = parse(reply.text)
        teasers = page.headings.get("h2", [])
        articles = [
            link
            for link in page.links
            if link.href.startswith(f"/{slug}/") and link.href.endswith(".html") and link.text
        ]
        assert 5 <= len({link.href for link in articles}) <= 8, slug
        assert page.find("a", href=f"/{slug}/", **{"aria-current": "page"}), slug
        assert teasers and teasers[0] == articles[0].text, slug
    politik = parse(raw(site, "/politik/").text)
    assert politik.headings["h1"] == ["Politik"]
    assert politik.headings["h2"][0] == POLITIK_TOP
    assert raw(site, "/english/").text.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "<table" in raw(site, "/wetter/").text


def test_politik_pagination(site: DemoSite) -> None:
    first = parse(raw(site, "/politik/").text)
    assert first.find("link", rel="next")[0]["href"] == "/politik/?seite=2"
    assert first.find("a", rel="next")[0]["href"] == "/politik/?seite=2"
    assert not first.find("link", rel="prev")
    reply = raw(site, "/politik/?seite=2")
    assert reply.status == 200
    second = parse(reply.text)
    assert second.find("link", rel="prev")[0]["href"] == "/politik/"
    assert second.find("a", rel="prev")[0]["href"] == "/politik/"
    assert not second.find("link", rel="next")
    on_first = {link.href for link in first.links if link.href.endswith(".html")}
    on_second = {
        link.href
        for link in second.links
        if link.href.endswith(".html") and link.href.startswith("/politik/")
    }
    assert 5 <= len(on_second) <= 8
    assert not on_second & on_first
    assert POLITIK_TOP not in second.headings["h2"]
    for bad in ("3", "0", "abc", "-1"):
        assert raw(site, f"/politik/?seite={bad}").status == 404, bad


def test_article_page(site: DemoSite) -> None:
    reply = raw(site, "/politik/haushalt-einigung-2026.html")
    assert reply.status == 200
    page = parse(reply.text)
    assert page.headings["h1"] == [POLITIK_TOP]
    assert "Von Anna Berger" in reply.text
    assert page.find("time")[0]["datetime"].startswith("2026-03-14T09:15")
    paragraphs = reply.text.split("<article")[1].split("</article>")[0].count("<p>")
    assert paragraphs >= 3
    crumbs = page.find("nav", **{"aria-label": "Brotkrumennavigation"})
    assert crumbs
    assert page.find("meta", property="og:type")[0]["content"] == "article"
    related = [
        link.href for link in page.links if link.href.startswith("/politik/") and link.href.endswith(".html")
    ]
    assert len(set(related)) >= 3
    assert "/politik/haushalt-einigung-2026.html" not in related
    ld = reply.text.split('<script type="application/ld+json">')[1].split("</script>")[0]
    assert json.loads(ld)["headline"] == POLITIK_TOP

    english = raw(site, "/english/budget-deal-2026.html")
    assert english.status == 200
    assert '<html lang="en">' in english.text and "By Emily Carter" in english.text
    assert parse(english.text).headings["h1"] == ["German coalition agrees 2026 budget after overnight talks"]


def test_no_broken_internal_links(site: DemoSite) -> None:
    """Crawl both host names: every internal link answers 200 (the challenge wall 403)."""
    finance_netloc = urllib.parse.urlsplit(site.finance_url).netloc
    seen: set[tuple[str, str]] = set()
    queue = [("portal", "/"), ("finance", "/")]
    while queue:
        host, path = queue.pop()
        if (host, path) in seen:
            continue
        seen.add((host, path))
        headers = {"Host": finance_netloc} if host == "finance" else {}
        reply = raw(site, path, headers=headers)
        expected = 403 if path.startswith("/geschuetzt/") else 200
        assert reply.status == expected, (host, path, reply.status)
        if not reply.header("Content-Type").startswith("text/html") or path.startswith("/geschuetzt/"):
            continue
        for link in parse(reply.text).links:
            url = urllib.parse.urljoin(
                (site.finance_url if host == "finance" else site.url) + path, link.href
            )
            parts = urllib.parse.urlsplit(url)
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if url.startswith(site.url + "/"):
                queue.append(("portal", target))
            elif url.startswith(site.finance_url + "/"):
                queue.append(("finance", target))
    assert len(seen) > 70
    assert ("portal", "/politik/?seite=2") in seen
    assert ("finance", "/aktien/hansekiel-werft") in seen


# ---- redirects, errors, walls --------------------------------------------------------------------


def test_redirects(site: DemoSite) -> None:
    first = raw(site, "/umleitung")
    assert (first.status, first.header("Location")) == (302, "/alt/politik")
    second = raw(site, "/alt/politik")
    assert (second.status, second.header("Location")) == (301, "/politik/")
    assert raw(site, "/politik").status == 301
    with urllib.request.urlopen(site.url_for("/umleitung"), timeout=10) as resp:
        assert resp.status == 200
        assert resp.url == site.url_for("/politik/")
        assert POLITIK_TOP in resp.read().decode()


def test_not_found(site: DemoSite) -> None:
    for path in ("/gibt-es-nicht", "/politik/gibt-es-nicht.html", "/politik/extra/tief.html", "/POLITIK/"):
        reply = raw(site, path)
        assert reply.status == 404, path
        assert "Seite nicht gefunden" in reply.text
        assert reply.header("Content-Type").startswith("text/html")
    head = raw(site, "/gibt-es-nicht", method="HEAD")
    assert head.status == 404 and head.body == b"" and int(head.header("Content-Length")) > 0
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(site.url_for("/nix"), timeout=10)
    assert info.value.code == 404
    info.value.close()


def test_captcha_walls(site: DemoSite) -> None:
    wall = raw(site, "/geschuetzt/")
    assert wall.status == 403
    assert "<title>Just a moment...</title>" in wall.text
    assert "Checking if the site connection is secure" in wall.text
    assert 'class="cf-turnstile"' in wall.text
    assert wall.header("cf-mitigated") == "challenge"
    assert raw(site, "/geschuetzt/archiv/2025.html").status == 403
    recaptcha = raw(site, "/captcha/")
    assert recaptcha.status == 200
    assert 'class="g-recaptcha"' in recaptcha.text and "data-sitekey" in recaptcha.text


# ---- login ---------------------------------------------------------------------------------------


def test_login_flow_with_raw_requests(site: DemoSite) -> None:
    anonymous = raw(site, "/konto")
    assert anonymous.status in (302, 303)
    assert anonymous.header("Location").startswith("/login")

    form = parse(raw(site, "/login").text)
    assert form.find("input", name="username", type="text")
    assert form.find("input", name="password", type="password")
    assert '<button type="submit">Anmelden</button>' in raw(site, "/login").text

    wrong = post_form(site, "/login", {"username": DEMO_USER, "password": "falsch"})
    assert wrong.status == 200
    assert "Benutzername oder Passwort ist falsch" in wrong.text
    assert not wrong.header("Set-Cookie")
    assert 'value="demo"' in wrong.text  # the user name is kept

    ok = post_form(site, "/login", {"username": DEMO_USER, "password": DEMO_PASSWORD})
    assert ok.status == 303
    assert ok.header("Location") == "/konto"
    cookie = ok.header("Set-Cookie")
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "HttpOnly" in cookie and "Path=/" in cookie
    session = cookie.split(";")[0]

    account = raw(site, "/konto", headers={"Cookie": session})
    assert account.status == 200
    assert "Angemeldet als demo" in account.text
    assert raw(site, "/konto", headers={"Cookie": f"{SESSION_COOKIE}=forged"}).status in (302, 303)
    assert "Angemeldet als demo" in raw(site, "/", headers={"Cookie": session}).text

    out = raw(site, "/logout", headers={"Cookie": session})
    assert out.status in (302, 303)
    assert "Max-Age=0" in out.header("Set-Cookie")
    assert raw(site, "/konto", headers={"Cookie": session}).status in (302, 303)


def test_login_flow_with_cookie_jar(site: DemoSite) -> None:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(site.url_for("/konto"), timeout=10) as resp:  # redirected to the form
        assert urllib.parse.urlsplit(resp.url).path == "/login"
        assert 'name="weiter" value="/konto"' in resp.read().decode()
    data = urllib.parse.urlencode({"username": "demo", "password": "demo", "weiter": "/konto"}).encode()
    with opener.open(site.url_for("/login"), data=data, timeout=10) as resp:
        assert resp.url == site.url_for("/konto")
        assert "Angemeldet als demo" in resp.read().decode()
    assert [c.name for c in jar] == [SESSION_COOKIE]
    with opener.open(site.url_for("/logout"), timeout=10) as resp:
        assert "Sie wurden abgemeldet" in resp.read().decode()
    with opener.open(site.url_for("/konto"), timeout=10) as resp:
        assert urllib.parse.urlsplit(resp.url).path == "/login"


# ---- search, forms, feeds ------------------------------------------------------------------------


def search_hits(site: DemoSite, query: str) -> list[Link]:
    reply = raw(site, "/suche?" + urllib.parse.urlencode({"q": query}))
    assert reply.status == 200
    results = reply.text.split('<ol class="results">')
    if len(results) == 1:
        return []
    return parse(results[1].split("</ol>")[0]).links


def test_search(site: DemoSite) -> None:
    hits = search_hits(site, "Haushalt")
    assert hits and hits[0].href == "/politik/haushalt-einigung-2026.html"
    assert [h.href for h in search_hits(site, "hAuShAlT")] == [h.href for h in hits]
    body_only = search_hits(site, "Sondervermögen")  # only in the body text of one article
    assert [h.href for h in body_only] == ["/politik/haushalt-einigung-2026.html"]
    assert {h.href for h in search_hits(site, "Elbtal Pokal")} == {"/sport/pokalfinale-elbtal.html"}
    assert any(h.href.startswith("/english/") for h in search_hits(site, "night train"))
    none = raw(site, "/suche?q=Quetzalcoatl")
    assert "Keine Treffer" in none.text and search_hits(site, "Quetzalcoatl") == []
    assert "Bitte geben Sie einen Suchbegriff ein" in raw(site, "/suche").text
    injected = raw(site, "/suche?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E").text
    assert "<script>alert(1)</script>" not in injected and "&lt;script&gt;" in injected


def test_contact_form(site: DemoSite) -> None:
    page = parse(raw(site, "/kontakt").text)
    input_types = {a.get("type") for a in page.find("input")}
    assert {"text", "email", "checkbox", "radio", "tel"} <= input_types
    assert page.find("select", name="thema") and page.find("textarea", name="nachricht")
    good = {
        "anrede": "frau",
        "name": "Erika Beispiel",
        "email": "erika@example.org",
        "thema": "leserbrief",
        "nachricht": "Guter Artikel über den Haushalt!",
        "newsletter": "ja",
        "datenschutz": "ja",
    }
    ok = post_form(site, "/kontakt", good)
    assert ok.status == 200
    assert "Vielen Dank, Erika Beispiel!" in ok.text
    assert "<dd>Leserbrief</dd>" in ok.text and "<dd>Frau</dd>" in ok.text and "<dd>ja</dd>" in ok.text
    assert 'id="vorgangsnummer">WP-' in ok.text
    bad = post_form(site, "/kontakt", {**good, "email": "keine-adresse", "datenschutz": ""})
    assert bad.status == 200 and 'role="alert"' in bad.text
    assert "gültige E-Mail-Adresse" in bad.text and "Datenschutzerklärung" in bad.text
    assert 'value="Erika Beispiel"' in bad.text  # values are kept


def test_json_endpoint(site: DemoSite) -> None:
    reply = raw(site, "/api/schlagzeilen.json")
    assert reply.status == 200
    assert reply.header("Content-Type") == "application/json; charset=utf-8"
    data = json.loads(reply.body)
    assert data["quelle"] == "Waypost Nachrichten"
    headlines = data["schlagzeilen"]
    assert len(headlines) == data["anzahl"] >= 10
    assert {"titel", "rubrik", "url", "datum", "teaser"} <= set(headlines[0])
    assert all(h["url"].startswith(site.url + "/") for h in headlines)
    assert raw(site, urllib.parse.urlsplit(headlines[0]["url"]).path).status == 200
    politik = json.loads(raw(site, "/api/schlagzeilen.json?rubrik=politik").body)
    assert politik["schlagzeilen"][0]["titel"] == POLITIK_TOP
    assert {h["rubrik"] for h in politik["schlagzeilen"]} == {"politik"}
    assert raw(site, "/api/schlagzeilen.json?rubrik=astrologie").status == 404


def test_rss_feed(site: DemoSite) -> None:
    reply = raw(site, "/feed.xml")
    assert reply.status == 200
    assert reply.header("Content-Type").startswith("application/rss+xml")
    channel = ET.fromstring(reply.body).find("channel")
    assert channel is not None
    items = channel.findall("item")
    assert len(items) >= 10
    assert all((item.findtext("link") or "").startswith(site.url + "/") for item in items)
    assert POLITIK_TOP in [item.findtext("title") for item in items]


# ---- finance host --------------------------------------------------------------------------------


def test_finance_site_on_other_host_name(site: DemoSite) -> None:
    headers = finance_headers(site)
    home = raw(site, "/", headers=headers)
    assert home.status == 200
    page = parse(home.text)
    assert page.headings["h1"] == ["Waypost Finanzen – Marktübersicht"]
    assert page.find("link", rel="canonical")[0]["href"] == site.finance_url + "/"
    assert any(link.href == site.url + "/" for link in page.links)  # back to the portal
    assert 'id="consent-banner"' not in home.text
    assert "Waypost Finanzen" not in parse(raw(site, "/").text).headings["h1"][0]
    stock = raw(site, "/aktien/nordlicht-energie", headers=headers)
    assert stock.status == 200 and "Nordlicht Energie AG" in stock.text and "42,18 €" in stock.text
    for path in ("/maerkte/", "/aktien/", "/devisen/"):
        assert raw(site, path, headers=headers).status == 200, path
        assert raw(site, path).status == 404, path  # the portal has no such pages
    found = raw(site, "/aktien/?q=hansekiel", headers=headers).text
    assert "Hansekiel Werft AG" in found and "Nordlicht" not in found.split("<table")[1]
    missing = raw(site, "/politik/", headers=headers)
    assert missing.status == 404 and "Seite nicht gefunden" in missing.text
    assert raw(site, "/", headers={"Host": "LOCALHOST"}).text == home.text
    assert raw(site, "/static/style.css", headers=headers).status == 200
    with urllib.request.urlopen(site.finance_url + "/", timeout=10) as resp:
        assert "Waypost Finanzen" in resp.read().decode()


# ---- server behaviour ----------------------------------------------------------------------------


TRAVERSALS = (
    "/../../etc/passwd",
    "/../../../../../../etc/passwd",
    "/static/../../../../../../etc/passwd",
    "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/static/%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "/static/..%2f..%2fserver.py",
    "/static/%252e%252e/%252e%252e/server.py",
    "/static/..%5c..%5cserver.py",
    "/static/../server.py",
    "/static/img/../../templates/portal.html",
    "/static/%2e%2e/data/articles.txt",
    "/static//etc/passwd",
    "/static/.hidden",
    "/static/",
    "/templates/portal.html",
    "/data/site.json",
    "/server.py",
    "//etc/passwd",
)


@pytest.mark.parametrize("path", TRAVERSALS)
def test_path_traversal_is_refused(site: DemoSite, path: str) -> None:
    reply = raw(site, path)
    assert reply.status == 404, path
    assert b"root:" not in reply.body and b"import " not in reply.body and b"{{" not in reply.body


def test_nul_byte_is_rejected(site: DemoSite) -> None:
    assert raw(site, "/static/style.css%00.txt").status in (400, 404)


def test_static_files_and_head(site: DemoSite) -> None:
    expected = {
        "/static/style.css": "text/css; charset=utf-8",
        "/static/consent.js": "text/javascript; charset=utf-8",
        "/static/logo.svg": "image/svg+xml",
        "/static/img/politik.svg": "image/svg+xml",
        "/robots.txt": "text/plain; charset=utf-8",
    }
    for path, ctype in expected.items():
        reply = raw(site, path)
        assert reply.status == 200 and reply.header("Content-Type") == ctype, path
        head = raw(site, path, method="HEAD")
        assert head.status == 200 and head.body == b""
        assert head.header("Content-Length") == str(len(reply.body))
    front = raw(site, "/", method="HEAD")
    assert front.status == 200 and front.body == b"" and int(front.header("Content-Length")) > 10_000


def test_methods(site: DemoSite) -> None:
    assert raw(site, "/", method="POST", body=b"").status == 405
    assert raw(site, "/gibt-es-nicht", method="POST", body=b"").status == 404
    put = raw(site, "/", method="PUT", body=b"x")
    assert put.status == 405 and "GET" in put.header("Allow")
    assert raw(site, "/einwilligung").status == 405


def test_server_survives_bad_requests(site: DemoSite) -> None:
    too_big = raw(site, "/login", method="POST", body=b"x" * (65 * 1024))
    assert too_big.status == 413
    assert raw(site, "/login", method="POST", headers={"Content-Length": "zwölf"}).status == 400
    for garbage in (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", b"GARBAGE\r\n\r\n", b"\r\n"):
        with socket.create_connection((site.host, site.port), timeout=5) as sock:
            sock.sendall(garbage)
            sock.recv(4096)
    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(lambda _: raw(site, "/politik/").status, range(48)))
    assert statuses == [200] * 48


def test_keep_alive_connection_serves_several_requests(site: DemoSite) -> None:
    conn = http.client.HTTPConnection(site.host, site.port, timeout=10)
    try:
        for path in ("/", "/politik/", "/static/style.css", "/gibt-es-nicht"):
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            assert resp.status in (200, 404)
    finally:
        conn.close()


def test_only_loopback_addresses() -> None:
    for host in ("0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "example.org", ""):
        with pytest.raises(ValueError):
            DemoSite(host=host)
    with pytest.raises(ValueError):
        DemoSite(port=70000)
    assert DemoSite("localhost").host == "127.0.0.1"
    assert DemoSite("127.0.0.2").host == "127.0.0.2"


def test_start_stop_and_urls() -> None:
    site = DemoSite()
    with pytest.raises(RuntimeError):
        _ = site.url
    assert site.start() is site and site.start() is site and site.running
    port = site.port
    assert site.url == f"http://127.0.0.1:{port}"
    assert site.finance_url == f"http://localhost:{port}"
    assert site.url_for("/politik/") == f"http://127.0.0.1:{port}/politik/"
    assert site.url_for("suche?q=x") == f"http://127.0.0.1:{port}/suche?q=x"
    assert site.finance_url_for("/aktien/") == f"http://localhost:{port}/aktien/"
    assert raw(site, "/").status == 200
    site.stop()
    site.stop()
    assert not site.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    with DemoSite(port=port) as again:  # the port was released
        assert again.port == port and raw(again, "/").status == 200


def test_latency_delays_every_response() -> None:
    with pytest.raises(ValueError, match="latency"):
        DemoSite(latency=-1)
    with DemoSite(latency=0.3) as slow:
        started = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            statuses = list(pool.map(lambda _: urllib.request.urlopen(slow.url, timeout=10).status, range(4)))
        elapsed = time.perf_counter() - started
    assert statuses == [200] * 4
    assert elapsed >= 0.3  # a lower bound only: how much the waits overlap is for bench/subagents.py
