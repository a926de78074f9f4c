"""Controls repeated once per record, picked by the record they belong to (issue 17).

"Delete on the 3rd row", "the Edit button in Alice's row", "Like the post by @tom", "follow Jane
Doe", "buy the blue mug", "Bearbeiten in der Zeile von Müller", "Odstraň druhý řádek": a control
that every row, list item, card or post repeats (Delete, Edit, Reply, Like, Follow, Buy, a trash
icon) is named together with the record it acts on.

The record is found from the page's structure, not from tag names: elements of the same kind at
the same place of their repeated container (their structural paths equal once the positions are
left out) are copies of one control, and each copy's record is the smallest ancestor it does not
share with the others. A lone copy takes its nearest row, list item or article. The record is then
matched by its words (all the words the target gives for it, handles such as ``@jane`` exactly,
the record's first field preferred when several records carry them) or by its position among its
siblings ('the 3rd row', 'the last row'); the control inside it by its own words (name, title,
class names of its icon).

One matching record acts; none or several are ``unsure`` with the copies as candidates, never a
guess. 'all posts by @tom' gives every matching record's control the same probability, so a step
meant for each acts on all of them.

A seat or cell named by row and column ('Řada 5, místo 1', 'seat 1 in row 5') is the control
named with the column's number inside the record labelled with the row's number; when the page
does not label rows so, nothing is done.

Copies in different records are not copies either: when the ranking would act on one of several
same-named controls of a list whose records read differently ('press the Follow button' with two
people to follow), the decision becomes a tie.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.overlays import active_overlay
from waypost.retrieval.query import Query
from waypost.retrieval.ranking import (
    Ranking,
    _candidates,
    _equivalent,
    _real_href,
    _scored,
)
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.synonyms import STOPWORDS
from waypost.retrieval.text import field_words, fold, token_match, words

if TYPE_CHECKING:
    from playwright.async_api import Page

# Words that say what kind of record or control is meant, not which one.
_NOUN_LIST = (
    "row rows line lines entry entries record records item items post posts tweet tweets message messages",
    "email emails mail mails card cards product products result results comment comments user users person",
    "people member members customer customers order orders file files contact contacts account",
    "icon icons button buttons link links symbol control cell",
    "zeile zeilen reihe eintrag eintrags beitrag nutzer benutzer kunde kunden schaltfläche knopf",
    "řádek řádku řádky řádkem řádcích položka položku položky položce příspěvek příspěvku uživatel",
    "uživatele zákazník zákazníka tlačítko ikona ikonu",
    "ligne élément article utilisateur fila elemento usuario riga utente wiersz",
    "the a an von der dem den die des im in on at of for by from with v ve na u od pro z ze s",
    "all each every alle jeden jede jedes všechny všech každý tous toutes todos todas tutti",
    "under below beneath above inside within near next to unter neben bei pod nad vedle sous dans",
)
_NOUNS = frozenset(fold(w) for line in _NOUN_LIST for w in line.split())
_EVERY = re.compile(
    r"\b(?:all|each|every|alle|jede[nsm]?|všechny|všech|každ[ýéou]|tous|toutes|todos|todas|tutti)\b"
)
_HANDLE = re.compile(r"(?<![\w@])@([\w.]*\w)")

_ORDINAL_WORDS: dict[str, int] = {}
for _n, _forms in enumerate(
    (
        "first 1st erste ersten erster erstes první prvním prvního premier première primero primera primo",
        "second 2nd zweite zweiten zweiter zweites druhý druhém druhého druhá druhou deuxième segundo",
        "third 3rd dritte dritten dritter drittes třetí třetím třetího troisième tercero tercera terzo",
        "fourth 4th vierte vierten vierter čtvrtý čtvrtém čtvrtého quatrième cuarto quarto",
        "fifth 5th fünfte fünften pátý pátém pátého cinquième quinto",
        "sixth 6th sechste sechsten šestý šestém sixième sexto sesto",
        "seventh 7th siebte siebten sedmý sedmém",
        "eighth 8th achte achten osmý osmém",
        "ninth 9th neunte neunten devátý devátém",
        "tenth 10th zehnte zehnten desátý desátém",
    ),
    start=1,
):
    for _w in _forms.split():
        _ORDINAL_WORDS[fold(_w)] = _n
_LAST = (
    "last letzte letzten letzter letztes poslední posledním posledního dernier dernière último última ultimo"
)
for _w in _LAST.split():
    _ORDINAL_WORDS[fold(_w)] = -1

_RECORD_NOUN = (
    r"(?:row|line|entry|record|item|post|tweet|message|e-?mail|mail|card|product|result|comment|"
    r"zeile|reihe|eintrag|beitrag|řádek|řádku|řádky|položk[auye]|položce|příspěvek|příspěvku|ligne|fila|riga)"
)
_ORD_WORD = "|".join(sorted((re.escape(w) for w in _ORDINAL_WORDS), key=len, reverse=True))
_ORDINAL_RECORD = re.compile(
    rf"(?<!\w)(?P<ord>{_ORD_WORD}|\d+\.)\s+{_RECORD_NOUN}(?!\w)"
    rf"|(?<!\w){_RECORD_NOUN}\s+(?:number\s+|nr\.?\s*|no\.?\s*|č\.\s*)?(?P<num>\d+)(?!\w)"
)
# A target that speaks of a row or record by name ("in Alice's row", 'in der Zeile von Müller').
_NAMES_RECORD = re.compile(rf"(?<!\w){_RECORD_NOUN}(?!\w)")
_ROW = r"(?:row|řada|řadě|řady|řadu|reihe|rang|zeile|fila|rangée|rang)"
_SEAT = r"(?:seat|místo|místa|sedadlo|sitz|sitzplatz|platz|column|col|sloupec|place|siège|asiento|posto)"
_GRID_ROW = re.compile(rf"(?<!\w){_ROW}\s*(?:no\.?\s*|nr\.?\s*|č\.\s*)?(?P<n>\d+)(?!\w)")
_GRID_SEAT = re.compile(rf"(?<!\w){_SEAT}\s*(?:no\.?\s*|nr\.?\s*|č\.\s*)?(?P<n>\d+)(?!\w)")


@dataclass(frozen=True)
class RecordTarget:
    """What a target says about the record it means.

    Attributes:
        words: Content words of the target (control and record words, nouns and ordinals left out).
        handles: ``@handles`` the record must carry exactly.
        ordinal: Position of the record among its siblings (1-based, -1 for the last).
        every: 'all' / 'each': every matching record.
        grid: ``(row, column)`` numbers of a seat or cell.
    """

    words: tuple[str, ...]
    handles: tuple[str, ...] = ()
    ordinal: int | None = None
    every: bool = False
    grid: tuple[str, str] | None = None


def parse_record(raw: str) -> RecordTarget:
    """Read the record part of a target ('on the 3rd row', "in Alice's row", 'by @tom')."""
    text = fold(" ".join(raw.split()))
    handles = tuple(dict.fromkeys(h.casefold() for h in _HANDLE.findall(text)))
    grid = None
    r, s = _GRID_ROW.search(text), _GRID_SEAT.search(text)
    if r and s:
        grid = (r.group("n").lstrip("0") or "0", s.group("n").lstrip("0") or "0")
    ordinal = None
    m = _ORDINAL_RECORD.search(text)
    if m and grid is None:
        if m.group("num"):
            ordinal = int(m.group("num"))
        else:
            tok = m.group("ord")
            ordinal = int(tok[:-1]) if tok[:-1].isdigit() else _ORDINAL_WORDS.get(tok)
        text = text[: m.start()] + " " + text[m.end() :]
    handle_words = {w for h in handles for w in words(h)}
    kept = [
        w
        for w in words(text)
        if w not in _NOUNS
        and w not in STOPWORDS
        and w not in handle_words
        and w not in _ORDINAL_WORDS
        and len(w) > 1
    ]
    return RecordTarget(tuple(kept), handles, ordinal, bool(_EVERY.search(text)), grid)


# -- the page's structure -------------------------------------------------------------------------

_SEGMENTS = re.compile(r"\s+>>?\s+")


def _segments(path: str) -> list[str]:
    return _SEGMENTS.split(path) if path else []


def _key(e: ElementDescriptor) -> tuple[object, ...]:
    """Copies of one control share this key: kind and structural path without positions."""
    return (e.frames, e.tag, e.role, e.type, re.sub(r"\d+", "", e.path))


_KEYS: dict[int, tuple[tuple[ElementDescriptor, ...], dict[tuple[object, ...], list[ElementDescriptor]]]] = {}


def _groups(screen: Screen) -> dict[tuple[object, ...], list[ElementDescriptor]]:
    cached = _KEYS.get(id(screen.elements))
    if cached is not None and cached[0] is screen.elements:
        return cached[1]
    groups: dict[tuple[object, ...], list[ElementDescriptor]] = defaultdict(list)
    for e in screen.elements:
        if e.path and e.visible:
            groups[_key(e)].append(e)
    _KEYS.clear()
    _KEYS[id(screen.elements)] = (screen.elements, groups)
    return groups


def _plain(text: str) -> str:
    """Without diacritics: 'Odstraň' and 'Odstranit' share their stem."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _own(e: ElementDescriptor) -> frozenset[str]:
    """Words of the control itself: its name, title, label, text and class names (icon hints),
    also without diacritics."""
    classes = re.sub(r"[-_]", " ", e.classes)
    own = field_words(" ".join((e.name, e.title, e.label, e.text, classes)))
    return own | frozenset(_plain(w) for w in own)


