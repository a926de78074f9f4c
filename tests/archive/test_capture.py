"""Capture in real Chromium against sites on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.archive.archive_site import (
    LATIN1_PAGE,
    SECRET_BEARER,
    SECRET_COOKIE,
    ArchiveSite,
    data_word,
    session_word,
)
from tests.archive.conftest import browse, capturing, database_bytes
from waypost.archive import Archive, ArchiveStore, BodyState
from waypost.archive.store import StoredDocument
from waypost.browser.pool import SessionPool
from waypost.config import Settings
from waypost.page import count_tokens

pytestmark = pytest.mark.browser


def documents(settings: Settings, session_id: str | None = None) -> list[StoredDocument]:
    store = ArchiveStore(settings.data_dir / "archive.db", create=False)
    try:
        return list(store.documents(session_id))
    finally:
        store.close()


def by_path(docs: list[StoredDocument], site_url: str) -> dict[str, StoredDocument]:
    return {d.url.removeprefix(site_url): d for d in docs}


async def test_archive_browsed_page_should_be_found_by_a_word_from_its_body(
    captured: tuple[Archive, SessionPool], demo_site: object
) -> None:
    archive, pool = captured
    url = demo_site.url + "/politik/"  # type: ignore[attr-defined]
    stats = await browse(archive, pool, url)
    assert stats.document_id is not None
    async with pool.session() as session:
        words = await session.page.locator("main p").first.inner_text()
    word = max(words.split(), key=len).strip(".,;:!?»«\"'()")

    hits = await archive.search(word)

    assert hits, f"no hit for {word!r}"
    assert any(hit.id == stats.document_id and hit.url == url for hit in hits)
    assert f"**{word.lower()}**" in hits[0].snippet.lower()
    text = await archive.get(stats.document_id)
    assert word in text.text or text.next_offset is not None


async def test_archive_xhr_and_json_responses_should_be_captured(
    captured: tuple[Archive, SessionPool], archive_site: ArchiveSite
) -> None:
    archive, pool = captured
    stats = await browse(archive, pool, archive_site.url + "/xhr-page?n=6", wait_for_done=True)
    await archive.flush()

    docs = by_path(documents(pool.settings), archive_site.url)
    for i in range(6):
        doc = docs[f"/api/item/{i}.json"]
        assert (doc.mime, doc.body_state, doc.status) == ("application/json", "stored", 200)
        assert doc.nav_id == stats.nav_id
    kinds = {docs[f"/api/item/{i}.json"].headers["content-type"] for i in range(6)}
    assert kinds == {"application/json"}
    assert stats.counts["XHR"] >= 6 and stats.counts["HTML"] == 1
    # The request sent 300 ms after load still belongs to the page that made it.
    assert docs["/late.json"].nav_id == stats.nav_id

    hits = await archive.search("quokka3", mime="json")
    assert [h.url for h in hits] == [archive_site.url + "/api/item/3.json"]
    assert "**quokka3**" in hits[0].snippet
    assert await archive.search("quokka3", mime="text/html") == []


async def test_archive_feeds_and_text_should_be_searchable(
    captured: tuple[Archive, SessionPool], archive_site: ArchiveSite, demo_site: object
) -> None:
    archive, pool = captured
    await browse(archive, pool, archive_site.url + "/feed.atom")
    await browse(archive, pool, archive_site.url + "/notes.txt")
    await browse(archive, pool, demo_site.url + "/feed.xml")  # type: ignore[attr-defined]
    await browse(archive, pool, demo_site.url + "/api/schlagzeilen.json")  # type: ignore[attr-defined]

    assert [h.title for h in await archive.search("lighthouse")] == ["Harbour news"]
    assert (await archive.search("basil"))[0].url.endswith("/notes.txt")
    feed_hits = await archive.search("Schlagzeilen", mime="xml")
    assert feed_hits and feed_hits[0].url.endswith("/feed.xml")
    json_hits = await archive.search("teaser rubrik", mime="json")
    assert json_hits and json_hits[0].url.endswith("/api/schlagzeilen.json")


async def test_archive_status_and_url_filters_should_hold(
    settings: Settings, archive_site: ArchiveSite
) -> None:
    site = archive_site.url
    async with capturing(settings, exclude_urls=("*/status/203*",), exclude_domains=("localhost",)) as (
        archive,
        pool,
    ):
        for path in ("/status/200", "/status/404", "/status/500", "/status/203"):
            await browse(archive, pool, site + path)
        await browse(archive, pool, site.replace("127.0.0.1", "localhost") + "/status/200")
    docs = by_path(documents(settings), site)
    assert "/status/200" in docs
    assert not {"/status/404", "/status/500", "/status/203"} & docs.keys()
    assert not any("localhost" in d.url for d in documents(settings))


async def test_archive_statuses_setting_should_admit_errors(
    tmp_path: Path, archive_site: ArchiveSite
) -> None:
    from tests.conftest import make_settings

    settings = make_settings(tmp_path / "data")
    async with capturing(settings, statuses=("2xx", "404")) as (archive, pool):
        stats = await browse(archive, pool, archive_site.url + "/status/404")
        assert stats.document_id is not None
        await browse(archive, pool, archive_site.url + "/status/500")
    docs = by_path(documents(settings), archive_site.url)
    assert docs["/status/404"].status == 404 and "/status/500" not in docs


async def test_archive_mime_allowlist_should_keep_only_allowed_bodies(
    settings: Settings, archive_site: ArchiveSite
) -> None:
    async with capturing(settings) as (archive, pool):
        await browse(archive, pool, archive_site.url + "/styled")
        await browse(archive, pool, archive_site.url + "/binary-page", wait_for_done=True)
        assert await archive.search("cssmarker") == []
        assert await archive.search("jsmarker") == []
    docs = by_path(documents(settings), archive_site.url)
    assert docs["/site.css"].body_state == docs["/site.js"].body_state == "not_kept"
    assert docs["/site.css"].raw is None and docs["/blob.bin"].raw is None
    assert docs["/blob.bin"].body_state == "not_kept" and docs["/pixel.png"].body_state == "not_kept"
    assert docs["/styled"].body_state == "stored"


async def test_archive_include_js_should_keep_scripts(tmp_path: Path, archive_site: ArchiveSite) -> None:
    from tests.conftest import make_settings

    settings = make_settings(tmp_path / "data")
    async with capturing(settings, include_js=True, record_all_types=False) as (archive, pool):
        await browse(archive, pool, archive_site.url + "/styled")
        hits = await archive.search("jsmarker")
        assert [h.url for h in hits] == [archive_site.url + "/site.js"]
    docs = by_path(documents(settings), archive_site.url)
    assert "/site.css" not in docs  # record_all_types=False: no body-less records


async def test_archive_size_limit_should_keep_large_bodies_out(
    settings: Settings, archive_site: ArchiveSite
) -> None:
    async with capturing(settings) as (archive, pool):
        stats = await browse(archive, pool, archive_site.url + "/huge?mb=6")
        assert await archive.search("finalword") == []
        doc = await archive.get(stats.document_id or "")
    assert doc.body_state is BodyState.TOO_LARGE and doc.text == ""
    assert (documents(settings)[0].body_size or 0) > 5 * 1024 * 1024


async def test_archive_small_size_limit_should_apply_to_every_body(
    tmp_path: Path, archive_site: ArchiveSite
) -> None:
    from tests.conftest import make_settings

    settings = make_settings(tmp_path / "data")
    async with capturing(settings, max_body_bytes=60) as (archive, pool):
        await browse(archive, pool, archive_site.url + "/xhr-page?n=2", wait_for_done=True)
    docs = by_path(documents(settings), archive_site.url)
    assert docs["/xhr-page?n=2"].body_state == "too_large"
    assert docs["/api/item/0.json"].body_state == "stored"  # 53 bytes


async def test_archive_five_sessions_capturing_at_once_should_lose_nothing(
    settings: Settings, archive_site: ArchiveSite
) -> None:
    sessions = [f"s-{i}" for i in range(5)]
    pages = 6

    async with capturing(settings) as (archive, pool):

        async def walk(sid: str) -> list[str | None]:
            ids = []
            for n in range(pages):
                stats = await browse(
                    archive, pool, f"{archive_site.url}/s/{sid}/{n}", sid, wait_for_done=True
                )
                ids.append(stats.document_id)
            return ids

        doc_ids = await asyncio.gather(*(walk(sid) for sid in sessions))
        await archive.flush()

        for sid, ids in zip(sessions, doc_ids, strict=True):
            assert None not in ids
            docs = by_path(documents(settings, sid), archive_site.url)
            for n in range(pages):
                for suffix in ("", "/data.json", "/style.css", "/pic.png"):
                    path = f"/s/{sid}/{n}{suffix}"
                    assert path in docs, f"{path} missing"
                    assert archive_site.hits[path] == 1
                page, data = docs[f"/s/{sid}/{n}"], docs[f"/s/{sid}/{n}/data.json"]
                assert str(page.id) == ids[n] and page.is_main
                assert page.nav_id == data.nav_id
                assert [h.id for h in await archive.search(session_word(sid, n))] == [ids[n]]
                assert len(await archive.search(data_word(sid, n), session_id=sid)) == 1
                assert await archive.search(data_word(sid, n), session_id="other") == []
        assert len(documents(settings)) == len(sessions) * pages * 4
        assert archive._writer.failed == 0 and archive._capture.unreadable == 0


async def test_archive_non_utf8_bodies_should_be_decoded(
    captured: tuple[Archive, SessionPool], archive_site: ArchiveSite
) -> None:
    archive, pool = captured
    for path in ("/latin1", "/cp1251", "/sjis", "/garbage"):
        await browse(archive, pool, archive_site.url + path)

    assert [h.title for h in await archive.search("Straße")] == ["Grüße aus Köln"]
    assert [h.title for h in await archive.search("Москве")] == ["Новости"]
    assert [h.title for h in await archive.search("東京")] == ["天気予報"]
    await archive.flush()
    docs = by_path(documents(pool.settings), archive_site.url)
    # Chromium hands text bodies over decoded to UTF-8, whatever charset the server declared.
    assert docs["/latin1"].raw == LATIN1_PAGE.encode("utf-8")
    assert docs["/latin1"].headers["content-type"] == "text/html; charset=iso-8859-1"
    garbage = docs["/garbage"]
    assert garbage.body_state == "stored" and garbage.raw


async def test_archive_huge_body_within_limit_should_not_break_capture(
    tmp_path: Path, archive_site: ArchiveSite
) -> None:
    from tests.conftest import make_settings

    settings = make_settings(tmp_path / "data")
    async with capturing(settings, max_body_bytes=40 * 1024 * 1024) as (archive, pool):
        huge = await browse(archive, pool, archive_site.url + "/huge?mb=12")
        after = await browse(archive, pool, archive_site.url + "/status/200")
        assert huge.document_id and after.document_id
        doc = await archive.get(huge.document_id, offset=0, length=100)
        # Chromium may refuse to hand over a body this big; either way it is recorded, not lost.
        if doc.body_state is BodyState.STORED:
            assert doc.total_chars > 12_000_000 and (await archive.search("finalword"))
        else:
            assert doc.body_state is BodyState.UNREADABLE and doc.error
        assert (await archive.get(after.document_id)).text == "Answer 200"


async def test_archive_secret_headers_should_never_reach_the_disk(
    captured: tuple[Archive, SessionPool], archive_site: ArchiveSite
) -> None:
    archive, pool = captured
    async with pool.session() as session:
        # Chromium refuses Proxy-Authorization as an extra header; the store drops it by name anyway.
        await session.context.set_extra_http_headers({"Authorization": f"Bearer {SECRET_BEARER}"})
    await browse(archive, pool, archive_site.url + "/secret")
    await browse(archive, pool, archive_site.url + "/status/200")  # sends the cookie back
    await archive.flush()
    sent = archive_site.seen_headers[-1]
    assert SECRET_COOKIE in sent.get("cookie", "") and SECRET_BEARER in sent.get("authorization", "")

    docs = by_path(documents(pool.settings), archive_site.url)
    assert docs["/secret"].headers == {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "etag": '"v1"',
        "content-language": "en",
    }
    await archive.close()
    on_disk = database_bytes(pool.settings.data_dir)
    assert b"Welcome back, archivist" in on_disk
    for secret in (SECRET_COOKIE, SECRET_BEARER):
        assert secret.encode() not in on_disk


async def test_archive_navigation_line_should_be_short(
    captured: tuple[Archive, SessionPool], demo_site: object
) -> None:
    archive, pool = captured
    stats = await browse(archive, pool, demo_site.url + "/")  # type: ignore[attr-defined]
    line = stats.line()
    assert line.startswith(f"Archived as doc {stats.document_id} · traffic: html 1")
    assert stats.counts["IMAGE"] > 0 and set(stats.counts) == {
        "HTML",
        "JS",
        "CSS",
        "XHR",
        "FONT",
        "IMAGE",
        "MEDIA",
        "OTHER",
    }
    assert count_tokens(line) <= 25, line


async def test_archive_redirects_should_be_recorded_and_unreadable_bodies_should_not_break_capture(
    tmp_path: Path, archive_site: ArchiveSite
) -> None:
    from tests.conftest import make_settings

    settings = make_settings(tmp_path / "data")
    async with capturing(settings, statuses=("2xx", "3xx")) as (archive, pool):
        stats = await browse(archive, pool, archive_site.url + "/redirect?to=/status/201")
        assert stats.document_id is not None
        final = await archive.get(stats.document_id)
        assert final.status == 201 and final.text == "Answer 201"
    docs = by_path(documents(settings), archive_site.url)
    assert docs["/status/201"].redirects == [archive_site.url + "/redirect?to=/status/201"]
    hop = docs["/redirect?to=/status/201"]
    # Chromium keeps no body for a redirect: recorded as unreadable, with the reason.
    assert hop.status == 302 and hop.body_state == "unreadable" and hop.error


async def test_archive_failed_requests_should_be_recorded_with_their_error(
    captured: tuple[Archive, SessionPool], fixture_server: object
) -> None:
    archive, pool = captured
    stats = await browse(archive, pool, fixture_server.url + "/external-resources")  # type: ignore[attr-defined]
    await archive.flush()
    failed = [d for d in documents(pool.settings) if d.status is None]
    assert {d.url for d in failed} >= {"http://example.com/x.js"}
    assert all(d.error and "ERR_" in d.error for d in failed)
    assert stats.failed >= 1 and "failed" in stats.line()
    assert (await archive.stats()).failed == len(failed)
