"""What a skill is: instructions for the agent, trigger keywords, and an optional macro.

Plain dataclasses that round-trip through dicts (SQLite rows, YAML files, MCP resources).
"""

from __future__ import annotations

import re
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from waypost.errors import SkillError

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{1,63}$")

INITIAL_CONFIDENCE = 0.3
"""Confidence of a skill that reflection has just proposed."""
RETIRE_BELOW = 0.2
"""A skill whose confidence falls under this retires (no longer matched)."""
REPLAY_FROM = 0.25
"""A macro replays only while its skill's confidence is at least this."""
RETIRE_AFTER_FAILED_CHECKS = 2
"""A learned skill retires after this many runs whose answer failed the answer check."""


@dataclass
class MacroStep:
    """One recorded tool call of a macro.

    Attributes:
        tool: The tool's name.
        args: Its arguments; ``{name}`` placeholders are filled from the macro's parameters.
        expect_path: The page path (and query) the step should end on, with ``{origin}`` for the
            start page's origin; ``None`` when the step is not expected to move the page.
    """

    tool: str
    args: dict[str, Any]
    expect_path: str | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MacroStep:
        if not isinstance(data, dict) or not isinstance(data.get("tool"), str):
            raise SkillError("A macro step needs a 'tool' name.")
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise SkillError(f"The arguments of macro step {data['tool']!r} must be a mapping.")
        expect = data.get("expect_path")
        return cls(tool=data["tool"], args=dict(args), expect_path=str(expect) if expect else None)


@dataclass
class Macro:
    """A recorded, parameterised sequence of tool calls.

    Attributes:
        task_template: The task it was recorded for, with ``{p0}``, ``{p1}``... where the task's
            own values were (it matches a new task when only those values differ).
        params: Parameter names used by the steps (``origin`` is the start page's origin).
        steps: The calls, oldest first.
    """

    task_template: str
    params: list[str]
    steps: list[MacroStep]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Macro:
        if not isinstance(data, dict):
            raise SkillError("A macro must be a mapping with task_template, params and steps.")
        steps = data.get("steps") or []
        if not isinstance(steps, list):
            raise SkillError("A macro's steps must be a list.")
        return cls(
            task_template=str(data.get("task_template") or ""),
            params=[str(p) for p in data.get("params") or []],
            steps=[MacroStep.from_dict(s) for s in steps],
        )


@dataclass
class Skill:
    """A reusable piece of know-how.

    Attributes:
        name: Unique slug, e.g. ``cookie-banners``.
        description: One line: what it is for.
        keywords: Trigger words (any language) that match a task quickly.
        instructions: What the agent reads in its system prompt when the skill matches.
        macro: A recorded tool sequence that can replay without a model, if any.
        confidence: In [0, 1]; successes raise it, failures lower it.
        uses: Runs it was used in.
        successes: Of those, the successful ones.
        source: ``predefined``, ``learned`` or ``imported``.
        retired: True once its confidence fell under the floor (or a person retired it).
        created: Unix time it was made.
        updated: Unix time it last changed.
        last_used: Unix time it was last used, if ever.
        failed_checks: Runs that used it and whose answer failed the answer check.
        notes: Why those runs failed (the latest few), newest last.
        retired_reason: Why it retired, when it did.
    """

    name: str
    description: str
    keywords: list[str] = field(default_factory=list)
    instructions: str = ""
    macro: Macro | None = None
    confidence: float = INITIAL_CONFIDENCE
    uses: int = 0
    successes: int = 0
    source: str = "learned"
    retired: bool = False
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    last_used: float | None = None
    failed_checks: int = 0
    notes: list[str] = field(default_factory=list)
    retired_reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON/YAML-friendly data (``macro`` is ``None`` or a mapping)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Skill:
        """A skill from a mapping (a YAML entry, a row); bad input raises :class:`SkillError`."""
        if not isinstance(data, dict):
            raise SkillError("A skill must be a mapping with at least a name and a description.")
        name = str(data.get("name") or "").strip()
        if not NAME_RE.match(name):
            raise SkillError(f"Bad skill name {name!r}: use 2-64 lowercase letters, digits, '-' or '_'.")
        keywords = data.get("keywords") or []
        if not isinstance(keywords, list):
            raise SkillError(f"Skill {name!r}: keywords must be a list.")
        try:
            confidence = float(data.get("confidence", INITIAL_CONFIDENCE))
        except (TypeError, ValueError):
            raise SkillError(f"Skill {name!r}: confidence must be a number.") from None
        if not 0.0 <= confidence <= 1.0:
            raise SkillError(f"Skill {name!r}: confidence must be between 0 and 1.")
        macro = data.get("macro")
        now = time.time()
        return cls(
            name=name,
            description=str(data.get("description") or "").strip(),
            keywords=[str(k).strip().lower() for k in keywords if str(k).strip()],
            instructions=str(data.get("instructions") or "").strip(),
            macro=Macro.from_dict(macro) if macro else None,
            confidence=confidence,
            uses=int(data.get("uses") or 0),
            successes=int(data.get("successes") or 0),
            source=str(data.get("source") or "imported"),
            retired=bool(data.get("retired", False)),
            created=float(data.get("created") or now),
            updated=float(data.get("updated") or now),
            last_used=float(data["last_used"]) if data.get("last_used") else None,
            failed_checks=int(data.get("failed_checks") or 0),
            notes=[str(n) for n in data.get("notes") or []][-5:],
            retired_reason=str(data.get("retired_reason") or ""),
        )
