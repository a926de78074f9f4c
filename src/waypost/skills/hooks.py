"""The runner's two calls into the skill library: before a run starts and after it ends.

Both never raise: a problem with skills is logged and the run goes on as if there were none.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

from waypost.skills.library import Learning, Prepared

log = logging.getLogger(__name__)
NOT_FINISHED = frozenset({"awaiting_approval", "paused"})


async def before_run(
    wp: Any,
    ctx: Any,
    task: str,
    *,
    start_url: str | None,
    approve: str,
    critical_patterns: Sequence[str] = (),
) -> Prepared | None:
    """Match skills (into ``ctx.system_extra``) and replay a fitting macro through ``ctx.toolbox``."""
    library = getattr(wp, "skills", None) if wp is not None else None
    if library is None:
        return None
    try:
        prepared = await library.prepare(
            task,
            start_url=start_url,
            toolbox=ctx.toolbox,
            probe=ctx.probe,
            approve=approve,
            critical_patterns=critical_patterns,
        )
    except Exception as exc:  # skills are an aid: a broken store must not stop the run
        log.warning("skills could not be prepared: %s", exc)
        return None
    if prepared.extra:
        ctx.system_extra = "\n\n".join(x for x in (ctx.system_extra, prepared.extra) if x)
    return prepared


async def after_run(wp: Any, prepared: Prepared | None, result: Any, model: Any = None) -> Learning | None:
    """Learn from a finished run (nothing for a run that waits for approval or is paused)."""
    if prepared is None or result.stop_reason in NOT_FINISHED:
        return None
    masked = getattr(result, "task", "")
    if masked and masked != prepared.task:  # a password typed in the run is masked in its task
        prepared = dataclasses.replace(prepared, task=masked)
    try:
        return await wp.skills.learn(prepared, result, model)
    except Exception as exc:
        log.warning("learning from the run failed: %s", exc)
        return None


def task_of(result: Any) -> tuple[str, str | None] | None:
    """The task and start page of a run, from its transcript's task message."""
    from waypost.agent.prompts import START_PREFIX

    for entry in getattr(result, "transcript", None) or []:
        if entry.get("role") == "task":
            task, sep, start = str(entry.get("content") or "").partition("\n" + START_PREFIX)
            return task.strip(), (start.strip() or None) if sep else None
    return None


async def after_resume(wp: Any, result: Any, model: Any = None) -> Learning | None:
    """Learn from a run that ended after a resume (an approval answered, a pause lifted).

    The skills matched when the run started are not known any more, so only reflection, failure
    patterns and a proposal from a success happen here.
    """
    if wp is None or getattr(wp, "skills", None) is None:
        return None
    found = task_of(result)
    if found is None:
        return None
    return await after_run(wp, Prepared(task=found[0], start_url=found[1]), result, model)
