"""Controls repeated once per record, picked by the record they belong to (issue 17).

"Delete on the 3rd row", "the Edit button in Alice's row", "Like the post by @tom", "follow Jane
Doe", "buy the blue mug", "Bearbeiten in der Zeile von Müller", "Odstraň druhý řádek": a control
that every row, list item, card or post repeats (Delete, Edit, Reply, Like, Follow, Buy, a trash
icon) is named together with the record it acts on.

The record is found from the page's structure, not from tag names: elements of the same kind at
the same place of their repeated container (their structural paths equal once the positions are
left out; the tag names from the document down when ids cut the paths short) are copies of one
control, and each copy's record is the largest ancestor that holds no other copy. A lone copy
takes its nearest row, list item or article. A control is named by its name, title, label or
icon class, without the count it shows ('♡ 41' titled "Like"); an instruction with a verb the
parser does not know ('Smažte zprávu od Petra Svobody', 'Aimer la publication de @hugob')
names a control when its first word is the name of a repeated control (or another form of it:
'Smažte' / 'Smazat') and its other words name exactly one record; otherwise nothing here acts
and the exact phrase stays required ('pošlete formulář' does nothing). The record is then
matched by its words (all the words the target gives for it, handles such as ``@jane`` exactly,
the record's first field preferred when several records carry them) or by its position among its
siblings ('the 3rd row', 'the last row'); the control inside it by its own words (name, title,
class names of its icon).

One matching record acts; several are ``unsure`` with the copies as candidates, never a guess;
none (or a person's name the page does not show) is 'not found'. A count of records ('like 2
posts') names none of them: nothing acts. 'all posts by @tom' gives every matching record's
control the same probability, so a step meant for each acts on all of them.

A seat or cell named by row and column ('Řada 5, místo 1', 'seat 1 in row 5') is the control
named with the column's number inside the record labelled with the row's number; when the page
does not label rows so, nothing is done.

'Share this article on Twitter', 'email this', 'follow Yahoo News on Instagram': the page itself
is the record and the control its link or button for the platform (named so, by its icon, or
linking there); copies that carry this page (its title's words in the link) are one control.

Copies in different records are not copies either: when the ranking would act on one of several
same-named controls of a list whose records read differently ('press the Follow button' with two
people to follow), the decision becomes a tie.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.ordinal_words import ORDINAL_WORDS, spaced_ordinals
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
from waypost.retrieval.synonyms import CONCEPTS, ROLE_WORDS, STOPWORDS
from waypost.retrieval.text import field_words, fold, token_match, words

if TYPE_CHECKING:
    from playwright.async_api import Page

# Words that say what kind of record or control is meant, not which one.
_NOUN_LIST = (
    "row rows line lines entry entries record records item items post posts tweet tweets message messages",
    "email emails mail mails card cards product products result results comment comments user users person",
    "people member members customer customers order orders file files contact contacts account team teams",
    "folder folders directory directories ordner verzeichnis složka složku dossier carpeta cartella",
    "icon icons button buttons link links symbol control cell details detail can bin",
    "zeile zeilen reihe eintrag eintrags beitrag nutzer benutzer kunde kunden schaltfläche knopf",
    "řádek řádku řádky řádkem řádcích položka položku položky položce příspěvek příspěvku uživatel",
    "uživatele zákazník zákazníka tlačítko ikona ikonu",
    "ligne élément article utilisateur fila elemento usuario riga utente wiersz wiersza wiersze",
    "строка строку строки строке запись записи запись rij regel",
    "the a an von der dem den die des im in on at of for by from with v ve na u od pro z ze s",
    "all each every alle jeden jede jedes všechny všech každý tous toutes todos todas tutti",
    "about regarding concerning über o sur sobre su di del della delle dello dei degli do",
    "as als jako comme como come als",
    "la le les de du des au aux en el los las al un una uno une il lo gli da dal dalla",
    "under below beneath above inside within near next to unter neben bei pod nad vedle sous dans",
)
# Kinds of record a target may name ('the message from Petr', "l'appuntamento di Marco Rossi"):
# words that say a record is meant, never which one.
_KIND_LIST = (
    "review reviews appointment appointments booking bookings reservation reservations passenger",
    "passengers task tasks ticket tickets event events photo photos video videos article articles",
    "story stories thread threads question questions listing listings publication publications",
    "nachricht nachrichten bewertung bewertungen termin termine buchung buchungen bestellung",
    "bestellungen artikel aufgabe aufgaben passagier fahrgast",
    "zpráva zprávu zprávy zprávě zprávou objednávka objednávku objednávky objednávce recenze recenzi",
    "schůzka schůzku schůzky rezervace rezervaci cestující cestujícího úkol úkolu úkoly",
    "commande commandes avis rendez réservation réservations passager passagère tâche",
    "mensaje mensajes pedido pedidos reseña reseñas cita citas reserva reservas pasajero tarea",
    "publicación messaggio messaggi ordine ordini recensione recensioni appuntamento appuntamenti",
    "prenotazione prenotazioni passeggero compito wiadomość wiadomości zamówienie",
    "zamówienia opinia opinię recenzja recenzję wizyta wizytę rezerwacja rezerwację pasażer",
    "pasażera zadanie mensagem mensagens avaliação consulta passageiro tarefa bericht berichten",
    "bestelling beoordeling afspraak reservering taak",
)
_KINDS = frozenset(fold(w) for line in _KIND_LIST for w in line.split())
_NOUNS = frozenset(fold(w) for line in _NOUN_LIST for w in line.split()) | _KINDS
# Kind nouns that may also be a record's own name (the "Users" row of a list of models).
_NAMEABLE_LIST = (
    "user users person people member members customer customers order orders file files contact",
    "contacts account accounts product products comment comments group groups nutzer benutzer kunde",
    "kunden uživatel uživatele zákazník zákazníka utilisateur utilisateurs usuario usuarios utente",
    "team teams",
)
_NAMEABLE = frozenset(fold(w) for line in _NAMEABLE_LIST for w in line.split())
_EVERY = re.compile(
    r"\b(?:all|each|every|alle|jede[nsm]?|všechny|všech|každ[ýéou]|tous|toutes|todos|todas|tutti)\b"
)
_HANDLE = re.compile(r"(?<![\w@])@([\w.]*\w)")
# A record's code of letters and digits joined by dashes ('L-301', 'INV-2024-001', 'B-1002'):
# said whole, found whole.
_CODE = re.compile(r"(?<![\w@#/-])(?=[a-z0-9/-]*\d)([a-z0-9]+(?:[-/][a-z0-9]+)+)(?![\w/-])")

_ORDINAL_WORDS = ORDINAL_WORDS

_RECORD_NOUN = (
    r"(?:row|line|entry|record|item|post|tweet|message|e-?mail|mail|card|product|result|comment|"
    r"zeile|reihe|eintrag|beitrag|řádek|řádku|řádky|položk[auye]|položce|příspěvek|příspěvku|ligne|fila|riga|"
    r"wiersz|wiersza|строк[аиуе]|запис[ьи]|rij)"
)
# (and the kinds of record: 'the 5th ticket', 'the third person'; but 'order 5521' is a name)
_ORDINAL_NOUN = (
    _RECORD_NOUN[:-1]
    + "|"
    + "|".join(sorted(map(re.escape, _KINDS | _NAMEABLE), key=len, reverse=True))
    + ")"
)
_ORD_WORD = "|".join(sorted((re.escape(w) for w in _ORDINAL_WORDS), key=len, reverse=True))
_ORDINAL_RECORD = re.compile(
    rf"(?<!\w)(?P<ord>{_ORD_WORD}|\d+\.)\s+{_ORDINAL_NOUN}(?!\w)"
    rf"|(?<!\w){_RECORD_NOUN}\s+(?:number\s+|nr\.?\s*|no\.?\s*|č\.\s*)?(?P<num>\d+)(?!\w)"
)
# A target that speaks of a row or record by name ("in Alice's row", 'in der Zeile von Müller').
_NAMES_RECORD = re.compile(rf"(?<!\w){_RECORD_NOUN}(?!\w)")
_ROW = r"(?:row|řada|řadě|řady|řadu|reihe|rang|zeile|fila|rangée|rang)"
_SEAT = r"(?:seat|místo|místa|sedadlo|sitz|sitzplatz|platz|column|col|sloupec|place|siège|asiento|posto)"
# 'like 2 posts', 'smažte tři zprávy': a count of records, which names none of them.
_COUNT_WORD = (
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|some|few|zwei|drei|vier|fünf|mehrere|"
    r"dva|dvě|tři|čtyři|pět|několik|deux|trois|quatre|cinq|plusieurs|dos|tres|cuatro|cinco|varios|"
    r"varias|due|tre|quattro|cinque|dwa|dwie|trzy|cztery|pięć|kilka)"
)
_COUNTED = re.compile(
    rf"(?<![\w.:/-]){_COUNT_WORD}\s+(?:(?:of\s+(?:the\s+|his\s+|her\s+|their\s+)?)?[\w-]+\s+)?"
    r"(?:rows|lines|entries|records|items|posts|tweets|messages|e-?mails|mails|cards|products|results|"
    r"comments|users|people|members|customers|orders|files|contacts|reviews|photos|videos|articles|"
    r"zeilen|einträge|beiträge|nachrichten|bewertungen|artikel|bestellungen|kunden|"
    r"řádky|řádků|položky|položek|příspěvky|příspěvků|zprávy|zpráv|objednávky|objednávek|recenze|recenzí|"
    r"lignes|éléments|articles|publications|messages|commandes|avis|filas|elementos|publicaciones|"
    r"mensajes|pedidos|righe|elementi|messaggi|ordini|wiersze|wierszy|posty|postów|wiadomości|"
    r"zamówienia|zamówień)(?!\w)",
    re.IGNORECASE,
)
# 'on this page' only points at what is shown.
_THIS_PAGE = re.compile(
    r"(?<!\w)(?:(?:on|in)\s+(?:this|the)\s+page|auf\s+dieser\s+seite|sur\s+cette\s+page|en\s+esta\s+página|"
    r"na\s+této\s+stránce|na\s+tej\s+stronie|на\s+этой\s+странице)(?!\w)"
)
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
        soft: Kind nouns of the target ('users', 'utilisateur'), which may also be one record's
            name (the "Users" row of a list of models).
    """

    words: tuple[str, ...]
    handles: tuple[str, ...] = ()
    ordinal: int | None = None
    every: bool = False
    grid: tuple[str, str] | None = None
    soft: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()

    @property
    def named(self) -> bool:
        """The record is named by a handle or a code, which it must carry exactly."""
        return bool(self.handles or self.codes)


