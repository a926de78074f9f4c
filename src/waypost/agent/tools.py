"""The agent's tools: Waypost's ToolSpecs as LangChain tools, plus the core tools of the graph.

Each :class:`~waypost.tools.registry.ToolSpec` becomes a ``StructuredTool`` whose schema is the
typed signature of ``spec.bind(runtime)``; descriptions live on the tools, never in prompts. The core
tools ``think``, ``final_answer``, ``list_tools`` and ``load_tools`` are always bound; the tools
node carries out the last three itself (they change the graph's state, not a page).
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from langchain_core.tools import BaseTool, StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, ValidationError

from waypost.agent.tool_slots import CORE_TOOLS, ToolInfo
from waypost.tools.errors import bad_arguments, no_such_tool, timeout_text, tool_failed
from waypost.tools.langchain import as_langchain

if TYPE_CHECKING:
    from waypost.tools.registry import ToolSpec
    from waypost.tools.runtime import ToolRuntime

SESSION_ARG = "session_id"
"""Argument the agent fills in itself (the run's browser session); hidden from the model."""
TOOL_TIMEOUT = 180.0

THINK_DESCRIPTION = (
    "Think before acting: write down what you know, what is missing and your next step. "
    "Changes nothing on any page."
)
FINAL_ANSWER_DESCRIPTION = (
    "Finish the task: give the user your answer, with evidence: the exact text from the pages it rests "
    "on and their URLs. An answer without evidence that holds is not accepted. If you could not do "
    "the task, or the pages do not hold the answer, say so honestly and say what you found."
)
LIST_TOOLS_DESCRIPTION = (
    "List every tool you can load (only some are loaded at a time), by category. "
    "category: optional, e.g. 'act', 'read' or 'archive'."
)
LOAD_TOOLS_DESCRIPTION = (
    'Load tools by name so you can call them, e.g. ["type", "click"]. At most 5 are loaded '
    "besides the core tools; the least relevant is unloaded to make room."
)


async def think(
    thought: Annotated[str, Field(description="Your reasoning: what you know and what you will do next.")],
) -> str:
    """Record a thought; nothing else happens."""
    return "Noted. Now take the next step."


async def final_answer(
    answer: Annotated[str, Field(description="The answer for the user, in the language of the task.")],
    evidence: Annotated[
        list[dict[str, str]] | None,
        Field(
            description=(
                "What the answer rests on: a list of {quote, source, answers}: quote = text copied exactly "
                "from a tool result, source = that page's URL (or archive:<id>), answers = which part of "
                "the task it answers. Required for every fact in the answer."
            )
        ),
    ] = None,
) -> str:
    """Placeholder: the graph's goal validator handles final answers."""
    return "Answer received."


async def list_tools(
    category: Annotated[str | None, Field(description="Only this category: act, read, archive...")] = None,
) -> str:
    """Placeholder: the tools node answers list_tools from the tool slots."""
    return ""


async def load_tools(
    names: Annotated[list[str], Field(description="Names of the tools to load, e.g. ['type', 'click'].")],
) -> str:
    """Placeholder: the tools node loads tools into the slots."""
    return ""


def core_tools() -> list[StructuredTool]:
    """The core tools every agent has: think, final_answer, list_tools, load_tools."""
    return [
        StructuredTool.from_function(coroutine=think, name="think", description=THINK_DESCRIPTION),
        StructuredTool.from_function(
            coroutine=final_answer, name="final_answer", description=FINAL_ANSWER_DESCRIPTION
        ),
        StructuredTool.from_function(
            coroutine=list_tools, name="list_tools", description=LIST_TOOLS_DESCRIPTION
        ),
        StructuredTool.from_function(
            coroutine=load_tools, name="load_tools", description=LOAD_TOOLS_DESCRIPTION
        ),
    ]


def spec_tool(spec: ToolSpec, runtime: ToolRuntime | None) -> StructuredTool:
    """One Waypost tool as a LangChain tool (the schema is ``spec.bind(runtime)``'s typed signature)."""
    return as_langchain(spec, runtime)


def spec_tools(runtime: ToolRuntime, specs: Sequence[ToolSpec]) -> list[StructuredTool]:
    """Tools as LangChain tools, bound to ``runtime``."""
    return [spec_tool(spec, runtime) for spec in specs]


def _parameters(tool: BaseTool) -> dict[str, Any]:
    params = copy.deepcopy(convert_to_openai_tool(tool)["function"].get("parameters") or {})
    params.setdefault("type", "object")
    params.setdefault("properties", {})
    params["properties"].pop(SESSION_ARG, None)
    if "required" in params:
        params["required"] = [r for r in params["required"] if r != SESSION_ARG]
    return params


def _strictify(schema: dict[str, Any]) -> dict[str, Any]:
    """OpenAI strict mode: every property required (optional ones nullable), no extra keys."""
    props = schema.get("properties", {})
    required = set(schema.get("required", []))
    for name, prop in props.items():
        prop.pop("default", None)
        prop.pop("title", None)
        if name not in required and "anyOf" not in prop and prop.get("type") != "null":
            kind = prop.get("type")
            if isinstance(kind, str):
                prop["type"] = [kind, "null"]
                if "enum" in prop and None not in prop["enum"]:
                    prop["enum"] = [*prop["enum"], None]
    schema["required"] = list(props)
    schema["additionalProperties"] = False
    return schema


@dataclass
class ToolBox:
    """The tools an agent run can use, by name.

    Attributes:
        tools: Every tool, core ones included.
        read_only: Tool name → whether it changes nothing on any site.
        session_id: The browser session the run's tools act in.
        timeout: Seconds a tool call may take before it is reported as failed.
    """

    tools: dict[str, BaseTool]
    read_only: dict[str, bool] = field(default_factory=dict)
    session_id: str = "default"
    timeout: float = TOOL_TIMEOUT

    @classmethod
    def of(
        cls,
        tools: Iterable[BaseTool],
        *,
        read_only: Mapping[str, bool] | None = None,
        session_id: str = "default",
    ) -> ToolBox:
        """A toolbox of the given tools plus the core tools (given ones win on a name clash)."""
        by_name: dict[str, BaseTool] = {t.name: t for t in core_tools()}
        by_name.update({t.name: t for t in tools})
        flags = {name: name in CORE_TOOLS for name in by_name}
        flags.update(read_only or {})
        return cls(by_name, flags, session_id)

    @classmethod
    def from_specs(
        cls,
        runtime: ToolRuntime,
        specs: Sequence[ToolSpec],
        *,
        extra: Iterable[BaseTool] = (),
        session_id: str = "default",
    ) -> ToolBox:
        """The tools ``specs`` bound to ``runtime``, plus ``extra`` (and the core tools)."""
        specs = list(specs)
        tools = [spec_tool(s, runtime) for s in specs] + list(extra)
        return cls.of(tools, read_only={s.name: s.read_only for s in specs}, session_id=session_id)

    @property
    def names(self) -> list[str]:
        return list(self.tools)

    def catalogue(self) -> list[ToolInfo]:
        """Every tool as the slot logic sees it."""
        return [ToolInfo.of(t.name, t.description) for t in self.tools.values()]

    def bound(self, active: Sequence[str]) -> list[str]:
        """Names bound to the model now: the core tools present, then the active dynamic tools."""
        core = [n for n in CORE_TOOLS if n in self.tools]
        return core + [n for n in active if n in self.tools and n not in core]

    def schema(
        self, name: str, *, enums: Mapping[str, Sequence[str]] | None = None, strict: bool = False
    ) -> dict[str, Any]:
        """The OpenAI-style tool definition the model sees, with enumerated choices where given.

        Args:
            name: The tool.
            enums: Argument name → the values that exist (e.g. the URLs of the current view).
            strict: Mark the schema strict (every property required, no extra keys).
        """
        tool = self.tools[name]
        params = _parameters(tool)
        for arg, values in (enums or {}).items():
            prop = params["properties"].get(arg)
            if prop is not None and values:
                prop.pop("anyOf", None)
                prop["type"] = "string"
                prop["enum"] = list(dict.fromkeys(values))
        if strict:
            params = _strictify(params)
        fn: dict[str, Any] = {"name": name, "description": tool.description, "parameters": params}
        if strict:
            fn["strict"] = True
        return {"type": "function", "function": fn}

    def takes_session(self, name: str) -> bool:
        schema = self.tools[name].args_schema
        fields = getattr(schema, "model_fields", None)
        return bool(fields and SESSION_ARG in fields)

    def clean(self, name: str, args: Mapping[str, Any]) -> dict[str, Any]:
        """The arguments without ``null`` for optional ones (strict schemas send null for "default")."""
        schema = self.tools[name].args_schema if name in self.tools else None
        fields = getattr(schema, "model_fields", None) or {}
        return {
            k: v for k, v in args.items() if not (v is None and k in fields and not fields[k].is_required())
        }

    def validate(self, name: str, args: Mapping[str, Any]) -> str | None:
        """Why ``args`` do not fit tool ``name`` (``None`` if they do)."""
        tool = self.tools.get(name)
        if tool is None:
            return f"there is no tool {name!r}"
        schema = tool.args_schema
        if schema is None or not hasattr(schema, "model_validate"):
            return None
        try:
            schema.model_validate(self.clean(name, args))  # type: ignore[union-attr]
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}" for e in exc.errors()[:3]
            )
            return f"bad arguments for {name}: {problems}"
        return None

    async def run(self, name: str, args: Mapping[str, Any]) -> tuple[str, bool]:
        """Call a tool; never raises. Returns ``(text, ok)``."""
        tool = self.tools.get(name)
        if tool is None:
            return no_such_tool(name), False
        call = {k: v for k, v in self.clean(name, args).items() if k != SESSION_ARG}
        if self.takes_session(name):
            call[SESSION_ARG] = self.session_id
        try:
            result = await asyncio.wait_for(tool.ainvoke(call), timeout=self.timeout)
        except TimeoutError:
            return timeout_text(name, self.timeout), False
        except ValidationError as exc:
            return bad_arguments(name, exc.errors()[0]["msg"]), False
        except Exception as exc:  # a tool bug must not end the run; the model reads what happened
            return tool_failed(name, exc), False
        text = result if isinstance(result, str) else str(getattr(result, "content", result))
        return text, True
