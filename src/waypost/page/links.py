"""Links (labels, de-duplication, grouping), forms, feeds and next/previous pages of a parsed page."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from urllib.parse import unquote, unquote_plus, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from waypost.page._dom import (
    F_ARTICLE,
    F_ASIDE,
    F_COOKIE,
    F_FOOTER,
    F_HEADING,
    F_HIDDEN,
    F_MAIN,
    F_NAV,
    F_NAVCLASS,
    F_UNLIKELY,
    DomContext,
    UrlResolver,
    norm_ws,
    resolve_url,
    site_key,
    split_http,
    truncate_text,
)
from waypost.page.model import Feed, Form, FormField, Link, LinkArea, LinkGroup

__all__ = [
    "LABEL_CHARS",
    "MAX_LINKS_CONSIDERED",
    "display_url",
    "extract_feeds",
    "extract_forms",
    "extract_links",
    "find_pagination",
    "is_same_site",
    "slug_label",
]

MAX_LINKS_CONSIDERED = 3000
LABEL_CHARS = 80
_MAX_FORMS = 20
_MAX_FIELDS = 40
_MAX_OPTIONS = 30

_GENERIC_LABELS = frozenset(
    {
        "read more", "more", "mehr", "weiterlesen", "weiter lesen", "mehr lesen", "click here", "here",
        "hier",
        "link", "continue reading", "continue", "details", "learn more", "mehr erfahren", "zum artikel",
        "see more", "view more", "more info", "lire la suite", "leer más", "»", "›", "...", "…", "go",
        "image",
        "photo", "video",
    }
)  # fmt: skip
# "Share this" buttons are actions on other sites, not places to read: left out.
_SHARE_URL = re.compile(
    r"https?://(?:[^/?]*\.)?(?:facebook\.com/(?:sharer|share\.php|dialog/(?:feed|share))|"
    r"(?:twitter|x)\.com/(?:intent|share)|linkedin\.com/(?:shareArticle|sharing|cws/share)|"
    r"pinterest\.[a-z.]+/pin/create|reddit\.com/submit|wa\.me/|whatsapp\.com/send|t\.me/share|"
    r"plus\.google\.com/share|getpocket\.com/(?:save|edit)|news\.ycombinator\.com/submitlink|"
    r"tumblr\.com/(?:share|widgets/share)|mix\.com/add|flipboard\.com/bookmarklet|vk\.com/share|"
    r"xing\.com/(?:spi/)?shares?|digg\.com/submit|stumbleupon\.com/submit|addtoany\.com/|addthis\.com/bookmark)",
    re.I,
)
_AREA_RANK = {"content": 0, "nav": 1, "other": 2, "footer": 3}
_NAVIGATION = F_NAV | F_ASIDE | F_HIDDEN | F_COOKIE | F_NAVCLASS
_FILENAME = re.compile(r"^[\w.-]+\.(?:jpe?g|png|gif|webp|svg|avif|bmp)$", re.I)
_EXTENSION = re.compile(r"\.(?:s?html?|php\d?|aspx?|jsp|cgi|cfm)$", re.I)
_SLUG_SPLIT = re.compile(r"[-_+.,;:=~!\s]+")
_HEX_ID = re.compile(r"[0-9a-f]{8,}", re.I)

_NEXT_WORDS = frozenset(
    {
        "next", "next page", "nächste", "nächste seite", "naechste seite", "weiter", "vor", "older posts",
        "older entries", "older", "suivant", "page suivante", "siguiente", "página siguiente", "avanti",
        "volgende", "próxima", "следующая", "下一页", "次へ", "次のページ",
    }
)  # fmt: skip
_PREV_WORDS = frozenset(
    {
        "previous", "prev", "previous page", "vorherige", "vorherige seite", "zurück", "newer posts",
        "newer entries", "newer", "précédent", "page précédente", "anterior", "página anterior", "indietro",
        "vorige", "предыдущая", "上一页", "前へ", "前のページ",
    }
)  # fmt: skip
_ARROWS = " ›»→>«‹←<.…|·-–"
_NEXT_ARROWS = frozenset("›»→>")
_PREV_ARROWS = frozenset("‹«←<")


@functools.lru_cache(maxsize=1024)
def _site_of(url: str) -> str | None:
    parts = split_http(url)
    if parts is not None:
        return site_key(parts[1])
    try:
        return site_key(urlsplit(url).netloc)
    except ValueError:
        return None


def is_same_site(url: str, page_url: str) -> bool:
    """Whether ``url`` is on ``page_url``'s site (same host and port, ``www.`` ignored).

    Args:
        url: An absolute URL.
        page_url: The page's absolute URL.

    Returns:
        True when both URLs are on one site.
    """
    site = _site_of(url)
    return site is not None and site == _site_of(page_url)


def display_url(url: str, page_url: str) -> str:
    """Write ``url`` as the view shows it: a path (with query) on the same site, else absolute.

    Args:
        url: An absolute URL.
        page_url: The URL of the page being shown.

    Returns:
        ``/path?query`` for same-site URLs, ``url`` otherwise.

    Example:
        >>> display_url("https://www.x.de/politik/?p=2", "https://x.de/")
        '/politik/?p=2'
    """
    parts = split_http(url)
    if parts is None or site_key(parts[1]) != _site_of(page_url):
        return url
    _scheme, _netloc, path, query = parts
    path = path or "/"
    return f"{path}?{query}" if query else path


def _is_id(word: str) -> bool:
    if word.isdigit():
        return True
    digits = sum(c.isdigit() for c in word)
    return (len(word) >= 8 and digits >= 2 and bool(_HEX_ID.fullmatch(word))) or (
        len(word) >= 5 and digits * 2 >= len(word)
    )


def slug_label(url: str, same_site: bool = True) -> str:
    """Words from the last meaningful path segment of ``url``, for links without any text.

    Args:
        url: An absolute URL.
        same_site: Whether the URL is on the page's site (else a bare host is labelled by its name).

    Returns:
        For example ``"neue regierung"`` for ``/politik/neue-regierung-123.html``.
    """
    parts = urlsplit(url)
    for segment in reversed([s for s in parts.path.split("/") if s]):
        segment = _EXTENSION.sub("", unquote(segment))
        words = [w for w in _SLUG_SPLIT.split(segment) if w and not _is_id(w)]
        if words:
            return " ".join(words)
    if parts.query:
        return norm_ws(re.sub(r"[=&+_-]", " ", unquote_plus(parts.query)))
    return "home page" if same_site else site_key(parts.netloc)


def _label(
    a: LexborNode, attrs: dict[str, str | None], url: str, same_site: bool, text: str
) -> tuple[str, float]:
    """The link's label and a quality used to keep the best label of duplicate links."""
    generic = text.lower().strip(" .:!") in _GENERIC_LABELS if text else False
    if text and not generic:
        return text, 3.0 + min(len(text), 60) / 200
    for key, quality in (("aria-label", 2.8), ("title", 2.5)):
        value = norm_ws(attrs.get(key) or "")
        if value and not _FILENAME.match(value):
            return value, quality + min(len(value), 60) / 200
    img = a.css_first("img[alt]")
    if img is not None:
        alt = norm_ws(img.attributes.get("alt") or "")
        if alt and not _FILENAME.match(alt):
            return alt, 2.0 + min(len(alt), 60) / 200
    slug = slug_label(url, same_site)
    if text and (generic or not slug):
        return text, 0.5
    return slug, 1.0


