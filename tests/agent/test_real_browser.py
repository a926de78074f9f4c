"""The agent with Waypost's real tools in real Chromium on the bundled demo site."""

from __future__ import annotations

import re

import pytest
from langchain_core.messages import BaseMessage, ToolMessage

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.outcomes import view_links
from waypost.agent.prompts import unfence
from waypost.agent.runner import CHECKPOINT_FILE, make_probe
from waypost.api import run_task, stream_task


def last_view(prompt: list[BaseMessage]) -> str:
    return unfence(next(m for m in reversed(prompt) if isinstance(m, ToolMessage)).content)


def follow(label_word: str):
    """A reply that follows the first link of the latest view whose label contains ``label_word``."""

    def reply(prompt: list[BaseMessage]):
        url = next(u for label, u in view_links(last_view(prompt)) if label_word in label)
        return call("research_navigate", target=url)

    return reply


def first_headline(prompt: list[BaseMessage]):
    main = last_view(prompt).split("Main content:")[1]
    return answer(re.search(r"^For (.+?): ", main, re.M).group(1))


async def test_politics_headline_on_the_demo_site(wp, demo_site) -> None:
    model = ScriptedChatModel(
        [
            call("research_navigate", target=demo_site.url + "/", hint="Politik"),
            follow("Politik"),
            first_headline,
        ]
    )
    result = await run_task(
        wp,
        "Find the politics section on the demo site and give me its top headline",
        model=model,
        start_url=demo_site.url + "/",
        approve="never",
    )
    assert result.success and result.stop_reason == "answered", result.answer
    assert result.answer == "Koalition einigt sich nach Marathonsitzung auf Haushalt 2026"
    assert [a["line"] for a in result.actions] == [
        f"→ opened {demo_site.url.removeprefix('http://')}/ (Waypost Nachrichten)",
        "→ opened /politik/ (Politik)",
    ]
    assert result.actions[-1]["url"] == demo_site.url + "/politik/"
    assert (wp.settings.data_dir / CHECKPOINT_FILE).is_file()
    # The research view's own text reaches the model, fenced.
    nav = [t for t in result.transcript if t.get("name") == "research_navigate"]
    assert nav[-1]["content"].startswith("You are on: Politik – Waypost Nachrichten")


async def test_probe_fingerprints_the_page(wp, demo_site) -> None:
    probe = make_probe(wp.pool, "default")
    assert await probe() is None  # no page yet
    await wp.navigate(demo_site.url + "/politik/")
    first = await probe()
    assert first is not None and first.url == demo_site.url + "/politik/" and len(first.fingerprint) == 16
    assert (await probe()).fingerprint == first.fingerprint
    await wp.navigate(demo_site.url + "/sport/")
    assert (await probe()).fingerprint != first.fingerprint


async def test_repeated_navigation_on_the_real_site_is_caught(wp, demo_site) -> None:
    model = ScriptedChatModel(
        [call("research_navigate", target=demo_site.url + "/")],
        fallback=call("research_navigate", target="/politik/"),
    )
    events = [
        e
        async for e in stream_task(
            wp, "Find the weather for Berlin", model=model, max_steps=12, approve="never"
        )
    ]
    result = events[-1]["result"]
    assert result.stop_reason == "loop" and not result.success
    progress = [e for e in events if e["type"] == "progress"]
    assert progress and progress[-1]["url"] == demo_site.url + "/politik/"
    # The navigator's own guard answered the repeats; the loop detector then stepped in.
    assert any("already" in t["content"] for t in result.transcript if t.get("name") == "research_navigate")


async def test_offline_planner_end_to_end(wp, demo_site) -> None:
    pytest.importorskip("waypost.models.planner")
    result = await run_task(
        wp,
        "Open the politics section and give me the first headline",
        start_url=demo_site.url + "/",
        model="offline",
        approve="never",
    )
    assert result.success and result.stop_reason == "answered", result.answer
    assert "Koalition einigt sich nach Marathonsitzung auf Haushalt 2026" in result.answer
    assert result.tokens_in > 0 and result.steps <= 5
