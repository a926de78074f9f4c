"""The ``self_corrector`` node: a stale or missing element gets a new inventory and one retry.

When click / type / select / check report that the element was stale or not found, it calls
``observe`` with the same target (a fresh inventory of the page), and retries the action once
with the best candidate's selector, unless that retry would be a critical action nobody
approved. The failed call's result is replaced in place by what happened, so the model reads
one coherent answer for its call.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from waypost.agent import critical
from waypost.agent import focus as focus_tracker
from waypost.agent.context import AgentContext
from waypost.agent.nodes.tools import CORRECTABLE, probe_page
from waypost.agent.outcomes import candidate_selectors, classify_error
from waypost.agent.prompts import fence, unfence
from waypost.agent.state import AgentState

NAME = "self_corrector"
DESTINATIONS = ("progress_analyzer",)
_WHAT = {"stale": "went stale (the page changed under it)", "element_not_found": "was not found"}


def make_self_corrector_node(ctx: AgentContext):
    """The self-corrector for a run's context."""

    async def self_corrector(state: AgentState) -> Command:
        trail = list(state.get("trail", []))
        step = state.get("step", 0)
        corrections = state.get("corrections", 0) + 1
        base: dict[str, Any] = {"corrections": corrections, "last_node": NAME}
        index = next(
            (
                i
                for i in range(len(trail) - 1, -1, -1)
                if trail[i]["step"] == step
                and trail[i]["error_type"] in CORRECTABLE
                and trail[i]["args"].get("target")
            ),
            None,
        )
        if index is None or "observe" not in ctx.toolbox.tools:
            return Command(update=base, goto="progress_analyzer")
        record = dict(trail[index])
        tool, args = record["tool"], dict(record["args"])
        target = str(args["target"])
        failed = next(
            (
                m
                for m in reversed(state.get("messages", []))
                if isinstance(m, ToolMessage) and m.tool_call_id == record.get("call_id")
            ),
            None,
        )
        inventory, _ = await ctx.toolbox.run("observe", {"query": target})
        selectors = [s for s in candidate_selectors(inventory) if s != target]
        what = _WHAT.get(record["error_type"] or "", "failed")
        update: dict[str, Any] = dict(base)
        if not selectors:
            note = (
                f"Self-correction: the element {target!r} {what}; a new inventory of the page found nothing "
                "that matches. Try other words, scroll, or open another page."
            )
            result_text = None
        else:
            choice = selectors[0]
            retry_args = {**args, "target": choice}
            verdict = critical.check(
                tool,
                retry_args,
                read_only=ctx.toolbox.read_only.get(tool, False),
                patterns=state.get("critical_patterns", []),
                password_typed=critical.password_pending(trail[:index]),
            )
            if verdict is not None:
                note = (
                    f"Self-correction: the element {target!r} {what}. A new inventory suggests {choice}, "
                    f"but it was not tried automatically because {verdict.reason}. "
                    f"Call {tool} with it yourself if you mean it."
                )
                result_text = None
            else:
                result_text, _ = await ctx.toolbox.run(tool, retry_args)
                note = (
                    f"Self-correction: the element {target!r} {what}. Took a new inventory of the page and "
                    f"retried {tool} with the best match {choice}:\n{result_text}"
                )
            update["candidates"] = {"url": state.get("current_url"), "selectors": selectors}
        if result_text is not None:
            error = classify_error(result_text, tool)
            ok = error is None
            page = await probe_page(ctx)
            line = focus_tracker.describe_action(tool, {**args, "target": selectors[0]}, result_text, ok)
            record.update(
                ok=ok,
                error_type=error,
                line=line,
                url=page.url if page and page.url else record["url"],
                fingerprint=page.fingerprint if page else record["fingerprint"],
            )
            trail[index] = record  # type: ignore[assignment]
            focus = list(state.get("focus", []))
            if focus:
                focus[-1] = line
            update.update(trail=trail, focus=focus, error_type=error)
            if page is not None and page.url:
                update["current_url"] = page.url
        if failed is not None:
            original = unfence(str(failed.content))
            update["messages"] = [
                ToolMessage(
                    content=fence(tool, f"{original}\n\n{note}"),
                    name=failed.name,
                    tool_call_id=failed.tool_call_id,
                    id=failed.id,
                    status="success" if result_text is not None and record.get("ok") else "error",
                )
            ]
        return Command(update=update, goto="progress_analyzer")

    return self_corrector
