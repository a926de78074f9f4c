"""The working history as JSON-friendly dicts (the transcript of ``RunResult`` and ``--out``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from waypost.agent.prompts import unfence

_NOTES = {"focus", "summary", "intervention", "strategy", "correction"}


def entry(message: BaseMessage) -> dict[str, Any]:
    """One message as a dict: ``role``, ``content`` and, where they apply, ``name``, ``tool_calls``..."""
    content = message.content if isinstance(message.content, str) else str(message.content)
    if isinstance(message, ToolMessage):
        return {
            "role": "tool",
            "name": message.name,
            "tool_call_id": message.tool_call_id,
            "status": message.status,
            "content": unfence(content),
        }
    if isinstance(message, AIMessage):
        out: dict[str, Any] = {"role": "assistant", "content": content}
        if message.name:
            out["name"] = message.name
        if message.tool_calls:
            out["tool_calls"] = [
                {"id": c["id"], "name": c["name"], "args": c["args"]} for c in message.tool_calls
            ]
        repairs = message.response_metadata.get("waypost_repairs")
        if repairs:
            out["repairs"] = list(repairs)
        if message.usage_metadata:
            out["usage"] = dict(message.usage_metadata)
        return out
    if isinstance(message, HumanMessage):
        role = "task" if message.name == "task" else "note" if message.name in _NOTES else "user"
        out = {"role": role, "content": content}
        if message.name and role != "task":
            out["name"] = message.name
        return out
    if isinstance(message, SystemMessage):
        return {"role": "system", "content": content}
    return {"role": message.type, "content": content}


def transcript_of(messages: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    """The transcript of a run's working history."""
    return [entry(m) for m in messages]
