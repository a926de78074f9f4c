"""Issue 19's failures in real Chromium: grounded answers, honest "not found", learning only when right.

Sites: the demo portal and Harbour Lane Cycles (``tests/sites/harbour.py``), both on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.agent.scripted import ScriptedChatModel, answer, call
from tests.sites.harbour import PHONE, HarbourSite
from waypost.models.planner import OfflinePlanner
from waypost.skills.model import Macro, MacroStep, Skill


@pytest.fixture
def shop() -> Iterator[HarbourSite]:
    with HarbourSite() as site:
        yield site


async def ask(wp, task: str, start: str):
    return await wp.run(task, start_url=start, model=OfflinePlanner(), approve="always")


async def test_the_weather_tomorrow_is_read_from_the_forecast_page(wp, demo_site) -> None:
    result = await ask(wp, "What is the weather tomorrow in Hamburg?", demo_site.url + "/")
    assert result.success and result.verified, result.answer
    assert "8 °C, Sturm" in result.answer and "Sonntag" in result.answer
    assert any("/wetter/" in e["source"] for e in result.evidence)


async def test_a_share_price_comes_from_the_shares_page_not_the_ticker(wp, demo_site) -> None:
    result = await ask(wp, "How much does one Hansekiel Werft share cost right now?", demo_site.url + "/")
    assert result.success and "3,12 €" in result.answer, result.answer
    assert "-38,40" not in result.answer.split("Page text")[0]
    assert any("/aktien/hansekiel-werft" in e["source"] for e in result.evidence)


async def test_an_unanswerable_question_ends_not_found(wp, demo_site) -> None:
    result = await ask(wp, "What does a subscription cost per month?", demo_site.url + "/")
    assert not result.success and not result.verified
    assert "Greta" not in result.answer and "not found" in result.answer.lower()


async def test_the_phone_number_is_on_the_contact_page(wp, shop) -> None:
    for task in ("What's the shop's phone number?", "Find the contact page and tell me the phone number"):
        result = await ask(wp, task, shop.url + "/")
        assert result.success and result.verified and PHONE in result.answer, (task, result.answer)
        assert "Your name" not in result.answer  # not the form's field labels


async def test_a_newsletter_subscription_types_the_email_and_needs_a_confirmation(wp, shop) -> None:
    # The form also wants the privacy box ticked, which the task did not ask for: honestly not done.
    result = await ask(wp, "Subscribe me to the newsletter with sam@example.org", shop.url + "/")
    typed = [a for a in result.actions if a["tool"] == "type"]
    assert typed and typed[0]["args"]["text"] == "sam@example.org"
    assert not result.success and shop.subscribers == []


async def test_a_model_that_ticks_a_box_and_claims_success_is_not_verified(wp, shop) -> None:
    model = ScriptedChatModel(
        [
            call("research_navigate", target=shop.url + "/newsletter"),
            call("check", target="I agree to the privacy notice", checked=True),
            answer("You are subscribed to the newsletter."),
            answer("You are subscribed to the newsletter."),
        ]
    )
    result = await wp.run(
        "Subscribe to the newsletter with a@b.c", start_url=shop.url + "/", model=model, approve="always"
    )
    assert not result.success and not result.verified
    assert result.stop_reason == "not_verified" and "never typed" in (result.why_not or "")
    assert wp.skills.last is not None and wp.skills.last.proposed is None  # nothing learned


async def test_the_first_paragraph_is_the_articles_not_a_readers_comment(wp, shop) -> None:
    result = await ask(wp, "What does the first paragraph say?", shop.url + "/blog/spring-tune-up")
    assert result.success and "After a winter in the shed" in result.answer, result.answer
    assert "Great tips" not in result.answer


async def test_author_date_and_summary_come_from_the_open_article(wp, shop) -> None:
    start = shop.url + "/blog/spring-tune-up"
    author = await ask(wp, "Who wrote this article?", start)
    assert author.success and "Priya Nair" in author.answer, author.answer
    date = await ask(wp, "When was this article published?", start)
    assert date.success and "2026-03-03" in date.answer, date.answer
    summary = await ask(wp, "What is this article about?", start)
    assert summary.success and "checklist" in summary.answer, summary.answer
    for result in (author, date, summary):
        assert all("winter-storage" not in (a["args"].get("target") or "") for a in result.actions)


async def test_the_answer_is_in_the_language_of_the_task(wp, demo_site) -> None:
    result = await ask(
        wp, "When was this article published?", demo_site.url + "/politik/haushalt-einigung-2026.html"
    )
    assert result.success and result.answer.startswith("This article was published"), result.answer
    missing = await ask(wp, "Who wrote this article?", shop_less := demo_site.url + "/impressum")
    assert (shop_less and "Not found" in missing.answer) or missing.success


async def test_a_run_whose_check_fails_learns_no_skill(wp, shop) -> None:
    model = ScriptedChatModel(
        [
            call("research_navigate", target=shop.url + "/contact"),
            answer("The phone number is 0800 123 456."),
            answer("The phone number is 0800 123 456."),
        ]
    )
    result = await wp.run(
        "What's the shop's phone number?", start_url=shop.url + "/", model=model, approve="always"
    )
    assert not result.success and result.stop_reason == "not_verified"
    assert wp.skills.last is not None and wp.skills.last.proposed is None
    assert not [s for s in wp.skills.list() if s.source == "learned"]


async def test_a_skill_whose_replays_fail_the_check_is_demoted_then_retired(wp, shop) -> None:
    origin = shop.url
    wp.skills.add(
        Skill(
            name="learned-shop-phone",
            description="Learned: phone number",
            keywords=["phone"],
            instructions="Open the about page.",
            macro=Macro(
                "What's the shop's phone number?",
                ["origin"],
                [MacroStep("research_navigate", {"target": "{origin}/about"}, "{origin}/about")],
            ),
            confidence=0.6,
            source="learned",
        )
    )

    def liar() -> ScriptedChatModel:
        return ScriptedChatModel([answer("The phone number is 0800 123 456.")] * 3)

    for _ in range(2):
        result = await wp.run(
            "What's the shop's phone number?", start_url=origin + "/", model=liar(), approve="always"
        )
        assert not result.success and result.stop_reason == "not_verified"
    skill = wp.skills.store.get("learned-shop-phone")
    assert skill is not None and skill.retired and skill.failed_checks == 2
    assert "failed the check" in skill.retired_reason and skill.notes
