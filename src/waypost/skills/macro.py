"""Macros: a successful run's tool calls, parameterised, replayed without a model.

Recording keeps the calls that worked (core tools left out). What the user typed or chose that
also stands in the task (``text``, ``option``) becomes a parameter ``{p0}``, ``{p1}``..., and the
task becomes a template with the same placeholders; the start page's origin becomes
``{origin}``. A macro therefore replays for 'search for Hansekiel' when it was recorded for 'search
for Wahlrecht'. A password that is not a value of the task is never stored: the macro ends before
such a step.

Replaying runs each step through the run's :class:`~waypost.agent.tools.ToolBox` and validates it
(the tool reported no error, the page is where the recording ended up). The first step that fails,
or that is critical (purchase, payment, delete, send, password submit) while the approval policy
is not ``always``, hands over: the agent starts with the replayed steps in its history.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, quote_plus, urlsplit

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from waypost.agent import critical
from waypost.agent import focus as focus_tracker
from waypost.agent.outcomes import classify_error, moved_to, page_location
from waypost.agent.prompts import fence
from waypost.approval import using_gate
from waypost.skills.model import Macro, MacroStep

if TYPE_CHECKING:
    from waypost.agent.context import PageProbe
    from waypost.agent.tools import ToolBox

CORE = frozenset({"think", "final_answer", "list_tools", "load_tools"})
VALUE_ARGS = ("text", "option")
"""Arguments whose values come from the user (and become parameters when the task names them)."""
MACRO_KEY = "waypost_macro"
"""``response_metadata`` key that marks a replayed step's AIMessage (value: the skill's name)."""
_PLACEHOLDER = re.compile(r"\{(origin|p\d+)(:url)?\}")
MIN_SPREAD = 3
"""A task value at least this long is also a parameter where it appears inside other arguments and URLs."""


def origin_of(url: str | None) -> str | None:
    """``scheme://host[:port]`` of a URL, or ``None``."""
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def normalise_task(task: str) -> str:
    """The task as templates compare it: trimmed, single spaces."""
    return " ".join(task.split())


def _is_secret_step(tool: str, args: Mapping[str, Any]) -> bool:
    return tool == "type" and bool(critical._SECRET_FIELD.search(str(args.get("target") or "")))


def _path_of(url: str | None, origin: str | None) -> str | None:
    if not url:
        return None
    if origin and url.startswith(origin):
        rest = url[len(origin) :]
        return "{origin}" + (rest or "/")
    return url


def record(task: str, start_url: str | None, actions: Sequence[Mapping[str, Any]]) -> Macro | None:
    """A macro from a run's actions (``RunResult.actions``), or ``None`` if nothing is worth replaying."""
    task = normalise_task(task)
    origin = origin_of(start_url)
    good = [a for a in actions if a.get("ok") and a.get("tool") not in CORE]
    values: dict[str, str] = {}  # value (lowercase) -> parameter name
    originals: dict[str, str] = {}  # parameter name -> the value as typed
    steps: list[MacroStep] = []
    for action in good:
        tool = str(action["tool"])
        args = {k: v for k, v in dict(action.get("args") or {}).items() if k != "session_id"}
        for key in VALUE_ARGS:
            value = args.get(key)
            if isinstance(value, str) and len(value.strip()) >= 1 and _in_task(value, task):
                name = values.setdefault(value.lower(), f"p{len(values)}")
                originals.setdefault(name, value)
                args[key] = "{" + name + "}"
        if _is_secret_step(tool, args) and not _PLACEHOLDER.fullmatch(str(args.get("text", ""))):
            break  # a stored secret never goes into a macro: the agent types it itself
        if origin:
            args = {
                k: _path_of(v, origin) if isinstance(v, str) and v.startswith(origin) else v
                for k, v in args.items()
            }
        steps.append(MacroStep(tool=tool, args=args, expect_path=_path_of(action.get("url"), origin)))
    if not steps:
        return None
    for step in steps:
        step.args = {k: _spread(v, originals) if isinstance(v, str) else v for k, v in step.args.items()}
        step.expect_path = _spread(step.expect_path, originals) if step.expect_path else None
    template = task
    for value, name in sorted(values.items(), key=lambda kv: -len(kv[0])):
        template = re.sub(re.escape(value), "{" + name + "}", template, flags=re.I)
    params = [*(["origin"] if origin else []), *values.values()]
    return Macro(task_template=template, params=params, steps=steps)


def _spread(text: str, originals: Mapping[str, str]) -> str:
    """``text`` with the task's values inside it (as typed, or URL-encoded) replaced by placeholders."""
    for name, value in sorted(originals.items(), key=lambda kv: -len(kv[1])):
        if len(value) < MIN_SPREAD:
            continue
        is_url = text.startswith(("{origin}", "http://", "https://", "/"))
        forms = [quote_plus(value), quote(value)] if is_url else [value]
        for form in forms:
            if form in text and ("{" + name) not in text:
                text = text.replace(form, "{" + name + (":url" if is_url else "") + "}")
    return text


def _in_task(value: str, task: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(value.strip()) + r"(?!\w)", task, re.I) is not None


