"""Planner-RAG in the agent: ``planner_mode="rag"`` gives a run evidence tools and a small page view.

:func:`equip_planner` (called once per run by the runner) leaves ``full`` runs alone. For ``rag``
it swaps the acting tools for two tools over one :class:`~waypost.planning.session.PlanningSession`:

* ``find_evidence``: its arguments ARE the QuerySpec (an endpoint that enforces JSON schemas
  enforces it at generation); the answer is the numbered EvidencePack.
* ``act_on_evidence``: one action on one item; its schema enumerates the latest pack's numbers
  (the toolbox's enum mechanism), so a strict endpoint cannot name another. A failure adds
  negative constraints to the next query round.

``research_navigate`` answers with the page's title, URL and status only: the page is asked for,
not shown. The offline planner switches to its rag mode (rule-based QuerySpecs).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any, Literal

from langchain_core.tools import StructuredTool
from pydantic import Field

from waypost.errors import WaypostError
from waypost.planning.evidence import EvidenceItem, short
from waypost.planning.session import PlanningSession, QueryCapReached, StepTimeout
from waypost.planning.spec import Constraints, Filters, Intent, QuerySpecError, parse_spec
from waypost.planning.telemetry import PlannerStore

if TYPE_CHECKING:
    from waypost.agent.context import AgentContext
    from waypost.api import Waypost

PlannerMode = Literal["rag", "full"]
RAG_TOOLS = ("find_evidence", "act_on_evidence")
# Acting tools a rag run does not get: it acts through evidence numbers instead.
REPLACED = frozenset({"click", "type", "select", "check", "observe"})

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
    from waypost.planning.execute import ACTIONS
    from waypost.planning.loop import query_parameters

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


def _excerpt(view: Any, page_url: str) -> dict[str, Any]:
    """The link excerpt of a rag view: the hint's best links and the first main-content links."""
    from waypost.page.links import display_url

    def pair(link: Any) -> tuple[str, str]:
        return link.label, display_url(link.url, page_url)

    matching = [pair(link) for link in view.links if link.matches_hint][:MATCHING_LINKS]
    shown = {target for _, target in matching}
    main_links = sorted((link for link in view.links if link.group == "main"), key=lambda link: link.position)
    main = [pair(link) for link in main_links if pair(link)[1] not in shown][:MAIN_LINKS]
    return {"matching": matching, "hint": view.hint or "", "main": main, "main_total": len(main_links)}


def rag_tools(wp: Waypost, planning: PlanningSession) -> list[StructuredTool]:
    """``research_navigate`` (small view), ``find_evidence`` and ``act_on_evidence`` over ``planning``."""

    async def research_navigate(
        target: Annotated[str, Field(description="Full URL, a path, or 'back'/'forward'.")],
        hint: Annotated[str | None, Field(description="What you are looking for.")] = None,
        session_id: str = "default",
    ) -> str:
        try:
            result = await wp.navigate(target, hint=hint, session_id=session_id)
        except WaypostError as exc:
            return f"Error: {exc}"
        if result.view is None or not result.ok or result.blocked:
            return result.text  # guards and walls are answered in full: they say what to do next
        status = f"HTTP {result.status}." if result.status and result.status >= 400 else "Loaded."
        page_url = result.final_url or target
        return compact_view(result.view.title, page_url, status, **_excerpt(result.view, page_url))

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
            async with wp.pool.session(session_id) as s:
                if planning.step is not None and planning.step.url and planning.step.url != s.page.url:
                    planning.begin()  # the page changed since this step's last query: a new step
                return (await planning.query(s.page, spec)).render()
        except (QuerySpecError, QueryCapReached, StepTimeout, WaypostError) as exc:
            return f"Error: {exc}"

    async def act_on_evidence(
        evidence: Annotated[int, Field(description="item number")],
        action: Literal["click", "type", "select", "check", "read"],
        text: Annotated[str | None, Field(description="text to type or option to select")] = None,
        submit: Annotated[bool, Field(description="press Enter after typing")] = False,
        session_id: str = "default",
    ) -> str:
        try:
            async with wp.pool.session(session_id) as s:
                done = await planning.act(s.page, evidence, action, text, submit=submit)
        except WaypostError as exc:
            return f"Error: {exc}"
        return done.message if done.ok or done.message.startswith("Error") else f"Error: {done.message}"

    return [
        StructuredTool.from_function(
            coroutine=research_navigate,
            name="research_navigate",
            description="Open a web page. Answers with its title and URL only; then call find_evidence.",
        ),
        StructuredTool.from_function(
            coroutine=find_evidence, name="find_evidence", description=FIND_DESCRIPTION
        ),
        StructuredTool.from_function(
            coroutine=act_on_evidence, name="act_on_evidence", description=ACT_DESCRIPTION
        ),
    ]


def _rag_toolbox(base: type) -> type:
    class RagToolBox(base):  # type: ignore[misc, valid-type]
        """A toolbox whose evidence tools are always bound, like the core tools (they never take a slot)."""

        planning: PlanningSession | None = None
        constrain: bool = True

        def schema(
            self, name: str, *, enums: Mapping[str, Sequence[str]] | None = None, strict: bool = False
        ) -> dict[str, Any]:
            pack = (self.planning.pack or self.planning.last_pack) if self.planning is not None else None
            if name == "act_on_evidence" and self.constrain and pack is not None and pack.numbers:
                enums = {**(enums or {}), "evidence": [str(n) for n in pack.numbers]}
            if strict or name not in RAG_TOOLS:
                return super().schema(name, enums=enums, strict=strict)
            return lean_schema(name, (enums or {}).get("evidence"))

        def note_tokens(self, tokens_in: int, tokens_out: int) -> None:
            if self.planning is not None:
                self.planning.note_model_tokens(tokens_in, tokens_out)

        def bound(self, active: Any) -> list[str]:
            names = super().bound(active)
            core = [n for n in names if n not in active]
            return core + [n for n in RAG_TOOLS if n not in names] + [n for n in names if n in active]

    return RagToolBox


def equip_planner(ctx: AgentContext, wp: Waypost | None, mode: PlannerMode | None) -> None:
    """Set a run up for ``mode`` (``None``: the settings' ``planner_mode``); ``full`` changes nothing."""
    from waypost.models.planner.model import OfflinePlanner
    from waypost.agent.tools import ToolBox

    if mode is None:
        mode = getattr(getattr(wp, "settings", None), "planner_mode", "full")
    if mode != "rag" or wp is None:
        return
    store = PlannerStore.for_data_dir(wp.settings.data_dir)
    planning = PlanningSession(wp._require_actor(), store=store)
    box = ctx.toolbox
    tools = {n: t for n, t in box.tools.items() if n not in REPLACED}
    for tool in rag_tools(wp, planning):
        tools[tool.name] = tool
    flags = {n: box.read_only.get(n, False) for n in tools}
    flags.update({"research_navigate": True, "find_evidence": True, "act_on_evidence": False})
    ctx.toolbox = _rag_toolbox(ToolBox)(tools, flags, box.session_id, box.timeout)
    ctx.toolbox.planning = planning
    ctx.toolbox.constrain = ctx.config.constrain
    if isinstance(ctx.model, OfflinePlanner):
        ctx.model = ctx.model.model_copy(update={"mode": "rag"})
    ctx.config = replace(ctx.config, max_slots=max(ctx.config.max_slots, 5))
