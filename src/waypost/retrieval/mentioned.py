"""A list's option named in a sentence without a verb the parser knows (issue 17).

'assign it to Chloé Martin', 'make her a tester', 'put him in the Mobile team', '担当者をBen
Okaforにする': the sentence names an option of one list (a ``<select>``, also one a widget such as
Select2 hides behind its own box), and that list is the field meant. An option counts when its
whole text is in the sentence between word boundaries (any script); an option inside a longer
mentioned one ('Mobile' in 'Mobile Web') does not count. Every other word of the sentence (in
scripts written with spaces) must set a value ('make', 'her', 'to') or name the list by a shared
stem ('assign' / "Assigned to"): 'move the card to Done' names a card, so no list is chosen.
When the options of several lists are named, only lists whose label shares a stem with a word of
the sentence are kept; unless exactly one list with one option is left, nothing is chosen.

A sentence that ends in a date ('the task is due on March 14th 2026') names a field by its other
words: :func:`dated` splits it.

Lists that allow several choices are left out (whether to add or to remove is not said), and so
are placeholder options ('__None', empty values).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from waypost.retrieval.page_scripts import CSS_PATH_JS
from waypost.retrieval.synonyms import STOPWORDS
from waypost.retrieval.text import fold, words
from waypost.retrieval.values import looks_like_date

# Every single-choice list of the page (shown, or hidden behind a widget's box) with the options of
# it whose text the sentence holds between word boundaries, longest mentions only.
MENTIONED_OPTIONS_JS = (
    """(sentence) => {
  """
    + CSS_PATH_JS
    + """
  const fold = (t) => (t || '').normalize('NFKD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase()
    .replace(/\\s+/g, ' ').trim();
  const text = fold(sentence);
  const ALNUM = /[\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\p{N}]/u;
  const edge = (ch) => !ch || !ALNUM.test(ch);
  const mentions = (opt) => {
    for (let i = text.indexOf(opt); i >= 0; i = text.indexOf(opt, i + 1)) {
      if (edge(text[i - 1]) && edge(text[i + opt.length])) return true;
    }
    return false;
  };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const WIDGET = /select2|chosen|selectize|selectric|nice-select|choices|ts-control|ts-wrapper/i;
  const covered = (s) => [s.previousElementSibling, s.nextElementSibling, s.parentElement]
    .some((n) => n && shown(n) && WIDGET.test(String(n.className || '') + ' ' + (n.id || '')));
  const labelOf = (s) => {
    const parts = [];
    if (s.labels) for (const l of s.labels) parts.push(l.textContent);
    parts.push(s.getAttribute('aria-label') || '', s.name || '', s.id || '');
    return parts.join(' ');
  };
  const out = [];
  for (const s of document.querySelectorAll('select')) {
    if (s.multiple || s.disabled || !(shown(s) || covered(s))) continue;
    const opts = [...s.options].filter((o) => !o.disabled && o.value !== '' && !/^__none$/i.test(o.value)
      && fold(o.text).length >= 2);
    const hits = opts.filter((o) => mentions(fold(o.text)));
    const best = hits.filter((h) => !hits.some((o) => o !== h && fold(o.text).includes(fold(h.text))));
    if (!best.length) continue;
    const chosen = s.selectedIndex >= 0 ? s.options[s.selectedIndex].text.trim() : '';
    const title = ((s.labels && s.labels[0] && s.labels[0].textContent) || s.getAttribute('aria-label')
      || s.name || '').replace(/\\s+/g, ' ').trim();
    out.push({ path: cssPath(s), options: best.map((o) => o.text.trim()), label: labelOf(s), title, chosen });
  }
  return out;
}"""
)


@dataclass(frozen=True)
class MentionedOption:
    """The list a sentence means and its option: ``path`` a CSS path, ``option`` the option's text,
    ``label`` the list's words (label, name, id), ``title`` its label as shown, ``chosen`` the option
    it shows now."""

    path: str
    option: str
    label: str
    title: str
    chosen: str


def _stem_shared(a: str, b: str) -> bool:
    """'assign' / 'assigned', 'tag' / 'tags', 'team' / 'team': one word begins the other (three
    letters at least), or both share their first five letters."""
    if len(a) < 3 or len(b) < 3:
        return False
    return a.startswith(b) or b.startswith(a) or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


# Words that say a value is set, not what else is meant: verbs of setting, pronouns, small words.
_SETTING_LIST = (
    "make set put assign give mark change switch turn become becomes be is are should will now",
    "choose select pick wählen wähle wählt auswählen setzen stellen choisis choisir choisissez",
    "sélectionne sélectionner elige elegir selecciona seleccionar vyber vyberte wybierz wybrać",
    "her him it them this that his its their as to into in on for with a an the of",
    "mache mach setze setz stelle stell gib weise ist soll sein ihn ihr es sie auf als zu zum zur",
    "mets mettre passe passez attribue est comme en le la les au",
    "pon poner pone asigna es como lo la el",
    "nastav nastavte dej dejte přiřaď je jako na",
    "ustaw przypisz jest jako",
    "сделай сделайте поставь назначь установи как на в его её ее",
)
_SETTING = frozenset(fold(w) for line in _SETTING_LIST for w in line.split())
# Letters of scripts written with spaces: their words can be checked one by one.
_SPACED = re.compile(r"[A-Za-zÀ-ɏͰ-ϿЀ-ӿ]")


def pick(sentence: str, lists: list[dict[str, Any]] | None) -> MentionedOption | None:
    """The one list and option ``sentence`` names, from :data:`MENTIONED_OPTIONS_JS`'s answer; ``None``
    when none, when several are named and the sentence's words do not tell one apart, or when the
    sentence has words that neither set a value nor name the list ('move the card to Done')."""
    found = [m for m in lists or [] if len(m.get("options") or []) == 1]
    if len(found) != len(lists or []):
        return None  # one list with two of its options named: which one is not said
    said = [fold(w) for w in words(sentence)]
    if len(found) > 1:
        found = [m for m in found if any(_stem_shared(fold(w), s) for w in words(m["label"]) for s in said)]
    if len(found) != 1:
        return None
    m = found[0]
    named = {fold(w) for w in words(m["options"][0])}
    label = [fold(w) for w in words(m["label"])]
    other = [
        w
        for w in said
        if not (w in named or w in _SETTING or w in STOPWORDS or not _SPACED.search(w))
        and not any(_stem_shared(w, lw) for lw in label)
    ]
    # A word about something else: not (only) this list's value ('move the card to Done'); but one
    # word may be the list's label said in another language ('Werkzeug Tile cutter wählen' for
    # "Tool") when the option itself is named by several words or a number, as no other list has it.
    distinct = len(named) >= 2 or any(ch.isdigit() for ch in m["options"][0])
    if len(other) > (1 if distinct else 0):
        return None
    return MentionedOption(
        m["path"], m["options"][0], m["label"], m.get("title") or "", m.get("chosen") or ""
    )


_LINKS = frozenset({"on", "at", "to", "for", "by", "until", "is", "be", "am", "au", "le", "el", "den", "zum"})


def dated(sentence: str) -> tuple[str, str] | None:
    """``(field words, date)`` of a sentence that ends in a date, its longest such tail ('the task
    is due on March 14th 2026' → ``("task due", "March 14th 2026")``); ``None`` when it ends in no
    date or leaves no words for the field."""
    tokens = sentence.strip(" .!。").split()
    for i in range(1, len(tokens)):
        tail = " ".join(tokens[i:])
        if tokens[i].casefold() not in _LINKS and looks_like_date(tail):
            head = [w for w in tokens[:i] if w.casefold() not in STOPWORDS and w.casefold() not in _LINKS]
            return (" ".join(head), tail) if head else None
    return None
