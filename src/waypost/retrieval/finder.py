"""Finding the element for a target: memory first, then inventory → rank → (chooser) → validate.

The :class:`ElementFinder` never acts; it returns a :class:`Resolution` that says which selector to act
on, or why there is none (nothing matches, several match equally, the element is covered...).
"""

from __future__ import annotations

import inspect
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal
from urllib.parse import urldefrag, urljoin

from waypost.config.retrieval import RetrievalSettings
from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.errors import PageTooLarge, PageUnavailable
from waypost.retrieval.features import FEATURES, name_words, role_fit
from waypost.retrieval.index import Embedder, TfidfIndex, context_text
from waypost.retrieval.inventory import collect, collect_hidden, structural_path
from waypost.retrieval.kinds import KIND_WORDS, fold_phrases, typable
from waypost.retrieval.memory import RetrievalStore
from waypost.retrieval.openers import prefer_opener
from waypost.retrieval.ordinal_words import ORDINAL_WORDS
from waypost.retrieval.partial import (
    ARTICLES,
    DENIALS,
    KINDS_ABROAD,
    PAGE_WORDS,
    QUESTION_NOUNS,
    carries_words,
    honest,
    is_question,
    partial_match,
    prefer_context_named,
    prefer_full_name,
    prefer_labelled,
    prefer_whole,
    unnamed_words,
)
from waypost.retrieval.query import Intent, Query, parse_query
from waypost.retrieval.ranking import (
    TAB_GROUP,
    Candidate,
    Ranking,
    _candidates,
    _scored,
    decide,
    rank,
    rank_by_kind,
    rank_relative,
)
from waypost.retrieval.records import _row_of, parse_record, rank_records, separate_records
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.selectors import Selector
from waypost.retrieval.synonyms import CONCEPTS, ROLE_WORDS, STOPWORDS, UNSPACED
from waypost.retrieval.text import ing_form, said_unspaced, words
from waypost.retrieval.validation import Validation, validate

if TYPE_CHECKING:
    from playwright.async_api import Page

Chooser = Callable[[str, list[Candidate]], Awaitable[int | None] | int | None]
"""The LLM seam: given the query and the top candidates, return one candidate's ``id`` or ``None``."""

ResolutionStatus = Literal["found", "unsure", "not_found", "not_actionable"]

_ROLE_FIT = FEATURES.index("role_fit")
_INDEX_CACHE = 32
# Concepts that an input type says on its own (a password field is 'the password').
_TYPE_OF_CONCEPT = {"§password": "password", "§email": "email", "§phone": "tel"}
# Words that only complete a typed field's name: 'phone number', 'e-mail address', 'Handy Nummer'.
_TYPED_FILLER = frozenset(
    {"number", "no", "nr", "address", "nummer", "adresse", "numéro", "número", "numero"}
)


@dataclass
class Resolution:
    """Where a target is, or why it cannot be acted on.

    Attributes:
        status: ``found``, ``unsure``, ``not_found`` or ``not_actionable``.
        query: The parsed query (``None`` when a selector was given).
        selector: The validated selector (when found), or the last one tried.
        validation: Its validation.
        candidate: The ranked candidate acted on (``None`` when from memory or a given selector).
        ranking: The ranking, when retrieval ran.
        screen: The inventory, when retrieval ran.
        llm_asked: The chooser was asked.
        llm_choice: The id the chooser answered.
        from_memory: A remembered selector was used.
        healed: A remembered selector failed and retrieval found the element again.
        latency_ms: Inventory + rank + validate.
        inventory_ms: The inventory alone.
        rank_ms: Index, features and re-ranking alone.
        failures: Candidates that failed validation, with why.
    """

    status: ResolutionStatus
    query: Query | None = None
    selector: Selector | None = None
    validation: Validation | None = None
    candidate: Candidate | None = None
    ranking: Ranking | None = None
    screen: Screen | None = None
    llm_asked: bool = False
    llm_choice: int | None = None
    from_memory: bool = False
    healed: bool = False
    latency_ms: float = 0.0
    inventory_ms: float = 0.0
    rank_ms: float = 0.0
    failures: list[tuple[Candidate, Validation]] = field(default_factory=list)

    @property
    def element_text(self) -> str:
        """What the element is, for messages."""
        if self.candidate is not None:
            return self.candidate.element.describe()
        if self.validation is not None and self.validation.name:
            kind = self.validation.tag or "element"
            return f'{kind} "{" ".join(self.validation.name.split())[:60]}"'
        if self.validation is not None and self.validation.count == 1 and self.validation.tag:
            return f"a {self.validation.type or self.validation.tag}"  # nameless ('a checkbox')
        return str(self.selector) if self.selector else "the element"


def _same_name(a: str, b: str) -> bool:
    wa, wb = set(words(a)), set(words(b))
    if not wa or not wb:
        return True
    return len(wa & wb) / max(len(wa), len(wb)) >= 0.5


# Signs of a pager's arrows: a disabled "»" and an enabled "›" both say 'next'.
_FORWARD = frozenset("»›>→⟩⇨▶▸")
_BACKWARD = frozenset("«‹<←⟨⇦◀◂")


