from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.conftest import CORPUS
from waypost.browser.blocking import detect_block
from waypost.browser.retry import backoff_delay, classify_error, plain_error, retry_after_seconds


@pytest.mark.parametrize(
    ("message", "reason", "retryable"),
    [
        ("Page.goto: net::ERR_NAME_NOT_RESOLVED at http://x/", "dns", True),
        ("net::ERR_CONNECTION_REFUSED", "refused", True),
        ("net::ERR_CONNECTION_RESET", "reset", True),
        ("Timeout 3000ms exceeded.", "timeout", True),
        ("net::ERR_CERT_AUTHORITY_INVALID", "cert_authority_invalid", False),
        ("net::ERR_BLOCKED_BY_CLIENT", "blocked_by_policy", False),
        ("something odd", "error", False),
    ],
)
def test_classify_error(message: str, reason: str, retryable: bool) -> None:
    kind = classify_error(message)
    assert (kind.reason, kind.retryable) == (reason, retryable)


def test_backoff_follows_schedule_with_bounded_jitter() -> None:
    rng = random.Random(1)
    delays = (2.0, 5.0, 10.0)
    for attempt, base in [(1, 2.0), (2, 5.0), (3, 10.0), (7, 10.0)]:
        values = [backoff_delay(attempt, delays, 0.25, rng) for _ in range(50)]
        assert all(base * 0.75 <= v <= base * 1.25 for v in values)
        assert len(set(values)) > 1  # jitter really varies
    assert retry_after_seconds("120") == 30.0 and retry_after_seconds("2") == 2.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") is None


@pytest.mark.parametrize(
    ("title", "html", "status", "provider"),
    [
        ("Just a moment...", "<div class='cf-turnstile'></div>", 403, "turnstile"),
        ("Attention Required! | Cloudflare", "<p>Cloudflare Ray ID</p>", 403, "unknown"),
        ("", "<h1>Checking if the site connection is secure</h1>", 503, "unknown"),
        ("x", "<script src='/cdn-cgi/challenge-platform/h/b/'></script>", 200, "cloudflare"),
        ("", "<div class='g-recaptcha' data-sitekey='k'></div>", 200, "recaptcha"),
        ("Robot?", "<div class='h-captcha'></div>", 429, "hcaptcha"),
    ],
)
def test_walls_are_detected(title: str, html: str, status: int, provider: str) -> None:
    block = detect_block(title, html, status)
    assert block is not None and block.kind == "captcha" and block.provider == provider


def test_a_form_with_recaptcha_on_a_real_page_is_not_a_wall() -> None:
    html = "<main>" + "<p>Plenty of real article text about the topic at hand.</p>" * 40
    html += "<form><div class='g-recaptcha'></div></form></main>"
    assert detect_block("Contact us - Example", html, 200) is None


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not beside the checkout")
def test_no_false_positives_on_the_real_page_corpus() -> None:
    flagged = []
    for source in sorted(Path(CORPUS).glob("*/source.html")):
        html = source.read_text(encoding="utf-8", errors="replace")
        title = html.split("<title", 1)[1].split(">", 1)[1].split("</title", 1)[0] if "<title" in html else ""
        if detect_block(title, html, 200):
            flagged.append(source.parent.name)
    assert flagged == []


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("Page.goto: net::ERR_UNSAFE_PORT at http://127.0.0.1:6000/", "refuse this port"),
        ("Page.goto: net::ERR_BLOCKED_BY_CLIENT at http://example.org/\nCall log:\n  - x", "URL policy"),
        ("Page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/", "nothing is listening"),
        ("Page.goto: net::ERR_NAME_NOT_RESOLVED at http://nosuch.invalid/", "host name does not exist"),
        ("Page.goto: net::ERR_SOMETHING_NEW at http://x/", "could not load it"),
    ],
)
def test_chromium_errors_are_said_in_plain_words_on_one_line(message: str, words: str) -> None:
    text = plain_error(message)
    code = message.split("net::")[1].split()[0]
    assert words in text and text.endswith(f"(net::{code})") and "\n" not in text
    assert "Page.goto" not in text
