"""The skill library on an MCP server: resources that list skills, and hot-registered generated tools.

Resources: ``skills://list`` (every live skill: name, description, confidence, source) and
``skills://{name}`` (one skill in full, as JSON). Generated tools that pass the quality gate are
added to the server's tools as they are registered, so the client's next ``tools/list`` shows
them without a restart.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from mcp.server.mcpserver.exceptions import ResourceNotFoundError

from waypost.skills import SkillError, SkillLibrary
from waypost.tools.registry import ToolSpec
from waypost.tools.runtime import ToolRuntime


def attach(
    server: Any,
    library: SkillLibrary,
    runtime: ToolRuntime,
    listed: Iterable[str] = (),
    add: Callable[[ToolSpec], None] | None = None,
) -> None:
    """Add the skill resources to ``server`` and keep its tools in step with ``library``.

    Args:
        server: The MCP server.
        library: The skill library.
        runtime: What newly registered generated tools are bound to.
        listed: Names of the tools the server lists already (never added twice).
        add: How the server adds a tool (errors flagged, hints); by default ``server.add_tool``.
    """
    added = {spec.name for spec in library.tool_specs()} | set(listed)

    @server.resource(
        "skills://list",
        name="skills",
        description="The agent's skills: name, description, confidence, source, whether it has a macro.",
        mime_type="application/json",
    )
    def list_skills() -> str:
        rows = [
            {
                "name": s.name,
                "description": s.description,
                "confidence": s.confidence,
                "source": s.source,
                "uses": s.uses,
                "macro": s.macro is not None,
            }
            for s in library.list()
        ]
        return json.dumps(rows, ensure_ascii=False)

    @server.resource(
        "skills://{name}",
        name="skill",
        description="One skill in full: instructions, keywords, macro, counts.",
        mime_type="application/json",
    )
    def show_skill(name: str) -> str:
        try:
            skill = library.show(name)
        except SkillError as exc:  # a plain "not found" answer, not a server error with a traceback
            raise ResourceNotFoundError(str(exc)) from None
        return json.dumps(skill.to_dict(), ensure_ascii=False)

    def register(spec: ToolSpec) -> None:
        if spec.name in added:
            return
        if add is not None:
            add(spec)
        else:
            server.add_tool(spec.bind(runtime), name=spec.name, description=spec.description)
        added.add(spec.name)

    library.on_register(register)
