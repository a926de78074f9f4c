"""JavaScript evaluated in the page: the inventory, validation, dialog listing and sections.

Kept as string constants so the package ships them without package-data globs. Each script is
one function expression for ``page.evaluate`` / ``locator.evaluate_all``. The inventory keeps the
elements it describes in ``window.__waypostInventory.els`` so that a synthesized selector can be
checked to resolve to exactly the element that was ranked.
"""

# ruff: noqa: E501 -- the constants below are JavaScript, laid out for reading as JavaScript.
from __future__ import annotations

# Shared helpers, pasted into the scripts that need them.
_HELPERS = r"""
  const TEXT_MAX = 160;
  const clean = (s, max) => {
    if (!s) return '';
    s = String(s).replace(/\s+/g, ' ').trim();
    return s.length > (max || TEXT_MAX) ? s.slice(0, max || TEXT_MAX) : s;
  };
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK']);
  const CONTROL_TAGS = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']);
  const CONTROL_ROLES = new Set(['button', 'checkbox', 'switch', 'radio', 'tab', 'menuitem', 'option', 'combobox']);
  const NESTED_LISTS = new Set(['UL', 'OL']);
  const NESTED_ROLES = new Set(['menu', 'group', 'tree', 'listbox']);
  const contentText = (el, budget, skipControls, skipLists) => {
    // Text as a screen reader would read it: text nodes, img alt, aria-label of children.
    // With skipControls, the text of buttons and form fields inside is left out (context, not names).
    let out = '';
    const visit = (n) => {
      if (out.length > budget) return;
      // (whitespace collapsed as it goes: a template's indentation would use up the budget
      // before the first word)
      if (n.nodeType === 3) {
        const v = n.nodeValue;
        if (/\S/.test(v)) out += v.replace(/\s+/g, ' ') + ' ';
        else if (out && !out.endsWith(' ')) out += ' ';
        return;
      }
      if (n.nodeType !== 1 || SKIP.has(n.tagName)) return;
      if (skipControls && n !== el && (CONTROL_TAGS.has(n.tagName) || CONTROL_ROLES.has(n.getAttribute('role')))) return;
      if (n.getAttribute('aria-hidden') === 'true' || n.hidden) return;
      // A list inside reads as the option it shows, as on screen: a custom select's box is not
      // named by every option of the native list it hides.
      if (n !== el && n.tagName === 'SELECT') {
        const o = n.selectedOptions && n.selectedOptions[0];
        if (o && !n.multiple) out += o.text + ' ';
        return;
      }
      // A menu item's name is its own label, not the items of its submenu.
      if (skipLists && n !== el && (NESTED_LISTS.has(n.tagName) || NESTED_ROLES.has(n.getAttribute('role')))) return;
      const al = n !== el && n.getAttribute('aria-label');
      if (al) { out += al + ' '; return; }
      if (n.tagName === 'IMG' || (n.tagName === 'INPUT' && n.type === 'image')) {
        out += (n.getAttribute('alt') || '') + ' ';
        return;
      }
      // Stop at the budget: a block with thousands of children is not walked once per element in it.
      if (n.shadowRoot) for (let c = n.shadowRoot.firstChild; c && out.length <= budget; c = c.nextSibling) visit(c);
      for (let c = n.firstChild; c && out.length <= budget; c = c.nextSibling) visit(c);
    };
    visit(el);
    return clean(out, budget);
  };
  const byIds = (el, ids) => {
    const root = el.getRootNode();
    return ids.split(/\s+/).map((id) => {
      const t = root.getElementById ? root.getElementById(id) : document.getElementById(id);
      return t ? contentText(t, 200) : '';
    }).join(' ').trim();
  };
  const labelText = (el) => {
    const parts = [];
    if (el.labels) for (const l of el.labels) parts.push(contentText(l, 200));
    if (!parts.length && el.tagName === 'INPUT') {
      // a picker's own input shown in place of the labelled one it hid (flatpickr's altInput)
      const was = el.previousElementSibling;
      if (was && was.tagName === 'INPUT' && was.type === 'hidden' && was.id) {
        // (a hidden input has no .labels: its label is found by its id)
        const root = el.getRootNode();
        const found = root.querySelectorAll ? root.querySelectorAll(`label[for="${CSS.escape(was.id)}"]`) : [];
        for (const l of found) parts.push(contentText(l, 200));
      }
    }
    return clean(parts.join(' '), 200);
  };
  // A stretched link (Bootstrap's .stretched-link, sphinx-design's cards) covers its card with
  // its ::after: when its own text is hidden, the card is what is seen and clicked, and named by
  // its title. The card is the link's nearest positioned ancestor.
  const stretchedCard = (el) => {
    if (el.tagName !== 'A' || !/(?:^|[\s-])stretched-link(?:\s|$)/.test(el.getAttribute('class') || '')) return null;
    const r = el.getBoundingClientRect();
    if (r.width >= 3 && r.height >= 3) return null;
    for (let a = el.parentElement, k = 0; a && k < 6 && a !== document.body; a = a.parentElement, k++) {
      if (getComputedStyle(a).position !== 'static') return a;
    }
    return null;
  };
  // A link to a translation that shows only its code ("de", hreflang="de") is named by the
  // language the page declares it in, in English and in its own words ("German (Deutsch)").
  let inEnglish = null;  // (made once, on the first such link)
  const langOf = (el) => {
    const code = el.tagName === 'A' ? (el.getAttribute('hreflang') || '').trim() : '';
    if (!code || !/^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i.test(code)) return '';
    try {
      const tag = code.replace('_', '-');
      inEnglish = inEnglish || new Intl.DisplayNames(['en'], { type: 'language' });
      const en = inEnglish.of(tag);
      const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
      return en && en !== tag ? (own && own !== en ? `${en} (${own})` : en) : '';
    } catch (e) { return ''; }
  };
  // (Bootstrap's tooltips move the title to data-original-title / data-bs-original-title)
  const titleOf = (el) => el.getAttribute('title') || el.getAttribute('data-original-title')
    || el.getAttribute('data-bs-original-title') || langOf(el);
  const accName = (el, tag, type) => {
    const lb = el.getAttribute('aria-labelledby');
    if (lb) { const t = byIds(el, lb); if (t) return clean(t); }
    const al = el.getAttribute('aria-label');
    if (al && al.trim()) return clean(al);
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      if (tag === 'INPUT' && (type === 'submit' || type === 'button' || type === 'reset')) {
        return clean(el.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''));
      }
      if (tag === 'INPUT' && type === 'image') return clean(el.getAttribute('alt') || el.value || 'Submit');
      const lt = labelText(el);
      if (lt) return lt;
      return clean(titleOf(el) || el.getAttribute('placeholder') || '');
    }
    if (tag === 'IMG') return clean(el.getAttribute('alt') || titleOf(el));
    const t = contentText(el, TEXT_MAX, false, true) || contentText(el, TEXT_MAX);
    if (t) return t;
    return clean(titleOf(el));
  };
  // A link or item styled as disabled (Bootstrap's and menu scripts' class, on it or its <li>).
  const DISABLED_CLASS = /(?:^|\s)(?:disabled|is-disabled)(?:\s|$)/;
  const isEnabled = (el) => {
    if (el.disabled) return false;
    if (el.getAttribute('aria-disabled') === 'true') return false;
    if ((el.tagName === 'A' || el.getAttribute('role')) && (DISABLED_CLASS.test(el.getAttribute('class') || '')
        || (el.parentElement && el.parentElement.tagName === 'LI'
            && DISABLED_CLASS.test(el.parentElement.getAttribute('class') || '')))) return false;
    const fs = el.closest && el.closest('fieldset[disabled]');
    if (fs) {
      const legend = fs.querySelector('legend');
      if (!legend || !legend.contains(el)) return false;
    }
    return true;
  };
  const parentOf = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;
  // (not x-on:click.outside / .away: those close a menu when the click is elsewhere)
  const DECLARED_CLICK = /^(?:(?:x-on:|@|v-on:)click(?:\.(?!outside|away)[\w-]+)*|ng-click|wire:click(?:\.[\w-]+)*|\(click\))$/;
  const declaresClick = (el) => {
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length; i++) if (DECLARED_CLICK.test(attrs[i].name)) return true;
    return false;
  };
"""

