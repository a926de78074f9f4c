"""The dataclasses of a parsed page (:class:`PageModel`) and of its budgeted rendering (:class:`PageView`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Feed", "Form", "FormField", "Link", "LinkArea", "LinkGroup", "PageModel", "PageView"]

LinkGroup = Literal["main", "sections", "external"]
LinkArea = Literal["content", "nav", "footer", "other"]


@dataclass(frozen=True, slots=True)
class Link:
    """One distinct link target of a page.

    Attributes:
        url: Absolute URL, fragment removed.
        label: Whitespace-normalised label of at most ~80 characters (link text, else aria-label,
            title or image alt, else words from the URL's slug).
        group: ``"main"`` (in the main content or a teaser), ``"sections"`` (same-site navigation
            and other same-site links outside the content) or ``"external"`` (another site,
            outside the content).
        matches_hint: Whether the link matches the caller's hint (set by the view).
        score: Hint score in 0..1; higher sorts first (set by the view).
        same_site: Whether the URL is on the page's site (``www.`` ignored).
        position: Index of the link's first occurrence in document order.
        area: Where on the page it was: ``"content"``, ``"nav"`` (navigation, header, menus),
            ``"footer"`` or ``"other"``.
    """

    url: str
    label: str
    group: LinkGroup
    matches_hint: bool = False
    score: float = 0.0
    same_site: bool = True
    position: int = 0
    area: LinkArea = "other"


@dataclass(frozen=True, slots=True)
class FormField:
    """One user-fillable control of a form.

    Attributes:
        name: The ``name`` attribute (else the ``id``; may be empty).
        type: ``text``, ``search``, ``email``, ``password``, ``checkbox``, ``select``, ``textarea``...
        label: Human label (``<label>``, aria-label, placeholder or title; may be empty).
        required: Whether the control has ``required`` or ``aria-required="true"``.
        options: The visible option texts of a ``<select>`` (capped), else empty.
    """

    name: str
    type: str
    label: str = ""
    required: bool = False
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Form:
    """A form of the page.

    Attributes:
        action: Absolute URL the form submits to (the page URL when it has no action).
        method: ``GET`` or ``POST``.
        fields: The fillable controls (hidden inputs and buttons left out).
        label: What the form is for (aria-label, legend, heading, role=search, name or id).
        submit_label: Text of its submit button, when it has one.
    """

    action: str
    method: str
    fields: tuple[FormField, ...]
    label: str = ""
    submit_label: str = ""


@dataclass(frozen=True, slots=True)
class Feed:
    """An RSS, Atom or JSON feed announced by ``<link rel="alternate">``.

    Attributes:
        url: Absolute feed URL.
        title: The link's title (may be empty).
        type: ``rss``, ``atom`` or ``json``.
    """

    url: str
    title: str
    type: str


@dataclass(slots=True)
class PageModel:
    """Everything Waypost reads from one page's HTML, before any budget is applied.

    Attributes:
        url: The page URL the HTML was loaded from.
        title: ``og:title``, else ``<title>``, else the first ``<h1>``, else the URL.
        description: The meta (or og/twitter) description, whitespace-normalised; may be empty.
        canonical: Absolute ``rel=canonical`` URL, if any.
        lang: The page language (``<html lang>``), if declared.
        excerpt: At most 500 characters: the description when useful, then the main content.
        main_text: The start of the main content (up to ~2,000 characters), without the description.
        main_text_chars: Length of the whole main content text found.
        links: Distinct links in document order (of their first occurrence).
        forms: The page's forms.
        feeds: RSS/Atom/JSON feeds.
        next_url: The next page of a paginated list, if found.
        prev_url: The previous page, if found.
        truncated: Whether limits cut the work short (HTML over 5 MB, too many links).
    """

    url: str
    title: str
    description: str = ""
    canonical: str | None = None
    lang: str | None = None
    excerpt: str = ""
    main_text: str = ""
    main_text_chars: int = 0
    links: list[Link] = field(default_factory=list)
    forms: list[Form] = field(default_factory=list)
    feeds: list[Feed] = field(default_factory=list)
    next_url: str | None = None
    prev_url: str | None = None
    truncated: bool = False


@dataclass(slots=True)
class PageView:
    """A page rendered for a model within a token budget.

    Attributes:
        text: The text the model reads.
        links: All links of the page, those matching the hint first (best score first).
        shown_links: The links written in ``text``, in the order shown.
        tokens: cl100k tokens of ``text`` (exact when the encoding is available, else an upper estimate).
        status: The HTTP status passed in, if any.
        final_url: The URL shown as the current page.
        title: The title shown.
        excerpt: The excerpt shown (possibly shortened to fit the budget).
        model: The parsed page the view was made from.
        hint: The hint the links were matched against, if any.
    """

    text: str
    links: list[Link]
    shown_links: list[Link]
    tokens: int
    status: int | None
    final_url: str
    title: str
    excerpt: str
    model: PageModel
    hint: str | None = None
