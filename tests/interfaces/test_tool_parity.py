"""The MCP server lists every tool an agent run sees, with the same name, description and schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from waypost.agent.context import AgentContext
from waypost.agent.tools import ToolBox, core_tools
from waypost.api import Waypost
from waypost.config import Settings
from waypost.retrieval import Actor
from waypost.server.mcp_server import build_server
from waypost.tools.registry import ToolSpec


def _plain(schema: Any) -> Any:
    """A JSON schema without titles (pydantic adds them, LangChain's conversion drops them)."""
    if isinstance(schema, dict):
        return {k: _plain(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_plain(v) for v in schema]
    return schema


def _inline(schema: Any, defs: dict[str, Any] | None = None) -> Any:
    """The schema with ``$ref``s to ``$defs`` written out (LangChain's conversion inlines them)."""
    if defs is None and isinstance(schema, dict):
        defs = schema.get("$defs", {})
        schema = {k: v for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, dict):
        if "$ref" in schema:
            target = _inline(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
            return {**target, **{k: _inline(v, defs) for k, v in schema.items() if k != "$ref"}}
        return {k: _inline(v, defs) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


def _without_session(schema: dict[str, Any]) -> dict[str, Any]:
    """The agent fills ``session_id`` in itself (hidden from its model); an MCP client chooses it."""
    schema = dict(schema)
    schema["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k != "session_id"}
    if "required" in schema:
        schema["required"] = [r for r in schema["required"] if r != "session_id"]
    return schema


def _agent_tools(wp: Waypost, planner_mode: str) -> AgentContext:
    """The agent's tools as a run gets them: Waypost's toolbox, equipped by the run's extensions."""
    ctx = AgentContext(model=None, toolbox=wp.toolbox())  # type: ignore[arg-type]
    for extension in wp.run_extensions(planner_mode=planner_mode):
        extension.equip(ctx)
    return ctx


async def test_mcp_lists_every_tool_the_agent_sees_with_the_same_schema(tmp_path: Path) -> None:
    wp = Waypost(Settings(data_dir=tmp_path, loopback_only=True))  # binding a tool touches no browser
    wp.actor = Actor.for_data_dir(tmp_path)  # what a rag run's planning session needs (no browser)
    wp.skills.tool_specs = lambda: [  # type: ignore[method-assign]  # a generated tool, as if registered
        ToolSpec("modal_handler", "Close a modal (generated tool)", lambda _rt: _noop, read_only=False)
    ]
    server = build_server(wp=wp)
    listed = {tool.name: tool for tool in await server.list_tools()}
    control = {tool.name for tool in core_tools()}  # think, final_answer, list/load_tools: the graph's own

    full = _agent_tools(wp, "full")
    rag = _agent_tools(wp, "rag")
    seen = {"full": [n for n in full.toolbox.names if n not in control]}
    seen["rag"] = [n for n in rag.toolbox.names if n not in control]
    assert {"research_navigate", "click", "search_archive", "modal_handler"} <= set(seen["full"])
    assert {"vfs_read", "vfs_write", "spawn_sub_agent", "merge_results"} <= set(seen["full"])
    assert {"find_evidence", "act_on_evidence", "vfs_read", "spawn_sub_agent"} <= set(seen["rag"])
    assert sorted(listed) == sorted(set(seen["full"]) | set(seen["rag"]))  # nothing more, nothing less
    for ctx, names in ((full, seen["full"]), (rag, seen["rag"])):
        for name in names:
            # A rag run's research_navigate is the same tool with a smaller answer (and says so).
            if ctx is rag and name == "research_navigate":
                continue
            agent = ctx.toolbox.schema(name, strict=False)["function"]
            if ctx is rag and name in ("find_evidence", "act_on_evidence"):
                agent = ToolBox.schema(ctx.toolbox, name)["function"]  # the full schema, not the lean one
            mcp = listed[name]
            assert mcp.description == agent["description"], name
            assert _without_session(_plain(_inline(mcp.input_schema))) == _plain(agent["parameters"]), name
    wp.actor.close()


async def _noop() -> str:
    return "done"
