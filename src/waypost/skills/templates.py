"""UI-pattern templates for generated tools: calendar picker, modal handler, form filler, infinite scroll.

Each template is a tool source (``run(page, ...)`` plus its own ``test(page)``) and the fixture page
the test runs against in the quality gate. Generation starts from the template that fits a failure
pattern; with a language model, the model adapts it, and the gate judges the result.
"""

from __future__ import annotations

from dataclasses import dataclass

from waypost.skills.matching import words


@dataclass(frozen=True)
class Template:
    """A UI-pattern template.

    Attributes:
        name: The generated tool's name.
        description: Its description for models.
        keywords: Words in failure signatures that call for it.
        source: The tool's source.
        fixture_html: The page its test runs against.
    """

    name: str
    description: str
    keywords: frozenset[str]
    source: str
    fixture_html: str


CALENDAR_SOURCE = '''\
"""Pick a date in a date field or a calendar widget."""

NEXT = "[aria-label*=next i], button.next-month, .next"


def run(page, date, field="input[type=date], input.date, input[name*=date], input[id*=date]"):
    if page.count("input[type=date]") > 0:
        page.fill("input[type=date]", date)
        return "typed " + date + " into the date field"
    page.click(field)
    cell = "[data-date='" + date + "']"
    for _ in range(24):
        if page.count(cell) > 0 and page.visible(cell):
            page.click(cell)
            return "picked " + date + "; the field shows " + str(page.value(field))
        if page.count(NEXT) == 0:
            break
        page.click(NEXT)
    raise ValueError("no day " + date + " in the calendar")


def test(page):
    result = run(page, "2026-12-03", "#when")
    assert page.value("#when") == "2026-12-03", result
    return True
'''

CALENDAR_FIXTURE = """<!doctype html><html><body>
<label>Date <input id="when" readonly></label>
<div id="cal" hidden>
  <button class="next-month" aria-label="Next month">&gt;</button><div id="days"></div>
</div>
<script>
let month = 10;
function render() {
  const days = document.getElementById('days');
  days.innerHTML = '';
  for (let d = 1; d <= 28; d++) {
    const b = document.createElement('button');
    const iso = '2026-' + String(month + 1).padStart(2, '0') + '-' + String(d).padStart(2, '0');
    b.dataset.date = iso; b.textContent = d;
    b.onclick = () => {
      document.getElementById('when').value = iso;
      document.getElementById('cal').hidden = true;
    };
    days.appendChild(b);
  }
}
document.getElementById('when').onclick = () => { document.getElementById('cal').hidden = false; render(); };
document.querySelector('.next-month').onclick = () => { month += 1; render(); };
</script></body></html>"""

MODAL_SOURCE = '''\
"""Close modal dialogs and overlays that cover the page."""

CLOSE = (
    "[role=dialog] [aria-label*=close i], [role=dialog] button.close, .modal [aria-label*=close i], "
    ".modal button.close, [role=dialog] button:has-text('Close'), [role=dialog] button:has-text('Schlie')"
)


def run(page, selector=CLOSE):
    closed = 0
    for _ in range(5):
        if page.count(selector) == 0 or not page.visible(selector):
            break
        page.click(selector)
        page.wait(150)
        closed += 1
    return "closed " + str(closed) + " dialog(s)"


def test(page):
    assert page.visible("#promo")
    result = run(page)
    assert not page.visible("#promo"), result
    return True
'''

MODAL_FIXTURE = """<!doctype html><html><body>
<main><h1>Shop</h1><p>Content behind a dialog.</p></main>
<div id="promo" role="dialog" aria-modal="true" style="position:fixed;inset:0;background:#fff">
  <p>Subscribe to our newsletter!</p>
  <button class="close" aria-label="Close"
    onclick="document.getElementById('promo').style.display='none'">×</button>
</div></body></html>"""

