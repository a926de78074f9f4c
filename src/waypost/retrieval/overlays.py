"""Overlays: which layer is on top, how sure we are, and which button closes a cookie banner.

An overlay score in 0..1 comes from the evidence the inventory collects (dialog role,
aria-modal, z-index, fixed position, viewport coverage, being on top, a focus trap, nodes just
added). It decides how much elements inside the active overlay are preferred over the page
behind it (soft gating, not a filter).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from waypost.retrieval.descriptor import ElementDescriptor, OverlayEvidence, Screen
from waypost.retrieval.text import field_words, words

OVERLAY_WEIGHTS: dict[str, float] = {
    "bias": -3.2,
    "dialog": 1.6,
    "modal": 1.8,
    "z_index": 0.8,
    "fixed": 0.9,
    "coverage": 1.6,
    "on_top": 1.2,
    "covers_center": 0.8,
    "focus_inside": 1.0,
    "recent": 0.8,
    "cookie_words": 0.6,
}
"""Weights of the overlay score's logistic model (hand-set; the evidence names are the fields of
:class:`~waypost.retrieval.descriptor.OverlayEvidence`)."""

ACTIVE_THRESHOLD = 0.5

_CLOSE_WORDS = frozenset(
    {"close", "schliessen", "§close", "dismiss", "later", "später", "nein", "no", "danke"}
)
_SETTINGS_WORDS = frozenset(
    {"settings", "einstellungen", "anpassen", "customize", "customise", "manage", "verwalten", "more", "mehr"}
)


@dataclass(frozen=True)
class ActiveOverlay:
    """The overlay on top, if any.

    Attributes:
        index: Its overlay candidate id.
        score: Overlay score in 0..1 (the gate ``g``).
        cookie_banner: It looks like a cookie or consent banner.
        label: Its label or heading.
    """

    index: int
    score: float
    cookie_banner: bool
    label: str


def overlay_score(ev: OverlayEvidence, weights: dict[str, float] | None = None) -> float:
    """Probability that ``ev`` is an overlay that sits in front of the page."""
    w = weights or OVERLAY_WEIGHTS
    if ev.tag == "nav" and not (ev.dialog or ev.modal or ev.covers_center or ev.recent):
        # A fixed side bar of links beside the page (Read the Docs' theme) is the page's layout: it
        # covers nothing. A menu that opened over the page (just changed, or over its centre) is one.
        return 0.0
    z = min(1.0, math.log10(1 + max(ev.z_index, 0)) / 3.0)
    x = (
        w["bias"]
        + w["dialog"] * ev.dialog
        + w["modal"] * ev.modal
        + w["z_index"] * z
        + w["fixed"] * ev.fixed
        + w["coverage"] * min(1.0, ev.coverage * 2)
        + w["on_top"] * ev.on_top
        + w["covers_center"] * ev.covers_center
        + w["focus_inside"] * ev.focus_inside
        + w["recent"] * ev.recent
        + w["cookie_words"] * ev.cookie_words
    )
    return 1.0 / (1.0 + math.exp(-x))


def is_cookie_banner(ev: OverlayEvidence) -> bool:
    """A consent layer: cookie or privacy words on a dialog or a fixed, raised layer."""
    return ev.cookie_words and ev.visible and (ev.dialog or ev.modal or ev.fixed or ev.z_index > 0)


def active_overlay(screen: Screen) -> ActiveOverlay | None:
    """The overlay on top of the page, or ``None`` when nothing scores above 0.5.

    Of nested candidates (a backdrop and the dialog in it) the innermost one that scores well is
    taken, so that 'inside the overlay' means inside the dialog box.
    """
    best: ActiveOverlay | None = None
    best_key: tuple[float, int] | None = None
    for ev in screen.overlays:
        if not ev.visible or (not ev.on_top and not ev.covers_center):
            continue
        score = overlay_score(ev)
        if score < ACTIVE_THRESHOLD:
            continue
        key = (round(score, 1), ev.depth)
        if best_key is None or key > best_key:
            best = ActiveOverlay(ev.index, score, is_cookie_banner(ev), ev.label)
            best_key = key
    return best


def cookie_banners(screen: Screen) -> list[OverlayEvidence]:
    """Visible overlay candidates that look like cookie or consent banners, outermost first."""
    found = [ev for ev in screen.overlays if is_cookie_banner(ev)]
    # Keep outermost ones: a banner's inner box is the same banner.
    inner = {
        e.overlays[-1]
        for e in screen.elements
        if len(e.overlays) > 1 and any(o.index in e.overlays[:-1] for o in found)
    }
    return [ev for ev in found if ev.index not in inner or len(found) == 1]


def dismissable(screen: Screen) -> list[OverlayEvidence]:
    """Layers ``dismiss_overlays`` may close, most urgent first: cookie banners, then visible
    dialogs and raised fixed layers on top (pop-ups), best overlay score first."""
    banners = cookie_banners(screen)
    seen = {b.index for b in banners}
    others = [
        ev
        for ev in screen.overlays
        if ev.index not in seen
        and ev.visible
        and (ev.on_top or ev.covers_center)
        and (ev.dialog or ev.modal or (ev.fixed and ev.z_index > 0))
        and overlay_score(ev) >= 0.3
    ]
    others.sort(key=lambda ev: -overlay_score(ev))
    return banners + others


def elements_in(screen: Screen, overlay_index: int) -> list[ElementDescriptor]:
    """Elements inside an overlay candidate."""
    return [e for e in screen.elements if overlay_index in e.overlays]


def choose_dismiss_button(
    elements: Iterable[ElementDescriptor], prefer: Literal["reject", "accept"] = "reject"
) -> ElementDescriptor | None:
    """The button that closes a consent banner: reject (or accept, as configured), else close.

    Buttons that open settings ('Einstellungen', 'Customize') are never chosen.
    """
    order = ("§reject", "§accept") if prefer == "reject" else ("§accept", "§reject")
    scored: list[tuple[int, int, ElementDescriptor]] = []
    for e in elements:
        if not e.visible or not e.enabled or e.role not in ("button", "link", "generic", ""):
            continue
        if e.tag == "a" and e.href and not e.href.startswith(("#", "javascript:")):
            continue  # a link to the privacy policy
        names = field_words(f"{e.name} {e.title} {e.id} {' '.join(e.data.values())}")
        if names & _SETTINGS_WORDS and not names & {"§accept", "§reject"}:
            continue
        rank = None
        for i, concept in enumerate(order):
            if concept in names:
                rank = i
                break
        if rank is None and names & _CLOSE_WORDS:
            rank = 2
        if rank is not None:
            scored.append((rank, len(words(e.name)), e))
    if not scored:
        return None
    scored.sort(key=lambda t: (t[0], t[1]))
    return scored[0][2]


def describe_cover(cover: dict[str, str] | None) -> str:
    """Words for what covers an element, from the validation script's ``cover``."""
    if not cover:
        return "another element"
    text = " ".join((cover.get("label") or cover.get("text") or "").split())[:70]
    kind = (
        "a dialog"
        if cover.get("role") in ("dialog", "alertdialog") or cover.get("tag") == "dialog"
        else "a layer"
    )
    if is_cookie_text(text):
        kind = "a cookie banner"
    return f'{kind} ("{text}")' if text else kind


