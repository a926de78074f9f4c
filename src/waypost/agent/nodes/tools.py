"""The ``tools`` node: carries out the latest model turn's tool calls.

Results go back as ``ToolMessage``s (``name`` = the tool, content = the tool's text fenced as
untrusted page data). Around each call it records what the other parts need: the action
one-liner (focus), the action record (loop detector, history), the page's URL and fingerprint,
the view's links and observe's candidates (constrained choices), the error kind. ``list_tools``
and ``load_tools`` are answered here from the tool slots. A stale or missing element goes to
``self_corrector``; everything else to ``progress_analyzer``.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.config import get_stream_writer
from langgraph.types import Command

from waypost.agent import critical
from waypost.agent import focus as focus_tracker
from waypost.agent.choices import ACTING_WITH_TARGET
from waypost.agent.context import AgentContext, PageState, answered_ids, last_ai
from waypost.agent.history import partial_compress, turn_of
from waypost.agent.outcomes import candidate_selectors, classify_error, moved_to, page_location, view_links
from waypost.agent.prompts import fence
from waypost.agent.questions import RunAsker
from waypost.agent.state import ActionRecord, AgentState
from waypost.agent.tool_slots import CATEGORIES, catalogue_text, load
from waypost.approval import using_gate
from waypost.tools.asking import using_asker

NAME = "tools"
DESTINATIONS = ("self_corrector", "progress_analyzer", "human_in_loop")
CORRECTABLE = ("stale", "element_not_found")


def _writer() -> Any:
    try:
        return get_stream_writer()
    except Exception:  # outside a graph run (direct calls in tests)
        return lambda _event: None


async def probe_page(ctx: AgentContext) -> PageState | None:
    """The page's URL and fingerprint, or ``None`` (never raises)."""
    if ctx.probe is None:
        return None
    try:
        return await ctx.probe()
    except Exception:
        return None


