"""What acting on an element would do, read from the page: the input of the approval check.

:func:`describe` turns a resolved element into an :class:`~waypost.approval.ElementInfo` (name,
text, link, the form it submits with its action, method and fields, the headings around it);
:func:`describe_focused` does the same for the element a key press goes to. Both never raise:
an element that cannot be read is described by what is known (nothing), and the caller decides.
"""

# ruff: noqa: E501  (the page script reads better unwrapped)
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from waypost.approval import ElementInfo, FormInfo

if TYPE_CHECKING:
    from playwright.async_api import Locator, Page

# One function for both: the element, or null for document.activeElement (through open shadow
# roots and same-origin frames).
DESCRIBE_JS = r"""
(el) => {
  if (!el) {
    el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
  }
  const clip = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n || 300);
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || (tag === 'button' ? 'submit' : '')).toLowerCase();
  const byIds = (ids) => (ids || '').split(/\s+/).map(i => document.getElementById(i))
      .filter(Boolean).map(n => n.textContent).join(' ');
  let name = el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby'));
  if (!name && el.labels && el.labels.length) name = Array.from(el.labels).map(l => l.textContent).join(' ');
  if (!name && tag === 'input' && ['submit', 'button', 'reset', 'image'].includes(type))
    name = el.value || el.getAttribute('alt') || '';
  if (!name) name = el.innerText || el.textContent || '';
  if (!name) { const img = el.querySelector && el.querySelector('img[alt]'); if (img) name = img.alt; }
  const attrs = [];
  for (const a of el.attributes) {
    if (['id', 'name', 'value', 'title', 'formaction'].includes(a.name) || a.name.startsWith('data-')
        || (a.name.startsWith('aria-') && a.name !== 'aria-hidden'))
      attrs.push(a.value);
  }
  const editable = el.isContentEditable || tag === 'textarea'
      || (tag === 'input' && !['submit', 'button', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden',
                               'range', 'color'].includes(type));
  const form = el.form || el.closest('form');
  const submitter = (tag === 'button' && type === 'submit')
      || (tag === 'input' && (type === 'submit' || type === 'image'));
  let submits = !!form && submitter;
  if (!!form && editable && tag === 'input') {
    // Enter in a field submits its form if it has a submit button or this is its only field.
    const fields = Array.from(form.elements).filter(f => f.tagName === 'INPUT' &&
        !['submit', 'button', 'reset', 'image', 'checkbox', 'radio', 'hidden'].includes((f.type || '').toLowerCase()));
    submits = !!form.querySelector('button:not([type]), button[type=submit], input[type=submit], input[type=image]')
        || fields.length === 1;
  }
  const heading = (node) => {
    const texts = [];
    const dialog = node.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]');
    if (dialog) {
      texts.push(dialog.getAttribute('aria-label') || byIds(dialog.getAttribute('aria-labelledby')));
      const h = dialog.querySelector('h1, h2, h3, h4, [role=heading]'); if (h) texts.push(h.textContent);
    }
    let cur = node;
    for (let depth = 0; cur && depth < 6 && texts.length < 4; depth++, cur = cur.parentElement) {
      let sib = cur.previousElementSibling;
      for (let i = 0; sib && i < 4; i++, sib = sib.previousElementSibling) {
        if (/^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading') { texts.push(sib.textContent); break; }
        const inner = sib.querySelector && sib.querySelector('h1, h2, h3, h4, legend');
        if (inner && i === 0) { texts.push(inner.textContent); break; }
      }
      if (cur.tagName === 'FIELDSET') { const l = cur.querySelector('legend'); if (l) texts.push(l.textContent); }
    }
    return clip(texts.filter(Boolean).join(' | '), 300);
  };
  let formInfo = null;
  if (form) {
    const fields = Array.from(form.querySelectorAll('input, textarea, [contenteditable=true], select'));
    const words = (f) => [f.name, f.id, f.getAttribute('autocomplete'), f.getAttribute('placeholder'),
                          f.getAttribute('aria-label')].join(' ').toLowerCase();
    const formText = Array.from(form.querySelectorAll('legend, h1, h2, h3, h4, [role=heading]'))
        .map(n => n.textContent).join(' ');
    formInfo = {
      action: (submitter && el.getAttribute('formaction')) ? el.formAction : (form.action || location.href),
      method: ((submitter && el.getAttribute('formmethod')) || form.getAttribute('method') || 'get').toLowerCase(),
      label: [form.id, form.getAttribute('name'), form.getAttribute('aria-label'), form.className].join(' '),
      text: clip(formText + ' ' + heading(form), 300),
      has_password: fields.some(f => f.type === 'password' && f.value),
      has_message: fields.some(f => (f.tagName === 'TEXTAREA' && f.value.trim())
                                  || (f.isContentEditable && f.textContent.trim())),
      has_payment: fields.some(f => /cc-number|cc-csc|card|iban|cvc|cvv|kreditkarte/.test(words(f))),
    };
  }
  const link = el.closest('a[href]');
  return {
    tag, type, role: el.getAttribute('role') || '',
    name: clip(name, 200), text: clip(el.innerText || el.value || '', 200),
    attrs: clip(attrs.join(' '), 300),
    href: link ? link.href : '',
    submits, form: formInfo, context: heading(el), editable,
    contenteditable: el.isContentEditable ? '1' : '',
  };
}
"""


