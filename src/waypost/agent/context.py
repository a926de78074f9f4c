"""What every node of one run shares and the checkpoint does not store: the model, the tools, settings.

Nodes are built by factories that close over an :class:`AgentContext`; the state stays plain
data so it can be checkpointed, and a resumed run rebuilds the context around it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from waypost.agent.prompts import PromptOptions
from waypost.agent.tools import ToolBox
from waypost.tools.usage import count_message_tokens, count_text_tokens, message_text, usage

__all__ = [
    "AgentConfig",
    "AgentContext",
    "PageProbe",
    "PageState",
    "PauseSwitch",
    "answered_ids",
    "count_message_tokens",
    "count_text_tokens",
    "last_ai",
    "message_text",
    "usage",
]

if TYPE_CHECKING:
    from waypost.agent.extensions import RunExtension


@dataclass(frozen=True)
class PageState:
    """Where the browser is after a tool call.

    Attributes:
        url: The page's URL.
        fingerprint: A short hash of what the page shows (same page, same fingerprint).
    """

    url: str | None
    fingerprint: str | None


PageProbe = Callable[[], Awaitable[PageState | None]]


@dataclass
class PauseSwitch:
    """Asks a running graph to pause at the next step boundary.

    Set :attr:`requested` from anywhere (a Ctrl-C handler, another task); the progress reporter
    then stops the run with LangGraph's ``interrupt()``, after the current step, with everything
    checkpointed. Pausing by cutting the event stream instead could lose the last step's writes
    and run an action twice on resume.

    Attributes:
        requested: A pause was asked for.
        resuming: The run is being resumed from a pause (set by the runner).
    """

    requested: bool = False
    resuming: bool = False

    def request(self) -> None:
        """Pause after the current step."""
        self.requested = True


"""Reads the current page's URL and fingerprint (``None`` if there is no page)."""


@dataclass
class AgentConfig:
    """Knobs of the agent graph.

    Attributes:
        memory_threshold: Tokens of working history above which the memory manager summarises.
        keep_recent: Model turns (with their tool results) the memory manager keeps whole.
        max_interventions: Loop findings per task; the last one stops the run.
        max_validation_failures: Final answers the goal validator may turn down.
        max_corrections: Self-corrections per step.
        max_malformed: Unusable model replies in a row before the run stops.
        strict: Mark tool schemas strict (for endpoints that enforce JSON schemas); ``None``:
            as the model's endpoint supports (see :func:`~waypost.models.factory.supports_strict`).
        constrain: Enumerate the values that exist (URLs of the view, observe's selectors).
        max_slots: Dynamic tool slots.
        compress_on_switch: Shrink older results of a tool category when the agent switches to
            another (off for models that read every result, like the offline planner).
    """

    memory_threshold: int = 6000
    keep_recent: int = 3
    max_interventions: int = 3
    max_validation_failures: int = 2
    max_corrections: int = 2
    max_malformed: int = 3
    strict: bool | None = None
    constrain: bool = True
    max_slots: int = 5
    compress_on_switch: bool = True


@dataclass
class AgentContext:
    """The run's model, tools and settings, shared by the nodes.

    Attributes:
        model: The chat model (OpenAI-compatible, offline planner, local GGUF, or scripted).
        toolbox: The tools.
        config: Knobs.
        probe: Reads the page's URL and fingerprint after tool calls (optional).
        system_extra: Extra text for the system prompt.
        pause: The run's pause switch.
        extensions: The run's plug-ins (files, sub-agents, skills, rag mode...), in the order
            their hooks run; the engine knows only their protocol.
        prompt: How the system prompt adapts (persona, the switch to the minimal variant, the
            names of the secrets the agent may type).
        secret_values: The secrets' values, masked in every checkpoint the run writes.
    """

    model: BaseChatModel
    toolbox: ToolBox
    config: AgentConfig = field(default_factory=AgentConfig)
    probe: PageProbe | None = None
    system_extra: str | None = None
    pause: PauseSwitch = field(default_factory=PauseSwitch)
    extensions: tuple[RunExtension, ...] = ()
    prompt: PromptOptions = field(default_factory=PromptOptions)
    secret_values: tuple[str, ...] = field(default=(), repr=False)


def last_ai(messages: Sequence[BaseMessage]) -> AIMessage | None:
    """The latest AI message."""
    for m in reversed(messages):
        if isinstance(m, AIMessage):
            return m
    return None


def answered_ids(messages: Sequence[BaseMessage]) -> set[str]:
    """Ids of tool calls that already have a result."""
    return {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
