"""Fixtures for the page tests: the shared corpus and an exact cl100k encoding, when present.

Neither is part of the product: tests that need them skip when ``../shared`` (relative to the
repository) is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from waypost.page import tokens

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus" / "readability"
TOKENIZERS = SHARED / "tokenizers"
_CL100K_FILE = TOKENIZERS / "9b5ad71b2ce5302211f9c61530b329a4922fc6a4"


def corpus_pages() -> list[Path]:
    """The corpus page folders (empty when the corpus is missing)."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.iterdir() if (p / "source.html").is_file())


def read_source(folder: Path) -> str:
    return (folder / "source.html").read_text(encoding="utf-8", errors="replace")


@pytest.fixture(scope="session")
def cl100k() -> Any:
    """tiktoken's cl100k_base, loaded from the shared folder (never downloaded)."""
    if not _CL100K_FILE.is_file():
        pytest.skip("no cl100k file in ../shared/tokenizers")
    import tiktoken

    old = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(TOKENIZERS)
    try:
        return tiktoken.get_encoding("cl100k_base")
    finally:
        if old is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = old


@pytest.fixture
def exact_counts(cl100k: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``count_tokens`` exact for one test."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(TOKENIZERS))
    tokens._encoding.cache_clear()
    assert tokens.exact_counts_available()
    yield
    tokens._encoding.cache_clear()


@pytest.fixture
def estimated_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``count_tokens`` fall back to the estimate for one test (empty tiktoken cache)."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    tokens._encoding.cache_clear()
    assert not tokens.exact_counts_available()
    yield
    tokens._encoding.cache_clear()
