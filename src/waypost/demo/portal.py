"""The news portal "Waypost Nachrichten": its routes, its page chrome and its pages.

Page bodies are templates under ``site/templates/portal/``; this module chooses them, fills them
and wraps them in the shell ``portal.html`` (navigation, account link, consent banner). The
service pages (report, terms, feedback form) are in :mod:`waypost.demo.service`.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import re
import secrets
import threading
from typing import ClassVar
from urllib.parse import quote
from xml.sax.saxutils import escape as xml_escape

from waypost.demo.content import (
    DEMO_PASSWORD,
    DEMO_USER,
    READER_PASSWORD,
    READER_USER,
    Article,
    Content,
    Page,
    Section,
)
from waypost.demo.html import article_links, change_class, esc, fill, render, template
from waypost.demo.http import (
    Request,
    Response,
    json_response,
    method_not_allowed,
    plain,
    redirect,
    safe_local,
)
from waypost.demo.service import ServicePages

__all__ = ["CONSENT_COOKIE", "SESSION_COOKIE", "Portal"]

SESSION_COOKIE = "wp_session"
"""Name of the HttpOnly session cookie set by a successful login."""
CONSENT_COOKIE = "consent"
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_BANNER_TEXTS = {
    "en": {
        "HEADING": "We value your privacy",
        "TEXT": "We and our 143 partners use cookies to store and access information on your device, "
        "for personalised content and ads, measurement and audience insights. You can change "
        "your choice at any time under “Cookie settings” at the bottom of every page.",
        "ACCEPT": "Accept all",
        "REJECT": "Reject all",
        "PRIVACY": "Privacy policy",
    },
    "de": {
        "HEADING": "Wir respektieren Ihre Privatsphäre",
        "TEXT": "Wir und unsere 143 Partner speichern und verwenden Informationen auf Ihrem Gerät "
        "(Cookies), um Inhalte und Anzeigen zu personalisieren und die Nutzung zu messen. Ihre "
        "Auswahl können Sie jederzeit unter „Cookie-Einstellungen“ am Ende jeder Seite ändern.",
        "ACCEPT": "Akzeptieren",
        "REJECT": "Ablehnen",
        "PRIVACY": "Datenschutzerklärung",
    },
}


def _words(en: bool, english: str, german: str) -> str:
    return english if en else german


class Portal:
    """Routes and pages of the portal host. Thread-safe (logins are kept in memory).

    Args:
        content: The site's content.
        portal_url: Base URL of the portal (no trailing slash).
        finance_url: Base URL of the finance site, for the links to it.
    """

    def __init__(self, content: Content, portal_url: str, finance_url: str) -> None:
        self.content = content
        self.portal_url = portal_url
        self.finance_url = finance_url
        self._sessions: dict[str, str] = {}
        self._lock = threading.Lock()
        self.service = ServicePages(self.render)

    # ---- routes --------------------------------------------------------------------------------

    def handle(self, req: Request) -> Response:
        """Answer one request for the portal host."""
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
                    return method_not_allowed("GET, HEAD")
                return self.not_found(req)
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
            return method_not_allowed("POST")
        if path in ("/alt/politik", "/alt/politik/"):
            return redirect(301, "/politik/")
        if path == "/umleitung":
            return redirect(302, "/alt/politik")
        if path == "/captcha":
            return redirect(301, "/captcha/")
        slug = path.strip("/")
        if slug in self.content.pages and path == f"/{slug}":
            return self._page(req, self.content.pages[slug])
        parts = path.split("/")
        section = self.content.section(parts[1]) if len(parts) > 1 else None
        if section is not None:
            if len(parts) == 2:
                return redirect(301, section.path)
            if len(parts) == 3 and parts[2] == "":
                return self._section(req, section)
            if len(parts) == 3 and parts[2].endswith(".html"):
                article = self.content.by_key.get(f"{section.slug}/{parts[2][:-5]}")
                if article is not None:
                    return self._article(req, article)
        return self.not_found(req)

    def _get_route_exists(self, path: str) -> bool:
        return (
            path in ("/", "/suche", "/konto", "/feed.xml", "/api/schlagzeilen.json")
            or path.strip("/") in self.content.pages
        )

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
        texts = _BANNER_TEXTS["en" if lang == "en" else "de"]
        return fill(template("banner.html"), {**{k: esc(v) for k, v in texts.items()}, "RETURN": esc(back)})

    def render(
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
        """A portal page: ``content`` (HTML) in the portal's shell."""
        user = self._user(req)
        if user:
            account = f'<a href="/konto">Angemeldet als {esc(user)}</a> · <a href="/logout">Abmelden</a>'
        else:
            account = '<a href="/login" class="login">Anmelden</a>'
        page = render(
            "portal.html",
            LANG=lang,
            TITLE=esc(title),
            DESCRIPTION=esc(description or self.content.site["description"]),
            OG_TITLE=esc(og_title or title),
            OG_TYPE=og_type,
            OG_IMAGE=image,
            CANONICAL=esc(canonical or self.portal_url + req.path),
            PORTAL=self.portal_url,
            FINANCE=self.finance_url,
            HEAD_EXTRA=head_extra,
            BODY_CLASS=body_class,
            ACCOUNT=account,
            QUERY=esc(query),
            NAV=self._nav(current),
            CONTENT=content,
            BANNER=self._banner(req, lang),
        )
        return Response(status, page.encode(), headers=[("Cache-Control", "no-cache"), *(headers or [])])

    def _date(self, article: Article) -> str:
        return esc(self.content.date(article))

    @staticmethod
    def _img(article: Article, alt: str | None = None, size: tuple[int, int] = (480, 270)) -> str:
        alt_text = article.image if alt is None else alt
        return (
            f'<img src="/static/img/{article.section}.svg" alt="{esc(alt_text)}" '
            f'width="{size[0]}" height="{size[1]}">'
        )

    # ---- pages ---------------------------------------------------------------------------------

    def _front(self, req: Request) -> Response:
        c = self.content
        lead = c.in_section("politik")[0]
        ticker = c.by_key[c.site["ticker_article"]]
        indices = "\n".join(
            f'          <tr><th scope="row"><a href="{self.finance_url}/maerkte/">{esc(i["name"])}</a></th>'
            f'<td class="num">{esc(i["value"])}</td>'
            f'<td class="num {change_class(i["change"])}">{esc(i["change"])}</td></tr>'
            for i in c.finance["indices"][:3]
        )
        blocks = []
        for section in c.sections:
            items = [a for a in c.in_section(section.slug) if a is not lead][:4]
            first, rest = items[0], items[1:]
            blocks.append(
                render(
                    "portal/front_section.html",
                    SLUG=section.slug,
                    LANG=' lang="en"' if section.lang == "en" else "",
                    PATH=section.path,
                    NAME=esc(section.name),
                    FIRST_PATH=first.path,
                    FIRST_IMAGE=self._img(first),
                    FIRST_TITLE=esc(first.title),
                    FIRST_TEASER=esc(first.teaser),
                    HEADLINES=article_links(rest, " " * 8),
                    MORE=_words(section.lang == "en", "More from", "Mehr aus"),
                )
            )
        hansekiel = next(s for s in c.finance["stocks"] if s["slug"] == "hansekiel-werft")
        content = render(
            "portal/front.html",
            TICKER_PATH=ticker.path,
            TICKER=esc(c.site["ticker"]),
            SITE_NAME=esc(c.site["name"]),
            TAGLINE=esc(c.site["tagline"]),
            LEAD_PATH=lead.path,
            LEAD_IMAGE=self._img(lead, size=(720, 405)),
            LEAD_TITLE=esc(lead.title),
            LEAD_TEASER=esc(lead.teaser),
            LEAD_DATE=self._date(lead),
            LEAD_AUTHOR=esc(lead.author),
            MOST_READ=article_links([c.by_key[k] for k in c.site["most_read"]], " " * 8),
            FINANCE=self.finance_url,
            INDICES=indices,
            HANSEKIEL_CHANGE=esc(hansekiel["change"]),
            SECTIONS="".join(blocks),
        )
        head = f'<link rel="alternate" hreflang="en" href="{self.portal_url}/english/">\n'
        return self.render(
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
            return self.not_found(req)
        page = int(raw)
        shown = articles[(page - 1) * per_page : page * per_page]
        en = section.lang == "en"
        items = []
        for i, a in enumerate(shown):
            top = page == 1 and i == 0
            items.append(
                render(
                    "portal/section_teaser.html",
                    TOP=" top" if top else "",
                    IMAGE=f'<a href="{a.path}">{self._img(a)}</a>' if top else self._img(a, alt=""),
                    KICKER=f'<p class="kicker">{_words(en, "Top story", "Top-Thema")}</p>' if top else "",
                    PATH=a.path,
                    TITLE=esc(a.title),
                    TEASER=esc(a.teaser),
                    DATETIME=a.date.isoformat(),
                    DATE=self._date(a),
                    AUTHOR=esc(a.author),
                )
            )
        head = []
        pager = []
        url = section.path
        if page > 1:
            prev = url if page == 2 else f"{url}?seite={page - 1}"
            head.append(f'<link rel="prev" href="{prev}">')
            previous = _words(en, "Previous page", "Vorherige Seite")
            pager.append(f'<a rel="prev" href="{prev}">« {previous}</a>')
        if pages > 1:
            of = _words(en, "of", "von")
            pager.append(f"<span>{_words(en, 'Page', 'Seite')} {page} {of} {pages}</span>")
        if page < pages:
            nxt = f"{url}?seite={page + 1}"
            head.append(f'<link rel="next" href="{nxt}">')
            pager.append(f'<a rel="next" href="{nxt}">{_words(en, "Next page", "Nächste Seite")} »</a>')
        pagination = (
            f'<nav class="pagination" aria-label="{_words(en, "Pages", "Seiten")}">{" ".join(pager)}</nav>'
            if pager
            else ""
        )
        title_suffix = f" – Seite {page}" if page > 1 and not en else (f" – page {page}" if page > 1 else "")
        content = render(
            "portal/section.html",
            BREADCRUMB=_words(en, "Breadcrumb", "Brotkrumennavigation"),
            HOME=_words(en, "Home", "Startseite"),
            NAME=esc(section.name),
            TITLE_SUFFIX=esc(title_suffix),
            INTRO=esc(section.intro),
            EXTRA=self._weather_table() if section.slug == "wetter" else "",
            TEASERS="\n".join(items),
            PAGINATION=pagination,
        )
        canonical = self.portal_url + url + (f"?seite={page}" if page > 1 else "")
        return self.render(
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
        rows = "\n".join(
            f'    <tr><th scope="row">{esc(row[0])}</th>'
            + "".join(f"<td>{esc(v)}</td>" for v in row[1:])
            + "</tr>"
            for row in weather["rows"]
        )
        return render(
            "portal/weather.html",
            CAPTION=esc(weather["caption"]),
            HEAD="".join(f'<th scope="col">{esc(col)}</th>' for col in weather["columns"]),
            ROWS=rows,
        )

    def _article(self, req: Request, article: Article) -> Response:
        section = self.content.section_for(article)
        en = section.lang == "en"
        if en:
            byline = f"By {article.author}"
        elif article.author.endswith("redaktion"):
            byline = article.author
        else:
            byline = f"Von {article.author}"
        related = [a for a in self.content.in_section(section.slug) if a is not article][:3]
        url = self.portal_url + article.path
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
        content = render(
            "portal/article.html",
            BREADCRUMB=_words(en, "Breadcrumb", "Brotkrumennavigation"),
            HOME=_words(en, "Home", "Startseite"),
            SECTION_PATH=section.path,
            SECTION=esc(section.name),
            TITLE=esc(article.title),
            TEASER=esc(article.teaser),
            BYLINE=esc(byline),
            DATETIME=article.date.isoformat(),
            DATE=self._date(article),
            IMAGE=self._img(article, size=(720, 405)),
            IMAGE_CAPTION=esc(article.image),
            PHOTO=_words(en, "Photo", "Foto"),
            ILLUSTRATION=_words(en, "illustration", "Symbolbild"),
            BODY="\n".join(
                f"  <h2>{esc(text)}</h2>" if kind == "h2" else f"  <p>{esc(text)}</p>"
                for kind, text in article.body
            ),
            SHARE=_words(en, "Share", "Teilen"),
            MAIL_SUBJECT=quote(article.title),
            MAIL_BODY=quote(f"{article.title} {url}"),
            EMAIL=_words(en, "E-mail", "Per E-Mail"),
            PRINT=_words(en, "Print", "Drucken"),
            RELATED=_words(en, "Related stories", "Mehr zum Thema"),
            RELATED_LINKS=article_links(related, " " * 4),
            ALL_STORIES=_words(en, "All stories", "Alle Artikel"),
        )
        return self.render(
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
        content = render(
            "portal/page.html",
            TITLE=esc(page.title),
            BODY="\n".join(
                f"<h2>{esc(text)}</h2>" if kind == "h2" else f"<p>{esc(text)}</p>" for kind, text in page.body
            ),
            EXTRA='<p><a href="/kontakt">Zum Kontaktformular</a></p>' if page.slug == "impressum" else "",
        )
        title = f"{page.title} – Waypost Nachrichten"
        return self.render(req, title=title, content=content, body_class="page")

    def _search(self, req: Request) -> Response:
        query = " ".join(req.arg("q").split())[:200]
        results = []
        if query:
            hits = self.content.search(query)
            if hits:
                items = "\n".join(
                    render(
                        "portal/search_hit.html",
                        PATH=a.path,
                        TITLE=esc(a.title),
                        SECTION=esc(self.content.section_for(a).name),
                        DATE=self._date(a),
                        TEASER=esc(a.teaser),
                    )
                    for a in hits
                )
                results.append(f'<p class="result-count">{len(hits)} Treffer für „{esc(query)}“</p>')
                results.append(f'<ol class="results">\n{items}\n</ol>')
            else:
                results.append(
                    f'<p class="notice no-results">Keine Treffer für „{esc(query)}“. '
                    "Bitte versuchen Sie es mit einem anderen Suchbegriff.</p>"
                )
        else:
            results.append('<p class="notice">Bitte geben Sie einen Suchbegriff ein.</p>')
        content = render("portal/search.html", QUERY=esc(query), RESULTS="\n".join(results))
        title = f"Suche: {query} – Waypost Nachrichten" if query else "Suche – Waypost Nachrichten"
        return self.render(
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
        next_path = safe_local(req.arg("weiter") or req.field("weiter"), "/konto")
        if req.method == "POST":
            username = req.field("username")
            password = req.form.get("password", [""])[0]
            accounts = ((DEMO_USER, DEMO_PASSWORD), (READER_USER, READER_PASSWORD))
            if any(  # no early exit: every account is compared
                [
                    secrets.compare_digest(username.encode(), user.encode())
                    & secrets.compare_digest(password.encode(), known.encode())
                    for user, known in accounts
                ]
            ):
                token = secrets.token_urlsafe(24)
                with self._lock:
                    self._sessions[token] = username
                cookie = f"{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax"
                if req.field("angemeldet_bleiben"):
                    cookie += "; Max-Age=2592000"
                return redirect(303, next_path, [("Set-Cookie", cookie)])
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
        content = render(
            "portal/login.html", NOTICE=notice, ERROR=error, NEXT=esc(next_path), USERNAME=esc(username)
        )
        return self.render(req, title="Anmelden – Waypost Nachrichten", content=content, body_class="login")

    def _logout(self, req: Request) -> Response:
        token = req.cookies.get(SESSION_COOKIE, "")
        with self._lock:
            self._sessions.pop(token, None)
        cookie = f"{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
        return redirect(303, "/login?abgemeldet=1", [("Set-Cookie", cookie)])

    def _account(self, req: Request) -> Response:
        user = self._user(req)
        if user is None:
            return redirect(303, "/login?weiter=%2Fkonto")
        saved = [self.content.by_key[k] for k in ("reise/nachtzug-wien", "wissenschaft/fusion-plasma-rekord")]
        content = render("portal/account.html", USER=esc(user), SAVED=article_links(saved, " " * 4))
        title = "Mein Konto – Waypost Nachrichten"
        return self.render(req, title=title, content=content, body_class="account")

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
                rows = [
                    ("Anrede", salutations.get(values["anrede"], "–")),
                    ("Name", values["name"]),
                    ("E-Mail", values["email"]),
                    ("Telefon", values["telefon"] or "–"),
                    ("Thema", topics[values["thema"]]),
                    ("Nachricht", values["nachricht"]),
                    ("Newsletter", "ja" if newsletter else "nein"),
                ]
                content = render(
                    "portal/contact_sent.html",
                    NAME=esc(values["name"]),
                    REFERENCE=f"WP-{int(digest[:8], 16) % 1_000_000:06d}",
                    SUMMARY="\n".join(f"  <dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows),
                )
                return self.render(req, title="Nachricht gesendet – Waypost Nachrichten", content=content)
        error_html = ""
        if errors:
            items = "".join(f"<li>{esc(e)}</li>" for e in errors)
            error_html = (
                '<div class="error" role="alert"><p>Bitte prüfen Sie Ihre Eingaben:</p>'
                f"<ul>{items}</ul></div>"
            )

        def checked(cond: bool) -> str:
            return " checked" if cond else ""

        content = render(
            "portal/contact.html",
            ERRORS=error_html,
            SALUTATIONS="\n".join(
                f'    <label><input type="radio" name="anrede" value="{v}"{checked(values["anrede"] == v)}> '
                f"{esc(label)}</label>"
                for v, label in self._SALUTATIONS
            ),
            NAME=esc(values["name"]),
            EMAIL=esc(values["email"]),
            PHONE=esc(values["telefon"]),
            TOPICS="\n".join(
                f'    <option value="{v}"{" selected" if values["thema"] == v else ""}>{esc(label)}</option>'
                for v, label in self._TOPICS
            ),
            MESSAGE=esc(values["nachricht"]),
            NEWSLETTER=checked(newsletter),
            PRIVACY=checked(privacy),
        )
        return self.render(req, title="Kontakt – Waypost Nachrichten", content=content, body_class="contact")

    def _consent(self, req: Request) -> Response:
        value = req.field("consent")
        if value not in ("yes", "no"):
            return plain(400, "consent must be yes or no")
        back = safe_local(req.field("zurueck"), "/")
        cookie = f"{CONSENT_COOKIE}={value}; Path=/; Max-Age=31536000; SameSite=Lax"
        return redirect(303, back, [("Set-Cookie", cookie)])

    def _feed(self, req: Request) -> Response:
        items = []
        for a in self.content.articles[:20]:
            link = xml_escape(self.portal_url + a.path)
            items.append(
                render(
                    "portal/feed_item.xml",
                    TITLE=xml_escape(a.title),
                    LINK=link,
                    TEASER=xml_escape(a.teaser),
                    SECTION=xml_escape(self.content.section_for(a).name),
                    DATE=email.utils.format_datetime(a.date),
                )
            )
        body = render(
            "feed.xml",
            PORTAL=xml_escape(self.portal_url),
            TAGLINE=xml_escape(self.content.site["tagline"]),
            NEWEST=email.utils.format_datetime(self.content.articles[0].date),
            ITEMS="\n".join(items),
        )
        return Response(200, body.encode(), "application/rss+xml; charset=utf-8")

    def _headlines_json(self, req: Request) -> Response:
        wanted = req.arg("rubrik")
        if wanted and self.content.section(wanted) is None:
            return json_response(404, {"fehler": f"Unbekannte Rubrik: {wanted}"})
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
        return json_response(200, data)

    def _challenge(self, req: Request) -> Response:
        ray = hashlib.sha256(req.path.encode()).hexdigest()[:16]
        page = render("challenge.html", HOST=esc(req.host or "waypost.demo"), RAY=ray)
        headers = [("cf-mitigated", "challenge"), ("Cache-Control", "private, no-store, max-age=0")]
        return Response(403, page.encode(), headers=headers)

    def _recaptcha(self, req: Request) -> Response:
        page = template("recaptcha.html")
        if req.method == "POST":
            page = page.replace(
                "<form ",
                '<p class="error" role="alert">Bitte lösen Sie zuerst die Sicherheitsprüfung.</p>\n  <form ',
                1,
            )
        return Response(200, page.encode(), headers=[("Cache-Control", "no-store")])

    def not_found(self, req: Request) -> Response:
        """The portal's 404 page."""
        return self.render(
            req,
            title="Seite nicht gefunden (404) – Waypost Nachrichten",
            content=render("portal/not_found.html", PATH=esc(req.path)),
            status=404,
            head_extra='<meta name="robots" content="noindex">\n',
            body_class="not-found",
        )