def parse_record(raw: str) -> RecordTarget:
    """Read the record part of a target ('on the 3rd row', "in Alice's row", 'by @tom')."""
    text = _THIS_PAGE.sub(" ", fold(" ".join(spaced_ordinals(raw).split())))
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
    codes = tuple(dict.fromkeys(c for c in _CODE.findall(text) if re.search(r"[a-z]", c)))
    handle_words = {w for h in (*handles, *codes) for w in words(h)}
    kept = [
        w
        for w in words(text)
        if w not in _NOUNS
        and w not in STOPWORDS
        and w not in handle_words
        and w not in _ORDINAL_WORDS
        and len(w) > 1
    ]
    soft = tuple(w for w in words(text) if w in _NAMEABLE and w not in handle_words)
    return RecordTarget(tuple(kept), handles, ordinal, bool(_EVERY.search(text)), grid, soft, codes)


# -- the page's structure -------------------------------------------------------------------------

_SEGMENTS = re.compile(r"\s+>>?\s+")


def _segments(path: str) -> list[str]:
    return _SEGMENTS.split(path) if path else []


def _key(e: ElementDescriptor) -> tuple[object, ...]:
    """Copies of one control share this key: kind and structural path without positions, but for
    the column of a table cell (the id link and the team link of one row are two controls)."""
    return (e.frames, e.tag, e.role, e.type, _unpositioned(e.path))


@lru_cache(maxsize=1 << 14)
def _unpositioned(path: str) -> str:
    return _POSITION.sub(_column, path)


_POSITION = re.compile(r"(?<![\w-])t[dh]:nth-(?:of-type|child)\(\d+\)|\d+")


def _column(m: re.Match[str]) -> str:
    return m.group(0) if m.group(0).startswith("t") else ""


_KEYS: dict[int, tuple[tuple[ElementDescriptor, ...], dict[tuple[object, ...], list[ElementDescriptor]]]] = {}


def _groups(screen: Screen) -> dict[tuple[object, ...], list[ElementDescriptor]]:
    cached = _KEYS.get(id(screen.elements))
    if cached is not None and cached[0] is screen.elements:
        return cached[1]
    groups: dict[tuple[object, ...], list[ElementDescriptor]] = defaultdict(list)
    for e in screen.elements:
        # (column headers repeat from table to table, but they head columns, not records)
        if e.path and e.visible and e.role not in ("columnheader", "rowheader"):
            groups[_key(e)].append(e)
    _KEYS.clear()
    _KEYS[id(screen.elements)] = (screen.elements, groups)
    return groups


@lru_cache(maxsize=1 << 16)
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


@functools.lru_cache(maxsize=65_536)
def _carries(word: str, own: frozenset[str]) -> bool:
    if token_match(word, own) >= 0.8 or token_match(_plain(word), own) >= 0.8:
        return True
    # 'delete' for an icon that only says "remove" (its class): the same concept
    concept = CONCEPTS.get(fold(word))
    return concept is not None and concept in own


