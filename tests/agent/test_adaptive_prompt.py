"""Prompts that adapt (issue 23): parts, the minimal variant and the switch to it, personas."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.context import AgentConfig
from waypost.agent.personas import BUILTIN, find_persona, load_personas
from waypost.agent.prompts import MINIMAL_VARIANT, SYSTEM_PROMPT, PromptOptions, PromptParts, assemble
from waypost.agent.runner import _prompt_for
from waypost.api import Waypost, prompt_options, stream_task
from waypost.config import Settings
from waypost.errors import ConfigError
from waypost.page.tokens import count_tokens

QUERIES = [f"part {i}" for i in range(40)]


def wandering(steps: int):
    """A reply function: ``steps`` different reads, then a final answer."""
    count = {"n": 0}

    def reply(messages: list[BaseMessage]) -> AIMessage:
        count["n"] += 1
        if count["n"] > steps:
            return answer("Koalition einigt sich auf Haushalt 2026")
        return call("extract", query=QUERIES[count["n"] % len(QUERIES)])

    return reply


def system_of(prompt: list[BaseMessage]) -> str:
    first = prompt[0]
    assert isinstance(first, SystemMessage)
    return str(first.content)


def test_parts_make_the_prompt_and_the_minimal_variant_is_short() -> None:
    parts = PromptParts(
        tools=("think", "final_answer", "click"),
        skills="Skill: log in first.",
        persona=BUILTIN["shopper"].text,
        secrets=("card_pin",),
        permanent=({"task": "Find A", "summary": "Found A."},),
    )
    full, minimal = assemble(parts), assemble(parts, MINIMAL_VARIANT)
    for text in (full, minimal):
        assert "Persona: shopper" in text and "Tools in view: think, final_answer, click." in text
        assert "<secret:card_pin>" in text and "final_answer" in text
    assert "Skill: log in first." in full and "Found A." in full and "Skill" not in minimal
    assert count_tokens(minimal) < count_tokens(full) / 2
    assert assemble(PromptParts()).startswith(SYSTEM_PROMPT.split("\n")[0])


def test_the_switch_after_steps_after_repairs_and_for_small_windows() -> None:
    options = PromptOptions(minimal_after=25, minimal_repairs=3)
    assert [options.variant(s, 0) for s in (0, 24, 25, 40)] == ["full", "full", "minimal", "minimal"]
    assert options.variant(2, 3) == "minimal" and PromptOptions(minimal_after=0).variant(99, 0) == "full"
    assert PromptOptions(minimal=True).variant(0, 0) == "minimal"
    small = ScriptedChatModel([], metadata={"waypost_context_window": 4096})
    assert _prompt_for(small, PromptOptions()).variant(0, 0) == "minimal"
    assert _prompt_for(small, PromptOptions(small_context=0)).variant(0, 0) == "full"
    assert _prompt_for(ScriptedChatModel([]), None).variant(0, 0) == "full"


async def test_a_run_of_32_steps_switches_to_the_minimal_prompt_after_25(site, checkpoints) -> None:
    model = ScriptedChatModel([wandering(32)] * 40)
    variants: dict[int, str] = {}
    async for event in stream_task(
        None,
        "Find the top politics headline",
        model=model,
        tools=site.tools(),
        checkpoint_path=checkpoints,
        max_steps=40,
        config=AgentConfig(max_interventions=100),
        prompt=PromptOptions(minimal_after=25),
    ):
        if event["type"] == "node" and event.get("node") == "agent" and "prompt_variant" in event:
            variants[event["step"]] = event["prompt_variant"]
        if event["type"] == "done":
            result = event["result"]
    assert result.steps >= 32
    assert {variants[s] for s in range(1, 26)} == {"full"}
    assert {variants[s] for s in range(26, result.steps + 1)} == {"minimal"}
    systems = [count_tokens(system_of(p)) for p in model.prompts]
    assert max(systems[25:]) < min(systems[:25])  # every minimal prompt is shorter than every full one


def test_personas_come_from_yaml_and_unknown_names_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "personas.yaml"
    path.write_text(
        "personas:\n  analyst:\n    text: You compare figures.\n    tools: [extract, read_page]\n"
        "  shopper: Only the cheapest offer.\n",
        encoding="utf-8",
    )
    found = load_personas(path)
    assert found["analyst"].tools == ("extract", "read_page")
    assert find_persona("Analyst", path).text == "You compare figures."
    assert find_persona("shopper", path).text == "Only the cheapest offer."  # the file's wins
    assert find_persona("form filler").name == "form_filler"
    with pytest.raises(ConfigError, match="no persona 'pirate'; known: analyst, form_filler"):
        find_persona("pirate", path)
    path.write_text("personas:\n  bad:\n    text: x\n    shell: rm -rf /\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="takes only 'text' and 'tools'"):
        load_personas(path)


def test_the_settings_choose_persona_switch_and_secret_names(tmp_path: Path) -> None:
    (tmp_path / "personas.yaml").write_text("analyst: You compare figures.\n", encoding="utf-8")
    wp = Waypost(
        Settings(data_dir=tmp_path, persona="analyst", minimal_prompt_after=7, secrets={"pin": "4711-0815"})
    )
    options = prompt_options(wp)
    assert options.persona == "You compare figures." and options.minimal_after == 7
    assert options.secrets == ("pin",)
    assert prompt_options(wp, "researcher").tools[0] == "research_navigate"
