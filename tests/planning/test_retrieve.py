"""Two-stage retrieval, diversity, the token cap and the index cache, in real Chromium."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.page import count_tokens
from waypost.planning import EvidenceRetriever, Filters, Negatives, QuerySpec, RetrievalLimits

pytestmark = pytest.mark.asyncio(loop_scope="session")

SHOP = (
    """<!doctype html><title>Shop</title><main>
<h2>Products</h2><ul>
"""
    + "".join(f'<li>Lamp {i} <a href="/p/{i}">Details</a></li>' for i in range(10))
    + """</ul>
<button id="product-details">Product details sheet</button>
<h2>Shipping</h2><p>Delivery in two days.</p><a href="/shipping">Shipping details</a>
<section aria-label="Account"><h2>Account</h2><button id="save-account">Save</button></section>
<section aria-label="Newsletter"><h2>Newsletter</h2><button id="save-news">Save</button></section>
</main>"""
)


async def test_retrieve_should_rank_the_named_link_first_with_its_section(
    page: Page, pages: PageServer
) -> None:
    await page.goto(pages.url_for("news_de.html"))
    pack = await EvidenceRetriever().retrieve(page, QuerySpec(intent="navigate", keywords=["Politik"]))
    first = pack.items[0]
    assert (first.role, first.label, first.section) == ("link", "Politik", "Ressorts")
    assert first.selectors and first.element is not None
    assert pack.numbers == list(range(1, len(pack.items) + 1))
    assert '[1] link "Politik"' in pack.render()


async def test_diversity_should_keep_look_alike_links_from_filling_the_pack(page: Page) -> None:
    await page.set_content(SHOP)
    retriever = EvidenceRetriever()
    same = await retriever.retrieve(
        page, QuerySpec(intent="click", keywords=["details"], k=3, diversity=False)
    )
    mixed = await retriever.retrieve(page, QuerySpec(intent="click", keywords=["details"], k=4))
    assert [i.label for i in same.items] == ["Details"] * 3
    labels = [i.label for i in mixed.items]
    assert labels.count("Details") == 2  # two stand for all ten, the rest of the pack is different
    assert {"Product details sheet", "Shipping details"} <= set(labels)
    assert "+8 alike" in mixed.render()


async def test_section_hint_and_negative_sections_should_steer_the_first_stage(page: Page) -> None:
    await page.set_content(SHOP)
    retriever = EvidenceRetriever()
    hinted = await retriever.retrieve(
        page, QuerySpec(intent="click", keywords=["save"], filters=Filters(section_hint="newsletter"))
    )
    assert hinted.items[0].section == "Newsletter"
    account = await retriever.retrieve(
        page, QuerySpec(intent="click", keywords=["save"], filters=Filters(section_hint="account"))
    )
    assert account.items[0].section == "Account"
    negatives = Negatives(sections={"Account"})
    left = await retriever.retrieve(page, QuerySpec(intent="click", keywords=["save"]), negatives)
    assert {i.section for i in left.items} == {"Newsletter"}
    assert 'section "Account"' in left.render()


async def test_role_filters_and_extract_intent(page: Page) -> None:
    await page.set_content(SHOP)
    retriever = EvidenceRetriever()
    buttons = await retriever.retrieve(
        page, QuerySpec(intent="click", keywords=["details"], filters=Filters(roles=["button"]))
    )
    assert [i.label for i in buttons.items] == ["Product details sheet"]
    text = await retriever.retrieve(page, QuerySpec(intent="extract", keywords=["delivery", "shipping"]))
    assert text.items[0].role == "text" and "Delivery in two days" in text.items[0].snippet


async def test_the_pack_should_stay_under_its_token_cap(page: Page) -> None:
    await page.set_content(SHOP)
    retriever = EvidenceRetriever(limits=RetrievalLimits(token_cap=70))
    pack = await retriever.retrieve(page, QuerySpec(intent="click", keywords=["details", "lamp"], k=10))
    assert len(pack.items) > 2
    assert count_tokens(pack.render()) <= 70


async def test_the_index_cache_should_hit_on_an_unchanged_screen_and_miss_after_a_change(page: Page) -> None:
    await page.set_content(SHOP)
    retriever = EvidenceRetriever()
    spec = QuerySpec(intent="click", keywords=["save"])
    first = await retriever.retrieve(page, spec)
    second = await retriever.retrieve(page, QuerySpec(intent="click", keywords=["details"]))
    assert (first.cache_hit, second.cache_hit) == (False, True)
    assert first.fingerprint == second.fingerprint
    await page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend', '<button>Undo</button>')"
    )
    third = await retriever.retrieve(page, spec)
    assert not third.cache_hit and third.fingerprint != first.fingerprint
    assert (retriever.hits, retriever.misses) == (1, 2)