# Each copy's record is the largest ancestor that holds no other copy of the control (found from the
# page's structure, whatever the structural paths look like: ids cut them short); a lone copy takes
# its nearest row, list item or article.
RECORDS_JS = """([items, peers, branch]) => {
  let st = null;
  try { st = window.top.__waypostInventory || null; } catch (e) { st = window.__waypostInventory || null; }
  if (!st) return null;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const skip = new Set(peers.map((i) => st.els[i]).filter(Boolean));
  const holds = new Map();
  if (skip.size > 1) {
    for (const m of skip) for (let n = m; n; n = up(n)) holds.set(n, (holds.get(n) || 0) + 1);
  }
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
  const top = (n) => n === document.body || n === document.documentElement;
  return items.map((idx) => {
    const el = st.els[idx];
    if (!el) return null;
    let rec = el;
    if (skip.size < 2 || !skip.has(el)) {
      rec = el.closest ? el.closest('tr, li, article, [role=row], [role=listitem], [role=article]') : null;
      if (!rec) return null;
    } else {
      // ``branch``: the ancestor just below the one all copies share (a seat's row of seats).
      const most = branch ? skip.size : 2;
      for (let p = up(rec); p && !top(p) && (holds.get(p) || 0) < most; p = up(p)) rec = p;
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


async def _records(
    page: Page,
    members: Sequence[ElementDescriptor],
    peers: Sequence[ElementDescriptor] = (),
    *,
    branch: bool = False,
) -> list[_Record]:
    """The records of ``members``, told apart from those of ``peers`` (all copies of the control;
    the members themselves when not given). ``branch``: each record is the part of the page below
    the one all copies share (a row of seats), not the part with no other copy in it."""
    group = list(dict.fromkeys([*(m.index for m in peers or members), *(m.index for m in members)]))
    try:
        raw: list[dict[str, Any] | None] | None = await page.evaluate(
            RECORDS_JS, [[m.index for m in members], group, branch]
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


def _word_in(word: str, field: frozenset[str], loose: bool = False) -> bool:
    """A record word is there as written (folded); longer words also with another ending
    ('Svoboda' / 'Svobody'), never as part of another name ('Jane' is not 'Janet'). ``loose``:
    also a name of four letters with a case ending added ('Petra' / 'Petr'), and a word of the
    list's name in the plural ('job' / "jobs")."""
    if word in field:
        return True
    if _UNSPACED.search(word):
        return len(word) >= 2 and any(word in d for d in field)
    if loose and word.isalpha() and (f"{word}s" in field or f"{word}es" in field):
        return True  # ('the third job' in a list of "Repair jobs")
    if len(word) < 5 or not word.isalpha():
        return False
    return any(
        (len(d) >= 5 and d[:-2] and (d.startswith(word[:-2]) and abs(len(d) - len(word)) <= 2))
        or (loose and len(d) == 4 and len(word) == 5 and word.startswith(d) and word[-1] in "aeiouy")
        for d in field
    )


def _has_handle(handle: str, text: str) -> bool:
    return re.search(rf"(?<![\w@])@{re.escape(handle)}(?![\w])", fold(text)) is not None


def _has_code(code: str, text: str) -> bool:
    return re.search(rf"(?<![\w/-]){re.escape(code)}(?![\w/-])", fold(text)) is not None


# -- ranking by record ----------------------------------------------------------------------------


def _inflected(word: str, e: ElementDescriptor) -> bool:
    """The target's leading word is another form of the control's name ('Smažte' / 'Smazat',
    'Odstraňte' / 'Odstranit'): the same stem of four letters or more, endings of at most three."""
    w = _plain(word)
    if len(w) < 4 or not w.isalpha():
        return False
    for d in words(f"{e.display_name} {e.title}"):
        d = _plain(d)
        if len(d) < 4 or not d.isalpha() or d == w:
            continue
        p = 0
        while p < min(len(w), len(d)) and w[p] == d[p]:
            p += 1
        if p >= 4 and len(w) - p <= 3 and len(d) - p <= 3:
            return True
    return False


def _names(word: str, e: ElementDescriptor, own: frozenset[str], lead: str) -> bool:
    """``word`` names the control ``e`` (whose own words are ``own``); the target's leading word
    ``lead`` (its verb, when the instruction has none the parser knows) also in another form."""
    return _carries(word, own) or (word == lead and _inflected(word, e))


_COUNTER = re.compile(r"[\d.,:%+kKmM]*\d[\d.,:%+kKmM]*")


def _control_name(e: ElementDescriptor) -> str:
    """A copy's name without the counts it shows ('♡ 41', '♡ 7'): copies of one Like control."""
    return " ".join(_COUNTER.sub(" ", e.display_name).split()).casefold()


# The tag names from the document down to each element, through shadow hosts: the structural
# path without positions, for elements whose inventory path starts at an id.
STRUCTURE_JS = """(idxs) => {
  let st = null;
  try { st = window.top.__waypostInventory || null; } catch (e) { st = window.__waypostInventory || null; }
  if (!st) return null;
  const up = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  return idxs.map((i) => {
    const parts = [];
    for (let n = st.els[i]; n && parts.length < 60; n = up(n)) parts.push(n.tagName || '');
    return parts.reverse().join('>');
  });
}"""


async def _copy_groups(
    page: Page, screen: Screen, wanted: Sequence[str]
) -> dict[tuple[object, ...], list[ElementDescriptor]]:
    """Copies of one control, grouped (see :func:`_key`). Structural paths start at an element's
    id when it has a unique one ('#follow-maya', '#follow-omar'): the elements carrying a wanted
    word are then grouped by their tag names from the document down, read from the page."""
    groups = _groups(screen)

    def carries(e: ElementDescriptor) -> bool:
        return any(_names(w, e, _own_cached(e), wanted[0]) for w in wanted)

    small = [members for members in groups.values() if len(members) <= _MAX_MEMBERS]
    # (those whose paths start at an id first: when none carries a word, nothing is regrouped)
    if not any(carries(e) for members in small for e in members if "#" in e.path):
        return groups
    carrying = [e for members in small for e in members if carries(e)]
    if len(carrying) > 2 * _MAX_MEMBERS:
        return groups
    try:
        chains: list[str] | None = await page.evaluate(STRUCTURE_JS, [e.index for e in carrying])
    except Exception:  # a navigation or a detached frame: the paths as they are
        return groups
    if not chains or len(chains) != len(carrying):
        return groups
    moved = {e.index for e in carrying}
    out: dict[tuple[object, ...], list[ElementDescriptor]] = defaultdict(list)
    for k, members in groups.items():
        kept = [m for m in members if m.index not in moved]
        if kept:
            out[k] = kept
    for e, chain in zip(carrying, chains, strict=True):
        out[(e.frames, e.tag, e.role, e.type, "structure", chain)].append(e)
    return out


_MAX_MEMBERS = 400


