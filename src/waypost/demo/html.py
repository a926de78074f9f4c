"""HTML helpers of the demo site: escaping and the templates under ``site/templates/``.

A template is HTML with ``{{NAME}}`` placeholders, filled in one pass by :func:`fill` with values
that are already HTML (escape text with :func:`esc` first; a value is never scanned for further
placeholders). The page shells (``portal.html``, ``finance.html``, ``banner.html``, ...) sit at the
top of ``templates/``; page bodies and repeated blocks sit in ``portal/``, ``finance/`` and
``service/``, and such a fragment is its file's text without the final newline.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from functools import cache

from waypost.demo.content import Article, site_root

_PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes included)."""
    return html.escape(str(text), quote=True)


@cache
def template(name: str) -> str:
    """The template ``name`` (``"portal.html"``, ``"portal/front.html"``...) as text."""
    text = site_root().joinpath("templates", *name.split("/")).read_text(encoding="utf-8")
    return text.removesuffix("\n") if "/" in name else text


def fill(text: str, values: Mapping[str, str]) -> str:
    """Replace each ``{{NAME}}`` in ``text`` by ``values[NAME]`` (already escaped HTML), in one pass."""
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def render(name: str, **values: str) -> str:
    """The template ``name`` filled with ``values`` (already escaped HTML)."""
    return fill(template(name), values)


def link_items(links: list[tuple[str, str]], indent: str) -> str:
    """``<li><a href=...>text</a></li>`` lines for ``(href, text)`` pairs; ``text`` is escaped."""
    return "\n".join(f'{indent}<li><a href="{href}">{esc(text)}</a></li>' for href, text in links)


def article_links(articles: list[Article], indent: str) -> str:
    """One ``<li>`` link per article, titled with its headline."""
    return link_items([(a.path, a.title) for a in articles], indent)


def change_class(change: str) -> str:
    """``down`` for a negative change such as ``-1,2 %``, else ``up``."""
    return "down" if change.startswith("-") else "up"
