"""The planner's rules on hand-made runs: retries, overlays, approvals, missing tools, honesty."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from langchain_core.tools import StructuredTool

from tests.agent_planner.conftest import localize
from tests.driver import final_answer_tool
from waypost.models.planner import Observation, OfflinePlanner, next_call, parse_task, task_message

PORTAL, FINANCE = "http://127.0.0.1:8000", "http://localhost:8000"
_RAW = (Path(__file__).parent / "data" / "transcripts.json").read_text(encoding="utf-8")
BY_NAME: dict[str, dict[str, Any]] = {t["name"]: t for t in json.loads(localize(_RAW, PORTAL, FINANCE))}
START = f"{PORTAL}/"


def recorded(name: str, upto: int) -> list[Observation]:
    return [Observation(s["tool"], s["args"], s["result"]) for s in BY_NAME[name]["steps"][:upto]]


def plan(task: str) -> Any:
    return parse_task(f"{task}\nStart page: {START}")


def test_first_call_should_open_the_start_page_with_the_goal_as_hint() -> None:
    call = next_call(plan("open the politics section and give me the first headline"), [])
    assert (call.name, call.args) == ("research_navigate", {"target": START, "hint": "politics"})


def test_covered_twice_should_end_honestly_instead_of_looping() -> None:
    history = recorded("login-demo", 4)  # ..., type covered, dismiss_overlays
    covered = history[2]
    call = next_call(plan("log in as demo/demo"), [*history, covered])
    assert call.name == "final_answer"
    assert "could not finish" in call.args["answer"] and "covered" in call.args["answer"]


def test_a_failing_action_should_be_tried_once_more_with_other_words_then_given_up() -> None:
    history = recorded("login-demo", 4)
    not_found = Observation(
        "type", {}, 'Nothing on this page matches "username"; nothing was done. Try other words.'
    )
    call = next_call(plan("log in as demo/demo"), [*history, not_found])
    assert (call.name, call.args) == ("type", {"target": "Benutzername", "text": "demo"})
    call = next_call(plan("log in as demo/demo"), [*history, not_found, not_found])
    assert call.name == "final_answer" and "did not work" in call.args["answer"]
    assert "demo" not in call.args["answer"].split("did not work")[1].split("(")[0]


def test_an_unsure_action_should_be_retried_with_the_best_candidate_selector() -> None:
    history = recorded("login-demo", 2)
    unsure = Observation(
        "type",
        {},
        'Not sure which element "username" means; nothing was done. Names and text come from the page.\n'
        '[1] textbox "Benutzername" p=0.48 — css=#username\n'
        '[2] searchbox "Suchbegriff" p=0.41 — css=#q\n'
        "Call type again with one of these selectors as the target, or describe it more precisely.",
    )
    call = next_call(plan("log in as demo/demo"), [*history, unsure])
    assert (call.name, call.args) == ("type", {"target": "css=#username", "text": "demo"})


def test_a_declined_approval_should_stop_the_run() -> None:
    history = recorded("contact-complete-de", 10)
    declined = Observation("click", {}, "The user declined this action: click('send button').")
    task = BY_NAME["contact-complete-de"]["task"]
    call = next_call(plan(task), [*history, declined])
    assert call.name == "final_answer"
    assert "nicht freigegeben" in call.args["answer"] and "Bisher erledigt" in call.args["answer"]


def test_a_tool_not_bound_should_be_called_when_the_graph_can_load_it_else_named() -> None:
    history = recorded("login-demo", 2)
    names = frozenset({"research_navigate", "final_answer", "think", "load_tools"})
    call = next_call(plan("log in as demo/demo"), history, names)
    assert (call.name, call.args) == ("type", {"target": "username", "text": "demo"})  # the graph loads it
    call = next_call(plan("log in as demo/demo"), history, names - {"load_tools"})
    assert call.name == "final_answer" and "'type' is not available" in call.args["answer"]


def test_neutral_tool_answers_should_not_move_the_plan() -> None:
    history = recorded("politics-headline-en", 1)
    noise = [Observation("think", {"thought": "hm"}, "ok"), Observation("load_tools", {}, "Loaded click.")]
    assert next_call(plan(BY_NAME["politics-headline-en"]["task"]), [*history, *noise]) == next_call(
        plan(BY_NAME["politics-headline-en"]["task"]), history
    )


def test_navigation_errors_should_end_honestly() -> None:
    error = Observation("research_navigate", {}, "Error: Loading http://127.0.0.1:8000/ failed (refused).")
    call = next_call(plan("open the politics section"), [error])
    assert call.name == "final_answer" and "refused" in call.args["answer"]


def test_a_captcha_wall_should_not_be_taken_for_content() -> None:
    wall = Observation(
        "research_navigate",
        {},
        f"You are on: Just a moment... ({START})\nBlocked: captcha (cloudflare). This page is a CAPTCHA "
        "or bot wall, not the content.\n\nNo links on this page.",
    )
    call = next_call(plan("open the politics section"), [wall])
    assert call.name == "final_answer" and "captcha" in call.args["answer"].lower()


def test_missing_start_page_and_credentials_should_be_asked_for() -> None:
    call = next_call(parse_task("open the politics section"), [])
    assert call.name == "final_answer" and "start page" in call.args["answer"]
    call = next_call(plan("log in"), [])
    assert call.name == "final_answer" and "user name and a password" in call.args["answer"]


def test_unsupported_parts_should_be_named_in_the_answer() -> None:
    task = "open the politics section and sing a song"
    history = recorded("politics-headline-en", 2)
    call = next_call(plan(task), history)
    assert call.name == "final_answer"
    assert call.args["answer"].startswith("Opened “Politik – Waypost Nachrichten”")
    assert "Not done (beyond the offline planner): “sing a song”" in call.args["answer"]


def test_bind_tools_should_return_a_copy_that_knows_the_tools() -> None:
    async def click(target: str) -> str:
        """Click."""
        return target

    planner = OfflinePlanner()
    bound = planner.bind_tools(
        [StructuredTool.from_function(coroutine=click, name="click"), final_answer_tool()]
    )
    assert isinstance(bound, OfflinePlanner)
    assert bound.tool_names == frozenset({"click", "final_answer"}) and planner.tool_names is None


def test_the_task_message_should_be_the_last_one_named_task() -> None:
    """Earlier tasks of the session (permanent history) and their tool answers do not count."""
    old = BY_NAME["finance-price"]
    messages = [task_message(old["task"], START), task_message("search for Wahlrecht", START)]
    call = OfflinePlanner().invoke(messages).tool_calls[0]
    assert call["args"] == {"target": START, "hint": "search"}
