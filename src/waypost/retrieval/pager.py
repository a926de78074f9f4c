"""Pages of a paged list named by their place: 'the next page', 'page 2', 'die letzte Seite', '下一页'.

Many pagers have no "Next" link, only numbers (Django's admin: "1 2 Show all"), and many pages
repeat their pager above and below the list. :func:`pager_wish` reads which page an instruction
asks for; :data:`PAGER_JS` finds it in the page's one pager (copies of one pager count as one).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from waypost.retrieval.page_scripts import CSS_PATH_JS

_PAGE = (
    r"(?:page|seite|stránk[auy]|stran[aěy]|strona|stronę|stronie|página|pagina|страниц[аеуы]|"
    r"ページ(?:目)?|页|頁)"
)
# 'go to', 'zur', 'na', 'à la': what may come before the page named
_LEAD = (
    r"(?:(?:go|move|jump|skip|switch|turn|flip|continue)\s+(?:on\s+)?(?:to\s+|onto\s+)?|"
    r"open\s+|show(?:\s+me)?\s+|view\s+|load\s+|"
    r"(?:gehe?\s+)?(?:zur|zu\s+der|auf\s+die)\s+|aller\s+(?:à\s+)?|va\s+(?:à\s+)?|"
    r"(?:ir|ve|vaya)\s+a\s+(?:la\s+)?|přejdi\s+na\s+|jdi\s+na\s+|przejdź\s+(?:na|do)\s+|"
    r"перейди(?:те)?\s+на\s+|открой(?:те)?\s+|"
    r"weiter\s+|dalej,?\s+|далее,?\s+|avanti,?\s+|"
    r"to\s+|on\s+|na\s+|à\s+|a\s+)*"
)
_ART = r"(?:the\s+|die\s+|der\s+|la\s+|le\s+|el\s+)?"
_NEXT = (
    r"next|nächste[nrm]?|naechste[nr]?|suivante|siguiente|successiva|próxima|volgende|další|následující|"
    r"następn[aąeyj]+|следующ\w+|次の"
)
_PREVIOUS = (
    r"previous|prev|vorherige[nr]?|vorige[nr]?|précédente|anterior|precedente|vorige|předchozí|"
    r"poprzedni[aąej]*|предыдущ\w+|前の"
)
_LAST = r"last|final|letzte[nr]?|dernière|poslední|ostatni[aąej]*|última|ultima|последн\w+|最後の|最后一"
_FIRST = r"first|erste[nr]?|première|první|pierwsz[aąej]+|primera|prima|перв\w+|最初の|第一"
_ORDINALS = {
    "second": 2, "2nd": 2, "zweite": 2, "zweiten": 2, "deuxième": 2, "seconde": 2, "druhá": 2,
    "druhou": 2, "druhé": 2, "druga": 2, "drugą": 2, "drugiej": 2, "segunda": 2, "вторая": 2,
    "вторую": 2, "второй": 2, "third": 3, "3rd": 3, "dritte": 3, "dritten": 3, "troisième": 3,
    "třetí": 3, "trzecia": 3, "trzecią": 3, "tercera": 3, "третья": 3, "третью": 3,
    "fourth": 4, "4th": 4, "vierte": 4, "vierten": 4, "quatrième": 4, "čtvrtá": 4, "čtvrtou": 4,
    "czwarta": 4, "czwartą": 4, "cuarta": 4, "четвёртая": 4, "четвертую": 4, "четвёртую": 4,
}  # fmt: skip
_WHEN_PLACED = re.compile(
    rf"{_LEAD}{_ART}(?P<place>{_NEXT}|{_PREVIOUS}|{_LAST}|{_FIRST}|{'|'.join(_ORDINALS)})\s*{_PAGE}"
    rf"(?:\s+(?:of\s+(?:the\s+)?)?(?:results|list|entries|items))?",
    re.IGNORECASE,
)
_PLACE_AFTER = re.compile(  # 'page suivante', 'página siguiente', 'stránka další'
    rf"{_LEAD}{_ART}{_PAGE}\s+(?P<place>{_NEXT}|{_PREVIOUS}|{_LAST}|{_FIRST})", re.IGNORECASE
)
_NUMBERED = re.compile(
    rf"{_LEAD}{_ART}(?:{_PAGE}\s*(?:no\.?\s*|nr\.?\s*|number\s+|č\.\s*)?(?P<n>\d{{1,4}})|"
    rf"第?(?P<m>\d{{1,4}})\s*{_PAGE}|(?P<k>\d{{1,4}})(?:\.|st|nd|rd|th)\s+{_PAGE})",
    re.IGNORECASE,
)
_CJK = re.compile(r"(?P<place>下一|上一|前|次|最后一|第一)\s*(?:页|頁|ページ)")
_TAIL = re.compile(
    r"\s*(?:へ|に|を開く|を開いて|進む|進んで|移動|please|bitte|s'il te plaît|por favor|[.!。！])*\s*$"
)


@dataclass(frozen=True)
class PagerWish:
    """A page of the page's pager: ``next``, ``previous``, ``first``, ``last`` or ``number`` (``n``)."""

    place: str
    n: int = 0