def _headline_like(label: str) -> bool:
    return len(label) >= 25 and label.count(" ") >= 3


def extract_links(
    tree: LexborHTMLParser,
    ctx: DomContext,
    page_url: str,
    base: str,
    content_links: Mapping[int, int] | None = None,
    pagination: dict[str, str] | None = None,
) -> tuple[list[Link], bool]:
    """Collect the distinct navigable links of a page, labelled and grouped.

    Args:
        tree: The parsed page.
        ctx: Its context-flag memo.
        page_url: The page's URL (links back to it are left out; same-site is judged against it).
        base: The URL relative links resolve against (``<base href>`` or the page URL).
        content_links: ``mem_id`` of each ``<a>`` inside the main content, mapped to the context
            flags of its content block (class names above the content do not make its links navigation).
        pagination: When given, filled with the first ``"next"``/``"prev"`` links found by their text
            ("Next", "Weiter", "›"...), for :func:`find_pagination`.

    Returns:
        The links in order of first occurrence, and whether the link cap cut the list short.
    """
    merged: dict[str, list] = {}  # url -> [label, quality, group, same_site, position, area]
    truncated = False
    resolver = UrlResolver(page_url, base)
    content = content_links or {}
    for index, a in enumerate(tree.css("a[href], area[href]")):
        if index >= MAX_LINKS_CONSIDERED:
            truncated = True
            break
        attrs = a.attributes
        resolved = resolver.resolve(attrs.get("href") or "")
        if resolved is None or resolved[2]:
            continue
        url, same_site, _ = resolved
        if not same_site and _SHARE_URL.match(url):
            continue
        text = norm_ws(a.text(separator=" "))
        label, quality = _label(a, attrs, url, same_site, text)
        if pagination is not None and len(text) <= 30:
            kind = _direction(text or attrs.get("aria-label") or "")
            if kind is not None and kind not in pagination:
                pagination[kind] = url
        flags = ctx.leaf_flags(a, attrs)
        root_flags = content.get(a.mem_id)
        in_content = root_flags is not None
        if in_content:
            flags &= ~root_flags  # only what is said inside the content block counts
        group: LinkGroup
        area: LinkArea
        if flags & _NAVIGATION:
            group = "sections" if same_site else "external"
            area = "footer" if flags & F_FOOTER else "nav" if flags & (F_NAV | F_NAVCLASS) else "other"
        elif flags & F_HEADING or (
            not flags & F_UNLIKELY
            and (in_content or flags & (F_MAIN | F_ARTICLE) or (same_site and _headline_like(label)))
        ):
            group, area = "main", "content"
        else:
            group, area = ("sections" if same_site else "external"), "other"
        entry = merged.get(url)
        if entry is None:
            merged[url] = [label, quality, group, same_site, len(merged), area]
            continue
        if quality > entry[1]:
            entry[0], entry[1] = label, quality
        if group == "main":
            entry[2] = "main"
        if _AREA_RANK[area] < _AREA_RANK[entry[5]]:
            entry[5] = area
    links = [
        Link(
            url=url,
            label=truncate_text(label, LABEL_CHARS),
            group=group,
            same_site=same_site,
            position=position,
            area=area,
        )
        for url, (label, _quality, group, same_site, position, area) in merged.items()
    ]
    return links, truncated


