"""Rendering a :class:`PageModel` as the compact text a (small) model reads, within a token budget.

Layout::

    You are on: <title> (<url>)
    HTTP 404: Not Found — this page is an error page.      (only for status >= 400)
    <notices, one per line>
    Canonical: <url>                                       (only when it names another page)
    <excerpt>

    Matching "<hint>":                                     (only with a hint)
    For <label>: <url>
    Main content:
    For <label>: <url>
    Sections:
    ...
    Elsewhere:
    ...
    Call research_navigate with one of these URLs.

When the text is over budget the excerpt is shortened first, then the optional blocks (forms,
feeds) go, then labels are shortened, then links are dropped (the groups stay balanced), and as a
last resort the text is cut: a view never exceeds its budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from http import HTTPStatus

from waypost.page._dom import same_url, strip_invisible, truncate_text
from waypost.page.hint import HintMatcher, apply_hint
from waypost.page.links import display_url, is_same_site
from waypost.page.model import Form, Link, PageModel, PageView
from waypost.page.tokens import count_tokens

__all__ = ["render_view"]

_GROUPS = (("main", "Main content:"), ("sections", "Sections:"), ("external", "Elsewhere:"))
# Share of the link slots each group gets (every non-empty group gets one slot first).
_WEIGHTS = {"matching": 2.0, "main": 0.45, "sections": 0.35, "external": 0.2}
_FOOTER = "Call research_navigate with one of these URLs."
_NO_LINKS = 'No links on this page. Call research_navigate with "back" to return to the previous page.'
_AREA_ORDER = {"content": 0, "nav": 0, "other": 1, "footer": 2}
_POOR_LABELS = frozenset(
    {"home page", "read more", "more", "mehr", "here", "hier", "link", "click here", "image"}
)
_MAX_URL_CHARS = 300
_LONG_URL_CHARS = 120
_FORM_FIELDS_SHOWN = 6
_OPTIONS_SHOWN = 5


def _status_line(status: int | None) -> str | None:
    if status is None or status < 400:
        return None
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Client Error" if status < 500 else "Server Error"
    reason = {401: "login required", 403: "access refused", 404: "page not found", 410: "page removed"}.get(
        status, "the server failed" if status >= 500 else ""
    )
    return f"HTTP {status}: {phrase} — this page is an error page{f' ({reason})' if reason else ''}."


def _form_line(form: Form, page_url: str, label_chars: int) -> str:
    parts = []
    for field in form.fields[:_FORM_FIELDS_SHOWN]:
        desc = field.type
        if field.label and field.label != field.name:
            desc += f' "{truncate_text(field.label, label_chars)}"'
        if field.options:
            shown = ", ".join(truncate_text(o, 30) for o in field.options[:_OPTIONS_SHOWN])
            desc += f": {shown}{', …' if len(field.options) > _OPTIONS_SHOWN else ''}"
        if field.required:
            desc += ", required"
        parts.append(f"{field.name or '?'} ({desc})")
    if len(form.fields) > _FORM_FIELDS_SHOWN:
        parts.append("…")
    name = f' "{truncate_text(form.label, label_chars)}"' if form.label else ""
    submit = f'; button "{form.submit_label}"' if form.submit_label else ""
    fields = ", ".join(parts) if parts else "no fields"
    return f"Form{name} ({form.method} {display_url(form.action, page_url)}): {fields}{submit}"


def _display_map(links: Sequence[Link], model_url: str, page_url: str) -> dict[str, str]:
    """Each link URL as shown; uses ``Link.same_site`` when the page is shown on its own site."""
    if not is_same_site(model_url, page_url):
        return {link.url: display_url(link.url, page_url) for link in links}
    shown = {}
    for link in links:
        url = link.url
        if link.same_site:
            cut = url.find("/", url.find("://") + 3)
            shown[url] = url[cut:] if cut >= 0 else "/"
        else:
            shown[url] = url
    return shown


def _slot_order(pools: list[tuple[str, list[Link]]], limit: int) -> list[int]:
    """Which pool each successive link slot goes to: every pool gets one first, then by weight."""
    taken = [0] * len(pools)
    order: list[int] = []
    for _ in range(limit):
        best, best_ratio = -1, 0.0
        for i, (name, pool) in enumerate(pools):
            if taken[i] < len(pool):
                ratio = taken[i] / _WEIGHTS[name]
                if best < 0 or ratio < best_ratio:
                    best, best_ratio = i, ratio
        if best < 0:
            break
        order.append(best)
        taken[best] += 1
    return order


class _Renderer:
    def __init__(
        self,
        model: PageModel,
        page_url: str,
        matcher: HintMatcher,
        status: int | None,
        notices: Sequence[str],
        max_links: int,
        show_forms: bool,
        show_feeds: bool,
        show_pagination: bool,
    ) -> None:
        self.model = model
        self.page_url = page_url
        self.matcher = matcher
        self.links = apply_hint(model.links, matcher)
        self.display = _display_map(self.links, model.url, page_url)
        # Monster URLs (tracking redirects) cost hundreds of tokens: never shown; short ones first.
        shown = [link for link in self.links if len(self.display[link.url]) <= _MAX_URL_CHARS]
        shown.sort(key=self._rank)
        self.pools: list[tuple[str, list[Link]]] = []
        if matcher:
            self.pools.append(("matching", [link for link in shown if link.matches_hint]))
        for group, _header in _GROUPS:
            self.pools.append(
                (group, [link for link in shown if link.group == group and not link.matches_hint])
            )
        self.order = _slot_order(self.pools, max(0, max_links))
        self.head = [f"You are on: {model.title} ({page_url})"]
        status_line = _status_line(status)
        if status_line:
            self.head.append(status_line)
        self.head.extend(n.strip() for n in notices if n and n.strip())
        if model.canonical and not same_url(model.canonical, page_url):
            self.head.append(f"Canonical: {display_url(model.canonical, page_url)}")
        self.show_forms = show_forms and bool(model.forms)
        self.show_feeds = show_feeds and bool(model.feeds)
        self.pagination: list[tuple[str, str]] = []
        if show_pagination:
            if model.next_url:
                self.pagination.append(("next page", model.next_url))
            if model.prev_url:
                self.pagination.append(("previous page", model.prev_url))

    def _rank(self, link: Link) -> tuple:
        """Best hint score first, then useful labels, navigation before footers, short URLs."""
        label = link.label.lower()
        poor = len(label) < 3 or label in _POOR_LABELS or label.startswith(("http:", "https:", "www."))
        return (-link.score, poor, _AREA_ORDER[link.area], len(self.display[link.url]) > _LONG_URL_CHARS)

    def shown(self, n_links: int) -> list[tuple[str, list[Link]]]:
        counts = [0] * len(self.pools)
        for i in self.order[:n_links]:
            counts[i] += 1
        return [(name, pool[: counts[i]]) for i, (name, pool) in enumerate(self.pools)]

    def link_line(self, label: str, url: str, label_chars: int) -> str:
        shown = self.display.get(url) or display_url(url, self.page_url)
        return f"For {truncate_text(label, label_chars)}: {shown}"

    def build(self, excerpt: str, label_chars: int, n_links: int, extras: bool) -> tuple[str, list[Link]]:
        lines = list(self.head)
        if excerpt:
            lines.append(excerpt)
        lines.append("")
        shown_links: list[Link] = []
        hint_text = truncate_text(self.matcher.hint, 60)
        for name, links in self.shown(n_links):
            if name == "matching" and not self.pools[0][1]:
                lines.append(f'No link matches "{hint_text}".')
            if not links:
                continue
            header = f'Matching "{hint_text}":' if name == "matching" else dict(_GROUPS)[name]
            lines.append(header)
            lines.extend(self.link_line(link.label, link.url, label_chars) for link in links)
            shown_links.extend(links)
        if self.pagination and n_links:
            lines.append("Pagination:")
            lines.extend(self.link_line(label, url, label_chars) for label, url in self.pagination)
        if extras and self.show_forms:
            lines.append("Forms:")
            lines.extend(_form_line(f, self.page_url, label_chars) for f in self.model.forms[:3])
        if extras and self.show_feeds:
            lines.append("Feeds:")
            lines.extend(
                self.link_line(f"{f.type.upper()} feed {f.title}".strip(), f.url, label_chars)
                for f in self.model.feeds[:3]
            )
        if shown_links or (self.pagination and n_links):
            lines.append(_FOOTER)
        elif not self.links:
            lines.append(_NO_LINKS)
        else:
            lines.append('Links left out to fit the budget. Call research_navigate with "back" to go back.')
        return "\n".join(lines), shown_links


def _hard_cut(text: str, budget: int) -> str:
    """Cut ``text`` until it fits ``budget`` tokens (the last resort for tiny budgets)."""
    if budget <= 0:
        return ""
    tokens = count_tokens(text)
    while tokens > budget and text:
        text = text[: min(len(text) - 1, int(len(text) * budget / tokens * 0.95))].rstrip()
        tokens = count_tokens(text)
    return text


def render_view(
    model: PageModel,
    *,
    hint: str | None = None,
    status: int | None = None,
    final_url: str | None = None,
    notices: Sequence[str] = (),
    max_links: int = 15,
    token_budget: int = 1300,
    show_forms: bool = False,
    show_feeds: bool = False,
    show_pagination: bool = False,
) -> PageView:
    """Render a page as compact text for a model, within ``token_budget`` cl100k tokens.

    Args:
        model: The parsed page (:func:`~waypost.page.parse_page`).
        hint: The user's intent ("Wirtschaft und Politik"): matching links are listed first, in
            their own group, best match first.
        status: The HTTP status; 400 and above adds a plain error line.
        final_url: The URL to show as the current page (default: the model's URL).
        notices: Lines the caller adds below the title (block notices, redirects, archive ids).
        max_links: At most this many links in the text; the groups are kept balanced.
        token_budget: The text never exceeds this many tokens (exact cl100k when the encoding is
            cached, else a safe upper estimate).
        show_forms: Also list up to three forms with their fields.
        show_feeds: Also list up to three RSS/Atom feeds.
        show_pagination: Also list the next/previous page links.

    Returns:
        The view: its text, token count, the links shown and all links (hint-sorted).

    Example:
        >>> from waypost.page import parse_page
        >>> page = parse_page("<title>News</title><nav><a href='/politik/'>Politik</a></nav>", "https://x.de/")
        >>> print(render_view(page, hint="politics").text)
        You are on: News (https://x.de/)
        <BLANKLINE>
        Matching "politics":
        For Politik: /politik/
        Call research_navigate with one of these URLs.
    """
    page_url = final_url or model.url
    matcher = HintMatcher(hint)
    r = _Renderer(
        model, page_url, matcher, status, notices, max_links, show_forms, show_feeds, show_pagination
    )
    n_all = len(r.order)
    budget = max(0, token_budget)

    def fits(text: str) -> bool:
        return count_tokens(text) <= budget

    excerpt = model.excerpt
    text, shown = r.build(excerpt, 80, n_all, True)
    if not fits(text):
        # Shorter excerpt, then no forms/feeds, then shorter labels, then fewer links, then no excerpt.
        short = [truncate_text(model.excerpt, n) for n in (300, 150)]
        ladder = [(short[0], 80, True), (short[1], 80, True), (short[1], 80, False)]
        ladder += [(short[1], 50, False), (short[1], 30, False)]
        for excerpt, label_chars, extras in ladder:
            text, shown = r.build(excerpt, label_chars, n_all, extras)
            if fits(text):
                break
        else:
            for excerpt in (short[1], ""):
                lo, hi = 0, n_all - 1  # the largest number of links that fits
                text, shown = r.build(excerpt, 30, 0, False)
                while lo <= hi:
                    mid = (lo + hi) // 2
                    candidate = r.build(excerpt, 30, mid, False)
                    if fits(candidate[0]):
                        (text, shown), lo = candidate, mid + 1
                    else:
                        hi = mid - 1
                if fits(text) and (shown or not excerpt or not n_all):
                    break
            if not fits(text):
                text = _hard_cut(text, budget)
                kept = set(text.split("\n"))
                shown = [link for link in shown if r.link_line(link.label, link.url, 30) in kept]
                excerpt = excerpt if excerpt in text else ""
    text = strip_invisible(text)  # also what entities (&#x200b;) decoded to
    return PageView(
        text=text,
        links=r.links,
        shown_links=shown,
        tokens=count_tokens(text),
        status=status,
        final_url=page_url,
        title=model.title,
        excerpt=excerpt,
        model=model,
        hint=matcher.hint or None,
    )