# Scripts written without spaces: a target such as '删除乘客李娜' is one word until the page's
# repeated control names ('删除') and the kinds of record ('乘客') are cut out of it.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_UNSPACED_KIND_LIST = (
    "乘客 旅客 用户 订单 消息 邮件 帖子 评论 条目 项目 记录 商品 产品 文章 联系人 客户 预约",
    "注文 メッセージ メール 投稿 コメント ユーザー 予約 記事 連絡先 顧客",
)
_UNSPACED_KINDS = tuple(
    sorted((w for line in _UNSPACED_KIND_LIST for w in line.split()), key=len, reverse=True)
)
_PARTICLES = "的中里在把将给这那一条个件项行のをにでからへと"


def _segment(target: RecordTarget, groups: dict[tuple[object, ...], list[ElementDescriptor]]) -> RecordTarget:
    """Cut the names of repeated controls and the record kinds out of unspaced words; what is left
    are the record's words ('删除乘客李娜' → '删除', '李娜')."""
    names = {
        n
        for members in groups.values()
        if len(members) >= 2
        for n in [_control_name(members[0])]
        if len(n) >= 2 and _UNSPACED.search(n) and all(_control_name(m) == n for m in members)
    }
    out: list[str] = []
    for w in target.words:
        if not _UNSPACED.search(w):
            out.append(w)
            continue
        found = sorted((n for n in names if n in w), key=len, reverse=True)[:1]
        pieces = [(w.index(found[0]), found[0])] if found else []
        rest = w.replace(found[0], " ") if found else w
        for kind in _UNSPACED_KINDS:
            rest = rest.replace(kind, " ")
        for piece in rest.split():
            piece = piece.strip(_PARTICLES)
            if len(piece) >= 2 or (piece and not _UNSPACED.search(piece)):
                pieces.append((w.find(piece), piece))
        out.extend(p for _, p in sorted(pieces))
    return replace(target, words=tuple(out))


def _absent_name(raw: str, record_words: Sequence[str], screen: Screen) -> bool:
    """The record's words are a name (written with capitals) that the page shows nowhere."""
    capital = {fold(w) for w in re.findall(r"(?<![\w@])([A-ZÀ-ÝĀ-Ž][\w'-]+)", raw)}
    if not record_words or not all(w in capital for w in record_words):
        return False
    shown: set[str] = set(words(screen.title))
    for e in screen.elements:
        shown.update(words(f"{e.display_name} {e.nearby} {e.section}"))
    return not any(w in shown for w in record_words)


# Verbs under which a click on a record's checkbox is what is meant ('select the row of Bob').
_TICK_VERBS = frozenset(
    {"select", "choose", "pick", "check", "tick", "mark", "toggle", "uncheck", "untick", "wähle"}
    | {"wählen", "auswählen", "markieren", "ankreuzen"}
    | {"markiere", "zaškrtni", "vyber", "označ", "sélectionne", "sélectionnez", "coche", "cochez"}
    | {"selecciona", "marca", "seleziona", "spunta", "zaznacz"}
)


def _tickable(e: ElementDescriptor) -> bool:
    return e.role in ("checkbox", "switch", "radio") or e.type in ("checkbox", "radio")


def _named_box(screen: Screen, wanted: Sequence[str]) -> bool:
    """A visible box or switch whose own name carries every word ('王芳 启用' for '启用王芳'): the
    ordinary ranking finds it, and the row's selection box is not meant."""
    if not wanted:
        return False  # (a record named by its code alone: 'tick L-301')
    for e in screen.elements:
        if e.visible and _tickable(e):
            own = field_words(f"{e.name} {e.label}")
            if all(_word_in(w, own) for w in wanted):
                return True
    return False


def _boxes(
    groups: dict[tuple[object, ...], list[ElementDescriptor]], wanted: Sequence[str], *, explicit: bool
) -> list[tuple[tuple[int, int], list[ElementDescriptor], frozenset[str], list[ElementDescriptor]]]:
    """'Tick the message Faktura 2024-117': to check a record names no control, the record's one
    checkbox is meant. Checkboxes repeated once per record, whose names do not tell the records
    apart (all 'Select', or none); all the target's words are the record's."""
    out = []
    for members in groups.values():
        if len(members) < 2 or len(members) > _MAX_MEMBERS:
            continue
        if not all(m.role in ("checkbox", "switch") or m.type == "checkbox" for m in members):
            continue
        if not explicit and len({_control_name(m) for m in members}) > 1:
            continue
        if any(_carries(w, _own_cached(m)) for w in wanted for m in members):
            continue
        out.append(((0, 0), list(members), frozenset[str](), list(members)))
    return out


# -- sharing this page ----------------------------------------------------------------------------

# Where a page is shared or followed: the platform's words and the hosts of its links.
_PLATFORMS: dict[str, tuple[str, ...]] = {
    "twitter": ("twitter.com", "x.com"),
    "facebook": ("facebook.com", "fb.com", "fb.me"),
    "instagram": ("instagram.com",),
    "linkedin": ("linkedin.com",),
    "pinterest": ("pinterest.com",),
    "reddit": ("reddit.com",),
    "whatsapp": ("whatsapp.com", "wa.me"),
    "telegram": ("telegram.me", "t.me"),
    "tumblr": ("tumblr.com",),
    "youtube": ("youtube.com",),
    "tiktok": ("tiktok.com",),
    "flipboard": ("flipboard.com",),
    "mastodon": (),
    "bluesky": ("bsky.app",),
    "email": ("mailto:",),
    "mail": ("mailto:",),
    "e-mail": ("mailto:",),
    "correo": ("mailto:",),
    "courriel": ("mailto:",),
}
# Verbs of sharing and following, which the controls often do not show (an icon named 'Twitter').
_SOCIAL_GROUPS = (
    "share teilen sdílet sdílejte partager partagez compartir comparte condividi condividere",
    "udostępnij udostępnić compartilhe compartilhar delen deel",
    "follow folgen sledovat sledujte suivre suivez seguir sigue segui seguire obserwuj siga volg volgen",
    "email mail",
    "tweet",
    "pin",
    "post",
    "send",
)
_SOCIAL_GROUP = {fold(w): n for n, line in enumerate(_SOCIAL_GROUPS) for w in line.split()}
_SOCIAL_GROUP.update({fold(w): 0 for w in _SOCIAL_GROUPS[1].split()})
_SOCIAL = frozenset(_SOCIAL_GROUP)
# 'this', 'it', 'the page': the page itself is the record.
_DEICTIC_LIST = (
    "this it page story article post recipe video site dieser diesen dieses diese seite artikel",
    "tento tuto toto tenhle tenhle stránku stránka článek článku ce cet cette la le page este esta",
    "esto página questo questa pagina via per über přes par por",
)
_DEICTIC = frozenset(fold(w) for line in _DEICTIC_LIST for w in line.split())
_GENERIC_LIST = "icon logo link button share on to via with auf na sur en su"
_GENERIC = frozenset(_GENERIC_LIST.split())


