"""Selector synthesis: the most stable selector that singles an element out.

Order: ``data-testid`` and similar test attributes, other ``data-*``; ``id`` (unless it looks
generated); ``name``; role + accessible name (``get_by_role``); label; placeholder;
``a[href=…]``; a short text match. A structural CSS path, asked from the page, is the last
resort and is never remembered.

A :class:`Selector` is a plain value with a string form a model can copy and pass back::

    css=#username
    role=button[name="Anmelden"]
    label="E-Mail-Adresse *"
    frame=iframe#payment >> placeholder="Card number"
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from waypost.page.text import squash
from waypost.retrieval.descriptor import ElementDescriptor

if TYPE_CHECKING:
    from playwright.async_api import FrameLocator, Locator, Page

SelectorKind = Literal["testid", "data", "id", "name", "role", "label", "placeholder", "href", "text", "path"]

STABILITY: dict[str, float] = {
    "testid": 1.0,
    "id": 0.9,
    "data": 0.85,
    "name": 0.8,
    "role": 0.75,
    "label": 0.7,
    "placeholder": 0.6,
    "href": 0.55,
    "text": 0.45,
    "path": 0.1,
}

TEST_ATTRIBUTES = (
    "data-testid",
    "data-test-id",
    "data-test",
    "data-qa",
    "data-cy",
    "data-e2e",
    "data-automation-id",
    "data-automation",
)
# Roles Playwright's get_by_role accepts and that name an element well.
_ROLE_SELECTABLE = frozenset(
    {
        "button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
        "menuitemradio", "option", "combobox", "textbox", "searchbox", "listbox", "slider",
        "spinbutton", "treeitem",
    }
)  # fmt: skip
_SIMPLE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_GENERATED_PREFIX = re.compile(
    r"^(ember|ext-gen|yui_|gwt-|mui-|radix-|headlessui-|react-select-|downshift-|rc-|uid-|id-|el-|"
    r"field-|input-|ctrl-|control-|auto-|gen-|tmp-|x-)",
    re.IGNORECASE,
)
_HEXISH = re.compile(r"[0-9a-f]{6,}", re.IGNORECASE)
_SELECTOR_SYNTAX = re.compile(
    r"^(?P<frames>(?:frame=.+? >> )*)(?P<kind>css|role|label|placeholder|text)=(?P<body>.+)$", re.DOTALL
)
_ROLE_BODY = re.compile(r'^(?P<role>[a-z]+)(?:\[name="(?P<name>(?:[^"\\]|\\.)*)"\])?$')


def looks_generated(value: str) -> bool:
    """Whether an id or attribute value looks machine-made (``:r1:``, ``ember123``, ``btn-4f9a2c``)."""
    if not value or len(value) > 40 or ":" in value or " " in value:
        return True
    digits = sum(c.isdigit() for c in value)
    if re.search(r"\d{3,}", value):
        return True
    if _HEXISH.search(value) and digits >= 2:
        return True
    if _GENERATED_PREFIX.match(value) and digits:
        return True
    return digits >= 2 and digits / len(value) > 0.25


def quote(value: str) -> str:
    """A double-quoted string for CSS attribute values and selector bodies."""
    value = " ".join(value.split())
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _unquote(body: str) -> str:
    body = body.strip()
    if len(body) >= 2 and body[0] == body[-1] == '"':
        return re.sub(r"\\(.)", r"\1", body[1:-1])
    return body


@dataclass(frozen=True)
class Selector:
    """A way to find one element, independent of Playwright until :meth:`locator` is called.

    Attributes:
        kind: The strategy (``testid``, ``id``, ``role`` ...).
        value: CSS for CSS kinds; the name or text for ``role``, ``label``, ``placeholder``, ``text``.
        role: The ARIA role, for ``kind="role"``.
        frames: CSS selectors of the iframes to enter first, outermost first.
    """

    kind: SelectorKind
    value: str
    role: str = ""
    frames: tuple[str, ...] = field(default=())

    @property
    def stability(self) -> float:
        """How well the selector survives re-renders (1 best)."""
        return STABILITY[self.kind]

    @property
    def is_css(self) -> bool:
        return self.kind in ("testid", "data", "id", "name", "href", "path")

    def __str__(self) -> str:
        prefix = "".join(f"frame={f} >> " for f in self.frames)
        if self.is_css:
            return f"{prefix}css={self.value}"
        if self.kind == "role":
            name = f"[name={quote(self.value)}]" if self.value else ""
            return f"{prefix}role={self.role}{name}"
        return f"{prefix}{self.kind}={quote(self.value)}"

    @classmethod
    def parse(cls, text: str) -> Selector | None:
        """Read a selector back from its string form, or ``None`` if ``text`` is not one."""
        m = _SELECTOR_SYNTAX.match(text.strip())
        if not m:
            return None
        frames = tuple(f for f in m.group("frames").split(" >> ") if f)
        frames = tuple(f.removeprefix("frame=") for f in frames)
        kind, body = m.group("kind"), m.group("body").strip()
        if kind == "css":
            return cls(_css_kind(body), body, frames=frames)
        if kind == "role":
            rm = _ROLE_BODY.match(body)
            if not rm:
                return None
            name = re.sub(r"\\(.)", r"\1", rm.group("name") or "")
            return cls("role", name, role=rm.group("role"), frames=frames)
        return cls(kind, _unquote(body), frames=frames)  # type: ignore[arg-type]

    def locator(self, page: Page) -> Locator:
        """A Playwright locator for this selector on ``page`` (no I/O)."""
        scope: Page | FrameLocator = page
        for f in self.frames:
            scope = scope.frame_locator(f)
        if self.is_css:
            return scope.locator(self.value)
        if self.kind == "role":
            if self.value:
                return scope.get_by_role(self.role, name=self.value, exact=True)  # type: ignore[arg-type]
            return scope.get_by_role(self.role)  # type: ignore[arg-type]
        if self.kind == "label":
            return scope.get_by_label(self.value, exact=True)
        if self.kind == "placeholder":
            return scope.get_by_placeholder(self.value, exact=True)
        return scope.get_by_text(self.value, exact=True)

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly form for the memory store."""
        return {"kind": self.kind, "value": self.value, "role": self.role, "frames": list(self.frames)}

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Selector:
        """Inverse of :meth:`to_dict`."""
        frames = d.get("frames") or []
        assert isinstance(frames, list)
        return cls(
            kind=str(d["kind"]),  # type: ignore[arg-type]
            value=str(d["value"]),
            role=str(d.get("role") or ""),
            frames=tuple(str(f) for f in frames),
        )