INVENTORY_JS = (
    r"""
(opts) => {
  const t0 = performance.now();
"""
    + _HELPERS
    + r"""
  const W = window;
  let st = W.__waypostInventory;
  if (!st) {
    st = W.__waypostInventory = { els: [], changedAt: new WeakMap(), observer: null, gen: 0 };
  }
  st.gen += 1;
  if (!st.observer && typeof MutationObserver === 'function' && document.documentElement) {
    // Remember when nodes appear or change visibility-related attributes: evidence for overlays.
    st.observer = new MutationObserver((records) => {
      const t = performance.now();
      for (const r of records) {
        if (r.type === 'childList') {
          for (const n of r.addedNodes) if (n.nodeType === 1) st.changedAt.set(n, t);
        } else if (r.target.nodeType === 1) {
          st.changedAt.set(r.target, t);
        }
      }
    });
    st.observer.observe(document.documentElement, {
      childList: true, subtree: true, attributes: true,
      attributeFilter: ['hidden', 'open', 'class', 'style', 'aria-hidden', 'aria-modal'],
    });
  }
  const now = performance.now();
  const recentWindow = (opts && opts.recentMs) || 3000;
  const vw = W.innerWidth, vh = W.innerHeight;
  const ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'combobox', 'textbox', 'searchbox', 'listbox',
    'slider', 'spinbutton', 'treeitem']);
  const ITEM = new Set(['LI', 'TR', 'ARTICLE', 'FIELDSET', 'DD', 'FIGURE']);
  const ITEM_ROLES = new Set(['row', 'listitem', 'article', 'group', 'option', 'menuitem']);
  const REGION = new Map([['HEADER', 'header'], ['FOOTER', 'footer'], ['NAV', 'nav'], ['ASIDE', 'aside'], ['MAIN', 'main'], ['DIALOG', 'dialog'],
    ['FIELDSET', 'group'], ['FORM', 'form'], ['banner', 'header'], ['contentinfo', 'footer'], ['navigation', 'nav'], ['complementary', 'aside'], ['main', 'main'], ['dialog', 'dialog'], ['alertdialog', 'dialog'], ['search', 'search']]);
  let regions = 0;
  const LANDMARK = new Set(['NAV', 'ASIDE', 'SECTION', 'FORM', 'DIALOG', 'HEADER', 'FOOTER', 'MAIN', 'FIELDSET', 'TABLE']);
  const LANDMARK_ROLES = new Set(['region', 'dialog', 'alertdialog', 'navigation', 'banner', 'contentinfo',
    'complementary', 'form', 'search', 'main', 'tabpanel']);
  const HEADING = /^H[1-6]$/;
  const COOKIE = /cookie|consent|einwillig|datenschutz|privacy|privatsph|tracking|gdpr|dsgvo/i;
  const els = [];
  const out = [];
  const overlays = [];
  const frames = [];
  const sectionMemo = new Map();
  const focused = (() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  })();
  const centerHit = document.elementFromPoint(vw / 2, vh / 2);

  // A radio whose label is a tab of a CSS tab set (Material's content tabs, sphinx-design's tab
  // sets: a hidden radio per tab, its label the tab), or a link inside such a label.
  const TAB_CLASS = /(?:^|[\s_-])tab(?:bed|s)?(?:$|[\s_-])/i;
  const tabLabel = (lab) => !!lab && lab.control && lab.control.type === 'radio' &&
    (TAB_CLASS.test(lab.className || '') || TAB_CLASS.test((lab.parentElement && lab.parentElement.className) || ''));
  const implicitRole = (el, tag, type) => {
    switch (tag) {
      case 'A': case 'AREA':
        if (tag === 'A' && (el.getAttribute('href') || '').startsWith('#') && tabLabel(el.closest('label'))) return 'tab';
        return el.hasAttribute('href') ? 'link' : '';
      case 'BUTTON': case 'SUMMARY': return 'button';
      case 'SELECT': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
      case 'TEXTAREA': return 'textbox';
      case 'OPTION': return 'option';
      case 'INPUT':
        switch (type) {
          case 'button': case 'submit': case 'reset': case 'image': case 'file': return 'button';
          case 'checkbox': return 'checkbox';
          case 'radio':  // (the link inside a tab's label is the tab, when there is one)
            return el.labels && el.labels.length && tabLabel(el.labels[0]) && !el.labels[0].querySelector('a[href^="#"]')
              ? 'tab' : 'radio';
          case 'range': return 'slider';
          case 'number': return 'spinbutton';
          case 'search': return el.hasAttribute('list') ? 'combobox' : 'searchbox';
          default: return el.hasAttribute('list') ? 'combobox' : 'textbox';
        }
      default: return '';
    }
  };
  const headingText = (n) => contentText(n, 120);
  // A <label> of no one control, just before a block of check boxes or radio buttons, is their
  // group's caption (Bootstrap's horizontal forms: 'Skills' over Pruning, Grafting...).
  const groupCaption = (n) => {
    if (n.tagName !== 'LABEL' || n.control || n.querySelector('input, select, textarea, button')) return false;
    const next = n.nextElementSibling;
    return !!next && next.querySelectorAll('input[type=checkbox], input[type=radio]').length >= 2;
  };
  const isHeading = (n) => HEADING.test(n.tagName) || n.getAttribute('role') === 'heading' || n.tagName === 'LEGEND'
    || groupCaption(n);
  const landmarkTitle = (n) => {
    const al = n.getAttribute('aria-label');
    if (al) return clean(al, 120);
    const lb = n.getAttribute('aria-labelledby');
    if (lb) { const t = byIds(n, lb); if (t) return clean(t, 120); }
    if (n.tagName === 'FIELDSET') {
      const lg = n.querySelector(':scope > legend');
      if (lg) return headingText(lg);
    }
    if (n.tagName === 'TABLE') {
      const cap = n.querySelector(':scope > caption');
      if (cap) return headingText(cap);
    }
    return '';
  };
  // Memoized (headings too): in a long list each item looks back at the same previous siblings.
  const headingMemo = new Map();
  const lastHeadingIn = (n) => {
    let t = headingMemo.get(n);
    if (t !== undefined) return t;
    if (isHeading(n)) t = headingText(n);
    else if (!n.querySelectorAll || !n.firstElementChild) t = '';
    else {
      const hs = n.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]');
      t = hs.length ? headingText(hs[hs.length - 1]) : '';
    }
    headingMemo.set(n, t);
    return t;
  };
  // The title of the section an element is in: a heading before it, or its landmark's label.
  const sectionOf = (node) => {
    if (!node) return '';
    if (sectionMemo.has(node)) return sectionMemo.get(node);
    // (a link inside a heading is in the section that heading starts, not in the one before)
    let found = isHeading(node) ? headingText(node) : '';
    // A landmark starts a new section: headings before it belong to something else.
    const isLandmark = LANDMARK.has(node.tagName) || LANDMARK_ROLES.has(node.getAttribute('role'));
    let sib = isLandmark || found ? null : node.previousElementSibling;
    for (let k = 0; sib && k < 12 && !found; k++, sib = sib.previousElementSibling) {
      if (sib.tagName === 'SCRIPT' || sib.tagName === 'STYLE') continue;
      found = lastHeadingIn(sib);
    }
    const parent = parentOf(node);
    if (!found && parent && parent.nodeType === 1) {
      if (LANDMARK.has(parent.tagName) || parent.getAttribute('role')) found = landmarkTitle(parent);
      if (!found) found = sectionOf(parent);
    }
    sectionMemo.set(node, found);
    return found;
  };
  // The text of a row or list item, read once for all the controls in it.
  const itemText = new Map();
  const prevText = new Map();
  const blockText = new Map();
  const memoText = (memo, n, budget, skipControls) => {
    let t = memo.get(n);
    if (t === undefined) { t = contentText(n, budget, skipControls); memo.set(n, t); }
    return t;
  };
  // The code a copy button copies (its data-clipboard-target, or the code block it sits in):
  // 'copy the upgrade command' names the button by that code.
  const copiedCode = (el) => {
    if (!(el.tagName === 'BUTTON' || el.getAttribute('role') === 'button')) return '';
    let code = null;
    const target = el.getAttribute('data-clipboard-target');
    if (target) { try { code = document.querySelector(target); } catch (e) { code = null; } }
    if (!code) {
      const block = el.closest('pre, div.highlight, .codehilite, [class*="highlight-"]');
      code = block && (block.querySelector('code') || (block.tagName === 'PRE' ? block : block.querySelector('pre')));
    }
    return code ? clean(code.textContent || '', 200) : '';
  };
  const nearbyText = (el, own) => {
    const copied = copiedCode(el);
    if (copied) return copied;
    let n = parentOf(el);
    for (let k = 0; n && k < 6; k++, n = parentOf(n)) {
      if (n.nodeType !== 1) break;
      const role = n.getAttribute('role');
      if (ITEM.has(n.tagName) || (role && ITEM_ROLES.has(role)) || (n.tagName === 'DIV' && k === 0)) {
        let t = itemText.get(n);
        if (t === undefined) { t = contentText(n, 260, true); itemText.set(n, t); }
        if (own && t.length <= 250) t = t.replace(own, ' ');
        t = clean(t, 200);
        if (t) return t;
      }
    }
    // Fallback: the text just before the element, else the short caption of the block it is in
    // ('Farbe: ' before a row of colour swatches).
    const prev = el.previousElementSibling;
    const before = prev ? memoText(prevText, prev, 80, false) : '';
    if (before) return before;
    const block = parentOf(el);
    if (!block || block.nodeType !== 1 || block === document.body) return '';
    // Memoized: a row of 100 unnamed swatches would read its whole row once per swatch.
    let t = memoText(blockText, block, 130, true);
    if (own) t = t.replace(own, ' ');
    return t.length <= 120 ? clean(t, 120) : '';
  };
  // The header of a data cell's column (a <th> row in <thead>, or a first row of <th> only): in
  // a grid of fields ('Title | Delete?' over each inline row) it names the field, not the cell
  // before it, which holds the record's other values.
  const columnHeader = (cell) => {
    if (cell.tagName !== 'TD') return '';
    const row = cell.parentElement;
    const table = row && row.closest('table');
    if (!table) return '';
    let hr = table.tHead && table.tHead.rows.length ? table.tHead.rows[table.tHead.rows.length - 1] : null;
    if (!hr) {
      const first = table.rows[0];
      if (first && first !== row && first.cells.length && [...first.cells].every((c) => c.tagName === 'TH')) hr = first;
    }
    if (!hr || hr === row) return '';
    let col = 0;
    for (const c of row.cells) { if (c === cell) break; col += c.colSpan || 1; }
    let at = 0;
    for (const h of hr.cells) {
      const span = h.colSpan || 1;
      if (col >= at && col < at + span) return span === 1 && h.tagName === 'TH' ? contentText(h, 80, true) : '';
      at += span;
    }
    return '';
  };
  const implicitLabel = (el) => {
    // A field without <label>, aria-label or placeholder: the short text just before it (the
    // previous table cell, a caption div or text in the same block), as a person would read it.
    // (a required field's mark a script put before it, '* ', names nothing: read on past it)
    const short = (t) => (t && t.length <= 60 && /[\p{L}\p{N}]/u.test(t) ? t : '');
    const cell = el.closest && el.closest('td, th');
    const head = cell ? short(columnHeader(cell)) : '';
    if (head) return head;
    if (cell && cell.previousElementSibling) {
      const t = short(contentText(cell.previousElementSibling, 80, true));
      if (t) return t;
    }
    let n = el;
    for (let k = 0; n && k < 3; k++) {
      for (let p = n.previousSibling; p; p = p.previousSibling) {
        if (p.nodeType === 3) { const t = short(clean(p.nodeValue, 80)); if (t) return t; continue; }
        if (p.nodeType !== 1 || SKIP.has(p.tagName)) continue;
        if (CONTROL_TAGS.has(p.tagName)) return '';
        // Another field's row (its label and its input): that label is not this one's.
        if (k > 0 && p.querySelector('input, select, textarea')) return after(el);
        const t = short(contentText(p, 80, true));
        if (t) return t;
      }
      n = n.parentElement;
      if (!n || n.childElementCount > 3) break;
    }
    return after(el);
  };
  // A caption after the field, in the field's own small block ('[____] Genre').
  const after = (el) => {
    const box = el.parentElement;
    if (!box || box.childElementCount > 3) return '';
    for (let p = el.nextSibling; p; p = p.nextSibling) {
      if (p.nodeType === 3) { const t = clean(p.nodeValue, 80); if (/[\p{L}\p{N}]/u.test(t)) return t.length <= 60 ? t : ''; continue; }
      if (p.nodeType !== 1 || SKIP.has(p.tagName) || CONTROL_TAGS.has(p.tagName)) return '';
      const t = contentText(p, 80, true);
      if (/[\p{L}\p{N}]/u.test(t)) return t.length <= 60 ? t : '';
    }
    return '';
  };
  const formOf = (el) => {
    const f = el.form || (el.closest && el.closest('form'));
    if (!f) return '';
    return clean([f.getAttribute('aria-label') || '', f.getAttribute('id') || '', f.getAttribute('name') || '',
      (f.getAttribute('action') || '').replace(/^https?:\/\/[^/]+/, '')].join(' '), 120);
  };
  const classTokens = (el) => {
    // The first five descendants with a class (or SVG <use>), in document order: what
    // querySelectorAll('[class], use') lists, without listing a large subtree in full.
    let s = el.getAttribute('class') || '';
    let k = 0;
    let c = el.firstElementChild;
    while (c && k < 5) {
      if (c.hasAttribute('class') || c.localName === 'use') {
        k++;
        s += ' ' + (c.getAttribute('class') || '') + ' ' + (c.getAttribute('href') || c.getAttribute('xlink:href') || '');
      }
      if (c.firstElementChild) { c = c.firstElementChild; continue; }
      while (c && c !== el && !c.nextElementSibling) c = c.parentElement;
      c = c && c !== el ? c.nextElementSibling : null;
    }
    // A site's brand or logo link goes to its home page ('go to the home page')
    if (el.tagName === 'A' && /(?:^|[\s_-])(?:brand|logo)(?:$|[\s_-])/i.test(s)) s = 'home ' + s;
    return clean(s, 160);
  };
  const frameSelector = (f, idx) => {
    const id = f.getAttribute('id');
    if (id && /^[A-Za-z][\w-]*$/.test(id)) return 'iframe#' + id;
    for (const attr of ['name', 'title']) {
      const v = f.getAttribute(attr);
      if (v) return 'iframe[' + attr + '="' + v.replace(/"/g, '\\"') + '"]';
    }
    const src = f.getAttribute('src');
    if (src) return 'iframe[src="' + src.replace(/"/g, '\\"') + '"]';
    return ':nth-match(iframe, ' + (idx + 1) + ')';
  };
  const overlayEvidence = (el, cs, rectOf, tag, role) => {
    const position = cs.position;
    const fixed = position === 'fixed';
    const isDialog = role === 'dialog' || role === 'alertdialog' || (tag === 'DIALOG' && el.open);
    const modal = el.getAttribute('aria-modal') === 'true' || (tag === 'DIALOG' && el.matches(':modal'));
    // Most elements are in the flow: no z-index or box is needed to tell they are no overlay.
    if (!isDialog && !modal && !fixed && position !== 'sticky' && position !== 'absolute') return null;
    const z = parseInt(cs.zIndex, 10) || 0;
    const rect = rectOf();
    const ix = Math.max(0, Math.min(rect.right, vw) - Math.max(rect.left, 0));
    const iy = Math.max(0, Math.min(rect.bottom, vh) - Math.max(rect.top, 0));
    const coverage = vw && vh ? (ix * iy) / (vw * vh) : 0;
    if (!isDialog && !modal && !((fixed || position === 'sticky' || (position === 'absolute' && z >= 100)) && coverage >= 0.04)) return null;
    let changed = 0;
    for (let n = el, k = 0; n && k < 4; k++, n = parentOf(n)) {
      const t = st.changedAt.get(n);
      if (t !== undefined && now - t <= recentWindow) { changed = 1; break; }
    }
    const cx = Math.min(Math.max(rect.left + rect.width / 2, 0), vw - 1);
    const cy = Math.min(Math.max(rect.top + rect.height / 2, 0), vh - 1);
    const hit = document.elementFromPoint(cx, cy);
    return {
      dialog: isDialog, modal, z, fixed, coverage: Math.round(coverage * 1000) / 1000,
      on_top: !!(hit && el.contains(hit)), covers_center: !!(centerHit && el.contains(centerHit)),
      focus_inside: !!(focused && focused !== document.body && el.contains(focused)),
      recent: !!changed, label: landmarkTitle(el) || lastHeadingIn(el),
      text: clean(el.textContent || '', 400), cookie: COOKIE.test((el.id || '') + ' ' + (el.getAttribute('class') || '') + ' ' + (el.textContent || '').slice(0, 2000)),
      tag: tag.toLowerCase(), id: el.id || '',
    };
  };

  // A structural CSS path within the element's document, through shadow hosts with '>>'.
  // Computed for all elements at once (prefixes are shared), used only as a last-resort selector.
  const idCounts = new Map();
  const uniqueId = (n) => {
    const id = n.id;
    if (!id || !/^[A-Za-z][\w-]*$/.test(id) || /\d{3,}|[0-9a-f]{6,}/i.test(id)) return false;
    const root = n.getRootNode();
    let counts = idCounts.get(root);
    if (!counts) {
      counts = new Map();
      for (const x of root.querySelectorAll('[id]')) counts.set(x.id, (counts.get(x.id) || 0) + 1);
      idCounts.set(root, counts);
    }
    return counts.get(id) === 1;
  };
  const pathMemo = new Map();
  // nth-of-type positions of all children of a parent, counted once per parent (a list of
  // thousands of items would otherwise be rescanned for each of them).
  const nthMemo = new Map();
  const nthOfType = (n) => {
    const parent = n.parentNode;
    if (!parent) return 1;
    let pos = nthMemo.get(parent);
    if (!pos) {
      pos = new Map();
      const seen = new Map();
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        const k = (seen.get(c.tagName) || 0) + 1;
        seen.set(c.tagName, k);
        pos.set(c, k);
      }
      nthMemo.set(parent, pos);
    }
    return pos.get(n) || 1;
  };
  // Paths are sent as a table of [parent entry, separator, segment] triples (one flat array):
  // siblings share their ancestors' prefix, which would otherwise be repeated in every path.
  const paths = [];
  const pathOf = (n) => {
    let p = pathMemo.get(n);
    if (p !== undefined) return p;
    let parentId = -1, sep = 0, seg;
    if (uniqueId(n)) seg = '#' + n.id;
    else {
      seg = n.tagName.toLowerCase() + ':nth-of-type(' + nthOfType(n) + ')';
      const parent = n.parentElement;
      if (parent && parent !== document.documentElement) { parentId = pathOf(parent); sep = 1; }
      else if (!parent && n.parentNode && n.parentNode.host) { parentId = pathOf(n.parentNode.host); sep = 2; }
    }
    p = paths.length / 3;
    paths.push(parentId, sep, str(seg));
    pathMemo.set(n, p);
    return p;
  };

  // Each element is sent as one array (fields in the order Screen.from_json reads them) and each
  // string as its number in one table of distinct strings: on a page with thousands of elements
  // the section, nearby text, form, region and path segments repeat, and field names would be
  // repeated in every object; less JSON to build, carry through the protocol and parse.
  const strs = [''];
  const strIds = new Map([['', 0]]);
  const str = (v) => {
    let k = strIds.get(v);
    if (k === undefined) { k = strs.length; strs.push(v); strIds.set(v, k); }
    return k;
  };
  // Frame and overlay lists are shared by all elements of one context: one table entry per list.
  const lists = [[]];
  const listIds = new Map();
  const list = (arr) => {
    if (!arr.length) return 0;
    let k = listIds.get(arr);
    if (k === undefined) { k = lists.length; lists.push(arr); listIds.set(arr, k); }
    return k;
  };
  const tri = (v) => (v === undefined || v === null ? 0 : v ? 2 : 1);
  const describe = (el, tag, role, type, cs, rect, ctx, depth, visible) => {
    const idx = els.length;
    els.push(el);
    if (ctx.rv >= 0) held.push(idx, ctx.rv);
    const card = tag === 'A' ? stretchedCard(el) : null;
    const name = card ? clean(contentText(card, 120, true, true) || accName(el, tag, type), 160) : accName(el, tag, type);
    const own = contentText(el, 200);
    const box = [rect.left + ctx.ox, rect.top + ctx.oy, rect.width, rect.height].map(Math.round);
    const inViewport = visible && box[0] < vw && box[1] < vh && box[0] + box[2] > 0 && box[1] + box[3] > 0;
    let label = labelText(el) || (el.getAttribute('aria-labelledby') ? byIds(el, el.getAttribute('aria-labelledby')) : '');
    let shownName = name;
    if (!label && !name && (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') && type !== 'submit' && type !== 'button' && type !== 'image') {
      label = implicitLabel(el);
      shownName = label;
    }
    let checked;
    if (tag === 'INPUT' && (type === 'checkbox' || type === 'radio')) checked = !!el.checked;
    else if (role === 'checkbox' || role === 'switch' || role === 'radio' || role === 'menuitemcheckbox') checked = el.getAttribute('aria-checked') === 'true';
    let value = '';
    let opts = 0;
    if (tag === 'INPUT' || tag === 'TEXTAREA') value = type === 'password' ? '' : clean(el.value || '', 80);
    if (tag === 'SELECT') {
      opts = [];
      for (const o of el.options) { if (opts.length >= 40) break; opts.push(str(clean(o.label || o.textContent, 60))); }
      value = el.selectedIndex >= 0 ? clean(el.options[el.selectedIndex].label, 60) : '';
    }
    const ex = el.getAttribute('aria-expanded');
    const data = [];
    // (a field's data pointing at another element, Wagtail's title synced into "#id_slug", does
    // not name the field)
    const field = tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
    for (const a of el.attributes) {
      if (!a.name.startsWith('data-') || a.value.length > 60 || data.length >= 16 || /^[\[{]/.test(a.value)) continue;
      if (field && /^[#.][A-Za-z_][\w-]*$/.test(a.value.trim())) continue;
      data.push(str(a.name), str(a.value));
    }
    const flags = (visible ? 1 : 0) | (isEnabled(el) ? 2 : 0) | (inViewport ? 4 : 0) | (ctx.shadow ? 8 : 0) |
      (ctx.main ? 16 : 0) | (el.isContentEditable ? 32 : 0) | (el.readOnly ? 64 : 0) |
      (el.labels && el.labels.length ? 128 : 0) | (tri(checked) << 8) | (tri(ex === null ? null : ex === 'true') << 10);
    out.push([
      idx, str(tag.toLowerCase()), str(role), str(type), str(shownName), str(own),
      str(clean(el.getAttribute('placeholder') || '', 120)), str(clean(titleOf(el), 120)),
      str(label), str(sectionOf(el)), str(nearbyText(el, own)), str(formOf(el)),
      str(el.getAttribute('id') || ''), str(el.getAttribute('name') || ''), data.length ? data : 0, str(classTokens(el)),
      str(tag === 'A' || tag === 'AREA' ? (el.getAttribute('href') || '') : ''),
      box, depth, flags, list(ctx.frames), list(ctx.ov), str(ctx.reg),
      str(clean(el.getAttribute('onclick') || '', 120)), pathOf(el), str(el.getAttribute('aria-haspopup') || ''),
      str(value), opts,
    ]);
  };

  // Reveal mode (opts.reveal): the controls inside a hidden block that one shown control opens
  // (a closed tab panel, <details>, collapse, drop-down menu, dialog, a block an Alpine/Vue flag
  // shows) are described too, each with the block's opener: what to open when the words name one.
  const reveal = !!(opts && opts.reveal);
  const held = [];
  const openers = [];
  const openerIds = new Map();
  const shownEl = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  let clickers = null;
  const handlersOf = (e) => {
    const hs = [];
    for (const a of e.attributes) if (DECLARED_CLICK.test(a.name)) hs.push(a.value);
    return hs;
  };
  const reEsc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opensFlag = (show) => {
    // x-show="tab == 'dates'" is opened by a click that sets tab = 'dates'; x-show="open" by one
    // that sets open = true or flips it.
    let m = /^\s*!?\s*([\w$.]+)\s*$/.exec(show), sets = null;
    if (m && !/^\s*!/.test(show)) {
      const v = reEsc(m[1]);
      sets = new RegExp('(?:^|[;{\\s(])' + v + '\\s*=\\s*(?:true\\b|!\\s*' + v + '\\b)');
    } else if ((m = /^\s*([\w$.]+)\s*===?\s*(['"])([^'"]*)\2\s*$/.exec(show))) {
      sets = new RegExp('(?:^|[;{\\s(])' + reEsc(m[1]) + '\\s*=\\s*([\'"])' + reEsc(m[3]) + '\\1');
    }
    if (!sets) return null;
    if (!clickers) {
      clickers = [];
      for (const e of document.body.querySelectorAll('*')) {
        const hs = handlersOf(e);
        if (hs.length) clickers.push([e, hs]);
      }
    }
    for (const [e, hs] of clickers) if (hs.some((h) => sets.test(h)) && shownEl(e)) return e;
    return null;
  };
  const openerOf = (p) => {
    // a fold's own header (Trac's "foldable" heading in a "collapsed" box) before any link that
    // only jumps to the block ("Modify ↓")
    const head = p.previousElementSibling;
    if (head && /^H[1-6]$/.test(head.tagName)
        && /fold|collaps|toggle|accordion|expand/i.test(`${head.className} ${p.parentElement ? p.parentElement.className : ''}`)) {
      const c = head.querySelector('a, button, [role=button]') || head;
      if (shownEl(c)) return c;
    }
    const id = p.id;
    if (id) {
      const e = CSS.escape(id);
      for (const c of document.querySelectorAll(`[aria-controls~="${e}"], [data-bs-target="#${e}"], [data-target="#${e}"], a[href="#${e}"]`))
        if (c !== p && !p.contains(c) && shownEl(c)) return c;
    }
    const lb = p.getAttribute('role') === 'tabpanel' && p.getAttribute('aria-labelledby');
    if (lb) { const c = document.getElementById(lb); if (c && shownEl(c)) return c; }
    if (/(?:^|\s)dropdown-menu(?:\s|$)/.test(p.getAttribute('class') || '') && p.parentElement) {
      const c = p.parentElement.querySelector(':scope > [data-bs-toggle=dropdown], :scope > [data-toggle=dropdown]');
      if (c && shownEl(c)) return c;
    }
    const show = p.getAttribute('x-show') || p.getAttribute('v-show');
    return show ? opensFlag(show) : null;
  };
  const openerIndex = (c) => {
    let k = openerIds.get(c);
    if (k === undefined) {
      k = openers.length;
      openers.push([pathOf(c), clean(c.getAttribute('aria-label') || c.innerText || c.textContent || c.getAttribute('title') || '', 60)]);
      openerIds.set(c, k);
    }
    return k;
  };

  const NATIVE = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY', 'LABEL']);
  const listened = window.__waypostListened instanceof WeakSet ? window.__waypostListened : null;
  const walk = (root, ctx, depth) => {
    for (let el = root.firstElementChild; el; el = el.nextElementSibling) visitEl(el, ctx, depth);
  };
  const maxEls = (opts && opts.maxElements) || 5000;
  const budgetMs = (opts && opts.budgetMs) || 3000;
  let truncated = '';
  let sawShadow = false;
  let visited = 0;
  const visitEl = (el, ctx, depth) => {
    if (truncated) return;
    // Bounded work: stop at the element cap or the time budget and say so (checked every 256 nodes).
    if ((++visited & 255) === 0 && performance.now() - t0 > budgetMs) { truncated = 'time'; return; }
    if (out.length >= maxEls) { truncated = 'count'; return; }
    const tag = el.tagName;
    if (SKIP.has(tag)) return;
    const cs = getComputedStyle(el);
    const type = tag === 'INPUT' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
    if (cs.display === 'none') {
      // A styled checkbox or radio whose input is not displayed is still what a label toggles.
      if (tag === 'INPUT' && (type === 'checkbox' || type === 'radio') && el.labels && el.labels.length) {
        const role = implicitRole(el, tag, type);
        describe(el, tag, role, type, cs, el.getBoundingClientRect(), ctx, depth, false);
      } else if (reveal && ctx.rv < 0 && !ctx.frames.length) {
        const c = openerOf(el);
        if (c) walk(el, Object.assign({}, ctx, { rv: openerIndex(c), inside: false, pointer: false, native: false }), depth + 1);
      }
      return;
    }
    if (tag === 'svg' || tag === 'SVG') return;
    // The box and visibility are read only when something needs them (most elements are neither
    // interactive nor overlays).
    let rect = null;
    const rectOf = () => rect || (rect = el.getBoundingClientRect());
    let visible;
    const isVisible = () => {
      if (visible === undefined) {
        const r = rectOf();
        visible = r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.visibility !== 'collapse';
      }
      return visible;
    };
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    const role = explicit && explicit !== 'presentation' && explicit !== 'none' ? explicit : implicitRole(el, tag, type);
    let next = ctx;
    const ov = ctx.frames.length ? null : overlayEvidence(el, cs, rectOf, tag, role);
    if (ov && (isVisible() || ov.dialog)) {
      ov.i = overlays.length;
      ov.vis = isVisible();
      ov.depth = depth;
      overlays.push(ov);
      next = Object.assign({}, next, { ov: next.ov.concat([ov.i]) });
    }
    if (tag === 'MAIN' || explicit === 'main') next = Object.assign({}, next, { main: true });
    // The landmark an element is in ('header#3'): copies of one control in two places tell apart.
    // (a breadcrumb trail is navigation whatever its tag: Bootstrap's <ul class="breadcrumb">)
    const region = REGION.get(tag) || REGION.get(explicit)
      || (/(?:^|\s)breadcrumbs?(?:$|\s)/i.test(el.getAttribute('class') || '') ? 'nav' : undefined);
    if (region) next = Object.assign({}, next, { reg: (next.reg ? next.reg + ' ' : '') + region + '#' + (regions++) });
    const pointer = cs.cursor === 'pointer';
    let interactive = false;
    if (tag === 'INPUT') interactive = type !== 'hidden';
    else if ((tag === 'A' || tag === 'AREA') && el.hasAttribute('href')) interactive = true;
    else if (tag === 'BUTTON' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'SUMMARY') interactive = true;
    else if (ROLES.has(role) && explicit) interactive = true;
    else if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) interactive = true;
    // An element a script gave a click listener (found by listeners.mark_listened), even in a
    // clickable row: the trash icon of a mail row is its own control. Not inside a real control.
    else if (listened && listened.has(el) && !ctx.native && isVisible()) interactive = true;
    else if (!ctx.inside && (el.hasAttribute('onclick') || typeof el.onclick === 'function')) interactive = true;
    // A click handler a framework declares in the markup (Alpine's x-on:click, Vue's @click,
    // Angular's ng-click), even inside a clickable box: Unfold's tabs are <a>s in a pointer <nav>.
    else if (!ctx.native && declaresClick(el) && (isVisible() || ctx.rv >= 0)) interactive = true;
    // (not a landmark: SimpleBar's scroller is a focusable role=region "scrollable content")
    else if (!ctx.inside && el.hasAttribute('tabindex') && el.tabIndex >= 0 && tag !== 'BODY' && tag !== 'HTML' && !LANDMARK.has(tag) && !LANDMARK_ROLES.has(explicit)) interactive = true;
    else if (!ctx.inside && pointer && !ctx.pointer && tag !== 'LABEL' && isVisible()) interactive = true;
    if (interactive && tag === 'INPUT' && role === 'tab' && (!isVisible() || cs.opacity === '0') && el.labels && el.labels.length) {
      // a CSS tab's radio is hidden; its label is the tab shown, where it is and whether it shows
      const lab = el.labels[0];
      const lr = lab.getBoundingClientRect();
      const lcs = getComputedStyle(lab);
      describe(el, tag, role, type, cs, lr, ctx, depth, lr.width > 0 && lr.height > 0 && lcs.visibility !== 'hidden');
      next = Object.assign({}, next, { inside: true, native: true });
    } else if (interactive && !(ctx.inside && tag === 'LABEL')) {
      const card = tag === 'A' ? stretchedCard(el) : null;
      const cr = card ? card.getBoundingClientRect() : null;
      if (cr) describe(el, tag, role, type, cs, cr, ctx, depth, cr.width > 0 && cr.height > 0 && getComputedStyle(card).visibility !== 'hidden');
      else describe(el, tag, role || (pointer ? 'generic' : ''), type, cs, rectOf(), ctx, depth, isVisible());
      next = Object.assign({}, next, { inside: true, native: next.native || NATIVE.has(tag) || !!explicit });
    }
    if (pointer) { if (!next.pointer) next = Object.assign({}, next, { pointer: true }); }
    else if (next.pointer) next = Object.assign({}, next, { pointer: false });
    if (tag === 'IFRAME' || tag === 'FRAME') {
      let doc = null;
      try { doc = el.contentDocument; } catch (e) { doc = null; }
      const fsel = frameSelector(el, frames.length);
      frames.push({ sel: fsel, same_origin: !!doc, src: el.getAttribute('src') || '' });
      if (doc && doc.body) {
        const bl = parseFloat(cs.borderLeftWidth) || 0, bt = parseFloat(cs.borderTopWidth) || 0;
        const fctx = Object.assign({}, ctx, {
          frames: ctx.frames.concat([fsel]),
          ox: ctx.ox + rectOf().left + bl + (parseFloat(cs.paddingLeft) || 0),
          oy: ctx.oy + rectOf().top + bt + (parseFloat(cs.paddingTop) || 0),
          inside: false, pointer: false, native: false,
        });
        walk(doc.body, fctx, depth + 1);
      }
      return;
    }
    if (el.shadowRoot) {
      sawShadow = true;
      walk(el.shadowRoot, Object.assign({}, next, { shadow: true }), depth + 1);
    }
    if (reveal && tag === 'DETAILS' && !el.open && next.rv < 0 && !ctx.frames.length) {
      const summary = el.querySelector(':scope > summary');
      if (summary && shownEl(summary)) {
        const inner = Object.assign({}, next, { rv: openerIndex(summary) });
        for (let c = el.firstElementChild; c; c = c.nextElementSibling) visitEl(c, c === summary ? next : inner, depth + 1);
        return;
      }
    }
    walk(el, next, depth + 1);
  };

  const ctx0 = { frames: [], ox: 0, oy: 0, shadow: false, ov: [], main: false, reg: '', inside: false, pointer: false, native: false, rv: -1 };
  if (document.body) walk(document.body, ctx0, 1);
  st.els = els;
  // A document walked whole without a shadow root: its CSS selectors mean what the page's own
  // querySelectorAll finds (validation may then skip Playwright's selector engine).
  st.shadowFree = !sawShadow && !truncated;
  // One JSON string crosses the protocol much faster than a tree of objects.
  return JSON.stringify({
    url: location.href, title: document.title, elements: out, strs, lists, paths, overlays, frames, held, openers,
    viewport: [vw, vh], scroll: [Math.round(W.scrollX), Math.round(W.scrollY)],
    page_height: document.documentElement ? document.documentElement.scrollHeight : 0,
    gen: st.gen, ms: Math.round((performance.now() - t0) * 100) / 100,
    truncated, visited,
  });
}
"""
)