_OWN_CACHE: dict[tuple[str, str, str, str, str], frozenset[str]] = {}


def _own_cached(e: ElementDescriptor) -> frozenset[str]:
    key = (e.name, e.title, e.label, e.text, e.classes)
    own = _OWN_CACHE.get(key)
    if own is None:
        if len(_OWN_CACHE) > 20_000:
            _OWN_CACHE.clear()
        own = _OWN_CACHE[key] = _own(e)
    return own


def _carries(word: str, own: frozenset[str]) -> bool:
    return token_match(word, own) >= 0.8 or token_match(_plain(word), own) >= 0.8


def _levels(members: Sequence[ElementDescriptor]) -> dict[int, int]:
    """For each member, how many levels up its record is: the smallest ancestor the others do not
    share (``-1``: a lone copy, whose record is its nearest row, list item or article)."""
    if len(members) < 2:
        return {members[0].index: -1} if members else {}
    segs = [_segments(m.path) for m in members]
    common = 0
    for parts in zip(*segs, strict=False):
        if any(p != parts[0] for p in parts[1:]):
            break
        common += 1
    return {m.index: max(0, len(s) - common - 1) for m, s in zip(members, segs, strict=True)}


RECORDS_JS = """([items, members]) => {
  let st = null;
  try { st = window.top.__waypostInventory || null; } catch (e) { st = window.__waypostInventory || null; }
  if (!st) return null;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const skip = new Set(members.map((i) => st.els[i]).filter(Boolean));
  const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const header = (n) => (n.parentElement && n.parentElement.tagName === 'THEAD') ||
    (!!n.querySelector('th, [role=columnheader]') && !n.querySelector('td, [role=gridcell], [role=cell]'));
  const CONTROL = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']);
  const textOf = (root, plain) => {
    const parts = [];
    const walk = (n) => {
      if (skip.has(n) && n !== root) return;
      if (plain && n !== root && n.nodeType === 1 &&
          (CONTROL.has(n.tagName) || n.getAttribute('role') === 'button')) return;
      if (n.nodeType === 3) { const t = clean(n.nodeValue); if (t) parts.push(t); return; }
      if (n.nodeType !== 1) return;
      const tag = n.tagName;
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') return;
      if (tag === 'IMG' && n.alt) parts.push(clean(n.alt));
      for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
      if (parts.length > 80) return;
    };
    walk(root);
    return parts;
  };
  return items.map(([idx, levels]) => {
    const el = st.els[idx];
    if (!el) return null;
    let rec = el;
    if (levels < 0) {
      rec = el.closest ? el.closest('tr, li, article, [role=row], [role=listitem], [role=article]') : null;
      if (!rec) return null;
    } else {
      for (let k = 0; k < levels && rec; k++) rec = up(rec);
      if (!rec) return null;
    }
    const parts = textOf(rec, false);
    const parent = rec.parentElement;
    let ord = 0, count = 0;
    if (parent) {
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        if (c.tagName !== rec.tagName || header(c)) continue;
        count++;
        if (c === rec) ord = count;
      }
    }
    const plain = textOf(rec, true).join(' ').slice(0, 600);
    return { text: parts.join(' ').slice(0, 600), plain, first: parts[0] || '',
             ord: header(rec) ? 0 : ord, count, self: rec === el };
  });
}"""


