"""HAR 1.2 export: the structure validates, and Chromium can serve pages back from the file."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.archive.archive_site import ArchiveSite
from tests.archive.conftest import browse, capturing
from tests.archive.har_schema import HAR_12
from waypost.archive import Archive
from waypost.browser.pool import SessionPool
from waypost.config import Settings

pytestmark = pytest.mark.browser


async def _browse_some(archive: Archive, pool: SessionPool, site: str, fixture_site: str) -> None:
    await browse(archive, pool, site + "/xhr-page?n=2", wait_for_done=True)
    await browse(archive, pool, site + "/latin1", "other")
    await browse(archive, pool, site + "/binary-page", wait_for_done=True)
    await browse(archive, pool, fixture_site + "/external-resources")  # failed requests


async def test_har_export_should_validate_against_har_1_2(
    settings: Settings, archive_site: ArchiveSite, fixture_server: object, tmp_path: Path
) -> None:
    async with capturing(settings) as (archive, pool):
        await _browse_some(archive, pool, archive_site.url, fixture_server.url)  # type: ignore[attr-defined]
        count = await archive.export_har(tmp_path / "all.har")
        only_other = await archive.export_har(tmp_path / "other.har", session_id="other")

    har = json.loads((tmp_path / "all.har").read_text(encoding="utf-8"))
    jsonschema.validate(har, HAR_12, format_checker=jsonschema.FormatChecker())
    entries = har["log"]["entries"]
    assert len(entries) == count and count >= 8
    assert only_other == 1
    assert json.loads((tmp_path / "other.har").read_text())["log"]["entries"][0]["request"]["url"].endswith(
        "/latin1"
    )

    page_ids = {p["id"] for p in har["log"]["pages"]}
    assert all(e["pageref"] in page_ids for e in entries)
    by_url = {e["request"]["url"].removeprefix(archive_site.url): e for e in entries}
    item = by_url["/api/item/1.json"]["response"]
    assert json.loads(item["content"]["text"]) == {"item": 1, "word": "quokka1", "tags": ["x", "y"]}
    assert {"name": "content-type", "value": "application/json"} in item["headers"]
    assert by_url["/xhr-page?n=2"]["request"]["queryString"] == [{"name": "n", "value": "2"}]
    assert by_url["/blob.bin"]["response"]["content"]["comment"] == "body not archived: not_kept"
    failed = [e for e in entries if e["response"]["status"] == 0]
    assert failed and all("ERR_" in e["_error"] for e in failed)
    assert oct((tmp_path / "all.har").stat().st_mode & 0o777) == "0o600"


async def test_har_export_should_replay_in_chromium(
    settings: Settings, archive_site: ArchiveSite, tmp_path: Path
) -> None:
    har_path = tmp_path / "replay.har"
    async with capturing(settings) as (archive, pool):
        await browse(archive, pool, archive_site.url + "/xhr-page?n=4", wait_for_done=True)
        await archive.export_har(har_path)

    hits_before = sum(archive_site.hits.values())
    async with SessionPool(settings) as pool, pool.session("replay") as session:
        await session.context.route_from_har(har_path, not_found="abort")
        await session.page.goto(archive_site.url + "/xhr-page?n=4")
        await session.page.wait_for_function("document.getElementById('status').textContent === 'done'")
        items = await session.page.locator("#items li").all_inner_texts()
    assert sorted(items) == sorted([f"quokka{i}" for i in range(4)] + ["latecomer"])
    assert sum(archive_site.hits.values()) == hits_before  # everything came from the HAR file