def _info(raw: dict[str, Any] | None) -> ElementInfo | None:
    if not raw:
        return None
    form = raw.get("form")
    return ElementInfo(
        tag=str(raw.get("tag") or ""),
        type=str(raw.get("type") or ""),
        role=str(raw.get("role") or ""),
        name=str(raw.get("name") or ""),
        text=str(raw.get("text") or ""),
        attrs=str(raw.get("attrs") or ""),
        href=str(raw.get("href") or ""),
        submits=bool(raw.get("submits")),
        form=FormInfo(**form) if isinstance(form, dict) else None,
        context=str(raw.get("context") or ""),
        editable=bool(raw.get("editable")),
        extra={"contenteditable": "1"} if raw.get("contenteditable") else {},
    )


async def describe(loc: Locator, timeout_ms: float = 5000) -> ElementInfo | None:
    """The element ``loc`` points at, described for the approval check (``None`` if unreadable)."""
    with contextlib.suppress(Exception):
        return _info(await loc.evaluate(DESCRIBE_JS, timeout=timeout_ms))
    return None


async def describe_focused(page: Page) -> ElementInfo | None:
    """The element a key press would go to: the focused element of the focused frame."""
    frames = list(page.frames)
    for frame in frames:
        with contextlib.suppress(Exception):
            if not await frame.evaluate("document.hasFocus()"):
                continue
            raw = await frame.evaluate(f"({DESCRIBE_JS})(null)")
            if raw and raw.get("tag") != "iframe":
                return _info(raw)
    with contextlib.suppress(Exception):  # no frame says it has focus (a background page)
        return _info(await page.main_frame.evaluate(f"({DESCRIBE_JS})(null)"))
    return None


