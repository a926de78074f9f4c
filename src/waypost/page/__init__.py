"""From HTML to what a model reads: :func:`parse_page` gives a :class:`PageModel`, :func:`render_view` a view.

Pure functions on strings and dataclasses; nothing here touches a browser.

Example:
    >>> from waypost.page import parse_page, render_view
    >>> page = parse_page("<title>Shop</title><a href='/cart'>Cart</a>", "https://shop.test/")
    >>> render_view(page, hint="Warenkorb").shown_links[0].matches_hint
    True
"""

from waypost.page.extract import parse_page
from waypost.page.hint import HintMatcher, apply_hint
from waypost.page.links import display_url
from waypost.page.model import Feed, Form, FormField, Link, LinkArea, LinkGroup, PageModel, PageView
from waypost.page.tokens import count_tokens, estimate_tokens, exact_counts_available
from waypost.page.view import render_view

__all__ = [
    "Feed",
    "Form",
    "FormField",
    "HintMatcher",
    "Link",
    "LinkArea",
    "LinkGroup",
    "PageModel",
    "PageView",
    "apply_hint",
    "count_tokens",
    "display_url",
    "estimate_tokens",
    "exact_counts_available",
    "parse_page",
    "render_view",
]
