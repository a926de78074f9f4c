"""The quality gate: nothing generated is registered before it passes every check here.

1. **Static checks** on the source's syntax tree: it parses; it defines ``run(page, ...)`` and
   ``test(page)`` and nothing but imports, functions and constants at module level; imports only
   from an allowlist (``re``, ``json``, ``math``, ``time``, ``datetime``, ``string``,
   ``itertools``, ``functools``, ``collections``); no ``exec``/``eval``/``compile``/``__import__``,
   no ``open`` or other file access, no ``getattr``-style dynamic attributes, no dunder names or
   attributes (also not as strings), no private attributes, no ``os``/``sys``/``subprocess``/
   ``socket``...; no classes, no ``async``, no ``global`` state; a size limit.
2. **Sandbox test**: its own ``test(page)`` runs in :mod:`waypost.skills.sandbox` (a separate
   process confined by the operating system: namespaces, seccomp, resource limits, page proxy)
   against its fixture page, in a fresh browser page.

The static checks are a first filter, not the boundary: a denylist of names cannot foresee every
way Python reaches an attribute. What holds against a candidate that slips past them is the
sandbox's confinement, which nothing inside the tool's process can lift. Where that confinement is
not available, nothing is registered.
"""

from __future__ import annotations

import ast
import asyncio
import string
from dataclasses import dataclass, field
from typing import Any

from waypost.skills.sandbox import confinement, run_sandboxed

ALLOWED_IMPORTS = frozenset(
    {"re", "json", "math", "time", "datetime", "string", "itertools", "functools", "collections"}
)
FORBIDDEN_NAMES = frozenset(
    {
        "exec",
        "eval",
        "compile",
        "__import__",
        "open",
        "input",
        "breakpoint",
        "globals",
        "locals",
        "vars",
        "dir",
        "getattr",
        "setattr",
        "delattr",
        "hasattr",
        "memoryview",
        "bytearray",
        "type",
        "object",
        "super",
        "help",
        "exit",
        "quit",
        "os",
        "sys",
        "subprocess",
        "socket",
        "shutil",
        "pathlib",
        "importlib",
        "ctypes",
        "builtins",
        "urllib",
        "http",
        "requests",
        "asyncio",
        "threading",
        "multiprocessing",
        "signal",
        "resource",
        "pickle",
        "marshal",
        "Path",
    }
)
FORBIDDEN_ATTRIBUTES = frozenset(
    {
        "system",
        "popen",
        "spawn",
        "fork",
        "exec",
        "evaluate",
        "eval",
        "goto",
        "route",
        "request",
        "context",
        "browser",
        "add_init_script",
        "expose_function",
        "set_content",
        "write",
        "write_text",
        "write_bytes",
        "read_text",
        "read_bytes",
        "unlink",
        "remove",
        "rmtree",
        "connect",
        "urlopen",
        "mro",
        "gi_frame",
        "f_globals",
        "f_back",
        "tb_frame",
        "tb_next",
        "f_locals",
        "f_builtins",
        "f_code",
        "gi_code",
        "gi_yieldfrom",
        "cr_frame",
        "cr_await",
        "ag_frame",
        "co_consts",
        "get_field",
        "get_value",
        "vformat",
        "format_field",
        "convert_field",
        "format_map",
        "attrgetter",
        "methodcaller",
        "getattr_static",
        "Formatter",
    }
)
FORBIDDEN_NAMES = FORBIDDEN_NAMES | {
    "Formatter",
    "attrgetter",
    "methodcaller",
    "gc",
    "inspect",
    "operator",
    "codecs",
    "encodings",
    "weakref",
    "types",
    "traceback",
}
PLAIN_CODECS = frozenset({"utf-8", "utf8", "ascii", "latin-1", "latin1", "iso-8859-1"})
MAX_SOURCE = 20000
MAX_NODES = 4000
MAX_DEPTH = 60
"""Deepest syntax tree accepted: compiling a deeper one can exhaust the compiler's recursion."""


@dataclass
class GateResult:
    """The gate's verdict on a candidate.

    Attributes:
        accepted: Passed every check.
        stage: ``static`` or ``sandbox`` (where it was decided).
        reasons: Why it was rejected (empty when accepted).
        report: Details (sandbox value, page operations, log).
    """

    accepted: bool
    stage: str
    reasons: list[str] = field(default_factory=list)
    report: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


def _is_dunder(text: str) -> bool:
    return "__" in text