def _platform(word: str) -> str:
    return "email" if word in ("mail", "e-mail", "correo", "courriel") else word


def _on_platform(e: ElementDescriptor, platform: str) -> bool:
    """A link or button of ``platform``: named so (also by its icon's class), or linking there."""
    if platform in _own_cached(e) or (platform == "email" and "mail" in _own_cached(e)):
        return True
    href = e.href.strip().casefold()
    if platform == "email":
        return href.startswith("mailto:")
    host = re.sub(r"^(?:https?:)?//(?:www\.|m\.|mobile\.)?", "", href).split("/", 1)[0].split("?", 1)[0]
    return any(host == h or host.endswith("." + h) for h in _PLATFORMS.get(platform, ()))


def _shares_page(e: ElementDescriptor, title: frozenset[str]) -> bool:
    """The link carries this page (its title's words in the shared text or address)."""
    if not e.href or len(title) < 3:
        return False
    from urllib.parse import unquote

    href = e.href
    for _ in range(3):
        href = unquote(href)
    return len(title & set(words(href))) >= 3


def _rank_share(screen: Screen, query: Query, model: RerankModel, index: TfidfIndex) -> Ranking | None:
    """'Share this article on Twitter', 'email this', 'follow Yahoo News on Instagram': the page
    itself is the record, the control is its one link or button for the platform. The target
    says a platform; its other words are a verb of sharing or following, the page's own words
    (its title) or words of the control. Copies that share the page alike (the bar at the top and
    at the bottom) are one control; anything else is a tie."""
    toks = [
        w
        for w in words(query.raw)
        if (w not in STOPWORDS and w not in _NOUNS) or w in _SOCIAL or w in _DEICTIC or w in _PLATFORMS
    ]
    platforms = {_platform(w) for w in toks if w in _PLATFORMS}
    if len(platforms) != 1:
        return None
    platform = platforms.pop()
    if not any((w in _SOCIAL or w in _DEICTIC) and _platform(w) != platform for w in toks):
        return None  # 'click Email': a name, no sharing or following said (the ranking decides)
    title = frozenset(w for w in words(screen.title) if w not in STOPWORDS and len(w) > 2)
    cands = [
        e
        for e in screen.elements
        if e.visible and e.enabled and (e.tag in ("a", "button") or e.role in ("link", "button"))
        if _on_platform(e, platform)
    ]
    if not cands:
        return None
    lead = toks[0] if toks else ""
    if (
        lead not in _SOCIAL
        and lead not in _DEICTIC
        and _platform(lead) != platform
        and not any(_carries(lead, _own_cached(e)) for e in cands)
    ):
        return None  # an unknown word leads ('pošlete na Twitter'): not a verb this tool knows
    said_social = {_SOCIAL_GROUP[w] for w in toks if w in _SOCIAL and _platform(w) != platform}
    fitting = []
    for e in cands:
        own = _own_cached(e)
        does = {_SOCIAL_GROUP[w] for w in own if w in _SOCIAL and _platform(w) != platform}
        if does and said_social and not does & said_social:
            continue  # 'Share' (by e-mail, on Twitter...) is not 'Follow by email'
        href_words = set(words(e.href))
        rest = [
            w
            for w in toks
            if _platform(w) != platform
            and w not in _DEICTIC
            and w not in _SOCIAL
            and not _carries(w, own)
            and not _word_in(w, title)
            and w not in href_words
        ]
        if not rest:
            fitting.append(e)
    if not fitting:
        return None
    # Named for the platform ('Share by email', not 'Share' titled "on Twitter, Facebook, or email"),
    # with nothing the target does not say ('Email', not 'Email newsletters').
    named = [e for e in fitting if any(_platform(w) == platform for w in words(e.display_name))]
    fitting = named or fitting
    said = set(toks) | _SOCIAL | _GENERIC | STOPWORDS | _NOUNS
    plain = [e for e in fitting if all(w in said or _platform(w) == platform for w in words(e.display_name))]
    fitting = plain or fitting
    if len(fitting) > 1:  # links that carry this page, not a link to one post on the platform
        fitting = [e for e in fitting if _shares_page(e, title)] or fitting
    first = fitting[0]
    same = all(
        _equivalent(first, e) or (_shares_page(first, title) and _shares_page(e, title)) for e in fitting[1:]
    )
    order = [e.index for e in fitting[:10]]
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    scored = _scored(query, screen.elements, order, model, word_sim, char_sim, overlay)
    if same:
        return Ranking(
            query, _candidates(scored, [1.0] + [0.0] * (len(order) - 1)), "confident", overlay, 1.0
        )
    ps = [1.0 / len(order)] * len(order)
    return Ranking(query, _candidates(scored, ps), "tie", overlay, 1.0 / len(order))  # type: ignore[arg-type]


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
    ticking = query.intent == "check" or bool(set(words(query.verb)) & _TICK_VERBS)
    if (query.ordinal or target.ordinal is not None) and not target.named:
        choice = _nth_choice(screen, query, target, model, index=index)
        if choice is not None:
            return choice
    if ticking and (query.ordinal or target.ordinal is not None) and not target.named:
        nth = await _nth_box(page, screen, query, target, model, index=index)
        if nth is not None:
            return nth
    elif not ticking and (query.ordinal or target.ordinal is not None) and not target.named:
        nth = await _nth_link(page, screen, query, target, model, index=index)
        if nth is not None:
            return nth
    counted = _COUNTED.search(fold(query.raw)) is not None and not target.every
    if query.intent != "check":
        shared = _rank_share(screen, query, model, index)
        if shared is not None:
            return shared
    if not target.words and not target.named:
        return None
    groups = _groups(screen)
    if any(_UNSPACED.search(w) for w in target.words):
        target = _segment(target, groups)
    wanted = [w for w in target.words if not w.isdigit()]
    if not wanted and not target.codes:
        return None
    explicit = (
        target.ordinal is not None
        or target.named
        or bool(_NAMES_RECORD.search(fold(query.raw)))
        or any(w in _KINDS for w in words(query.raw))
        or any(k in query.raw for k in _UNSPACED_KINDS if _UNSPACED.search(query.raw))
    )
    named_row = await _named_row(page, screen, query, target, wanted, model, index=index)
    if named_row is not None:
        return named_row
    if len(wanted) == 1 and not explicit and not target.soft and not ticking:
        return None  # one word names the control or nothing: no record (and no page round trip)
    groups = await _copy_groups(page, screen, wanted)
    lead = wanted[0] if wanted else ""
    best: list[tuple[tuple[int, int], list[ElementDescriptor], frozenset[str], list[ElementDescriptor]]] = []
    lone: list[tuple[tuple[int, int], list[ElementDescriptor], frozenset[str], list[ElementDescriptor]]] = []
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
            narrowed = [(m, o) for m, o in pairs if _names(w, m, o, lead)]
            # Copies whose names hold the word itself, before those that only come near it in a
            # class name ('edit': "Edit Record", not an x-editable "High" in the same row).
            named = [(m, o) for m, o in narrowed if w in field_words(f"{m.display_name} {m.title}")]
            if len(named) >= 2 and max(Counter(_control_name(m) for m, _ in named).values()) >= 2:
                narrowed = named
            names = Counter(_control_name(m) for m, _ in narrowed)
            if len(narrowed) >= 2 and max(names.values()) >= 2:
                hit_list.append(w)
                pairs = narrowed
        found = best
        if not hit_list and explicit:
            pairs = list(zip(members, owns, strict=True))
            for w in wanted:
                narrowed = [(m, o) for m, o in pairs if _names(w, m, o, lead)]
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
            found.append(((-first, len(hits)), chosen_members, hits, members))
    best = best or lone
    if not best and ticking and not _named_box(screen, wanted):
        best = _boxes(groups, wanted, explicit=bool(explicit))
    if not best:
        return None
    top = max(b[0] for b in best)
    chosen = [b for b in best if b[0] == top]
    if (
        query.intent != "check"
        and not set(words(query.verb)) & _TICK_VERBS
        and any(all(_tickable(m) for m in b[1]) for b in chosen)
    ):
        return None  # 'open issue #4790' is not a tick in that row (nor is a verbless phrase)
    hits = frozenset().union(*(b[2] for b in chosen))
    record_words = [w for w in target.words if w not in hits]
    soft = not record_words and bool(target.soft) and not target.named and target.ordinal is None
    if soft:
        record_words = list(target.soft)  # 'the Change link in the Users row': a record named "Users"
    elif not record_words and not target.named and target.ordinal is None:
        return None  # only the control is named: the ordinary ranking (and its copies rule) decides
    records: list[_Record] = []
    for _, members, _, _ in chosen:
        records.extend(await _records(page, members))
    if not records:
        return None
    if (
        soft
        and sum(
            all(_word_in(w, field_words(f"{r.text} {r.element.name}"), loose=True) for w in record_words)
            for r in records
        )
        != 1
    ):
        return None  # a kind of record, not one record's name: the ordinary ranking decides
    # Words no record carries may name the list itself ('from the cart', 'in the blog archive').
    fields = {r.element.index: field_words(f"{r.text} {r.element.name} {r.element.title}") for r in records}
    carried = [w for w in record_words if any(_word_in(w, f, loose=True) for f in fields.values())]
    listed = field_words(" ".join({r.element.section for r in records} | {screen.title}))
    record_words = [w for w in record_words if w in carried or not _word_in(w, listed)]
    if not explicit and any(w not in carried for w in record_words):
        if not carried and _absent_name(query.raw, record_words, screen):
            explicit = True  # 'Follow Jean Valjean': a person's name, nowhere on the page
        else:
            return None  # words no record carries: not a record the target names (the ranking decides)
    if not record_words and not target.named and target.ordinal is None:
        return None

    def fits(r: _Record, loose: bool = False) -> bool:
        f = fields[r.element.index]
        if not all(_word_in(w, f, loose) for w in record_words):
            return False
        if not all(_has_handle(h, f"{r.text} {r.element.name}") for h in target.handles):
            return False
        if not all(_has_code(c, f"{r.text} {r.element.name}") for c in target.codes):
            return False
        if target.ordinal is not None:
            want = r.count if target.ordinal == -1 else target.ordinal
            if r.ordinal != want or r.ordinal == 0:
                return False
        return True

    matches = [r for r in records if fits(r)] or [r for r in records if fits(r, loose=True)]
    if counted:  # 'like 2 posts': which two is not said; the copies are listed, none acts
        matches = []
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
    elif counted:
        decision, conf = "low", 0.0
    else:  # no such record: nothing on the page is what the target names
        decision, conf = "none", 0.0
    return Ranking(query, candidates, decision, overlay, conf)  # type: ignore[arg-type]