# --- forms --------------------------------------------------------------------------------------


def _wrapping_label(node: LexborNode) -> str:
    parent = node.parent
    for _ in range(3):
        if parent is None:
            break
        if parent.tag == "label":
            return norm_ws(parent.text(separator=" "))
        parent = parent.parent
    return ""


def _field(el: LexborNode, labels_for: dict[str, str]) -> FormField | None:
    attrs = el.attributes
    tag = el.tag
    options: tuple[str, ...] = ()
    if tag == "input":
        kind = (attrs.get("type") or "text").strip().lower()
        if kind in ("hidden", "submit", "image", "button", "reset"):
            return None
    elif tag == "select":
        kind = "select"
        texts = (norm_ws(o.text()) for o in el.css("option"))
        options = tuple(t for t in texts if t)[:_MAX_OPTIONS]
    else:
        kind = "textarea"
    field_id = attrs.get("id") or ""
    label = (
        labels_for.get(field_id, "")
        or _wrapping_label(el)
        or norm_ws(attrs.get("aria-label") or attrs.get("placeholder") or attrs.get("title") or "")
    )
    return FormField(
        name=attrs.get("name") or field_id,
        type=kind,
        label=truncate_text(label, 60),
        required="required" in attrs or attrs.get("aria-required") == "true",
        options=options,
    )


def _submit_label(el: LexborNode) -> str | None:
    attrs = el.attributes
    kind = (attrs.get("type") or ("submit" if el.tag == "button" else "text")).lower()
    if kind not in ("submit", "image"):
        return None
    return norm_ws(
        el.text(separator=" ") or attrs.get("value") or attrs.get("aria-label") or attrs.get("alt") or ""
    )


def _form_label(form: LexborNode, fields: list[FormField]) -> str:
    attrs = form.attributes
    for value in (attrs.get("aria-label"), attrs.get("title")):
        if value and value.strip():
            return norm_ws(value)
    for selector in ("legend", "h1, h2, h3, h4, h5, h6"):
        node = form.css_first(selector)
        if node is not None and norm_ws(node.text(separator=" ")):
            return norm_ws(node.text(separator=" "))
    action = (attrs.get("action") or "").lower()
    if (
        (attrs.get("role") or "").lower() == "search"
        or any(f.type == "search" for f in fields)
        or re.search(r"search|such", action)
    ):
        return "search"
    return norm_ws(attrs.get("name") or attrs.get("id") or "")