VALIDATE_JS = (
    r"""
(els, idx) => {
"""
    + _HELPERS
    + r"""
  let st = null;
  try { st = window.top.__waypostInventory || null; } catch (e) { st = window.__waypostInventory || null; }
  if (els.length !== 1) return { count: els.length };
  const el = els[0];
  const tag = el.tagName;
  const type = tag === 'INPUT' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
  const same = idx === null || idx === undefined ? null : !!(st && st.els[idx] === el);
  const cs = getComputedStyle(el);
  let r = el.getBoundingClientRect();
  const labels = el.labels ? Array.from(el.labels) : [];
  let visible = r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
  let target = el;
  let proxy = null;
  // A clipped 1-pixel input (jQuery UI's and Bootstrap's styled checkboxes and radios) is hidden too,
  // and so is a transparent one (sphinx-design's tab radios): its label is what is shown.
  if (labels.length && visible && (r.width < 3 || r.height < 3 || cs.opacity === '0')) visible = false;
  const card = stretchedCard(el);
  if (card) {
    // a stretched link whose text is hidden: its card is what a person clicks
    const cr = card.getBoundingClientRect();
    if (cr.width > 0 && cr.height > 0) { target = card; proxy = 'card'; visible = true; r = cr; }
  }
  if (!visible && labels.length) {
    // A hidden styled checkbox: its visible label is what a person clicks.
    const l = labels.find((x) => { const b = x.getBoundingClientRect(); return b.width > 0 && b.height > 0; });
    if (l) { target = l; proxy = 'label'; visible = true; r = l.getBoundingClientRect(); }
  }
  const res = { count: 1, same, visible, enabled: isEnabled(el), name: accName(el, tag, type),
    tag: tag.toLowerCase(), type, editable: !!(el.isContentEditable || ((tag === 'INPUT' || tag === 'TEXTAREA') && !el.readOnly)),
    checked: 'checked' in el ? !!el.checked : (el.getAttribute('aria-checked') === 'true'), proxy, covered: false, cover: null };
  if (!visible) return res;
  const vw = window.innerWidth, vh = window.innerHeight;
  // Out of the viewport, or scrolled out of a scrolling box inside it (a feed in a fixed-height
  // panel): bring it into view the way a person would scroll, before asking what is on top.
  let clipped = r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw;
  for (let a = target.parentElement, k = 0; a && !clipped && k < 30 && a !== document.body; a = a.parentElement, k++) {
    const acs = getComputedStyle(a);
    if (acs.overflowX === 'visible' && acs.overflowY === 'visible') continue;
    const ar = a.getBoundingClientRect();
    const mx = r.left + r.width / 2, my = r.top + r.height / 2;
    if (mx < ar.left || mx > ar.right || my < ar.top || my > ar.bottom) clipped = true;
  }
  if (clipped) {
    target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });  // read at once: never smooth
    r = target.getBoundingClientRect();
  }
  const root = target.getRootNode();
  const inside = (h) => !!h && (h === target || target.contains(h) || (target.shadowRoot && target.shadowRoot.contains(h)));
  const probe = () => {
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), vw - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), vh - 1);
    let hit = root.elementFromPoint ? root.elementFromPoint(cx, cy) : document.elementFromPoint(cx, cy);
    let ok = inside(hit);
    if (!ok && hit && labels.some((l) => l === hit || l.contains(hit))) { ok = true; proxy = proxy || 'label'; }
    if (!ok && hit && hit.shadowRoot) {
      let deep = hit;
      while (deep && deep.shadowRoot) {
        const d2 = deep.shadowRoot.elementFromPoint(cx, cy);
        if (!d2 || d2 === deep) break;
        deep = d2;
      }
      ok = inside(deep);
    }
    if (!ok && hit && r.width >= 4 && r.height >= 4) {
      // Partly covered (overlapping siblings): a visible part of the element can still be clicked.
      for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
        for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
          const px = r.left + r.width * fx, py = r.top + r.height * fy;
          if (px < 0 || py < 0 || px >= vw || py >= vh) continue;
          const h2 = root.elementFromPoint ? root.elementFromPoint(px, py) : document.elementFromPoint(px, py);
          if (inside(h2)) { ok = true; res.point = { x: px - r.left, y: py - r.top }; break; }
        }
        if (ok) break;
      }
    }
    return [ok, hit];
  };
  let [ok, hit] = probe();
  if (!ok && hit && !clipped) {
    // Under a bar that stays put while the page scrolls (a sticky footer of actions, a fixed
    // header), not a dialog: a person scrolls the element up to the middle, out from under it.
    let bar = null;
    for (let c = hit, k = 0; c && c.nodeType === 1 && k < 12 && c !== document.body; k++, c = parentOf(c)) {
      const pos = getComputedStyle(c).position;
      if (pos === 'fixed' || pos === 'sticky') { bar = c; break; }
    }
    const b = bar && bar.getBoundingClientRect();
    const modal = bar && (bar.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]')
      || /cookie|consent|gdpr|privacy|datenschutz/i.test((bar.id || '') + ' ' + (bar.className || '') + ' ' + (bar.textContent || '').slice(0, 400)));
    if (b && !modal && b.width >= vw * 0.5 && b.height <= vh * 0.35 && (b.top <= 1 || b.bottom >= vh - 1)) {
      target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      r = target.getBoundingClientRect();
      [ok, hit] = probe();
    }
  }
  if (!ok && target === el && labels.length) {
    // the box is under a bar, its label is not (Wagtail's "Show in menus" above the page's
    // fixed footer): a person clicks the label
    for (const l of labels) {
      const lr = l.getBoundingClientRect();
      if (lr.width <= 0 || lr.height <= 0 || lr.bottom <= 0 || lr.top >= vh) continue;
      const lh = document.elementFromPoint(lr.left + lr.width / 2, lr.top + lr.height / 2);
      if (lh && l.contains(lh) && !(lh.closest('a, button') && l.contains(lh.closest('a, button')))) {
        ok = true; proxy = 'label'; break;
      }
    }
  }
  res.proxy = proxy;
  if (!ok) {
    res.covered = true;
    // Name the layer the hit belongs to (a dialog or fixed layer), else the hit element itself.
    let best = hit;
    for (let c = hit, k = 0; c && k < 12; k++, c = parentOf(c)) {
      if (c.nodeType !== 1 || c === document.body || c === document.documentElement) break;
      const role = c.getAttribute('role');
      if (role === 'dialog' || role === 'alertdialog' || c.tagName === 'DIALOG' || getComputedStyle(c).position === 'fixed') {
        best = c;
        break;
      }
    }
    if (best) {
      res.cover = { tag: best.tagName.toLowerCase(), id: best.id || '', role: best.getAttribute('role') || '',
        label: clean(best.getAttribute('aria-label') || '', 80), text: clean(best.textContent || '', 300) };
    }
  }
  return res;
}
"""
)

