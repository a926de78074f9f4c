"""The bundled demo site: cookie banner, login, search and the contact form, in real Chromium."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from waypost.retrieval import Actor

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_banner_covers_the_page_until_dismissed_then_login_works(
    page: Page, demo_site: object, actor: Actor
) -> None:
    await page.goto(demo_site.url_for("/login"))  # type: ignore[attr-defined]
    blocked = await actor.click(page, "the login button")
    assert blocked.status == "not_actionable" and "cookie banner" in blocked.text
    dismissed = await actor.dismiss_overlays(page)
    assert dismissed.ok and "Ablehnen" in dismissed.text, dismissed.text
    report = await actor.act(
        page, "type demo into username, type demo into the password field and click the login button"
    )
    assert report.ok, report.text
    final = report.steps[-1]
    assert final.change is not None and final.change.url_after.endswith("/konto")
    assert "Mein Konto" in final.text
    assert await page.text_content("#login-status") == "Angemeldet als demo"


async def test_german_login_and_search_with_memory(page: Page, demo_site: object, actor: Actor) -> None:
    await page.context.add_cookies([{"name": "consent", "value": "no", "url": demo_site.url}])  # type: ignore[attr-defined]
    await page.goto(demo_site.url_for("/login"))  # type: ignore[attr-defined]
    report = await actor.act(
        page, "gib demo in Benutzername ein, tippe demo in das Passwortfeld und drücke Enter"
    )
    assert report.ok, report.text
    assert page.url.endswith("/konto")
    await page.goto(demo_site.url_for("/login"))  # type: ignore[attr-defined]
    again = await actor.type(page, "Benutzername", "demo")
    assert again.ok and again.from_memory
    search = await actor.act(page, "suche nach Klima")
    assert search.ok, search.text
    assert "/suche?q=Klima" in page.url


async def test_contact_form_with_radios_select_textarea_and_checkboxes(
    page: Page, demo_site: object, actor: Actor
) -> None:
    await page.context.add_cookies([{"name": "consent", "value": "no", "url": demo_site.url}])  # type: ignore[attr-defined]
    await page.goto(demo_site.url_for("/kontakt"))  # type: ignore[attr-defined]
    steps = (
        "click Frau; type Ada Lovelace into name; type ada@example.org into the e-mail address; "
        "select Technisches Problem from Thema; type Die Suche findet nichts. into Ihre Nachricht; "
        "check Datenschutzerklärung gelesen; click Nachricht senden"
    )
    report = await actor.act(page, steps)
    assert report.ok, report.text
    assert len(report.steps) == 7
    assert await page.locator("#contact-success").count() == 1
    summary = await page.text_content("dl.summary") or ""
    assert "Frau" in summary and "Technisches Problem" in summary and "Die Suche findet nichts." in summary


async def test_stats_count_the_demo_actions(page: Page, demo_site: object, actor: Actor) -> None:
    await page.context.add_cookies([{"name": "consent", "value": "no", "url": demo_site.url}])  # type: ignore[attr-defined]
    await page.goto(demo_site.url_for("/"))  # type: ignore[attr-defined]
    assert (await actor.click(page, "Wirtschaft")).ok
    assert actor.store is not None
    records = list(actor.store.actions())
    assert records[-1].action == "click" and records[-1].chosen_rank == 1 and records[-1].success
    assert records[-1].topk and records[-1].features
