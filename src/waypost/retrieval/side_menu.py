"""An entry of the page's side menu named by its place: 'the third entry in the left menu', 'the
last link in the sidebar', 'der dritte Eintrag im linken Menü', 'l'ultimo link della barra
laterale', 'サイドバーの最後のリンク'.

Nothing in such words names the entry; only the menu and a count do. :func:`side_wish` reads the
count and whether entries or links are counted; :data:`SIDE_ENTRY_JS` finds the page's one side
menu and the entry at that place. Entries are the menu's top-level items (a documentation
sidebar's pages, not the sections opened under the current one); links are all its shown links,
and when the two counts disagree nothing is chosen.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from waypost.page.text import fold
from waypost.retrieval.ordinal_words import ORDINAL_WORDS, spaced_ordinals
from waypost.retrieval.page_scripts import CSS_PATH_JS

# The side menu in the instruction languages, accents folded away ('menu de gauche', 'levem menu').
_SIDE = re.compile(
    r"\b(?:(?P<left>left|left-hand|linken|linke|linkes|levem|leve|lewym|lewe|lewego|левом|левое|левой)\s+"
    r"(?:menu|menü|sidebar|side bar|navigation|nav|panel|panelu|column|spalte|leiste|меню|панели)"
    r"|(?:menu|menü|panel|navigation)\s+(?:on\s+the\s+|de\s+|a\s+|à\s+|di\s+)?(?P<left2>left|gauche|sinistra)"
    r"|(?:menu|menú)\s+(?P<left3>izquierdo|esquerdo)"
    r"|side\s?bar|side\s?menu|side\s+panel|seitenleiste|seitenmenu|seitennavigation|barre laterale|"
    r"menu lateral|barra lateral|barra laterale|menu laterale|pasku bocznym|pasek boczny|panelu bocznym|"
    r"menu bocznym|postrannim panelu|postranni panel|postrannim menu|bocnim panelu|боковой панели|"
    r"боковом меню|боковая панель|боковое меню)\b"
    r"|(?P<left4>左)(?:側|侧|边)?の?(?:メニュー|菜单)|サイドバー|侧边栏|側邊欄"
)
_LINKS = {
    "link", "links", "lien", "enlace", "collegamento", "odkaz", "odnosnik", "ссылка", "ссылку", "リンク",
    "链接", "連結",
}  # fmt: skip
_ENTRIES = {
    "entry", "item", "option", "element", "eintrag", "punkt", "entrée", "entrada", "elemento", "opción",
    "voce", "pozycja", "pozycję", "položka", "položku", "пункт", "элемент", "項目", "项",
}  # fmt: skip
# Words around the count and the menu: articles, prepositions, a verb of going or clicking.
_FILLER = {
    "the", "in", "on", "of", "from", "at", "click", "open", "press", "choose", "select", "go", "to", "please",
    "der", "die", "den", "dem", "das", "im", "auf", "klicke", "klick", "öffne", "gehe", "zu",
    "zum", "le", "la", "les", "l'", "du", "de", "dans", "clique", "ouvre", "el", "del", "en", "abre",
    "haz", "clic", "il", "lo", "della", "nel", "nella", "apri", "w", "na", "z", "kliknij", "otwórz",
    "v", "ve", "klikni", "otevři", "в", "на", "открой", "нажми", "の", "を",
    "開く", "開いて", "クリック", "点击", "打开", "中的", "的", "里", "上",
}  # fmt: skip


@dataclass(frozen=True)
class SideWish:
    """The ``n``-th (1-based, -1 for the last) entry or link (``kind``) of the side menu; ``left``
    when the menu was said to be on the left."""

    n: int
    kind: str
    left: bool


def _plain(text: str) -> str:
    # Latin accents only: a kana's voicing mark is part of its letter
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f"))


_FOLDED_ORDINALS = {_plain(word): n for word, n in ORDINAL_WORDS.items()}
# (the words are compared accents aside, as the instruction is read: 'otwórz' is 'otworz')
_LINKS = {_plain(word) for word in _LINKS}
_ENTRIES = {_plain(word) for word in _ENTRIES}
_FILLER = {_plain(word) for word in _FILLER}


def side_wish(target: str) -> SideWish | None:
    """Which entry of the side menu ``target`` names by its place alone, or ``None``."""
    text = _plain(fold(spaced_ordinals(target)).strip(" .!?。")).replace("’", "'")
    side = _SIDE.search(text)
    if side is None:
        return None
    left = any(side.group(g) for g in ("left", "left2", "left3", "left4"))
    n: int | None = None
    kind = ""
    after = False  # '左メニューの3番目': the count after the menu
    for part, behind in ((text[: side.start()], False), (text[side.end() :], True)):
        for word in part.replace("'", "' ").replace(",", " ").split():
            if word in _FOLDED_ORDINALS:
                if n is not None:
                    return None
                n, after = _FOLDED_ORDINALS[word], behind
            elif word in _LINKS:
                kind = "link"
            elif word in _ENTRIES:
                kind = kind or "entry"
            elif word not in _FILLER:
                return None  # a word that may name the entry: not a place alone
    if n is None or not (kind or after):
        return None  # 'the second sidebar' counts sidebars
    return SideWish(n, kind or "entry", left)


# The page's one side menu: shown columns (narrower than half the window) that say they are a
# sidebar, a navigation or an aside, the outermost of them; a menu said to be on the left is in
# the window's left half; of several, the ones linking to other pages (not an in-page contents
# list), then the one on the left. ``[n, kind, left]`` as :class:`SideWish`; answers the CSS path
# of the entry, or ``null``.
SIDE_ENTRY_JS = (
    """([n, kind, left]) => {
  """
    + CSS_PATH_JS
    + r"""
  const W = window.innerWidth;
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => { const r = box(el); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden=true]'); };
  const links = (r) => [...r.querySelectorAll('a[href], [role=link], [role=menuitem], [role=treeitem]')]
    .filter(shown);
  const SEL = 'aside, [role=complementary], nav, [role=navigation], [class*=sidebar i], [id*=sidebar i], '
    + '[class*=sidenav i], [class*=side-nav i], [class*=sidemenu i], [class*=side-menu i]';
  let regions = [...document.querySelectorAll(SEL)]
    .filter((r) => shown(r) && box(r).width < W * 0.45 && box(r).height > box(r).width * 0.5
      && links(r).length >= 2);
  regions = regions.filter((r) => !regions.some((o) => o !== r && o.contains(r)));
  const onLeft = (r) => box(r).left + box(r).width / 2 < W / 2;
  if (left) regions = regions.filter(onLeft);
  if (regions.length > 1) {
    const away = regions
      .filter((r) => links(r).some((a) => !(a.getAttribute('href') || '#').startsWith('#')));
    if (away.length) regions = away;
  }
  if (regions.length > 1) regions = regions.filter(onLeft);
  if (regions.length !== 1) return null;
  const menu = regions[0];
  const all = links(menu);
  const top = (a) => { let item = null;
    for (let el = a.parentElement; el && el !== menu; el = el.parentElement) {
      if (el.tagName === 'LI') item = el;
    }
    return item || a; };
  const entries = [];
  const seen = new Set();
  for (const a of all) { const t = top(a); if (!seen.has(t)) { seen.add(t); entries.push(a); } }
  const at = (list) => (n === -1 ? list[list.length - 1] : list[n - 1]) || null;
  const goal = at(entries);
  if (!goal || (kind === 'link' && at(all) !== goal)) return null;
  return cssPath(goal);
}"""
)
