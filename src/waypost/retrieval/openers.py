"""Generic nouns that are not names: 'the user menu', 'expand 2015' (issue 17).

- **A menu named by whose it is** ('open the user menu', 'das Kontomenü'): the control that opens a
  menu (``aria-haspopup``) and is named for the user (Account, Profile, Avatar, User menu), not a
  link that only shares a word ('Users'). Exactly one such opener acts; otherwise the ranking
  stands.
- **Expand or collapse a named item** ('expand 2015 in the blog archive'): when the ranking picks
  an element that shows nothing itself (a year link of an archive tree) and a disclosure toggle
  sits beside it (``aria-expanded``, a ``toggle`` / ``zippy`` / ``caret`` class, a ► ▼ + sign),
  the toggle is what expands it. One toggle acts; several beside it keep the ranking's decision.
"""

from __future__ import annotations

import re
from dataclasses import replace

from waypost.retrieval.descriptor import ElementDescriptor, Screen
from waypost.retrieval.index import TfidfIndex
from waypost.retrieval.kinds import bootstrap_dropdown
from waypost.retrieval.ranking import Candidate, Ranking, _candidates, _scored
from waypost.retrieval.rerank import RerankModel
from waypost.retrieval.synonyms import STOPWORDS
from waypost.retrieval.text import expand, fold, token_match, words

_MENU = frozenset(
    {"menu", "menü", "nabídka", "nabídku", "nabídky", "menú", "メニュー", "菜单", "메뉴", "меню"}
)
# Words for the signed-in person's own things.
_USER_WORDS = (
    "user account profile avatar me my konto benutzer nutzer profil účet uživatel uživatele compte",
    "utilisateur cuenta usuario perfil utente profilo",
)
_USER = frozenset(fold(w) for line in _USER_WORDS for w in line.split())
_EXPAND_WORDS = (
    "expand collapse toggle unfold fold aufklappen zuklappen ausklappen rozbalit rozbalte sbalit sbalte",
    "déplier replier desplegar contraer espandere",
)
_EXPAND_VERBS = frozenset(fold(w) for line in _EXPAND_WORDS for w in line.split())
# Verbs a target may keep ('show the download menu'): they say what is done, not which menu.
_SHOW_WORDS = (
    "open show display view öffne öffnen zeige zeigen ouvre ouvrir affiche afficher abre abrir muestra",
    "mostrar apri mostra otevři otevřít zobraz otwórz pokaż открой открыть покажи",
)
_SHOW_VERBS = frozenset(w for line in _SHOW_WORDS for w in line.split())
_TOGGLE_CLASS = re.compile(
    r"(?:^|[\s_-])(?:toggle|toggler|zippy|caret|twisty|twistie|disclosure|expander|chevron|arrow)(?:$|[\s_-])"
)
_TOGGLE_SIGN = re.compile(r"^[\s►▶▸▹▼▾▿◀◂+\-−–]+$")


def _menu_opener(e: ElementDescriptor) -> bool:
    menu = bootstrap_dropdown(e) or e.popup not in ("", "false", "listbox", "grid", "tree")
    return e.visible and e.enabled and menu


def _opener_words(e: ElementDescriptor) -> frozenset[str]:
    return frozenset(fold(w) for w in words(" ".join((e.name, e.title, e.id, e.classes.replace("-", " ")))))


def _user_menu_opener(e: ElementDescriptor) -> bool:
    return _menu_opener(e) and bool(_opener_words(e) & _USER)


def _menu_opener_of(e: ElementDescriptor, said: list[str]) -> bool:
    """A menu opener whose own words say all of ``said`` ('download' for "Download this page"); one
    showing a country's flag icon says "language" ('flag de', 'fi fi-jp', 'flag-icon-gb')."""
    if not _menu_opener(e):
        return False
    own = frozenset(expand(list(_opener_words(e))))
    if _FLAG_ICON.search(e.classes.casefold()):
        own |= {"§language"}
    return all(token_match(w, own) >= 0.8 for w in said)


_FLAG_ICON = re.compile(r"(?:^|\s)(?:flag|flag-icon|fi)(?:\s+|-)[a-z]{2}(?:\s|$)")