FORM_SOURCE = '''\
"""Fill several form fields at once: fields as 'name=Bob; email=bob@example.org'. Does not submit."""

import re


def run(page, fields):
    filled = []
    for part in fields.split(";"):
        if "=" not in part:
            continue
        key, value = part.split("=", 1)
        key = re.sub(r"[^A-Za-z0-9_-]", "", key.strip())
        if not key:
            continue
        selector = (
            "[name='" + key + "'], #" + key + ", [placeholder*='" + key + "' i], "
            + "[aria-label*='" + key + "' i]"
        )
        page.fill(selector, value.strip())
        filled.append(key)
    return "filled " + ", ".join(filled) if filled else "nothing to fill"


def test(page):
    result = run(page, "name=Bob; email=bob@example.org")
    assert page.value("#name") == "Bob", result
    assert page.value("[name=email]") == "bob@example.org", result
    return True
'''

FORM_FIXTURE = """<!doctype html><html><body><form>
<label>Name <input id="name"></label>
<label>E-Mail <input name="email" type="email"></label>
<textarea placeholder="message"></textarea>
<button type="submit">Send</button></form></body></html>"""

SCROLL_SOURCE = '''\
"""Scroll a growing list (infinite scroll) until no new items appear; reports the item count."""


def run(page, item="article, li, .item", rounds="8"):
    before = page.count(item)
    last = before
    for _ in range(max(1, min(30, int(rounds)))):
        page.scroll(3000)
        page.wait(300)
        now = page.count(item)
        if now <= last:
            break
        last = now
    return "items: " + str(before) + " before, " + str(last) + " now"


def test(page):
    before = page.count(".item")
    result = run(page, ".item", "5")
    assert page.count(".item") > before, result
    return True
'''

SCROLL_FIXTURE = """<!doctype html><html><body style="margin:0">
<div id="feed"></div>
<script>
let n = 0;
function more() {
  const feed = document.getElementById('feed');
  for (let i = 0; i < 10 && n < 40; i++) {
    n++; const d = document.createElement('div'); d.className = 'item'; d.style.height = '120px';
    d.textContent = 'Item ' + n; feed.appendChild(d);
  }
}
more();
window.addEventListener('scroll', () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 200) more();
});
</script></body></html>"""

TEMPLATES: tuple[Template, ...] = (
    Template(
        "calendar_picker",
        "Pick a date (YYYY-MM-DD) in a date field or calendar widget. field: the field's CSS selector "
        "(optional).",
        frozenset(
            [
                "date",
                "datum",
                "calendar",
                "kalender",
                "picker",
                "datepicker",
                "day",
                "tag",
                "month",
                "monat",
                "termin",
            ]
        ),
        CALENDAR_SOURCE,
        CALENDAR_FIXTURE,
    ),
    Template(
        "modal_handler",
        "Close modal dialogs and pop-ups that cover the page (newsletter, promo, 'are you sure').",
        frozenset(
            [
                "modal",
                "dialog",
                "popup",
                "overlay",
                "covered",
                "cover",
                "layer",
                "newsletter",
                "promo",
                "schließen",
                "close",
            ]
        ),
        MODAL_SOURCE,
        MODAL_FIXTURE,
    ),
    Template(
        "form_filler",
        "Fill several form fields at once: fields like 'name=Bob; email=bob@example.org' (field name, id, "
        "placeholder or label = value). Does not submit.",
        frozenset(["form", "formular", "field", "feld", "input", "textbox", "email", "name", "fill"]),
        FORM_SOURCE,
        FORM_FIXTURE,
    ),
    Template(
        "infinite_scroll",
        "Scroll a list that loads more items as you scroll, until no new ones appear. item: the items' CSS "
        "selector; rounds: how many scrolls at most.",
        frozenset(
            ["scroll", "feed", "infinite", "more", "load", "laden", "mehr", "items", "list", "timeline"]
        ),
        SCROLL_SOURCE,
        SCROLL_FIXTURE,
    ),
)


def pick(items: list[str]) -> Template | None:
    """The template whose keywords best fit a failure pattern's signatures (``None`` if none fits)."""
    found = set(words(" ".join(items).replace("|", " ").replace("_", " ")))
    best, best_hits = None, 0
    for template in TEMPLATES:
        hits = len(found & template.keywords)
        if hits > best_hits:
            best, best_hits = template, hits
    return best