# Words for the box itself ('the last row's checkbox').
_BOX_WORDS = frozenset({"checkbox", "checkboxes", "box", "boxes", "tickbox", "kontrollkästchen", "häkchen"})
# What a list of records is called as a whole ('the third row in the table', 'w tabeli').
_LIST_WORDS = frozenset(
    {"table", "list", "grid", "tabelle", "liste", "tableau", "tabla", "lista", "tabella", "tabulka"}
    | {"tabulce", "tabeli", "liście", "таблица", "таблице", "списке", "список"}
    | {"表", "表格", "列表", "一覧", "リスト"}
)


async def _nth_box(
    page: Page,
    screen: Screen,
    query: Query,
    target: RecordTarget,
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """'Check the 3rd book', 'select the first row': the selection box of the list's record at that
    place, when the page has one list of record boxes. A row named by a record noun ('the first
    row', "the last row's checkbox") takes no other words; 'the 3rd book' takes words that no two
    boxes bear and that name what the page lists (its title or the list's section: "Select book
    to change"); one box so named ('Select all books') is not the list. Otherwise ``None``."""
    wanted = [w for w in target.words if not w.isdigit() and w not in _BOX_WORDS]
    if target.ordinal is not None:
        wanted = [w for w in wanted if w not in _LIST_WORDS]  # 'the 3rd row in the table'
    if target.ordinal is None:  # 'the 3rd book': the words must name what the list holds
        named = [
            e
            for e in screen.elements
            if e.visible
            and _tickable(e)
            and all(_word_in(w, field_words(f"{e.name} {e.label}")) for w in wanted)
        ]
        if not wanted or len(named) > 1:  # 'the 2nd Delete box': counted among the boxes so named
            return None
    elif wanted:
        return None  # 'the Edit box on the 3rd row': a control named with its record
    lists = [
        members
        for members in _groups(screen).values()
        if 2 <= len(members) <= _MAX_MEMBERS
        and all(m.visible and (m.role in ("checkbox", "switch") or m.type == "checkbox") for m in members)
    ]
    if len(lists) > 1:
        # Django's change list: the action boxes beside a column of a record's own boxes
        # ("Vaccinated"): the boxes that select their row are the list's
        selecting = [
            members
            for members in lists
            if all(_SELECTS_ROW.search(f"{m.classes} {m.name_attr} {m.label} {m.name}") for m in members)
        ]
        lists = selecting if len(selecting) == 1 else lists
    ordinal = target.ordinal if target.ordinal is not None else query.ordinal or 0
    return await _nth_record(page, screen, query, lists, ordinal, wanted, model, index=index)


# The marks of a box that selects its row (Django's "action-select" named "_selected_action",
# "Select this object for an action", a grid's "row-select").
_SELECTS_ROW = re.compile(
    r"(?:^|[\s_-])(?:action-select|selected_action|select(?:ed)?[_-]?(?:row|item)|row-?select|bulk)(?:$|[\s_-])|"
    r"^select\b|\bselect this\b",
    re.IGNORECASE,
)


async def _nth_link(
    page: Page,
    screen: Screen,
    query: Query,
    target: RecordTarget,
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """'Open the book in the second row', 'click the 3rd row', 'open the 2nd book': the first link
    of the list's record at that place, when the other words only name what the page lists
    ("Select book to change"); ``None`` otherwise (a control named on the row: 'Delete on the 3rd
    row'). The list is the one table or list of the page's content with a link in each row."""
    wanted = [w for w in target.words if not w.isdigit()]
    if target.ordinal is not None:
        wanted = [w for w in wanted if w not in _LIST_WORDS]  # 'the 2nd book in the table'
    if target.ordinal is None and not wanted:
        return None
    ordinal = target.ordinal if target.ordinal is not None else query.ordinal or 0
    said = [w for w in (*target.words, *target.soft) if not w.isdigit() and w not in _LIST_WORDS]
    if said:
        # 'the tool of the last row': the link of the column headed "Tool", not the row's first
        columns = _linked_rows(screen, several=True)
        heads = await _column_heads(page, columns)
        if heads is None:
            return None  # a page that navigated: the ordinary ranking decides
        headed = [
            (members, [w for w in wanted if not _word_in(w, head, loose=True)])
            for members, head in zip(columns, heads, strict=True)
            if head and any(_word_in(w, head, loose=True) for w in said)
        ]
        if len(headed) == 1:
            members, rest = headed[0]
            return await _nth_record(page, screen, query, [members], ordinal, rest, model, index=index)
    lists = _linked_rows(screen)
    if not lists:
        return None  # no list of rows with links, or several (which one is not said)
    lists.sort(key=lambda members: min(m.index for m in members))  # a row's first link names it
    return await _nth_record(page, screen, query, lists[:1], ordinal, wanted, model, index=index)


# Words of controls and pages rather than of a record's content.
_UI_WORDS = frozenset(
    {"page", "pages", "button", "link", "tab", "menu", "field", "box", "top", "bottom", "here"}
)
# Verbs that only say to go to what a row names ('open Ben', 'the team in Lyon').
_GOING = frozenset({"", "open", "show", "view", "see", "go", "visit", "display"})


def _edits_by_its_link(screen: Screen, verb: str) -> bool:
    """'edit the owner from Wells' where the rows have no edit control of their own: a record's
    link opens its form (Django's admin), so editing it is going there."""
    said = words(verb)
    if len(said) != 1 or not (said[0] == "change" or CONCEPTS.get(said[0]) == "§edit"):
        return False
    return not any(
        e.visible and e.role in ("link", "button") and "§edit" in field_words(e.display_name)
        for e in screen.elements
    )


# The header of the column of a table cell's element, folded ('' when not in a table with one).
_COLUMN_JS = """(i) => {
  let st = null;
  try { st = window.top.__waypostInventory || null; } catch (e) { st = window.__waypostInventory || null; }
  const el = st && st.els[i];
  const td = el && el.closest('td');
  const table = td && td.closest('table');
  if (!table || !table.tHead || !table.tHead.rows.length) return '';
  const th = table.tHead.rows[0].cells[td.cellIndex];
  return th ? (th.textContent || '').replace(/\\s+/g, ' ').trim().toLowerCase() : '';
}"""


async def _column_heads(page: Page, lists: list[list[ElementDescriptor]]) -> list[frozenset[str]] | None:
    """The words of the column header over each list of links ('' outside a table with one);
    ``None`` when the page cannot say (it navigated)."""
    heads: list[frozenset[str]] = []
    for members in lists:
        try:
            heads.append(field_words(str(await page.evaluate(_COLUMN_JS, members[0].index))))
        except Exception:
            return None
    return heads


# Irregular plurals of record kinds ('the person from Osaka' in a list headed "people").
_PLURAL = {"person": "people", "people": "person", "child": "children", "man": "men", "woman": "women"}


async def _named_row(
    page: Page,
    screen: Screen,
    query: Query,
    target: RecordTarget,
    wanted: Sequence[str],
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """'Open Ben', 'the team in Lyon', "go to Ada's team": the link of the one row of the page's
    one list of linked rows whose text carries every word of the target, when no link or button
    carries them itself. The link is the row's first (the record's own), or the one in the column
    a kind noun of the target heads ('team' → the "team_id" column); a kind noun that neither
    heads a column nor names the list ('the person assigned to X' in a list of tickets) leaves it
    to the ordinary ranking, as does any word no row carries."""
    if (
        not wanted
        or all(w in CONCEPTS or w in _UI_WORDS for w in wanted)  # 'next page' names a control
        or target.ordinal is not None
        or target.named
        or target.every
        or query.intent not in ("click", "any")
        or (" ".join(words(query.verb)) not in _GOING and not _edits_by_its_link(screen, query.verb))
        or any(w in _TICK_VERBS for w in words(query.verb))
    ):
        return None
    # ('show Luna's appointment' keeps its verb in the words: it says to go, not what the row says)
    wanted = [w for w in wanted if w not in words(query.verb)] or wanted
    # (a kind the target names is no word of the control's name: 'the --format option' is the
    # link "--format")
    own = [w for w in wanted if w not in ROLE_WORDS] or wanted
    for e in screen.elements:
        if (
            e.visible
            and e.role in ("link", "button")
            and all(_word_in(w, field_words(e.display_name)) for w in own)
        ):
            return None  # a control named so: the ordinary ranking decides
    by_list: dict[str, list[list[ElementDescriptor]]] = defaultdict(list)
    for members in _linked_rows(screen, several=True):
        by_list[_list_of(members[0].path)].append(members)
    found: list[tuple[list[_Record], _Record]] = []
    for lists in by_list.values():
        # (each list of the page on its own: a table of appointments beside a list of dates)
        hit = await _row_named(page, screen, query, lists, wanted)
        if hit == "unsure":
            return None
        if hit is not None:
            found.append(hit)
    if len(found) != 1:
        return None  # no row, or rows of several lists: the ordinary ranking decides
    records, match = found[0]
    pool = [match] + [r for r in records if r is not match]
    return _first_of(screen, query, [r.element.index for r in pool], model, index)


async def _row_named(
    page: Page, screen: Screen, query: Query, lists: list[list[ElementDescriptor]], wanted: Sequence[str]
) -> tuple[list[_Record], _Record] | Literal["unsure"] | None:
    """The records of one list of linked rows and its one row carrying every word of ``wanted``;
    ``None`` when no row does, ``"unsure"`` when several do or the kind nouns do not fit."""
    lists.sort(key=lambda members: min(m.index for m in members))
    heads = await _column_heads(page, lists)
    if heads is None:
        return "unsure"
    # Kind nouns, and words that head a column of links rather than name a row ('Ada's team').
    nouns = [w for w in words(fold(query.raw)) if (w in _KINDS or w in _NAMEABLE) and w not in STOPWORDS]
    nouns += [w for w in wanted if w not in nouns and any(_word_in(w, h) for h in heads)]
    chosen = lists[0]
    listed = field_words(" ".join({m.section for m in chosen} | {screen.title}))

    def names_list(w: str) -> bool:
        forms = {w, f"{w}s", f"{w}es", w.removesuffix("s"), _PLURAL.get(w, w)}
        return any(_word_in(f, listed, loose=True) for f in forms)

    # ('the owner from Wells' on "Select owner to change": the word the list's title says is its kind)
    nouns += [w for w in wanted if w not in nouns and w not in _UI_WORDS and names_list(w)]
    wanted = [w for w in wanted if w not in nouns]
    if not wanted:
        return "unsure"
    if nouns:
        headed = [
            members
            for members, head in zip(lists, heads, strict=True)
            if head and all(_word_in(w, head, loose=True) for w in nouns)
        ]
        if len(headed) == 1:
            chosen = headed[0]
        elif headed or not all(names_list(w) for w in nouns):
            return None if not headed else "unsure"
    records = await _records(page, chosen)
    matches = [r for r in records if all(_word_in(w, field_words(r.text), loose=True) for w in wanted)]
    if len(matches) > 1:
        return "unsure"  # several rows: the ordinary ranking (and its doubts) decides
    return (records, matches[0]) if matches else None


def _nth_choice(
    screen: Screen, query: Query, target: RecordTarget, model: RerankModel, *, index: TfidfIndex
) -> Ranking | None:
    """'the second address', 'select the last address': the option at that place of the page's one
    group of radio buttons, when the other words name the group (its section, form or the page's
    title: "E-mail Addresses"), before any list of links that the title also names."""
    wanted = [w for w in target.words if not w.isdigit()]
    if not wanted:
        return None
    groups: dict[str, list[ElementDescriptor]] = defaultdict(list)
    for e in screen.elements:
        if e.role == "radio" and e.enabled and (e.visible or e.has_label) and e.name_attr:
            groups[e.name_attr].append(e)
    groups = {k: v for k, v in groups.items() if len(v) >= 2}
    if len(groups) != 1:
        return None
    members = sorted(next(iter(groups.values())), key=lambda e: (e.box[1], e.box[0], e.index))
    listed = field_words(" ".join({m.section for m in members} | {m.form for m in members} | {screen.title}))
    if not all(_word_in(w, listed, loose=True) or CONCEPTS.get(w, "") in listed for w in wanted):
        return None  # ('drugi adres' on a page titled "电子邮件地址": the same concept)
    n = target.ordinal if target.ordinal is not None else query.ordinal or 0
    if not n or abs(n) > len(members):
        return None
    chosen = members[n - 1] if n > 0 else members[n]
    return _first_of(
        screen, query, [chosen.index] + [m.index for m in members if m is not chosen], model, index
    )


def _linked_rows(screen: Screen, *, several: bool = False) -> list[list[ElementDescriptor]]:
    """The groups of copies of a link, one per row, of the page's one table or list of linked
    rows outside the site's chrome (an id link and a name link of each row: two groups); empty
    when there is none, or several (with ``several``, those of every such list)."""
    lists = [
        members
        for members in _groups(screen).values()
        if 2 <= len(members) <= _MAX_MEMBERS
        and all(
            m.visible
            and m.role == "link"
            and _real_href(m.href)
            and not m.href.startswith(("mailto:", "tel:", "sms:"))  # (a mail link opens no record)
            and _list_of(m.path)
            and not _CHROME.search(m.region)
            for m in members
        )
        and len({_row_of(m.path) for m in members}) == len(members)  # one per row: no header row
    ]
    return lists if several or len({_list_of(members[0].path) for members in lists}) == 1 else []


def _first_of(
    screen: Screen, query: Query, order: Sequence[int], model: RerankModel, index: TfidfIndex
) -> Ranking:
    """A confident ranking of the elements ``order`` (inventory indexes), the first acting."""
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    scored = _scored(query, screen.elements, list(order), model, word_sim, char_sim, overlay)
    return Ranking(query, _candidates(scored, [1.0] + [0.0] * (len(order) - 1)), "confident", overlay, 1.0)


# The site's chrome, whose lists (menus, the sidebar's tables) are not the page's records.
_CHROME = re.compile(r"(?:^|\s)(?:nav|header|footer|aside)#")


def _list_of(path: str) -> str:
    """The path of the table body or list that holds the row or item an element is in ('' if none)."""
    row = _row_of(path)
    # (a table that gives each row a <tbody> of its own, as Unfold's does, is still one list)
    return _TBODY_AT.sub("tbody", row.rsplit(" > ", 1)[0]) if " > " in row else ""


_TBODY_AT = re.compile(r"(?:(?<=^)|(?<= > ))tbody:nth-(?:of-type|child)\(\d+\)$")


def _row_of(path: str) -> str:
    """The path of the table row or list item an element is in ('' if none)."""
    segments = _segments(path)
    rows = [i for i, seg in enumerate(segments) if re.match(r"(?:tr|li)(?::|$)", seg)]
    return " > ".join(segments[: rows[-1] + 1]) if rows else ""


async def _nth_record(
    page: Page,
    screen: Screen,
    query: Query,
    lists: list[list[ElementDescriptor]],
    ordinal: int,
    wanted: Sequence[str],
    model: RerankModel,
    *,
    index: TfidfIndex,
) -> Ranking | None:
    """The control of ``lists``' one list in its record at ``ordinal``, when ``wanted`` words all
    name the list (its section or the page's title); ``None`` when that is not so."""
    if len(lists) != 1:
        return None
    records = await _records(page, lists[0])
    listed = field_words(" ".join({r.element.section for r in records} | {screen.title}))
    if not records or not all(_word_in(w, listed, loose=True) for w in wanted):
        return None
    matches = [r for r in records if r.ordinal and r.ordinal == (r.count if ordinal == -1 else ordinal)]
    pool = matches + [r for r in records if r not in matches] if len(matches) == 1 else records
    word_sim, char_sim = index.similarities(query)
    overlay = active_overlay(screen)
    order = [r.element.index for r in pool]
    scored = _scored(query, screen.elements, order, model, word_sim, char_sim, overlay)
    if len(matches) != 1:  # no such row (or rows that cannot be told apart): nothing acts
        return Ranking(query, _candidates(scored, [0.0] * len(pool)), "none", overlay, 0.0)
    ps = [1.0] + [0.0] * (len(pool) - 1)
    return Ranking(query, _candidates(scored, ps), "confident", overlay, 1.0)


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
    records = await _records(page, members, branch=True)
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
