"""Zero-width, bidi-control and tag characters never reach what a model reads (issue 20, finding 10)."""

from __future__ import annotations

import pytest

from waypost.page import parse_page, render_view

HIDDEN = [
    "\u200b",  # zero-width space
    "\u200c\u200d",  # zero-width non-joiner, joiner
    "\u2060",  # word joiner
    "\ufeff",  # BOM
    "\u202e",  # right-to-left override
    "\u2066\u2069",  # bidi isolates
    "\u200e\u200f",  # LRM, RLM
    "\u00ad",  # soft hyphen
    "\U000e0049\U000e0047\U000e004e",  # tag characters: hidden ASCII ("IGN")
    "&#x200b;",  # the same as an entity
    "&#8238;",  # RLO as a decimal entity
]


@pytest.mark.parametrize("hidden", HIDDEN)
def test_labels_titles_excerpts_and_forms_are_clean(hidden: str) -> None:
    html = (
        f"<html><head><title>Sh{hidden}op</title></head><body><main>"
        f"<h1>Our sh{hidden}op</h1><p>Welcome to the sh{hidden}op. We sell books and more.</p>"
        f"<a href='/cart'>Ca{hidden}rt</a> <a href='/pay' title='P{hidden}ay'>P{hidden}ay now</a>"
        f"<form action='/s'><label for=q>Se{hidden}arch</label><input id=q name=q>"
        f"<button>G{hidden}o</button></form></main></body></html>"
    )
    model = parse_page(html, "https://shop.example/")
    labels = {link.label for link in model.links}
    assert {"Cart", "Pay now"} <= labels, labels
    assert model.title == "Shop"
    view = render_view(model, show_forms=True)
    for ch in ("\u200b", "\u202e", "\ufeff", "\u2066", "\u00ad", "\U000e0049", "\u200d"):
        assert ch not in view.text
    assert "Cart" in view.text and "Welcome to the shop" in view.text