# The on/off state of a control, for 'already so' (a step asking for a state that holds is not
# acted on: clicking a checked radio or an on switch could turn it off). A label or a wrapper is
# read through the one control it stands for; a tree item, tab or option by aria-selected.
STATE_JS = r"""
(el) => {
  const ctl = (n) => {
    if (n.tagName === 'LABEL' && n.control) return n.control;
    // a link inside a tab's label (Material's content tabs): the label's radio holds the state
    const lab = n.tagName === 'A' ? n.closest('label') : null;
    if (lab && lab.control && lab.control.type === 'radio') return lab.control;
    const role = n.getAttribute('role') || '';
    if (n.tagName === 'INPUT' || role) return n;
    const inner = n.querySelectorAll('input[type=checkbox], input[type=radio], [role=checkbox], [role=radio], [role=switch]');
    return inner.length === 1 ? inner[0] : n;
  };
  let c = ctl(el);
  // The text of a tree item, option or tab (a span inside it) stands for the item.
  const holder = c.closest('[role=treeitem], [role=option], [role=tab]');
  if (!c.getAttribute('role') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(c.tagName) && holder) c = holder;
  const role = c.getAttribute('role') || '';
  // A link to the page shown (aria-current, or its address without a '#' of its own); '#', ''
  // and script links are handlers, not addresses.
  const toggle = (a) => /^(?:tab|pill)$/.test(a.getAttribute('data-toggle') || a.getAttribute('data-bs-toggle') || '');
  const current = (a) => {
    const cur = a.getAttribute('aria-current');
    if (cur && cur !== 'false') return true;
    const raw = (a.getAttribute('href') || '').trim();
    // Sphinx's link to the page shown: href="#", classed "current" (also on its list item)
    const li = a.closest('li');
    if (raw === '#' && /(?:^|\s)current(?:$|\s)/.test(a.className) && (!li || /(?:^|\s)current-page(?:$|\s)/.test(li.className) || /(?:^|\s)current(?:$|\s)/.test(li.className))) return true;
    // Bootstrap's mark of the page shown in a breadcrumb or a navigation bar: <li class="active">
    // (not a contents list's entry of a section, which a scroll-spy marks "active" while it is in view)
    const section = raw.length > 1 && raw.startsWith('#');
    if (!toggle(a) && !section && li && /(?:^|\s)active(?:$|\s)/.test(li.className) && a.closest('.breadcrumb, nav, .nav, .navbar')) return true;
    if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return false;
    const strip = (u) => u.split('#')[0].replace(/\/index\.html?$/i, '/');
    // (a side bar's own class "active" marks the section, not the page: Unfold's "Owners" on
    // the form that adds an owner, where 'go back to the owners' follows it)
    return strip(a.href) === strip(location.href) && (!a.hash || a.hash === location.hash);
  };
  const tri = (a) => { const v = c.getAttribute(a); return v === null ? null : v === 'true' || v === 'mixed'; };
  // A tree's expander button inside an entry's link (sphinx-rtd-theme): the entry's list item
  // says whether its branch is open.
  const branch = (n) => {
    if (n.tagName !== 'BUTTON' || !n.closest('a')) return null;
    const li = n.closest('li');
    if (!li || !li.querySelector(':scope > ul')) return null;
    const said = li.getAttribute('aria-expanded');
    return said !== null ? said === 'true' : /(?:^|\s)current(?:$|\s)/.test(li.className);
  };
  // Bootstrap's collapse toggles (data-toggle="collapse", no aria-expanded in Bootstrap 3): open
  // when the block they name (href or data-target) is shown
  const shownBlock = (n) => {
    if ((n.getAttribute('data-toggle') || n.getAttribute('data-bs-toggle') || '') !== 'collapse') return null;
    const sel = (n.getAttribute('data-target') || n.getAttribute('data-bs-target') || n.getAttribute('href') || '').trim();
    let t = null;
    try { t = /^#[^\s.>]+$/.test(sel) ? document.getElementById(sel.slice(1)) : sel ? document.querySelector(sel) : null; } catch (e) { t = null; }
    return t ? t.getClientRects().length > 0 && getComputedStyle(t).display !== 'none' : null;
  };
  // Bootstrap's tabs (data-toggle="tab"): the one shown is classed "active", or its list item is
  const bsTab = toggle(c);
  const active = (n) => !!n && /(?:^|\s)active(?:$|\s)/.test(n.className || '');
  let checked = null;
  if (c.tagName === 'INPUT' && (c.type === 'checkbox' || c.type === 'radio')) checked = !!c.checked;
  else if (/^(checkbox|radio|switch|menuitemcheckbox|menuitemradio)$/.test(role)) checked = c.getAttribute('aria-checked') === 'true';
  return {
    kind: c.tagName === 'INPUT' ? (c.type || 'text') : role || (bsTab ? 'tab' : c.tagName.toLowerCase()),
    checked,
    pressed: tri('aria-pressed'),
    selected: bsTab ? c.getAttribute('aria-selected') === 'true' || active(c) || active(c.closest('li'))
      : /^(option|tab|treeitem|gridcell|row)$/.test(role) ? c.getAttribute('aria-selected') === 'true' : null,
    expanded: c.tagName === 'SUMMARY' && c.parentElement && c.parentElement.tagName === 'DETAILS'
      ? c.parentElement.open : tri('aria-expanded') !== null ? tri('aria-expanded') : branch(c) ?? shownBlock(c),
    current: c.tagName === 'A' ? current(c) : null,
  };
}
"""


