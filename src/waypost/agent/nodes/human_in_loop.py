"""The ``human_in_loop`` node: asks a person about a held action with LangGraph's ``interrupt()``.

The run pauses (the checkpointer keeps its place) and the caller sees the pending action. It
resumes with ``Command(resume=...)``. A question of ``ask_user`` (``pending["question"]``) is
asked as a ``{"type": "question", ...}`` interrupt; its reply is kept in ``answers``. For an
approval, yes approves the call (the batch goes back through the validator, in case another
call needs approval too), no refuses the batch, an edit (:func:`waypost.approval.edit_answer`)
approves the call with the arguments the person changed, any other text refuses it and passes
the text on as the user's new instruction.
"""

from __future__ import annotations

from langchain_core.messages import HumanMessage
from langgraph.types import Command, interrupt

from waypost.agent import critical
from waypost.agent.context import AgentContext, answered_ids, last_ai
from waypost.agent.nodes.critical_action_validator import refuse
from waypost.agent.state import AgentState
from waypost.approval import edited_args
from waypost.tools.asking import answer_text

NAME = "human_in_loop"
DESTINATIONS = ("critical_action_validator", "progress_reporter")
QUESTION = "Allow this action? Answer yes, no, or type a different instruction."


def make_human_in_loop_node(ctx: AgentContext):
    """The human-in-the-loop node for a run's context."""

    async def human_in_loop(state: AgentState) -> Command:
        pending = state.get("pending")
        ai = last_ai(state.get("messages", []))
        answered = answered_ids(state.get("messages", []))  # a batch held in the middle by the tools node
        calls = [c for c in (ai.tool_calls if ai else []) if c["id"] not in answered]
        if not pending or not calls:
            return Command(update={"pending": None, "last_node": NAME}, goto="progress_reporter")
        question = pending.get("question")
        if question:
            # ask_user: the reply is kept by call id; the same call runs again and reads it.
            reply = interrupt(
                {**question, "type": "question", "tool": pending["tool"], "step": state.get("step", 0)}
            )
            answers = {**(state.get("answers") or {}), pending["call_id"]: answer_text(reply) or ""}
            return Command(
                update={"answers": answers, "pending": None, "last_node": NAME},
                goto="critical_action_validator",
            )
        # Everything before interrupt() runs again on resume: keep it free of side effects.
        reply = interrupt(
            {
                "type": "approval",
                "tool": pending["tool"],
                "args": critical.masked(pending["tool"], pending["args"]),
                "action": critical.describe_call(pending["tool"], pending["args"]),
                "reason": pending["reason"],
                "question": QUESTION,
                "step": state.get("step", 0),
            }
        )
        changes = edited_args(reply)
        if changes is not None:
            # The person changed the action (another element, another value) and approved it:
            # the model's call is rewritten in place and done as edited, nothing else of the batch.
            args = {**pending["args"], **changes}
            rewritten = [
                {**c, "args": args} if c["id"] == pending["call_id"] else c
                for c in (ai.tool_calls if ai else [])
            ]
            edited = ai.model_copy(update={"tool_calls": rewritten}) if ai is not None else None
            approved = [*state.get("approved_calls", []), pending["call_id"]]
            return Command(
                update={
                    "messages": [edited] if edited is not None else [],
                    "approved_calls": approved,
                    "pending": None,
                    "last_node": NAME,
                },
                goto="critical_action_validator",
            )
        kind, instruction = critical.parse_reply(reply)
        action = critical.describe_call(pending["tool"], pending["args"])
        if kind == "approve":
            approved = [*state.get("approved_calls", []), pending["call_id"]]
            # Back through the validator: another call of the batch may need approval too.
            return Command(
                update={"approved_calls": approved, "pending": None, "last_node": NAME},
                goto="critical_action_validator",
            )
        if kind == "deny":
            text = (
                f"Error: not done: the user declined {action}. "
                "Do not try it again; find another way or finish."
            )
            messages = refuse(calls, text)
        else:
            text = f"Error: not done: the user declined {action} and gave a new instruction (next message)."
            messages = [*refuse(calls, text), HumanMessage(content=f"Instead: {instruction}", name="user")]
        return Command(
            update={"messages": messages, "pending": None, "last_node": NAME}, goto="progress_reporter"
        )

    return human_in_loop