def extract_forms(tree: LexborHTMLParser, page_url: str, base: str) -> list[Form]:
    """Read the page's forms and their fillable fields.

    Args:
        tree: The parsed page.
        page_url: The page's URL (a form without action submits there).
        base: The URL relative actions resolve against.

    Returns:
        Up to 20 forms in document order.
    """
    labels_for: dict[str, str] = {}
    for label in tree.css("label[for]"):
        key = label.attributes.get("for") or ""
        if key and key not in labels_for:
            labels_for[key] = norm_ws(label.text(separator=" "))
    forms: list[Form] = []
    for form in tree.css("form")[:_MAX_FORMS]:
        attrs = form.attributes
        action = resolve_url(attrs.get("action") or "", base) or page_url
        fields: list[FormField] = []
        submit = ""
        for el in form.css("input, select, textarea, button")[: _MAX_FIELDS * 2]:
            if el.tag == "button" or (el.attributes.get("type") or "").lower() in ("submit", "image"):
                text = _submit_label(el)
                if text and not submit:
                    submit = text
                continue
            field = _field(el, labels_for)
            if field is not None and len(fields) < _MAX_FIELDS:
                fields.append(field)
        forms.append(
            Form(
                action=action,
                method=(attrs.get("method") or "get").strip().upper() or "GET",
                fields=tuple(fields),
                label=truncate_text(_form_label(form, fields), 60),
                submit_label=truncate_text(submit, 40),
            )
        )
    return forms


# --- feeds and pagination -----------------------------------------------------------------------


def extract_feeds(tree: LexborHTMLParser, base: str) -> list[Feed]:
    """Find RSS, Atom and JSON feeds announced with ``<link rel="alternate" type=...>``.

    Args:
        tree: The parsed page.
        base: The URL relative hrefs resolve against.

    Returns:
        The feeds, without duplicates.
    """
    feeds: list[Feed] = []
    seen: set[str] = set()
    for node in tree.css("link[rel~=alternate][href][type]"):
        attrs = node.attributes
        mime = (attrs.get("type") or "").strip().lower()
        if mime == "application/rss+xml":
            kind = "rss"
        elif mime == "application/atom+xml":
            kind = "atom"
        elif mime == "application/feed+json":
            kind = "json"
        else:
            continue
        url = resolve_url(attrs.get("href") or "", base)
        if url and url not in seen:
            seen.add(url)
            feeds.append(Feed(url=url, title=norm_ws(attrs.get("title") or ""), type=kind))
    return feeds


def _direction(text: str) -> str | None:
    text = norm_ws(text).lower()
    if not text or len(text) > 30:
        return None
    core = text.strip(_ARROWS)
    if core in _NEXT_WORDS:
        return "next"
    if core in _PREV_WORDS:
        return "prev"
    if not core:
        if any(c in _NEXT_ARROWS for c in text):
            return "next"
        if any(c in _PREV_ARROWS for c in text):
            return "prev"
    return None


def find_pagination(
    tree: LexborHTMLParser, page_url: str, base: str, by_text: Mapping[str, str] | None = None
) -> tuple[str | None, str | None]:
    """Find the next and previous page: ``rel=next/prev`` first, then link texts ("Next", "Weiter", "›").

    Args:
        tree: The parsed page.
        page_url: The page's URL (links to itself are ignored).
        base: The URL relative hrefs resolve against.
        by_text: Links already found by their text (from :func:`extract_links`); saves a second scan.

    Returns:
        ``(next_url, prev_url)``, each None when not found.
    """
    found: dict[str, str] = {}
    resolver = UrlResolver(page_url, base)
    for node in tree.css("link[rel][href], a[rel][href]"):
        rels = (node.attributes.get("rel") or "").lower().split()
        kind = "next" if "next" in rels else "prev" if ("prev" in rels or "previous" in rels) else None
        if kind and kind not in found:
            resolved = resolver.resolve(node.attributes.get("href") or "")
            if resolved and not resolved[2]:
                found[kind] = resolved[0]
    if by_text is not None:
        return found.get("next") or by_text.get("next"), found.get("prev") or by_text.get("prev")
    if len(found) < 2:
        for index, a in enumerate(tree.css("a[href]")):
            if index >= MAX_LINKS_CONSIDERED:
                break
            attrs = a.attributes
            kind = _direction(a.text(separator=" ") or attrs.get("aria-label") or attrs.get("title") or "")
            if kind is None or kind in found:
                continue
            resolved = resolver.resolve(attrs.get("href") or "")
            if resolved and not resolved[2]:
                found[kind] = resolved[0]
                if len(found) == 2:
                    break
    return found.get("next"), found.get("prev")
