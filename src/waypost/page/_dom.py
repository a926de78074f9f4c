"""Parsing with limits, and the per-element context flags shared by content and link extraction."""

from __future__ import annotations

import functools
import re
from urllib.parse import urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

MAX_HTML_CHARS = 5_000_000
# Never content, never links worth reading: removed right after parsing.
STRIP_TAGS = ["script", "style", "noscript", "template", "svg", "iframe", "object", "embed", "canvas"]

# Context flags, inherited from ancestors.
F_NAV = 1  # nav/header/footer/menu elements, navigation roles
F_ASIDE = 2  # aside, role=complementary
F_HIDDEN = 4  # hidden, aria-hidden, display:none, dialogs
F_UNLIKELY = 8  # class/id says "not the content" (comments, related, sidebar, ads...)
F_MAIN = 16  # <main>, role=main
F_ARTICLE = 32  # <article>, role=article, itemprop=articleBody
F_HEADING = 64  # h1-h6
F_BYLINE = 128  # class/id says byline, author, date line
F_NAVCLASS = 256  # class/id says navigation, menu, breadcrumbs, share buttons...
F_COOKIE = 512  # class/id says cookie or consent banner
F_FOOTER = 1024  # footer element, role=contentinfo, class/id "footer"

# Paragraphs under these are not read as content (strict pass; later passes relax the class rules).
NOT_CONTENT = F_NAV | F_ASIDE | F_HIDDEN | F_COOKIE | F_UNLIKELY | F_BYLINE
BY_TAGS = F_NAV | F_ASIDE | F_HIDDEN | F_COOKIE

_NAV_TAGS = frozenset({"nav", "header", "footer", "menu"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_NAV_ROLES = frozenset({"navigation", "menu", "menubar", "banner", "contentinfo", "tablist", "toolbar"})
_HIDDEN_ROLES = frozenset({"dialog", "alertdialog"})
_EXEMPT_TAGS = frozenset({"html", "body", "main", "article", "a"})

# Mozilla Readability's "unlikely candidates", plus a few modern names.
_UNLIKELY = re.compile(
    r"-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|"
    r"header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|"
    r"supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|newsletter|promo|"
    r"subscribe|signup|outbrain|taboola|widget|navbar|masthead|toolbar|tags|caption|credit",
    re.I,
)
_MAYBE = re.compile(r"and|article|body|column|content|main|mathjax|shadow", re.I)
_NAVCLASS = re.compile(
    r"(?:^|[\s_-])(?:nav|navi|navigation|navbar|menu|menus|breadcrumbs?|pagination|pager|footer|header|"
    r"masthead|topbar|toolbar|share|sharing|social|skip)(?:$|[\s_-])",
    re.I,
)
_FOOTERCLASS = re.compile(r"(?:^|[\s_-])footer(?:$|[\s_-])", re.I)
_NAVKEEP = re.compile(r"article|content|main|body|post|story|entry", re.I)
_COOKIE = re.compile(
    r"cookie|consent|gdpr|onetrust|didomi|usercentrics|cookiebot|\btruste\b|trustarc|privacy-?banner|cc-window",
    re.I,
)
_BYLINE = re.compile(
    r"byline|author|dateline|writtenby|signature|timestamp|publish-?date|article-?date", re.I
)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)

WS = re.compile(r"\s+")
# Characters that change what a model reads without showing anything: zero-width spaces and
# joiners, bidi embeddings, overrides and isolates, the BOM, soft hyphens, invisible fillers,
# variation selectors and Unicode tag characters (used to smuggle hidden instructions).
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U000e0000-\U000e0fff"
    "\U0001d173-\U0001d17a]"
)


def strip_invisible(text: str) -> str:
    """``text`` without zero-width, bidi-control and other invisible format characters."""
    return INVISIBLE.sub("", text)


def norm_ws(text: str) -> str:
    """Collapse whitespace runs to one space and strip (invisible characters removed too)."""
    return WS.sub(" ", INVISIBLE.sub("", text)).strip()


def truncate_text(text: str, limit: int) -> str:
    """Cut ``text`` to at most ``limit`` characters at a word boundary, ending with "…" when cut.

    Args:
        text: Whitespace-normalised text.
        limit: Maximum length in characters (the ellipsis included).

    Returns:
        ``text`` itself when short enough, else its cut.
    """
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[:limit]
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,;:-–—") + "…"


