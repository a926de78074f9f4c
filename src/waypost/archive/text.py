"""From a response body to searchable text: decoding, HTML/JSON/XML to text, and a title.

Pure functions on bytes and strings. :func:`html_to_text` is the one place HTML becomes text;
it uses selectolax (Lexbor) directly and can be swapped for the page extractor's full-text
function once ``waypost.page`` offers one.

The archive stores what :func:`archive_text` gives: for HTML, the text with its line breaks (a line
per block) but with the page source's whitespace left in the lines (runs of spaces, blank lines),
because collapsing it was a quarter of the CPU of turning a page into text, and only the few texts
that are read need it. Whatever reads stored text shows it through :func:`normalize_text`, which
gives exactly what :func:`html_to_text` gives (and leaves text that is already clean as it is).
"""

from __future__ import annotations

import codecs
import html
import json
import re
from dataclasses import dataclass
from typing import Any

from selectolax.lexbor import LexborHTMLParser

MAX_JSON_LINES = 200_000
_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
    "main", "nav", "ol", "p", "pre", "section", "summary", "table", "td", "th", "tr", "ul",
})  # fmt: skip
_BREAK = "\x02"  # marks where a block starts, so the text keeps its paragraphs
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_NOT_TEXT = frozenset({
    "script", "style", "noscript", "template", "svg", "canvas", "object", "iframe", "head",
})  # fmt: skip
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)""", re.IGNORECASE)
_XML_ENCODING = re.compile(rb"""<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_:.+-]+)""", re.IGNORECASE)
_CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_XML_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_CHARSET_PARAM = re.compile(r"charset\s*=\s*[\"']?([^\"';\s]+)", re.IGNORECASE)
# WHATWG: labels that mean windows-1252 on the web, whatever they say.
_WEB_ALIASES = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "us-ascii": "cp1252",
                "ascii": "cp1252", "iso8859-1": "cp1252", "l1": "cp1252"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ExtractedText:
    """What the search index holds for one body.

    Attributes:
        title: The document's title (``og:title``, else ``<title>``), or ``""``.
        text: Readable text, paragraphs on their own lines.
    """

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class EncodedText:
    """Text as the archive stores it, in UTF-8, which SQLite stores and indexes as it is (decoding it
    here only to encode it again cost the writer a fifth of its CPU).

    Attributes:
        title: As in :class:`ExtractedText`.
        text: The text, valid UTF-8, a line per block; an HTML page's lines may still hold the
            source's whitespace (see :func:`normalize_text`), never a control character.
    """

    title: str
    text: bytes

    @classmethod
    def of(cls, extracted: ExtractedText) -> EncodedText:
        """Encode extracted text (a lone surrogate, which no extractor should leave, becomes ``?``)."""
        return cls(extracted.title, extracted.text.encode("utf-8", "replace"))


def _codec(label: str | None) -> str | None:
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    label = _WEB_ALIASES.get(label, label)
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def sniff_charset(body: bytes, content_type: str | None) -> str | None:
    """The charset a body declares: BOM, then the Content-Type header, then ``<meta>`` or ``<?xml?>``."""
    if body.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    match = _CHARSET_PARAM.search(content_type or "")
    declared = _codec(match.group(1)) if match else None
    if declared:
        return declared
    head = body[:2048]
    found = _META_CHARSET.search(head) or _XML_ENCODING.search(head)
    return _codec(found.group(1).decode("ascii", "replace")) if found else None


def decode_body(body: bytes, content_type: str | None = None) -> str:
    """Decode a body to text. Never raises.

    UTF-8 is tried first: Chromium hands over text bodies already decoded to UTF-8, whatever
    charset the server declared. Then the declared charset, then windows-1252.
    """
    if body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return body.decode("utf-16", "replace")
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    charset = sniff_charset(body, content_type)
    if charset:
        try:
            return body.decode(charset, "replace")
        except (LookupError, ValueError):
            pass
    return body.decode("cp1252", "replace")


def _clean(raw: str) -> str:
    """Whitespace runs to one space, a line per block (``_BREAK``), no empty lines or control characters.

    The same as ``" ".join(block.split())`` for each block (control characters made spaces
    first), but a block that is printable (so its only whitespace is spaces once newlines are) and
    has no double space is only stripped: splitting every block into words cost more than the
    rest of turning a page into text.
    """
    lines = []
    for part in raw.replace("\n", " ").split(_BREAK):
        part = part.strip()
        if not part:
            continue
        if "  " in part or not part.isprintable():
            part = " ".join(_CONTROL.sub(" ", part).split())
            if not part:  # control characters only
                continue
        lines.append(part)
    return "\n".join(lines)


# ASCII control characters and whitespace other than the newline, to a space, in UTF-8 (where an
# ASCII byte is never part of a longer character).
_LOOSE_BLANKS = bytes(c for c in range(0x20) if c != 0x0A) + b"\x7f"
_TO_SPACE = bytes.maketrans(_LOOSE_BLANKS, b" " * len(_LOOSE_BLANKS))


def _loose(raw: str) -> bytes:
    """A page's text as stored: a line per block (``_BREAK``), the source's newlines and control
    characters as spaces; runs of spaces and blank lines left for :func:`normalize_text`."""
    return raw.replace("\n", " ").replace(_BREAK, "\n").encode("utf-8", "replace").translate(_TO_SPACE)


LOOSE_TYPES = frozenset({"text/html", "application/xhtml+xml"})
"""The types whose stored text is loose (see :func:`archive_text`) and shown through
:func:`normalize_text`; any other type's text is stored as it is shown (JSON keeps its indentation)."""