def template_regex(template: str) -> re.Pattern[str]:
    """The template as a regular expression: the first ``{pN}`` captures, repeats must be equal."""
    out, seen, pos = [], set(), 0
    for m in re.finditer(r"\{(p\d+)\}", template):
        out.append(re.escape(template[pos : m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.I | re.S)


def bind(macro: Macro, task: str, start_url: str | None) -> dict[str, str] | None:
    """The parameter values for ``task``, or ``None`` if the macro does not fit it."""
    found = template_regex(macro.task_template).fullmatch(normalise_task(task))
    if found is None:
        return None
    values = {k: v for k, v in found.groupdict().items() if v is not None}
    if "origin" in macro.params:
        origin = origin_of(start_url)
        if origin is None:
            return None
        values["origin"] = origin
    return values


def _value(m: re.Match[str], values: Mapping[str, str]) -> str:
    found = values.get(m.group(1))
    if found is None:
        return m.group(0)
    return quote_plus(found) if m.group(2) else found


def fill(value: Any, values: Mapping[str, str]) -> Any:
    """A step's arguments with the placeholders replaced."""
    if isinstance(value, str):
        return _PLACEHOLDER.sub(lambda m: _value(m, values), value)
    if isinstance(value, dict):
        return {k: fill(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, values) for v in value]
    return value


@dataclass
class Replay:
    """What a replay did, in the shape the agent's state needs.

    Attributes:
        skill: The skill whose macro ran.
        done: Steps replayed successfully.
        total: Steps in the macro.
        handover: Why the agent took over before the end (``None`` if every step validated).
        messages: The replayed calls and results (AI + tool messages) and a note for the agent.
        trail: The action records of the replayed calls.
        focus: The focus one-liners.
        current_url: Where the page is now.
    """

    skill: str
    done: int = 0
    total: int = 0
    handover: str | None = None
    messages: list[BaseMessage] = field(default_factory=list)
    trail: list[dict[str, Any]] = field(default_factory=list)
    focus: list[str] = field(default_factory=list)
    current_url: str | None = None

    @property
    def complete(self) -> bool:
        return self.handover is None and self.done == self.total


def _same_place(actual: str | None, expected: str | None) -> bool:
    if expected is None:
        return True
    if actual is None:
        return False
    return actual.split("#")[0].rstrip("/") == expected.split("#")[0].rstrip("/")


async def replay(
    skill: str,
    macro: Macro,
    values: Mapping[str, str],
    toolbox: ToolBox,
    *,
    probe: PageProbe | None = None,
    approve: str = "ask",
    critical_patterns: Sequence[str] = (),
) -> Replay:
    """Run a macro's steps until one fails validation or needs approval (never raises)."""
    out = Replay(skill=skill, total=len(macro.steps))
    for index, step in enumerate(macro.steps, start=1):
        args = fill(step.args, values)
        if step.tool not in toolbox.tools:
            out.handover = f"step {index}: the tool {step.tool!r} is not available"
            break
        verdict = critical.check(
            step.tool,
            args,
            read_only=toolbox.read_only.get(step.tool, False),
            patterns=critical_patterns,
            password_typed=critical.password_pending(out.trail),
        )
        if verdict is not None and approve != "always":
            out.handover = f"step {index} needs approval ({verdict.reason})"
            break
        # Judged again at replay time on what the step resolves to: a macro never asks a person.
        gate = critical.RunGate(approve if approve in ("always", "deny", "never") else "ask")  # type: ignore[arg-type]
        with using_gate(gate):
            text, _ = await toolbox.run(step.tool, args)
        if gate.held is not None:
            out.handover = f"step {index} needs approval ({gate.held.reason})"
            break
        error = classify_error(text, step.tool)
        url = out.current_url
        if step.tool == "research_navigate" and error is None:
            loc = page_location(text)
            url = loc[1] if loc else url
        elif error is None and moved_to(text):
            url = moved_to(text)
        page = None
        if probe is not None:
            try:
                page = await probe()
            except Exception:  # a page that cannot be read is a failed validation below
                page = None
        if page is not None and page.url:
            url = page.url
        out.current_url = url
        call_id = f"macro-{uuid.uuid4().hex[:12]}"
        line = focus_tracker.describe_action(step.tool, args, text, error is None)
        out.focus = focus_tracker.push(out.focus, line)
        out.messages.append(
            AIMessage(
                content="",
                tool_calls=[{"name": step.tool, "args": args, "id": call_id, "type": "tool_call"}],
                response_metadata={MACRO_KEY: skill},
            )
        )
        out.messages.append(
            ToolMessage(
                content=fence(step.tool, text),
                name=step.tool,
                tool_call_id=call_id,
                status="success" if error is None else "error",
            )
        )
        out.trail.append(
            {
                "step": 0,
                "tool": step.tool,
                "args": dict(args),
                "ok": error is None,
                "error_type": error,
                "url": url,
                "fingerprint": page.fingerprint if page else None,
                "line": line,
                "call_id": call_id,
            }
        )
        if error is not None:
            out.handover = f"step {index} ({step.tool}) failed: {text.strip().splitlines()[0][:200]}"
            break
        expected = fill(step.expect_path, values) if step.expect_path else None
        if not _same_place(url, expected):
            out.handover = f"step {index} ({step.tool}) ended on {url}, not on {expected}"
            break
        out.done = index
    if out.messages:
        note = (
            f"The first {out.done} of {out.total} steps were replayed from the skill {skill!r} "
            "(recorded in an earlier run); their results are above. Do not repeat them: continue from here."
        )
        if out.handover:
            note += f" The replay stopped: {out.handover}."
        out.messages.append(HumanMessage(content=note, name="skill"))
    return out