def _place(word: str) -> str:
    w = unicodedata.normalize("NFC", word.casefold())
    for place, pattern in (("next", _NEXT), ("previous", _PREVIOUS), ("last", _LAST), ("first", _FIRST)):
        if re.fullmatch(pattern, w, re.IGNORECASE):
            return place
    return "number"


def pager_wish(target: str) -> PagerWish | None:
    """Which page of a pager ``target`` names as a whole, or ``None`` when it names none.

    'next page', 'go to page 2', 'die letzte Seite', 'drugą stronę', '2ページ目へ', '下一页'.
    """
    text = _TAIL.sub("", " ".join(target.split()))
    cjk = _CJK.fullmatch(text)
    if cjk is not None:
        place = {"下一": "next", "次": "next", "上一": "previous", "前": "previous"}.get(cjk["place"])
        return PagerWish(place or ("last" if cjk["place"] == "最后一" else "first"))
    for pattern in (_WHEN_PLACED, _PLACE_AFTER):
        found = pattern.fullmatch(text)
        if found is not None:
            word = found["place"].casefold()
            if word in _ORDINALS:
                return PagerWish("number", _ORDINALS[word])
            return PagerWish(_place(word))
    found = _NUMBERED.fullmatch(text)
    if found is not None:
        return PagerWish("number", int(found["n"] or found["m"] or found["k"]))
    return None