def normalize_text(text: str) -> str:
    """Stored text as it is shown: each line's whitespace runs to one space, no blank lines.

    On what :func:`archive_text` stores for an HTML page this gives :func:`html_to_text`'s text;
    an HTML page's text stored clean (by an archive written before the text was stored loose)
    comes back as it is.
    """
    return _clean(text.replace("\n", _BREAK))


def _tag_ids(names: frozenset[str]) -> frozenset[int]:
    """Lexbor's ids of standard tags (fixed numbers), read off a small parsed document: comparing a
    node's ``tag_id`` costs less than decoding its ``tag`` name for each node of each page."""
    table = "<table><tr><th></th><td></td></tr></table>"  # cells count only inside a table
    probe = "".join(f"<{name}></{name}>" for name in sorted(names)) + table
    ids = {node.tag: node.tag_id for node in LexborHTMLParser(probe).root.traverse()}
    missing = names - ids.keys()
    assert not missing, f"Lexbor did not parse {missing}"
    return frozenset(ids[name] for name in names)


_BLOCK_IDS = _tag_ids(_BLOCKS)
_NOT_TEXT_IDS = _tag_ids(_NOT_TEXT)
_BREAK_BYTES = _BREAK.encode()  # inserted as given: a str would be encoded for each block


def _html_title(tree: LexborHTMLParser) -> str:
    value = None
    for meta in tree.tags("meta"):  # tags() walks Lexbor's tree in C; a CSS query compiles first
        if meta.attributes.get("property") == "og:title":
            value = meta.attributes.get("content")
            break
    if not value:
        for node in tree.tags("title"):
            value = node.text()
            break
    return _clean(value or "").replace("\n", " ")


def _html_parts(markup: str | bytes) -> tuple[str, str]:
    """An HTML document's title, and its visible text with ``_BREAK`` where each block starts."""
    try:
        tree = LexborHTMLParser(markup)
    except UnicodeError:  # lone surrogates cannot be encoded for the parser
        assert isinstance(markup, str)
        return _html_parts(markup.encode("utf-8", "replace").decode("utf-8"))
    title = _html_title(tree)
    root = tree.body or tree.root
    if root is None:
        return title, ""
    hidden = []
    for node in root.traverse():  # one walk with set lookups, not a CSS query per tag name
        tag = node.tag_id
        if tag in _BLOCK_IDS:
            node.insert_before(_BREAK_BYTES)
        elif tag in _NOT_TEXT_IDS:
            hidden.append(node)
    for node in reversed(hidden):  # innermost first: a node is never used after its ancestor is gone
        node.decompose()
    return title, root.text(deep=True, separator="")


def html_to_text(markup: str | bytes) -> ExtractedText:
    """The title and visible text of an HTML document (scripts, styles and embeds left out).

    Args:
        markup: The document as text, or as UTF-8 bytes (parsed without decoding them first).
    """
    title, raw = _html_parts(markup)
    return ExtractedText(title, _clean(raw))


