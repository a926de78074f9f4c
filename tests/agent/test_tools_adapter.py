"""Waypost ToolSpecs as LangChain tools, core tools, and the schemas models see."""

from __future__ import annotations

from waypost.agent.tools import ToolBox, core_tools, spec_tool
from waypost.tools.acting import CLICK, SCROLL, TYPE
from waypost.tools.research import RESEARCH_NAVIGATE


class FakeRuntime:
    """Only what the tool factories touch when binding (nothing is called here)."""


def test_specs_become_structured_tools_with_their_descriptions() -> None:
    tool = spec_tool(RESEARCH_NAVIGATE, FakeRuntime())  # type: ignore[arg-type]
    assert tool.name == "research_navigate" and tool.description == RESEARCH_NAVIGATE.description
    assert tool.coroutine is not None and set(tool.args) == {"target", "hint", "session_id"}


def test_schemas_hide_the_session_and_enumerate_choices() -> None:
    box = ToolBox.from_specs(FakeRuntime(), [RESEARCH_NAVIGATE, CLICK, TYPE], session_id="agent")  # type: ignore[arg-type]
    assert box.names[:4] == ["think", "final_answer", "list_tools", "load_tools"]
    assert box.read_only["research_navigate"] and not box.read_only["click"] and box.read_only["think"]
    plain = box.schema("research_navigate")["function"]
    assert set(plain["parameters"]["properties"]) == {"target", "hint"}
    assert plain["parameters"]["required"] == ["target"] and "strict" not in plain
    strict = box.schema("research_navigate", enums={"target": ["/a", "back"]}, strict=True)["function"]
    params = strict["parameters"]
    assert strict["strict"] is True and params["additionalProperties"] is False
    assert params["required"] == ["target", "hint"] and params["properties"]["target"]["enum"] == [
        "/a",
        "back",
    ]
    assert "default" not in params["properties"]["hint"]
    typed = box.schema("type", strict=True)["function"]["parameters"]["properties"]
    assert typed["submit"]["type"] == ["boolean", "null"]
    scroll = ToolBox.from_specs(FakeRuntime(), [SCROLL])  # type: ignore[arg-type]
    direction = scroll.schema("scroll", strict=True)["function"]["parameters"]["properties"]["direction"]
    assert direction["enum"] == ["down", "up", "top", "bottom", None]
    # null for an optional argument means "use the default".
    assert scroll.clean("scroll", {"direction": None, "session_id": None}) == {}
    assert scroll.validate("scroll", {"direction": None}) is None
    assert box.clean("type", {"target": None, "submit": None}) == {"target": None}
    assert box.bound(["click", "nope"]) == [
        "think",
        "final_answer",
        "research_navigate",
        "list_tools",
        "load_tools",
        "click",
    ]


def test_validate_and_run_never_raise() -> None:
    box = ToolBox.of(core_tools())
    assert box.validate("think", {"thought": "x"}) is None
    assert "bad arguments for think" in (box.validate("think", {}) or "")
    assert box.validate("nope", {}) == "there is no tool 'nope'"


async def test_run_reports_failures_as_text() -> None:
    from langchain_core.tools import StructuredTool

    async def boom(target: str, session_id: str = "default") -> str:
        """Fails."""
        raise RuntimeError("kaputt\nmore")

    async def echo(target: str, session_id: str = "default") -> str:
        """Echoes."""
        return f"{target}@{session_id}"

    box = ToolBox.of(
        [
            StructuredTool.from_function(coroutine=boom, name="boom"),
            StructuredTool.from_function(coroutine=echo, name="echo"),
        ],
        session_id="s1",
    )
    assert await box.run("echo", {"target": "x", "session_id": "evil"}) == ("x@s1", True)
    assert await box.run("boom", {"target": "x"}) == ("Error: boom failed: kaputt", False)
    assert (await box.run("echo", {}))[0].startswith("Error: bad arguments for echo")
    assert await box.run("nope", {}) == ("Error: there is no tool 'nope'.", False)
    assert await box.run("think", {"thought": "a"}) == ("Noted. Now take the next step.", True)
