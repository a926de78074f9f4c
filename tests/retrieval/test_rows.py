"""Repeated controls picked by their record, seats by row and number, copies told apart by their
surroundings (issue 17), in real Chromium.

Pages under ``pages/rows/``: an HTML table of team members (Edit, Delete, Archive in some rows), a
German table of links, a Czech ARIA grid, a social feed of posts with icon buttons and a "who to
follow" list, an e-mail inbox with trash icons, a shopping cart with product cards, two seat maps
and a blog sidebar (archive tree, user menu, languages, people to follow). Each record carries a
``data-r`` name that the inventory does not read from the controls; the tests record which record's
control was clicked.
"""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.retrieval.site import PageServer, record_clicks
from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")

_RECORD = record_clicks("button, a, [role=button]")


async def _run(
    page: Page, pages: PageServer, actor: Actor, name: str, instruction: str
) -> tuple[bool, list[str]]:
    await page.goto(pages.url_for(f"rows/{name}"))
    await page.evaluate(_RECORD)
    report = await actor.act(page, instruction)
    return report.ok, await page.evaluate("() => window.__clicks")


@pytest.mark.parametrize(
    ("name", "instruction", "clicked"),
    [
        # an HTML table: by position among the rows (the header row is not one) or by a name in the row
        ("table.html", "Delete on the 3rd row", "carol:Delete"),
        ("table.html", "click Delete in the third row", "carol:Delete"),
        ("table.html", "click Delete in the last row", "alice-cooper:Delete"),
        ("table.html", "click the Edit button in Bob's row", "bob:Edit"),
        ("table.html", "click Archive for Dave Brown", "dave:Archive"),
        # German links, a Czech ARIA grid (verbless, diacritics, inflected ordinals)
        ("table_de.html", "Bearbeiten in der Zeile von Müller", "mueller:Bearbeiten"),
        ("table_de.html", "Klicke auf Löschen in der zweiten Zeile", "mueller:Löschen"),
        ("table_cs.html", "Odstraň druhý řádek", "novakova:Odstranit"),
        ("table_cs.html", "Klikněte na Upravit v řádku Svoboda", "svoboda:Upravit"),
        # a social feed: icon buttons named by aria-label, handles matched exactly (@jane, not @janet)
        ("feed.html", "Like the post by @jane", "post-jane:Like"),
        ("feed.html", "click Retweet on the post by @janet", "post-janet:Retweet"),
        ("feed.html", "follow Jane Doe", "follow-jane:Follow"),
        ("feed.html", "For the user @jane, click on the Reply button", "post-jane:Reply"),
        ("feed.html", "click the Reply button under the tweet from @jane", "post-jane:Reply"),
        # an inbox: a trash icon (title, icon class) in the mail whose sender is Trixi
        ("inbox.html", "click the trash icon of the email from Trixi", "trixi:Move to trash"),
        ("inbox.html", "archive the email from Marek", "marek:Archive"),
        # a cart and product cards that differ only in their text
        ("cart.html", "remove the item 'USB cable' from the cart", "usb-cable:Remove"),
        ("cart.html", "remove USB charger from the cart", "usb-charger:Remove"),
        ("cart.html", "buy the blue mug", "blue-mug:Buy"),
        ("cart.html", "click Buy for the Red mug", "red-mug:Buy"),
        # seat maps: the seat's number inside the row labelled with the row's number
        ("seats.html", "click Řada 5, místo 1", "r5s1:1"),
        ("seats.html", "klikněte na místo 3 v řadě 2", "r2s3:3"),
        ("seats_en.html", "click seat 1 in row 3", "r3s1:Row 3, seat 1"),
    ],
)
async def test_control_in_its_record(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str, clicked: str
) -> None:
    ok, clicks = await _run(page, pages, quiet, name, instruction)
    assert ok, instruction
    assert clicks == [clicked]


@pytest.mark.parametrize(
    ("name", "instruction"),
    [
        ("table.html", "click the Edit button in Alice's row"),  # two rows of an Alice
        ("table.html", "click Delete in Zoe's row"),  # no such record
        ("table.html", "click Archive in Bob's row"),  # Bob's row has no Archive
        ("table.html", "click Delete in the 7th row"),  # five rows
        ("table_de.html", "Bearbeiten in der Zeile von Schulz"),
        ("feed.html", "Like the post by @tom"),  # two posts by @tom
        ("feed.html", "Like the post by @jan"),  # @jane and @janet are not @jan
        ("feed.html", "follow Mary Doe"),
        ("feed.html", "Like all posts by @mary"),  # nobody of that name: not every post
        ("cart.html", "buy the mug"),  # a blue and a red mug
        ("cart.html", "click Buy"),  # three products
        ("cart.html", "remove the item 'Keyboard' from the cart"),
        ("seats.html", "click Řada 7, místo 1"),  # five rows
        ("seats.html", "click Řada 2, místo 9"),  # six seats a row
        ("seats_en.html", "click seat 9 in row 3"),
        ("archive.html", "press the Follow button"),  # two people to follow
    ],
)
async def test_no_record_or_several_is_unsure(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str
) -> None:
    ok, clicks = await _run(page, pages, quiet, name, instruction)
    assert not ok, instruction
    assert clicks == []


@pytest.mark.parametrize(
    ("name", "instruction", "clicked"),
    [
        # the menu opener named for the user, not the "Users" link
        ("people.html", "open the user menu", "account:Account"),
        ("archive.html", "open the user menu", "user-menu:User menu"),
        # the archive tree's toggle beside the year, not the year's link
        ("archive.html", "expand 2015 in the blog archive", "y2015:►"),
        ("archive.html", "click 2015", "y2015:2015"),
        # the option named exactly so, not one that has it as a part
        ("lang_ja.html", "click 日本語", "ja:日本語"),
        ("lang_ja.html", "日本語をクリック", "ja:日本語"),
        ("archive.html", "click 日本語", "ja:日本語"),
        # copies in different cards, told apart by the card
        ("people.html", "follow Ben Ode", "ben:Follow"),
        ("people.html", "click Save", "save:Save"),
    ],
)
async def test_generic_nouns_and_copies(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str, clicked: str
) -> None:
    ok, clicks = await _run(page, pages, quiet, name, instruction)
    assert ok, instruction
    assert clicks == [clicked]


@pytest.mark.parametrize(
    ("name", "instruction"),
    [
        ("people.html", "press the Follow button"),  # two cards, neither named
        ("lang_ja.html", "click 英語"),  # only as a part of 日本語・英語
        ("lang_ja.html", "click ドイツ語"),  # only as a part of フランス語／ドイツ語
    ],
)
async def test_generic_nouns_unsure(
    page: Page, pages: PageServer, quiet: Actor, name: str, instruction: str
) -> None:
    ok, clicks = await _run(page, pages, quiet, name, instruction)
    assert not ok, instruction
    assert clicks == []


async def test_all_posts_by_one_author(page: Page, pages: PageServer, quiet: Actor) -> None:
    ok, clicks = await _run(page, pages, quiet, "feed.html", "Like all posts by @tom")
    assert ok
    assert clicks == ["post-tom-1:Like", "post-tom-2:Like"]
