"""The ``goal_validator`` node: checks a final answer before the run ends.

It turns an answer down (at most ``max_validation_failures`` times) when it is empty, when the
task names a page but none was opened, or when nothing in it appears in what the pages said.
Then the answer's evidence is checked (:mod:`waypost.models.answer_check`): every quote must stand
verbatim in what the tools returned for the page it names, be about the thing asked (its names,
its time, its kind of value) and cover every part of the task. An answer that fails is sent back
once with the reason; the second time the run ends ``not_verified`` (never a success), with the
answer and the reason. An honest "could not" ends the run as ``gave_up``.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from waypost.agent.choices import URL_IN_TEXT
from waypost.agent.context import AgentContext, last_ai
from waypost.agent.prompts import fence, unfence
from waypost.agent.state import AgentState
from waypost.agent.tool_slots import CATEGORIES, keywords
from waypost.models.answer_check import Evidence, Verdict, check, evidence_pages, parse_evidence, verbatim

NAME = "goal_validator"
DESTINATIONS = ("quality_evaluator", "progress_reporter")
_HONEST_FAILURE = re.compile(
    r"\b(?:could ?n[o']t|can ?n[o']t|cannot|unable|not able|was not able|gave up|did not find|"
    r"couldn't find|no (?:such|matching) |beyond what I can|not found|"
    r"konnte (?:ich )?(?:\w+ ){0,3}nicht|kann (?:ich )?(?:\w+ ){0,3}nicht|"
    r"nicht gefunden|nicht möglich|keine? \w+ gefunden|I stopped)",
    re.I,
)


def honest_failure(answer: str) -> bool:
    """Whether an answer says the task could not be done."""
    return bool(_HONEST_FAILURE.search(answer[:300]))


def needs_web(state: AgentState) -> bool:
    """Whether the task points at the web: a start page, or a URL in the task."""
    return bool(state.get("start_url") or URL_IN_TEXT.search(state.get("task", "")))


def grounded(answer: str, state: AgentState) -> bool:
    """Whether the answer shares words with what the tools returned (or there is nothing to compare)."""
    seen = " ".join(
        unfence(str(m.content))
        for m in state.get("messages", [])
        if isinstance(m, ToolMessage) and m.status != "error"
    )
    words = keywords(answer) - keywords(state.get("task", ""))
    if len(words) < 3 or not seen.strip():
        return True
    return bool(words & keywords(seen))


def objection(answer: str, state: AgentState) -> str | None:
    """Why the answer is not accepted yet (``None`` if it is)."""
    if not answer.strip():
        return "the answer is empty."
    if honest_failure(answer):
        return None
    opened = any(r["ok"] and CATEGORIES.get(r["tool"]) != "core" for r in state.get("trail", []))
    if needs_web(state) and not opened:
        where = state.get("start_url") or "the page the task names"
        return f"you have not opened any page yet. Open {where} first and read it."
    if state.get("validation_failures", 0) == 0 and not grounded(answer, state):
        return "nothing in your answer appears in what the pages said. Quote the page."
    return None


def recorded_pages(state: AgentState) -> dict[str, str]:
    """What the tools returned, by page: each successful result under the URL its call ended on."""
    urls = {r.get("call_id"): r.get("url") for r in state.get("trail", []) if r.get("ok")}
    records = []
    for m in state.get("messages", []):
        if isinstance(m, ToolMessage) and m.status != "error" and urls.get(m.tool_call_id):
            text = unfence(str(m.content))
            url = urls[m.tool_call_id]
            if m.name in ("get_archived", "search_archive"):
                found = re.findall(r"\bdoc(?:ument)?\s*#?(\d+)", text[:400])
                if found:
                    records.append({"url": f"archive:{found[0]}", "text": text})
            records.append({"url": url, "text": text})
    return evidence_pages(records)


def verdict(answer: str, evidence: Any, state: AgentState) -> Verdict:
    """The evidence check of a final answer (pure: reads the state only).

    When the answer cites nothing, the passages it quotes itself (in quotation marks) that stand
    verbatim on a page the run read are taken as its evidence; a claim found nowhere stays
    unsupported.
    """
    pages = recorded_pages(state)
    cited = parse_evidence(evidence)
    if not cited:
        cited = implicit_evidence(answer, pages)
    if not pages and not needs_web(state):
        return Verdict(True, "", tuple(cited))  # nothing was read and nothing needed reading
    return check(state.get("task", ""), answer, cited, pages, state.get("trail", []))


_QUOTED = re.compile(r"[“„\"]([^”“\"]{3,400})[”“\"]")


def implicit_evidence(answer: str, pages: dict[str, str]) -> list[Evidence]:
    """Passages quoted in the answer that stand verbatim on a recorded page, as evidence."""
    found: list[Evidence] = []
    spans = [m.group(1) for m in _QUOTED.finditer(answer)] or [answer]
    for span in spans:
        for part in re.split(r"(?<=[.!?])\s+", span):
            part = part.strip(" …")
            if len(part) < 3:
                continue
            for url, text in pages.items():
                if verbatim(part, text):
                    found.append(Evidence(part, url, "quoted in the answer"))
                    break
    return found


def make_goal_validator_node(ctx: AgentContext):
    """The goal validator for a run's context."""

    async def goal_validator(state: AgentState) -> Command:
        ai = last_ai(state.get("messages", []))
        calls = list(ai.tool_calls) if ai else []
        final = next((c for c in calls if c["name"] == "final_answer"), None)
        answer = str((final or {}).get("args", {}).get("answer", "") or "").strip()
        messages: list[Any] = [
            ToolMessage(
                content=fence(c["name"], "Skipped: you gave your final answer in the same turn."),
                name=c["name"],
                tool_call_id=c["id"],
                status="error",
            )
            for c in calls
            if c is not final
        ]
        failures = state.get("validation_failures", 0)
        reason = objection(answer, state)
        honest = bool(answer) and honest_failure(answer)
        checked = (
            None
            if reason or honest
            else verdict(answer, (final or {}).get("args", {}).get("evidence"), state)
        )
        if checked is not None and not checked.verified and not state.get("evidence_returned"):
            # Sent back once with the reason; the second unsupported answer ends the run unverified.
            reason = (
                f"the answer is not supported by its evidence: {checked.why_not}. Cite the exact text "
                "and its URL, or say honestly that the pages do not hold the answer."
            )
            return Command(
                update={
                    "messages": [
                        *messages,
                        *(
                            [
                                ToolMessage(
                                    content=f"Not accepted yet: {reason}",
                                    name="final_answer",
                                    tool_call_id=final["id"],
                                    status="error",
                                )
                            ]
                            if final is not None
                            else []
                        ),
                    ],
                    "validation_failures": failures + 1,
                    "evidence_returned": True,
                    "why_not": checked.why_not,
                    "last_node": NAME,
                },
                goto="progress_reporter",
            )
        if reason and failures < ctx.config.max_validation_failures:
            text = f"Not accepted yet: {reason} Keep working on the task, then call final_answer again."
            if final is not None:
                messages.append(
                    ToolMessage(content=text, name="final_answer", tool_call_id=final["id"], status="error")
                )
            return Command(
                update={"messages": messages, "validation_failures": failures + 1, "last_node": NAME},
                goto="progress_reporter",
            )
        if final is not None:
            messages.append(
                ToolMessage(content="Answer accepted.", name="final_answer", tool_call_id=final["id"])
            )
        stop = "gave_up" if not answer or honest else "answered"
        update: dict[str, Any] = {
            "messages": messages,
            "answer": answer,
            "stop_reason": stop,
            "last_node": NAME,
        }
        if checked is not None:
            update["verified"] = checked.verified
            update["why_not"] = checked.why_not or None
            update["evidence"] = [e.to_dict() for e in checked.evidence]
            if not checked.verified:
                update["stop_reason"] = "not_verified"
        else:
            update["verified"] = False
            update["why_not"] = "the task was not done" if stop == "gave_up" else reason
        return Command(update=update, goto="quality_evaluator")

    return goal_validator
