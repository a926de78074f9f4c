"""Plain data about one screen: its interactive elements, overlay candidates and fingerprint.

Built from the JSON the in-page inventory returns; nothing here touches Playwright, so ranking
and selector synthesis are tested on hand-made descriptors.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class ElementDescriptor:
    """What the inventory saw of one interactive element.

    Attributes:
        index: Position in the screen's inventory; the page keeps the element under this index.
        tag: Lower-case tag name.
        role: Explicit or implicit ARIA role ('' if none, 'generic' for pointer-only elements).
        type: ``type`` attribute of inputs, lower-case.
        name: Accessible name (aria-labelledby, aria-label, label, content, title, placeholder).
        text: Visible text content.
        placeholder: ``placeholder`` attribute.
        title: ``title`` attribute (tooltip).
        label: Text of associated ``<label>`` elements or aria-labelledby targets.
        section: Title of the nearest heading or landmark the element sits under.
        nearby: Text of the row, list item or block around it.
        form: Form id, name, aria-label and action.
        id: ``id`` attribute.
        name_attr: ``name`` attribute.
        data: ``data-*`` attributes.
        classes: Class names of the element and its first descendants (icon hints).
        href: ``href`` attribute as written.
        value: Current value (never of password fields), or the selected option's label.
        checked: Checked state of checkboxes, radios and switches, else ``None``.
        options: Option labels of a ``<select>``.
        visible: Has a box and is not ``visibility:hidden``.
        enabled: Not disabled, not ``aria-disabled``.
        in_viewport: Intersects the viewport.
        box: ``(x, y, width, height)`` in top-page viewport coordinates.
        depth: DOM depth.
        frames: Selectors of the iframes the element is inside, outermost first.
        shadow: Inside an open shadow root.
        overlays: Ids of the overlay candidates that contain the element.
        in_main: Inside ``<main>``.
        editable: ``contenteditable`` host.
        readonly: ``readonly`` input.
        has_label: Has an associated ``<label>``.
        expanded: ``aria-expanded``, if set.
        popup: ``aria-haspopup``, if set.
        path: A structural CSS path within its frame (the last-resort selector).
        region: The landmarks it is in, outermost first, each with a page-unique number
            ('header#0 nav#1'); copies of one control in two places have different regions.
        handler: Its ``onclick`` attribute, if any.
    """

    index: int
    tag: str
    role: str = ""
    type: str = ""
    name: str = ""
    text: str = ""
    placeholder: str = ""
    title: str = ""
    label: str = ""
    section: str = ""
    nearby: str = ""
    form: str = ""
    id: str = ""
    name_attr: str = ""
    data: dict[str, str] = field(default_factory=dict)
    classes: str = ""
    href: str = ""
    value: str = ""
    checked: bool | None = None
    options: tuple[str, ...] = ()
    visible: bool = True
    enabled: bool = True
    in_viewport: bool = True
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    depth: int = 0
    frames: tuple[str, ...] = ()
    shadow: bool = False
    overlays: tuple[int, ...] = ()
    in_main: bool = False
    editable: bool = False
    readonly: bool = False
    has_label: bool = False
    expanded: bool | None = None
    popup: str = ""
    path: str = ""
    region: str = ""
    handler: str = ""

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ElementDescriptor:
        """Build from one entry of the inventory script's ``elements``.

        Every field is given, so the instance is filled directly: a frozen dataclass's
        ``__init__`` sets each field through ``object.__setattr__``, which dominated building a
        screen of thousands of elements.
        """
        box = d.get("box") or (0, 0, 0, 0)
        obj = object.__new__(cls)
        obj.__dict__.update(
            index=int(d["i"]),
            tag=d.get("tag", ""),
            role=d.get("role", "") or "",
            type=d.get("type", "") or "",
            name=d.get("name", "") or "",
            text=d.get("text", "") or "",
            placeholder=d.get("ph", "") or "",
            title=d.get("title", "") or "",
            label=d.get("label", "") or "",
            section=d.get("section", "") or "",
            nearby=d.get("near", "") or "",
            form=d.get("form", "") or "",
            id=d.get("id", "") or "",
            name_attr=d.get("nm", "") or "",
            data=dict(d.get("data") or {}),
            classes=d.get("cls", "") or "",
            href=d.get("href", "") or "",
            value=d.get("value", "") or "",
            checked=d.get("checked"),
            options=tuple(d.get("opts") or ()),
            visible=bool(d.get("vis", True)),
            enabled=bool(d.get("en", True)),
            in_viewport=bool(d.get("inv", True)),
            box=(int(box[0]), int(box[1]), int(box[2]), int(box[3])),
            depth=int(d.get("depth", 0)),
            frames=tuple(d.get("frames") or ()),
            shadow=bool(d.get("shadow", False)),
            overlays=tuple(d.get("ov") or ()),
            in_main=bool(d.get("main", False)),
            editable=bool(d.get("ce", False)),
            readonly=bool(d.get("ro", False)),
            has_label=bool(d.get("lab_for", False)),
            expanded=d.get("expanded"),
            popup=d.get("popup", "") or "",
            path=d.get("path", "") or "",
            region=d.get("reg", "") or "",
            handler=d.get("oc", "") or "",
        )
        return obj

    @classmethod
    def from_row(
        cls, r: list[Any], strs: list[str], lists: list[list[Any]], paths: list[str]
    ) -> ElementDescriptor:
        """Build from one row of the inventory script's compact ``elements``.

        A row is an array of fields in a fixed order, strings given by their number in ``strs``,
        frame and overlay lists by their number in ``lists`` and the path by its number in
        ``paths`` (see ``INVENTORY_JS``); the result is the same as :meth:`from_json` of the
        equivalent object.
        """
        box = r[17]
        flags = r[19]
        data = r[14]
        opts = r[27]
        chk = (flags >> 8) & 3
        exp = (flags >> 10) & 3
        obj = object.__new__(cls)
        obj.__dict__.update(
            index=r[0],
            tag=strs[r[1]],
            role=strs[r[2]],
            type=strs[r[3]],
            name=strs[r[4]],
            text=strs[r[5]],
            placeholder=strs[r[6]],
            title=strs[r[7]],
            label=strs[r[8]],
            section=strs[r[9]],
            nearby=strs[r[10]],
            form=strs[r[11]],
            id=strs[r[12]],
            name_attr=strs[r[13]],
            data={strs[data[k]]: strs[data[k + 1]] for k in range(0, len(data), 2)} if data else {},
            classes=strs[r[15]],
            href=strs[r[16]],
            value=strs[r[26]],
            checked=None if not chk else chk == 2,
            options=tuple(strs[k] for k in opts) if opts else (),
            visible=bool(flags & 1),
            enabled=bool(flags & 2),
            in_viewport=bool(flags & 4),
            box=(int(box[0]), int(box[1]), int(box[2]), int(box[3])),
            depth=r[18],
            frames=tuple(lists[r[20]]),
            shadow=bool(flags & 8),
            overlays=tuple(lists[r[21]]),
            in_main=bool(flags & 16),
            editable=bool(flags & 32),
            readonly=bool(flags & 64),
            has_label=bool(flags & 128),
            expanded=None if not exp else exp == 2,
            popup=strs[r[25]],
            path=paths[r[24]],
            region=strs[r[22]],
            handler=strs[r[23]],
        )
        return obj

    @property
    def display_name(self) -> str:
        """The best short human name: accessible name, else label, placeholder, title or text."""
        # A box's value is what the form submits ("on" unless the page says otherwise), not a name.
        shown = "" if self.type in ("checkbox", "radio") and self.value == "on" else self.value
        for value in (self.name, self.label, self.placeholder, self.title, self.text, shown):
            if value:
                return value
        return self.id or self.name_attr or ""

    def describe(self, max_len: int = 60) -> str:
        """One short line, e.g. ``button "Anmelden"``, for models and logs."""
        kind = self.role or self.tag
        if self.tag == "input" and self.type == "password":
            kind = "password field"
        name = " ".join(self.display_name.split())
        if len(name) > max_len:
            name = name[: max_len - 1] + "…"
        return f'{kind} "{name}"' if name else kind


@dataclass(frozen=True)
class OverlayEvidence:
    """An element that may be an overlay (dialog, modal, fixed layer) and the evidence for it.

    Attributes:
        index: Overlay candidate id, as referenced by :attr:`ElementDescriptor.overlays`.
        dialog: ``role=dialog``/``alertdialog`` or an open ``<dialog>``.
        modal: ``aria-modal=true`` or a modal ``<dialog>``.
        z_index: Computed z-index (0 for auto).
        fixed: ``position: fixed``.
        coverage: Share of the viewport its box covers (0..1).
        on_top: The element at its own centre point belongs to it.
        covers_center: The element at the viewport's centre belongs to it.
        focus_inside: The focused element is inside it (a focus trap).
        recent: Added or changed (hidden/open/class/style) in the last seconds.
        visible: Has a box.
        label: Its aria-label or heading.
        text: Its text, shortened.
        cookie_words: Its id, class or text mentions cookies, consent or privacy.
        tag: Tag name.
        id: ``id`` attribute.
        depth: DOM depth.
    """

    index: int
    dialog: bool = False
    modal: bool = False
    z_index: int = 0
    fixed: bool = False
    coverage: float = 0.0
    on_top: bool = False
    covers_center: bool = False
    focus_inside: bool = False
    recent: bool = False
    visible: bool = True
    label: str = ""
    text: str = ""
    cookie_words: bool = False
    tag: str = ""
    id: str = ""
    depth: int = 0

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> OverlayEvidence:
        """Build from one entry of the inventory script's ``overlays``."""
        return cls(
            index=int(d["i"]),
            dialog=bool(d.get("dialog")),
            modal=bool(d.get("modal")),
            z_index=int(d.get("z") or 0),
            fixed=bool(d.get("fixed")),
            coverage=float(d.get("coverage") or 0.0),
            on_top=bool(d.get("on_top")),
            covers_center=bool(d.get("covers_center")),
            focus_inside=bool(d.get("focus_inside")),
            recent=bool(d.get("recent")),
            visible=bool(d.get("vis", True)),
            label=d.get("label", "") or "",
            text=d.get("text", "") or "",
            cookie_words=bool(d.get("cookie")),
            tag=d.get("tag", "") or "",
            id=d.get("id", "") or "",
            depth=int(d.get("depth") or 0),
        )


