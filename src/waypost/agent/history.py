"""Working history (the current task's messages) and permanent history (finished tasks of a session).

* ``final_answer`` compresses the working history into a short stored summary, kept in the
  session's permanent history and shown to later tasks of the same thread.
* Switching to another tool category (say from navigating to acting) compresses partially:
  older results of the category left behind shrink to their first lines.
* Above a token threshold the memory manager condenses everything but the task and the
  recent turns into one summary message.

Pure functions on plain data (:class:`Turn`), so they are tested without a graph or a model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from waypost.agent.outcomes import page_location
from waypost.agent.prompts import fence, unfence

Role = Literal["system", "human", "ai", "tool"]
PERMANENT_LIMIT = 20
"""Finished tasks remembered per session."""
COMPRESSED_MARK = "[shortened:"


@dataclass(frozen=True)
class Turn:
    """One message, reduced to what history logic needs.

    Attributes:
        id: The message id (replacements keep it, so the messages reducer swaps them in place).
        role: ``system``, ``human``, ``ai`` or ``tool``.
        content: Its text.
        name: The message's name (a tool's name for tool results, ``task`` for the task).
        tool_calls: For AI turns: the names of the tools called.
    """

    id: str | None
    role: Role
    content: str
    name: str | None = None
    tool_calls: tuple[str, ...] = field(default=())


def _short(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def first_lines(text: str, n: int = 2, width: int = 200) -> str:
    """The first ``n`` non-empty lines of a text, each at most ``width`` characters."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return "\n".join(_short(line, width) for line in lines[:n])


def compress_task(
    task: str, actions: Sequence[str], answer: str | None, pages: Sequence[str] = ()
) -> dict[str, str]:
    """The stored summary of a finished task (what ``final_answer`` keeps of the working history).

    Args:
        task: The task.
        actions: The task's action one-liners (focus lines), oldest first.
        answer: The final answer.
        pages: Pages seen, as ``title (url)``.
    """
    parts = []
    if pages:
        parts.append("Pages: " + "; ".join(dict.fromkeys(pages)) + ".")
    if actions:
        shown = list(actions[-6:])
        more = len(actions) - len(shown)
        parts.append(("Did: " + (f"({more} earlier steps) " if more > 0 else "")) + "; ".join(shown) + ".")
    parts.append("Answer: " + (_short(answer, 300) if answer else "none") + ".")
    return {"task": _short(task, 200), "summary": _short(" ".join(parts), 700), "answer": answer or ""}


def remember(permanent: Sequence[Mapping[str, str]], entry: Mapping[str, str]) -> list[dict[str, str]]:
    """The permanent history with a finished task's summary added (the oldest dropped past the limit)."""
    kept = [dict(p) for p in permanent][-(PERMANENT_LIMIT - 1) :]
    return [*kept, dict(entry)]


def pages_seen(turns: Sequence[Turn]) -> list[str]:
    """``title (url)`` of every page view among the turns, in order, without repeats."""
    out: list[str] = []
    for t in turns:
        if t.role == "tool" and t.name == "research_navigate":
            loc = page_location(unfence(t.content))
            if loc:
                entry = f"{_short(loc[0], 60)} ({loc[1]})"
                if entry not in out:
                    out.append(entry)
    return out


def partial_compress(
    turns: Sequence[Turn], categories: Mapping[str, str], left: str, keep: int = 1
) -> dict[str, str]:
    """Shrink older tool results of the category the agent just left.

    Args:
        turns: The working history.
        categories: Tool name → category.
        left: The category switched away from.
        keep: How many of its latest results stay whole.

    Returns:
        Message id → new content for the results to shrink (already shrunk ones are skipped).
    """
    mine = [t for t in turns if t.role == "tool" and t.id and categories.get(t.name or "", "other") == left]
    out: dict[str, str] = {}
    for t in mine[: max(0, len(mine) - keep)]:
        text = unfence(t.content)
        if text.startswith(COMPRESSED_MARK) or len(text) < 240:
            continue
        out[t.id] = fence(t.name or "tool", f"{COMPRESSED_MARK} switched tools] {first_lines(text, 2)}")  # type: ignore[index]
    return out


def cut_point(turns: Sequence[Turn], keep_recent: int = 3) -> int:
    """Index where the recent part starts: the last ``keep_recent`` AI turns with their results.

    The cut is always at an AI turn, so a tool call is never separated from its results.
    Returns 0 when there is nothing old enough to condense.
    """
    ai_positions = [i for i, t in enumerate(turns) if t.role == "ai"]
    if len(ai_positions) <= keep_recent:
        return 0
    return ai_positions[-keep_recent]


def summarize(turns: Sequence[Turn], actions: Sequence[str] = ()) -> str:
    """A deterministic summary of condensed turns: the pages seen, the actions, the notes.

    Args:
        turns: The turns being condensed (the task excluded).
        actions: Action one-liners up to this point (the focus lines of the trail).
    """
    lines = ["Summary of earlier steps (older messages were condensed to save space):"]
    pages = pages_seen(turns)
    if pages:
        lines.append("Pages seen: " + "; ".join(pages[-8:]) + ".")
    if actions:
        lines.append("Actions so far:")
        lines += [f"- {a}" for a in actions[-12:]]
    found = [
        f"- {t.name}: {first_lines(unfence(t.content), 1, 160)}"
        for t in turns
        if t.role == "tool" and t.name in ("extract", "search_archive", "get_archived")
    ]
    if found:
        lines.append("What was read:")
        lines += found[-5:]
    notes = [
        f"- {_short(t.content, 200)}"
        for t in turns
        if t.role == "human" and t.name in ("intervention", "strategy", "correction", "user")
    ]
    if notes:
        lines.append("Notes given:")
        lines += notes[-3:]
    earlier = [t for t in turns if t.role == "human" and t.name == "summary"]
    if earlier:
        lines.append("Before that: " + _short(earlier[-1].content.split("\n", 1)[-1], 400))
    return "\n".join(lines)


def turn_of(message: Any) -> Turn:
    """A :class:`Turn` from a LangChain message."""
    kind = getattr(message, "type", "human")
    role: Role = {"human": "human", "ai": "ai", "tool": "tool", "system": "system"}.get(kind, "human")  # type: ignore[assignment]
    content = message.content if isinstance(message.content, str) else str(message.content)
    calls = tuple(c.get("name", "") for c in getattr(message, "tool_calls", None) or [])
    return Turn(getattr(message, "id", None), role, content, getattr(message, "name", None), calls)