def make_tools_node(ctx: AgentContext):
    """The tools node for a run's context."""

    async def tools(state: AgentState) -> Command:
        write = _writer()
        for extension in ctx.extensions:  # e.g. what the run's /system_context file shows
            extension.before_tools(ctx, state)
        messages = state.get("messages", [])
        ai = last_ai(messages)
        done = answered_ids(messages)
        calls = [c for c in (ai.tool_calls if ai else []) if c["id"] not in done]
        step = state.get("step", 0)
        trail = list(state.get("trail", []))
        focus = list(state.get("focus", []))
        active = list(state.get("active_tools", []))
        current_url = state.get("current_url")
        links = state.get("view_links", [])
        candidates = dict(state.get("candidates", {}))
        out: list[Any] = []
        errors: list[str] = []
        correctable = False
        categories: list[str] = []
        held: dict[str, Any] | None = None
        for call in calls:
            name, args = call["name"], dict(call.get("args") or {})
            write({"type": "tool_start", "name": name, "args": args, "step": step})
            if name == "list_tools":
                text = catalogue_text(ctx.toolbox.catalogue(), active, args.get("category"))
            elif name == "load_tools":
                change = load(
                    active,
                    args.get("names") or [],
                    state.get("task", ""),
                    ctx.toolbox.catalogue(),
                    ctx.config.max_slots,
                )
                active = change.active
                text = change.text()
            elif name == "final_answer":
                text = "Skipped: final_answer is handled on its own."
            else:
                for extension in ctx.extensions:  # e.g. rag mode's per-step token telemetry
                    extension.before_tool_call(ctx, state, name)
                # The actor and navigator judge the resolved element or URL and ask this gate.
                gate = critical.RunGate(
                    state.get("approve", "ask"), state.get("approved_calls", []), call["id"]
                )
                asker = RunAsker(state.get("approve", "ask"), state.get("answers"), call["id"])
                with using_gate(gate), using_asker(asker):
                    text, _ran = await ctx.toolbox.run(name, args)
                if gate.held is not None:
                    # Nothing was done: pause for a person; this call and the rest run after.
                    held = {"tool": name, "args": args, "reason": gate.held.reason, "call_id": call["id"]}
                    write({"type": "tool_end", "name": name, "ok": False, "error_type": None, "step": step})
                    break
                if asker.held is not None:
                    # A question for the user: pause; this call runs again with the answer.
                    held = {
                        "tool": name,
                        "args": args,
                        "reason": "",
                        "call_id": call["id"],
                        "question": asker.held,
                    }
                    write({"type": "tool_end", "name": name, "ok": True, "error_type": None, "step": step})
                    break
            error = classify_error(text, name)
            if name == "load_tools" and "No such tool" in text and "Loaded" not in text:
                error = "unknown"
            ok = error is None
            page = await probe_page(ctx) if name not in CATEGORIES or CATEGORIES[name] != "core" else None
            if name == "research_navigate" and ok:
                loc = page_location(text)
                if loc is not None:
                    current_url = loc[1]
                    links = view_links(text)
            elif ok and moved_to(text):
                current_url = moved_to(text)
            if page is not None and page.url:
                current_url = page.url
            if name == "observe" or (name in ACTING_WITH_TARGET and "Not sure which element" in text):
                found = candidate_selectors(text)
                if found:
                    candidates = {"url": current_url, "selectors": found}
            line = focus_tracker.describe_action(name, args, text, ok)
            focus = focus_tracker.push(focus, line)
            record: ActionRecord = {
                "step": step,
                "tool": name,
                "args": args,
                "ok": ok,
                "error_type": error,
                "url": current_url,
                "fingerprint": page.fingerprint if page else (trail[-1]["fingerprint"] if trail else None),
                "line": line,
                "call_id": call["id"],
            }
            trail.append(record)
            if error:
                errors.append(error)
                if error in CORRECTABLE and name in ACTING_WITH_TARGET and args.get("target"):
                    correctable = True
            category = CATEGORIES.get(name, "other")
            if category != "core":
                categories.append(category)
            out.append(
                ToolMessage(
                    content=fence(name, text),
                    name=name,
                    tool_call_id=call["id"],
                    status="success" if ok else "error",
                )
            )
            write(
                {
                    "type": "tool_end",
                    "name": name,
                    "ok": ok,
                    "error_type": error,
                    "line": line,
                    "step": step,
                    "text": text,  # what the model reads (before fencing): the web view shows it
                }
            )

        update: dict[str, Any] = {
            "trail": trail,
            "focus": focus,
            "active_tools": active,
            "current_url": current_url,
            "view_links": links,
            "candidates": candidates,
            "pending": held,
            "error_count": state.get("error_count", 0) + len(errors),
            "error_type": errors[-1] if errors else None,
            "last_node": NAME,
        }
        previous = state.get("tool_category")
        if categories:
            update["tool_category"] = categories[-1]
            if previous and categories[-1] != previous and ctx.config.compress_on_switch:
                # Switching to another kind of tool: shrink older results of the one left behind.
                shrunk = partial_compress([turn_of(m) for m in messages], CATEGORIES, previous)
                replaced = [
                    ToolMessage(
                        content=shrunk[m.id],
                        name=m.name,
                        tool_call_id=m.tool_call_id,
                        id=m.id,
                        status=m.status,
                    )
                    for m in messages
                    if isinstance(m, ToolMessage) and m.id in shrunk
                ]
                out = replaced + out
        for extension in ctx.extensions:  # e.g. the files, so the checkpoint carries them
            update.update(extension.state_update(ctx, state))
        update["messages"] = out
        if held is not None:
            return Command(update=update, goto="human_in_loop")
        goto = (
            "self_corrector"
            if correctable and state.get("corrections", 0) < ctx.config.max_corrections
            else "progress_analyzer"
        )
        return Command(update=update, goto=goto)

    return tools