def _paging_alike(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two pager arrows pointing the same way, or two elements with the same name."""
    na, nb = a.display_name.strip(), b.display_name.strip()
    arrows = bool(na) and bool(nb) and any(set(na) <= way and set(nb) <= way for way in (_FORWARD, _BACKWARD))
    return arrows or " ".join(na.split()).casefold() == " ".join(nb.split()).casefold()


class ElementFinder:
    """Resolves targets on pages; holds the memory store, the re-ranker and a per-screen index cache.

    Args:
        settings: Retrieval settings.
        store: Learned selectors and action log (``None``: no memory, no telemetry).
        model: Re-ranker weights.
        chooser: Asked on a tie or low confidence; without it the result is 'unsure'.
        embedder: Optional local embedding model for the index.
    """

    def __init__(
        self,
        settings: RetrievalSettings,
        *,
        store: RetrievalStore | None = None,
        model: RerankModel | None = None,
        chooser: Chooser | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.model = model or RerankModel()
        self.chooser = chooser
        self.embedder = embedder
        self._indexes: OrderedDict[tuple[tuple[object, ...], ...], TfidfIndex] = OrderedDict()
        self._last_index: tuple[tuple[ElementDescriptor, ...], TfidfIndex] | None = None
        self.last_rank_ms = 0.0

    # -- pieces --------------------------------------------------------------------------------

    def index_for(self, screen: Screen) -> TfidfIndex:
        """The TF-IDF index of a screen, cached by the content it indexes."""
        last = self._last_index
        if last is not None and last[0] is screen.elements:
            return last[1]  # the same screen ranked again (anchor, kind, name)
        index = self._index_by_content(screen)
        self._last_index = (screen.elements, index)
        return index

    def _index_by_content(self, screen: Screen) -> TfidfIndex:
        # The key is the indexed content itself (a tuple compares and hashes in C, faster than
        # digesting the joined strings): the same fields as before, so the same hits.
        key = tuple(
            (
                e.name,
                e.label,
                e.placeholder,
                e.title,
                e.text,
                e.id,
                e.name_attr,
                e.classes,
                e.href,
                e.role,
                tuple(sorted(e.data.items())) if e.data else (),
            )
            for e in screen.elements
        )
        index = self._indexes.get(key)
        if index is None:
            index = TfidfIndex(screen.elements, self.embedder)
            self._indexes[key] = index
            if len(self._indexes) > _INDEX_CACHE:
                self._indexes.popitem(last=False)
        else:
            self._indexes.move_to_end(key)
        return index

    async def rank_page(self, page: Page, query: Query) -> tuple[Screen, Ranking, float]:
        """Inventory the page and rank its elements; returns the screen, ranking and inventory ms."""
        t0 = time.perf_counter()
        screen = await collect(
            page, max_elements=self.settings.max_elements, time_limit=self.settings.inventory_timeout
        )
        inventory_ms = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        ranking = await self._rank_screen(page, screen, query)
        self.last_rank_ms = (time.perf_counter() - t1) * 1000
        return screen, ranking, inventory_ms

    async def _rank_screen(self, page: Page, screen: Screen, query: Query) -> Ranking:
        ranking = None
        if query.relation is not None:
            anchor_q = parse_query(query.relation[1], "any")
            anchor = rank(screen, anchor_q, self.model, index=self.index_for(screen))
            if anchor.decision == "confident":
                ranking = rank_relative(
                    screen, query, anchor.candidates[0].element, self.model, index=self.index_for(screen)
                )
        if query.ordinal and set(query.head) == {"tab"} and TAB_GROUP.search(query.raw):
            # 'the 3rd tab in the first list': the list's words pick one tab list, not a name
            query = replace(query, kind_only=True, context=())
        if ranking is None and (not query.kind_only or parse_record(query.raw).ordinal is not None):
            # ('the checkbox of the last row' names a kind, and the row it is in)
            ranking = await rank_records(page, screen, query, self.model, index=self.index_for(screen))
        if ranking is None and query.kind_only and not _named_as(screen, query):
            ranking = rank_by_kind(
                screen,
                query,
                self.model,
                index=self.index_for(screen),
                confidence=self.settings.confidence,
                tie_margin=self.settings.tie_margin,
            )
        if ranking is None and query.ordinal and query.head and set(query.head) <= QUESTION_NOUNS:
            ranking = self._nth_question(screen, query)
        if ranking is None and query.ordinal and query.intent == "type" and not query.exact:
            # 'the first phone field': counted over the phone fields, not over those whose words
            # happen to say "phone" (a field labelled "Home" is a phone field too)
            ranking = self._by_input_type(screen, query)
        if ranking is None:
            ranking = rank(
                screen,
                query,
                self.model,
                index=self.index_for(screen),
                confidence=self.settings.confidence,
                tie_margin=self.settings.tie_margin,
                min_p=self.settings.min_p,
            )
            ranking = prefer_full_name(
                ranking, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
            )
            ranking = prefer_labelled(
                ranking, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
            )
            ranking = prefer_whole(
                ranking, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
            )
            ranking = prefer_context_named(
                ranking, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
            )
            ranking = honest(ranking, screen.viewport)
            ranking = _quoted_is_there(ranking)
            ranking = _not_the_other_way(ranking)
            ranking = _form_button_over_its_namesake(ranking)
            ranking = await separate_records(page, screen, ranking)
            ranking = prefer_opener(screen, ranking, self.model, index=self.index_for(screen))
            if ranking.decision != "confident" and query.intent == "type" and not query.exact:
                ranking = self._by_input_type(screen, query) or ranking
            if ranking.decision != "confident" and query.intent == "type" and not query.exact:
                ranking = self._the_one_field(screen, ranking)
            if query.intent == "check":
                ranking = self._checkable(screen, ranking)
        ranking = self._enabled_first(screen, ranking)
        ranking = self._by_heading(screen, ranking)
        ranking = self._to_another_page(screen, ranking)
        ranking = _field_for_text(ranking, self.settings)
        return self._away_from_here(screen, ranking)

    async def hidden_holder(
        self, page: Page, target: str, intent: Intent, verb: str = "", exact: str = ""
    ) -> tuple[str, str, ElementDescriptor] | None:
        """The opener of the closed block (a tab panel, folded section, menu or dialog) that holds
        what ``target`` names, when the page's controls, the held ones counted as shown, point
        confidently to one held control; else ``None``. Not when a shown link goes where the held
        one does (the shown one is there to be taken).

        Returns:
            The opener's CSS path, what it says, and the held control.
        """
        if Selector.parse(target) is not None:
            return None
        query = parse_query(target, intent, verb, exact)
        try:
            hidden = await collect_hidden(
                page, max_elements=self.settings.max_elements, time_limit=self.settings.inventory_timeout
            )
        except (PageTooLarge, PageUnavailable):
            return None
        if not hidden.opener_of:
            return None
        screen = hidden.screen
        if intent == "type":
            # only fields: 'symptoms: coughing at night' is the field on the tab "Symptoms"
            fields = tuple(
                e for e in screen.elements if typable(e) or e.tag == "select" or e.role == "combobox"
            )
            screen = replace(screen, elements=fields)
        ranking = await self._rank_screen(page, screen, query)
        if ranking.decision != "confident" or not ranking.candidates:
            return None
        held = ranking.candidates[0].element
        k = hidden.opener_of.get(held.index)
        if k is None:
            return None

        def said(e: ElementDescriptor) -> str:
            return " ".join(e.display_name.split()).casefold()

        if said(held) and any(
            e.visible and e.index not in hidden.opener_of and said(e) == said(held)
            for e in hidden.screen.elements
        ):
            return None  # a shown control says the same ("Cambiar contraseña" under the form)
        if held.role == "link" and held.href and not held.href.startswith("#"):
            there = urldefrag(urljoin(hidden.screen.url, held.href))[0]
            shown = (
                urldefrag(urljoin(hidden.screen.url, e.href))[0]
                for e in hidden.screen.elements
                if e.role == "link" and e.href and e.visible and e.index not in hidden.opener_of
            )
            if there in shown:
                return None
        path, label = hidden.openers[k]
        return path, label, held

    def by_input_type(self, screen: Screen, query: Query) -> Ranking | None:
        """The fields of the input type the target's words say ('password', 'e-mail', in any
        language of the concept tables), in reading order; ``None`` if the words say no type.

        'the password' where the one password field is labelled "Secret" or "Пароль".
        """
        concepts = {CONCEPTS.get(w) for w in query.head if w not in _TYPED_FILLER}
        kind = _TYPE_OF_CONCEPT.get(concepts.pop()) if len(concepts) == 1 else None
        if kind is None or query.context or query.relation is not None:
            return None
        return rank_by_kind(
            screen,
            replace(query, kinds=frozenset({f"type:{kind}"})),
            self.model,
            index=self.index_for(screen),
            confidence=self.settings.confidence,
            tie_margin=self.settings.tie_margin,
        )

    def _checkable(self, screen: Screen, ranking: Ranking) -> Ranking:
        """'tick Harbor Songs' where the row's link and its checkbox both bear the name: only what
        can be ticked counts (the chances renormalised over those), when anything can be."""
        cands = ranking.candidates
        if not cands or role_fit(cands[0].element, "check") > 0:
            return ranking
        fits = [c for c in cands if role_fit(c.element, "check") > 0]
        total = sum(c.p for c in fits)
        if not fits or total <= 0:
            top = cands[0].element
            row = _row_of(top.path)
            mates = [
                e
                for e in screen.elements
                if e.visible and e.type == "checkbox" and row and _row_of(e.path) == row
            ]
            if len(mates) == 1 and ranking.decision == "confident":
                # 'tick notes.txt': the box of the row the name is in (the box has no name of its own;
                # a row that carries only some of the words is not named: 'Bleed disc brakes' is no
                # "New brake pads")
                return self._only(screen, ranking, mates[0])
            href = top.href or ""
            goes = href not in ("", "#", "#!") and not href.startswith("javascript:")
            if top.role == "link" and goes:
                # a link goes somewhere (a section of this page too: 'turn on alerts' is not the
                # contents' "Alerts"); it is never ticked
                return replace(ranking, decision="low")
            return ranking
        rest = [c for c in cands if role_fit(c.element, "check") <= 0]
        ordered = [replace(c, p=c.p / total) for c in fits] + [replace(c, p=0.0) for c in rest]
        ordered = [replace(c, id=i + 1) for i, c in enumerate(ordered)]
        decision, conf = decide(
            ordered, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
        )
        return replace(ranking, candidates=ordered, decision=decision, confidence=conf)

    def _enabled_first(self, screen: Screen, ranking: Ranking) -> Ranking:
        """'next page' where the pager's "»" is disabled and its "›" is not: a disabled winner
        gives way to the one enabled element of its kind and name (an arrow pointing the same
        way, for an arrow), which is what can be done; alone, it stays (and is reported
        disabled)."""
        cands = ranking.candidates
        if not cands or cands[0].element.enabled or ranking.decision != "confident":
            return ranking
        top = cands[0].element
        arrow = set(top.display_name.strip()) <= _FORWARD | _BACKWARD
        pool = screen.elements if arrow else [c.element for c in cands[1:6]]
        others = [
            e
            for e in pool
            if e is not top and e.enabled and e.visible and e.role == top.role and _paging_alike(top, e)
        ]
        return self._only(screen, ranking, others[0]) if len(others) == 1 else ranking

    def _to_another_page(self, screen: Screen, ranking: Ranking) -> Ranking:
        """'次のページ', 'weiter', 'next page': the link marked as the next (previous) document by
        its title ("Next document", "次の章へ") goes there when nothing else is sure; a link to a
        section that only has the word in its name ("What next", a heading of another page) does
        not."""
        query = ranking.query
        if query is None or query.intent not in ("click", "any") or not ranking.candidates:
            return ranking
        asked = _concepts_of(w for w in words(query.raw) if w not in STOPWORDS and w not in PAGE_WORDS)
        if asked not in ({"§next"}, {"§previous"}):
            return ranking
        if ranking.decision == "confident" and "#" not in ranking.candidates[0].element.href:
            return ranking  # (a sure winner that is no link to a section)
        want = next(iter(asked))
        marked = [
            e
            for e in screen.elements
            if e.visible
            and e.role == "link"
            and e.href
            and not e.href.startswith(("#", "javascript:"))
            and "#" not in e.href
            and want in _concepts_of(words(e.title))
        ]
        if not marked or len({urljoin(screen.url, e.href) for e in marked}) != 1:
            return ranking
        return self._only(screen, ranking, marked[0])

    def _the_one_field(self, screen: Screen, ranking: Ranking) -> Ranking:
        """'add a comment saying X' where the links "comment:1" and "comment:2" rank beside the
        text area under "Add Comment": text goes into a field, and when one field among the
        candidates carries the words (on it or around it), it is that one."""
        fields = [c for c in ranking.candidates[:8] if c.p >= 0.05 and _takes_text(c.element)]
        if len(fields) != 1 or not fields[0].element.enabled or fields[0].element.readonly:
            return ranking
        e = fields[0].element
        if not carries_words(ranking.query, e) or partial_match(ranking.query, e, ranking.overlay):
            return ranking  # (and never a search box for words that say no search)
        return self._only(screen, ranking, e)

    def _by_heading(self, screen: Screen, ranking: Ranking) -> Ranking:
        """Copies of one control tied ("Copy code" under "With pip" and under "From source", both
        blocks saying pip): a word of the target that the heading of one of them says, and of no
        other, picks that one ('copy the pip command'). Words only around them do not."""
        cands = ranking.candidates
        if ranking.decision != "tie" or len(cands) < 2:
            return ranking
        name = " ".join(cands[0].element.display_name.split()).casefold()
        same = [
            c
            for c in cands[:6]
            if " ".join(c.element.display_name.split()).casefold() == name and c.p >= cands[0].p / 2
        ]
        if len(same) < 2 or sum(c.p for c in same) < 0.8:
            return ranking
        query = ranking.query
        said = {w for w in words(query.raw) if w not in STOPWORDS and w not in ARTICLES and not w.isdigit()}
        said -= set(words(name)) | set(words(query.verb))
        hits = [c for c in same if said & set(words(c.element.section))]
        if len(hits) != 1:
            return ranking
        return self._only(screen, ranking, hits[0].element)

    def _away_from_here(self, screen: Screen, ranking: Ranking) -> Ranking:
        """A link to the page shown only shows it again: 'sign out' on the sign-out page is the
        form's "Sign Out" button, not the menu's link so named (a link to the page itself, or to
        where that button's form is sent: the page that holds the form). Undecided between such
        links and other elements of the same name, the others are ranked alone."""
        cands = ranking.candidates
        if ranking.decision not in ("tie", "confident") or len(cands) < 2:
            return ranking  # ('low' is a partial match: 'sign in with Google' stays unsure)
        verb = words(ranking.query.verb)[:1]
        if verb and CONCEPTS.get(verb[0], verb[0]) in _MAKING:
            # 'create the user' on the add-user form is its "Create" button, never the breadcrumb's
            # link to the form itself ("New: User"): a job is not done by showing the page again
            here = [c for c in cands[:6] if _to_this_page(screen.url, c.element, set())]
            left = [c for c in cands if c not in here]
            if here and left and left[0].p >= 0.01:  # (what is left must have been in the running)
                return self._without(ranking, here)
        name = " ".join(cands[0].element.display_name.split()).casefold()
        same = [c for c in cands[:6] if " ".join(c.element.display_name.split()).casefold() == name]
        actions = {_form_action(screen.url, c.element) for c in same} - {""}
        here = [c for c in same if _to_this_page(screen.url, c.element, actions)]
        if not here or len(here) == len(same) or (ranking.decision == "confident" and cands[0] not in here):
            return ranking  # (a confident winner that leads elsewhere stays)
        heir = next(c for c in same if c not in here)  # (what the links' share of the ranking goes to)
        return self._without(ranking, here, heir)

    def _without(self, ranking: Ranking, gone: list[Candidate], heir: Candidate | None = None) -> Ranking:
        """``ranking`` decided again without the candidates ``gone`` (kept last at p 0; their share
        goes to ``heir``, or is spread over the others), then checked as every ranking is."""
        cands = ranking.candidates
        moved = sum(c.p for c in gone)
        if heir is None:
            rest = sum(c.p for c in cands if c not in gone)
            ordered = [replace(c, p=c.p / rest if rest else 0.0) for c in cands if c not in gone]
        else:
            ordered = [replace(c, p=c.p + moved) if c is heir else c for c in cands if c not in gone]
        ordered += [replace(c, p=0.0) for c in gone]
        ordered = [replace(c, id=i + 1) for i, c in enumerate(ordered)]
        decision, conf = decide(
            ordered, self.settings.confidence, self.settings.tie_margin, self.settings.min_p
        )
        return _quoted_is_there(
            honest(replace(ranking, candidates=ordered, decision=decision, confidence=conf))
        )

    def _nth_question(self, screen: Screen, query: Query) -> Ranking | None:
        """'the second question', 'la dernière question': counted among the questions the page
        shows as things to open (an FAQ's summaries, whose names end with a question mark)."""
        questions = [
            e
            for e in screen.elements
            if e.visible and is_question(e) and (e.tag == "summary" or e.role in ("button", "treeitem"))
        ]
        if not questions:
            # a page of questions without toggles: its contents' links to them, in order (an FAQ
            # page's "On this page"), each place once
            seen: set[str] = set()
            for e in screen.elements:
                if (
                    e.visible
                    and e.role == "link"
                    and len(e.href) > 1
                    and e.href.startswith("#")
                    and is_question(e)
                    and e.href not in seen
                ):
                    seen.add(e.href)
                    questions.append(e)
        if not questions or abs(query.ordinal or 0) > len(questions):
            return None
        n = query.ordinal or 1
        pick = questions[n - 1] if n > 0 else questions[n]
        base = rank(screen, query, self.model, index=self.index_for(screen))
        return self._only(screen, base, pick)

    def _only(self, screen: Screen, ranking: Ranking, e: ElementDescriptor) -> Ranking:
        """``ranking`` with ``e`` as its one confident candidate (the others kept at p 0)."""
        word_sim, char_sim = self.index_for(screen).similarities(ranking.query)
        rest = [c.element.index for c in ranking.candidates if c.element is not e][:9]
        scored = _scored(
            ranking.query, screen.elements, [e.index, *rest], self.model, word_sim, char_sim, ranking.overlay
        )
        cands = _candidates(scored, [1.0] + [0.0] * len(rest))
        return replace(ranking, candidates=cands, decision="confident", confidence=1.0)

    def _by_input_type(self, screen: Screen, query: Query) -> Ranking | None:
        by_kind = self.by_input_type(screen, query)
        return by_kind if by_kind is not None and by_kind.decision == "confident" else None

    async def validate_candidate(self, page: Page, c: Candidate) -> tuple[Selector | None, Validation]:
        """The first of ``c``'s selectors that resolves to exactly ``c``'s element, with its validation.

        Falls back to a structural CSS path when no synthesized CSS selector singles the element
        out, and to the role, label and text selectors last: the page checks a CSS selector itself,
        while those first install Playwright's selector engine in the document (tens of
        milliseconds on each new page, paid again by the action's own engine).
        """
        last = Validation("missing")
        css = [sel for sel in c.selectors if sel.is_css]
        others = [sel for sel in c.selectors if not sel.is_css]
        for sel in css:
            v = await validate(page, sel, c.element.index)
            if v.element_ok:
                return sel, v
            last = v
        path = c.element.path or await structural_path(page, c.element.index)
        tried = [Selector("path", path, frames=c.element.frames)] if path else []
        for sel in [*tried, *others]:
            if sel in css:
                continue
            v = await validate(page, sel, c.element.index)
            if v.element_ok:
                return sel, v
            last = v
        return None, last

    async def ask_chooser(self, query: Query, candidates: list[Candidate]) -> int | None:
        """Ask the chooser; only an id from ``candidates`` counts as an answer."""
        if self.chooser is None:
            return None
        answer = self.chooser(query.raw, candidates)
        if inspect.isawaitable(answer):
            answer = await answer
        ids = {c.id for c in candidates}
        return answer if isinstance(answer, int) and answer in ids else None

    # -- the pipeline --------------------------------------------------------------------------

    async def resolve(
        self, page: Page, target: str, intent: Intent, verb: str = "", exact: str = ""
    ) -> Resolution:
        """Find the element ``target`` names, ready to act on with ``intent``.

        Args:
            page: The page.
            target: Plain words ('the login button') or a selector string from :meth:`observe`.
            intent: ``click``, ``type``, ``select``, ``check`` or ``any``.
            verb: The instruction's verb when it may be the element's name ('select', 'open').
            exact: Text the instruction quoted as the element's name (preferred when it matches exactly).

        Returns:
            A :class:`Resolution`; never raises for a missing or ambiguous element.
        """
        started = time.perf_counter()
        explicit = Selector.parse(target)
        if explicit is not None:
            v = await validate(page, explicit, None)
            status: ResolutionStatus = "found" if v.ok else "not_actionable" if v.element_ok else "not_found"
            return Resolution(status, selector=explicit, validation=v, latency_ms=_ms(started))
        query = parse_query(target, intent, verb, exact)
        healed = False
        site, path = _site_path(page.url)
        if self.store is not None and self.settings.memory:
            for remembered in self.store.recall(site, path, query.key):
                v = await validate(page, remembered.selector, None)
                if v.ok and _same_name(remembered.element_name, v.name):
                    return Resolution(
                        "found",
                        query=query,
                        selector=remembered.selector,
                        validation=v,
                        from_memory=True,
                        latency_ms=_ms(started),
                    )
                if not v.element_ok or not _same_name(remembered.element_name, v.name):
                    self.store.demote(site, path, query.key, remembered.selector)
                    healed = True
        screen, ranking, inventory_ms = await self.rank_page(page, query)
        res = Resolution("not_found", query=query, ranking=ranking, screen=screen, healed=healed)
        res.inventory_ms = inventory_ms
        res.rank_ms = self.last_rank_ms
        if ranking.decision == "none":
            res.latency_ms = _ms(started)
            return res
        if ranking.decision == "confident":
            await self._first_actionable(page, ranking, res)
        else:
            top = ranking.top(self.settings.top_k)
            res.llm_asked = self.chooser is not None
            t_ask = time.perf_counter()
            choice = await self.ask_chooser(query, top)
            asked_ms = _ms(t_ask)
            res.llm_choice = choice
            if choice is None:
                res.status = "unsure"
            else:
                chosen = next(c for c in top if c.id == choice)
                await self._try(page, chosen, res)
            res.latency_ms = _ms(started) - asked_ms
            return res
        res.latency_ms = _ms(started)
        return res

    async def _first_actionable(self, page: Page, ranking: Ranking, res: Resolution) -> None:
        """Validate candidates best first, among those plausible enough, until one can be acted on."""
        first = ranking.candidates[0]
        floor = max(0.05, 0.25 * first.p)
        tried = 0
        for c in ranking.candidates:
            if tried >= self.settings.max_tries:
                break
            if c is not first and (c.p < floor or c.features[_ROLE_FIT] <= 0):
                continue
            if c is not first and partial_match(ranking.query, c.element, ranking.overlay):
                continue  # the next best in its place must fit the words too ('Code ausführen')
            tried += 1
            if await self._try(page, c, res):
                return

    async def _try(self, page: Page, c: Candidate, res: Resolution) -> bool:
        sel, v = await self.validate_candidate(page, c)
        if (
            v.reason == "covered"
            and v.tag == "select"
            and res.query is not None
            and res.query.intent == "select"
        ):
            # An option is chosen without a click: a styled arrow laid over the list does not matter.
            v = replace(v, reason="ok")
        res.selector, res.validation, res.candidate = sel, v, c
        if sel is not None and v.ok:
            res.status = "found"
            return True
        res.failures.append((c, v))
        res.status = "not_actionable" if v.element_ok else "not_found"
        if res.failures and res.failures[0][1].element_ok:
            # Report the best candidate's problem (e.g. covered), not a later one's.
            first_c, first_v = res.failures[0]
            res.candidate, res.validation = first_c, first_v
            res.status = "not_actionable"
        return False


_POSSESSIVE = re.compile(r"(?<=[^\W\d_])['’]s\b")


def _quoted_is_there(ranking: Ranking) -> Ranking:
    """A quoted name must be on the element: its name, label, placeholder or title holds it.

    'the folder named "Ashlea"' is never 'Alan', however close the rest of the page makes them.
    """
    query = ranking.query
    if not query.exact or ranking.decision != "confident" or not ranking.candidates:
        return ranking
    e = ranking.candidates[0].element
    as_written = " ".join(query.exact.split()).strip(" .,:;!?")
    quoted = as_written.casefold()
    own_written = " ".join(" ".join((e.display_name, e.label, e.placeholder, e.title)).split())
    own = own_written.casefold()
    if quoted and _holds(own, quoted):
        if query.role_hints and e.role not in query.role_hints and not _holds(own_written, as_written):
            # 'the link "Id."' is not a plain word "id" of the text: neither the kind nor the
            # letters as written fit (the link may sit in a hidden tab).
            return replace(ranking, decision="low")
        return ranking

    def concepts(text: str) -> set[str]:
        # (articles and possessives aside: 'forgot my password' is "Forgot your password?"; a
        # Japanese or Chinese run of concept words and particles says just those: '次のページへ')
        text = _POSSESSIVE.sub("", text)  # ('Hive's inspect method': no word "s")
        return _concepts_of(w for w in words(text) if w not in STOPWORDS and w not in ARTICLES)

    qw = concepts(query.exact)
    verbless = qw == concepts(query.raw)
    if verbless:
        qw = concepts(fold_phrases(query.exact))  # ('zum Buchstaben Q': the letter is named alone)
        # the whole instruction without a verb, not a quote: words of a kind ('the email box') or
        # generic ones ('mode sombre') need not be on the element, and what it is named by
        # includes its classes (a brand link is 'home'); every other word must be there
        # ('sign in with Google' is no "Sign In" button)
        qw -= unnamed_words(query, e) | KIND_WORDS.keys() | ROLE_WORDS.keys() | KINDS_ABROAD
        # 'sign up first': when, not which; 'the 2nd region option': which, counted already
        qw -= ORDINAL_WORDS.keys()
        if query.ordinal is not None:
            qw = {w for w in qw if not re.fullmatch(r"\d+(?:st|nd|rd|th|\.)?", w)}
        own = f"{own} {e.classes}"
        if e.role in ("radio", "checkbox", "menuitemradio", "menuitemcheckbox"):
            own = f"{own} {e.section}"  # 'region east': a choice of the group so captioned
        if e.role in ("checkbox", "switch"):
            qw -= DENIALS  # 'the pet is not insured': the box "Pet is insured", set off
        if query.context:
            # 'the Furo link in the footer': the place's words are where it is, not on it
            around = concepts(f"{context_text(e)} {e.region.replace('#', ' ')}")
            place = concepts(" ".join(query.context))
            if place <= around | concepts(own):
                qw &= concepts(" ".join(query.head))  # ('at the bottom': the footer, said otherwise)
    initials = "".join(w[0] for w in words(e.display_name) if w.isalpha() and w not in STOPWORDS)
    if len(initials) >= 3:
        own = f"{own} {initials}"  # ('FAQ' for "Frequently asked questions")
    if qw and qw <= concepts(own):  # the same concept as the page writes it ('x' and 'Close')
        return ranking
    if verbless and qw:
        # a word as people say it, the name as the page writes it: 'enregistre' for "Enregistrer",
        # 'guarda' for "Guardar" (an imperative for the button's infinitive), 'get' for "Getting"
        shown = concepts(own) | set(words(own))
        if all(w in shown or any(_ending_of(w, d) or ing_form(w, d) for d in shown) for w in qw):
            return ranking
        # 'preview my comment': the "Preview" button under the heading "Add Comment" (a word
        # on the element, the others in the title of its section; not only on the page)
        heading = concepts(e.section) | set(words(e.section))
        if qw & shown and all(w in shown or w in heading for w in qw) and query.intent in ("click", "any"):
            return ranking
    return replace(ranking, decision="low")


# The site's chrome among an element's landmarks ('header#0 form#1').
_CHROME_PLACE = re.compile(r"\b(?:header|nav|footer|banner|navigation)#")


def _form_button_over_its_namesake(ranking: Ranking) -> Ranking:
    """'register' on the registration form: its "Register" button, not the menu's "Register" link
    (which leads to this form). Of a link and a form's button named exactly alike, the first two
    candidates, the button is what does the job; the link only goes where it is done."""
    if (
        ranking.decision == "none"
        or len(ranking.candidates) < 2
        or ranking.query.intent not in ("click", "any")
    ):
        return ranking
    first, second = ranking.candidates[:2]
    a, b = first.element, second.element
    same = " ".join(a.display_name.split()).casefold() == " ".join(b.display_name.split()).casefold() != ""
    button = b.form and (b.role == "button" or b.type in ("submit", "image")) and b.visible and b.enabled
    # (the form outside the site's chrome, the link in it or in another form: a header's quick
    # search button is no 'search page')
    placed = not _CHROME_PLACE.search(b.region) and (bool(_CHROME_PLACE.search(a.region)) or a.form != b.form)
    if not (same and button and placed and a.role == "link" and a.href and first.p - second.p < 0.5):
        return ranking
    swapped = [replace(second, id=1, p=first.p), replace(first, id=2, p=second.p), *ranking.candidates[2:]]
    return replace(ranking, candidates=swapped)


def _not_the_other_way(ranking: Ranking) -> Ranking:
    """'page suivante' is never a link whose name says previous ("précédent FAQ"), however its
    classes read ("prev-next-area"); '上一页' never "下一页"."""
    if ranking.decision != "confident" or not ranking.candidates:
        return ranking
    asked = {CONCEPTS.get(w, w) for w in words(" ".join((ranking.query.raw, ranking.query.exact)))}
    e = ranking.candidates[0].element
    named = {CONCEPTS.get(w, w) for w in words(" ".join((e.display_name, e.label, e.title)))}
    for want, other in (("§next", "§previous"), ("§previous", "§next")):
        if want in asked and other not in asked and other in named and want not in named:
            return replace(ranking, decision="low")
    return ranking


def _concepts_of(said: Iterable[str]) -> set[str]:
    """The concepts of words, a run of concept words and particles of an unspaced script as the
    concepts it holds ('次のページへ': next)."""
    out: set[str] = set()
    for w in said:
        inside = None if w in CONCEPTS else said_unspaced(w)
        out |= inside if inside is not None else {CONCEPTS.get(w, w)}
    return out


def _field_for_text(ranking: Ranking, settings: RetrievalSettings) -> Ranking:
    """Text goes into a field: a tab or heading named like a field (the tab "Symptoms" over the
    text area "Symptoms described by the owner" it shows) gives way to that one field."""
    if ranking.query is None or ranking.query.intent != "type" or not ranking.candidates:
        return ranking
    top = ranking.candidates[0].element
    if _takes_text(top):
        return ranking
    name = set(name_words(top.display_name))
    same = [
        c
        for c in ranking.candidates[1:]
        if c.p >= 0.05 and _takes_text(c.element) and name and name <= set(name_words(c.element.display_name))
    ]
    if len(same) != 1:
        return ranking
    # the field takes what the control named like it had: the button "Search" beside the field
    # "Search: Loan code, Comments" is no second place to type into
    field = replace(same[0], p=same[0].p + ranking.candidates[0].p)
    rest = [
        replace(c, p=0.0) if c is ranking.candidates[0] else c for c in ranking.candidates if c is not same[0]
    ]
    ordered = [replace(c, id=i + 1) for i, c in enumerate([field, *rest])]
    decision, conf = decide(ordered, settings.confidence, settings.tie_margin, settings.min_p)
    return replace(ranking, candidates=ordered, decision=decision, confidence=conf)


def _takes_text(e: ElementDescriptor) -> bool:
    return typable(e) or e.tag == "select" or e.role in ("combobox", "textbox", "searchbox", "spinbutton")


def _ending_of(said: str, shown: str) -> bool:
    """``shown`` is ``said`` with a short ending more (an infinitive for its imperative:
    "enregistrer" for 'enregistre', "guardar" for 'guarda', "uložit" for 'ulož'); 'play' is no
    "playback"."""
    return len(said) >= 4 and shown.startswith(said) and shown[len(said) :] in _INFINITIVE_ENDINGS


# What an infinitive adds to its imperative (French 'enregistre' → -r, Spanish 'guarda' → -r, Czech
# 'ulož' → -it, Russian 'удали' → -ть); not English '-er' ('print' is no "Printer").
_INFINITIVE_ENDINGS = frozenset({"r", "it", "at", "et", "ть", "ить", "ать"})


def _holds(text: str, quoted: str) -> bool:
    """``quoted`` is in ``text`` as whole words ('Play' is not in 'Playback'); in unspaced scripts,
    anywhere."""
    if UNSPACED.search(quoted):
        return quoted in text
    return re.search(rf"(?<!\w){re.escape(quoted)}(?!\w)", text) is not None


def _named_as(screen: Screen, query: Query) -> bool:
    """An element is named with just the kind word ('On a date' for 'the date', a quoted name):
    then the words are a name, not a kind."""
    exact = query.exact.casefold()
    named = 0
    for e in screen.elements:
        if not e.visible:
            continue
        if exact and " ".join(e.display_name.split()).casefold() == exact:
            return True
        if name_words(e.display_name) == query.head:
            named += 1
    # 'Tab #1', 'Tab #2', 'Tab #3' for 'the second tab': several named by the kind are the kind.
    return named == 1 or (named > 1 and not query.ordinal)


def _ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


# Verbs of a job a link to the page shown cannot do: it only shows the page again.
_MAKING = frozenset(
    {"create", "add", "save", "submit", "send", "publish", "register", "delete", "remove", "§add", "§save"}
    | {"§submit", "§register", "§delete", "§create", "§send"}
)


def _to_this_page(url: str, e: ElementDescriptor, actions: set[str]) -> bool:
    """``e`` is a link to the page at ``url`` itself (not to a place in it), or to one of the
    addresses ``actions`` that forms of the page are sent to. An ``<a href="">`` without a handler
    of its own is the page itself (a breadcrumb's last entry)."""
    href = e.href.strip()
    if e.role == "link" and e.tag == "a" and not href and not e.handler:
        return True
    if e.role != "link" or not href or href.startswith(("#", "javascript:")):
        return False
    there = urldefrag(urljoin(url, href))[0]
    return there == urldefrag(url)[0] or there in actions


def _form_action(url: str, e: ElementDescriptor) -> str:
    """Where the form of the button ``e`` is sent ('' when it is no button of a form)."""
    if e.role != "button" or not e.form:
        return ""
    action = e.form.split()[-1]
    return urldefrag(urljoin(url, action))[0] if action.startswith("/") else ""


def _site_path(url: str) -> tuple[str, str]:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return parts.netloc.lower(), parts.path or "/"