def static_check(source: str) -> list[str]:
    """Why ``source`` may not run (an empty list when it may)."""
    if not isinstance(source, str) or not source.strip():
        return ["empty source"]
    if len(source) > MAX_SOURCE:
        return [f"source longer than {MAX_SOURCE} characters"]
    if "\x00" in source:
        return ["source contains NUL bytes"]
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return [f"syntax error: {exc.msg} (line {exc.lineno})"]
    except (RecursionError, MemoryError):
        return ["nested too deeply to be parsed"]
    except ValueError as exc:
        return [f"cannot be parsed: {exc}"]
    reasons: list[str] = []
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        return [f"more than {MAX_NODES} syntax nodes"]
    if depth(tree) > MAX_DEPTH:
        return [f"syntax tree deeper than {MAX_DEPTH} levels"]
    functions: dict[str, ast.FunctionDef] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef):
            functions[stmt.name] = stmt
        elif isinstance(stmt, ast.Import | ast.ImportFrom):
            continue
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # a docstring
        elif isinstance(stmt, ast.Assign | ast.AnnAssign) and _constant(stmt.value):
            continue
        else:
            reasons.append(f"line {stmt.lineno}: only imports, functions and constants at module level")
    for needed in ("run", "test"):
        fn = functions.get(needed)
        if fn is None:
            reasons.append(f"no {needed}(page, ...) function")
        elif not fn.args.args or fn.args.args[0].arg != "page":
            reasons.append(f"{needed}() must take page as its first argument")
    for node in nodes:
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in ALLOWED_IMPORTS:
                    reasons.append(f"{where}: import of {alias.name!r} is not allowed")
        elif isinstance(node, ast.ImportFrom):
            if node.level or (node.module or "").split(".")[0] not in ALLOWED_IMPORTS:
                reasons.append(f"{where}: import from {node.module!r} is not allowed")
            elif any(a.name == "*" or _is_dunder(a.name) for a in node.names):
                reasons.append(f"{where}: star or dunder imports are not allowed")
        elif isinstance(node, ast.Name):
            if node.id in FORBIDDEN_NAMES:
                reasons.append(f"{where}: {node.id!r} is not allowed")
            elif _is_dunder(node.id):
                reasons.append(f"{where}: dunder name {node.id!r} is not allowed")
        elif isinstance(node, ast.Attribute):
            if _is_dunder(node.attr) or node.attr.startswith("_"):
                reasons.append(f"{where}: private or dunder attribute {node.attr!r} is not allowed")
            elif node.attr in FORBIDDEN_ATTRIBUTES:
                reasons.append(f"{where}: attribute {node.attr!r} is not allowed")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            if _is_dunder(text):
                reasons.append(f"{where}: strings naming dunders are not allowed")
        elif isinstance(node, ast.ClassDef | ast.AsyncFunctionDef | ast.AsyncWith | ast.AsyncFor | ast.Await):
            reasons.append(f"{where}: {type(node).__name__} is not allowed")
        elif isinstance(node, ast.Global | ast.Nonlocal):
            reasons.append(f"{where}: global or nonlocal state is not allowed")
        elif isinstance(node, ast.FunctionDef) and node.decorator_list:
            reasons.append(f"{where}: decorators are not allowed")
        elif isinstance(node, ast.keyword) and node.arg and _is_dunder(node.arg):
            reasons.append(f"{where}: dunder keyword arguments are not allowed")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            problem = _call_problem(node.func, node.args)
            if problem:
                reasons.append(f"{where}: {problem}")
    return list(dict.fromkeys(reasons))


def depth(tree: ast.AST) -> int:
    """How deep the syntax tree is (counted without recursion, so any tree can be measured)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _call_problem(func: ast.Attribute, args: list[ast.expr]) -> str | None:
    """``str.format`` with fields that reach attributes, or text decoded with an unusual codec."""
    if func.attr == "format":
        if not isinstance(func.value, ast.Constant) or not isinstance(func.value.value, str):
            return "format() is only allowed on a literal format string"
        try:
            fields = [f for _, f, _, _ in string.Formatter().parse(func.value.value) if f]
        except ValueError:
            return "malformed format string"
        if any("." in f or "[" in f for f in fields):
            return "format fields may not reach attributes or items"
    if func.attr in ("encode", "decode") and args:
        codec = args[0]
        if not (isinstance(codec, ast.Constant) and str(codec.value).lower() in PLAIN_CODECS):
            return f"{func.attr}() only with utf-8, ascii or latin-1"
    return None


def _constant(node: ast.AST | None) -> bool:
    if node is None:
        return True
    return all(
        isinstance(
            n, ast.Constant | ast.Tuple | ast.List | ast.Dict | ast.Set | ast.Load | ast.UnaryOp | ast.USub
        )
        for n in ast.walk(node)
    )


async def check(
    source: str, fixture_html: str, browser_page_factory: Any, *, time_limit: float = 15.0
) -> GateResult:
    """Run both stages on a candidate.

    Args:
        source: The candidate's Python source.
        fixture_html: The page its test runs against.
        browser_page_factory: An async context manager factory yielding a fresh Playwright page.
        time_limit: Seconds the sandboxed test may take.
    """
    reasons = static_check(source)
    if reasons:
        return GateResult(False, "static", reasons)
    if not isinstance(fixture_html, str) or not fixture_html.strip():
        return GateResult(False, "static", ["no fixture page for the test"])
    available, why, _ = await asyncio.to_thread(confinement)
    if not available:
        return GateResult(False, "sandbox", [f"not registered: {why}"])
    async with browser_page_factory() as page:
        await page.set_content(fixture_html)
        outcome = await run_sandboxed(source, page, entry="test", time_limit=time_limit)
    report = {
        "value": outcome.value,
        "ops": len(outcome.ops),
        "log": outcome.log[-500:],
        "confinement": outcome.mechanisms,
    }
    if not outcome.passed:
        return GateResult(False, "sandbox", [f"test failed: {outcome.error}"], report)
    return GateResult(True, "sandbox", [], report)
