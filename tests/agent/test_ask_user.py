"""``ask_user``: the model asks the user; answered by a callback, by resume, or by no one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.agent.scripted import ScriptedChatModel, answer, call
from tests.conftest import make_settings
from waypost.api import Waypost, run_task
from waypost.server.mcp_server import build_server
from waypost.tools.asking import NO_ONE

TASK = "Order the poster; ask me which colour I want"


def _asked(result) -> list[str]:
    return [t["content"] for t in result.transcript if t.get("name") == "ask_user"]


def _model() -> ScriptedChatModel:
    return ScriptedChatModel(
        [call("ask_user", question="Which colour?", choices=["red", "blue"]), answer("You chose a colour.")]
    )


async def test_a_callback_answers_in_process(wp) -> None:
    seen: list[dict[str, Any]] = []

    async def ask_user(payload: dict[str, Any]) -> str:
        seen.append(payload)
        return "blue, please"

    result = await run_task(wp, TASK, model=_model(), approve="ask", ask_user=ask_user, max_steps=4)
    assert seen == [
        {
            "type": "question",
            "question": "Which colour?",
            "choices": ["red", "blue"],
            "tool": "ask_user",
            "step": 1,
        }
    ]
    assert "The user answered: blue, please" in _asked(result)[0]
    assert result.stop_reason != "awaiting_answer"


async def test_without_a_callback_the_run_waits_and_resumes_with_the_answer(wp) -> None:
    model = _model()
    waiting = await run_task(wp, TASK, model=model, approve="ask", max_steps=4)
    assert waiting.stop_reason == "awaiting_answer" and not waiting.success
    assert waiting.pending["type"] == "question" and waiting.pending["question"] == "Which colour?"
    assert waiting.pending["choices"] == ["red", "blue"] and _asked(waiting) == []
    done = await wp.resume(waiting.thread_id, answer="red", model=model)
    assert done.stop_reason != "awaiting_answer"
    assert "The user answered: red" in _asked(done)[0]
    assert [a["tool"] for a in done.actions] == ["ask_user"]  # asked once, answered once


async def test_no_one_to_ask_the_run_goes_on(wp) -> None:
    never = await run_task(wp, TASK, model=_model(), approve="never", max_steps=4)
    assert NO_ONE in _asked(never)[0] and never.stop_reason != "awaiting_answer"
    # An in-process approver but no ask_user: nobody answers questions; the run does not stop.
    approver_only = await run_task(
        wp, TASK, model=_model(), approve="ask", approver=lambda p: "no", max_steps=4
    )
    assert NO_ONE in _asked(approver_only)[0] and approver_only.stop_reason != "awaiting_answer"
    # An empty answer on resume is no answer.
    waiting = await run_task(wp, TASK, model=_model(), approve="ask", max_steps=4)
    done = await wp.resume(waiting.thread_id, answer="  ", model=_model())
    assert NO_ONE in _asked(done)[0]


async def test_outside_runs_the_waypost_callback_answers_also_over_mcp(tmp_path: Path) -> None:
    wp = Waypost(make_settings(tmp_path), ask_user=lambda payload: f"yes to {payload['question']}")
    assert await wp.tools()["ask_user"](question="Go on?") == "The user answered: yes to Go on?"
    server = build_server(wp=wp)  # the same ToolSpec over MCP
    listed = {t.name: t for t in await server.list_tools()}
    assert listed["ask_user"].annotations.read_only_hint is True
    nobody = Waypost(make_settings(tmp_path / "b"))
    assert await nobody.tools()["ask_user"](question="Go on?") == NO_ONE
    assert (await nobody.tools()["ask_user"](question=" ")).startswith("Error:")