def is_cookie_text(text: str) -> bool:
    """Whether a text talks about cookies or consent."""
    lowered = text.casefold()
    return any(
        k in lowered for k in ("cookie", "consent", "einwillig", "privacy", "privatsph", "datenschutz")
    )


def overlay_labels(screen: Screen, indices: Sequence[int]) -> list[str]:
    """Labels of the given overlay candidates, for messages."""
    by_index = {o.index: o for o in screen.overlays}
    return [by_index[i].label for i in indices if i in by_index and by_index[i].label]


_AGREE = frozenset(
    {"§accept", "ok", "okay", "agree", "zustimmen", "einverstanden", "akzeptieren", "allow", "erlauben"}
)


def is_consent_button(e: ElementDescriptor, choice: Literal["accept", "reject"] | str = "accept") -> bool:
    """A button that answers a consent request: it says accept (or reject) and it or its
    surroundings talk about cookies. A 'Cookie settings' link is never one."""
    if e.role not in ("button", "link", "generic", "") or (
        e.tag == "a" and e.href and not e.href.startswith(("#", "javascript:"))
    ):
        return False
    names = field_words(f"{e.name} {e.title} {e.id}")
    if names & _SETTINGS_WORDS:
        return False
    says = names & ({"§reject"} if choice == "reject" else _AGREE)
    return bool(says) and is_cookie_text(f"{e.name} {e.section} {e.nearby} {e.form}")