# The title and the open dialogs, to tell what an action changed.
PAGE_STATE_JS = r"""
() => {
  const dialogs = [];
  const seen = new Set();
  const sel = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || cs.display === 'none') continue;
    let name = el.getAttribute('aria-label') || '';
    const lb = el.getAttribute('aria-labelledby');
    if (!name && lb) {
      name = lb.split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || '').join(' ');
    }
    if (!name) { const h = el.querySelector('h1,h2,h3,h4,[role=heading]'); name = h ? h.textContent : ''; }
    name = (name || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80);
    if (!seen.has(name)) { seen.add(name); dialogs.push(name); }
  }
  return { title: document.title, dialogs };
}
"""

# Sections of the page (landmarks and heading blocks) with their text, for extract().
SECTIONS_JS = r"""
(maxText) => {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const out = [];
  const text = (n) => clean(n.innerText !== undefined ? n.innerText : n.textContent).slice(0, maxText);
  const titleOf = (n) => {
    const al = n.getAttribute('aria-label');
    if (al) return clean(al);
    const lb = n.getAttribute('aria-labelledby');
    if (lb) return clean(lb.split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || '').join(' '));
    const h = n.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],legend,caption');
    return h ? clean(h.textContent) : '';
  };
  const visible = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const sel = 'main,article,section,aside,nav,form,dialog[open],[role=dialog],[role=region],[role=main],table,fieldset,footer,header';
  const t0 = performance.now();
  for (const n of document.querySelectorAll(sel)) {
    if (out.length >= 400 || performance.now() - t0 > 2000) break;  // bounded work on huge pages
    if (!visible(n)) continue;
    const t = text(n);
    if (t) out.push({ kind: n.tagName.toLowerCase(), title: titleOf(n), text: t });
  }
  for (const h of document.querySelectorAll('h1,h2,h3,h4,h5,h6')) {
    if (!visible(h)) continue;
    const level = +h.tagName[1];
    let body = '';
    for (let s = h.nextElementSibling; s && body.length < maxText; s = s.nextElementSibling) {
      const m = /^H([1-6])$/.exec(s.tagName);
      if (m && +m[1] <= level) break;
      if (s.tagName === 'SCRIPT' || s.tagName === 'STYLE') continue;
      body += ' ' + text(s);
    }
    out.push({ kind: 'heading', title: clean(h.textContent), text: (clean(h.textContent) + ' ' + clean(body)).slice(0, maxText) });
  }
  return out;
}
"""

