"""What a model call costs in tokens: usage metadata when the model reports it, else counted (cl100k)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from waypost.page import count_tokens


def count_text_tokens(text: str) -> int:
    """Tokens of a text (cl100k when available, a safe estimate otherwise)."""
    return count_tokens(text) if text else 0


def message_text(message: BaseMessage) -> str:
    """A message's text plus its tool calls as JSON (what a model reads or wrote)."""
    content = (
        message.content if isinstance(message.content, str) else json.dumps(message.content, default=str)
    )
    if isinstance(message, AIMessage) and message.tool_calls:
        content += json.dumps(
            [{"name": c["name"], "args": c["args"]} for c in message.tool_calls], default=str
        )
    return content


def count_message_tokens(messages: Sequence[BaseMessage]) -> int:
    """Tokens of a list of messages (4 per message for the chat format)."""
    return sum(count_text_tokens(message_text(m)) + 4 for m in messages)


def usage(
    reply: AIMessage, prompt: Sequence[BaseMessage], tools: Sequence[dict[str, Any]] = ()
) -> tuple[int, int]:
    """``(tokens_in, tokens_out)`` of one model call: usage metadata when present, else counted."""
    meta = reply.usage_metadata
    if meta and (meta.get("input_tokens") or meta.get("output_tokens")):
        return int(meta.get("input_tokens") or 0), int(meta.get("output_tokens") or 0)
    tokens_in = count_message_tokens(prompt) + (count_text_tokens(json.dumps(list(tools))) if tools else 0)
    return tokens_in, count_message_tokens([reply])