@dataclass(frozen=True)
class Screen:
    """One inventory of a page: what can be acted on right now.

    Attributes:
        url: The page URL.
        title: The document title.
        elements: Interactive elements, in document order.
        overlays: Overlay candidates, outermost first.
        viewport: ``(width, height)``.
        scroll: ``(x, y)`` scroll offset.
        page_height: Scrollable height of the document.
        generation: Inventory counter of this page (the page keeps the latest inventory's elements).
        script_ms: Milliseconds the in-page script took.
    """

    url: str
    title: str
    elements: tuple[ElementDescriptor, ...]
    overlays: tuple[OverlayEvidence, ...] = ()
    viewport: tuple[int, int] = (1280, 720)
    scroll: tuple[int, int] = (0, 0)
    page_height: int = 0
    generation: int = 0
    script_ms: float = 0.0

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Screen:
        """Build from the inventory script's result."""
        vp = d.get("viewport") or (1280, 720)
        sc = d.get("scroll") or (0, 0)
        return cls(
            url=d.get("url", ""),
            title=d.get("title", ""),
            elements=_elements(d),
            overlays=tuple(OverlayEvidence.from_json(o) for o in d.get("overlays", ())),
            viewport=(int(vp[0]), int(vp[1])),
            scroll=(int(sc[0]), int(sc[1])),
            page_height=int(d.get("page_height") or 0),
            generation=int(d.get("gen") or 0),
            script_ms=float(d.get("ms") or 0.0),
        )

    @property
    def site(self) -> str:
        """Host (and port) of the page: the first part of memory keys."""
        return urlsplit(self.url).netloc.lower()

    @property
    def path(self) -> str:
        """The URL path, the second part of memory keys."""
        return urlsplit(self.url).path or "/"

    @property
    def fingerprint(self) -> str:
        """URL path plus a hash of the interactive structure (tags, roles, names; not ids).

        Two inventories with the same fingerprint can share one index. Generated ids are left
        out, so a page that re-renders with new ids keeps its fingerprint.
        """
        h = hashlib.blake2b(digest_size=8)
        h.update(self.path.encode())
        for e in self.elements:
            h.update(
                f"\x1f{e.tag}\x1e{e.role}\x1e{e.type}\x1e{e.name}\x1e{e.label}\x1e{e.placeholder}".encode()
            )
        return f"{self.path}#{h.hexdigest()}"


def _elements(d: dict[str, Any]) -> tuple[ElementDescriptor, ...]:
    """The descriptors of an inventory result: compact rows (with ``strs``) or one object each."""
    strs = d.get("strs")
    if strs is None:
        return tuple(ElementDescriptor.from_json(e) for e in d.get("elements", ()))
    lists = d.get("lists") or [[]]
    paths = decode_paths(d)
    return tuple(ElementDescriptor.from_row(r, strs, lists, paths) for r in d.get("elements", ()))


def decode_paths(d: dict[str, Any]) -> list[str]:
    """The CSS paths of an inventory result's path table (parent, separator, segment triples)."""
    strs = d.get("strs") or [""]
    flat = d.get("paths") or []
    paths: list[str] = []
    for k in range(0, len(flat), 3):
        parent, sep, seg = flat[k], flat[k + 1], strs[flat[k + 2]]
        paths.append(seg if parent < 0 else paths[parent] + (" > " if sep == 1 else " >> ") + seg)
    return paths
