"""The ``progress_reporter`` node: tells the UI where the run is. It never adds to the messages.

It writes one ``progress`` event to LangGraph's custom stream (step and budget, the node that
ran last, the URL, tokens so far, progress score, errors, the latest action) and routes to
``memory_manager`` when the working history is above the token threshold, else to ``agent``.

It is also the step boundary where a requested pause (:class:`~waypost.agent.context.PauseSwitch`)
takes effect: the run stops with ``interrupt({"type": "pause"})``; it resumes with an empty
answer or ``continue``, or with an instruction, which the agent reads at its next turn.
"""

from __future__ import annotations

from langgraph.types import Command, interrupt

from waypost.agent.context import AgentContext, count_message_tokens
from waypost.agent.nodes.tools import _writer
from waypost.agent.state import AgentState

NAME = "progress_reporter"
DESTINATIONS = ("agent", "memory_manager")
PAUSE_QUESTION = "Paused. Continue, stop, or type an instruction for the agent."
_GO_ON = {"", "c", "continue", "go", "go on", "weiter", "y", "yes", "ja", "ok"}


def make_progress_reporter_node(ctx: AgentContext):
    """The progress reporter for a run's context."""

    async def progress_reporter(state: AgentState) -> Command:
        history_tokens = count_message_tokens(state.get("messages", []))
        focus = state.get("focus", [])
        _writer()(
            {
                "type": "progress",
                "step": state.get("step", 0),
                "max_steps": state.get("max_steps", 0),
                "node": state.get("last_node"),
                "url": state.get("current_url"),
                "tokens_in": state.get("tokens_in", 0),
                "tokens_out": state.get("tokens_out", 0),
                "history_tokens": history_tokens,
                "progress": state.get("progress", 0.0),
                "errors": state.get("error_count", 0),
                "stuck": state.get("stuck", 0),
                "interventions": state.get("interventions", 0),
                "last_action": focus[-1] if focus else None,
            }
        )
        goto = "memory_manager" if history_tokens > ctx.config.memory_threshold else "agent"
        switch = ctx.pause
        if switch.requested or switch.resuming:
            reply = interrupt(
                {
                    "type": "pause",
                    "step": state.get("step", 0),
                    "url": state.get("current_url"),
                    "question": PAUSE_QUESTION,
                }
            )
            switch.requested = switch.resuming = False
            text = str(reply).strip() if reply is not None else ""
            if text.lower() not in _GO_ON:
                return Command(update={"inbox": [*(state.get("inbox") or []), text]}, goto=goto)
        return Command(goto=goto)

    return progress_reporter