def prefer_opener(
    screen: Screen, ranking: Ranking, model: RerankModel, *, index: TfidfIndex, verb: str = ""
) -> Ranking:
    """'the user menu' → the one menu opener named for the user; 'expand 2015' → the toggle beside
    the element the ranking chose (see the module docstring)."""
    query = ranking.query
    head = {fold(w) for w in query.head}
    if head & _MENU and head & _USER and query.intent in ("click", "any"):
        openers = [e for e in screen.elements if _user_menu_opener(e)]
        if len(openers) == 1:
            return _only(screen, ranking, model, index, openers[0])
        return ranking
    said = [w for w in query.head if fold(w) not in _MENU | _SHOW_VERBS and w not in STOPWORDS]
    if head & _MENU and said and query.intent in ("click", "any") and not query.ordinal:
        # 'the download menu': the one menu opener named for it ("Download this page"), over a
        # hamburger that is only a menu
        openers = [e for e in screen.elements if _menu_opener_of(e, said)]
        if len(openers) == 1:
            return _only(screen, ranking, model, index, openers[0])
    verbs = {fold(w) for w in words(verb or query.verb)}
    if verbs & _EXPAND_VERBS and ranking.decision == "confident" and ranking.candidates:
        chosen = ranking.candidates[0].element
        if _discloses(chosen) or _is_toggle(chosen) or {fold(w) for w in words(chosen.name)} & _EXPAND_VERBS:
            return ranking  # a toggle itself ('Toggle navigation'), not a label beside one
        beside = [
            e
            for e in screen.elements
            if e is not chosen and (_beside(e, chosen) or _toggles_name(e, chosen)) and _is_toggle(e)
        ]
        if len(beside) == 1:
            return _only(screen, ranking, model, index, beside[0])
    return ranking


def _discloses(e: ElementDescriptor) -> bool:
    return e.expanded is not None or e.tag == "summary" or bool(e.popup and e.popup != "false")


def _is_toggle(e: ElementDescriptor) -> bool:
    if (
        e.enabled
        and e.role in ("checkbox", "switch")
        and e.has_label
        and (_TOGGLE_CLASS.search(e.classes.casefold()) or {fold(w) for w in words(e.name)} & _EXPAND_VERBS)
    ):
        # a navigation branch opened by a checkbox (furo's "Toggle navigation of X", Material's
        # md-toggle), hidden or not: its label is what shows and takes the click
        return True
    if not e.visible or not e.enabled:
        return False
    if e.expanded is not None or e.tag == "summary":
        return True
    return bool(_TOGGLE_CLASS.search(e.classes.casefold())) or bool(
        e.text and _TOGGLE_SIGN.match(e.text) and not e.href.strip("#/ ").replace("javascript:void(0)", "")
    )


def _toggles_name(e: ElementDescriptor, chosen: ElementDescriptor) -> bool:
    """A toggle named for the chosen element ("Toggle navigation of Reference" for "Reference"),
    wherever its path puts it (an id cuts it short)."""
    own = {fold(w) for w in words(e.name)}
    named = {fold(w) for w in words(chosen.display_name)}
    return bool(own & _EXPAND_VERBS) and bool(named) and named < own


def _parent(path: str) -> str:
    return path.rsplit(" > ", 1)[0] if " > " in path else ""


def _beside(e: ElementDescriptor, chosen: ElementDescriptor) -> bool:
    """The same parent, or the chosen element's parent's sibling position (a toggle in the item's
    header row); within the same frame."""
    if e.frames != chosen.frames or not e.path or not chosen.path:
        return False
    pe, pc = _parent(e.path), _parent(chosen.path)
    return bool(pe) and (pe == pc or _parent(pe) == pc or pe == _parent(pc))


def _only(
    screen: Screen, ranking: Ranking, model: RerankModel, index: TfidfIndex, e: ElementDescriptor
) -> Ranking:
    from waypost.retrieval.overlays import active_overlay

    query = ranking.query
    word_sim, char_sim = index.similarities(query)
    rest = [c.element.index for c in ranking.candidates if c.element is not e][:9]
    scored = _scored(
        query, screen.elements, [e.index, *rest], model, word_sim, char_sim, active_overlay(screen)
    )
    candidates: list[Candidate] = _candidates(scored, [1.0] + [0.0] * len(rest))
    return replace(ranking, candidates=candidates, decision="confident", confidence=1.0)
