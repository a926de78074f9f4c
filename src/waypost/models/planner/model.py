"""``OfflinePlanner``: a deterministic chat model that plans web tasks without a language model.

It speaks the graph engine's protocol like any tool-calling chat model: it reads the prompt
messages, and answers with an ``AIMessage`` carrying one tool call, or a ``final_answer`` call
when it is done. It keeps nothing between calls: each answer is derived from the messages alone
(the task in the ``HumanMessage`` named ``task``, the tool answers in the ``ToolMessage`` s after
it), so it survives checkpoints, resumes and interventions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from waypost.models.planner.engine import Observation, ToolCall, next_call
from waypost.models.planner.intents import parse_task

__all__ = ["OfflinePlanner", "read_messages"]

TASK_NAME = "task"
"""The ``name`` of the ``HumanMessage`` that carries the task."""


def _text(content: str | list[Any]) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
    return "\n".join(parts)


MEMO_KEY = "waypost_planner"
"""Key of the planner's memo (the facts found so far) in its replies' ``response_metadata``."""


def read_memo(messages: Sequence[BaseMessage]) -> list[str]:
    """The facts of the planner's latest reply since the task (empty if none carries a memo)."""
    for message in reversed(messages):
        if isinstance(message, HumanMessage) and message.name == TASK_NAME:
            break
        if isinstance(message, AIMessage):
            memo = (message.response_metadata or {}).get(MEMO_KEY)
            if isinstance(memo, dict) and isinstance(memo.get("facts"), list):
                return [str(f) for f in memo["facts"]]
    return []


def read_messages(messages: Sequence[BaseMessage]) -> tuple[str, list[Observation], int]:
    """The task, the tool observations since it was given, and how many tool calls were made since.

    Args:
        messages: The prompt messages, as the graph engine passes them.

    Returns:
        ``(task, observations, calls)``. The task is the last ``HumanMessage`` named ``task`` (or,
        failing that, the first ``HumanMessage``); only messages after it count.
    """
    start = None
    for i, message in enumerate(messages):
        if isinstance(message, HumanMessage) and message.name == TASK_NAME:
            start = i
    if start is None:
        start = next((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), None)
    if start is None:
        return "", [], 0
    task = _text(messages[start].content)
    calls: dict[str, tuple[str, dict[str, Any]]] = {}
    observations: list[Observation] = []
    made = 0
    for message in messages[start + 1 :]:
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                made += 1
                calls[call.get("id") or ""] = (call["name"], dict(call.get("args") or {}))
        elif isinstance(message, ToolMessage):
            name, args = calls.get(message.tool_call_id, (message.name or "", {}))
            observations.append(Observation(message.name or name, args, _text(message.content)))
    return task, observations, made


def _tool_name(tool: dict[str, Any] | type | Callable[..., Any] | BaseTool) -> str:
    if isinstance(tool, BaseTool):
        return tool.name
    if isinstance(tool, dict) and "name" in tool:
        return str(tool["name"])
    return str(convert_to_openai_tool(tool)["function"]["name"])


EVIDENCE_TOOL = "find_evidence"
"""A run that binds this tool plans from evidence (Planner-RAG's rag mode)."""


class OfflinePlanner(BaseChatModel):
    """A deterministic planner for direct web instructions, usable wherever a chat model is.

    It understands tasks such as 'open the politics section and give me the first headline',
    'Finde die Rubrik Sport und nenne die Top-Schlagzeile', 'search for Wahlrecht',
    'log in as demo/demo', 'fill the contact form with name Bob, email bob@example.org, message
    Hallo and send it' and 'go to the finance site and tell me the price of Nordlicht Energie'.
    It acts through ``research_navigate``, ``click``, ``type``, ``select``, ``check``,
    ``dismiss_overlays`` and ``extract``, and finishes with ``final_answer``. A task beyond it, or a
    step that fails twice, ends in an answer that says so plainly.

    Attributes:
        tool_names: The tools bound with :meth:`bind_tools`; ``None`` means all tools.
        mode: ``full`` (today's planning over page views) or ``rag`` (Planner-RAG: rule-based
            QuerySpecs through ``find_evidence`` / ``act_on_evidence``). Binding the evidence
            tools switches it to ``rag`` by itself, so whoever equips a run with them need not
            know this model.

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> planner = OfflinePlanner()
        >>> task = HumanMessage("search for Wahlrecht\\nStart page: http://127.0.0.1:8000/", name="task")
        >>> planner.invoke([task]).tool_calls[0]["name"]
        'research_navigate'
    """

    tool_names: frozenset[str] | None = None
    mode: str = "full"

    @property
    def _llm_type(self) -> str:
        return "waypost-offline-planner"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model": "offline"}

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """A copy that knows which tools it may call (their schemas are not needed).

        With the evidence tool among them, the copy plans in ``rag`` mode.
        """
        names = frozenset(_tool_name(t) for t in tools)
        update: dict[str, Any] = {"tool_names": names}
        if EVIDENCE_TOOL in names:
            update["mode"] = "rag"
        return self.model_copy(update=update)

    def decide(self, messages: Sequence[BaseMessage]) -> ToolCall:
        """The next tool call for these messages."""
        task, observations, _ = read_messages(messages)
        return next_call(parse_task(task), observations, self.tool_names, read_memo(messages), self.mode)

    def respond(self, messages: Sequence[BaseMessage]) -> AIMessage:
        """The ``AIMessage`` with the next tool call for these messages."""
        task, observations, made = read_messages(messages)
        call = next_call(parse_task(task), observations, self.tool_names, read_memo(messages), self.mode)
        digest = hashlib.sha256(task.encode()).hexdigest()[:8]
        return AIMessage(
            content=call.note,
            tool_calls=[
                {
                    "name": call.name,
                    "args": call.args,
                    "id": f"offline-{digest}-{made + 1}",
                    "type": "tool_call",
                }
            ],
            usage_metadata={"input_tokens": 0, "output_tokens": 0, "total_tokens": 0},
            response_metadata={"model_name": "offline", MEMO_KEY: {"facts": list(call.facts)}},
        )

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.respond(messages))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return self._generate(messages, stop)
