"""The offline planner end to end: real Chromium, the real tools, the bundled demo site.

The planner's tool calls are carried out one by one with ``wp.tools()`` (the driver loop, no
graph), and the outcome is checked in the answer and, where the task changes something, in the
browser afterwards.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from tests.driver import ToolFunction, drive
from waypost.models.planner import OfflinePlanner

pytestmark = pytest.mark.browser


async def run(tools: dict[str, ToolFunction], site: Any, task: str) -> Any:
    result = await drive(OfflinePlanner(), tools, task, start_url=site.url + "/", max_steps=20)
    assert result.stop_reason == "final_answer", result.transcript
    targets = [e["args"].get("target") for e in result.transcript if e["tool"] == "research_navigate"]
    assert all(a != b for a, b in pairwise(targets)), targets
    return result


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        (
            "open the politics section and give me the first headline",
            "Koalition einigt sich nach Marathonsitzung auf Haushalt 2026",
        ),
        (
            "Finde die Rubrik Sport und nenne die Top-Schlagzeile",
            "FC Elbtal gewinnt Pokalfinale im Elfmeterschießen",
        ),
        ("search for Wahlrecht", "Wahlrechtsreform: Sachverständige zweifeln an Verfassungsmäßigkeit"),
        ("go to the finance site and tell me the price of Nordlicht Energie", "42,18 €"),
    ],
)
async def test_planner_should_find_and_read(
    agent_tools: dict[str, ToolFunction], demo_site: Any, task: str, expected: str
) -> None:
    result = await run(agent_tools, demo_site, task)
    assert expected in result.answer
    assert result.steps <= 6


async def test_planner_should_log_in_and_the_session_should_stay_logged_in(
    agent_tools: dict[str, ToolFunction], demo_site: Any
) -> None:
    result = await run(agent_tools, demo_site, "log in as demo/demo")
    assert result.answer.startswith("Logged in as “demo”")
    view = await agent_tools["research_navigate"](target=demo_site.url + "/politik/")
    assert "Angemeldet als demo" in await agent_tools["extract"](query="Angemeldet als")
    assert "Politik" in view


async def test_planner_should_report_a_failed_login(
    agent_tools: dict[str, ToolFunction], demo_site: Any
) -> None:
    result = await run(agent_tools, demo_site, "log in as demo/falsch")
    assert "failed" in result.answer and "falsch" in result.answer
    assert not result.answer.startswith("Logged in")


async def test_planner_should_send_a_complete_form_and_refuse_to_guess_missing_fields(
    agent_tools: dict[str, ToolFunction], demo_site: Any
) -> None:
    incomplete = await run(
        agent_tools,
        demo_site,
        "fill the contact form with name Bob, email bob@example.org, message Hallo and send it",
    )
    assert "NOT sent" in incomplete.answer and "Thema" in incomplete.answer
    complete = await run(
        agent_tools,
        demo_site,
        "fill the contact form with name Bob, email bob@example.org, topic Leserbrief, message Hallo, "
        "accept the privacy policy and send it",
    )
    assert "sent the form" in complete.answer and "Vorgangsnummer: WP-" in complete.answer


async def test_planner_should_say_when_a_task_is_beyond_it(
    agent_tools: dict[str, ToolFunction], demo_site: Any
) -> None:
    result = await run(agent_tools, demo_site, "Buy 10 shares of Nordlicht Energie")
    assert result.steps == 0 and "cannot do this task" in result.answer
    missing = await run(agent_tools, demo_site, "open the Karriere section")
    assert "could not finish" in missing.answer and missing.steps <= 3


async def test_planner_should_finish_multi_step_tasks_through_the_graph_runner(
    wp: Any, demo_site: Any
) -> None:
    """Through the real LangGraph engine: fenced results, focus notes, history shortened on tool switches."""
    from waypost.api import run_task

    result = await run_task(
        wp,
        "search for Wahlrecht and then log in as demo/demo",
        start_url=demo_site.url + "/",
        model="offline",
        approve="always",
    )
    assert result.stop_reason == "answered", result.answer
    # The user name equals the password here, and values typed into password fields are masked
    # in results, so the answer says "Logged in as “****”".
    assert "Wahlrechtsreform" in result.answer and "Logged in as “****”" in result.answer


async def test_planner_should_download_read_and_upload_files_and_use_a_new_tab(
    agent_tools: dict[str, ToolFunction], demo_site: Any, wp: Any
) -> None:
    """The three file and tab tasks of the benchmark, through the plain tool loop."""
    from waypost.vfs import VirtualFS

    start = demo_site.url + "/service/"
    report = await drive(
        OfflinePlanner(), agent_tools, "download the annual report and tell me the revenue it states",
        start_url=start, max_steps=12,
    )  # fmt: skip
    assert "EUR 48.2 million" in report.answer, report.transcript
    assert [e["tool"] for e in report.transcript if e["tool"] == "read_file"] == ["read_file"] * 2
    await agent_tools["research_navigate"](target=demo_site.url + "/")  # each task starts afresh
    terms = await drive(
        OfflinePlanner(), agent_tools, "open the terms in the new tab and tell me the notice period",
        start_url=start, max_steps=12,
    )  # fmt: skip
    assert "three months" in terms.answer, terms.transcript
    assert any(e["tool"] == "switch_tab" for e in terms.transcript)
    await agent_tools["research_navigate"](target=demo_site.url + "/")
    files = VirtualFS()
    files.write("/notes.txt", "Planner test notes.\n")
    wp.uploads.register("default", files)
    upload = await drive(
        OfflinePlanner(), agent_tools, "upload notes.txt to the feedback form", start_url=start, max_steps=12
    )
    assert "Uploaded “notes.txt” and sent the form" in upload.answer, upload.transcript
    assert ("notes.txt", b"Planner test notes.\n") in demo_site.uploads
