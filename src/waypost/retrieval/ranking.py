"""Retrieve and re-rank: from a screen and a query to scored candidates and a decision.

Pure functions over plain data; the browser is only needed to build the :class:`Screen`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from waypost.retrieval import features as feats
from waypost.retrieval import kinds as kind_of
from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.overlays import ActiveOverlay, active_overlay
from waypost.retrieval.query import Query, opposed
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.selectors import InventoryCounts, Selector, synthesize
from waypost.retrieval.text import words

_T = TypeVar("_T")

Decision = Literal["confident", "tie", "low", "none"]

# Candidates the re-ranker looks at, picked by raw similarity first.
SHORTLIST = 40


@dataclass(frozen=True)
class Candidate:
    """One ranked element.

    Attributes:
        id: 1-based rank; what a chooser answers with.
        element: Its descriptor.
        p: ``p(element | query)``.
        logit: The re-ranker's logit.
        features: The feature vector (in ``FEATURES`` order).
        selectors: Synthesized selectors, most stable first (still to be validated).
    """

    id: int
    element: ElementDescriptor
    p: float
    logit: float
    features: tuple[float, ...] = field(repr=False)
    selectors: tuple[Selector, ...] = ()

    @property
    def selector(self) -> Selector | None:
        """The most stable selector, if any could be synthesized."""
        return self.selectors[0] if self.selectors else None

    def line(self) -> str:
        """One line for a model: id, what it is, where, p and selector."""
        where = self.element.section or self.element.nearby
        where = f' in "{_short(where, 50)}"' if where else ""
        sel = f" — {self.selector}" if self.selector else ""
        state = "" if self.element.visible else " (hidden)"
        return f"[{self.id}] {self.element.describe()}{where}{state} p={self.p:.2f}{sel}"

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly summary (for telemetry and observe results)."""
        return {
            "id": self.id,
            "index": self.element.index,
            "element": self.element.describe(),
            "p": round(self.p, 4),
            "selector": str(self.selector) if self.selector else None,
        }


@dataclass
class Ranking:
    """The outcome of retrieve + re-rank for one query on one screen.

    Attributes:
        query: The parsed query.
        candidates: Shortlisted candidates, best first (more than ``top_k``).
        decision: ``confident`` (act on the first), ``tie`` or ``low`` (ask or report), ``none``.
        overlay: The active overlay, if any.
        confidence: p of the first candidate plus candidates equivalent to it (same link target).
    """

    query: Query
    candidates: list[Candidate]
    decision: Decision
    overlay: ActiveOverlay | None
    confidence: float

    def top(self, k: int) -> list[Candidate]:
        """The first ``k`` candidates."""
        return self.candidates[:k]


def _short(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


# Query parameters that only say where a link was clicked from, not where it goes.
_TRACKING = re.compile(r"^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|cmpid|intcmp|icid)$", re.I)
# Landmarks of the site's own chrome: a control repeated there (masthead, footer, a mobile menu)
# is a copy, not a record.
_CHROME = frozenset({"header", "footer", "nav", "search"})


def _target(href: str) -> str:
    """Where a link goes, without tracking parameters, scheme or trailing slash. The fragment
    stays: '/post#comment-5' and '/post#comment-6' are two comments, not copies of one link."""
    parts = urlsplit(href.strip())
    query = parts.query
    if query:
        kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if not _TRACKING.match(k)]
        query = urlencode(kept)
    path = parts.path.rstrip("/") or "/" if parts.path else ""
    scheme = "" if parts.scheme in ("http", "https") else parts.scheme
    return urlunsplit((scheme, parts.netloc.lower(), path, query, parts.fragment))


def _page_of(href: str) -> str:
    """The page a link goes to: host and path, without parameters or fragment."""
    parts = urlsplit(href.strip())
    return f"{parts.netloc.lower()}{parts.path.rstrip('/')}"


def _real_href(href: str) -> bool:
    return bool(href) and not href.startswith(("#", "javascript:"))


