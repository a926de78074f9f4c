"""Typed extraction without a model: the page's tables, definition lists, forms and repeated cards,
mapped onto a JSON Schema.

:func:`structures` reads the page once into *sources*: record lists (tables with a header row,
repeated cards or list items) and label → value maps (two-column tables, ``<dl>``, forms,
``Label: value`` lines). :func:`extract_offline` maps the schema's fields onto a source's keys
(column headers, labels, card parts), folding case and taking synonyms from each field's title
and description (``"price": {"description": "Kurs"}`` matches a ``Kurs`` column), coerces the
values to the field types, and validates the result with ``jsonschema``. A result that does not
validate is repaired once (values re-read, nullable fields set to ``null``); if it still does
not validate, it is reported as invalid with the reasons. Nothing is invented: a field no source
has stays out (or ``null`` where the schema allows it).
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from jsonschema import validators
from selectolax.lexbor import LexborNode

from waypost.page._dom import STRIP_TAGS, norm_ws, parse_html, resolve_url

__all__ = ["Cell", "Extraction", "Source", "extract_offline", "resolve_schema", "structures", "validate"]

_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_SKIP_CARD = frozenset({"nav", "header", "footer", "aside", "form", "script", "style"})
_LABEL_LINE = re.compile(r"^\s*([^:\n]{2,40}?)\s*:\s+(\S.{0,200})$")
_BYLINE_PREFIX = re.compile(r"^(?:von|by|par|di|de|por)\s+", re.I)
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "name": ("name", "title", "titel", "bezeichnung"),
    "title": ("title", "titel", "headline", "überschrift", "name", "heading"),
    "price": ("price", "preis", "kurs", "cost", "kosten"),
    "date": ("date", "datum", "time", "zeit", "published", "veröffentlicht"),
    "published": ("published", "date", "datum", "time", "veröffentlicht"),
    "author": ("author", "autor", "autorin", "by", "von", "writer"),
    "url": ("url", "link", "href", "address"),
    "link": ("link", "url", "href"),
    "description": ("description", "beschreibung", "summary", "text", "teaser"),
    "summary": ("summary", "description", "text", "teaser", "zusammenfassung"),
    "text": ("text", "description", "summary"),
    "image": ("image", "bild", "img", "picture"),
    "category": ("category", "kategorie", "rubrik", "section", "kicker"),
    "query": ("query", "search", "suche", "q"),
    "email": ("email", "e-mail", "mail"),
    "phone": ("phone", "telefon", "tel"),
}


@dataclass
class Cell:
    """A value on the page: its text and what else it carries (a link, a time, list items)."""

    text: str
    href: str | None = None
    datetime: str | None = None
    items: list[str] = field(default_factory=list)
    checked: bool | None = None


@dataclass
class Source:
    """Where values come from: ``records`` (a table, cards, list items) or one ``record`` (a label map).

    Attributes:
        kind: ``table``, ``cards``, ``list``, ``pairs`` (two-column table), ``dl``, ``form``, ``lines``.
        where: A short description (``table.stocks``, ``cards article.teaser``).
        records: The rows, each a key → cell map (keys as the page names them).
        context: Caption, nearby heading: words that say what the source is about.
    """

    kind: str
    where: str
    records: list[dict[str, Cell]]
    context: str = ""
    order: int = 0


@dataclass
class Extraction:
    """The outcome of a typed extraction.

    Attributes:
        data: The JSON data (valid against the schema when ``valid``).
        valid: Whether ``data`` validates against the schema.
        errors: Why not (one line each), or what was left out.
        source: Where the values came from on the page.
        method: ``offline`` or ``model``.
        repaired: Whether a first result was invalid and had to be repaired.
        value: The pydantic model instance, when a model class was given and ``data`` is valid.
    """

    data: Any
    valid: bool
    errors: list[str] = field(default_factory=list)
    source: str = ""
    method: str = "offline"
    repaired: bool = False
    value: Any = None

    def text(self) -> str:
        """The one answer a model reads: the JSON, or an error line with the reasons."""
        import json

        body = json.dumps(self.data, ensure_ascii=False)
        if self.valid:
            return body + (f"\n(from {self.source})" if self.source else "")
        reasons = "; ".join(self.errors[:3]) or "no part of the page fits the schema"
        return f"Error: the page gives no data that fits the schema ({reasons}). Partial: {body}"


# -- reading the page -------------------------------------------------------------------------------


def _text(node: LexborNode | None) -> str:
    if node is None:
        return ""
    return norm_ws(node.text(separator=" ", strip=True) or "")


def _hidden(node: LexborNode) -> bool:
    style = (node.attributes.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "hidden" in node.attributes


def _cell(node: LexborNode, base: str) -> Cell:
    for hidden in node.css("[style]"):
        if _hidden(hidden):
            hidden.decompose()
    for extra in node.css("sup.reference, .noprint"):
        extra.decompose()
    link = node.css_first("a[href]")
    time = node.css_first("time[datetime]")
    items = [_text(li) for li in node.css("li")]
    href = resolve_url(link.attributes.get("href") or "", base) if link is not None else None
    return Cell(
        _text(node),
        href=href,
        datetime=time.attributes.get("datetime") if time is not None else None,
        items=[i for i in items if i],
    )


def _label(text: str) -> str:
    return norm_ws(text).strip(" :•·-–*\u200b").strip()


def _context(node: LexborNode) -> str:
    parts = []
    caption = node.css_first("caption")
    if caption is not None:
        parts.append(_text(caption))
    prev = node.prev
    hops = 0
    while prev is not None and hops < 6:
        if prev.tag in _HEADINGS:
            parts.append(_text(prev))
            break
        prev = prev.prev
        hops += 1
    for attr in ("class", "id", "aria-label"):
        if node.attributes.get(attr):
            parts.append(str(node.attributes.get(attr)))
    return " ".join(parts)


def _rows(table: LexborNode) -> list[list[LexborNode]]:
    rows = []
    for tr in table.css("tr"):
        parent = tr.parent
        while parent is not None and parent.tag not in ("table",):
            parent = parent.parent
        if parent is None or parent.mem_id != table.mem_id:
            continue  # a row of a nested table
        cells = [c for c in tr.iter() if c.tag in ("td", "th")]
        if cells:
            rows.append(cells)
    return rows


def _is_header(row: list[LexborNode]) -> bool:
    if all(c.tag == "th" for c in row):
        return True
    classes = " ".join(c.attributes.get("class") or "" for c in row)
    return "header" in classes and sum(bool(_text(c)) for c in row) >= len(row) - 1


def _tables(root: LexborNode, base: str, order: list[int]) -> list[Source]:
    found = []
    for table in root.css("table"):
        if len(table.css("table")) > 1:
            continue  # a layout table around others (css() includes the table itself)
        rows = _rows(table)
        if not rows:
            continue
        context = _context(table)
        where = "table" + (
            f".{table.attributes.get('class').split()[0]}" if table.attributes.get("class") else ""
        )
        head = table.css_first("thead")
        header_row = rows[0] if (head is not None or _is_header(rows[0])) and len(rows[0]) > 1 else None
        if header_row is not None and not (
            len(header_row) == 2
            and all(len(r) == 2 for r in rows)
            and head is None
            and header_row[0].attributes.get("scope") == "row"
        ):
            keys = [_label(_text(c)) or f"column {i + 1}" for i, c in enumerate(header_row)]
            records = []
            for row in rows[1:]:
                if len(row) != len(keys):
                    continue
                record = {k: _cell(c, base) for k, c in zip(keys, row, strict=True)}
                linked = next((c for c in record.values() if c.href), None)
                if linked is not None and "url" not in record:
                    record["url"] = Cell(linked.text, href=linked.href)  # the row's link
                records.append(record)
            order[0] += 1
            found.append(Source("table", where, records, context, order[0]))
            continue
        pairs: dict[str, Cell] = {}
        for row in rows:
            if len(row) == 2 and _text(row[0]):
                pairs.setdefault(_label(_text(row[0])), _cell(row[1], base))
        if pairs:
            order[0] += 1
            found.append(Source("pairs", where, [pairs], context, order[0]))
    return found


def _dls(root: LexborNode, base: str, order: list[int]) -> list[Source]:
    found = []
    for dl in root.css("dl"):
        pairs: dict[str, Cell] = {}
        terms: list[dict[str, Cell]] = []
        key: str | None = None
        for child in dl.iter():
            if child.tag == "dt":
                key = _label(_text(child))
                if key:
                    terms.append({"term": Cell(key), "definition": Cell("")})
            elif child.tag == "dd" and key:
                cell = _cell(child, base)
                if key not in pairs:
                    pairs[key] = cell
                if terms and not terms[-1]["definition"].text:
                    terms[-1]["definition"] = cell
        if not pairs:
            continue
        context = _context(dl)
        order[0] += 1
        found.append(
            Source(
                "dl",
                "dl"
                + (f".{dl.attributes.get('class', '').split()[0]}" if dl.attributes.get("class") else ""),
                [pairs],
                context,
                order[0],
            )
        )
        if len(terms) >= 2:
            found.append(Source("dl-terms", "dl terms", terms, context, order[0]))
    return found


def _forms(root: LexborNode, base: str, order: list[int]) -> list[Source]:
    found = []
    for form in root.css("form"):
        labels: dict[str, str] = {}
        for label in form.css("label[for]"):
            labels[label.attributes.get("for") or ""] = _label(_text(label))
        values: dict[str, Cell] = {}
        for el in form.css("input, select, textarea"):
            kind = (el.attributes.get("type") or "text").lower()
            if kind in ("hidden", "submit", "button", "image", "reset", "password", "file"):
                continue
            name = el.attributes.get("name") or ""
            label = labels.get(el.attributes.get("id") or "", "")
            if not label and el.parent is not None and el.parent.tag == "label":
                label = _label(_text(el.parent))
            label = label or el.attributes.get("aria-label") or el.attributes.get("placeholder") or name
            if not label:
                continue
            if el.tag == "select":
                chosen = el.css_first("option[selected]") or el.css_first("option")
                cell = Cell(_text(chosen) if chosen is not None else "")
            elif el.tag == "textarea":
                cell = Cell(el.text() or "")
            elif kind in ("checkbox", "radio"):
                on = "checked" in el.attributes
                if kind == "radio" and not on:
                    continue
                cell = Cell(label if kind == "radio" else ("ja" if on else "nein"), checked=on)
                if kind == "radio":
                    label = name or label
            else:
                cell = Cell(el.attributes.get("value") or "")
            values.setdefault(label, cell)
            if name and name != label:
                values.setdefault(name, cell)
        if values:
            order[0] += 1
            found.append(
                Source(
                    "form",
                    "form" + (f"#{form.attributes.get('id')}" if form.attributes.get("id") else ""),
                    [values],
                    _context(form),
                    order[0],
                )
            )
    return found


def _signature(node: LexborNode) -> str:
    classes = " ".join(sorted((node.attributes.get("class") or "").split()[:1]))
    return f"{node.tag}.{classes}" if classes else node.tag


def _inside(node: LexborNode, tags: frozenset[str]) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag in tags:
            return True
        parent = parent.parent
    return False


def _card(node: LexborNode, base: str) -> dict[str, Cell]:
    fields: dict[str, Cell] = {}
    heading = node.css_first(",".join(_HEADINGS))
    link = (heading.css_first("a[href]") if heading is not None else None) or node.css_first("a[href]")
    title = _text(heading) if heading is not None else (_text(link) if link is not None else "")
    if title:
        fields["title"] = Cell(
            title, href=resolve_url(link.attributes.get("href") or "", base) if link else None
        )
    if link is not None:
        fields["url"] = Cell(_text(link), href=resolve_url(link.attributes.get("href") or "", base))
    time = node.css_first("time")
    if time is not None:
        fields["date"] = Cell(_text(time), datetime=time.attributes.get("datetime"))
    image = node.css_first("img")
    if image is not None:
        fields["image"] = Cell(
            image.attributes.get("alt") or "", href=resolve_url(image.attributes.get("src") or "", base)
        )
    for el in node.css("[class]"):
        text = _text(el)
        if not text or el.mem_id == node.mem_id:
            continue
        for name in (el.attributes.get("class") or "").split():
            fields.setdefault(name, _cell(el, base))
    paragraphs = [p for p in node.css("p") if not p.attributes.get("class") and _text(p)]
    if paragraphs:
        fields["text"] = Cell(_text(paragraphs[0]))
    meta = fields.get("meta") or fields.get("byline")
    if meta is not None:
        for part in re.split(r"\s+[·|•]\s+", meta.text):
            part = part.strip()
            if part and not re.search(r"\d", part) and 1 <= len(part.split()) <= 5:
                fields.setdefault("author", Cell(_BYLINE_PREFIX.sub("", part)))
    author = fields.get("author")
    if author is not None:
        fields["author"] = Cell(_BYLINE_PREFIX.sub("", author.text), href=author.href)
    for line in _text(node).split("  "):
        m = _LABEL_LINE.match(line)
        if m:
            fields.setdefault(_label(m.group(1)), Cell(m.group(2).strip()))
    return fields


def _cards(root: LexborNode, base: str, order: list[int]) -> list[Source]:
    found = []
    seen: set[int] = set()
    for parent in root.css("main, article, section, div, ol, ul, body"):
        children = [c for c in parent.iter() if c.tag not in ("-text", "-comment", "script", "style")]
        if len(children) < 2:
            continue
        counts = Counter(_signature(c) for c in children)
        sig, count = counts.most_common(1)[0]
        if (
            count < 2
            or sig in ("br", "p", "span", "a")
            or _inside(parent, _SKIP_CARD)
            or parent.tag in _SKIP_CARD
        ):
            continue
        group = [c for c in children if _signature(c) == sig]
        if parent.mem_id in seen:
            continue
        seen.add(parent.mem_id)
        records = [_card(c, base) for c in group]
        records = [r for r in records if "title" in r or "text" in r]
        if len(records) < 2:
            continue
        kind = "list" if group[0].tag == "li" else "cards"
        order[0] += 1
        found.append(Source(kind, f"{kind} {sig}", records, _context(parent), order[0]))
    return found


def _lines(root: LexborNode, order: list[int]) -> list[Source]:
    pairs: dict[str, Cell] = {}
    for node in root.css("p, li"):
        m = _LABEL_LINE.match(_text(node))
        if m:
            pairs.setdefault(_label(m.group(1)), Cell(m.group(2).strip()))
    if not pairs:
        return []
    order[0] += 1
    return [Source("lines", "Label: value lines", [pairs], "", order[0])]


def _byline(root: LexborNode, base: str, order: list[int]) -> list[Source]:
    """The page's own title, author and date (an article's header)."""
    fields: dict[str, Cell] = {}
    h1 = root.css_first("main h1") or root.css_first("h1")
    if h1 is not None:
        fields["title"] = Cell(_text(h1))
    author = root.css_first("[rel=author], .author, [itemprop=author], .byline")
    if author is not None and _text(author):
        fields["author"] = Cell(_BYLINE_PREFIX.sub("", _text(author)))
    time = root.css_first("main time[datetime], article time[datetime], time[datetime]")
    if time is not None:
        fields["date"] = Cell(_text(time), datetime=time.attributes.get("datetime"))
    if not fields:
        return []
    order[0] += 1
    return [Source("page", "the page's header", [fields], "", order[0])]


def structures(html: str | bytes, base: str = "") -> list[Source]:
    """Every source of values on the page, in document order of kind (tables first)."""
    tree, _ = parse_html(html)
    tree.strip_tags(STRIP_TAGS)
    root = tree.body or tree.root
    if root is None:
        return []
    lang = (tree.root.attributes.get("lang") if tree.root is not None else "") or ""
    order = [0]
    sources = [
        *_tables(root, base, order),
        *_dls(root, base, order),
        *_forms(root, base, order),
        *_cards(root, base, order),
        *_byline(root, base, order),
        *_lines(root, order),
    ]
    for s in sources:
        s.context = f"{s.context} lang:{lang.lower()}"
    return sources


# -- schemas ------------------------------------------------------------------------------------------


def resolve_schema(schema: Any) -> dict[str, Any]:
    """A JSON Schema dict from a dict or a pydantic model class, local ``$ref`` s inlined.

    Raises:
        ValueError: Not a schema.
    """
    if isinstance(schema, type) and hasattr(schema, "model_json_schema"):
        schema = schema.model_json_schema()
    if not isinstance(schema, dict):
        raise ValueError("The schema must be a JSON Schema object (a dict) or a pydantic model class.")
    validators.validator_for(schema).check_schema(schema)
    defs = {**schema.get("$defs", {}), **schema.get("definitions", {})}

    def inline(node: Any, depth: int = 0) -> Any:
        if depth > 20:
            return node
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.split("/")[-1] in defs:
                merged = {
                    **copy.deepcopy(defs[ref.split("/")[-1]]),
                    **{k: v for k, v in node.items() if k != "$ref"},
                }
                return inline(merged, depth + 1)
            return {k: inline(v, depth + 1) for k, v in node.items() if k not in ("$defs", "definitions")}
        if isinstance(node, list):
            return [inline(v, depth + 1) for v in node]
        return node

    return inline(schema)


def validate(data: Any, schema: dict[str, Any]) -> list[str]:
    """Why ``data`` does not validate against ``schema`` (one line each; empty when it does)."""
    validator = validators.validator_for(schema)(schema)
    errors = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(e.path)):
        where = "/".join(str(p) for p in error.path) or "(top)"
        errors.append(f"{where}: {error.message[:160]}")
    return errors


def _types(schema: dict[str, Any]) -> list[str]:
    kind = schema.get("type")
    if isinstance(kind, list):
        return [str(k) for k in kind]
    if kind:
        return [str(kind)]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return [t for option in schema[key] for t in _types(option)]
    if "properties" in schema:
        return ["object"]
    if "enum" in schema:
        return ["string"]
    return ["string"]


def _main_type(schema: dict[str, Any]) -> str:
    kinds = [k for k in _types(schema) if k != "null"]
    return kinds[0] if kinds else "null"


def _option(schema: dict[str, Any]) -> dict[str, Any]:
    """The non-null option of an ``anyOf`` (pydantic's ``X | None``)."""
    for key in ("anyOf", "oneOf"):
        for option in schema.get(key, []):
            if option.get("type") != "null":
                return {**{k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}, **option}
    return schema


# -- matching fields to keys ------------------------------------------------------------------------


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[^\w]+", " ", text).strip()


def _words(text: str) -> list[str]:
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return [w for w in _fold(text.replace("_", " ")).split() if w]


def field_names(name: str, schema: dict[str, Any]) -> list[str]:
    """How a field may be called on the page: its name, title, the description's phrases, synonyms."""
    names = [" ".join(_words(name))]
    if schema.get("title"):
        names.append(_fold(str(schema["title"])))
    description = str(schema.get("description") or "")
    for phrase in re.split(r"[,;/()]|\bor\b|\boder\b", description):
        phrase = _fold(phrase)
        if phrase and len(phrase.split()) <= 4:
            names.append(phrase)
    for word in list(names):
        names.extend(_SYNONYMS.get(word, ()))
    out: list[str] = []
    for n in names:
        if n and n not in out:
            out.append(n)
    return out


def match_score(names: list[str], key: str) -> float:
    """How well a page key (a header, a label) names a field: 1 exact ... 0 not at all."""
    folded = _fold(key)
    if not folded:
        return 0.0
    best = 0.0
    key_words = set(folded.split())
    for rank, name in enumerate(names):
        weight = 1.0 if rank == 0 else 0.95
        if folded == name:
            return weight
        words = set(name.split())
        if words and words <= key_words:
            best = max(best, weight * (0.6 + 0.3 * len(words) / len(key_words)))
        elif key_words <= words:
            best = max(best, weight * 0.6 * len(key_words) / len(words))
        elif len(name) >= 4 and (name in folded or folded in name):
            best = max(best, weight * 0.5)
    return best


def _assign(fields: dict[str, list[str]], keys: list[str]) -> tuple[dict[str, str], float]:
    """Each field's best key (each key used once), and the mean score over the fields."""
    scored = sorted(
        ((match_score(names, key), f, key) for f, names in fields.items() for key in keys),
        key=lambda x: -x[0],
    )
    chosen: dict[str, str] = {}
    used: set[str] = set()
    total = 0.0
    for score, f, key in scored:
        if score < 0.45 or f in chosen or key in used:
            continue
        chosen[f] = key
        used.add(key)
        total += score
    return chosen, total / max(1, len(fields))


# -- values ---------------------------------------------------------------------------------------


def parse_number(text: str, lang: str = "", integer: bool = False) -> float | int | None:
    """A number from text as pages write it: ``18.432,17``, ``1,234.5``, ``+3,12 %``, ``67379``."""
    m = re.search(r"[-+−]?\d[\d.,'\u202f\u00a0 ]*", text)
    if m is None:
        return None
    raw = (
        m.group(0)
        .replace("−", "-")
        .replace("'", "")
        .replace("\u202f", "")
        .replace("\u00a0", "")
        .replace(" ", "")
    )
    raw = raw.rstrip(".,")
    german = lang.startswith(
        ("de", "fr", "es", "it", "nl", "pt", "pl", "cs", "da", "sv", "nb", "fi", "ru", "tr")
    )
    if "," in raw and "." in raw:
        decimal = "," if raw.rfind(",") > raw.rfind(".") else "."
    elif "," in raw:
        groups = raw.split(",")
        decimal = "" if (len(groups) > 2 or (len(groups[-1]) == 3 and not german)) else ","
    elif "." in raw:
        groups = raw.split(".")
        decimal = "" if (len(groups) > 2 or (len(groups[-1]) == 3 and german)) else "."
    else:
        decimal = ""
    thousands = {",": ".", ".": ",", "": ".,"}[decimal]
    for sep in thousands:
        raw = raw.replace(sep, "")
    if decimal:
        raw = raw.replace(decimal, ".")
    try:
        value = float(raw)
    except ValueError:
        return None
    if integer:
        return int(value) if value.is_integer() else None
    return int(value) if value.is_integer() and "." not in raw else value


_TRUE = {"yes", "ja", "true", "on", "checked", "✓", "✔", "x", "1", "oui", "si", "sí"}
_FALSE = {"no", "nein", "false", "off", "unchecked", "", "0", "non", "–", "-"}


def coerce(cell: Cell, schema: dict[str, Any], lang: str = "") -> tuple[Any, bool]:
    """``cell`` as a value of ``schema``'s type, and whether that worked."""
    schema = _option(schema)
    kind = _main_type(schema)
    text = cell.text
    if "enum" in schema:
        for option in schema["enum"]:
            if _fold(str(option)) == _fold(text) or (cell.checked and option is True):
                return option, True
        for option in schema["enum"]:
            if isinstance(option, str) and _fold(option) and _fold(option) in _fold(text):
                return option, True
        return None, False
    if kind == "string":
        fmt = schema.get("format")
        if fmt in ("uri", "url", "iri", "uri-reference") and cell.href:
            return cell.href, True
        if fmt in ("date-time", "date") and cell.datetime:
            return (cell.datetime[:10] if fmt == "date" else cell.datetime), True
        return text, bool(text)
    if kind in ("number", "integer"):
        value = parse_number(text, lang, integer=kind == "integer")
        return value, value is not None
    if kind == "boolean":
        if cell.checked is not None:
            return cell.checked, True
        folded = _fold(text)
        if folded in _TRUE:
            return True, True
        if folded in _FALSE:
            return False, True
        return None, False
    if kind == "array":
        items = cell.items or [p.strip() for p in re.split(r"[,;]\s*", text) if p.strip()]
        item_schema = schema.get("items") or {"type": "string"}
        out = []
        for item in items:
            value, ok = coerce(Cell(item), item_schema, lang)
            if ok:
                out.append(value)
        return out, bool(out)
    return None, False


# -- putting it together -------------------------------------------------------------------------------


@dataclass
class _Fit:
    data: Any
    score: float
    source: Source | None
    missing: list[str]


def _keywords(text: str) -> set[str]:
    stop = {
        "the",
        "and",
        "for",
        "with",
        "their",
        "all",
        "of",
        "der",
        "die",
        "das",
        "und",
        "mit",
        "den",
        "page",
        "seite",
    }
    return {w for w in _words(text) if len(w) > 2 and w not in stop}


def _record(
    record: dict[str, Cell], props: dict[str, Any], fields: dict[str, list[str]], lang: str
) -> tuple[dict[str, Any], float, list[str]]:
    keys = list(record)
    chosen, score = _assign(fields, keys)
    out: dict[str, Any] = {}
    missing = []
    for name, sub in props.items():
        key = chosen.get(name)
        value, ok = coerce(record[key], sub, lang) if key is not None else (None, False)
        if not ok and key is not None:
            # The best key's value does not fit the type: the next key that does.
            for other in sorted(keys, key=lambda k: -match_score(fields[name], k)):
                if other != key and match_score(fields[name], other) >= 0.45:
                    value, ok = coerce(record[other], sub, lang)
                    if ok:
                        break
        if ok:
            out[name] = value
        else:
            missing.append(name)
    return out, score, missing


def _lang(source: Source) -> str:
    m = re.search(r"lang:(\S*)", source.context)
    return m.group(1) if m else ""


def _fit_object(schema: dict[str, Any], sources: list[Source], instruction: str) -> _Fit:
    props = schema.get("properties") or {}
    fields = {name: field_names(name, sub) for name, sub in props.items()}
    wanted = _keywords(instruction)
    best = _Fit({}, 0.0, None, list(props))
    for source in sources:
        candidates = source.records if source.kind in ("table", "cards", "list") else source.records[:1]
        for record in candidates:
            data, score, missing = _record(record, props, fields, _lang(source))
            if not data:
                continue
            filled = len(data) / max(1, len(props))
            bonus = 0.0
            if source.kind in ("table", "cards", "list"):
                row_words = _keywords(" ".join(c.text for c in record.values()))
                hits = len(wanted & row_words)
                if not hits:
                    continue  # one row of many: only the row the instruction names
                bonus = 0.3 * hits
            context = _keywords(source.context) & wanted
            total = filled + 0.5 * score + bonus + 0.05 * len(context) - 0.001 * source.order
            if total > best.score:
                best = _Fit(data, total, source, missing)
    return best


def _fit_array(schema: dict[str, Any], sources: list[Source], instruction: str) -> _Fit:
    items = _option(schema.get("items") or {})
    wanted = _keywords(instruction)
    if _main_type(items) != "object":
        best = _Fit([], 0.0, None, [])
        for source in sources:
            if source.kind not in ("table", "cards", "list", "dl-terms") or not source.records:
                continue
            keys = list(source.records[0])
            key = keys[0] if source.kind == "table" else ("title" if "title" in keys else keys[0])
            values = [coerce(r[key], items, _lang(source)) for r in source.records if key in r]
            data = [v for v, ok in values if ok]
            score = len(data) / max(1, len(source.records)) + 0.05 * len(_keywords(source.context) & wanted)
            if data and score > best.score:
                best = _Fit(data, score, source, [])
        return best
    props = items.get("properties") or {}
    required = set(items.get("required") or props)
    fields = {name: field_names(name, sub) for name, sub in props.items()}
    best = _Fit([], 0.0, None, list(props))
    for source in sources:
        if source.kind not in ("table", "cards", "list", "dl-terms") or not source.records:
            continue
        keys = list(dict.fromkeys(k for r in source.records for k in r))
        chosen, score = _assign(fields, keys)
        if not chosen or not (set(chosen) & required or not required):
            continue
        rows = []
        for record in source.records:
            data, _, missing = _record(record, props, fields, _lang(source))
            if data and not (set(missing) & required):
                rows.append(data)
        if not rows:
            continue
        covered = len(chosen) / max(1, len(props))
        context = _keywords(source.context) & wanted
        total = covered + 0.5 * score + 0.1 * len(context) + min(len(rows), 50) * 0.002 - 0.001 * source.order
        if source.kind == "table":
            total += 0.05
        if total > best.score:
            best = _Fit(rows, total, source, [p for p in props if p not in chosen])
    return best


def _nullable(schema: dict[str, Any]) -> bool:
    return "null" in _types(schema)


def _repair(data: Any, schema: dict[str, Any]) -> Any:
    """One repair: missing nullable fields set to null, properties the schema forbids dropped."""
    kind = _main_type(schema)
    if kind == "object" and isinstance(data, dict):
        props = schema.get("properties") or {}
        fixed = {
            k: _repair(v, props[k])
            for k, v in data.items()
            if k in props or schema.get("additionalProperties", True) is not False
        }
        for name in schema.get("required") or []:
            if name not in fixed and _nullable(props.get(name, {})):
                fixed[name] = None
        return fixed
    if kind == "array" and isinstance(data, list):
        items = _option(schema.get("items") or {})
        return [_repair(v, items) for v in data]
    return data


def extract_offline(html: str | bytes, schema: Any, instruction: str = "", url: str = "") -> Extraction:
    """Fill ``schema`` from the page's tables, definition lists, forms and repeated cards.

    Args:
        html: The page's HTML (form values as ``value``/``checked``/``selected`` attributes).
        schema: A JSON Schema dict or a pydantic model class.
        instruction: What to extract, in words (picks the row or block the user means).
        url: The page's URL (links are made absolute against it).

    Returns:
        An :class:`Extraction`; ``valid`` is False (with reasons) when nothing on the page fits.
    """
    model = schema if isinstance(schema, type) else None
    resolved = resolve_schema(schema)
    sources = structures(html, url)
    top = _option(resolved)
    kind = _main_type(top)
    if kind == "array":
        fit = _fit_array(top, sources, instruction)
    elif kind == "object":
        props = top.get("properties") or {}
        arrays = {n: s for n, s in props.items() if _main_type(_option(s)) == "array"}
        scalars = {n: s for n, s in props.items() if n not in arrays}
        data: dict[str, Any] = {}
        used: list[str] = []
        missing: list[str] = []
        score = 0.0
        for name, sub in arrays.items():
            part = _fit_array(_option(sub), sources, instruction + " " + name)
            if part.source is not None:
                data[name] = part.data
                used.append(part.source.where)
                score += part.score
            else:
                missing.append(name)
        if scalars:
            part = _fit_object({**top, "properties": scalars}, sources, instruction)
            data.update(part.data)
            missing += part.missing
            if part.source is not None:
                used.append(part.source.where)
            score += part.score
        fit = _Fit(data, score, None, missing)
        fit.source = None
        where = ", ".join(used)
        return _finish(data, resolved, model, where, missing)
    else:
        return Extraction(
            None, False, [f"a top-level {kind!r} schema is not supported offline"], "", "offline"
        )
    return _finish(fit.data, resolved, model, fit.source.where if fit.source else "", fit.missing)


def _finish(data: Any, schema: dict[str, Any], model: Any, where: str, missing: Iterable[str]) -> Extraction:
    errors = validate(data, schema)
    repaired = False
    if errors:
        data = _repair(data, schema)
        repaired = True
        errors = validate(data, schema)
    notes = [f"not on the page: {m}" for m in missing] if not errors else []
    value = None
    if not errors and model is not None:
        try:
            value = model.model_validate(data)
        except Exception as exc:  # pydantic checks more than the JSON Schema says
            errors = [str(exc).splitlines()[0]]
    return Extraction(data, not errors, errors or notes, where, "offline", repaired, value)
