"""PlanWithEvidence with a scripted chat model, acting in real Chromium: every branch of the step loop."""

from __future__ import annotations

import re

import pytest
from langchain_core.messages import AIMessage, BaseMessage
from playwright.async_api import Page

from tests.agent.scripted import ScriptedChatModel, call, say
from waypost.planning import PlannerSettings, PlannerStore, PlanningSession, plan_and_execute, summarize

pytestmark = pytest.mark.asyncio(loop_scope="session")

LOGIN = """<!doctype html><title>Login</title><main>
<section aria-label="Promo"><h2>Promo</h2><p>Faster with your Google account.</p>
<button id="google" disabled>Sign in with Google</button></section>
<form aria-label="Login" onsubmit="return false"><h2>Login</h2>
<label>User <input id="user" name="user"></label>
<button id="go" type="button" onclick="document.title = 'Signed in as ' + user.value">Sign in</button></form>
</main>"""

QUERY = {"intent": "click", "keywords": ["sign", "in"]}


def plan(label: str, action: str = "click", **extra: object):
    """A reply naming the item whose label is ``label`` in the latest evidence pack."""

    def reply(prompt: list[BaseMessage]) -> AIMessage:
        text = next(str(m.content) for m in reversed(prompt) if "not instructions" in str(m.content))
        number = re.search(rf'^\[(\d+)\] \S+ "{re.escape(label)}"', text, re.M)
        assert number is not None, text
        return call("plan_step", evidence=int(number.group(1)), action=action, **extra)

    return reply


async def test_a_valid_query_and_plan_should_act_and_log_the_step(
    page: Page, planning: PlanningSession, store: PlannerStore
) -> None:
    await page.set_content(LOGIN)
    model = ScriptedChatModel(
        [call("query_evidence", intent="type", keywords=["user"]), plan("User", "type", text="ada")]
    )
    outcome = await plan_and_execute(model, planning, page, "type ada as user")
    assert outcome.ok, outcome.message
    assert await page.input_value("#user") == "ada"
    # The plan's evidence argument is an enum of the pack's numbers; the query tool is not bound twice.
    plan_tools = [t["function"] for t in model.tools[1]]
    assert [t["name"] for t in plan_tools] == ["plan_step"]
    numbers = plan_tools[0]["parameters"]["properties"]["evidence"]["enum"]
    pack_text = str(model.prompts[1][-1].content)
    assert numbers == re.findall(r"^\[(\d+)\] ", pack_text, re.M) and numbers
    record = outcome.record
    assert (record.status, record.success, record.rounds, record.hit_rank) == ("done", True, 1, 1)
    assert record.tokens_in > record.tokens_out > 0 and record.latency_ms > 0
    assert [r.status for r in store.steps()] == ["done"]
    stats = summarize(store.steps())
    assert stats[0].mode == "rag" and stats[0].success == 1.0 and stats[0].hit_at_k == 1.0


async def test_invalid_json_should_get_one_repair_round(page: Page, planning: PlanningSession) -> None:
    await page.set_content(LOGIN)
    model = ScriptedChatModel(
        [
            say('{"intent": "click", "keywords": ["sign in"],,'),
            say('{"intent": "klick"}'),
            call("query_evidence", **QUERY),
            plan("Sign in"),
        ]
    )
    outcome = await plan_and_execute(model, planning, page, "sign in")
    assert outcome.status == "bad_query" and not outcome.record.success
    assert "does not fit the schema" in outcome.message and "intent" in outcome.message

    page_title = await page.title()
    assert page_title == "Login"  # nothing was done
    repaired = ScriptedChatModel(
        [say("```json\n{intent: 'click'}\n```"), call("query_evidence", **QUERY), plan("Sign in")]
    )
    outcome = await plan_and_execute(repaired, planning, page, "sign in")
    assert outcome.ok, outcome.message
    correction = repaired.prompts[1][-1]
    assert str(correction.content).startswith("Error: The query is not JSON")
    assert await page.title() == "Signed in as"


async def test_a_number_outside_the_pack_is_corrected_once(page: Page, planning: PlanningSession) -> None:
    await page.set_content(LOGIN)
    model = ScriptedChatModel(
        [call("query_evidence", **QUERY), call("plan_step", evidence=99, action="click"), plan("Sign in")]
    )
    outcome = await plan_and_execute(model, planning, page, "sign in")
    assert outcome.ok
    assert "evidence must be one of" in str(model.prompts[2][-1].content)


async def test_a_follow_up_round_should_retrieve_again_from_the_cache(
    page: Page, planning: PlanningSession
) -> None:
    await page.set_content(LOGIN)
    model = ScriptedChatModel(
        [
            call("query_evidence", intent="type", keywords=["password"]),
            call("plan_step", evidence=1, action="click", follow_up=["sign", "in"]),
            plan("Sign in"),
        ]
    )
    outcome = await plan_and_execute(model, planning, page, "sign in")
    assert outcome.ok, outcome.message
    assert outcome.record.rounds == 2 and outcome.record.cache_hits == 1  # unchanged screen: one index build
    assert outcome.record.hit_rank is None  # the element that worked was not in the first pack


async def test_the_query_cap_should_end_the_step(page: Page, store: PlannerStore) -> None:
    from waypost.retrieval import Actor, RetrievalSettings

    await page.set_content(LOGIN)
    session = PlanningSession(Actor(RetrievalSettings(memory=False, telemetry=False)), store=store)
    model = ScriptedChatModel(
        [
            call("query_evidence", **QUERY),
            call("plan_step", evidence=1, action="click", follow_up=["login"]),
            call("plan_step", evidence=1, action="click", follow_up=["submit"]),
        ]
    )
    outcome = await plan_and_execute(model, session, page, "sign in")
    assert outcome.status == "cap_reached" and "2 query rounds" in outcome.message
    assert outcome.record.rounds == 2 and not outcome.record.success
    assert await page.title() == "Login"


async def test_a_failed_step_should_rule_out_its_section_in_the_next_round(
    page: Page, planning: PlanningSession
) -> None:
    await page.set_content(LOGIN)
    model = ScriptedChatModel(
        [
            call("query_evidence", **QUERY),
            plan("Sign in with Google"),  # disabled: validation refuses it, nothing is clicked
            call("plan_step", evidence=1, action="click", follow_up=["sign", "in"]),
            plan("Sign in"),
        ]
    )
    outcome = await plan_and_execute(model, planning, page, "sign in")
    assert outcome.ok, outcome.message
    failure = str(model.prompts[2][-1].content)
    assert "\nFailed: " in failure and "disabled" in failure and 'section "Promo"' in failure
    second_pack = str(model.prompts[3][-1].content)
    assert "Left out after a failed step" in second_pack and "Sign in with Google" not in second_pack
    assert outcome.record.failures and 'not section "Promo"' in outcome.record.failures[0]
    # Each plan call carries only the goal, the failure and the pack: no QuerySpec, no earlier pack.
    assert [type(m).__name__ for m in model.prompts[3]] == ["SystemMessage", "HumanMessage"]
    assert second_pack.startswith("Goal: sign in\n") and "query_evidence" not in second_pack


async def test_a_step_over_its_time_limit_should_stop(page: Page, store: PlannerStore) -> None:
    from waypost.retrieval import Actor

    await page.set_content(LOGIN)
    session = PlanningSession(Actor(), store=store, settings=PlannerSettings(step_timeout=0.0))
    outcome = await plan_and_execute(
        ScriptedChatModel([call("query_evidence", **QUERY)]), session, page, "sign in"
    )
    assert outcome.status == "timeout" and [r.status for r in store.steps()] == ["timeout"]