def _record_data(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """``data-*`` attributes that say which record an element is for (an id, a number) differ."""
    for key in a.data.keys() | b.data.keys():
        va, vb = a.data.get(key, ""), b.data.get(key, "")
        if va != vb and ("id" in key.split("-") or "key" in key or any(ch.isdigit() for ch in va + vb)):
            return True
    return False


def _landmarks(region: str) -> str:
    return " ".join(r for r in region.split() if not r.startswith(_GROUPS))


def _groups(region: str) -> str:
    return " ".join(r for r in region.split() if r.startswith(_GROUPS))


_GROUPS = ("group#", "form#")


def _places(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """In two different landmarks, at least one of them the site's chrome (masthead, footer, a
    navigation, a second header for small screens)."""
    ra, rb = _landmarks(a.region), _landmarks(b.region)
    if not ra or not rb or ra == rb:
        return False
    if ra.startswith(rb + " ") or rb.startswith(ra + " "):
        return False  # one inside the other: the same place
    kinds = {r.split("#")[0] for r in (ra.split()[-1], rb.split()[-1])}
    return bool(kinds & _CHROME)


def _equivalent(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two elements that do the same thing, so either satisfies the instruction.

    Copies of one control: the same accessible name and kind, and the same action — links to the
    same place (tracking parameters aside), the same ``onclick`` handler, the same form. Where
    nothing on the element says what it does, it is a copy when it sits in another landmark of
    the site's chrome (the masthead and the footer, a desktop and a mobile header) or in the same
    section with nothing around one of them that is not around the other (a button repeated in
    a dialog). Look-alikes that differ in what they do stay apart: another link target, another
    handler ('remove(bob)' and 'remove(ann)'), record ``data-*`` ids, or their row ('Delete' for
    Bob and for Ann).
    """
    name_a, name_b = " ".join(a.name.split()), " ".join(b.name.split())
    if name_a and name_b and _same_place_named_alike(a, b):
        return True
    if not name_a or name_a.casefold() != name_b.casefold():
        return False
    if _real_href(a.href) or _real_href(b.href):
        return _real_href(a.href) and _real_href(b.href) and _target(a.href) == _target(b.href)
    if name_a != name_b:
        return False  # 'eget' and 'Eget' are two names
    if (a.tag, a.role, a.type, a.href, a.frames) != (b.tag, b.role, b.type, b.href, b.frames):
        return False
    if a.handler != b.handler or a.form != b.form or _record_data(a, b) or _list_siblings(a, b):
        return False
    field = a.tag in ("input", "textarea", "select") and a.type not in ("submit", "button", "image")
    if field and not (a.form and a.name_attr == b.name_attr and a.placeholder == b.placeholder):
        return False  # two fields are two places to type, unless copies of the same form (a mobile header)
    if _places(a, b):
        return True
    if _form_rows(a, b):
        return False
    if a.section != b.section or _groups(a.region) != _groups(b.region):
        return False  # each in its own fieldset or form: "Book Now!" books its own group's choices
    near_a, near_b = set(a.nearby.casefold().split()), set(b.nearby.casefold().split())
    return near_a <= near_b or near_b <= near_a


def _same_place_named_alike(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two links to one place, one named with all the words of the other and a few more: the
    pager's "Next Frequently asked questions" and the sidebar's "Frequently asked questions"."""
    if a.tag != "a" or b.tag != "a" or a.handler or b.handler or a.frames != b.frames:
        return False
    if not (_real_href(a.href) and _real_href(b.href) and _target(a.href) == _target(b.href)):
        return False
    wa, wb = set(words(a.name)), set(words(b.name))
    short, long = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    if bool(short) and short <= long and len(long - short) <= 2:
        return True
    # the pager's "Next" and the side bar's "Cones and temperatures", both to cones.html: either
    # takes the reader to that page (within one page, a fragment names a place of its own)
    return "#" not in a.href and "#" not in b.href and a.role == b.role == "link" and bool(wa and wb)


def _form_rows(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two scripted links (or clickable elements other than buttons) of one form in different rows
    of it: a 'Today' shortcut beside each date field acts on its own field. Buttons are left to the
    other rules: a form's submit buttons do the same thing wherever they are."""
    if not a.form or a.form != b.form or a.tag in ("button", "input"):
        return False  # (the inventory does not say which <button> submits)
    pa, pb = a.path.split(" > "), b.path.split(" > ")
    return bool(a.path and b.path) and pa[0] == pb[0] and pa[:-1] != pb[:-1]


_LAST_ITEM = re.compile(r"li:nth-of-type\(\d+\)(?!.*\bli:nth-of-type)")


def _list_siblings(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two entries of one list (items of a menu, rows of a list): each is its own entry, however
    alike they read; copies of a control sit in different places, never side by side in a list."""
    if not a.path or not b.path or a.path == b.path:
        return False
    return _LAST_ITEM.sub("li", a.path) == _LAST_ITEM.sub("li", b.path)


def _twins(a: ElementDescriptor, b: ElementDescriptor) -> bool:
    """Two visible controls of one kind whose words are all the same (name, label, section, the
    text around them) but that are no copies (another group, another form field)."""
    return (
        b.visible
        and not _real_href(a.href)
        and not _places(a, b)  # the masthead's and the footer's: copies as far as anyone can tell
        and (a.tag, a.role, a.type) == (b.tag, b.role, b.type)
        and " ".join(a.name.split()) == " ".join(b.name.split()) != ""
        and (a.label, a.section, a.nearby, a.placeholder, a.title)
        == (b.label, b.section, b.nearby, b.placeholder, b.title)
    )


def lead_with_best_copy(
    candidates: list[Candidate], overlay: ActiveOverlay | None, asked: tuple[str, ...] = ()
) -> list[Candidate]:
    """Among copies of the first candidate, the one to act on first: visible, in the active
    overlay if there is one, in the viewport, in the main landmark, then first in reading order.

    Of links to one place named alike, the one named without more words comes first. Only the
    order changes (each keeps its p), so the decision over the group is the same.
    """
    if len(candidates) < 2:
        return candidates
    first = candidates[0]
    group = [first, *(c for c in candidates[1:] if _equivalent(first.element, c.element))]
    if len(group) < 2:
        return candidates

    def key(c: Candidate) -> tuple[bool | int, ...]:
        e = c.element
        in_overlay = overlay is not None and overlay.index in e.overlays
        # (of two links to one place named alike, the one named with the words asked and no more:
        # 'axes page' is "Axes", not "previous Axes"; 'next: FAQ' is "Next FAQ")
        named = set(words(e.name))
        said = named | set(words(e.title))  # (or titled so: 'nächstes Kapitel' for the link so titled)
        extra = len(named - set(asked)) - 10 * len(said & set(asked))
        return (not (e.visible and e.enabled), not in_overlay, extra, not e.in_viewport, not e.in_main)

    best = min(group, key=lambda c: (*key(c), c.element.index))
    if best is first:
        return candidates
    ordered = [best, *(c for c in candidates if c is not best)]
    return [Candidate(n + 1, c.element, c.p, c.logit, c.features, c.selectors) for n, c in enumerate(ordered)]


def rank(
    screen: Screen,
    query: Query,
    model: RerankModel,
    *,
    index: TfidfIndex | None = None,
    confidence: float = 0.5,
    tie_margin: float = 0.12,
    min_p: float = 0.08,
) -> Ranking:
    """Score every element of ``screen`` against ``query`` and decide whether one is clear.

    Args:
        screen: The inventory.
        query: The parsed target.
        model: Re-ranker weights.
        index: A TF-IDF index of ``screen.elements`` (built if not given; cache it per screen).
        confidence: Minimum p to act on the best candidate alone.
        tie_margin: Minimum lead of the best candidate over the runner-up.
        min_p: Below this p the best candidate is no match at all (decision ``none``).

    Returns:
        The :class:`Ranking`.
    """
    elements = screen.elements
    if index is None:
        index = TfidfIndex(elements)
    overlay = active_overlay(screen)
    if not elements or not query.all_words:
        return Ranking(query, [], "none", overlay, 0.0)
    word_sim, char_sim = index.similarities(query)
    pre = sorted(
        (i for i in range(len(elements)) if word_sim[i] > 0 or char_sim[i] > 0.15),
        key=lambda i: -(word_sim[i] + 0.5 * char_sim[i] + (0.3 if elements[i].visible else 0.0)),
    )[:SHORTLIST]
    if query.ordinal and query.head:
        # 'the third wrapping colour': the radios of the group whose legend says so, named
        # otherwise ("Rot", "Grün", "Blau")
        head = set(query.head)
        pre += [
            i
            for i, e in enumerate(elements)
            if i not in pre
            and e.type in ("radio", "checkbox")
            and e.visible
            and head <= set(words(e.section))
        ]
    if not pre:
        return Ranking(query, [], "none", overlay, 0.0)
    scored = _scored(query, elements, pre, model, word_sim, char_sim, overlay)
    scored.sort(key=lambda t: (-t[0], t[1].index))
    candidates = _candidates(scored, RerankModel.probabilities([s[0] for s in scored]))
    if query.ordinal:
        candidates = _apply_ordinal(candidates, query.ordinal, query.head)
    if query.exact:
        candidates = _prefer_exact(candidates, query.exact)
    candidates = _demote_opposites(candidates, query)
    decision, conf = decide(candidates, confidence, tie_margin, min_p)
    if decision == "confident" and _said_of_several(candidates, query):
        decision = "tie"
    if decision == "confident" and not query.ordinal:  # ('the second X' is no copy of the first)
        candidates = lead_with_best_copy(candidates, overlay, query.head)
    return Ranking(query, candidates, decision, overlay, conf)


def _said_of_several(candidates: Sequence[Candidate], query: Query) -> bool:
    """'type X in the password' where the fields are "Old password", "New password" and "New
    password confirmation": the words fit several fields, each of which says more than them, so
    nothing tells which one is meant (a "Password" beside "Confirm password" is just that one)."""
    if query.intent != "type" or query.ordinal or query.exact or query.relation or not query.head:
        return False
    asked = frozenset(query.head)
    first = candidates[0]
    fitting: list[ElementDescriptor] = []
    for c in candidates[:6]:
        e = c.element
        if c.p < 0.2 * first.p or not e.visible or not kind_of.typable(e):
            continue
        if any(_equivalent(e, f) for f in fitting):
            continue
        own = frozenset(w for w in words(e.name or e.label) if w not in feats.STOPWORDS)
        if not asked <= own:
            continue
        if own <= asked:
            return False  # a field named by just these words
        fitting.append(e)
    return len(fitting) >= 2 and first.element in fitting


_OPPOSITES: dict[str, frozenset[str]] = {}
for _a, _b in (
    ("next", "previous prev older back zurück vorherige vorige"),
    ("newer", "older previous prev"),
    ("previous", "next newer weiter nächste"),
    ("older", "newer next"),
    ("first", "last"),
    ("last", "first"),
    ("accept", "reject decline deny refuse"),
    ("reject", "accept allow agree"),
    ("subscribe", "unsubscribe"),
    ("unsubscribe", "subscribe"),
    ("login", "logout"),
    ("logout", "login"),
    ("show", "hide"),
    ("hide", "show"),
    ("open", "close"),
    ("increase", "decrease"),
    ("decrease", "increase"),
    ("weiter", "zurück"),
    ("zurück", "weiter"),
):
    _OPPOSITES[_a] = frozenset(_b.split())


def _demote_opposites(candidates: list[Candidate], query: Query) -> list[Candidate]:
    """'Newer posts' is not 'Older posts': an element named with the opposite of a query word
    (and without the word itself) loses its probability."""
    asked = set(query.head)
    pairs = [(w, _OPPOSITES[w] - asked) for w in asked if w in _OPPOSITES]
    out: list[Candidate] = []
    changed = False
    for c in candidates:
        name = set(feats.name_words(c.element.display_name))
        if any(name & opp and w not in name for w, opp in pairs) or any(
            w not in name and any(opposed(w, n) for n in name - asked) for w in asked
        ):
            out.append(Candidate(c.id, c.element, c.p * 0.05, c.logit, c.features, c.selectors))
            changed = True
        else:
            out.append(c)
    if not changed:
        return candidates
    out.sort(key=lambda c: -c.p)
    return [Candidate(n + 1, c.element, c.p, c.logit, c.features, c.selectors) for n, c in enumerate(out)]


_Scored = tuple[float, ElementDescriptor, list[float], list[Selector]]
"""An element scored by the re-ranker: ``(logit, element, features, selectors)``."""


def _scored(
    query: Query,
    elements: Sequence[ElementDescriptor],
    indices: Sequence[int],
    model: RerankModel,
    word_sim: Sequence[float],
    char_sim: Sequence[float],
    overlay: ActiveOverlay | None,
) -> list[_Scored]:
    """Each element of ``indices`` with its re-ranker logit, features and synthesized selectors."""
    counts = InventoryCounts.of(elements)
    stats = feats.ScreenStats.of(elements)
    out = []
    for i in indices:
        e = elements[i]
        selectors = synthesize(e, counts)
        x = feats.compute(
            query,
            e,
            word_sim=word_sim[i],
            char_sim=char_sim[i],
            selectors=selectors,
            stats=stats,
            overlay=overlay,
        )
        out.append((model.logit(x), e, x, selectors))
    return out


def _candidates(scored: Sequence[_Scored], probabilities: Sequence[float]) -> list[Candidate]:
    """Number the scored elements 1, 2, ... as :class:`Candidate` objects with their probabilities."""
    return [
        Candidate(n + 1, e, p, z, tuple(x), tuple(sels))
        for n, ((z, e, x, sels), p) in enumerate(zip(scored, probabilities, strict=True))
    ]


def _wraps_namesake(e: ElementDescriptor, elements: Sequence[ElementDescriptor]) -> bool:
    """``e`` holds another visible interactive element with the same name (most of that element's
    box lies inside ``e``'s, and ``e`` is not the smaller of the two)."""
    x, y, w, h = e.box
    name = " ".join(e.display_name.split()).casefold()
    for o in elements:
        if o is e or not o.visible or " ".join(o.display_name.split()).casefold() != name:
            continue
        ox, oy, ow, oh = o.box
        iw = min(x + w, ox + ow) - max(x, ox)
        ih = min(y + h, oy + oh) - max(y, oy)
        if iw > 0 and ih > 0 and iw * ih >= 0.5 * ow * oh and ow * oh <= w * h * 1.5 and o.role != e.role:
            return True
    return False


def rank_by_kind(
    screen: Screen,
    query: Query,
    model: RerankModel,
    *,
    index: TfidfIndex | None = None,
    confidence: float = 0.5,
    tie_margin: float = 0.12,
) -> Ranking | None:
    """'the button', 'the 2nd textbox': the elements of the named kind, or ``None`` if there are none.

    The unique visible element of the kind (or identical copies of it) is a confident match; an
    ordinal picks one in reading order; several others are a tie. Elements under an active
    overlay (a modal dialog) are preferred to those it covers.
    """
    elements = screen.elements
    overlay = active_overlay(screen)
    pool = [
        i
        for i, e in enumerate(elements)
        if e.visible and e.enabled and kind_of.matches(e, query.kinds) and feats.role_fit(e, query.intent) > 0
    ]
    closed_menus = any(
        e.role.startswith("menuitem") or (e.popup not in ("", "false") and "nav#" not in e.region)
        for e in elements
    )
    if not pool and "menuitem" in query.kinds and not closed_menus:
        # A menu of plain links (a site's navigation bar): its links are its items, when one
        # navigation landmark holds links and no other menu is on the page; with several,
        # 'the 4th menu item' does not say whose.
        navs: dict[str, list[int]] = {}
        for i, e in enumerate(elements):
            nav = next((r for r in e.region.split() if r.startswith("nav#")), "")
            if nav and e.visible and e.enabled and e.role == "link":
                navs.setdefault(nav, []).append(i)
        pool = next(iter(navs.values())) if len(navs) == 1 else []
    if not pool and {"combobox", "listbox"} <= query.kinds and query.intent == "click":
        # sphinx-design, Bootstrap docs: a <details> box is a "dropdown" too; with no list on the
        # page, 'open the dropdown' means one of those
        pool = [i for i, e in enumerate(elements) if e.visible and e.enabled and e.tag == "summary"]
    if query.intent == "type":
        pool = [
            i
            for i in pool
            if kind_of.typable(elements[i]) or elements[i].tag == "select" or "slider" in query.kinds
        ]
    if overlay is not None and overlay.score >= 0.5:
        inside = [i for i in pool if overlay.index in elements[i].overlays]
        pool = inside or pool
    if "disclosure" in query.kinds and len(pool) > 1:
        # A header that wraps a control named as it is (APG: h3 > button[aria-expanded]; a header
        # holding a Submit button) is not the toggle itself: the control inside is, or it is none.
        pool = [i for i in pool if not _wraps_namesake(elements[i], elements)] or pool
    if "textbox" in query.kinds and "textarea" not in query.kinds:
        # 'the text field' where there is a one-line field and a text area: the one-line field.
        lines = [i for i in pool if elements[i].tag != "textarea"]
        pool = lines or pool
        if not re.search(r"search|such|cherch|busc|hled|szuk|поиск|搜索|検索", query.raw, re.I):
            # 'the first text field' counts the fields of a form, not the site's search box
            plain = [i for i in pool if elements[i].role != "searchbox" and elements[i].type != "search"]
            pool = plain or pool
    if not pool:
        return None
    if index is None:
        index = TfidfIndex(elements)
    word_sim, char_sim = index.similarities(query)
    scored = _scored(query, elements, pool, model, word_sim, char_sim, overlay)
    scored = reading_order(scored, lambda t: t[1])
    if query.ordinal and "tab" in query.kinds and len(rows := _tab_rows([t[1] for t in scored])) > 1:
        # Several tab lists: 'the 3rd tab' counts within one list, so two lists with a 3rd tab
        # are a tie and a list with none does not lend its neighbour's first tab; 'the 3rd tab in
        # the first list' and 'the last tab' (of the page) are one.
        group = TAB_GROUP.search(query.raw)
        if group is not None:
            g = _GROUP_WORDS[group["o"].casefold()]
            rows = [rows[g - 1]] if g > 0 and g <= len(rows) else [rows[-1]] if g < 0 else []
        elif query.ordinal == -1:
            rows = rows[-1:]
        fits = [row for row in rows if abs(query.ordinal) <= len(row)]
        if not fits:
            return Ranking(query, [], "none", overlay, 0.0)
        picks = [row[query.ordinal - 1] if query.ordinal > 0 else row[query.ordinal] for row in fits]
        rest = [t for t in scored if t[1].index not in {e.index for e in picks}]
        scored = [t for e in picks for t in scored if t[1].index == e.index] + rest
        share = 1.0 / len(picks)
        ps = [share] * len(picks) + [0.0] * len(rest)
    elif query.ordinal:
        n = len(scored)
        pick = query.ordinal - 1 if query.ordinal > 0 else n + query.ordinal
        if not 0 <= pick < n:
            return Ranking(query, [], "none", overlay, 0.0)
        chosen = scored.pop(pick)
        scored.insert(0, chosen)
        ps = [1.0] + [0.0] * (n - 1)
    else:
        share = 1.0 / len(scored)
        ps = [share] * len(scored)
    candidates = _candidates(scored, ps)
    decision, conf = decide(candidates, confidence, tie_margin, 0.0)
    return Ranking(query, candidates, decision, overlay, conf)


_GROUP_WORDS = {
    **dict.fromkeys(("first", "1st", "upper", "top"), 1),
    **dict.fromkeys(("second", "2nd"), 2),
    **dict.fromkeys(("third", "3rd"), 3),
    **dict.fromkeys(("last", "lower", "bottom"), -1),
}
# 'in the first list', 'of the lower tab group': which of several tab lists is meant.
TAB_GROUP = re.compile(
    r"\b(?:in|of|from|within|on)\s+(?:the\s+)?(?P<o>" + "|".join(_GROUP_WORDS) + r")\s+"
    r"(?:tab\s*)?(?:list|group|set|bar|tablist|panel)s?\b",
    re.I,
)


def reading_order(items: list[_T], element: Callable[[_T], ElementDescriptor]) -> list[_T]:
    """``items`` in reading order of their elements: rows top down, each left to right. Elements
    a few pixels apart in height sit on one row (a selected tab drawn 2 px lower is still first)."""
    ordered = sorted(items, key=lambda t: (element(t).box[1], element(t).box[0], element(t).index))
    rows: list[list[_T]] = []
    for t in ordered:
        e = element(t)
        if rows:
            first = element(rows[-1][0])
            slack = max(4.0, min(first.box[3], e.box[3]) / 2)
            if abs(first.box[1] - e.box[1]) <= slack:
                rows[-1].append(t)
                continue
        rows.append([t])
    return [t for row in rows for t in sorted(row, key=lambda t: (element(t).box[0], element(t).index))]


def _tab_rows(tabs: list[ElementDescriptor]) -> list[list[ElementDescriptor]]:
    """Tabs in reading order, grouped into their tab lists by the row they sit on; a vertical
    list (one tab per row, all in one column) is one group."""
    rows: list[list[ElementDescriptor]] = []
    for e in tabs:
        if rows and abs(rows[-1][0].box[1] - e.box[1]) <= 8:
            rows[-1].append(e)
        else:
            rows.append([e])
    if all(len(r) == 1 for r in rows) and len({round(r[0].box[0]) for r in rows}) == 1:
        return [tabs]
    return rows


def rank_relative(
    screen: Screen,
    query: Query,
    anchor: ElementDescriptor,
    model: RerankModel,
    *,
    index: TfidfIndex | None = None,
) -> Ranking | None:
    """'the field below Email': the nearest element of the named kind in that direction of ``anchor``."""
    assert query.relation is not None
    direction = query.relation[0]
    elements = screen.elements
    ax, ay, aw, ah = anchor.box
    acx, acy = ax + aw / 2, ay + ah / 2

    def place(e: ElementDescriptor) -> float | None:
        x, y, w, h = e.box
        cx, cy = x + w / 2, y + h / 2
        if direction == "below" and cy > ay + ah:
            return (cy - acy) + 0.3 * abs(cx - acx)
        if direction == "above" and cy < ay:
            return (acy - cy) + 0.3 * abs(cx - acx)
        if direction == "right" and cx > ax + aw and abs(cy - acy) < max(h, ah):
            return cx - acx
        if direction == "left" and cx < ax and abs(cy - acy) < max(h, ah):
            return acx - cx
        if direction == "after" and e.index > anchor.index:
            return float(e.index - anchor.index)
        if direction == "before" and e.index < anchor.index:
            return float(anchor.index - e.index)
        if direction == "near":  # the gap between the two boxes, not between their centres
            gx = max(0.0, x - (ax + aw), ax - (x + w))
            gy = max(0.0, y - (ay + ah), ay - (y + h))
            return (gx**2 + gy**2) ** 0.5 + 1.0
        return None

    pool = [
        (d, i)
        for i, e in enumerate(elements)
        if e is not anchor
        and e.visible
        and kind_of.matches(e, query.kinds)
        and feats.role_fit(e, query.intent) > 0
        and (d := place(e)) is not None
    ]
    if not pool:
        return None
    pool.sort()
    if index is None:
        index = TfidfIndex(elements)
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    order = [i for _, i in pool]
    scored = _scored(query, elements, order, model, word_sim, char_sim, overlay)
    if direction == "near" and len(pool) > 1 and pool[1][0] < 1.25 * pool[0][0]:
        # 'the link next to the password box' with two links about as near: either may be meant
        candidates = _candidates(scored, [0.5, 0.5] + [0.0] * (len(scored) - 2))
        return Ranking(query, candidates, "tie", overlay, 0.5)
    ps = [1.0] + [0.0] * (len(scored) - 1)
    candidates = _candidates(scored, ps)
    return Ranking(query, candidates, "confident", overlay, 1.0)


def _prefer_exact(candidates: list[Candidate], exact: str) -> list[Candidate]:
    """A quoted name: the candidates named exactly so (case included) first, then those equal when folded.

    When exactly one element (or identical copies) carries the quoted name, it takes the
    probability mass of every candidate that only matches it case-insensitively or partly.
    """

    def name(c: Candidate) -> str:
        return " ".join(c.element.display_name.split())

    same = [c for c in candidates if name(c) == exact]
    if not same:
        folded = exact.casefold()
        same = [c for c in candidates if name(c).casefold() == folded]
    if not same:
        return candidates
    first = same[0]
    if not all(c is first or _equivalent(first.element, c.element) for c in same):
        return candidates
    rest = [c for c in candidates if c not in same]
    mass = sum(c.p for c in candidates if c in same or name(c).casefold() == exact.casefold())
    mass = max(mass, 0.9)
    out: list[Candidate] = []
    for n, c in enumerate([*same, *rest]):
        if c in same:
            p = mass / len(same)
        else:
            p = min(c.p, (1.0 - mass) / max(1, len(rest))) if name(c).casefold() != exact.casefold() else 0.0
        out.append(Candidate(n + 1, c.element, p, c.logit, c.features, c.selectors))
    return out


def _apply_ordinal(candidates: list[Candidate], ordinal: int, head: Sequence[str] = ()) -> list[Candidate]:
    """Pick 'the second …' among look-alikes of the best one, in document order; or, when the
    words name a group of radio buttons or boxes rather than any one of them ('choose the third
    format' for Format: Hardcover / Paperback / E-book), among the members of that group."""
    best = candidates[0]
    key = words(best.element.display_name)  # 'Delete' and a column's 'Delete?' are alike
    group = [
        c
        for c in candidates
        if words(c.element.display_name) == key and c.element.visible and c.p >= best.p * 0.3
    ]
    e = best.element
    if len(group) < 2 and e.type in ("radio", "checkbox") and e.name_attr and head:
        members = [
            c
            for c in candidates
            if c.element.visible
            and (c.element.type, c.element.name_attr, c.element.form) == (e.type, e.name_attr, e.form)
        ]
        named = any(set(head) & set(words(c.element.display_name)) for c in members)
        if not named and len(members) >= 2:
            group = members
    if len(group) < 2 and head:
        # 'the last of the save buttons': "Save", "Save and add another", "Save and continue"
        group = [
            c
            for c in candidates
            if c.element.visible
            and c.element.role == e.role
            and set(head) <= set(words(c.element.display_name))
        ]
    group = reading_order(group, lambda c: c.element)
    if len(group) < 2 or (ordinal >= 2 and len(group) < ordinal):
        # 'the second address' where one thing only says "address": not that one; 'the first
        # address' counts several, and one alone is not sure to be one of them ("Als primäre
        # Adresse festlegen" for the first of a list of addresses): never sure
        return [replace(c, p=c.p * 0.25) for c in candidates]
    if len(group) < 2 or abs(ordinal) > len(group):
        return candidates
    chosen = group[ordinal - 1] if ordinal > 0 else group[ordinal]
    mass = sum(c.p for c in group)
    if (
        head
        and group[0].element.type in ("radio", "checkbox")
        and all(set(head) <= set(words(c.element.section)) for c in group)
    ):
        # the group's legend names it and nothing else does: the words' weight is the group's
        mass = max(mass, 1.0 - sum(c.p for c in candidates if c not in group))
    rest = [c for c in candidates if c is not chosen]
    ordered = [chosen, *rest]
    out = []
    for n, c in enumerate(ordered):
        p = mass if c is chosen else (0.0 if c in group else c.p)
        out.append(Candidate(n + 1, c.element, p, c.logit, c.features, c.selectors))
    return out


def decide(
    candidates: Sequence[Candidate], confidence: float, tie_margin: float, min_p: float = 0.08
) -> tuple[Decision, float]:
    """Whether the first candidate is clear enough to act on without asking.

    Returns:
        The decision and the confidence (p of the first plus its equivalents).
    """
    if not candidates:
        return "none", 0.0
    first = candidates[0]
    mass = first.p
    runner_up = 0.0
    namesake = 0.0  # the best link named exactly as the first that goes somewhere else
    name = " ".join(first.element.name.split()).casefold() if _real_href(first.element.href) else ""
    twin = 0.0  # a look-alike that does something else, with nothing in its words to tell them apart
    for c in candidates[1:]:
        if _equivalent(first.element, c.element):
            mass += c.p
        else:
            runner_up = max(runner_up, c.p)
            e = c.element
            if _twins(first.element, e):
                twin = max(twin, c.p)
            if (
                name
                and e.visible
                and _real_href(e.href)
                and " ".join(e.name.split()).casefold() == name
                and _page_of(e.href) != _page_of(first.element.href)  # not a copy with other parameters
            ):
                namesake = max(namesake, c.p)
    if mass < min_p:
        return "none", mass
    if mass - runner_up < tie_margin:
        return "tie", mass
    if first.element.visible and twin >= 0.5 * mass:
        # 'choose Automatic' with an "Automatic" radio in each of two groups under one heading:
        # only where they sit sets them apart, and the words do not say where.
        return "tie", mass
    if first.element.visible and namesake >= 0.5 * mass:
        # Two visible links of one name that go to different places ('Talk': the article's talk
        # page and the reader's own): the name cannot tell them apart, and neither may the ranking.
        return "tie", mass
    if mass < confidence:
        return "low", mass
    return "confident", mass
