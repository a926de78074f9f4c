"""Working and permanent history: task summaries, partial compression, summarisation."""

from __future__ import annotations

from waypost.agent.history import (
    PERMANENT_LIMIT,
    Turn,
    compress_task,
    cut_point,
    pages_seen,
    partial_compress,
    remember,
    summarize,
)
from waypost.agent.prompts import fence, unfence
from waypost.agent.tool_slots import CATEGORIES

LONG = "You are on: Politik – Portal (http://site.test/politik/)\n" + "Viel Text. " * 40 + "\nFor A: /a"


def tool(i: int, name: str, text: str) -> Turn:
    return Turn(f"m{i}", "tool", fence(name, text), name)


def test_final_answer_compresses_the_task_into_a_summary() -> None:
    entry = compress_task(
        "Find X", [f"→ opened /{i}" for i in range(9)], "X is 42", ["Politik (http://a/)"] * 2
    )
    assert entry["task"] == "Find X" and entry["answer"] == "X is 42"
    assert entry["summary"].startswith("Pages: Politik (http://a/).")
    assert "(3 earlier steps)" in entry["summary"] and "Answer: X is 42." in entry["summary"]


def test_permanent_history_is_bounded() -> None:
    history: list[dict[str, str]] = []
    for i in range(PERMANENT_LIMIT + 3):
        history = remember(history, {"task": str(i), "summary": "s"})
    assert len(history) == PERMANENT_LIMIT and history[-1]["task"] == str(PERMANENT_LIMIT + 2)


def test_switching_category_shrinks_older_results_of_the_category_left() -> None:
    turns = [
        Turn("t", "human", "task", "task"),
        tool(1, "research_navigate", LONG),
        tool(2, "research_navigate", LONG),
        tool(3, "research_navigate", "You are on: Short (http://x/)"),
        tool(4, "click", "Clicked " * 50),
    ]
    shrunk = partial_compress(turns, CATEGORIES, "navigate", keep=1)
    assert set(shrunk) == {"m1", "m2"}  # the newest stays whole; short ones are not worth it
    text = unfence(shrunk["m1"])
    assert text.startswith("[shortened: switched tools] You are on: Politik")
    assert len(text) < 300
    again = partial_compress(
        [tool(1, "research_navigate", unfence(shrunk["m1"]) + " x" * 200)], CATEGORIES, "navigate", 0
    )
    assert again == {}


def test_cut_point_keeps_recent_turns_with_their_results() -> None:
    turns = [Turn("t", "human", "task", "task")]
    for i in range(5):
        turns += [Turn(f"a{i}", "ai", "", None, ("research_navigate",)), tool(i, "research_navigate", LONG)]
    cut = cut_point(turns, keep_recent=2)
    assert turns[cut].id == "a3" and cut_point(turns[:4], keep_recent=2) == 0


def test_summary_lists_pages_actions_reads_and_notes() -> None:
    turns = [
        tool(1, "research_navigate", LONG),
        tool(2, "extract", "Öffnungszeiten: Mo–Fr 9–17 Uhr\nmehr"),
        Turn("h", "human", "Loop warning: you called x 3 times", "intervention"),
        Turn("s", "human", "Summary of earlier steps:\nPages seen: Alt.", "summary"),
    ]
    text = summarize(turns, ["→ opened /politik/ (Politik)"])
    assert text.splitlines()[0].startswith("Summary of earlier steps")
    assert "Pages seen: Politik – Portal (http://site.test/politik/)." in text
    assert "- → opened /politik/ (Politik)" in text
    assert "- extract: Öffnungszeiten: Mo–Fr 9–17 Uhr" in text
    assert "- Loop warning" in text and "Before that: Pages seen: Alt." in text
    assert pages_seen(turns) == ["Politik – Portal (http://site.test/politik/)"]
