"""Repairing malformed model output."""

from __future__ import annotations

from langchain_core.messages import AIMessage

from waypost.agent.repair import parse_args, rebuild, repair
from waypost.agent.tools import ToolBox

BOX = ToolBox.of([])
ACTIVE = ["think", "final_answer", "list_tools", "load_tools"]
REQUIRED = {
    "final_answer": ["answer"],
    "think": ["thought"],
    "load_tools": ["names"],
    "list_tools": ["category"],
}


def fix(message: AIMessage, active: list[str] = ACTIVE, loadable: list[str] = ()):
    return repair(message, active, loadable=loadable, required=REQUIRED, validate=BOX.validate)


def test_parse_args() -> None:
    assert parse_args('{"a": 1}') == {"a": 1}
    assert parse_args("{'a': 'b',}") == {"a": "b"}
    assert parse_args('```json\n{"a": true}\n```') == {"a": True}
    assert parse_args("") == {} and parse_args(None) == {}
    assert parse_args("not json") is None and parse_args("[1, 2]") is None
    assert parse_args('"{\\"a\\": 1}"') == {"a": 1}  # JSON inside a JSON string


def test_valid_calls_pass_through() -> None:
    out = fix(AIMessage("", tool_calls=[{"name": "think", "args": {"thought": "x"}, "id": "1"}]))
    assert out.problem is None and out.calls == [{"name": "think", "args": {"thought": "x"}, "id": "1"}]
    assert out.fixes == []


def test_names_are_matched_loosely() -> None:
    out = fix(
        AIMessage("", tool_calls=[{"name": "functions.Final-Answer", "args": {"answer": "a"}, "id": "1"}])
    )
    assert out.calls[0]["name"] == "final_answer" and out.fixes
    out = fix(AIMessage("", tool_calls=[{"name": "final_answr", "args": {"answer": "a"}, "id": "1"}]))
    assert out.calls[0]["name"] == "final_answer"
    out = fix(AIMessage("", tool_calls=[{"name": "fly_to_moon", "args": {}, "id": "1"}]))
    assert out.problem == "there is no tool 'fly_to_moon'"


def test_unloaded_tools_are_reported_for_loading() -> None:
    box = ToolBox.of([], read_only={})
    out = repair(
        AIMessage("", tool_calls=[{"name": "think", "args": {"thought": "t"}, "id": "1"}]),
        ["final_answer"],
        loadable=["think"],
        validate=box.validate,
    )
    assert out.load == ["think"] and out.problem is None


def test_arguments_are_fitted() -> None:
    out = fix(AIMessage("", tool_calls=[{"name": "final_answer", "args": {"result": "42"}, "id": "1"}]))
    assert out.calls[0]["args"] == {"answer": "42"}
    out = fix(AIMessage("", tool_calls=[{"name": "think", "args": {"idea": "hm"}, "id": "1"}]))
    assert out.calls[0]["args"] == {"thought": "hm"}
    out = fix(AIMessage("", tool_calls=[{"name": "think", "args": {}, "id": "1"}]))
    assert out.problem and "bad arguments for think" in out.problem


def test_calls_written_as_text() -> None:
    out = fix(AIMessage('I will answer now: {"tool": "final_answer", "args": {"answer": "Berlin"}}'))
    assert out.calls[0]["name"] == "final_answer" and out.calls[0]["args"] == {"answer": "Berlin"}
    out = fix(AIMessage('{"answer": "Paris"}'))
    assert out.calls[0]["args"] == {"answer": "Paris"}
    out = fix(AIMessage('Thinking...\nfinal_answer(answer="Rom")'))
    assert out.calls[0]["args"] == {"answer": "Rom"}
    out = fix(AIMessage('final_answer("Wien")'))
    assert out.calls[0]["args"] == {"answer": "Wien"}
    out = fix(AIMessage("Just some words."))
    assert out.problem == "it contained no tool call" and out.text == "Just some words."


def test_unparsable_calls_are_reread_or_reported() -> None:
    good = AIMessage(
        "", invalid_tool_calls=[{"name": "think", "args": "{'thought': 'a'}", "id": "1", "error": "x"}]
    )
    assert fix(good).calls[0]["args"] == {"thought": "a"}
    bad = AIMessage("", invalid_tool_calls=[{"name": "think", "args": "{broken", "id": "1", "error": "x"}])
    assert fix(bad).problem == "the arguments of think are not a JSON object"


def test_rebuild_keeps_id_and_metadata() -> None:
    msg = AIMessage("hi", id="m1", tool_calls=[{"name": "Think", "args": {"thought": "a"}, "id": "c1"}])
    new = rebuild(msg, fix(msg))
    assert new.id == "m1" and new.content == "hi" and new.tool_calls[0]["name"] == "think"
