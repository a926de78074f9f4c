"""What acting on an element would do, read from the page: the input of the approval check.

:func:`describe` turns a resolved element into an :class:`~waypost.approval.ElementInfo` (name,
text, link, the form it submits with its action, method and fields, the headings around it);
:func:`describe_focused` does the same for the element a key press goes to. Both never raise:
an element that cannot be read is described by what is known (nothing), and the caller decides.
"""

# ruff: noqa: E501  (the page script reads better unwrapped)
from __future__ import annotations

import contextlib
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