def parse_html(html: str | bytes) -> tuple[LexborHTMLParser, bool]:
    """Parse HTML with the size cap and strip scripts, styles and embeds.

    Returns:
        The tree and whether the input was truncated.
    """
    if isinstance(html, bytes | bytearray):
        html = bytes(html[: MAX_HTML_CHARS * 2]).decode("utf-8", "replace")
    truncated = len(html) > MAX_HTML_CHARS
    if truncated:
        html = html[:MAX_HTML_CHARS]
    if "\x00" in html:
        html = html.replace("\x00", "\ufffd")
    html = INVISIBLE.sub("", html)  # what a reader cannot see, a model must not read
    try:
        tree = LexborHTMLParser(html)
    except UnicodeError:  # lone surrogates cannot be encoded for the parser
        tree = LexborHTMLParser(html.encode("utf-8", "replace").decode("utf-8"))
    tree.strip_tags(STRIP_TAGS)
    return tree, truncated


@functools.lru_cache(maxsize=8192)
def _class_flags(names: str) -> int:
    """Flags said by class and id names (cached: sites repeat the same class strings many times)."""
    flags = 0
    if _COOKIE.search(names):
        flags |= F_COOKIE
    if not _MAYBE.search(names) and _UNLIKELY.search(names):
        flags |= F_UNLIKELY
    if _NAVCLASS.search(names) and not _NAVKEEP.search(names):
        flags |= F_NAVCLASS
        if _FOOTERCLASS.search(names):
            flags |= F_FOOTER
    if _BYLINE.search(names):
        flags |= F_BYLINE
    return flags


def _own_flags(node: LexborNode, attrs: dict[str, str | None] | None = None) -> int:
    tag = node.tag
    flags = 0
    if tag in _NAV_TAGS:
        flags |= F_NAV | (F_FOOTER if tag == "footer" else 0)
    elif tag == "aside":
        flags |= F_ASIDE
    elif tag == "main":
        flags |= F_MAIN
    elif tag == "article":
        flags |= F_ARTICLE
    elif tag in _HEADINGS:
        flags |= F_HEADING
    elif tag == "dialog":
        flags |= F_HIDDEN
    if attrs is None:
        attrs = node.attributes
    if not attrs:
        return flags
    role = attrs.get("role")
    if role:
        role = role.strip().lower()
        if role in _NAV_ROLES:
            flags |= F_NAV | (F_FOOTER if role == "contentinfo" else 0)
        elif role == "complementary":
            flags |= F_ASIDE
        elif role in _HIDDEN_ROLES:
            flags |= F_HIDDEN
        elif role == "main":
            flags |= F_MAIN
        elif role == "article":
            flags |= F_ARTICLE
    if "hidden" in attrs or attrs.get("aria-hidden") == "true":
        flags |= F_HIDDEN
    style = attrs.get("style")
    if style and _HIDDEN_STYLE.search(style):
        flags |= F_HIDDEN
    if attrs.get("itemprop") == "articleBody":
        flags |= F_ARTICLE
    names = f"{attrs.get('class') or ''} {attrs.get('id') or ''}"
    if len(names) > 1 and tag not in _EXEMPT_TAGS:
        flags |= _class_flags(names)
    return flags


class DomContext:
    """Memoised context flags of elements (own flags OR-ed with their ancestors')."""

    def __init__(self) -> None:
        self._memo: dict[int, int] = {}

    def flags(self, node: LexborNode | None) -> int:
        """Flags of ``node`` and all its ancestors."""
        chain: list[LexborNode] = []
        inherited = 0
        memo = self._memo
        while node is not None:
            known = memo.get(node.mem_id)
            if known is not None:
                inherited = known
                break
            chain.append(node)
            node = node.parent
        for n in reversed(chain):
            inherited |= _own_flags(n)
            memo[n.mem_id] = inherited
        return inherited

    def leaf_flags(self, node: LexborNode, attrs: dict[str, str | None]) -> int:
        """Flags of a leaf-like element (a link) whose attributes are at hand; not memoised."""
        return self.flags(node.parent) | _own_flags(node, attrs)


