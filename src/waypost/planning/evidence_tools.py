"""Planner-RAG's model-facing tools: ``find_evidence`` and ``act_on_evidence`` as ToolSpecs.

* ``find_evidence``: its arguments ARE the QuerySpec (an endpoint that enforces JSON schemas
  enforces it at generation); the answer is the numbered EvidencePack.
* ``act_on_evidence``: one action on one item; in an agent run its schema enumerates the latest
  pack's numbers (see :mod:`waypost.rag.extension`), so a strict endpoint cannot name another. A
  failure adds negative constraints to the next query round.

Both work over one :class:`~waypost.planning.session.PlanningSession`, which the caller owns (one
per agent run, one per MCP server). :func:`compact_view` is the small page observation of a rag
run: ``research_navigate`` answers with the page's title, URL, status and a short link excerpt.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from waypost.errors import WaypostError
from waypost.page.links import display_url
from waypost.planning.evidence import EvidenceItem, short
from waypost.planning.execute import ACTIONS
from waypost.planning.loop import query_parameters
from waypost.planning.session import PlanningSession, QueryCapReached, StepTimeout
from waypost.planning.spec import Constraints, Filters, Intent, QuerySpecError, parse_spec
from waypost.tools.errors import error_text, failed_text
from waypost.tools.registry import ToolFunction, ToolSpec

if TYPE_CHECKING:
    from waypost.navigation import NavigationResult
    from waypost.page import PageView
    from waypost.tools.runtime import ToolRuntime

RAG_TOOLS = ("find_evidence", "act_on_evidence")

FIND_DESCRIPTION = (
    "Find what you need on the current page (you are not shown the page): a button, link, field, "
    "checkbox or text to read. intent: navigate, click, type, select, assert or extract. keywords: words "
    "on the element, e.g. ['login', 'Anmelden']. filters (optional): roles, attributes, section_hint, "
    "negative. Answers with numbered evidence items; then call act_on_evidence with one number. At most "
    "2 queries per step."
)
ACT_DESCRIPTION = (
    "Click, type into, select or check one evidence item from find_evidence, or read a text item. "
    "evidence: the item number. action: click, type, select, check or read. text: what to type, the "
    "option to select, or 'false' to untick."
)


LEAN_FIND = (
    "Find what you need on the page (it is not shown to you): answers with numbered evidence items. "
    "At most 2 queries per step."
)
LEAN_ACT = "One action on one evidence item. text: what to type, the option, or 'false' to untick."


def lean_schema(name: str, evidence: Sequence[str] | None = None) -> dict[str, Any]:
    """The schema a model sees for an evidence tool: no defaults, no repeated descriptions.

    They are bound on every turn of a rag run, so every token counts; the tools still validate their
    arguments with the full pydantic models.
    """

    if name == "find_evidence":
        return {
            "type": "function",
            "function": {"name": name, "description": LEAN_FIND, "parameters": query_parameters()},
        }
    number: dict[str, Any] = {"enum": list(evidence)} if evidence else {"type": "integer"}
    props = {
        "evidence": number,
        "action": {"enum": list(ACTIONS)},
        "text": {"type": "string"},
        "submit": {"type": "boolean"},
    }
    params = {"type": "object", "properties": props, "required": ["evidence", "action"]}
    return {"type": "function", "function": {"name": name, "description": LEAN_ACT, "parameters": params}}


_PACK_LINE = re.compile(r'^\[(\d+)\] (\S+) "(.*?)"(?: · |$)', re.M)


def pack_items(text: str) -> list[EvidenceItem]:
    """The items of an evidence pack's text (number, role and label; the rest left empty)."""
    return [EvidenceItem(int(n), label, role, "", "", (), 0.0) for n, role, label in _PACK_LINE.findall(text)]


MAIN_LINKS = 6
"""Main-content links a rag view lists (in page order): the page's list, for "the n-th article"."""
MATCHING_LINKS = 3
"""Links matching the navigation hint a rag view lists (the hint is the question the view answers)."""


