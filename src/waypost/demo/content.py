"""What the demo site shows: sections, articles, static pages, finance data and the demo account.

Everything is read once from the package data under ``site/data/`` (``articles.txt`` and
``pages.txt`` in a small ``=== name`` block format, ``site.json`` and ``finance.json``) with
:mod:`importlib.resources`, and validated on the way in.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

DEMO_USER = "demo"
"""User name accepted by ``POST /login``."""
DEMO_PASSWORD = "demo"
"""Password accepted by ``POST /login``."""
READER_USER = "reader"
"""A second account, whose password is unlike its name or any page text (the secrets example)."""
READER_PASSWORD = "north-harbour-42"
"""The second account's password."""
TZ = timezone(timedelta(hours=1))  # CET; every article date falls before the switch to summer time
_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December")  # fmt: skip


@dataclass(frozen=True)
class Section:
    """A portal section such as ``politik``."""

    slug: str
    name: str
    lang: str
    intro: str
    per_page: int

    @property
    def path(self) -> str:
        """URL path of the section page, with trailing slash."""
        return f"/{self.slug}/"


@dataclass(frozen=True)
class Article:
    """One article; ``body`` holds ``("p" | "h2", text)`` pairs."""

    section: str
    slug: str
    title: str
    date: datetime
    author: str
    teaser: str
    image: str
    body: tuple[tuple[str, str], ...]

    @property
    def key(self) -> str:
        """``section/slug``, as used in the data files."""
        return f"{self.section}/{self.slug}"

    @property
    def path(self) -> str:
        """URL path of the article page."""
        return f"/{self.section}/{self.slug}.html"

    @property
    def text(self) -> str:
        """Everything searchable, casefolded."""
        return " ".join([self.title, self.teaser, self.author, *(t for _, t in self.body)]).casefold()


@dataclass(frozen=True)
class Page:
    """A static page (Impressum, Datenschutz, ...)."""

    slug: str
    title: str
    body: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Content:
    """Everything the demo site shows, loaded once from the package data."""

    site: dict[str, Any]
    sections: tuple[Section, ...]
    articles: tuple[Article, ...]  # newest first
    pages: dict[str, Page]
    finance: dict[str, Any]
    by_key: dict[str, Article] = field(default_factory=dict)

    def section(self, slug: str) -> Section | None:
        """The section called ``slug``, or ``None``."""
        return next((s for s in self.sections if s.slug == slug), None)

    def section_for(self, article: Article) -> Section:
        """The section ``article`` belongs to."""
        section = self.section(article.section)
        if section is None:
            raise KeyError(article.section)
        return section

    def in_section(self, slug: str) -> list[Article]:
        """Articles of one section, newest (the top headline) first."""
        return [a for a in self.articles if a.section == slug]

    def search(self, query: str) -> list[Article]:
        """Articles matching every word of ``query`` (case-insensitive), title hits first, then newest."""
        terms = query.casefold().split()
        if not terms:
            return []
        hits = [a for a in self.articles if all(t in a.text for t in terms)]
        return sorted(
            hits, key=lambda a: (not all(t in a.title.casefold() for t in terms), -a.date.timestamp())
        )

    def date(self, article: Article) -> str:
        """The article's date as its section's language writes it."""
        d = article.date
        if self.section_for(article).lang == "en":
            return f"{d.day} {_MONTHS_EN[d.month - 1]} {d.year}, {d:%H:%M}"
        return f"{d:%d.%m.%Y}, {d:%H:%M} Uhr"


def site_root() -> Traversable:
    """The package folder ``site/`` (data, templates, static files)."""
    return resources.files("waypost.demo").joinpath("site")


def _parse_blocks(text: str) -> list[tuple[str, dict[str, str], tuple[tuple[str, str], ...]]]:
    """Parse the ``=== name`` block format of ``articles.txt`` and ``pages.txt``."""
    blocks = []
    for chunk in re.split(r"^=== ", text, flags=re.MULTILINE)[1:]:
        lines = chunk.splitlines()
        name, rest = lines[0].strip(), lines[1:]
        meta: dict[str, str] = {}
        i = 0
        while i < len(rest) and rest[i].strip():
            line = rest[i].strip()
            if not line.startswith("#"):
                key, sep, value = line.partition(":")
                if not sep:
                    raise ValueError(f"block {name!r}: header line without ':': {line!r}")
                meta[key.strip()] = value.strip()
            i += 1
        body: list[tuple[str, str]] = []
        for para in re.split(r"\n\s*\n", "\n".join(rest[i:])):
            para = " ".join(part.strip() for part in para.splitlines() if part.strip())
            if para.startswith("## "):
                body.append(("h2", para[3:].strip()))
            elif para:
                body.append(("p", para))
        blocks.append((name, meta, tuple(body)))
    return blocks


@cache
def load_content() -> Content:
    """Read and validate the site data from the package (cached)."""
    root = site_root()
    site = json.loads(root.joinpath("data", "site.json").read_text(encoding="utf-8"))
    finance = json.loads(root.joinpath("data", "finance.json").read_text(encoding="utf-8"))
    sections = tuple(
        Section(s["slug"], s["name"], s.get("lang", "de"), s.get("intro", ""), int(s.get("per_page", 8)))
        for s in site["sections"]
    )
    known = {s.slug for s in sections}
    articles = []
    for name, meta, body in _parse_blocks(root.joinpath("data", "articles.txt").read_text(encoding="utf-8")):
        section, _, slug = name.partition("/")
        if section not in known or not _SLUG.fullmatch(slug):
            raise ValueError(f"bad article name {name!r}")
        articles.append(
            Article(
                section=section,
                slug=slug,
                title=meta["title"],
                date=datetime.strptime(meta["date"], "%Y-%m-%d %H:%M").replace(tzinfo=TZ),
                author=meta["author"],
                teaser=meta["teaser"],
                image=meta["image"],
                body=body,
            )
        )
    articles.sort(key=lambda a: a.date, reverse=True)
    pages = {
        name: Page(name, meta["title"], body)
        for name, meta, body in _parse_blocks(root.joinpath("data", "pages.txt").read_text(encoding="utf-8"))
    }
    by_key = {a.key: a for a in articles}
    if len(by_key) != len(articles):
        raise ValueError("duplicate article names")
    return Content(site, sections, tuple(articles), pages, finance, by_key)