def site_key(netloc: str) -> str:
    """The host (and non-default port) with ``www.`` dropped: ``www.x.com`` and ``x.com`` are one site."""
    host = netloc.lower().rsplit("@", 1)[-1]
    if host.endswith(":80") or host.endswith(":443"):
        host = host.rsplit(":", 1)[0]
    return host[4:] if host.startswith("www.") else host


@functools.lru_cache(maxsize=256)
def _origin(base: str) -> str | None:
    try:
        parts = urlsplit(base)
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


_BAD_NETLOC = re.compile(r"[\s\\]")
_NOT_NAVIGABLE = ("javascript:", "mailto:", "tel:", "data:", "sms:", "blob:", "about:")


def split_http(url: str) -> tuple[str, str, str, str] | None:
    """``(scheme, netloc, path, query)`` of an http(s) URL without fragment (cheaper than urlsplit)."""
    sep = url.find("://")
    if sep not in (4, 5):
        return None
    scheme = url[:sep].lower()
    if scheme not in ("http", "https"):
        return None
    start = sep + 3
    slash, question = url.find("/", start), url.find("?", start)
    end = min(slash if slash >= 0 else len(url), question if question >= 0 else len(url))
    netloc = url[start:end]
    if not netloc or _BAD_NETLOC.search(netloc):
        return None
    path, _, query = url[end:].partition("?")
    return scheme, netloc, path, query


def resolve_url(href: str, base: str) -> str | None:
    """Absolute http(s) URL of ``href`` against ``base``, fragment removed; None when not navigable."""
    href = href.strip()
    if not href or href[0] == "#":
        return None
    cut = href.find("#")
    if cut >= 0:
        href = href[:cut]
    if href.endswith("?"):
        href = href[:-1]
    if not href:
        return None
    if href[0] == "/" and not href.startswith("//") and "/." not in href:
        origin = _origin(base)  # fast path for the commonest href: an absolute path
        return origin + href.replace(" ", "%20") if origin else None
    if href[:11].lower().startswith(_NOT_NAVIGABLE):
        return None
    if not href[:8].lower().startswith(("http://", "https://")):
        try:
            href = urljoin(base, href)
        except ValueError:
            return None
    parts = split_http(href)
    if parts is None:
        return None
    scheme, netloc, path, query = parts
    if not path:
        return f"{scheme}://{netloc}/?{query}" if query else f"{scheme}://{netloc}/"
    return href


class UrlResolver:
    """Resolves a page's hrefs, memoised (pages repeat hrefs), and tells same-site and self links.

    Args:
        page_url: The page's URL.
        base: The URL relative hrefs resolve against (``<base href>`` or the page URL).
    """

    def __init__(self, page_url: str, base: str) -> None:
        self.page_url = page_url
        self.base = base
        try:
            page = urlsplit(page_url)
            self._page_site = site_key(page.netloc)
            self._page_key = (self._page_site, page.path.rstrip("/") or "/", page.query)
        except ValueError:
            self._page_site, self._page_key = "", ("", "", "")
        self._memo: dict[str, tuple[str, bool, bool] | None] = {}

    def resolve(self, href: str) -> tuple[str, bool, bool] | None:
        """``(absolute_url, same_site, is_this_page)`` of ``href``, or None when it is not navigable."""
        try:
            return self._memo[href]
        except KeyError:
            pass
        result = None
        url = resolve_url(href, self.base)
        parts = split_http(url) if url is not None else None
        if url is not None and parts is not None:
            same_site = site_key(parts[1]) == self._page_site
            this_page = same_site and (parts[2].rstrip("/") or "/", parts[3]) == self._page_key[1:]
            result = (url, same_site, this_page)
        if len(self._memo) < 20000:
            self._memo[href] = result
        return result


def same_url(a: str, b: str) -> bool:
    """Whether two absolute URLs name the same page (fragment, trailing slash, www., scheme ignored)."""
    try:
        pa, pb = urlsplit(a), urlsplit(b)
    except ValueError:
        return a == b
    return (
        site_key(pa.netloc) == site_key(pb.netloc)
        and (pa.path.rstrip("/") or "/") == (pb.path.rstrip("/") or "/")
        and pa.query == pb.query
    )