# Where the page is scrolled to, and how far it can go.
SCROLL_JS = r"""
([dx, dy, mode]) => {
  const se = document.scrollingElement || document.documentElement;
  // 'instant': a page's smooth scrolling (scroll-behavior: smooth) would report the old place
  if (mode === 'top') window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
  else if (mode === 'bottom') window.scrollTo({ left: 0, top: se.scrollHeight, behavior: 'instant' });
  else window.scrollBy({ left: dx * window.innerWidth * 0.8, top: dy * window.innerHeight * 0.8, behavior: 'instant' });
  return { x: Math.round(window.scrollX), y: Math.round(window.scrollY), height: se.scrollHeight,
    viewport: window.innerHeight, width: se.scrollWidth };
}
"""

# A structural CSS path to an inventory element, relative to its document (last-resort selector).
PATH_JS = r"""
(idx) => {
  const st = window.__waypostInventory;
  const el = st && st.els[idx];
  if (!el || !el.isConnected) return null;
  const generated = (v) => /\d{3,}|[0-9a-f]{6,}|:/i.test(v);
  const segment = (node) => {
    const root = node.getRootNode();
    const parts = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      if (n.id && /^[A-Za-z][\w-]*$/.test(n.id) && !generated(n.id) &&
          root.querySelectorAll('#' + CSS.escape(n.id)).length === 1) {
        parts.unshift('#' + n.id);
        return { path: parts.join(' > '), root };
      }
      const tag = n.tagName.toLowerCase();
      let k = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) k++;
      parts.unshift(tag + ':nth-of-type(' + k + ')');
      if (!n.parentElement) break;
    }
    return { path: parts.join(' > '), root };
  };
  const chain = [];
  let node = el;
  while (node) {
    const { path, root } = segment(node);
    chain.unshift(path);
    node = root && root.host ? root.host : null;
  }
  return chain.join(' >> ');
}
"""


# A CSS path to an element (from the nearest id), for the small scripts that pick one (prepend it).
CSS_PATH_JS = """const cssPath = (el0) => {
  const path = [];
  for (let el = el0; el && el.nodeType === 1 && el !== document.documentElement; el = el.parentElement) {
    if (el.id) { path.unshift('#' + CSS.escape(el.id)); break; }
    const same = [...el.parentElement.children].filter((c) => c.tagName === el.tagName);
    path.unshift(el.tagName.toLowerCase() + (same.length > 1 ? `:nth-of-type(${same.indexOf(el) + 1})` : ''));
  }
  return path.join(' > ');
};
"""
