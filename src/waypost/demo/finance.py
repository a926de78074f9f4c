"""The finance site "Waypost Finanzen" (``Host: localhost``): its routes and pages.

Page bodies are templates under ``site/templates/finance/``, wrapped in the shell ``finance.html``.
The site only answers ``GET`` and ``HEAD``.
"""

from __future__ import annotations

from typing import Any

from waypost.demo.content import Content
from waypost.demo.html import change_class, esc, link_items, render
from waypost.demo.http import Request, Response, method_not_allowed, redirect

__all__ = ["Finance"]

_NAV = (("/", "Übersicht"), ("/maerkte/", "Märkte"), ("/aktien/", "Aktien"), ("/devisen/", "Devisen"))


def _change_cell(change: str) -> str:
    return f'<td class="num {change_class(change)}">{esc(change)}</td>'


class Finance:
    """Routes and pages of the finance host.

    Args:
        content: The site's content (its ``finance`` data, and the portal's business news).
        portal_url: Base URL of the portal, for the links back to it.
        finance_url: Base URL of this site (for canonical links).
    """

    def __init__(self, content: Content, portal_url: str, finance_url: str) -> None:
        self.content = content
        self.portal_url = portal_url
        self.finance_url = finance_url

    def handle(self, req: Request) -> Response:
        """Answer one request for the finance host."""
        if req.method not in ("GET", "HEAD"):
            return method_not_allowed("GET, HEAD")
        path = req.path
        if path in ("/maerkte", "/aktien", "/devisen"):
            return redirect(301, path + "/")
        if path == "/":
            return self._overview(req)
        if path == "/maerkte/":
            return self._markets(req)
        if path == "/aktien/":
            return self._stocks(req)
        if path.startswith("/aktien/"):
            slug = path[len("/aktien/") :]
            stock = next((s for s in self._all_stocks if s["slug"] == slug.rstrip("/")), None)
            if stock is not None and slug.endswith("/"):
                return redirect(301, f"/aktien/{stock['slug']}")
            if stock is not None:
                return self._stock(req, stock)
        if path == "/devisen/":
            return self._currencies(req)
        return self.not_found(req)

    @property
    def _all_stocks(self) -> list[dict[str, Any]]:
        return self.content.finance["stocks"]

    def render(self, req: Request, title: str, content: str, status: int = 200, query: str = "") -> Response:
        """A finance page: ``content`` (HTML) in the finance site's shell."""
        fin = self.content.finance
        current = ' aria-current="page"'
        nav = [
            f'      <li><a href="{href}"{current if req.path == href else ""}>{label}</a></li>'
            for href, label in _NAV
        ]
        nav.append(f'      <li><a href="{self.portal_url}/wirtschaft/">Wirtschaftsnachrichten</a></li>')
        page = render(
            "finance.html",
            TITLE=esc(title),
            DESCRIPTION=esc(f"{fin['name']}: {fin['tagline']}"),
            OG_TITLE=esc(title),
            CANONICAL=esc(self.finance_url + req.path),
            AS_OF=esc(fin["as_of"]),
            PORTAL=self.portal_url,
            QUERY=esc(query),
            NAV="\n".join(nav),
            CONTENT=content,
        )
        return Response(status, page.encode(), headers=[("Cache-Control", "no-cache")])

    @staticmethod
    def _stock_rows(stocks: list[dict[str, Any]]) -> str:
        return "\n".join(
            f'    <tr><th scope="row"><a href="/aktien/{s["slug"]}">{esc(s["name"])}</a></th>'
            f'<td>{esc(s["symbol"])}</td><td class="num">{esc(s["price"])}</td>'
            f"{_change_cell(s['change'])}</tr>"
            for s in stocks
        )

    def _index_rows(self) -> str:
        return "\n".join(
            f'    <tr><th scope="row">{esc(i["name"])}</th><td class="num">{esc(i["value"])}</td>'
            f'{_change_cell(i["change"])}<td class="num">{esc(i["points"])}</td></tr>'
            for i in self.content.finance["indices"]
        )

    def _overview(self, req: Request) -> Response:
        movers = sorted(
            self._all_stocks, key=lambda s: float(s["change"].split()[0].replace(",", ".")), reverse=True
        )
        news = self.content.in_section("wirtschaft")[:3]
        content = render(
            "finance/overview.html",
            TAGLINE=esc(self.content.finance["tagline"]),
            INDICES=self._index_rows(),
            MOVERS=self._stock_rows(movers),
            NEWS=link_items([(self.portal_url + a.path, a.title) for a in news], " " * 4),
        )
        return self.render(req, "Waypost Finanzen – Börse, Kurse, Märkte", content)

    def _markets(self, req: Request) -> Response:
        content = render(
            "finance/markets.html", AS_OF=esc(self.content.finance["as_of"]), INDICES=self._index_rows()
        )
        return self.render(req, "Märkte – Waypost Finanzen", content)

    def _stocks(self, req: Request) -> Response:
        query = " ".join(req.arg("q").split())[:100]
        shown = self._all_stocks
        note = ""
        if query:
            q = query.casefold()
            shown = [
                s for s in shown if any(q in s[k].casefold() for k in ("name", "symbol", "isin", "slug"))
            ]
            note = f'<p class="result-count">{len(shown)} Treffer für „{esc(query)}“</p>'
            if not shown:
                note = f'<p class="notice no-results">Keine Treffer für „{esc(query)}“.</p>'
        content = render("finance/stocks.html", NOTE=note, ROWS=self._stock_rows(shown))
        return self.render(req, "Aktien – Waypost Finanzen", content, query=query)

    def _stock(self, req: Request, stock: dict[str, Any]) -> Response:
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
        content = render(
            "finance/stock.html",
            NAME=esc(stock["name"]),
            PRICE=esc(stock["price"]),
            CHANGE_CLASS=change_class(stock["change"]),
            CHANGE=esc(stock["change"]),
            AS_OF=esc(self.content.finance["as_of"]),
            ABOUT=esc(stock["about"]),
            FACTS="\n".join(f'    <tr><th scope="row">{esc(k)}</th><td>{esc(v)}</td></tr>' for k, v in facts),
        )
        return self.render(req, f"{stock['name']} Aktie – Waypost Finanzen", content)

    def _currencies(self, req: Request) -> Response:
        rows = "\n".join(
            f'    <tr><th scope="row">{esc(pair)}</th><td class="num">{esc(rate)}</td>'
            f"{_change_cell(chg)}</tr>"
            for pair, rate, chg in self.content.finance["currencies"]
        )
        content = render("finance/currencies.html", AS_OF=esc(self.content.finance["as_of"]), ROWS=rows)
        return self.render(req, "Devisen – Waypost Finanzen", content)

    def not_found(self, req: Request) -> Response:
        """The finance site's 404 page."""
        content = render("finance/not_found.html", PATH=esc(req.path))
        return self.render(req, "Seite nicht gefunden – Waypost Finanzen", content, status=404)
