"""Repairing malformed model output: tool calls with wrong names, broken JSON, calls written as text.

Small models often get the form wrong while the intent is clear: ``Research_Navigate``,
arguments as a JSON string with single quotes, a JSON object in the reply text instead of a
tool call, ``final_answer("...")`` written out. :func:`repair` turns what it can into valid
calls and says what is still wrong; the agent node then retries once with a short correction.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage

MAX_CALLS = 5
"""Tool calls carried out per model turn at most."""
_ANSWER_ALIASES = ("answer", "text", "result", "content", "response", "final_answer", "message", "output")
_NAME_KEYS = ("name", "tool", "function", "tool_name", "action")
_ARGS_KEYS = ("arguments", "args", "parameters", "input", "params", "action_input")
_FENCE = re.compile(r"```(?:json|python|tool_code|tool_call)?\s*(.*?)```", re.S)
_CALL_TEXT = re.compile(r"\b([A-Za-z_][\w.]*)\s*\((.*)\)\s*$", re.S)

Validator = Callable[[str, Mapping[str, Any]], str | None]


@dataclass
class Repaired:
    """The outcome of :func:`repair`.

    Attributes:
        calls: Valid tool calls (``name``, ``args``, ``id``).
        text: The reply's text.
        problem: What is still wrong (``None`` if the calls are usable).
        fixes: What was repaired, for the transcript.
        load: Tools called that exist but are not loaded (the caller may load them).
    """

    calls: list[dict[str, Any]] = field(default_factory=list)
    text: str = ""
    problem: str | None = None
    fixes: list[str] = field(default_factory=list)
    load: list[str] = field(default_factory=list)


def _text(message: AIMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    parts = [p.get("text", "") if isinstance(p, dict) else str(p) for p in content]
    return "".join(parts)


def parse_args(raw: Any) -> dict[str, Any] | None:
    """Arguments from a dict or a JSON-ish string (single quotes, trailing commas, code fences)."""
    if raw is None or raw == "":
        return {}
    if isinstance(raw, Mapping):
        return dict(raw)
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    fenced = _FENCE.search(text)
    if fenced:
        text = fenced.group(1).strip()
    for attempt in (text, re.sub(r",\s*([}\]])", r"\1", text)):
        try:
            value = json.loads(attempt)
        except (ValueError, TypeError):
            try:
                value = ast.literal_eval(attempt)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                continue
        if isinstance(value, Mapping):
            return dict(value)
        if isinstance(value, str):
            return parse_args(value) if value != text else None
    return None


def _json_objects(text: str) -> list[dict[str, Any]]:
    """Top-level ``{...}`` objects in free text (fenced blocks first)."""
    sources = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    found: list[dict[str, Any]] = []
    for src in sources:
        depth, start = 0, -1
        for i, ch in enumerate(src):
            if ch == "{":
                if depth == 0:
                    start = i
                depth += 1
            elif ch == "}" and depth:
                depth -= 1
                if depth == 0 and start >= 0:
                    obj = parse_args(src[start : i + 1])
                    if obj is not None and obj not in found:
                        found.append(obj)
        if found:
            break
    return found


def _call_from_text(text: str, names: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """A call written out as text: a JSON object naming a tool, or ``tool(arg=...)``."""
    for obj in _json_objects(text):
        name = next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str)), None)
        if name:
            args = next((obj[k] for k in _ARGS_KEYS if k in obj), None)
            parsed = (
                parse_args(args)
                if args is not None
                else {k: v for k, v in obj.items() if k not in _NAME_KEYS}
            )
            if parsed is not None:
                return name, parsed
        if "answer" in obj and isinstance(obj["answer"], str):
            return "final_answer", {"answer": obj["answer"]}
    for line in reversed([ln.strip() for ln in text.strip().splitlines() if ln.strip()][-3:]):
        m = _CALL_TEXT.search(line)
        if not m or _resolve(m.group(1), names) is None:
            continue
        try:
            node = ast.parse(f"f({m.group(2)})", mode="eval").body
        except SyntaxError:
            continue
        if not isinstance(node, ast.Call):
            continue
        try:
            args = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}
            positional = [ast.literal_eval(a) for a in node.args]
        except (ValueError, SyntaxError):
            continue
        if positional:
            args["__positional__"] = positional
        return m.group(1), args
    return None


def _resolve(name: str, names: Sequence[str]) -> str | None:
    if name in names:
        return name
    clean = name.strip().split(".")[-1].strip("`'\" ").lower().replace("-", "_").replace(" ", "_")
    by_lower = {n.lower(): n for n in names}
    if clean in by_lower:
        return by_lower[clean]
    close = difflib.get_close_matches(clean, list(by_lower), n=1, cutoff=0.8)
    return by_lower[close[0]] if close else None


def _fit_args(
    name: str, args: dict[str, Any], required: Sequence[str], validate: Validator
) -> tuple[dict[str, Any], str | None, list[str]]:
    fixes: list[str] = []
    positional = args.pop("__positional__", None)
    if positional and required:
        for key, value in zip(required, positional, strict=False):
            args.setdefault(key, value)
        fixes.append(f"{name}: positional arguments named")
    problem = validate(name, args)
    if problem is None:
        return args, None, fixes
    if name == "final_answer" and "answer" not in args:
        alias = next((k for k in _ANSWER_ALIASES if isinstance(args.get(k), str)), None)
        if alias is None and len(args) == 1:
            alias = next(iter(args))
        if alias is not None:
            args = {"answer": str(args[alias])}
            fixes.append(f"final_answer: {alias!r} taken as the answer")
    missing = [r for r in required if r not in args]
    unknown = [k for k in args if k not in required]
    if len(missing) == 1 and len(unknown) == 1:
        args[missing[0]] = args.pop(unknown[0])
        fixes.append(f"{name}: {unknown[0]!r} taken as {missing[0]!r}")
    for key, value in list(args.items()):
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            trial = {**args, key: value.strip().lower() == "true"}
            if validate(name, trial) is None and validate(name, args) is not None:
                args = trial
    return args, validate(name, args), fixes


def repair(
    message: AIMessage,
    active: Sequence[str],
    *,
    loadable: Sequence[str] = (),
    required: Mapping[str, Sequence[str]] | None = None,
    validate: Validator,
) -> Repaired:
    """Turn a model reply into valid tool calls where the intent is clear.

    Args:
        message: The model's reply.
        active: Tool names bound right now.
        loadable: Tools that exist but are not loaded (called ones are reported in ``load``).
        required: Tool name → its required argument names, in order.
        validate: ``(name, args) -> problem or None``.
    """
    required = required or {}
    names = list(dict.fromkeys([*active, *loadable]))
    out = Repaired(text=_text(message))
    raw: list[tuple[str, Any, str | None]] = [
        (c.get("name") or "", c.get("args"), c.get("id")) for c in message.tool_calls
    ]
    for bad in getattr(message, "invalid_tool_calls", None) or []:
        raw.append((bad.get("name") or "", bad.get("args"), bad.get("id")))
        out.fixes.append(f"unparsable call {bad.get('name')!r} re-read")
    if not raw and out.text.strip():
        found = _call_from_text(out.text, names)
        if found is not None:
            raw.append((found[0], found[1], None))
            out.fixes.append(f"call to {found[0]!r} read from the reply text")
    if not raw:
        out.problem = "it contained no tool call"
        return out
    problems: list[str] = []
    for name, args, call_id in raw[:MAX_CALLS]:
        resolved = _resolve(name, names) if name else None
        if resolved is None:
            problems.append(f"there is no tool {name!r}" if name else "a tool call had no name")
            continue
        if resolved != name:
            out.fixes.append(f"tool name {name!r} read as {resolved!r}")
        parsed = parse_args(args)
        if parsed is None:
            problems.append(f"the arguments of {resolved} are not a JSON object")
            continue
        parsed, problem, fixes = _fit_args(resolved, parsed, list(required.get(resolved, ())), validate)
        out.fixes += fixes
        if problem:
            problems.append(problem)
            continue
        if resolved not in active and resolved not in out.load:
            out.load.append(resolved)
        out.calls.append({"name": resolved, "args": parsed, "id": call_id or f"call_{uuid.uuid4().hex[:12]}"})
    if len(raw) > MAX_CALLS:
        out.fixes.append(f"{len(raw) - MAX_CALLS} extra calls dropped")
    if problems and not out.calls:
        out.problem = "; ".join(problems)
    elif problems:
        out.fixes.append("dropped: " + "; ".join(problems))
    return out


def rebuild(message: AIMessage, fixed: Repaired) -> AIMessage:
    """The reply with its tool calls replaced by the repaired ones (id and metadata kept)."""
    return AIMessage(
        content=message.content,
        tool_calls=[
            {"name": c["name"], "args": c["args"], "id": c["id"], "type": "tool_call"} for c in fixed.calls
        ],
        id=message.id,
        usage_metadata=message.usage_metadata,
        response_metadata=message.response_metadata,
        name=message.name,
    )
