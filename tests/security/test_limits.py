"""Finding 6: every entry point bounds its work and says so in one line."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from waypost.archive import ArchiveQueryError, ArchiveStore
from waypost.vfs import VirtualFS
from waypost.vfs.errors import VfsError
from waypost.vfs.tools import vfs_tools


def test_vfs_grep_stops_a_catastrophic_pattern_with_a_clear_error() -> None:
    fs = VirtualFS()
    fs.write("/notes/a.txt", ("a" * 4_000 + "!\n") * 50)
    started = time.process_time()
    with pytest.raises(VfsError, match=r"took longer than 1 s and was stopped: use a simpler pattern"):
        fs.grep(r"(a+)+$")
    # The budget is CPU time (a loaded machine stretches the wall clock, not the work).
    assert time.process_time() - started < 5
    assert [m.line for m in fs.grep(r"a+!$", max_results=3)] == [1, 2, 3]  # sound patterns still work


async def test_the_vfs_grep_tool_answers_with_one_error_line() -> None:
    fs = VirtualFS()
    fs.write("/a.txt", "a" * 4_000 + "!")
    grep = next(t for t in vfs_tools(fs) if t.name == "vfs_grep")
    text = await grep.ainvoke({"pattern": "(a+)+$"})
    assert text.startswith("Error: ") and "\n" not in text.strip()


def test_archive_queries_are_limited_in_length(tmp_path: Path) -> None:
    store = ArchiveStore(tmp_path / "archive.db")
    try:
        started = time.perf_counter()
        with pytest.raises(ArchiveQueryError, match="the limit is 1,000"):
            store.search("wort " * 4_000_000)  # 20 MB
        with pytest.raises(ArchiveQueryError, match="url_prefix filter"):
            store.search("wort", url_prefix="http://a.test/" + "x" * 10_000)
        assert time.perf_counter() - started < 5
    finally:
        store.close()


async def test_tool_arguments_are_limited_for_every_door(wp) -> None:
    from waypost.tools.registry import MAX_ARGUMENT_CHARS

    tools = wp.tools()
    huge = "x" * (MAX_ARGUMENT_CHARS + 1)
    for name, args, big in (
        ("search_archive", {"query": huge}, "query"),
        ("research_navigate", {"target": "http://127.0.0.1/" + huge}, "target"),
        ("type", {"target": "name", "text": huge}, "text"),
    ):
        text = await tools[name](**args)
        assert text.startswith(f"Error: the argument {big!r} has "), text[:200]
        assert "the limit is 20,000" in text and "\n" not in text


async def test_a_20_mb_archive_query_over_mcp_is_refused_at_once(tmp_path: Path) -> None:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "waypost.cli", "mcp", "--data-dir", str(tmp_path)],
        env={"WAYPOST_LOOPBACK_ONLY": "true"},
    )
    async with Client(params) as client:
        started = time.perf_counter()
        result = await client.call_tool("search_archive", {"query": "wort " * 4_000_000})
        seconds = time.perf_counter() - started
    text = result.content[0].text
    assert text.startswith("Error: the argument 'query' has 20,000,000 characters; the limit is 20,000.")
    assert seconds < 30  # was 35 s of index work; now parsing the line is all that is left


def test_a_vfs_edit_that_would_blow_up_a_file_is_refused_before_it_is_built() -> None:
    fs = VirtualFS()
    fs.write("/a.txt", "a" * 1_000_000)
    started = time.perf_counter()
    with pytest.raises(VfsError, match="the limit is 2000000"):
        fs.edit("/a.txt", "a", "b" * 10_000, replace_all=True)  # would be 10 GB
    assert time.perf_counter() - started < 5
    assert fs.read_text("/a.txt") == "a" * 1_000_000


async def test_the_python_api_refuses_an_absurd_url_in_one_line(wp) -> None:
    from waypost.errors import BlockedURL

    with pytest.raises(BlockedURL, match="a URL may have at most 16,384"):
        await wp.navigate("http://127.0.0.1/" + "x" * 5_000_000)
