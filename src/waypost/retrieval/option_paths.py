"""Options named through their control: 'sort by oldest', 'sort the comments oldest first',
'Género: prefiero no decirlo'.

People name the option they want and the job of the control that holds it, not the control:
"Oldest" is an option of a list labelled "Sort by", or an item of a closed menu opened by a "Sort"
button. When an ordinary click finds nothing clear, this module looks for the one option (of a
visible ``<select>``) or hidden menu item (of a closed menu with its own opener) such that:

- every word of the option is in the instruction, and
- at least one other word of the instruction names its control (its label, its opener, or the
  menu's own heading), in any language of the concept tables ('sortiere' for "Sortieren").

Only a single such pair is acted on; two lists that both offer "Oldest" under a "Sort" name are a
guess, and nothing is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from playwright.async_api import Locator, Page

from waypost.retrieval.page_scripts import CSS_PATH_JS
from waypost.retrieval.text import content_words, field_words, token_match

_FOUND = 0.8

# Visible selects and closed menus with their opener: label words, options, CSS paths.
_OPTIONS_JS = (
    r"""(withOpen) => {
    """
    + CSS_PATH_JS
    + r"""
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const shown = (el) => { const r = el.getBoundingClientRect(), st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'; };
  const byIds = (ids) => norm((ids || '').split(/\s+/).map((i) => {
    const n = i && document.getElementById(i); return n ? n.textContent : ''; }).join(' '));
  // A label's own text, without the text of the control it wraps (a list's options).
  const ownText = (l, el) => [...l.childNodes].map((c) => (c === el || (c.contains && c.contains(el)))
    ? (c === el ? '' : ownText(c, el)) : c.textContent).join(' ');
  const labelOf = (el) => norm([el.getAttribute('aria-label'), byIds(el.getAttribute('aria-labelledby')),
    ...[...(el.labels || [])].map((l) => ownText(l, el)), el.getAttribute('title'),
    // (Bootstrap's tooltips move the title here)
    el.getAttribute('data-original-title'), el.getAttribute('data-bs-original-title'),
    el.getAttribute('name')].filter(Boolean).join(' '));
  const out = [];
  for (const s of document.querySelectorAll('select')) {
    if (!shown(s) || s.disabled || s.multiple) continue;
    const opts = [...s.options].filter((o) => !o.disabled && norm(o.textContent));
    out.push({kind: 'select', control: cssPath(s), label: labelOf(s), name: '',
              selected: s.selectedIndex >= 0 ? norm(s.options[s.selectedIndex].textContent) : '',
              items: opts.map((o) => ({text: norm(o.textContent), path: ''}))});
    if (out.length > 60) break;
  }
  // Radio groups: a fieldset's legend or a radiogroup's name, and each radio's label.
  const groups = new Map();
  for (const r of document.querySelectorAll('input[type=radio], [role=radio]')) {
    if (r.disabled || r.getAttribute('aria-disabled') === 'true') continue;
    const box = r.closest('[role=radiogroup], fieldset');
    const key = box || (r.name ? 'name:' + r.name : null);
    if (!key) continue;
    const labelled = [...(r.labels || [])].map((l) => l.textContent).join(' ');
    const text = norm(r.getAttribute('aria-label') || labelled
      || (r.tagName === 'INPUT' ? '' : r.textContent));
    const visible = shown(r) || [...(r.labels || [])].some(shown);
    if (!text || !visible) continue;
    if (!groups.has(key)) {
      const set = r.closest('fieldset');
      const legend = set && set.querySelector('legend');
      const before = box && box.previousElementSibling;
      const heading = !legend && before && !before.querySelector('input, select, textarea, button')
        ? before.textContent : '';
      const label = norm([box && box.getAttribute('aria-label'),
        box && byIds(box.getAttribute('aria-labelledby')), legend ? legend.textContent : '', heading,
      ].filter(Boolean).join(' ')).slice(0, 80);
      groups.set(key, {kind: 'radio', control: box ? cssPath(box) : '', name: label.slice(0, 40),
        label: norm(label + ' ' + (r.name || '')), selected: '', items: []});
    }
    const checked = r.tagName === 'INPUT' ? r.checked : r.getAttribute('aria-checked') === 'true';
    const label = (r.labels || [])[0];
    groups.get(key).items.push({text, path: cssPath(r), checked, label: label ? cssPath(label) : ''});
  }
  for (const g of groups.values()) if (g.items.length > 1 && g.items.length <= 30) out.push(g);
  const openers = document.querySelectorAll(
    '[aria-haspopup]:not([aria-haspopup=false]), [aria-expanded=false], '
    + '[data-toggle=dropdown], [data-bs-toggle=dropdown]');
  let n = 0;
  for (const t of openers) {
    if (!shown(t) || ++n > 40) continue;
    let menu = null;
    const ctl = t.getAttribute('aria-controls') || t.getAttribute('aria-owns');
    if (ctl) menu = document.getElementById(ctl.split(/\s+/)[0]);
    if (!menu) {
      for (let c = t.nextElementSibling; c && !menu; c = c.nextElementSibling)
        if ((!shown(c) || (withOpen && c.matches('.dropdown-menu, [role=menu], ul, ol')))
            && c.querySelector('*')) menu = c;
    }
    if (!menu || (shown(menu) && !withOpen)) continue;
    const ITEM = '[role^=menuitem], [role=option], li, a[href], button';
    const leaves = [...menu.querySelectorAll(ITEM)].filter(
      (el) => norm(el.textContent) && !el.querySelector(ITEM));
    if (!leaves.length || leaves.length > 50) continue;
    const heading = [...menu.querySelectorAll(
      '[role=heading], [role=presentation], .header, header, h1, h2, h3, h4, h5, h6')]
      .map((h) => h.textContent).join(' ');
    const own = leaves.some((l) => l.matches('[role^=menuitem], [role=option]'))
      ? [...menu.querySelectorAll('li:not([role]), div:not([role])')].filter((el) => !el.querySelector('*'))
        .map((el) => el.textContent).join(' ') : '';
    out.push({kind: 'menu', control: cssPath(t), label: norm(labelOf(t) + ' ' + t.textContent),
              name: norm(t.getAttribute('aria-label') || t.textContent) || labelOf(t),
              heading: norm(heading + ' ' + own), selected: t.tagName === 'INPUT' ? norm(t.value) : '',
              items: leaves.map((el) => ({text: norm(el.textContent), path: cssPath(el),
                checked: el.getAttribute('aria-checked') === 'true'
                  || el.getAttribute('aria-selected') === 'true'
                  // a menu of buttons marks the one in force pressed (MkDocs' colour modes)
                  || el.getAttribute('aria-pressed') === 'true'
                  // Bootstrap marks the item in force (the language shown) active or current
                  || el.classList.contains('active')
                  || /^(?:page|true)$/.test(el.getAttribute('aria-current') || '')}))});
  }
  return out;
}"""
)


@dataclass(frozen=True)
class OptionPath:
    """The one option an instruction names through its control.

    Attributes:
        kind: ``select`` (an option of a ``<select>``), ``menu`` (an item of a closed menu) or
            ``radio`` (a radio button of a group).
        control: CSS path of the select, of the menu's opener or of the radio group.
        item: CSS path of the menu item or radio button ('' for a select).
        text: The option's text.
        label: The control's name, for the report.
        already: The option is the one already chosen.
        proxy: CSS path of a radio button's label, to click when the button itself is covered.
    """

    kind: Literal["select", "menu", "radio"]
    control: str
    item: str
    text: str
    label: str
    already: bool = False
    proxy: str = ""


# Where an option's name ends and its details (a price, a note) begin.
_DETAILS = re.compile(r"\s+[–—-]\s+|\s*[(（:：|·•,]\s*")


def _pick(controls: list[dict[str, Any]], instruction: str, value: str = "") -> OptionPath | None:
    asked = [w for w in content_words(instruction) if len(w) > 1 or w.isdigit()]
    if len(asked) < 2:
        return None  # one word names an option, not its control: the ordinary ranking decides
    # The option is matched by its own words, never by their concepts (every language name is a
    # 'language': "English" is not "Deutsch"); its control may be named in any language.
    asked_set = frozenset(asked)
    wanted = frozenset(content_words(value)) if value else frozenset()
    fits: list[tuple[tuple[int, int], OptionPath]] = []
    for ctl in controls:
        label = " ".join(str(ctl.get(k) or "") for k in ("label", "heading"))
        named_by = field_words(label)
        for item in ctl.get("items") or []:
            text = str(item.get("text") or "")
            own = content_words(text)
            if own and any(token_match(w, asked_set) < _FOUND for w in own):
                # "Premium – 20 €/mois", "Express (1–2 days)": the option's name before its details
                own = content_words(_DETAILS.split(text, maxsplit=1)[0])
            if not own or len(own) > 6 or any(token_match(w, asked_set) < _FOUND for w in own):
                continue
            item_set = frozenset(own)
            if value and any(token_match(w, item_set) < _FOUND for w in content_words(value)):
                continue  # 'label: value': the option is the whole value, not a part of it
            if value and any(token_match(w, wanted) < _FOUND for w in own):
                continue
            # (the option's own words, not its concepts: "Deutsch" is a language, yet 'language'
            # names the list it is in)
            rest = [w for w in asked if token_match(w, item_set) < _FOUND]
            named = [w for w in rest if token_match(w, named_by) >= _FOUND]
            if not named:
                continue
            path = OptionPath(
                kind=ctl.get("kind") if ctl.get("kind") in ("select", "radio") else "menu",
                control=str(ctl.get("control") or ""),
                item=str(item.get("path") or ""),
                text=text,
                label=str(ctl.get("name") or "")[:40] or "its list",
                already=bool(item.get("checked")) or text == ctl.get("selected"),
                proxy=str(item.get("label") or ""),
            )
            fits.append(((len(own), len(named)), path))
    if not fits:
        return None
    fits.sort(key=lambda f: f[0], reverse=True)
    if len(fits) > 1 and fits[1][0] == fits[0][0]:
        return None  # two options fit as well: a guess
    return fits[0][1]


# Words of going and seeing around an item's name ('view as json', 'show the changelog').
_GOING = frozenset(
    {"view", "open", "show", "see", "go", "get", "visit", "read", "display", "as", "in", "to", "this", "it"}
)


def _pick_alone(menus: list[dict[str, Any]], target: str) -> OptionPath | None:
    asked = [w for w in content_words(target) if w not in _GOING]
    if not asked or len(asked) > 4:
        return None
    asked_set = field_words(" ".join(asked))
    fits: list[OptionPath] = []
    for ctl in menus:
        label = field_words(" ".join(str(ctl.get(k) or "") for k in ("label", "heading")))
        for item in ctl.get("items") or []:
            text = str(item.get("text") or "")
            own = content_words(_DETAILS.split(text, maxsplit=1)[0])
            if not own or len(own) > 5 or any(token_match(w, asked_set) < _FOUND for w in own):
                continue
            # every word asked is the item's, or its menu's ('dark mode' for "Dark" in "Color mode")
            if any(token_match(w, field_words(" ".join(own)) | label) < _FOUND for w in asked):
                continue
            fits.append(
                OptionPath(
                    kind="menu",
                    control=str(ctl.get("control") or ""),
                    item=str(item.get("path") or ""),
                    text=text,
                    label=str(ctl.get("name") or "")[:40] or "its menu",
                    already=bool(item.get("checked")),
                )
            )
    return fits[0] if len(fits) == 1 else None


async def menu_item(page: Page, target: str, *, opened: bool = False) -> OptionPath | None:
    """The one item of a closed menu (a drop-down behind its opener) that ``target`` names by
    itself ('log me out' for "Log out" under the user's name, 'view as json' for "json" under a
    format button), or ``None`` when no item or more than one is so named.

    Args:
        page: The page.
        target: The words of the step's target, without its verb.
        opened: Count the items of open menus too (after a click opened one).
    """
    try:
        controls = await page.evaluate(_OPTIONS_JS, opened)
    except Exception:  # a page that navigated or closed: nothing to offer
        return None
    return _pick_alone([c for c in controls or [] if c.get("kind") == "menu"], target)


async def closed_menu_of(page: Page, opener: Locator) -> list[str] | None:
    """The items of the closed menu that ``opener`` opens, when the page already holds them (a
    menu built only when it opens is not known: ``None``)."""
    try:
        controls = [c for c in await page.evaluate(_OPTIONS_JS, False) or [] if c.get("kind") == "menu"]
        if not controls:
            return None
        at = await opener.evaluate(
            "(el, paths) => paths.findIndex((p) => { try { return document.querySelector(p) === el; }"
            " catch (e) { return false; } })",
            [str(c.get("control") or "") for c in controls],
            timeout=2000,
        )
    except Exception:  # a page that navigated or closed: nothing known
        return None
    if not isinstance(at, int) or at < 0:
        return None
    return [str(i.get("text") or "") for i in controls[at].get("items") or []]


async def option_path(page: Page, instruction: str, value: str = "") -> OptionPath | None:
    """The one option of a select, closed menu or radio group that ``instruction`` names with its
    control ('sort by oldest'), or ``None`` when there is none or more than one.

    Args:
        page: The page.
        instruction: The words of the step (verb and target).
        value: For 'label: value', the value: the option must be named by it, wholly.
    """
    try:
        controls = await page.evaluate(_OPTIONS_JS, False)
    except Exception:  # a page that navigated or closed: nothing to offer
        return None
    if not controls:
        return None
    if not value:
        controls = [c for c in controls if c.get("kind") != "radio"]  # radios have their own names
    return _pick(list(controls), instruction, value)
