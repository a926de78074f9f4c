"""A scripted chat model for graph tests: it answers with queued AIMessages and records its prompts."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import PrivateAttr

Reply = AIMessage | Exception | Callable[[list[BaseMessage]], AIMessage]
_ids = itertools.count(1)


def call(name: str, **args: Any) -> AIMessage:
    """A reply that calls one tool."""
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{next(_ids)}"}])


def calls(*pairs: tuple[str, dict[str, Any]]) -> AIMessage:
    """A reply that calls several tools."""
    return AIMessage(
        content="", tool_calls=[{"name": n, "args": a, "id": f"call_{next(_ids)}"} for n, a in pairs]
    )


def answer(text: str) -> AIMessage:
    """A reply that calls final_answer."""
    return call("final_answer", answer=text)


def say(text: str) -> AIMessage:
    """A reply with text and no tool call."""
    return AIMessage(content=text)


class ScriptedChatModel(BaseChatModel):
    """Answers with the queued replies in order; once they run out, with ``fallback`` (repeated).

    A reply may be an AIMessage, an exception (raised), or a function of the prompt.
    ``prompts`` records every prompt, ``tools`` the tool schemas bound for each call.
    """

    fallback: AIMessage | None = None
    _queue: list[Reply] = PrivateAttr(default_factory=list)
    _prompts: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _tools: list[list[dict[str, Any]]] = PrivateAttr(default_factory=list)

    def __init__(self, replies: Sequence[Reply] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._queue = list(replies)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def prompts(self) -> list[list[BaseMessage]]:
        return self._prompts

    @property
    def tools(self) -> list[list[dict[str, Any]]]:
        return self._tools

    def push(self, *replies: Reply) -> None:
        self._queue.extend(replies)

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Runnable:
        formatted = [t if isinstance(t, dict) else convert_to_openai_tool(t) for t in tools]
        return self.bind(tools=formatted, **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._prompts.append(list(messages))
        self._tools.append(list(kwargs.get("tools") or []))
        if self._queue:
            reply = self._queue.pop(0)
        elif self.fallback is not None:
            reply = self.fallback
        else:
            reply = answer("(the script ran out)")
        if isinstance(reply, Exception):
            raise reply
        if callable(reply):
            reply = reply(list(messages))
        # A fresh copy with fresh call ids, so a repeated fallback is a new turn.
        message = AIMessage(
            content=reply.content,
            tool_calls=[{**c, "id": f"call_{next(_ids)}"} for c in reply.tool_calls],
            invalid_tool_calls=list(reply.invalid_tool_calls),
            usage_metadata=reply.usage_metadata,
        )
        return ChatResult(generations=[ChatGeneration(message=message)])
