"""Settings and capture decisions (pure functions)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from waypost.archive import ArchiveSettings
from waypost.archive.filters import CaptureFilter, categorize, mime_essence, parse_statuses, select_headers


def test_parse_statuses_should_accept_classes_codes_and_ranges() -> None:
    assert parse_statuses(["2xx", "404", "300-308"]) == ((200, 299), (404, 404), (300, 308))
    with pytest.raises(ValueError, match="'20x' is not understood"):
        parse_statuses(["20x"])


def test_settings_should_refuse_secret_headers_and_bad_statuses() -> None:
    with pytest.raises(ValidationError, match="set-cookie carry credentials"):
        ArchiveSettings(headers=("content-type", "Set-Cookie"))
    with pytest.raises(ValidationError, match="not understood"):
        ArchiveSettings(statuses=("ok",))
    assert ArchiveSettings(headers=("ETag", " etag ")).headers == ("etag",)


def test_settings_should_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYPOST_ARCHIVE_MAX_BODY_BYTES", "1000")
    monkeypatch.setenv("WAYPOST_ARCHIVE_STATUSES", '["2xx", "404"]')
    settings = ArchiveSettings()
    assert settings.max_body_bytes == 1000 and settings.statuses == ("2xx", "404")


def test_capture_filter_should_decide_by_status_type_url_and_size() -> None:
    rules = CaptureFilter.from_settings(
        ArchiveSettings(
            exclude_urls=("*/ads/*", "*.woff2"), exclude_domains=("Tracker.example",), max_body_bytes=10
        )
    )
    assert rules.status_allowed(204) and not rules.status_allowed(301) and not rules.status_allowed(404)
    assert rules.body_wanted("text/html") and rules.body_wanted("application/ld+json")
    assert rules.body_wanted("application/rss+xml") and rules.body_wanted("application/atom+xml")
    assert not rules.body_wanted("image/svg+xml") and not rules.body_wanted("text/css")
    assert not rules.body_wanted("application/javascript")
    assert CaptureFilter.from_settings(ArchiveSettings(include_js=True)).body_wanted("text/javascript")
    assert rules.url_excluded("https://site.test/ads/1.js") and rules.url_excluded("https://a.test/f.woff2")
    assert rules.url_excluded("https://cdn.tracker.example/p") and rules.url_excluded("data:text/plain,x")
    assert not rules.url_excluded("https://site.test/news")
    assert rules.too_large(11) and not rules.too_large(10) and not rules.too_large(None)


def test_select_headers_should_never_pass_credentials() -> None:
    headers = {"Content-Type": "text/html", "Set-Cookie": "a=b", "Authorization": "x", "ETag": '"1"'}
    wanted = ("content-type", "set-cookie", "authorization", "etag")
    assert select_headers(headers, wanted) == {"content-type": "text/html", "etag": '"1"'}


def test_categorize_should_use_resource_type_then_mime() -> None:
    assert categorize("document", "text/html") == "HTML"
    assert categorize("document", "") == "HTML"
    # A tab can show what is not HTML: counted by its type.
    assert categorize("document", "image/png") == "IMAGE"
    assert categorize("document", "application/json") == "OTHER"
    assert categorize("document", "application/zip") == "OTHER"
    assert categorize("fetch", "application/json") == "XHR"
    assert categorize("other", "font/woff2") == "FONT"
    assert categorize("other", "image/png") == "IMAGE"
    assert categorize("other", "video/mp4") == "MEDIA"
    assert categorize("manifest", "application/manifest+json") == "XHR"
    assert categorize("other", "application/octet-stream") == "OTHER"
    assert mime_essence("Text/HTML; charset=UTF-8") == "text/html"
