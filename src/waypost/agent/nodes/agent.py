"""The ``agent`` node: one model turn (reasoning), with repair of malformed output.

It builds the prompt (system prompt, working history, the focus block right before the latest
user message), binds the core tools and the loaded slots (with enumerated choices where the
endpoint enforces schemas), calls the model, repairs what can be repaired or retries once with a
short correction, and routes: final answers to ``goal_validator``, other calls to
``critical_action_validator``.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langgraph.types import Command

from waypost.agent import focus as focus_tracker
from waypost.agent.choices import choice_enums
from waypost.agent.context import AgentContext, usage
from waypost.agent.prompts import PromptParts, assemble, correction
from waypost.agent.repair import Repaired, rebuild, repair
from waypost.agent.state import AgentState
from waypost.agent.tool_slots import load

log = logging.getLogger(__name__)

NAME = "agent"
DESTINATIONS = ("critical_action_validator", "goal_validator", "quality_evaluator", "progress_reporter")


def prompt_variant(state: AgentState, ctx: AgentContext) -> str:
    """``full`` or ``minimal``: the system prompt this turn gets (see :class:`PromptOptions`)."""
    return ctx.prompt.variant(int(state.get("step", 0)), int(state.get("repairs", 0)))


def build_prompt(
    state: AgentState, ctx: AgentContext, tools: Sequence[str] = (), variant: str | None = None
) -> list[BaseMessage]:
    """System prompt + working history, with the focus block before the latest user message."""
    parts = PromptParts(
        tools=tuple(tools),
        skills=ctx.system_extra,
        persona=ctx.prompt.persona,
        secrets=ctx.prompt.secrets,
        permanent=tuple(state.get("permanent") or ()),
    )
    system = SystemMessage(content=assemble(parts, variant or prompt_variant(state, ctx)))
    history = focus_tracker.inject(state.get("messages", []), state.get("focus", []))
    return [system, *history]


def _required(ctx: AgentContext, names: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name in names:
        params = ctx.toolbox.schema(name)["function"]["parameters"]
        req = list(params.get("required", []))
        out[name] = req + [p for p in params.get("properties", {}) if p not in req]
    return out


def make_agent_node(ctx: AgentContext):
    """The agent node for a run's context."""

    async def call_model(
        prompt: list[BaseMessage], schemas: list[dict[str, Any]]
    ) -> tuple[AIMessage | None, int, int, str | None]:
        try:
            runnable: Any = ctx.model.bind_tools(schemas)
        except NotImplementedError:
            runnable = ctx.model
        error = None
        for _ in range(2):
            try:
                reply = await runnable.ainvoke(prompt)
            except Exception as exc:  # the endpoint failed: retry once, then stop honestly
                error = (
                    f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}"
                )
                log.warning("model call failed: %s", error)
                continue
            if not isinstance(reply, AIMessage):
                reply = AIMessage(content=str(getattr(reply, "content", reply)))
            tin, tout = usage(reply, prompt, schemas)
            return reply, tin, tout, None
        return None, 0, 0, error

    async def agent(state: AgentState) -> Command:
        step = state.get("step", 0)
        if step >= state.get("max_steps", 30):
            return Command(update={"stop_reason": "max_steps", "last_node": NAME}, goto="quality_evaluator")
        active = list(state.get("active_tools", []))
        bound = ctx.toolbox.bound(active)
        loadable = [n for n in ctx.toolbox.names if n not in bound]
        enums = choice_enums(state, bound) if ctx.config.constrain else {}
        strict = bool(ctx.config.strict)
        schemas = [ctx.toolbox.schema(n, enums=enums.get(n), strict=strict) for n in bound]
        inbox = [HumanMessage(content=text, name="user") for text in state.get("inbox") or []]
        if inbox:
            state = {**state, "messages": [*state.get("messages", []), *inbox]}
        variant = prompt_variant(state, ctx)
        prompt = build_prompt(state, ctx, bound, variant)
        required = _required(ctx, [*bound, *loadable])

        reply, tokens_in, tokens_out, error = await call_model(prompt, schemas)
        totals = {"tokens_in": state.get("tokens_in", 0), "tokens_out": state.get("tokens_out", 0)}
        if reply is None:
            return Command(
                update={
                    "stop_reason": "model_error",
                    "loop_note": error,
                    "last_node": NAME,
                    "step": step + 1,
                },
                goto="quality_evaluator",
            )
        totals["tokens_in"] += tokens_in
        totals["tokens_out"] += tokens_out
        fixed = repair(reply, bound, loadable=loadable, required=required, validate=ctx.toolbox.validate)
        if fixed.problem:
            note = correction(fixed.problem, bound)
            retry, tin, tout, _ = await call_model(
                [*prompt, HumanMessage(content=note, name="correction")], schemas
            )
            totals["tokens_in"] += tin
            totals["tokens_out"] += tout
            if retry is not None:
                second = repair(
                    retry, bound, loadable=loadable, required=required, validate=ctx.toolbox.validate
                )
                second.fixes.insert(0, f"first reply unusable ({fixed.problem}); retried with a correction")
                text = second.text.strip() or fixed.text.strip()
                if second.problem and text and "no tool call" in second.problem:
                    # Twice no tool call but words: take the words as the answer; the goal
                    # validator decides whether they answer the task.
                    second = Repaired(
                        calls=[
                            {
                                "name": "final_answer",
                                "args": {"answer": text},
                                "id": f"call_{uuid.uuid4().hex[:12]}",
                            }
                        ],
                        text=second.text,
                        fixes=[*second.fixes, "reply text taken as the final answer"],
                    )
                reply, fixed = retry, second
        repairs = int(state.get("repairs", 0)) + (1 if fixed.fixes or fixed.problem else 0)
        base = {
            **totals,
            "step": step + 1,
            "corrections": 0,
            "last_node": NAME,
            "inbox": [],
            "repairs": repairs,
            "prompt_variant": variant,
        }
        if fixed.problem:
            malformed = state.get("malformed", 0) + 1
            note = HumanMessage(content=correction(fixed.problem, bound), name="correction")
            update = {**base, "malformed": malformed, "messages": [*inbox, note]}
            if malformed >= ctx.config.max_malformed:
                return Command(update={**update, "stop_reason": "malformed"}, goto="quality_evaluator")
            return Command(update=update, goto="progress_reporter")

        message = rebuild(reply, fixed)
        if fixed.fixes:
            message.response_metadata["waypost_repairs"] = list(fixed.fixes)
        update: dict[str, Any] = {**base, "malformed": 0, "messages": [*inbox, message]}
        if fixed.load:
            change = load(
                active, fixed.load, state.get("task", ""), ctx.toolbox.catalogue(), ctx.config.max_slots
            )
            update["active_tools"] = change.active
        names = [c["name"] for c in fixed.calls]
        return Command(
            update=update, goto="goal_validator" if "final_answer" in names else "critical_action_validator"
        )

    return agent