@dataclass(frozen=True)
class _Record:
    element: ElementDescriptor
    text: str
    plain: str
    first: str
    ordinal: int
    count: int


async def _records(page: Page, members: Sequence[ElementDescriptor]) -> list[_Record]:
    levels = _levels(members)
    items = [[m.index, levels[m.index]] for m in members]
    try:
        raw: list[dict[str, Any] | None] | None = await page.evaluate(
            RECORDS_JS, [items, [m.index for m in members]]
        )
    except Exception:  # a navigation or a detached frame: no records, nothing decided here
        return []
    if not raw:
        return []
    out = []
    for m, r in zip(members, raw, strict=False):
        if r is None:
            continue
        out.append(
            _Record(
                m,
                r.get("text", ""),
                r.get("plain", ""),
                r.get("first", ""),
                int(r.get("ord") or 0),
                int(r.get("count") or 0),
            )
        )
    return out


def _word_in(word: str, field: frozenset[str]) -> bool:
    """A record word is there as written (folded); longer words also with another ending
    ('Svoboda' / 'Svobody'), never as part of another name ('Jane' is not 'Janet')."""
    if word in field:
        return True
    if len(word) < 5 or not word.isalpha():
        return False
    return any(
        len(d) >= 5 and d[:-2] and (d.startswith(word[:-2]) and abs(len(d) - len(word)) <= 2) for d in field
    )


