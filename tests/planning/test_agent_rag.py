"""The agent graph in rag mode on the demo site, in real Chromium: small views, evidence tools, telemetry."""

from __future__ import annotations

import re

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from typer.testing import CliRunner

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.prompts import unfence
from waypost.api import run_task
from waypost.cli import app
from waypost.planning import PlannerStore
from waypost.planning.evidence_tools import MAIN_LINKS


def pick_item(label: str):
    """Acts on the item of the latest evidence pack whose label is ``label``."""

    def reply(prompt: list[BaseMessage]) -> AIMessage:
        pack = unfence(str(next(m for m in reversed(prompt) if isinstance(m, ToolMessage)).content))
        number = re.search(rf'^\[(\d+)\] \S+ "{re.escape(label)}"', pack, re.M)
        assert number is not None, pack
        return call("act_on_evidence", evidence=int(number.group(1)), action="click")

    return reply


async def test_a_model_in_rag_mode_asks_for_evidence_and_acts_by_number(wp, demo_site) -> None:
    model = ScriptedChatModel(
        [
            call("research_navigate", target=demo_site.url + "/impressum"),
            call("dismiss_overlays"),
            call(
                "find_evidence", intent="navigate", keywords=["Kontakt"], filters={"section_hint": "footer"}
            ),
            pick_item("Kontakt"),
            answer("Opened the contact page."),
        ]
    )
    result = await run_task(
        wp, "Open the contact page", model=model, approve="always", planner_mode="rag", max_steps=8
    )
    assert result.success, result.answer
    names = [a["tool"] for a in result.actions]
    assert names == ["research_navigate", "dismiss_overlays", "find_evidence", "act_on_evidence"]
    assert result.actions[-1]["ok"] and result.actions[-1]["url"].endswith("/kontakt")
    view = next(t["content"] for t in result.transcript if t.get("name") == "research_navigate")
    # The page is asked for, not listed: only a short excerpt of its main-content links.
    assert "find_evidence" in view and "Sections:" not in view and "Elsewhere:" not in view
    assert sum(line.startswith("For ") for line in unfence(view).splitlines()) <= MAIN_LINKS
    # The acting tools are swapped for the evidence tools; act_on_evidence may only name the pack's items.
    bound = {t["function"]["name"]: t["function"] for t in model.tools[3]}
    assert "click" not in bound and "find_evidence" in bound
    enum = bound["act_on_evidence"]["parameters"]["properties"]["evidence"]["enum"]
    pack = next(t["content"] for t in result.transcript if t.get("name") == "find_evidence")
    assert enum == re.findall(r"^\[(\d+)\] ", unfence(pack), re.M)
    steps = list(PlannerStore.for_data_dir(wp.settings.data_dir).steps())
    assert [(s.status, s.mode, s.rounds) for s in steps] == [("done", "rag", 1)]
    assert steps[0].tokens_in > 0  # the turns since the run began: navigate, dismiss, find, act


async def test_the_offline_planner_in_rag_mode_logs_in(wp, demo_site) -> None:
    result = await run_task(
        wp, "log in as demo/demo", start_url=demo_site.url + "/", planner_mode="rag", approve="always"
    )
    assert result.success, result.answer
    tools = [a["tool"] for a in result.actions]
    assert "find_evidence" in tools and "type" not in tools and "click" not in tools
    steps = list(PlannerStore.for_data_dir(wp.settings.data_dir).steps())
    # user name, password, the button (the login page itself is opened from the view's matching link)
    assert len(steps) >= 3 and all(s.success and s.hit_rank == 1 for s in steps)
    cli = CliRunner().invoke(
        app, ["stats", "planner", "--data-dir", str(wp.settings.data_dir)], env={"COLUMNS": "200"}
    )
    assert cli.exit_code == 0, cli.output
    assert "rag" in cli.output and "100.0 %" in cli.output
