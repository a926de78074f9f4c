"""Two-stage retrieval: sections first, then elements inside them, then the diversity step.

:func:`select_evidence` is pure (screen and indexes in, an :class:`EvidencePack` out);
:class:`EvidenceRetriever` reads the page and caches both indexes per screen fingerprint.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from waypost.planning.diversity import mmr, similarity
from waypost.planning.evidence import EvidenceItem, EvidencePack, short
from waypost.planning.feedback import Negatives
from waypost.planning.sections import (
    SECTION_BLOCKS_JS,
    SectionEntry,
    SectionIndex,
    build_sections,
    score_sections,
)
from waypost.planning.spec import MAX_K, QuerySpec
from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.inventory import collect
from waypost.retrieval.query import Intent as RetrievalIntent
from waypost.retrieval.query import parse_query
from waypost.retrieval.ranking import Candidate, rank
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.selectors import InventoryCounts, synthesize
from waypost.retrieval.text import words

if TYPE_CHECKING:
    from playwright.async_api import Page

_RETRIEVAL_INTENT: dict[str, RetrievalIntent] = {
    "navigate": "click",
    "click": "click",
    "type": "type",
    "select": "select",
    "assert": "any",
    "extract": "any",
}
_ROLE_ALIASES = {
    "field": "textbox",
    "input": "textbox",
    "text field": "textbox",
    "textfield": "textbox",
    "dropdown": "combobox",
    "select": "combobox",
    "toggle": "switch",
    "anchor": "link",
}
CLICKABLE = frozenset(
    {"link", "button", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox", "radio",
     "switch", "option", "treeitem", "generic", "summary"}
)  # fmt: skip
CACHE_SIZE = 16
LOOK_ALIKES = 2
"""With diversity, elements of the same role and name a pack shows at most (the rest are counted)."""


@dataclass(frozen=True)
class RetrievalLimits:
    """Caps of the two stages.

    Attributes:
        sections: Sections stage one keeps (m).
        elements: Elements stage two ranks within them.
        max_k: The most items a pack holds.
        token_cap: Tokens the rendered pack may take.
    """

    sections: int = 10
    elements: int = 30
    max_k: int = 10
    token_cap: int = 600


def _role(e: ElementDescriptor) -> str:
    if e.tag == "input" and e.type == "password":
        return "password"
    return e.role or e.tag


def _norm_role(role: str) -> str:
    role = role.strip().casefold()
    return _ROLE_ALIASES.get(role, role)


def _attributes_match(e: ElementDescriptor, wanted: dict[str, str]) -> bool:
    have = {"type": e.type, "id": e.id, "name": e.name_attr, "href": e.href, "placeholder": e.placeholder,
            "role": e.role, "tag": e.tag, **e.data}  # fmt: skip
    return all(value.casefold() in str(have.get(key, "")).casefold() for key, value in wanted.items())


def _allowed(e: ElementDescriptor, spec: QuerySpec, negatives: Negatives, neg_words: set[str]) -> bool:
    if e.index in negatives.elements or _role(e) in negatives.roles:
        return False
    if spec.constraints.visible and not e.visible:
        return False
    if spec.constraints.clickable and _role(e) not in CLICKABLE and e.tag not in ("a", "button"):
        return False
    roles = {_norm_role(r) for r in spec.filters.roles}
    if roles and not ({_role(e), e.role, e.tag} & roles or ("textbox" in roles and e.role == "searchbox")):
        return False
    if spec.filters.attributes and not _attributes_match(e, spec.filters.attributes):
        return False
    return not (neg_words and neg_words & (set(words(e.display_name)) | set(words(e.section))))


def _element_item(
    c: Candidate, number: int, score: float, counts: InventoryCounts, alike: int = 0
) -> EvidenceItem:
    e = c.element
    selectors = c.selectors or tuple(synthesize(e, counts))
    snippet = e.nearby.replace(e.display_name, " ") if e.nearby else ""
    return EvidenceItem(
        number=number,
        label=e.display_name or e.describe(),
        role=_role(e),
        section=e.section,
        snippet=short(snippet, 120),
        selectors=tuple(str(s) for s in selectors[:2]),
        score=round(score, 3),
        element=e.index,
        alike=alike,
    )


def _text_item(s: SectionEntry, number: int, score: float) -> EvidenceItem:
    return EvidenceItem(
        number=number,
        label=s.key,
        role="text",
        section=s.kind,
        snippet=short(s.text, 200),
        selectors=(s.anchor,) if s.anchor else (),
        score=round(score, 3),
    )


def select_evidence(
    screen: Screen,
    sections: SectionIndex,
    spec: QuerySpec,
    model: RerankModel,
    index: TfidfIndex,
    *,
    negatives: Negatives | None = None,
    limits: RetrievalLimits = RetrievalLimits(),
) -> EvidencePack:
    """Pick the evidence for ``spec`` on ``screen``: top sections, elements in them, diversity.

    Args:
        screen: The inventory.
        sections: The screen's section index.
        spec: The query.
        model: Re-ranker weights for stage two.
        index: The screen's element TF-IDF index.
        negatives: What failed steps ruled out.
        limits: Caps of both stages and of the pack.

    Returns:
        The pack, items numbered from 1, best first.
    """
    negatives = negatives or Negatives()
    k = min(spec.k, limits.max_k, MAX_K)
    neg_words = {w for term in spec.filters.negative for w in words(term)}
    ranked_sections = score_sections(
        sections,
        spec.text,
        hint=spec.filters.section_hint,
        excluded=frozenset(negatives.sections),
        negative=tuple(spec.filters.negative),
    )
    top_sections = ranked_sections[: limits.sections]
    pack = EvidencePack(spec, [], url=screen.url, fingerprint=screen.fingerprint, token_cap=limits.token_cap)
    pack.excluded = negatives.describe()
    if spec.intent in ("extract", "assert"):
        texts = [(s, sc) for s, sc in top_sections if s.text][:k]
        pack.items = [_text_item(s, n + 1, sc) for n, (s, sc) in enumerate(texts)]
        return pack
    section_score = {s.key: sc for s, sc in top_sections}
    best_section = max(section_score.values(), default=0.0) or 1.0
    hint = spec.filters.section_hint
    query = parse_query(f"{spec.text} within {hint}" if hint else spec.text, _RETRIEVAL_INTENT[spec.intent])
    if spec.intent == "navigate":
        query = replace(query, role_hints=query.role_hints | {"link"})
    ranking = rank(screen, query, model, index=index)
    inside: list[tuple[Candidate, float]] = []
    outside: list[tuple[Candidate, float]] = []
    # Stage one is a prior, not a wall: a clear element match in a low-ranked section stays in.
    strong = 0.5 * max((c.p for c in ranking.candidates), default=0.0)
    for c in ranking.candidates:
        if not _allowed(c.element, spec, negatives, neg_words):
            continue
        key = " ".join(c.element.section.split()) or "(no heading)"
        if key in negatives.sections:
            continue
        if key in section_score:
            # Stage one re-weights stage two; it does not outvote the element's own match.
            inside.append((c, c.p * (1.0 + 0.3 * section_score[key] / best_section)))
        elif c.p >= strong:
            inside.append((c, c.p))
        else:
            outside.append((c, 0.5 * c.p))
    inside.sort(key=lambda t: -t[1])
    pool = inside[: limits.elements]
    if len(pool) < k:  # a thin stage one: fill up from the rest of the page
        pool += sorted(outside, key=lambda t: -t[1])[: k - len(pool)]
    if not pool:
        return pack
    alike: dict[int, int] = {}
    if spec.diversity:
        pool, alike = _cap_look_alikes(pool, LOOK_ALIKES)
    elements = [c.element for c, _ in pool]
    scores = [s for _, s in pool]
    order = mmr(elements, scores, k, similarity) if spec.diversity else list(range(min(k, len(pool))))
    counts = InventoryCounts.of(screen.elements)
    pack.items = [
        _element_item(pool[i][0], n + 1, pool[i][1], counts, alike.get(pool[i][0].element.index, 0))
        for n, i in enumerate(order)
    ]
    return pack


def _cap_look_alikes(
    pool: list[tuple[Candidate, float]], keep: int
) -> tuple[list[tuple[Candidate, float]], dict[int, int]]:
    """At most ``keep`` elements of one role and name; the first kept one counts the rest it stands for."""
    seen: dict[tuple[str, str], list[int]] = {}
    out: list[tuple[Candidate, float]] = []
    extra: dict[int, int] = {}
    for c, score in pool:
        key = (_role(c.element), " ".join(c.element.display_name.split()).casefold())
        kept = seen.setdefault(key, [])
        if len(kept) < keep:
            kept.append(c.element.index)
            out.append((c, score))
        else:
            extra[kept[0]] = extra.get(kept[0], 0) + 1
    return out, extra


@dataclass
class _Indexed:
    index: TfidfIndex
    sections: SectionIndex


class EvidenceRetriever:
    """Reads a page and retrieves evidence, caching the indexes per screen fingerprint.

    Args:
        model: Re-ranker weights (the shipped ones if not given).
        limits: Caps of both stages and of the pack.

    Attributes:
        hits: Retrievals served from the cache.
        misses: Retrievals that built the indexes.
    """

    def __init__(self, model: RerankModel | None = None, limits: RetrievalLimits | None = None) -> None:
        self.model = model or RerankModel()
        self.limits = limits or RetrievalLimits()
        self._cache: OrderedDict[str, _Indexed] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.last_screen: Screen | None = None

    async def retrieve(
        self, page: Page, spec: QuerySpec, negatives: Negatives | None = None, *, round: int = 1
    ) -> EvidencePack:
        """Inventory the page and return the evidence pack for ``spec``."""
        started = time.perf_counter()
        screen = await collect(page)
        self.last_screen = screen
        key = f"{screen.fingerprint}@{screen.scroll[1]}"
        cached = self._cache.get(key)
        if cached is None:
            blocks: list[dict[str, Any]] = await page.evaluate(SECTION_BLOCKS_JS, 400)
            sections = SectionIndex.build(build_sections(screen, blocks), screen.viewport[1])
            cached = _Indexed(TfidfIndex(screen.elements), sections)
            self._cache[key] = cached
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
            self.misses += 1
            hit = False
        else:
            self._cache.move_to_end(key)
            self.hits += 1
            hit = True
        pack = select_evidence(
            screen, cached.sections, spec, self.model, cached.index, negatives=negatives, limits=self.limits
        )
        pack.round = round
        pack.cache_hit = hit
        pack.retrieve_ms = (time.perf_counter() - started) * 1000
        return pack