def _has_handle(handle: str, text: str) -> bool:
    return re.search(rf"(?<![\w@])@{re.escape(handle)}(?![\w])", fold(text)) is not None


# -- ranking by record ----------------------------------------------------------------------------

_MAX_MEMBERS = 400


async def rank_records(
    page: Page,
    screen: Screen,
    query: Query,
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """A control picked by its record, or ``None`` when the target names no record of a repeated
    control on this page (then the ordinary ranking decides)."""
    if query.relation is not None or query.intent not in ("click", "any", "check") or not query.raw:
        return None
    target = parse_record(query.raw)
    if target.grid is not None:
        return await _rank_grid(page, screen, query, target, model, index=index)
    if not target.words and not target.handles:
        return None
    groups = _groups(screen)
    wanted = [w for w in target.words if not w.isdigit()]
    if not wanted:
        return None
    explicit = target.ordinal is not None or bool(target.handles) or _NAMES_RECORD.search(fold(query.raw))
    best: list[tuple[tuple[int, int], list[ElementDescriptor], frozenset[str]]] = []
    lone: list[tuple[tuple[int, int], list[ElementDescriptor], frozenset[str]]] = []
    for members in groups.values():
        if len(members) > _MAX_MEMBERS or (len(members) < 2 and not explicit):
            continue
        owns = [_own_cached(m) for m in members]
        # Words of the control, in the target's order: carried by copies with the same name (a
        # record's own word is on one only, or on names that differ: 'Blue mug', 'Red mug');
        # each word narrows the copies ('add', 'cart': not 'Add to wishlist').
        pairs = list(zip(members, owns, strict=True))
        hit_list: list[str] = []
        for w in wanted:
            narrowed = [(m, o) for m, o in pairs if _carries(w, o)]
            names = Counter(" ".join(m.display_name.split()).casefold() for m, _ in narrowed)
            if len(narrowed) >= 2 and max(names.values()) >= 2:
                hit_list.append(w)
                pairs = narrowed
        found = best
        if not hit_list and explicit:
            pairs = list(zip(members, owns, strict=True))
            for w in wanted:
                narrowed = [(m, o) for m, o in pairs if _carries(w, o)]
                if narrowed:
                    hit_list.append(w)
                    pairs = narrowed
            found = lone
        if not hit_list:
            continue
        hits = frozenset(hit_list)
        chosen_members = [m for m, _ in pairs]
        if chosen_members and (len(chosen_members) >= 2 or explicit):
            # The control is named before its record ('follow Jane Doe', 'Delete in Bob's row').
            first = min(target.words.index(w) for w in hits)
            found.append(((-first, len(hits)), chosen_members, hits))
    best = best or lone
    if not best:
        return None
    top = max(b[0] for b in best)
    chosen = [b for b in best if b[0] == top]
    hits = frozenset().union(*(b[2] for b in chosen))
    record_words = [w for w in target.words if w not in hits]
    if not record_words and not target.handles and target.ordinal is None:
        return None  # only the control is named: the ordinary ranking (and its copies rule) decides
    records: list[_Record] = []
    for _, members, _ in chosen:
        records.extend(await _records(page, members))
    if not records:
        return None
    # Words no record carries may name the list itself ('from the cart', 'in the blog archive').
    fields = {r.element.index: field_words(f"{r.text} {r.element.name} {r.element.title}") for r in records}
    carried = [w for w in record_words if any(_word_in(w, f) for f in fields.values())]
    listed = field_words(" ".join({r.element.section for r in records} | {screen.title}))
    record_words = [w for w in record_words if w in carried or not _word_in(w, listed)]
    if not explicit and any(w not in carried for w in record_words):
        return None  # words no record carries: not a record the target names (the ranking decides)
    if not record_words and not target.handles and target.ordinal is None:
        return None

    def fits(r: _Record) -> bool:
        f = fields[r.element.index]
        if not all(_word_in(w, f) for w in record_words):
            return False
        if not all(_has_handle(h, f"{r.text} {r.element.name}") for h in target.handles):
            return False
        if target.ordinal is not None:
            want = r.count if target.ordinal == -1 else target.ordinal
            if r.ordinal != want or r.ordinal == 0:
                return False
        return True

    matches = [r for r in records if fits(r)]
    if len(matches) > 1 and record_words and not target.every:
        # The record's first field (its name, sender, author) says whose record it is.
        first = [r for r in matches if all(_word_in(w, field_words(r.first)) for w in record_words)]
        if len(first) == 1:
            matches = first
    pool = matches or records
    order = [r.element.index for r in pool]
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    scored = _scored(query, screen.elements, order, model, word_sim, char_sim, overlay)
    # No matching record: the copies are listed, none is worth acting on (not even for 'all').
    ps = [1.0 / len(matches)] * len(matches) if matches else [0.0] * len(pool)
    candidates = _candidates(scored, ps)
    if len(matches) == 1:
        decision, conf = "confident", 1.0
    elif matches:  # several records, or 'all posts by @tom' (a step for each acts on every one)
        decision, conf = "tie", 1.0 / len(matches)
    else:
        decision, conf = "low", 0.0
    return Ranking(query, candidates, decision, overlay, conf)  # type: ignore[arg-type]


def _only_number(e: ElementDescriptor) -> str:
    """The number an element is named with and nothing else ('5', 'Seat 5'), or ''."""
    ws = [w for w in words(e.display_name) if not re.fullmatch(_SEAT, w)]
    return ws[0].lstrip("0") or "0" if len(ws) == 1 and ws[0].isdigit() else ""


async def _rank_grid(
    page: Page,
    screen: Screen,
    query: Query,
    target: RecordTarget,
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """'Řada 5, místo 1': the control named with the column's number in the record labelled with
    the row's number; an element whose own name says both ('Row 5, seat 1') is left to the
    ordinary ranking."""
    assert target.grid is not None
    row, seat = target.grid
    for e in screen.elements:
        if e.visible and parse_record(e.display_name).grid == (row, seat):
            return None
    groups = _groups(screen)
    named = [e for e in screen.elements if e.visible and _only_number(e) == seat]
    if not named:
        return None
    members: list[ElementDescriptor] = []
    seen: set[tuple[object, ...]] = set()
    for e in named:
        k = _key(e)
        if k not in seen:
            seen.add(k)
            members.extend(m for m in groups.get(k, [e]) if _only_number(m))
    records = await _records(page, members)
    matches = []
    for r in records:
        if _only_number(r.element) != seat:
            continue
        label = r.text
        nums = {n.lstrip("0") or "0" for n in re.findall(r"\d+", label)}
        if row in nums and re.search(rf"(?<!\w){_ROW}\s*0*{row}(?!\d)|^\s*0*{row}(?!\d)", fold(label)):
            matches.append(r)
    pool = matches or [r for r in records if _only_number(r.element) == seat]
    if not pool:
        return None
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    scored = _scored(
        query, screen.elements, [r.element.index for r in pool], model, word_sim, char_sim, overlay
    )
    if len(matches) == 1:
        return Ranking(query, _candidates(scored, [1.0]), "confident", overlay, 1.0)
    ps = [0.5 if matches else 0.0] * len(pool)
    return Ranking(query, _candidates(scored, ps), "tie" if matches else "low", overlay, 0.0)


async def separate_records(page: Page, screen: Screen, ranking: Ranking) -> Ranking:
    """A confident pick among same-named copies whose records read differently becomes a tie:
    'press the Follow button' with two people to follow names neither."""
    if ranking.decision != "confident" or len(ranking.candidates) < 2:
        return ranking
    first = ranking.candidates[0]
    key = _key(first.element)
    e = first.element
    if not e.path or _real_href(e.href) or e.handler or e.form:
        return ranking  # the same link target, handler or form: copies that do the same thing
    copies = [
        c
        for c in ranking.candidates[1:]
        if c.element.path and _key(c.element) == key and _equivalent(first.element, c.element)
    ]
    if not copies:
        return ranking
    members = [first.element, *(c.element for c in copies)]
    records = await _records(page, members)
    # What the records say besides their controls: a name, a title. A copy whose record says
    # nothing (a second button bar of a dialog) is a copy, not another record.
    texts = {r.element.index: " ".join(words(r.plain)) for r in records}
    mine = texts.get(first.element.index)
    if not mine:
        return ranking
    others = [texts.get(c.element.index) for c in copies]
    if any(not t for t in others) or all(t == mine for t in others):
        return ranking
    if any(
        r.ordinal == 0
        for r in records
        if r.element.index in {first.element.index, *(c.element.index for c in copies)}
    ):
        return ranking  # not a list of records (a header row, a lone block)
    return replace(ranking, decision="tie")
