"""count_tokens: exact with the cached encoding, a safe (never lower) estimate without it."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest

from tests.page.conftest import corpus_pages, read_source
from waypost.page import count_tokens, estimate_tokens, exact_counts_available, parse_page, render_view

SAMPLES = {
    "english": "The committee met on Tuesday to discuss the budget, and agreed to raise spending. " * 6,
    "german": "Die Bundesregierung hat am Mittwoch beschlossen, dass die Rentenbeiträge steigen. " * 6,
    "french": "Largement approuvé par les députés, le texte sera désormais examiné par le Sénat. " * 6,
    "czech": "Zázrak jedné sezony? West Ham United dává pochybovačům stále pádnější odpovědi. " * 6,
    "russian": "Президент заявил, что переговоры продолжатся на следующей неделе в Женеве. " * 6,
    "chinese": "谷歌在2014年收购的人工智能公司开发出一款能够用自己的记忆学习新知识的计算机。" * 6,
    "japanese": "トレンドマイクロは3月9日、通信を暗号化し保護するアプリの発売を開始すると発表した。" * 6,
    "urls": "\n".join(
        f"For Artikel {i}: /politik/neue-regierung-{i * 7919}.html?utm_source=x&id=aHR0cHM6Ly9qYXBhbi{i}"
        for i in range(40)
    ),
    "ids": " ".join(
        "".join(random.Random(i).choices(string.ascii_letters + string.digits, k=24)) for i in range(40)
    ),
    "emoji": "Grüße 😀🎉👍🏽 aus Köln 🚀🔥 " * 10,
}


def test_count_tokens_should_be_zero_for_empty_text() -> None:
    assert count_tokens("") == 0
    assert estimate_tokens("") == 0


def test_count_tokens_should_be_exact_with_the_encoding(exact_counts: None, cl100k: Any) -> None:
    assert exact_counts_available()
    for text in SAMPLES.values():
        assert count_tokens(text) == len(cl100k.encode(text))


def test_count_tokens_should_estimate_without_the_encoding(estimated_counts: None) -> None:
    assert not exact_counts_available()
    text = SAMPLES["english"]
    assert count_tokens(text) == estimate_tokens(text)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_estimate_should_never_undercount(name: str, cl100k: Any) -> None:
    text = SAMPLES[name]
    exact = len(cl100k.encode(text))
    assert exact <= estimate_tokens(text) <= 2.2 * exact


@pytest.mark.skipif(not corpus_pages(), reason="corpus not available")
def test_estimate_should_never_undercount_corpus_views(cl100k: Any) -> None:
    ratios = []
    for folder in corpus_pages():
        model = parse_page(read_source(folder), f"http://127.0.0.1:8000/{folder.name}/source.html")
        for text in (render_view(model, max_links=40, token_budget=10_000).text, model.main_text):
            exact = len(cl100k.encode(text))
            if exact:
                ratios.append((estimate_tokens(text) / exact, folder.name))
    assert min(ratios)[0] >= 1.0, min(ratios)
    ratios.sort()
    assert ratios[len(ratios) // 2][0] < 1.7  # a bound, not a blanket overcount
