"""Title, description, canonical URL and the main-content excerpt of a page; :func:`parse_page`.

The main content is found with a small readability-style scorer on selectolax (Lexbor): every
paragraph-like block outside navigation, asides, hidden parts, cookie banners and blocks whose
class/id say "comments, related, sidebar, ad..." adds a score (length, commas) to its first five
ancestors; candidates are discounted by link density, the best one is refined (common ancestor of
strong rivals, growing parents) and joined by its good siblings, and the excerpt is taken from its
paragraphs in document order.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from waypost.page._dom import (
    BY_TAGS,
    F_ASIDE,
    F_COOKIE,
    F_HIDDEN,
    F_NAV,
    NOT_CONTENT,
    DomContext,
    norm_ws,
    parse_html,
    resolve_url,
    truncate_text,
)
from waypost.page.links import extract_feeds, extract_forms, extract_links, find_pagination
from waypost.page.model import PageModel

__all__ = ["EXCERPT_CHARS", "MainContent", "compose_excerpt", "find_main_content", "parse_page"]

EXCERPT_CHARS = 500
MAIN_TEXT_CHARS = 2000
_MAX_PARAGRAPHS = 5000
_MIN_PARAGRAPH = 25
_TOP_N = 6

_POSITIVE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story", re.I
)
_NEGATIVE = re.compile(
    r"-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|"
    r"outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget",
    re.I,
)
_TAG_WEIGHT = {
    "div": 5,
    "pre": 3,
    "td": 3,
    "blockquote": 3,
    "address": -3,
    "ol": -3,
    "ul": -3,
    "dl": -3,
    "dd": -3,
    "dt": -3,
    "li": -3,
    "form": -3,
    "h1": -5,
    "h2": -5,
    "h3": -5,
    "h4": -5,
    "h5": -5,
    "h6": -5,
    "th": -5,
}
_BLOCKS = frozenset(
    [
        "p", "div", "table", "ul", "ol", "dl", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6",
        "pre", "blockquote", "form", "figure", "header", "footer", "nav", "aside",
    ],
)  # fmt: skip
_COMMAS = re.compile("[,\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32\uff0c\u3001]")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?。！？])\s+")
_SENTENCE_END = re.compile(r"[.!?。！？](\s|$)")
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_CONTENT_WORD = re.compile(f"[{_CJK}]|(?:(?![{_CJK}])\\w){{4,}}")


@dataclass(slots=True)
class _Paragraph:
    node: LexborNode
    text: str
    flags: int


@dataclass(slots=True)
class MainContent:
    """The main content found on a page."""

    text: str  # start of the content, up to MAIN_TEXT_CHARS
    chars: int  # total length of the content's paragraphs
    link_roots: dict[int, int]  # mem_id of each <a> inside the content -> context flags of its block


def _ink(text: str) -> int:
    """Characters that are not whitespace (markup indentation would skew raw lengths)."""
    return len(text) - text.count(" ") - text.count("\n") - text.count("\t") - text.count("\r")


def _link_density(node: LexborNode, cache: dict[int, int], text: str | None = None) -> float:
    """Share of the node's text inside links; ``cache`` keeps each link's length for the next call."""
    total = _ink(text if text is not None else node.text())
    if total == 0:
        return 0.0
    linked = 0
    for a in node.css("a"):
        key = a.mem_id
        size = cache.get(key)
        if size is None:
            size = cache[key] = _ink(a.text())
        linked += size
    return min(1.0, linked / total)


def _class_weight(node: LexborNode) -> int:
    attrs = node.attributes
    weight = 0
    for key in ("class", "id"):
        value = attrs.get(key)
        if value:
            if _NEGATIVE.search(value):
                weight -= 25
            if _POSITIVE.search(value):
                weight += 25
    return weight


def _paragraph_text(node: LexborNode) -> str:
    tag = node.tag
    if tag in ("div", "td"):
        direct = node.text(deep=False)
        if _ink(direct) < _MIN_PARAGRAPH:
            return ""
        if any(child.tag in _BLOCKS for child in node.iter()):
            return norm_ws(direct)
    return norm_ws(node.text())


def _collect_paragraphs(body: LexborNode, ctx: DomContext) -> list[_Paragraph]:
    paragraphs: list[_Paragraph] = []
    for node in body.css("p, pre, div, td"):
        text = _paragraph_text(node)
        if len(text) < _MIN_PARAGRAPH:
            continue
        paragraphs.append(_Paragraph(node, text, ctx.flags(node)))
        if len(paragraphs) >= _MAX_PARAGRAPHS:
            break
    return paragraphs


def _score_candidates(paragraphs: list[_Paragraph], mask: int) -> dict[int, list]:
    """Give each paragraph's first five ancestors a share of its score (Readability's scheme)."""
    cands: dict[int, list] = {}  # mem_id -> [node, score]
    for para in paragraphs:
        if para.flags & mask:
            continue
        text = para.text
        score = 1 + len(_COMMAS.findall(text)) + min(len(text) / 100, 3)
        node = para.node.parent
        level = 0
        while node is not None and level < 5 and node.tag not in ("html", "-document"):
            entry = cands.get(node.mem_id)
            if entry is None:
                init = _TAG_WEIGHT.get(node.tag, 0) + _class_weight(node)
                if node.tag == "article" or node.attributes.get("itemprop") == "articleBody":
                    init += 10
                entry = cands[node.mem_id] = [node, float(init)]
            entry[1] += score / (1 if level == 0 else 2 if level == 1 else level * 3)
            node = node.parent
            level += 1
    return cands


def _ancestor_ids(node: LexborNode) -> list[int]:
    ids = []
    node = node.parent
    while node is not None:
        ids.append(node.mem_id)
        node = node.parent
    return ids


def _pick_top(cands: dict[int, list], cache: dict[int, int]) -> tuple[LexborNode, float] | None:
    if not cands:
        return None
    ranked = sorted(cands.values(), key=lambda e: e[1], reverse=True)[:_TOP_N]
    # Link density costs a walk over every link inside: only for candidates that could still win.
    floor = ranked[0][1] * 0.25
    scored = [
        (node, raw * (1 - _link_density(node, cache)))
        for i, (node, raw) in enumerate(ranked)
        if i == 0 or raw >= floor
    ]
    scored.sort(key=lambda e: e[1], reverse=True)
    top, top_score = scored[0]
    if top.tag == "body":
        return top, top_score

    # Several strong rivals under one ancestor: the article is split; take that ancestor.
    rivals = [n for n, s in scored[1:] if top_score > 0 and s / top_score >= 0.75]
    if len(rivals) >= 3:
        rival_chains = [set(_ancestor_ids(r)) | {r.mem_id} for r in rivals]
        node = top.parent
        while node is not None and node.tag != "body":
            if sum(1 for chain in rival_chains if node.mem_id in chain) >= 3:
                top = node
                break
            node = node.parent

    # Climb while the parent scores higher (Readability's "the scores shouldn't get too low").
    last = cands.get(top.mem_id, [top, top_score])[1]
    threshold = last / 3
    node = top.parent
    while node is not None and node.tag not in ("body", "html"):
        entry = cands.get(node.mem_id)
        if entry is None:
            node = node.parent
            continue
        if entry[1] < threshold:
            break
        if entry[1] > last:
            top = node
            break
        last = entry[1]
        node = node.parent

    # An only child says nothing about its parent's boundaries: step up.
    while top.parent is not None and top.parent.tag not in ("body", "html"):
        siblings = [c for c in top.parent.iter() if c.tag != "-text"]
        if len(siblings) != 1:
            break
        top = top.parent
    return top, cands.get(top.mem_id, [top, top_score])[1]


def _content_roots(
    top: LexborNode, top_score: float, cands: dict[int, list], cache: dict[int, int]
) -> list[LexborNode]:
    parent = top.parent
    if parent is None or top.tag == "body":
        return [top]
    threshold = max(10.0, top_score * 0.2)
    top_class = top.attributes.get("class") or ""
    roots = []
    for i, sibling in enumerate(parent.iter()):
        if i > 300:
            break
        if sibling.mem_id == top.mem_id:
            roots.append(sibling)
            continue
        entry = cands.get(sibling.mem_id)
        bonus = top_score * 0.2 if top_class and sibling.attributes.get("class") == top_class else 0
        if entry is not None and entry[1] + bonus >= threshold:
            roots.append(sibling)
        elif sibling.tag == "p":
            text = norm_ws(sibling.text())
            density = _link_density(sibling, cache, text)
            if (len(text) > 80 and density < 0.25) or (
                0 < len(text) <= 80 and density == 0 and _SENTENCE_END.search(text)
            ):
                roots.append(sibling)
    return roots


def _gather(
    roots: list[LexborNode], by_id: dict[int, _Paragraph], mask: int, cache: dict[int, int]
) -> tuple[list[str], int]:
    texts: list[str] = []
    total = 0
    for root in roots:
        nodes = root.css("p, pre, div, td")  # Lexbor includes the root itself when it matches
        for node in nodes:
            para = by_id.get(node.mem_id)
            if para is None or para.flags & mask:
                continue
            # Only the paragraphs read into the excerpt pay for a link-density check.
            if total < MAIN_TEXT_CHARS and _link_density(node, cache, para.text) > 0.5:
                continue
            texts.append(para.text)
            total += len(para.text) + 1
    return texts, total


def _visible_text(root: LexborNode, ctx: DomContext, limit: int) -> str:
    parts: list[str] = []
    size = 0
    for node in root.traverse(include_text=True):
        if node.tag != "-text":
            continue
        text = node.text_content
        if not text or text.isspace() or ctx.flags(node.parent) & (F_NAV | F_HIDDEN | F_ASIDE):
            continue
        parts.append(text)
        size += len(text)
        if size > limit * 2:
            break
    return norm_ws(" ".join(parts))[:limit]


def find_main_content(tree: LexborHTMLParser, ctx: DomContext) -> MainContent:
    """Find the main content block(s) and read the start of their text.

    Args:
        tree: The parsed page (scripts and styles already stripped).
        ctx: The context-flag memo for that tree.

    Returns:
        The main content's leading text, its total length and the ids of the links inside it.
    """
    body = tree.body
    if body is None:
        return MainContent("", 0, {})
    paragraphs = _collect_paragraphs(body, ctx)
    by_id = {p.node.mem_id: p for p in paragraphs}
    cache: dict[int, int] = {}
    best: tuple[list[str], int, list[LexborNode]] = ([], 0, [])
    # Strict first; relax the class-name rules, then all but cookie banners, when that leaves too little.
    for mask in (NOT_CONTENT, BY_TAGS, F_HIDDEN | F_COOKIE, F_COOKIE):
        cands = _score_candidates(paragraphs, mask)
        picked = _pick_top(cands, cache)
        if picked is None:
            continue
        roots = _content_roots(picked[0], picked[1], cands, cache)
        texts, total = _gather(roots, by_id, mask, cache)
        if total > best[1] * 2 or not best[0]:
            best = (texts, total, roots)
        if best[1] >= 250 or (mask == NOT_CONTENT and texts and _in_semantic_main(picked[0])):
            # A short page whose content sits in <main>/<article> is still that content: relaxing
            # would only pull in footers and banners.
            break
    texts, total, roots = best
    main = tree.css_first("main, [role=main]")
    if main is not None and total < 250 and not any(_in_semantic_main(root) for root in roots):
        # Short pages (an account page, a confirmation) keep their few words in <main> in lists
        # and short lines the paragraph scorer skips; they still beat a footer or a banner.
        text = _visible_text(main, ctx, MAIN_TEXT_CHARS)
        if len(text) >= 40:
            links = {a.mem_id: ctx.flags(main) for a in main.css("a[href]")}
            return MainContent(text, len(text), links)
    if not texts:
        text = _visible_text(body, ctx, MAIN_TEXT_CHARS)
        return MainContent(text, len(text), {})
    link_roots = {a.mem_id: ctx.flags(root) for root in roots for a in root.css("a[href]")}
    return MainContent(_join_limited(texts, MAIN_TEXT_CHARS), total, link_roots)


def _in_semantic_main(node: LexborNode) -> bool:
    current: LexborNode | None = node
    while current is not None and current.tag not in ("body", "html"):
        if current.tag in ("main", "article") or current.attributes.get("role") == "main":
            return True
        current = current.parent
    return False


def _join_limited(texts: list[str], limit: int) -> str:
    out: list[str] = []
    size = 0
    for text in texts:
        out.append(text)
        size += len(text) + 1
        if size >= limit:
            break
    return " ".join(out)[:limit]


# --- metadata -----------------------------------------------------------------------------------


def _metas(tree: LexborHTMLParser) -> dict[str, str]:
    found: dict[str, str] = {}
    for meta in tree.css("meta[content]"):
        attrs = meta.attributes
        content = attrs.get("content")
        if not content:
            continue
        for key in ("property", "name", "itemprop"):
            for name in (attrs.get(key) or "").lower().split():
                found.setdefault(name, content)
    return found


def _title(tree: LexborHTMLParser, metas: dict[str, str], url: str) -> str:
    candidates = [metas.get("og:title", "")]
    node = tree.css_first("title")
    candidates.append(node.text() if node is not None else "")
    node = tree.css_first("h1")
    candidates.append(node.text(separator=" ") if node is not None else "")
    for candidate in candidates:
        title = norm_ws(candidate)
        if title:
            return truncate_text(title, 200)
    return url


def _fold(text: str) -> str:
    return norm_ws(re.sub(r"[^\w]+", " ", text.lower()))


def _words(text: str) -> set[str]:
    """Words of four letters or more, and CJK characters one by one."""
    return set(_CONTENT_WORD.findall(text.lower()))


def _description_useful(description: str, title: str, content: str, url: str) -> bool:
    if len(description) < 25:
        return False
    folded = _fold(description)
    if folded == _fold(title):
        return False
    window = _fold(content[: len(description) + 300])
    if folded[:60] in window:
        return False  # already the start of the content
    for sentence in _SENTENCE_SPLIT.split(description)[1:3]:
        if len(sentence) >= 40 and _fold(sentence)[:60] in window:
            return False  # "Title. First sentence of the content..."
    words = _words(description)
    if len(content) < 200 or urlsplit(url).path.strip("/") == "":
        return True  # home pages and pages without text: the description is the best summary
    # Elsewhere a site-wide description shares few words with the page: leave it out.
    return not words or len(words & _words(content)) >= 0.34 * len(words)


def compose_excerpt(description: str, content: str, title: str = "", url: str = "", limit: int = 500) -> str:
    """Build the excerpt: the description when it is useful, then the main content, within ``limit``.

    Args:
        description: Meta description (whitespace-normalised).
        content: Start of the main content text.
        title: The page title (a description equal to it is left out).
        url: The page URL (home pages keep their description).
        limit: Maximum length in characters.

    Returns:
        The excerpt, at most ``limit`` characters.
    """
    if limit <= 0:
        return ""
    if description and _description_useful(description, title, content, url):
        lead = truncate_text(description, min(limit, 300))
        rest = limit - len(lead) - 1
        if rest >= 40 and content:
            return lead + "\n" + truncate_text(content, rest)
        return lead
    return truncate_text(content, limit)


def parse_page(html: str, url: str) -> PageModel:
    """Parse a page's HTML into a :class:`PageModel`. Never raises on bad input.

    Malformed markup, binary junk and empty strings give a model with what could be read (at least
    the URL as title); HTML over 5 MB is truncated and at most 3,000 links are read.

    Args:
        html: The rendered DOM (``page.content()``) or raw HTML; bytes are decoded as UTF-8.
        url: The URL the page was loaded from (the final URL after redirects).

    Returns:
        The parsed page.

    Example:
        >>> m = parse_page("<title>Hi</title><a href='/a'>A</a>", "https://x.org/")
        >>> m.title, m.links[0].url
        ('Hi', 'https://x.org/a')
    """
    try:
        tree, truncated = parse_html(html or "")
        ctx = DomContext()
        metas = _metas(tree)
        base_node = tree.css_first("base[href]")
        base = url
        if base_node is not None:
            base = resolve_url(base_node.attributes.get("href") or "", url) or url
        title = _title(tree, metas, url)
        description = norm_ws(
            metas.get("description") or metas.get("og:description") or metas.get("twitter:description") or ""
        )
        if "&" in description:  # some sites escape their descriptions twice
            description = html_lib.unescape(description)
        canonical_node = tree.css_first("link[rel~=canonical][href]")
        canonical = None
        if canonical_node is not None:
            canonical = resolve_url(canonical_node.attributes.get("href") or "", base)
        html_node = tree.css_first("html")
        lang = (html_node.attributes.get("lang") if html_node is not None else None) or metas.get(
            "content-language"
        )
        main = find_main_content(tree, ctx)
        by_text: dict[str, str] = {}
        links, links_truncated = extract_links(tree, ctx, url, base, main.link_roots, by_text)
        next_url, prev_url = find_pagination(tree, url, base, by_text)
        return PageModel(
            url=url,
            title=title,
            description=description,
            canonical=canonical,
            lang=(lang or "").strip() or None,
            excerpt=compose_excerpt(description, main.text, title, url, EXCERPT_CHARS),
            main_text=main.text,
            main_text_chars=main.chars,
            links=links,
            forms=extract_forms(tree, url, base),
            feeds=extract_feeds(tree, base),
            next_url=next_url,
            prev_url=prev_url,
            truncated=truncated or links_truncated,
        )
    except Exception:  # a parser bug must not take a browsing session down: degrade to the URL
        return PageModel(url=url, title=url, truncated=True)
