"""The loop detector: notices an agent going in circles and says what to do instead.

Three patterns, checked on the tool calls of the current task:

* **repeat**: the same tool with the same arguments 3 times running;
* **ping-pong**: two calls alternating, A → B → A → B;
* **unchanged**: the page fingerprint unchanged over 5 steps running.

The first finding gets a short note naming what repeated and 2–3 concrete alternatives from the
current view (the ``For <label>: <url>`` lines of the latest research_navigate result); the
second one goes to the strategy adapter; past the budget the run stops and says honestly why.
Pure functions on plain data: no browser, no graph.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from waypost.agent.outcomes import view_links

Kind = Literal["repeat", "pingpong", "unchanged"]
Decision = Literal["note", "strategy", "stop"]

REPEAT = 3
PINGPONG = 4
UNCHANGED = 5
BUDGET = 3
"""Findings per task: the first gets a note, the second a change of strategy, the third stops."""
# How many calls after an intervention a finding needs before it counts again: repeating the
# same call right after the note means the note was ignored; an unchanged page gets two steps.
_GRACE: dict[str, int] = {"repeat": 1, "pingpong": 2, "unchanged": 3}
# Calls that never change the page and are not worth a loop warning when repeated with new args.
_PASSIVE = {"think", "list_tools", "load_tools", "final_answer"}


@dataclass(frozen=True)
class Call:
    """One tool call as the detector sees it.

    Attributes:
        tool: The tool's name.
        args: Its arguments.
        fingerprint: The page fingerprint after the call (``None`` if unknown).
    """

    tool: str
    args: Mapping[str, Any]
    fingerprint: str | None = None

    @property
    def key(self) -> str:
        args = {k: v for k, v in self.args.items() if k != "session_id" and v is not None}
        return self.tool + json.dumps(args, sort_keys=True, ensure_ascii=False, default=str)

    def show(self) -> str:
        """``research_navigate(target='/politik/')``."""
        args = [f"{k}={v!r}" for k, v in self.args.items() if k != "session_id" and v is not None]
        text = f"{self.tool}({', '.join(args)})"
        return text if len(text) <= 90 else text[:89] + "…)"


@dataclass(frozen=True)
class LoopFinding:
    """A loop the detector found.

    Attributes:
        kind: ``repeat``, ``pingpong`` or ``unchanged``.
        what: What repeated, in words for the model.
        calls: The calls that make up the loop (their keys are avoided in the alternatives).
    """

    kind: Kind
    what: str
    calls: tuple[Call, ...]


def detect(calls: Sequence[Call], since: int = 0) -> LoopFinding | None:
    """The loop the latest calls form, if any.

    Args:
        calls: The task's tool calls, oldest first.
        since: Index of the first call after the latest intervention: a finding needs enough
            new evidence after it (so one loop is not reported at every step).
    """
    n = len(calls)
    new = n - since

    def fresh(kind: str) -> bool:
        return new >= _GRACE[kind]

    if n >= REPEAT and fresh("repeat"):
        last = calls[-REPEAT:]
        if len({c.key for c in last}) == 1:
            return LoopFinding("repeat", f"you called {last[0].show()} {REPEAT} times in a row", tuple(last))
    if n >= PINGPONG and fresh("pingpong"):
        a, b, c, d = calls[-PINGPONG:]
        if a.key == c.key and b.key == d.key and a.key != b.key and not {a.tool, b.tool} <= _PASSIVE:
            return LoopFinding(
                "pingpong",
                f"you keep switching between {a.show()} and {b.show()}",
                (a, b, c, d),
            )
    if n >= UNCHANGED and fresh("unchanged"):
        last = calls[-UNCHANGED:]
        prints = {c.fingerprint for c in last}
        if len(prints) == 1 and None not in prints:
            return LoopFinding(
                "unchanged",
                f"the page has not changed for {UNCHANGED} steps ({', '.join(c.tool for c in last)})",
                tuple(last),
            )
    return None


def decide(interventions: int, budget: int = BUDGET) -> Decision:
    """What to do about a finding, given how many findings this task had (this one included)."""
    if interventions >= budget:
        return "stop"
    return "note" if interventions <= 1 else "strategy"


def _norm(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path.rstrip("/") or "/") + (f"?{parts.query}" if parts.query else "")


def alternatives(
    view_text: str | Iterable[Sequence[str]],
    finding: LoopFinding | None = None,
    visited: Iterable[str] = (),
    current: str | None = None,
    n: int = 3,
) -> list[tuple[str, str]]:
    """Up to ``n`` links of the current view to try instead, as ``(label, url)``.

    Args:
        view_text: The latest research_navigate result, or its ``[label, url]`` pairs.
        finding: The loop; URLs it kept requesting are left out.
        visited: URLs already opened in this task; unvisited links come first.
        current: The current page's URL; left out.
        n: How many.
    """
    links = view_links(view_text) if isinstance(view_text, str) else [list(x) for x in view_text]
    calls = finding.calls if finding else ()
    avoid = {_norm(str(c.args["target"])) for c in calls if c.args.get("target")}
    if current:
        avoid.add(_norm(current))
    seen = {_norm(v) for v in visited}
    fresh: list[tuple[str, str]] = []
    old: list[tuple[str, str]] = []
    for label, url in links:
        key = _norm(url)
        if key in avoid or any(key == _norm(u) for _, u in fresh + old):
            continue
        (old if key in seen else fresh).append((label, url))
    return (fresh + old)[:n]


def intervention_note(finding: LoopFinding, options: Sequence[tuple[str, str]]) -> str:
    """The short note the model gets: what repeated, and 2–3 concrete things to do instead."""
    lines = [f"Loop warning: {finding.what}, and it did not get you closer. Do something different:"]
    steps = [f"research_navigate with target {url!r} ({label})" for label, url in options[:2]]
    if len(steps) < 2:
        steps.append("research_navigate with target 'back'")
    if len(steps) < 2:
        steps.append("observe the page, then act on a listed selector")
    steps.append("if the information is not there, call final_answer and say honestly what you found")
    lines += [f"{i}. {s}" for i, s in enumerate(steps, 1)]
    return "\n".join(lines)


def give_up_text(finding_what: str | None, actions: Sequence[str], current_url: str | None) -> str:
    """The honest final answer when the loop budget is spent."""
    why = f"I kept going in circles ({finding_what})" if finding_what else "I kept going in circles"
    text = f"I could not finish the task: {why}, even after changing strategy, so I stopped."
    if current_url:
        text += f" Last page: {current_url}."
    if actions:
        text += " What I did: " + "; ".join(actions[-5:]) + "."
    return text
