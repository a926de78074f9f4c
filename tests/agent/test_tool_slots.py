"""Tool slots: relevance, the limit of five, loading and unloading."""

from __future__ import annotations

from waypost.agent.tool_slots import (
    CORE_TOOLS,
    MAX_SLOTS,
    ToolInfo,
    catalogue_text,
    choose,
    keywords,
    load,
    relevance,
    task_keywords,
)
from waypost.tools.acting import ACTING_TOOLS
from waypost.tools.archive_tools import GET_ARCHIVED, SEARCH_ARCHIVE
from waypost.tools.research import RESEARCH_NAVIGATE

CATALOGUE = [
    ToolInfo.of(s.name, s.description)
    for s in [RESEARCH_NAVIGATE, *ACTING_TOOLS, SEARCH_ARCHIVE, GET_ARCHIVED]
] + [ToolInfo.of(n, n) for n in ("think", "final_answer", "list_tools", "load_tools")]


def test_keywords_and_synonyms() -> None:
    assert keywords("Clicking the buttons") >= {"click", "button"}
    assert {"type", "field", "password"} <= task_keywords("Log dich als demo/demo ein: anmelden")
    assert "search" in task_keywords("Suche nach Wetter Berlin")


def test_choose_picks_the_most_relevant_and_never_core_tools() -> None:
    login = choose("Melde dich mit demo/demo an (anmelden)", CATALOGUE)
    assert len(login) == MAX_SLOTS and {"type", "click"} <= set(login)
    assert not set(login) & set(CORE_TOOLS)
    read = choose("Read the opening hours on the contact page", CATALOGUE)
    assert "extract" in read
    cookie = choose("Close the cookie banner", CATALOGUE)
    assert "dismiss_overlays" in cookie
    archive = choose("Search the archive for pages I opened before", CATALOGUE)
    assert "search_archive" in archive


def test_relevance_counts_name_matches_double() -> None:
    click = next(t for t in CATALOGUE if t.name == "click")
    scroll = next(t for t in CATALOGUE if t.name == "scroll")
    assert relevance("click the button", click) > relevance("click the button", scroll)


def test_load_unloads_the_least_relevant_when_full() -> None:
    task = "Log in with demo/demo"
    active = choose(task, CATALOGUE)
    change = load(active, ["search_archive"], task, CATALOGUE)
    assert change.loaded == ["search_archive"] and len(change.unloaded) == 1
    assert len(change.active) == MAX_SLOTS and "search_archive" in change.active
    assert change.unloaded[0] not in ("type", "click")  # the relevant ones stay
    again = load(change.active, ["search_archive", "think", "nope"], task, CATALOGUE)
    assert again.already == ["search_archive", "think"] and again.unknown == ["nope"]
    assert "No such tool: nope" in again.text() and "Already loaded" in again.text()
    small = load([], ["click", "type"], task, CATALOGUE, limit=1)
    assert small.active == ["type"] and small.unloaded == ["click"]


def test_catalogue_text_lists_by_category() -> None:
    text = catalogue_text(CATALOGUE, ["click"])
    assert text.startswith("Core tools (always loaded): think, final_answer, research_navigate")
    assert "act:" in text and "- click (loaded):" in text and "- type (not loaded):" in text
    only = catalogue_text(CATALOGUE, [], category="archive")
    assert "search_archive" in only and "click" not in only
