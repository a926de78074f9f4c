"""Short pages: their few words in <main> are the content, never a cookie banner or a footer."""

from __future__ import annotations

from waypost.page import parse_page

BANNER = (
    '<div id="consent-banner" class="consent-overlay" role="dialog"><h2>Datenschutz</h2><p>Wir und unsere '
    "143 Partner speichern und verwenden Informationen auf Ihrem Gerät (Cookies), um Inhalte zu "
    "personalisieren und die Nutzung zu messen. Ihre Auswahl können Sie jederzeit ändern.</p>"
    "<button>Akzeptieren</button></div>"
)
FOOTER = (
    "<footer><p>© 2026 Demo-Verlag (fiktiv). Alle Personen, Firmen und Ereignisse sind frei erfunden. "
    "Impressum und Kontakt.</p></footer>"
)


def test_account_page_excerpt_is_its_main_content() -> None:
    html = (
        "<html><head><title>Mein Konto</title></head><body>" + BANNER + "<main><h1>Mein Konto</h1>"
        "<p class='notice'>Angemeldet als demo</p><dl><dt>Benutzername</dt><dd>demo</dd>"
        "<dt>Abo</dt><dd>Plus, gültig bis 31.12.2026</dd></dl></main>" + FOOTER + "</body></html>"
    )
    model = parse_page(html, "http://127.0.0.1/konto")
    assert "Angemeldet als demo" in model.excerpt
    assert "Partner" not in model.excerpt and "Demo-Verlag" not in model.excerpt


def test_a_cookie_banner_is_never_the_excerpt_even_on_an_empty_page() -> None:
    html = "<html><head><title>Leer</title></head><body>" + BANNER + "<div>Hallo</div></body></html>"
    model = parse_page(html, "http://127.0.0.1/leer")
    assert "Partner" not in model.excerpt
