"""The answer check as plain data: quotes stand on their page, are about the thing asked, cover the task."""

from __future__ import annotations

from waypost.models.answer_check import Evidence, check, find_value, page_key, question

PORTAL = "http://127.0.0.1:9/"
WEATHER = "http://127.0.0.1:9/wetter/"
TABLE = (
    "Vorhersage für Samstag, 14. und Sonntag, 15. März 2026 Stadt Samstag Sonntag Wind "
    "Hamburg 9 °C, Regen 8 °C, Sturm Orkanböen bis 120 km/h Berlin 11 °C, bewölkt 10 °C, Schauer"
)
PAGES = {
    page_key(
        PORTAL
    ): "You are on: Waypost (http://127.0.0.1:9/)\nSamstag, 14. März 2026 Wetter Sturmtief „Greta“",
    page_key(WEATHER): f"Page facts of Wetter\nDate shown on the page: Samstag, 14. März 2026\n{TABLE}",
}


def test_tomorrow_is_not_today() -> None:
    task = "What is the weather tomorrow in Hamburg?"
    today_row = [Evidence("Hamburg 9 °C, Regen", WEATHER, "forecast for Hamburg, Samstag (tomorrow)")]
    wrong = check(
        task,
        "Tomorrow in Hamburg: 9 °C, Regen",
        [*today_row, Evidence("Samstag, 14. März 2026", WEATHER, "today's date")],
        PAGES,
    )
    assert not wrong.verified and "tomorrow" in wrong.why_not
    right = [
        Evidence("Hamburg 9 °C, Regen 8 °C, Sturm", WEATHER, "forecast for Hamburg, Sonntag (tomorrow)"),
        Evidence("Samstag, 14. März 2026", WEATHER, "today's date"),
    ]
    assert check(task, "Tomorrow (Sonntag) in Hamburg: 8 °C, Sturm", right, PAGES).verified


def test_a_quote_must_stand_on_the_page_it_names() -> None:
    ev = [Evidence("Hamburg 12 °C, sonnig", WEATHER, "forecast")]
    verdict = check("What is the weather in Hamburg?", "12 °C, sonnig", ev, PAGES)
    assert not verdict.verified and "not on" in verdict.why_not
    never_read = check(
        "What is the weather in Hamburg?", "9 °C", [Evidence("Hamburg 9 °C", "http://x.test/", "")], PAGES
    )
    assert not never_read.verified and "never read" in never_read.why_not


def test_a_teaser_is_not_a_price_nor_a_phone_number() -> None:
    teaser = [Evidence("Sturmtief „Greta“", PORTAL, "answer")]
    for task in ("What does a subscription cost per month?", "What is the editorial office's phone number?"):
        verdict = check(task, "On Waypost: “Sturmtief „Greta“”", teaser, PAGES)
        assert not verdict.verified, task


def test_a_price_must_be_about_the_thing_asked() -> None:
    pages = {
        page_key(
            "http://s.test/services"
        ): "Inner tube, fitted A new inner tube £8 Cargo bikes and e-bikes: add £10"
    }
    ev = [Evidence("Cargo bikes and e-bikes: add £10", "http://s.test/services", "price")]
    assert not check("How much does a new e-bike cost?", "£10", ev, pages).verified
    q = question("How much does a new inner tube cost?")
    value, quote = find_value(pages[page_key("http://s.test/services")], q) or ("", "")
    assert value == "£8" and "inner tube" in quote
    assert (
        find_value(pages[page_key("http://s.test/services")], question("How much does a new e-bike cost?"))
        is None
    )


def test_a_subscription_needs_the_email_typed_the_form_sent_and_a_confirmation() -> None:
    task = "Subscribe to the newsletter with a@b.c"
    url = "http://s.test/newsletter"
    pages = {
        page_key(url): "You're on the list! Thank you for subscribing. Please agree to the privacy notice."
    }
    ticked = [
        {"tool": "check", "args": {"target": "privacy"}, "ok": True},
        {"tool": "click", "args": {}, "ok": True},
    ]
    verdict = check(
        task, "Subscribed.", [Evidence("Thank you for subscribing", url, "confirmation")], pages, ticked
    )
    assert not verdict.verified and "a@b.c was never typed" in verdict.why_not
    typed = [{"tool": "type", "args": {"target": "email", "text": "a@b.c"}, "ok": True}]
    assert "never sent" in check(task, "Subscribed.", [], pages, typed).why_not
    sent = [*typed, {"tool": "click", "args": {"target": "Subscribe"}, "ok": True}]
    assert "confirmed" in check(task, "Subscribed.", [], pages, sent).why_not
    ok = check(task, "Subscribed.", [Evidence("Thank you for subscribing", url, "confirmation")], pages, sent)
    assert ok.verified


def test_what_a_task_asks() -> None:
    assert question("Who wrote this article?").page_part == "author"
    assert question("When was this published?").page_part == "date"
    assert question("What does the first paragraph say?").page_part == "paragraph"
    assert question("What will the weather be like in Hamburg next Wednesday?").when == "future"
    q = question("How much does one Hansekiel Werft share cost right now?")
    assert q.kind == "price" and q.names == ("Hansekiel Werft",)
    assert question("open the politics section and give me the first headline").kind == "action"


def test_read_page_lines_say_what_the_page_says_about_itself() -> None:
    from waypost.tools.reading import render

    text = render(
        {
            "url": "http://s.test/post",
            "docTitle": "Post | Shop",
            "title": "Post",
            "author": "By Priya Nair",
            "published": "3 March 2026",
            "publishedAt": "2026-03-03",
            "paragraphs": ["After a winter in the shed, most bikes need attention."],
            "links": [["basic service", "http://s.test/services"]],
            "top": "Harbour Lane Cycles Saturday, 14 March 2026 Home",
        }
    )
    assert "Author: By Priya Nair" in text and "Published: 3 March 2026 (datetime 2026-03-03)" in text
    assert (
        "Paragraph 1: After a winter" in text
        and "Body link 1: basic service -> http://s.test/services" in text
    )
    assert "Date shown on the page: Saturday, 14 March 2026" in text
