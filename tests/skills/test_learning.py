"""Reflection, failure patterns, the safeguards of tool generation, hot registration of generated tools."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from mcp.server.mcpserver import MCPServer

from tests.agent.scripted import ScriptedChatModel
from waypost.agent.runner import RunResult
from waypost.agent.tools import ToolBox
from waypost.server import skills as skills_mcp
from waypost.skills import Skill, SkillLibrary
from waypost.skills.generation import COOLDOWN, LAST_GENERATED, MIN_COUNT, decide
from waypost.skills.reflection import Reflection, by_llm, by_rules, is_real_model, pattern_of, signature
from waypost.skills.store import GeneratedTool
from waypost.skills.templates import MODAL_FIXTURE


class LLM(ScriptedChatModel):
    """A scripted model that counts as a real one (reflection and generation ask it)."""

    @property
    def _llm_type(self) -> str:
        return "test-llm"


def fail(tool: str, target: str, error: str = "element_not_found") -> dict[str, Any]:
    return {
        "tool": tool,
        "args": {"target": target},
        "ok": False,
        "error_type": error,
        "url": None,
        "line": "",
    }


def ok(tool: str, target: str) -> dict[str, Any]:
    return {"tool": tool, "args": {"target": target}, "ok": True, "error_type": None, "url": None, "line": ""}


def result(actions: list[dict[str, Any]], success: bool = False, stop: str = "loop") -> RunResult:
    return RunResult("", success, 3, 10, 1, 0.1, stop, [], "t", actions=actions, verified=success)


def test_patterns_are_normalised_and_hashed_order_independently() -> None:
    a = [fail("click", "Close dialog 12"), ok("type", "x"), fail("click", "date picker")]
    b = [fail("click", "date picker"), fail("click", "close   DIALOG 7"), fail("click", "date picker")]
    items_a, hash_a = pattern_of(a)
    items_b, hash_b = pattern_of(b)
    assert (
        items_a == items_b == ["click|element_not_found|close dialog", "click|element_not_found|date picker"]
    )
    assert hash_a == hash_b
    assert pattern_of([fail("click", "other")])[1] != hash_a
    assert pattern_of([ok("click", "x")]) == ([], None)
    assert signature(fail("research_navigate", "http://127.0.0.1:5000/politik/news")) == (
        "research_navigate|element_not_found|news politik"
    )


def test_rule_reflection_says_what_worked_and_failed_with_a_confidence() -> None:
    clean = by_rules("t", True, "answered", [ok("click", "x")])
    assert clean.confidence == 0.9 and clean.failed == [] and clean.pattern_hash is None
    once = by_rules("t", False, "gave_up", [fail("click", "x")])
    assert once.confidence < 0.7 and once.improvements and once.failed
    repeated = by_rules("t", False, "loop", [fail("click", "x"), fail("click", "x"), fail("click", "x")])
    assert repeated.confidence >= 0.7
    assert any("loop" in i for i in repeated.improvements)


async def test_a_real_model_reflects_in_json_and_the_rules_stand_when_it_cannot() -> None:
    base = by_rules("t", False, "loop", [fail("click", "x")])
    model = LLM(
        [AIMessage(content='Sure: {"worked": [], "failed": ["x"], "improvements": ["y"], "confidence": 0.8}')]
    )
    assert is_real_model(model) and not is_real_model(ScriptedChatModel()) and not is_real_model(None)
    got = await by_llm(model, base, "loop")
    assert got.by == "llm" and got.confidence == 0.8 and got.improvements == ["y"]
    assert got.pattern_hash == base.pattern_hash
    garbage = await by_llm(LLM([AIMessage(content="no idea")]), base, "loop")
    assert garbage is base
    broken = await by_llm(LLM([RuntimeError("down")]), base, "loop")
    assert broken is base


def test_failure_patterns_are_counted_persistently(tmp_path: Path) -> None:
    lib = SkillLibrary(tmp_path).open()
    for _ in range(2):
        lib.store.count_pattern("abc", ["click|x|y"], "task")
    lib.close()
    again = SkillLibrary(tmp_path).open()
    assert again.store.count_pattern("abc", ["click|x|y"], "task").count == 3
    again.close()


def reflection(confidence: float = 0.8) -> Reflection:
    return Reflection(task="t", success=False, confidence=confidence)


def test_every_safeguard_of_tool_generation(tmp_path: Path) -> None:
    lib = SkillLibrary(tmp_path).open()
    store = lib.store
    items = ["click|element_not_found|close dialog popup"]
    for _ in range(MIN_COUNT - 1):
        pattern = store.count_pattern("p1", items, "t")
    assert not decide(store, pattern, reflection(), now=1000.0).go  # counter
    pattern = store.count_pattern("p1", items, "t")
    assert "confidence" in decide(store, pattern, reflection(0.6), now=1000.0).reason
    go = decide(store, pattern, reflection(), now=1000.0)
    assert go.go and go.template is not None and go.template.name == "modal_handler"
    store.set_meta(LAST_GENERATED, "1000.0")
    assert "cooldown" in decide(store, pattern, reflection(), now=1000.0 + COOLDOWN - 1).reason
    assert decide(store, pattern, reflection(), now=1000.0 + COOLDOWN + 1).go
    later = 1000.0 + COOLDOWN + 1
    # Name dedupe: a skill or registered tool of that name.
    lib.add(Skill(name="modal-handler", description="close dialogs", instructions="x"))
    assert "similar" in decide(store, pattern, reflection(), now=later).reason
    lib.store.delete("modal-handler")
    store.put_tool(GeneratedTool("modal_handler", "d", [], "src", "<p>", status="registered"))
    assert "similar" in decide(store, pattern, reflection(), now=later).reason
    # Pattern dedupe: a tool (even a rejected one) made for the same pattern.
    other = store.count_pattern("p2", ["click|element_not_found|calendar day"], "t")
    for _ in range(2):
        other = store.count_pattern("p2", other.items, "t")
    assert decide(store, other, reflection(), now=later).go
    store.put_tool(
        GeneratedTool("x.rejected.1", "d", [], "src", "<p>", "rejected", "bad", {"pattern_hash": "p2"})
    )
    assert "already" in decide(store, other, reflection(), now=later).reason
    # No template fits.
    odd = store.count_pattern("p3", ["extract|captcha|robot"], "t")
    odd = store.count_pattern("p3", odd.items, "t")
    odd = store.count_pattern("p3", odd.items, "t")
    assert "no UI-pattern template" in decide(store, odd, reflection(), now=later).reason
    lib.close()


class Clock:
    def __init__(self) -> None:
        self.now = 10_000.0

    def __call__(self) -> float:
        return self.now


async def test_repeated_failures_generate_a_gated_tool_that_is_hot_registered(wp, fixture_server) -> None:
    library: SkillLibrary = wp.skills
    clock = Clock()
    library.clock = clock
    server = MCPServer(name="t")
    skills_mcp.attach(server, wp.skills, wp.runtime, {s.name for s in wp.tool_specs()})
    before = {t.name for t in await server.list_tools()}
    assert "modal_handler" not in before

    dialog = [fail("click", "close the popup dialog"), fail("click", "close the popup dialog")]
    # A model that proposes a hostile adaptation: the gate rejects it and keeps it; the template passes.
    model = LLM(
        [
            AIMessage(content="{}"),
            AIMessage(content="```python\nimport os\n\ndef run(page):\n    return 1\n```"),
        ]
    )
    learned = [await library.learn(None, result(dialog), None) for _ in range(MIN_COUNT - 1)]
    assert [x.pattern_count for x in learned] == [1, 2] and learned[-1].tool is None
    third = await library.learn(None, result(dialog), model)
    assert third.pattern_count == MIN_COUNT
    assert third.tool == "modal_handler", third.generation

    rejected = library.generated("rejected")
    assert len(rejected) == 1 and "'os'" in rejected[0].reason and rejected[0].provenance["by"] == "llm"
    registered = library.generated("registered")
    assert [t.name for t in registered] == ["modal_handler"]
    prov = registered[0].provenance
    assert (
        prov["template"] == "modal_handler" and prov["pattern_count"] == MIN_COUNT and prov["gate"]["ops"] > 0
    )

    # Hot: the agent's tools, the MCP server's tools, no restart.
    assert "modal_handler" in {s.name for s in wp.tool_specs()}
    assert "modal_handler" in {t.name for t in await server.list_tools()}
    toolbox = ToolBox.from_specs(wp.runtime, wp.tool_specs())
    assert toolbox.read_only["modal_handler"] is False

    # It works on a real page, in the sandbox, through the agent's toolbox.
    async with wp.pool.session("default") as session:
        await session.page.goto(fixture_server.url + "/")
        await session.page.set_content(MODAL_FIXTURE)
    text, ran = await toolbox.run("modal_handler", {})
    assert ran and "closed 1 dialog" in text, text
    async with wp.pool.session("default") as session:
        assert not await session.page.locator("#promo").is_visible()

    # The cooldown holds for another pattern; an hour later it is generated too.
    calendar = [fail("click", "calendar day 12"), fail("click", "calendar day 12")]
    for _ in range(MIN_COUNT):
        late = await library.learn(None, result(calendar), None)
    assert late.tool is None and "cooldown" in (late.generation or "")
    clock.now += 3601
    now = await library.learn(None, result(calendar), None)
    assert now.tool == "calendar_picker", now.generation
    assert "calendar_picker" in {t.name for t in await server.list_tools()}


@pytest.fixture
def bare(tmp_path: Path):
    """A Waypost stand-in without a browser: a skill library and its tool specs."""
    lib = SkillLibrary(tmp_path).open()
    yield SimpleNamespace(skills=lib, tool_specs=lib.tool_specs)
    lib.close()


async def test_mcp_resources_list_the_skills(bare) -> None:
    server = MCPServer(name="t")
    skills_mcp.attach(server, bare.skills, None)  # type: ignore[arg-type]  # no tool is registered
    listed = await server.read_resource("skills://list")
    rows = json.loads(next(iter(listed)).content)
    assert {"cookie-banners", "search-box"} <= {r["name"] for r in rows}
    one = await server.read_resource("skills://cookie-banners")
    assert json.loads(next(iter(one)).content)["instructions"].startswith("Cookie banners")


async def test_a_failed_reuse_lowers_confidence_and_retires_a_learned_skill(bare) -> None:
    from waypost.skills.library import Prepared
    from waypost.skills.matching import Match

    library: SkillLibrary = bare.skills
    skill = library.add(
        Skill(name="learned-zebra", description="zebra", keywords=["zebra"], instructions="z")
    )
    prepared = Prepared(task="zebra", start_url=None, matches=[Match(skill, 1, 0.5, 0.5)])
    first = await library.learn(prepared, result([fail("click", "zebra")]), None)
    assert first.confidence["learned-zebra"] < 0.3
    assert first.retired == ["learned-zebra"]
    assert "learned-zebra" not in {m.skill.name for m in library.match("zebra")}


@pytest.mark.parametrize("stop", ["awaiting_approval", "paused"])
async def test_an_unfinished_run_teaches_nothing(bare, stop: str) -> None:
    from waypost.skills import hooks
    from waypost.skills.library import Prepared

    got = await hooks.learn_from(
        bare.skills, Prepared(task="x", start_url=None), result([fail("click", "x")], stop=stop)
    )
    assert got is None and bare.skills.patterns() == []
    done = await hooks.learn_from(
        bare.skills, Prepared(task="x", start_url=None), result([fail("click", "x")])
    )
    assert done is not None and bare.skills.patterns()[0].count == 1


async def test_a_real_model_s_improvements_go_into_the_proposed_skill(bare) -> None:
    reply = '{"worked": ["typed"], "failed": [], "improvements": ["Wait for the list."], "confidence": 0.9}'
    actions = [
        {
            "tool": "type",
            "args": {"target": "search", "text": "Kranich"},
            "ok": True,
            "url": "http://h/s?q=Kranich",
        }
    ]
    from waypost.skills.library import Prepared

    got = await bare.skills.learn(
        Prepared(task="search for Kranich", start_url="http://h/"),
        result(actions, True, "answered"),
        LLM([AIMessage(content=reply)]),
    )
    assert got.reflection.by == "llm" and got.proposed
    assert bare.skills.show(got.proposed).instructions.endswith("Tips: Wait for the list.")
