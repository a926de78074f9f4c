"""The skill library in a run: :class:`SkillsExtension`, before a run starts and after it ends.

Before: matching skills go into the system prompt, and a fitting macro is replayed through the
run's toolbox. After: the library learns from the result (reflection, failure patterns, a
proposed skill from a success). Neither ever raises: a problem with skills is logged and the run
goes on as if there were none.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from waypost.agent.context import AgentContext
from waypost.agent.extensions import RunExtension, RunStart
from waypost.agent.prompts import START_PREFIX
from waypost.skills.library import Learning, Prepared, SkillLibrary

log = logging.getLogger(__name__)
NOT_FINISHED = frozenset({"awaiting_approval", "paused"})


class SkillsExtension(RunExtension):
    """Skills for one run.

    Args:
        library: The skill library (opened by its owner).
    """

    def __init__(self, library: SkillLibrary) -> None:
        self.library = library
        self.prepared: Prepared | None = None

    async def before_run(self, ctx: AgentContext, start: RunStart) -> None:
        """Match skills (into ``ctx.system_extra``) and replay a fitting macro through ``ctx.toolbox``."""
        try:
            prepared = await self.library.prepare(
                start.task,
                start_url=start.start_url,
                toolbox=ctx.toolbox,
                probe=ctx.probe,
                approve=start.approve,
                critical_patterns=start.critical_patterns,
            )
        except Exception as exc:  # skills are an aid: a broken store must not stop the run
            log.warning("skills could not be prepared: %s", exc)
            return
        if prepared.extra:
            ctx.system_extra = "\n\n".join(x for x in (ctx.system_extra, prepared.extra) if x)
        self.prepared = prepared

    def start_values(self, ctx: AgentContext) -> Mapping[str, Any]:
        """The matched skills' rules, and the steps a macro replayed (as messages)."""
        if self.prepared is None:
            return {}
        return {**self.prepared.state_update(), "messages": list(self.prepared.messages)}

    async def after_run(self, ctx: AgentContext, result: Any, *, resumed: bool) -> None:
        if not resumed:
            await learn_from(self.library, self.prepared, result, ctx.model)
            return
        # The skills matched when the run started are not known any more, so only reflection,
        # failure patterns and a proposal from a success happen here.
        found = task_of(result)
        if found is not None:
            await learn_from(self.library, Prepared(task=found[0], start_url=found[1]), result, ctx.model)


async def learn_from(
    library: SkillLibrary, prepared: Prepared | None, result: Any, model: Any = None
) -> Learning | None:
    """Learn from a finished run (nothing for a run that waits for approval or is paused)."""
    if prepared is None or result.stop_reason in NOT_FINISHED:
        return None
    masked = getattr(result, "task", "")
    if masked and masked != prepared.task:  # a password typed in the run is masked in its task
        prepared = dataclasses.replace(prepared, task=masked)
    try:
        return await library.learn(prepared, result, model)
    except Exception as exc:
        log.warning("learning from the run failed: %s", exc)
        return None


def task_of(result: Any) -> tuple[str, str | None] | None:
    """The task and start page of a run, from its transcript's task message."""
    for entry in getattr(result, "transcript", None) or []:
        if entry.get("role") == "task":
            task, sep, start = str(entry.get("content") or "").partition("\n" + START_PREFIX)
            return task.strip(), (start.strip() or None) if sep else None
    return None
