"""Stage one of retrieval: the section index (landmarks and heading blocks).

Every interactive element of a screen already knows the title of the section it sits in (the
inventory's ``section``). The page's landmarks and headings add each section's kind, text and
position. :func:`build_sections` joins the two into :class:`SectionEntry` s; :func:`score_sections`
ranks them against a query, nearer the viewport higher, so stage two only ranks elements of the
best sections.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from waypost.retrieval.descriptor import Screen
from waypost.retrieval.index import SparseSpace
from waypost.retrieval.text import expand, words

UNTITLED = "(no heading)"
TEXT_CAP = 600

# Landmarks and headings with their text and position; anchors are ids or landmark tags.
SECTION_BLOCKS_JS = r"""
(maxText) => {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const text = (n) => clean(n.innerText !== undefined ? n.innerText : n.textContent).slice(0, maxText);
  const visible = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const titleOf = (n) => {
    const al = n.getAttribute('aria-label');
    if (al) return clean(al).slice(0, 120);
    const h = n.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],legend,caption');
    return h ? clean(h.textContent).slice(0, 120) : '';
  };
  const anchor = (n) => n.id && /^[A-Za-z][\w-]*$/.test(n.id) ? '#' + n.id : n.tagName.toLowerCase();
  const out = [];
  const sel = 'main,article,section,aside,nav,form,dialog[open],[role=dialog],[role=region],' +
    '[role=navigation],[role=search],table,fieldset,footer,header';
  for (const n of document.querySelectorAll(sel)) {
    if (!visible(n)) continue;
    const r = n.getBoundingClientRect();
    out.push({ kind: (n.getAttribute('role') || n.tagName).toLowerCase(), title: titleOf(n), text: text(n),
      y: Math.round(r.top), h: Math.round(r.height), anchor: anchor(n) });
  }
  for (const h of document.querySelectorAll('h1,h2,h3,h4,h5,h6,legend')) {
    if (!visible(h)) continue;
    const r = h.getBoundingClientRect();
    let body = '';
    for (let s = h.nextElementSibling; s && body.length < maxText; s = s.nextElementSibling) {
      if (/^H[1-6]$/.test(s.tagName) || s.tagName === 'SCRIPT' || s.tagName === 'STYLE') break;
      body += ' ' + text(s);
    }
    out.push({ kind: 'heading', title: clean(h.textContent).slice(0, 120),
      text: clean(body).slice(0, maxText), y: Math.round(r.top), h: Math.round(r.height),
      anchor: anchor(h) });
  }
  return out;
}
"""


@dataclass(frozen=True)
class SectionEntry:
    """One section of a screen.

    Attributes:
        key: The section's title as the inventory names it (:data:`UNTITLED` if none).
        kind: ``nav``, ``form``, ``main``, ``heading``, ``footer``... (``group`` if only the
            inventory knows it).
        text: Its text, shortened (page content: data).
        roles: How many elements of each role it holds.
        elements: Inventory indices of its interactive elements.
        top: Its top edge in viewport pixels (negative: scrolled past).
        anchor: A selector for the section itself (an id or a landmark tag).
    """

    key: str
    kind: str
    text: str
    roles: dict[str, int] = field(default_factory=dict)
    elements: tuple[int, ...] = ()
    top: int = 0
    anchor: str = ""


def build_sections(screen: Screen, blocks: list[dict[str, Any]]) -> list[SectionEntry]:
    """Join the inventory's section titles with the page's landmark and heading blocks."""
    by_title: dict[str, dict[str, Any]] = {}
    for b in blocks:
        title = " ".join(str(b.get("title", "")).split())
        if title and title not in by_title:
            by_title[title] = b
    groups: dict[str, list[int]] = defaultdict(list)
    for e in screen.elements:
        groups[" ".join(e.section.split()) or UNTITLED].append(e.index)
    elements = {e.index: e for e in screen.elements}
    out: list[SectionEntry] = []
    for key, indices in groups.items():
        members = [elements[i] for i in indices]
        block = by_title.get(key)
        names = " ".join(m.display_name for m in members[:30])
        text = str(block.get("text", "")) if block else ""
        top = int(block.get("y", 0)) if block else min(m.box[1] for m in members)
        out.append(
            SectionEntry(
                key=key,
                kind=str(block.get("kind", "group")) if block else "group",
                text=f"{names} {text}".strip()[:TEXT_CAP],
                roles=dict(Counter(m.role or m.tag for m in members)),
                elements=tuple(indices),
                top=top,
                anchor=str(block.get("anchor", "")) if block else "",
            )
        )
    # Headings without interactive elements still hold text to read (extract/assert).
    seen = set(groups)
    for title, b in by_title.items():
        if title not in seen:
            out.append(
                SectionEntry(
                    key=title,
                    kind=str(b.get("kind", "heading")),
                    text=str(b.get("text", ""))[:TEXT_CAP],
                    top=int(b.get("y", 0)),
                    anchor=str(b.get("anchor", "")),
                )
            )
    return out


@dataclass(frozen=True)
class SectionIndex:
    """The sections of one screen with their TF-IDF space (built once per screen fingerprint)."""

    sections: tuple[SectionEntry, ...]
    space: SparseSpace
    viewport_height: int

    @classmethod
    def build(cls, sections: list[SectionEntry], viewport_height: int) -> SectionIndex:
        docs: list[dict[str, float]] = []
        for s in sections:
            tf: dict[str, float] = defaultdict(float)
            if s.key != UNTITLED:
                for t in expand(list(words(s.key))):
                    tf[t] += 3.0
            for t in expand(list(words(s.text))):
                tf[t] += 1.0
            tf[f"§kind:{s.kind}"] += 1.0
            docs.append(tf)
        return cls(tuple(sections), SparseSpace.build(docs), max(1, viewport_height))


def viewport_bonus(top: int, viewport_height: int) -> float:
    """0.15 for a section in view, less the farther it is above or below."""
    distance = 0 if 0 <= top < viewport_height else (abs(top) if top < 0 else top - viewport_height)
    return 0.15 / (1.0 + distance / viewport_height)


def score_sections(
    index: SectionIndex,
    keywords: str,
    *,
    hint: str | None = None,
    excluded: frozenset[str] = frozenset(),
    negative: tuple[str, ...] = (),
) -> list[tuple[SectionEntry, float]]:
    """Sections by how well they match the keywords (and the hint), best first.

    Excluded sections (by key) and sections whose title contains a negative word are left out.
    """
    n = len(index.sections)
    q: dict[str, float] = defaultdict(float)
    for t in expand(list(words(keywords))):
        q[t] += 1.0
    sim = index.space.cosine(q, n)
    hint_sim = [0.0] * n
    if hint:
        h: dict[str, float] = defaultdict(float)
        for t in expand(list(words(hint))):
            h[t] += 1.0
        for kind in ("nav", "form", "footer", "header", "main", "aside", "dialog", "table", "search"):
            if kind in words(hint):
                h[f"§kind:{kind}"] += 2.0
        hint_sim = index.space.cosine(h, n)
    negative_words = {w for term in negative for w in words(term)}
    scored: list[tuple[SectionEntry, float]] = []
    for i, s in enumerate(index.sections):
        if s.key in excluded or (negative_words and negative_words & set(words(s.key))):
            continue
        score = sim[i] + 0.8 * hint_sim[i] + viewport_bonus(s.top, index.viewport_height)
        scored.append((s, score))
    scored.sort(key=lambda t: -t[1])
    return scored
