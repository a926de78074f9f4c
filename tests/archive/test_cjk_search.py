"""Chinese, Japanese and Korean pages are found by word, and Latin words inside CJK text too.

The pages are real ones from the Readability corpus (``qq``: Chinese; ``yahoo-4``: Japanese),
served on 127.0.0.1 by path and browsed in real Chromium.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.conftest import CORPUS
from waypost.api import Waypost
from waypost.archive.cjk import cjk_query, split_cjk, split_cjk_body

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not beside the checkout")


@pytest.fixture(scope="module")
def corpus_url() -> Iterator[str]:
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(CORPUS))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_cjk_characters_are_set_apart_and_queries_made_phrases() -> None:
    assert split_cjk("谷歌的AlphaGo与人工智能") == " 谷  歌  的 AlphaGo 与  人  工  智  能 "
    assert split_cjk("Straße und Köln") == "Straße und Köln"  # other scripts untouched
    body = "ニュース：東京".encode()
    assert split_cjk_body(body) == split_cjk("ニュース：東京").encode()
    english = "It’s “quoted” — fine".encode()
    assert split_cjk_body(english) is english  # typographic punctuation: not decoded at all
    assert cjk_query("人工智能") == '"人 工 智 能"'
    assert cjk_query('"人工智能 公司" OR 围棋*') == '"人 工 智 能 公 司" OR "围 棋"*'
    assert cjk_query("Köln NOT Berlin") == "Köln NOT Berlin"
    assert split_cjk("인공지능은") == " 인  공  지  능  은 " and cjk_query("인공지능") == '"인 공 지 능"'


async def test_a_browsed_chinese_page_is_found_by_chinese_and_mixed_words(
    wp: Waypost, corpus_url: str
) -> None:
    result = await wp.navigate(corpus_url + "/qq/expected.html")
    assert result.ok and result.archived is not None
    doc_id = result.archived.document_id
    await wp.archive.flush()
    # 人工智能 (artificial intelligence) and DeepMind inside Chinese text, a one-character word,
    # a phrase, and a word across the Latin/Chinese seam ("公司DeepMind").
    for query in ["人工智能", "DeepMind", "计算机", "微博", '"人工智能公司"', "公司DeepMind", "DNC"]:
        hits = await wp.archive.search(query)
        assert [hit.id for hit in hits] == [doc_id], query
    hits = await wp.archive.search("人工智能")
    assert "**人工智能**" in hits[0].snippet
    # Characters that are on the page, but not side by side, are no phrase.
    assert await wp.archive.search('"智能人工"') == []
    tools = wp.tools()
    assert f"doc {doc_id}" in await tools["search_archive"](query="人工智能 DeepMind")


async def test_a_browsed_japanese_page_is_found_by_word(wp: Waypost, corpus_url: str) -> None:
    result = await wp.navigate(corpus_url + "/yahoo-4/expected.html")
    assert result.ok and result.archived is not None
    doc_id = result.archived.document_id
    await wp.archive.flush()
    for query in ["トレンドマイクロ", "暗号化", "セキュリティ", "Android", '"Wi-Fi"']:
        hits = await wp.archive.search(query)
        assert [hit.id for hit in hits] == [doc_id], query
