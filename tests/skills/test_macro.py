"""Macros: recording and parameters (plain data); replay and hand-over in real Chromium on the demo site."""

from __future__ import annotations

from typing import Any

from waypost.models.planner import OfflinePlanner
from waypost.skills import macro as macros
from waypost.skills.model import REPLAY_FROM, MacroStep

ORIGIN = "http://127.0.0.1:8123"


def act(tool: str, url: str | None = None, ok: bool = True, **args: Any) -> dict[str, Any]:
    return {
        "tool": tool,
        "args": args,
        "ok": ok,
        "url": url,
        "step": 1,
        "line": f"{tool}",
        "error_type": None,
    }


def test_task_values_become_parameters_and_the_origin_a_placeholder() -> None:
    actions = [
        act("research_navigate", ORIGIN + "/", target=ORIGIN + "/", hint="search"),
        act("think", thought="x"),
        act("type", ORIGIN + "/suche?q=Wahlrecht", target="search field", text="Wahlrecht", submit=True),
        act("click", ORIGIN + "/x", ok=False, target="broken"),
        act("research_navigate", ORIGIN + "/suche?q=Wahlrecht", target=ORIGIN + "/suche?q=Wahlrecht"),
        act("final_answer", answer="done"),
    ]
    m = macros.record("search  for Wahlrecht", ORIGIN + "/", actions)
    assert m is not None
    assert m.task_template == "search for {p0}"
    assert m.params == ["origin", "p0"]
    assert [s.tool for s in m.steps] == ["research_navigate", "type", "research_navigate"]
    assert m.steps[1].args == {"target": "search field", "text": "{p0}", "submit": True}
    assert m.steps[2].args["target"] == "{origin}/suche?q={p0:url}"
    assert m.steps[1].expect_path == "{origin}/suche?q={p0:url}"
    values = macros.bind(m, "Search for Hansekiel Nord", "http://127.0.0.1:9999/start")
    assert values == {"p0": "Hansekiel Nord", "origin": "http://127.0.0.1:9999"}
    assert macros.fill(m.steps[2].args, values)["target"] == "http://127.0.0.1:9999/suche?q=Hansekiel+Nord"
    assert macros.fill(m.steps[1].args, values)["text"] == "Hansekiel Nord"
    assert macros.bind(m, "open the politics section", ORIGIN + "/") is None
    assert macros.bind(m, "search for x", None) is None  # the macro needs a start page


def test_a_value_used_twice_must_be_equal_again() -> None:
    actions = [
        act("type", ORIGIN + "/login", target="username", text="demo"),
        act("type", ORIGIN + "/login", target="password", text="demo"),
    ]
    m = macros.record("log in as demo/demo", ORIGIN + "/", actions)
    assert m is not None and m.task_template == "log in as {p0}/{p0}"
    assert macros.bind(m, "log in as bob/bob", ORIGIN) == {"p0": "bob", "origin": ORIGIN}
    assert macros.bind(m, "log in as bob/alice", ORIGIN) is None


def test_a_password_that_is_not_in_the_task_is_never_stored() -> None:
    actions = [
        act("research_navigate", ORIGIN + "/login", target=ORIGIN + "/login"),
        act("type", ORIGIN + "/login", target="username", text="demo"),
        act("type", ORIGIN + "/login", target="Passwort", text="hunter2-secret"),
        act("click", ORIGIN + "/konto", target="login button"),
    ]
    m = macros.record("log in to my account", ORIGIN + "/", actions)
    assert m is not None
    assert [s.tool for s in m.steps] == ["research_navigate", "type"]
    assert "hunter2" not in repr(m)


def test_nothing_to_replay_gives_no_macro() -> None:
    assert macros.record("x", None, [act("think", thought="y"), act("click", ok=False, target="z")]) is None


async def test_the_second_run_replays_the_learned_macro_and_needs_one_model_step(wp, demo_site) -> None:
    start = demo_site.url + "/"
    first = await wp.run("search for Wahlrecht", start_url=start, model=OfflinePlanner(), approve="always")
    assert first.success, first.answer
    learned = wp.skills.last
    assert learned is not None and learned.proposed and learned.replayed == 0
    skill = wp.skills.show(learned.proposed)
    assert skill.confidence == 0.3 and skill.macro is not None and skill.source == "learned"

    second = await wp.run("search for Wahlrecht", start_url=start, model=OfflinePlanner(), approve="always")
    assert second.success, second.answer
    assert "Wahlrecht" in second.answer
    again = wp.skills.last
    assert again is not None and again.replayed == len(skill.macro.steps) and again.handover is None
    assert again.proposed is None  # known already: no duplicate skill
    assert second.steps == 1 < first.steps
    assert second.tokens_in < first.tokens_in
    assert wp.skills.show(skill.name).confidence > skill.confidence

    # Another value for the parameter: the macro types it, and the run is still right.
    other = await wp.run("search for Hansekiel", start_url=start, model=OfflinePlanner(), approve="always")
    typed = [a for a in other.actions if a["tool"] == "type"]
    assert typed[0]["args"]["text"] == "Hansekiel" and typed[0]["step"] == 0
    assert other.success and "Hansekiel" in other.answer


async def test_a_failing_step_hands_over_to_the_agent_with_the_replayed_steps(wp, demo_site) -> None:
    start = demo_site.url + "/"
    first = await wp.run("search for Wahlrecht", start_url=start, model=OfflinePlanner(), approve="always")
    skill = wp.skills.show(wp.skills.last.proposed)
    assert skill.macro is not None
    # The site changed: the page the macro goes to next is gone.
    skill.macro.steps.insert(1, MacroStep("research_navigate", {"target": "{origin}/gibt-es-nicht/"}, None))
    wp.skills.add(skill)

    second = await wp.run("search for Wahlrecht", start_url=start, model=OfflinePlanner(), approve="always")
    learning = wp.skills.last
    assert learning is not None and learning.replayed == 1
    assert learning.handover and "step 2" in learning.handover
    # The replayed steps are in the history: the navigation was not redone by the agent, the failed
    # step is there as it happened, and the agent finished the task itself.
    replayed = [a for a in second.actions if a["step"] == 0]
    assert [a["tool"] for a in replayed] == ["research_navigate", "research_navigate"]
    assert replayed[0]["ok"] is True and replayed[1]["ok"] is False
    assert second.success, second.answer
    assert 1 < second.steps <= first.steps
    assert [m.get("name") for m in second.transcript].count("skill") == 1  # the hand-over note


async def test_a_macro_never_replays_a_password_submit_without_approval(wp, demo_site) -> None:
    start = demo_site.url + "/"
    first = await wp.run("log in as demo/demo", start_url=start, model=OfflinePlanner(), approve="always")
    assert first.success
    skill = wp.skills.show(wp.skills.last.proposed)
    assert skill.confidence >= REPLAY_FROM
    await wp.sessions.clear("default")

    held = await wp.run("log in as demo/demo", start_url=start, model=OfflinePlanner(), approve="ask")
    assert held.stop_reason == "awaiting_approval"
    replayed = [a for a in held.actions if a["step"] == 0]
    assert all(a["tool"] != "click" for a in replayed)
    assert held.pending is not None and "password" in held.pending["reason"]

    # Approved: the run ends after the resume, and the library learns from it then.
    wp.skills.last = None
    done = await wp.resume(held.thread_id, answer="yes", model=OfflinePlanner())
    assert done.success, done.answer
    # The library learns from the task with the typed password masked (here the user name too).
    assert wp.skills.last is not None and wp.skills.last.reflection.task == "log in as ****/****"
