"""The read-only system files, generated each time they are read.

``/system_context`` tells the agent where it stands (task, step, browser session, loaded
tools); ``/active_rules`` lists the skills and rules active in the run. Both are rendered from
a plain dict that the agent's tools node refreshes before each tool call (see
:func:`waypost.vfs.agent.before_tools`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SYSTEM_CONTEXT = "/system_context"
ACTIVE_RULES = "/active_rules"
SYSTEM_FILES = (SYSTEM_CONTEXT, ACTIVE_RULES)


def render_system_context(info: Mapping[str, Any]) -> str:
    """``/system_context``: task, step, session id and loaded tools."""
    tools = info.get("active_tools") or []
    lines = [
        f"task: {info.get('task') or '(none)'}",
        f"step: {info.get('step', 0)} of {info.get('max_steps', '?')}",
        f"browser session: {info.get('session_id') or 'default'}",
        f"current page: {info.get('current_url') or '(none yet)'}",
        f"loaded tools: {', '.join(tools) if tools else '(core tools only)'}",
    ]
    if info.get("writable"):
        lines.append(f"you may write only under: {info['writable']}")
    return "\n".join(lines) + "\n"


def render_active_rules(info: Mapping[str, Any]) -> str:
    """``/active_rules``: one block per active skill or rule, or ``no active rules``."""
    rules = [str(r).strip() for r in info.get("active_rules") or [] if str(r).strip()]
    if not rules:
        return "no active rules\n"
    return "\n\n".join(f"{i}. {rule}" for i, rule in enumerate(rules, 1)) + "\n"


def render(path: str, info: Mapping[str, Any]) -> str:
    """The content of a system file."""
    return render_system_context(info) if path == SYSTEM_CONTEXT else render_active_rules(info)