def _flatten(value: Any, indent: str, lines: list[str]) -> None:
    """YAML-like lines: each key once where it occurs, nesting by indentation, list items as ``-``."""
    items = value.items() if isinstance(value, dict) else (("-", v) for v in value)
    for key, item in items:
        if len(lines) >= MAX_JSON_LINES:
            return
        label = "-" if key == "-" and not isinstance(value, dict) else f"{key}:"
        if isinstance(item, dict | list):
            if item:
                lines.append(f"{indent}{label}")
                _flatten(item, indent + "  ", lines)
        elif item is not None and item != "":
            lines.append(f"{indent}{label} {item if isinstance(item, str) else json.dumps(item)}")


def json_to_text(source: str) -> ExtractedText:
    """JSON as indented ``key: value`` lines; text that is not JSON stays as it is."""
    try:
        data = json.loads(source)
    except ValueError:
        return ExtractedText("", source.strip())
    lines: list[str] = []
    if isinstance(data, dict | list):
        _flatten(data, "", lines)
    elif data is not None:
        lines.append(str(data))
    title = ""
    if isinstance(data, dict):
        title = next((str(data[k]) for k in ("title", "name", "titel") if isinstance(data.get(k), str)), "")
    text = "\n".join(lines)
    if "\\u" in source:  # an escaped lone surrogate ("\\ud83d") is not a character: U+FFFD stands for it
        title, text = _SURROGATE.sub("\ufffd", title), _SURROGATE.sub("\ufffd", text)
    return ExtractedText(title[:300], text)


def xml_to_text(source: str) -> ExtractedText:
    """Text of an XML document (RSS, Atom...), with escaped HTML inside it taken out too.

    Uses regular expressions rather than an XML parser: feeds are often malformed, and no entity
    in an untrusted document gets expanded.
    """
    unwrapped = _CDATA.sub(lambda m: html.escape(m.group(1), quote=False), source)
    title_match = _XML_TITLE.search(unwrapped)
    title = html.unescape(_TAG.sub(" ", html.unescape(title_match.group(1)))) if title_match else ""
    text = _TAG.sub(_BREAK, unwrapped)
    text = _TAG.sub(" ", html.unescape(text))  # escaped markup inside <description> and the like
    return ExtractedText(_clean(title), _clean(html.unescape(text)))


def _is_plain_utf8(body: bytes) -> bool:
    """True for valid UTF-8 without a byte order mark (what :func:`decode_body` would read as UTF-8)."""
    if body.startswith(codecs.BOM_UTF8) or body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    if body.isascii():
        return True
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _markup(body: bytes, content_type: str | None) -> str | bytes:
    """An HTML body for the parser: as it is when it is plain UTF-8 (the parser reads UTF-8, so
    decoding first would only encode it again), else decoded."""
    return body if _is_plain_utf8(body) else decode_body(body, content_type)


def extract_text(body: bytes, mime: str, content_type: str | None = None) -> ExtractedText:
    """Title and text of a body of any archived type. Never raises.

    Args:
        body: The raw body as the server sent it (content encoding already undone).
        mime: Its MIME essence, lowercase (``text/html``).
        content_type: The full Content-Type header, for its charset.
    """
    if mime in LOOSE_TYPES:
        return html_to_text(_markup(body, content_type))
    if mime == "application/pdf":
        from waypost.page.pdf import pdf_text

        return ExtractedText(*pdf_text(body))
    source = decode_body(body, content_type)
    if "json" in mime:
        return json_to_text(source)
    if mime.endswith("xml"):
        return xml_to_text(source)
    return ExtractedText("", normalize_text(source))


def archive_text(body: bytes, mime: str, content_type: str | None = None) -> EncodedText:
    """What the archive stores for a body: :func:`extract_text`, except that an HTML page's lines
    keep the source's whitespace (shown through :func:`normalize_text`). Never raises on a body
    :func:`extract_text` reads.
    """
    if mime in LOOSE_TYPES:
        title, raw = _html_parts(_markup(body, content_type))
        return EncodedText(title, _loose(raw))
    return EncodedText.of(extract_text(body, mime, content_type))