def compact_view(
    title: str, url: str, status: str, *, matching: Sequence[tuple[str, str]] = (), hint: str = "",
    main: Sequence[tuple[str, str]] = (), main_total: int = 0,
) -> str:  # fmt: skip
    """The small page observation of a rag run: title, URL, the result, and a short link excerpt.

    Args:
        title: The page title.
        url: The page URL.
        status: The last result's first line.
        matching: ``(label, url)`` of the few links that match the navigation hint.
        hint: The navigation hint.
        main: ``(label, url)`` of the first main-content links, in page order.
        main_total: How many main-content links the page has.
    """
    lines = [f"You are on: {title} ({url})", status]
    if matching:
        lines.append(f'Matching "{short(hint, 60)}":')
        lines += [f"For {short(label, 60)}: {target}" for label, target in matching]
    if main:
        lines.append("Main content:")
        lines += [f"For {short(label, 100)}: {target}" for label, target in main]
    more = f" (first {len(main)} of {main_total} main links shown)" if main_total > len(main) else ""
    lines.append(f"The rest of the page is not listed{more}: call find_evidence to look for what you need.")
    return "\n".join(lines)


def _excerpt(view: PageView, page_url: str) -> dict[str, Any]:
    """The link excerpt of a rag view: the hint's best links and the first main-content links."""

    def pair(link: Any) -> tuple[str, str]:
        return link.label, display_url(link.url, page_url)

    matching = [pair(link) for link in view.links if link.matches_hint][:MATCHING_LINKS]
    shown = {target for _, target in matching}
    main_links = sorted((link for link in view.links if link.group == "main"), key=lambda link: link.position)
    main = [pair(link) for link in main_links if pair(link)[1] not in shown][:MAIN_LINKS]
    return {"matching": matching, "hint": view.hint or "", "main": main, "main_total": len(main_links)}


def compact_result(result: NavigationResult, target: str) -> str:
    """``research_navigate``'s answer in a rag run: the page is asked for, not shown."""
    if result.view is None or not result.ok or result.blocked:
        return result.text  # guards and walls are answered in full: they say what to do next
    status = f"HTTP {result.status}." if result.status and result.status >= 400 else "Loaded."
    page_url = result.final_url or target
    return compact_view(result.view.title, page_url, status, **_excerpt(result.view, page_url))


COMPACT_NAVIGATE_DESCRIPTION = (
    "Open a web page. Answers with its title and URL only; then call find_evidence."
)


def evidence_tools(planning: PlanningSession | Callable[[], PlanningSession]) -> list[ToolSpec]:
    """``find_evidence`` and ``act_on_evidence`` over ``planning`` (or the session a function gives)."""

    def session() -> PlanningSession:
        return planning if isinstance(planning, PlanningSession) else planning()

    def find_factory(rt: ToolRuntime) -> ToolFunction:
        async def find_evidence(
            intent: Intent,
            keywords: Annotated[list[str], Field(description="e.g. ['login', 'Anmelden']")],
            filters: Filters | None = None,
            constraints: Constraints | None = None,
            k: Annotated[int, Field(description="at most 15")] = 10,
            diversity: bool = True,
            session_id: str = "default",
        ) -> str:
            args: dict[str, Any] = {"intent": intent, "keywords": keywords, "k": k, "diversity": diversity}
            if filters is not None:
                args["filters"] = filters.model_dump()
            if constraints is not None:
                args["constraints"] = constraints.model_dump()
            try:
                spec = parse_spec(args)
                current = session()
                async with rt.pool.session(session_id) as s:
                    if current.step is not None and current.step.url and current.step.url != s.page.url:
                        current.begin()  # the page changed since this step's last query: a new step
                    return (await current.query(s.page, spec)).render()
            except (QuerySpecError, QueryCapReached, StepTimeout, WaypostError) as exc:
                return error_text(exc)

        return find_evidence

    def act_factory(rt: ToolRuntime) -> ToolFunction:
        async def act_on_evidence(
            evidence: Annotated[int, Field(description="item number")],
            action: Literal["click", "type", "select", "check", "read"],
            text: Annotated[str | None, Field(description="text to type or option to select")] = None,
            submit: Annotated[bool, Field(description="press Enter after typing")] = False,
            session_id: str = "default",
        ) -> str:
            try:
                current = session()
                async with rt.pool.session(session_id) as s:
                    done = await current.act(s.page, evidence, action, text, submit=submit)
            except WaypostError as exc:
                return error_text(exc)
            return done.message if done.ok or done.message.startswith("Error") else failed_text(done.message)

        return act_on_evidence

    return [
        ToolSpec("find_evidence", FIND_DESCRIPTION, find_factory, read_only=True),
        ToolSpec("act_on_evidence", ACT_DESCRIPTION, act_factory, read_only=False),
    ]