# The page's one pager (pagers whose numbered entries are the same count as one: the copy above
# and below a list). ``[place, n]`` as :class:`PagerWish`. Answers ``["go", css path, number]``,
# ``["current", number]`` (the page asked for is the one shown), ``["none", highest, number]``
# (there is no such page) or ``null`` (no one pager with numbered entries, or no page marked as shown when
# the wish is relative to it).
PAGER_JS = (
    """([place, wanted]) => {
  """
    + CSS_PATH_JS
    + r"""
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const PAGERS = '.pagination, .pager, [class*=paginat], nav[aria-label*=pag i], '
    + '[role=navigation][aria-label*=pag i]';
  const pagers = [...document.querySelectorAll(PAGERS)]
    .filter((p) => shown(p) && !p.parentElement.closest(PAGERS));
  const entries = (p) => [...p.querySelectorAll('a, button, [aria-current], .active, span, em, strong, b')]
    .filter((el) => shown(el) && /^\s*\d{1,5}\s*$/.test(el.textContent) && !el.querySelector('a, button'));
  const key = (p) => entries(p).map((el) => `${el.textContent.trim()}@${el.getAttribute('href') || ''}`)
    .join(' ');
  let lists = pagers.filter((p) => entries(p).length);
  if (!lists.length) {
    // A pager with no name of its own (Unfold's: a <span> "1", then a link "2" to ?p=2): the
    // block around the numbered links to this list's pages, with the current page's number.
    const PAGE_Q = /[?&](?:p|page|pg|paged|pagenum|seite|strona|pagina)=\d+(?:[&#]|$)/i;
    const links = [...document.querySelectorAll('a[href]')].filter((a) => shown(a)
      && PAGE_Q.test(a.getAttribute('href')) && /^\s*\d{1,5}\s*$/.test(a.textContent));
    let box = links.length ? links[0].parentElement : null;
    while (box && !links.every((a) => box.contains(a))) box = box.parentElement;
    for (let up = 0; box && up < 3 && !entries(box).some((el) => !el.matches('a[href], button')); up++)
      box = box.parentElement;
    const unlinked = box && entries(box).some((el) => !el.matches('a[href], button'));
    if (unlinked && box !== document.body) lists = [box];
  }
  if (!lists.length || new Set(lists.map(key)).size !== 1) return null;
  const numbered = entries(lists[0]);
  const n = (el) => parseInt(el.textContent, 10);
  const isCurrent = (el) => el.getAttribute('aria-current') === 'page'
    || !!el.closest('.active, .current, .this-page, .is-current, [aria-current=page]')
    || !el.matches('a[href], button');
  const current = numbered.filter(isCurrent);
  let goal;
  if (place === 'last' || place === 'first') {
    goal = numbered.reduce((a, b) => (place === 'last' ? n(b) > n(a) : n(b) < n(a)) ? b : a);
  } else {
    let number = wanted;
    if (place === 'next' || place === 'previous') {
      if (current.length !== 1) return null;
      number = n(current[0]) + (place === 'next' ? 1 : -1);
    }
    const highest = Math.max(...numbered.map(n));
    goal = numbered.find((el) => n(el) === number);
    if (!goal) return number > highest || number < 1 ? ['none', String(highest), String(number)] : null;
  }
  if (isCurrent(goal)) return ['current', String(n(goal))];
  const href = goal.getAttribute('href') || '';
  if (goal.tagName === 'A' && (!href || /^javascript:/i.test(href)) && !goal.onclick) return null;
  return ['go', cssPath(goal), String(n(goal))];
}"""
)


# The page the document itself calls next or previous (``<link rel="next">`` in its head, as
# Sphinx and many blogs write it, or ``<a rel="next">``), reached by a shown link to that very
# address: copies of it (the sidebar's entry, the button under the text) all lead to the same
# page. Answers the CSS path of one of them (one with ``rel``, else one whose text carries an
# arrow, else the last), or ``null`` when the page declares no one such page or shows no link to it.
REL_PAGE_JS = (
    """(place) => {
  """
    + CSS_PATH_JS
    + r"""
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== 'hidden'; };
  const bare = (u) => u.split('#')[0];
  const rels = place === 'next' ? ['next'] : ['prev', 'previous'];
  const declared = [...document.querySelectorAll('link[rel][href], a[rel][href]')].filter((el) =>
    (el.getAttribute('rel') || '').toLowerCase().split(/\s+/).some((r) => rels.includes(r)));
  const goals = new Set(declared.map((el) => bare(el.href)));
  if (goals.size !== 1) return null;
  const goal = [...goals][0];
  if (!/^https?:/i.test(goal) || goal === bare(location.href)) return null;
  const links = [...document.querySelectorAll('a[href]')]
    .filter((a) => a.href === goal && shown(a) && !a.closest('[aria-hidden=true]'));
  if (!links.length) return null;
  const arrow = place === 'next' ? /[>›»→⟩〉]/ : /[<‹«←⟨〈]/;
  const pick = links.find((a) => declared.includes(a)) || links.find((a) => arrow.test(a.textContent))
    || links[links.length - 1];
  return cssPath(pick);
}"""
)
