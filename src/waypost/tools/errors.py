"""Model-facing error text, in one place: how a failed tool call reads to a model.

Every failure a model sees is one line that starts with ``Error:`` and says what happened and
what to do next (the message of a :class:`~waypost.errors.WaypostError` is written that way).
The agent's tool runner, the tools themselves and the adapters all word failures through these
templates, so a model (and the error classifier that reads the text back) sees one shape.
"""

from __future__ import annotations

ERROR_PREFIX = "Error: "
"""Every model-facing failure starts with this."""
NO_SUCH_TOOL = "Error: there is no tool {name!r}."
TIMEOUT = "Error: {name} took longer than {seconds:.0f} s and was stopped (timeout)."
BAD_ARGUMENTS = "Error: bad arguments for {name}: {problem}."
TOOL_FAILED = "Error: {name} failed: {first_line}"


def error_text(exc: BaseException) -> str:
    """How a tool reports a failure to a model: one line that says what to do next."""
    return f"{ERROR_PREFIX}{exc}"


def failed_text(message: str) -> str:
    """A failure the tool describes itself (no exception)."""
    return f"{ERROR_PREFIX}{message}"


def no_such_tool(name: str) -> str:
    return NO_SUCH_TOOL.format(name=name)


def timeout_text(name: str, seconds: float) -> str:
    return TIMEOUT.format(name=name, seconds=seconds)


def bad_arguments(name: str, problem: str) -> str:
    return BAD_ARGUMENTS.format(name=name, problem=problem)


def tool_failed(name: str, exc: BaseException) -> str:
    """An unexpected exception inside a tool: its first line (or its type), never a traceback."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return TOOL_FAILED.format(name=name, first_line=first)
