"""Copies of one element are not a tie; near names are not acted on (issue 17), in real Chromium.

``pages/issue17/copies.html`` has the same Subscribe button, Tweet link and search form in the
masthead and in the footer, look-alike Delete buttons in two staff rows and two "Annual report"
links to different years. ``pages/issue17/near_names.html`` has Diff1 and Diff2 but no Diff3, a
"Please sign in." link in a sentence but no Sign in link, and numbered names and codes.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer
from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")

_RECORD = """() => {
  window.__clicks = [];
  document.addEventListener('click', (e) => {
    const t = e.target.closest('[id]');
    window.__clicks.push(t ? t.id : e.target.tagName);
  }, true);
  document.querySelectorAll('a').forEach((a) => a.addEventListener('click', (e) => e.preventDefault()));
}"""


async def _open(page: Page, pages: PageServer, name: str) -> None:
    await page.goto(pages.url_for(name))
    await page.evaluate(_RECORD)


async def _clicks(page: Page) -> list[str]:
    return await page.evaluate("() => window.__clicks")


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("click Subscribe", "sub-top"),  # same handler in the masthead and the footer
        ("click Tweet", "tweet-top"),
        ("click the Search button", "go-top"),  # same form action in both places
    ],
)
async def test_copies_in_masthead_and_footer_are_acted_on_once(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _open(page, pages, "issue17/copies.html")
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _clicks(page) == [clicked]  # the first in reading order, and only one


async def test_a_copy_in_the_main_landmark_is_preferred(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _open(page, pages, "issue17/copies.html")
    await page.evaluate(
        """() => { const b = document.querySelector('#sub-bottom').cloneNode(true); b.id = 'sub-main';
        document.querySelector('article').appendChild(b); }"""
    )
    report = await quiet.act(page, "click Subscribe")
    assert report.ok, report.text
    assert await _clicks(page) == ["sub-main"]


async def test_a_hidden_copy_is_not_the_one_acted_on(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _open(page, pages, "issue17/copies.html")
    await page.evaluate("() => { document.querySelector('#sub-top').style.display = 'none'; }")
    report = await quiet.act(page, "click Subscribe")
    assert report.ok, report.text
    assert await _clicks(page) == ["sub-bottom"]


@pytest.mark.parametrize(
    "instruction",
    [
        "click Delete",  # Bob's row or Ann's row: different records
        "click Annual report",  # 2024 or 2023: different targets
    ],
)
async def test_look_alikes_that_do_different_things_stay_unsure(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _open(page, pages, "issue17/copies.html")
    report = await quiet.act(page, instruction)
    assert report.steps[0].status == "unsure", report.text
    assert await _clicks(page) == []


async def test_a_row_named_by_its_record_is_acted_on(page: Page, pages: PageServer, quiet: Actor) -> None:
    await _open(page, pages, "issue17/copies.html")
    report = await quiet.act(page, "click Delete for Ann Lowe")
    assert report.ok, report.text
    assert await _clicks(page) == ["del-ann"]


@pytest.mark.parametrize(
    "instruction",
    [
        "click Diff3",  # Diff1 and Diff2 exist: a number is not a near name
        'click "Diff3"',
        "click Sign in",  # only a sentence link 'Please sign in.' exists
        "click Open A-1044",  # codes match exactly or not at all
        "click Patch set 3",  # 'Patch set 1' shares every word but the number
        "click Edit for order 5522",  # the only Edit is in the row of order 5521
        "click Next Page",  # 'Next Chapter' is another next
    ],
)
async def test_near_names_are_not_acted_on(
    page: Page, pages: PageServer, quiet: Actor, instruction: str
) -> None:
    await _open(page, pages, "issue17/near_names.html")
    report = await quiet.act(page, instruction)
    assert not report.ok, report.text
    assert report.steps[0].status in ("unsure", "not_found"), report.text
    assert await _clicks(page) == []


@pytest.mark.parametrize(
    ("instruction", "clicked"),
    [
        ("click Diff1", "d1"),
        ('click "Diff1"', "d1"),
        ("click Patch set 1", "ps1"),
        ("click Open A-1042", "o1042"),
        ("click Edit for order 5521", "edit-5521"),
        ("click Please sign in", "please"),  # the sentence itself, asked for
    ],
)
async def test_exact_names_and_numbers_are_acted_on(
    page: Page, pages: PageServer, quiet: Actor, instruction: str, clicked: str
) -> None:
    await _open(page, pages, "issue17/near_names.html")
    report = await quiet.act(page, instruction)
    assert report.ok, report.text
    assert await _clicks(page) == [clicked]


async def test_a_control_named_exactly_wins_over_a_sentence(
    page: Page, pages: PageServer, quiet: Actor
) -> None:
    await _open(page, pages, "issue17/near_names.html")
    await page.evaluate(
        """() => { const a = document.createElement('a'); a.href = '/account/login'; a.id = 'signin';
        a.textContent = 'Sign in'; document.querySelector('header').appendChild(a);
        a.addEventListener('click', (e) => e.preventDefault()); }"""
    )
    report = await quiet.act(page, "click Sign in")
    assert report.ok, report.text
    assert await _clicks(page) == ["signin"]