@dataclass(frozen=True)
class ControlState:
    """The on/off state of a control as the page shows it (``None``: the control has no such state).

    Attributes:
        kind: Input type or role ('checkbox', 'radio', 'switch', 'treeitem', 'tab', 'button'...).
        checked: Checked (checkbox, radio, switch, checkable menu item).
        pressed: ``aria-pressed`` of a toggle button.
        selected: ``aria-selected`` of an option, tab, tree item or grid cell.
        expanded: ``aria-expanded`` (a tree item, a menu button, an accordion header), or whether
            the ``<details>`` of a ``<summary>`` is open.
        current: Whether a link leads to the page shown (``aria-current``, or its own address).
    """

    kind: str = ""
    checked: bool | None = None
    pressed: bool | None = None
    selected: bool | None = None
    expanded: bool | None = None
    current: bool | None = None

    @property
    def on(self) -> bool | None:
        """Whether the control is on (checked, pressed or selected); ``None`` if it has no such state."""
        for v in (self.checked, self.pressed, self.selected):
            if v is not None:
                return v
        return None

    def holds(self, on: bool) -> bool:
        """The state ``on`` (set / not set) already holds."""
        return self.on is not None and self.on == on


async def state(loc: Locator, timeout_ms: float = 5000) -> ControlState | None:
    """The on/off state of the control ``loc`` points at (``None`` if unreadable)."""
    with contextlib.suppress(Exception):
        raw = await loc.evaluate(STATE_JS, timeout=timeout_ms)
        if isinstance(raw, dict):
            return ControlState(
                kind=str(raw.get("kind") or ""),
                checked=raw.get("checked"),
                pressed=raw.get("pressed"),
                selected=raw.get("selected"),
                expanded=raw.get("expanded"),
                current=raw.get("current"),
            )
    return None


def already_line(element: str, st: ControlState, on: bool) -> str:
    """'"Notifications" (switch) is already on; nothing was done.'"""
    if st.checked is not None:
        word = ("checked" if on else "unchecked") if st.kind in ("checkbox", "menuitemcheckbox") else None
        word = word or (
            ("selected" if on else "not selected") if "radio" in st.kind else ("on" if on else "off")
        )
    elif st.pressed is not None:
        word = "pressed" if on else "not pressed"
    else:
        word = "selected" if on else "not selected"
    return f"{element} is already {word}; nothing was done."


# Whether the words of a target are the whole name of a tree item that is hidden now (in a closed
# branch) while no tree item shown is named so: then the words name that item exactly, and a match
# of them in the hidden text of the closed branch that holds it is not the element meant.
HIDDEN_NAMED_JS = r"""
(name) => {
  const norm = (t) => (t || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const want = norm(name);
  if (!want || want.length > 80) return false;
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const own = (el) => {
    // A tree item's own name: its text without the text of its group of children.
    const parts = [];
    for (const n of el.childNodes) {
      if (n.nodeType === 3) parts.push(n.textContent);
      else if (n.nodeType === 1 && n.getAttribute('role') !== 'group' && !/^(UL|OL)$/.test(n.tagName)) parts.push(n.textContent);
    }
    return norm(parts.join(' '));
  };
  let hidden = 0;
  for (const el of document.querySelectorAll('[role=treeitem]')) {
    if (own(el) !== want) continue;
    if (shown(el)) return false;
    hidden++;
  }
  return hidden >= 1;
}
"""
