"""The skill library on an MCP server: resources that list skills, and hot-registered generated tools.

Resources: ``skills://list`` (every live skill: name, description, confidence, source) and
``skills://{name}`` (one skill in full, as JSON). Generated tools that pass the quality gate are
added to the server's tools as they are registered, so the client's next ``tools/list`` shows
them without a restart.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver.exceptions import ResourceNotFoundError

from waypost.skills.model import SkillError
from waypost.tools.registry import ToolSpec


def attach(server: Any, wp: Any, add: Callable[[ToolSpec, Any], None] | None = None) -> None:
    """Add the skill resources to ``server`` and keep its tools in step with ``wp.skills``.

    Args:
        server: The MCP server.
        wp: The running Waypost.
        add: How the server adds a tool (``add(spec, wp)``); by default ``server.add_tool``.
    """
    library = wp.skills
    added = {spec.name for spec in wp.tool_specs()}

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
            add(spec, wp)
        else:
            server.add_tool(spec.bind(wp), name=spec.name, description=spec.description)
        added.add(spec.name)

    library.on_register(register)