def _css_kind(css: str) -> SelectorKind:
    if any(a in css for a in TEST_ATTRIBUTES):
        return "testid"
    if css.startswith("#") or css.startswith("[id="):
        return "id"
    if "[data-" in css:
        return "data"
    if "[name=" in css:
        return "name"
    if "[href=" in css:
        return "href"
    return "path"


@dataclass
class InventoryCounts:
    """How often attribute values occur on one screen, to skip selectors that cannot be unique."""

    ids: Counter[str]
    names: Counter[tuple[str, str]]
    data: Counter[tuple[str, str]]
    role_names: Counter[tuple[str, str]]
    labels: Counter[str]
    placeholders: Counter[str]
    hrefs: Counter[str]
    texts: Counter[str]

    @classmethod
    def of(cls, elements: Sequence[ElementDescriptor]) -> InventoryCounts:
        # Once per screen, not once per ranking of it (kept for the last few immutable tuples).
        for held, counts in _COUNTS_CACHE:
            if held is elements:
                return counts
        counts = cls._count(elements)
        if isinstance(elements, tuple):
            _COUNTS_CACHE.insert(0, (elements, counts))
            del _COUNTS_CACHE[4:]
        return counts

    @classmethod
    def _count(cls, elements: Sequence[ElementDescriptor]) -> InventoryCounts:
        return cls(
            ids=Counter(e.id for e in elements if e.id),
            names=Counter((e.tag, e.name_attr) for e in elements if e.name_attr),
            data=Counter((k, v) for e in elements for k, v in e.data.items()),
            role_names=Counter((e.role, _norm(e.name)) for e in elements if e.name),
            labels=Counter(_norm(e.label) for e in elements if e.label),
            placeholders=Counter(_norm(e.placeholder) for e in elements if e.placeholder),
            hrefs=Counter(e.href for e in elements if e.href),
            texts=Counter(_norm(e.text) for e in elements if e.text),
        )


_COUNTS_CACHE: list[tuple[Sequence[ElementDescriptor], InventoryCounts]] = []


def _norm(text: str) -> str:
    return squash(text).casefold()


def synthesize(e: ElementDescriptor, counts: InventoryCounts) -> list[Selector]:
    """Selectors for ``e``, most stable first, leaving out those that cannot be unique on the screen.

    Args:
        e: The element.
        counts: Attribute value counts of the screen it is on.

    Returns:
        Candidate selectors; each must still be validated on the live page.
    """
    out: list[Selector] = []
    fr = e.frames

    def add(kind: SelectorKind, value: str, role: str = "") -> None:
        sel = Selector(kind, value, role=role, frames=fr)
        if sel not in out:
            out.append(sel)

    for attr in TEST_ATTRIBUTES:
        v = e.data.get(attr)
        if v and counts.data[(attr, v)] == 1:
            add("testid", f"[{attr}={quote(v)}]")
    for attr, v in e.data.items():
        if attr in TEST_ATTRIBUTES or not v or looks_generated(v) or counts.data[(attr, v)] != 1:
            continue
        add("data", f"{e.tag}[{attr}={quote(v)}]")
    if e.id and not looks_generated(e.id) and counts.ids[e.id] == 1:
        add("id", f"#{e.id}" if _SIMPLE_ID.match(e.id) else f"[id={quote(e.id)}]")
    if e.name_attr and not looks_generated(e.name_attr):
        if counts.names[(e.tag, e.name_attr)] == 1:
            add("name", f"{e.tag}[name={quote(e.name_attr)}]")
        elif e.type in ("radio", "checkbox") and e.value:
            add("name", f"{e.tag}[name={quote(e.name_attr)}][value={quote(e.value)}]")
    name = " ".join(e.name.split())
    password = e.tag == "input" and e.type == "password"
    role_ok = e.role in _ROLE_SELECTABLE and bool(name) and len(name) <= 80 and not password
    if role_ok and counts.role_names[(e.role, _norm(name))] == 1:
        add("role", name, role=e.role)
    label = " ".join(e.label.split())
    if label and len(label) <= 80 and counts.labels[_norm(label)] == 1:
        add("label", label)
    ph = " ".join(e.placeholder.split())
    if ph and counts.placeholders[_norm(ph)] == 1:
        add("placeholder", ph)
    if e.href and not e.href.startswith("javascript:") and counts.hrefs[e.href] == 1:
        add("href", f"a[href={quote(e.href)}]")
    text = " ".join(e.text.split())
    if (
        text
        and len(text) <= 40
        and counts.texts[_norm(text)] == 1
        and e.tag not in ("input", "select", "textarea")
    ):
        add("text", text)
    return out
