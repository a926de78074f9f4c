"""Typed extraction on a live page: its HTML with the values typed into forms, then
:func:`waypost.page.structured.extract_offline`.

The ``extract`` tool takes an optional ``schema`` (a JSON Schema as JSON text, or field names
separated by commas) and then answers with JSON valid against it, or with an error line that
says why nothing fit. ``Waypost.extract`` adds the model path (see :mod:`waypost.models.extraction`).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import TYPE_CHECKING, Any

from waypost.page.structured import Extraction, extract_offline

if TYPE_CHECKING:
    from playwright.async_api import Page

# A copy of the document whose attributes hold what the user typed, ticked and chose (page.content()
# shows the HTML as loaded). The live page is not touched.
_LIVE_HTML_JS = """() => {
  const copy = document.documentElement.cloneNode(true);
  const live = document.documentElement.querySelectorAll('input, textarea, select');
  const copied = copy.querySelectorAll('input, textarea, select');
  live.forEach((el, i) => {
    const c = copied[i];
    if (!c) return;
    if (el.type === 'password' || el.type === 'hidden') { c.removeAttribute('value'); return; }
    if (el.type === 'checkbox' || el.type === 'radio') {
      if (el.checked) c.setAttribute('checked', ''); else c.removeAttribute('checked');
    } else if (el.tagName === 'SELECT') {
      Array.from(c.options).forEach((o, j) => {
        const on = el.options[j] && el.options[j].selected;
        if (on) o.setAttribute('selected', ''); else o.removeAttribute('selected');
      });
    } else if (el.tagName === 'TEXTAREA') {
      c.textContent = el.value;
    } else {
      c.setAttribute('value', el.value);
    }
  });
  return '<!DOCTYPE html>' + copy.outerHTML;
}"""
_FIELDS = re.compile(r"^[\w\s,;-]+$")


async def live_html(page: Page) -> str:
    """The page's HTML with current form values (passwords left out)."""
    try:
        return await asyncio.wait_for(page.evaluate(_LIVE_HTML_JS), timeout=10)
    except Exception:  # a page that forbids the copy: the HTML as loaded
        return await page.content()


def schema_from_text(text: str) -> tuple[Any, bool]:
    """A schema from a tool argument: JSON Schema text, or field names (``"name, price"``).

    Returns the schema and whether it was given as field names (then a list of records is
    tried first, one record after).

    Raises:
        ValueError: Neither valid JSON nor a list of field names.
    """
    text = text.strip()
    if text.startswith(("{", "[")):
        try:
            schema = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the schema is not valid JSON ({exc.msg} at character {exc.pos})") from None
        return schema, False
    names = [n.strip() for n in re.split(r"[,;]", text) if n.strip()]
    if not names or not _FIELDS.match(text):
        raise ValueError("give a JSON Schema object or field names separated by commas, e.g. 'name, price'")
    props = {
        re.sub(r"\W+", "_", n).strip("_").lower() or "field": {"type": "string", "title": n} for n in names
    }
    item = {"type": "object", "properties": props, "required": list(props)}
    return {"type": "array", "items": item}, True


def extract_from_html(
    html: str, schema: Any, instruction: str, url: str, *, fields: bool = False
) -> Extraction:
    """Offline extraction; with field names, a single record when the page has no list of them."""
    result = extract_offline(html, schema, instruction, url)
    if fields and (not result.valid or not result.data):
        single = extract_offline(html, schema["items"], instruction, url)
        if single.valid and single.data:
            return single
    return result
