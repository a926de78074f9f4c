"""``SubAgentManager``: isolated agent runs in parallel, writing only under ``/sub/<task_id>/``.

Each sub-agent is a full engine run (started through its owner's :class:`SubAgentHost`) with its own
working history (an in-memory checkpoint), its own browser session (a separate Playwright
context in the same pool, so cookies never mix) whose id ``~sub:<random>:<task_id>`` lies in
Waypost's internal namespace: no user session can have it, no other manager or run shares it,
and its cookies stay in memory (nothing is saved or deleted in the data dir), its own tool slots, and a
:class:`~waypost.vfs.restricted.RestrictedVFS` of the owner's file system. At most
``max_parallel`` run at once. A sub-agent cannot start sub-agents, and nobody answers its
questions: an approval request is answered "no" and noted in its result.

When a sub-agent ends, however it ends (answer, failure, time limit, cancellation), its
browser context is closed and its in-memory session state forgotten, and ``/sub/<task_id>/result.md``
holds its answer and actions (written by the manager if the agent did not write it).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import re
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from waypost.agent.runner import RunResult
from waypost.errors import SessionBusy, SpawnRefused, SubAgentError
from waypost.vfs import paths
from waypost.vfs.errors import VfsError
from waypost.vfs.restricted import RestrictedVFS

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from waypost.vfs.filesystem import VirtualFS

log = logging.getLogger(__name__)

SUB_ROOT = "/sub"
RESULT_FILE = "result.md"
MERGED_FILE = "/sub/merged.md"
DEFAULT_PARALLEL = 3
_TASK_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class SubAgentHost(Protocol):
    """What a manager needs of its owner: run a sub-agent, and end a sub-agent's browser session.

    :class:`waypost.api.Waypost` is one; a test can pass a small fake.
    """

    async def run_subagent(self, task: str, **options: Any) -> RunResult:
        """Run one sub-agent to its end (the arguments of ``Waypost.run``, ``vfs`` included)."""
        ...

    def open_internal_session(self, kind: str, name: str) -> str:
        """A new browser session id in Waypost's internal namespace (``~sub:<random>:<name>``).

        No user id can take it, and it is unique per call, so no two managers share one.
        """
        ...

    async def end_session(self, session_id: str) -> None:
        """Close a browser session and forget it (its state and navigation history).

        Raises:
            SessionBusy: An operation in the session is still running.
        """
        ...


class Status(enum.StrEnum):
    """Where a sub-agent is in its life."""

    QUEUED = "queued"  # waiting for a free slot
    RUNNING = "running"
    DONE = "done"  # the run ended (its RunResult says whether the task was done)
    FAILED = "failed"  # the run raised an error
    CANCELLED = "cancelled"
    TIMEOUT = "timeout"  # its time limit ran out

    @property
    def finished(self) -> bool:
        return self not in (Status.QUEUED, Status.RUNNING)


@dataclass
class SubAgent:
    """One sub-agent and what became of it.

    Attributes:
        task_id: Its name; it writes under ``/sub/<task_id>/``.
        task: What it was asked to do.
        start_url: Its start page, if any.
        session_id: Its browser session (``~sub:<random>:<task_id>``, internal and in memory only).
        thread_id: Its run's thread id.
        status: Queued, running, done, failed, cancelled or timeout.
        result: The run's result once it ended by itself.
        error: Why it failed, if it did.
        refused: Approval requests it made (each answered "no").
        started: When it began running (``time.time()``).
        ended: When it ended.
    """

    task_id: str
    task: str
    start_url: str | None
    session_id: str
    thread_id: str
    status: Status = Status.QUEUED
    result: RunResult | None = None
    error: str | None = None
    refused: list[dict[str, Any]] = field(default_factory=list)
    started: float | None = None
    ended: float | None = None
    handle: asyncio.Task[None] | None = field(default=None, repr=False)
    stop_as: Status | None = field(default=None, repr=False)

    @property
    def folder(self) -> str:
        return f"{SUB_ROOT}/{self.task_id}"

    @property
    def result_path(self) -> str:
        return f"{self.folder}/{RESULT_FILE}"

    def line(self) -> str:
        """One line for a model: id, status, and the answer's start."""
        text = f"{self.task_id}: {self.status.value}"
        if self.result is not None:
            ok = "task done" if self.result.success else f"not done ({self.result.stop_reason})"
            text += f", {ok}: {self.result.answer[:160]}"
        elif self.error:
            text += f": {self.error}"
        return text


def result_markdown(agent: SubAgent) -> str:
    """What ``result.md`` says when the manager writes it: status, answer, actions, refusals."""
    lines = [f"# Sub-agent {agent.task_id}", "", f"Task: {agent.task}", f"Status: {agent.status.value}"]
    r = agent.result
    if r is not None:
        lines += [
            f"Task done: {'yes' if r.success else 'no'} ({r.stop_reason})",
            f"Steps: {r.steps}",
            "",
            "## Answer",
            "",
            r.answer or "(no answer)",
            "",
            "## Actions",
            "",
        ]
        lines += [f"- {a.get('line') or a.get('tool')}" for a in r.actions] or ["- (none)"]
    if agent.error:
        lines += ["", "## Error", "", agent.error]
    if agent.refused:
        lines += ["", "## Approvals refused (a sub-agent cannot ask anyone)", ""]
        lines += [f"- {p.get('tool', '?')}: {p.get('reason', '')}" for p in agent.refused]
    return "\n".join(lines) + "\n"


class SubAgentManager:
    """Starts, watches, stops and merges sub-agents of one owner (a run, or your own code).

    Usage::

        fs = VirtualFS()
        async with wp.subagents(fs) as agents:   # or SubAgentManager(wp, fs)
            a = await agents.spawn("open the politics section and give me the first headline",
                                   "politics", start_url=site)
            b = await agents.spawn("Finde die Rubrik Sport und nenne die Top-Schlagzeile", "sport",
                                   start_url=site)
            await agents.wait_for([a.task_id, b.task_id], timeout=120)
            print(agents.merge())

    Args:
        host: Runs the sub-agents and ends their browser sessions (a started ``Waypost``).
        vfs: The owner's file system; sub-agents read all of it and write under ``/sub/<id>/``.
        model: The sub-agents' model: a chat model instance (shared), a name for
            :func:`~waypost.models.factory.make_model` (``None``: the offline planner), or a
            function ``(task_id, task) -> chat model``.
        base_url: The endpoint, when ``model`` is a name.
        api_key: Its key.
        max_parallel: Sub-agents running at once (the rest queue).
        max_steps: Each sub-agent's step budget.
        time_limit: Seconds each sub-agent may run; then it is stopped (status ``timeout``).
        run_options: More arguments for each run (e.g. ``config``, ``critical_patterns``).

    Raises:
        SpawnRefused: ``vfs`` is a restricted view (the owner is itself a sub-agent).
    """

    def __init__(
        self,
        host: SubAgentHost,
        vfs: VirtualFS,
        *,
        model: str | BaseChatModel | Any | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        max_parallel: int = DEFAULT_PARALLEL,
        max_steps: int = 20,
        time_limit: float = 300.0,
        run_options: dict[str, Any] | None = None,
    ) -> None:
        if isinstance(vfs, RestrictedVFS) or getattr(vfs, "restricted", False):
            raise SpawnRefused(
                "A sub-agent cannot start sub-agents (depth is limited to 1): do the work yourself."
            )
        if max_parallel < 1:
            raise SubAgentError("max_parallel must be at least 1.")
        self.host = host
        self.vfs = vfs
        self.model = model
        self.base_url = base_url
        self.api_key = api_key
        self.max_steps = max_steps
        self.time_limit = time_limit
        self.run_options = dict(run_options or {})
        self.max_parallel = max_parallel
        self._slots = asyncio.Semaphore(max_parallel)
        self._agents: dict[str, SubAgent] = {}
        self._closed = False

    async def __aenter__(self) -> SubAgentManager:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- starting --------------------------------------------------------------------------------

    def _task_id(self, output_dir: str | None) -> str:
        if output_dir is None or not str(output_dir).strip():
            n = len(self._agents) + 1
            while f"t{n}" in self._agents or self.vfs.exists(f"{SUB_ROOT}/t{n}"):
                n += 1
            return f"t{n}"
        name = str(output_dir).strip().rstrip("/")
        if name.startswith(SUB_ROOT + "/"):
            name = name[len(SUB_ROOT) + 1 :]
        if not _TASK_ID.match(name):
            raise SubAgentError(
                f"output_dir {output_dir!r} is not usable: give a short name of letters, digits, "
                "'-' or '_' (e.g. 'politics'); the sub-agent then writes under /sub/politics/."
            )
        if name in self._agents or self.vfs.files(f"{SUB_ROOT}/{name}"):
            raise SubAgentError(f"A sub-agent named {name!r} exists already; choose another output_dir.")
        return name

    async def spawn(
        self,
        task: str,
        output_dir: str | None = None,
        *,
        start_url: str | None = None,
        wait: bool = False,
        time_limit: float | None = None,
    ) -> SubAgent:
        """Start a sub-agent on ``task``; it writes under ``/sub/<output_dir>/``.

        Args:
            task: What it should do, in words.
            output_dir: Its name and folder (``politics`` or ``/sub/politics``); default ``t<n>``.
            start_url: Its start page.
            wait: Return only once it has ended.
            time_limit: Seconds it may run (default: the manager's).

        Raises:
            SubAgentError: The manager is closed, the task is empty, or the name is taken or bad.
        """
        if self._closed:
            raise SubAgentError("The sub-agent manager is closed; start a new one.")
        if not isinstance(task, str) or not task.strip():
            raise SubAgentError("A sub-agent needs a task: say in words what it should do.")
        task_id = self._task_id(output_dir)
        agent = SubAgent(
            task_id=task_id,
            task=task.strip(),
            start_url=start_url,
            session_id=self.host.open_internal_session("sub", task_id),
            thread_id=f"sub-{task_id}-{uuid.uuid4().hex[:10]}",
        )
        self.vfs.mkdir(agent.folder)
        self._agents[task_id] = agent
        limit = self.time_limit if time_limit is None else time_limit
        agent.handle = asyncio.create_task(self._run(agent, limit), name=f"waypost-sub-{task_id}")
        if wait:
            await self.wait_for([task_id])
        return agent

    # -- running ---------------------------------------------------------------------------------

    def _model_for(self, agent: SubAgent) -> Any:
        if callable(self.model) and not hasattr(self.model, "ainvoke"):
            return self.model(agent.task_id, agent.task)
        return self.model

    async def _run(self, agent: SubAgent, limit: float) -> None:
        def refuse(payload: dict[str, Any]) -> str:
            agent.refused.append(dict(payload))
            return "no"

        try:
            async with self._slots:
                agent.status = Status.RUNNING
                agent.started = time.time()
                async with asyncio.timeout(limit):
                    agent.result = await self.host.run_subagent(
                        agent.task,
                        start_url=agent.start_url,
                        model=self._model_for(agent),
                        base_url=self.base_url,
                        api_key=self.api_key,
                        max_steps=self.max_steps,
                        approve="ask",
                        approver=refuse,
                        thread_id=agent.thread_id,
                        checkpoint_path=":memory:",
                        session_id=agent.session_id,
                        vfs=RestrictedVFS(self.vfs, agent.folder),
                        **self.run_options,
                    )
                agent.status = Status.DONE
        except TimeoutError:
            agent.status = Status.TIMEOUT
            agent.error = f"stopped after its time limit of {limit:g} s"
        except asyncio.CancelledError:
            agent.status = agent.stop_as or Status.CANCELLED
            agent.error = agent.error or "cancelled"
        except Exception as exc:  # a failing sub-agent must not take its owner down
            agent.status = Status.FAILED
            agent.error = f"{type(exc).__name__}: {exc}"
        finally:
            agent.ended = time.time()
            await self._close_browser(agent)
            self._write_result(agent)

    def _write_result(self, agent: SubAgent) -> None:
        """Write result.md unless the agent wrote its own."""
        if not self.vfs.exists(agent.result_path):
            with contextlib.suppress(VfsError):
                self.vfs.write(agent.result_path, result_markdown(agent))

    async def _close_browser(self, agent: SubAgent) -> None:
        """Close the sub-agent's context and delete its saved state (a few tries if busy)."""
        for _ in range(50):
            try:
                await self.host.end_session(agent.session_id)
                return
            except SessionBusy:  # its last operation is still unwinding
                await asyncio.sleep(0.1)
            except Exception as exc:  # a closed pool, a crashed browser: nothing left to close
                log.warning("could not close the browser session of sub-agent %s: %s", agent.task_id, exc)
                return
        log.warning("the browser session of sub-agent %s stayed busy and was left open", agent.task_id)

    # -- watching and stopping -------------------------------------------------------------------

    def get(self, task_id: str) -> SubAgent:
        """The sub-agent of that name.

        Raises:
            SubAgentError: There is none.
        """
        agent = self._agents.get(task_id)
        if agent is None:
            known = ", ".join(self._agents) or "none"
            raise SubAgentError(f"There is no sub-agent {task_id!r} (known: {known}).")
        return agent

    @property
    def agents(self) -> list[SubAgent]:
        """Every sub-agent, in the order they were started."""
        return list(self._agents.values())

    async def wait_for(
        self,
        ids: Iterable[str] | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 (the issue's signature; asyncio.wait enforces it)
        *,
        stop_late: bool = True,
    ) -> list[SubAgent]:
        """Wait until the sub-agents end, at most ``timeout`` seconds.

        Args:
            ids: Which (default: all).
            timeout: Seconds to wait (``None``: as long as it takes).
            stop_late: Stop the ones still running when the time is up (status ``timeout``,
                browser context closed); otherwise they go on.
        """
        chosen = [self.get(i) for i in (ids if ids is not None else list(self._agents))]
        pending = [a.handle for a in chosen if a.handle is not None and not a.handle.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)
        if stop_late:
            late = [a for a in chosen if not a.status.finished]
            for a in late:
                a.error = f"still running after wait_for's {timeout:g} s" if timeout is not None else None
            await self._stop(late, Status.TIMEOUT)
        return chosen

    async def cancel(self, task_id: str) -> SubAgent:
        """Stop a sub-agent now: its browser context is closed and its state deleted."""
        agent = self.get(task_id)
        await self._stop([agent], Status.CANCELLED)
        return agent

    async def _stop(self, agents: Sequence[SubAgent], status: Status) -> None:
        for a in agents:
            a.stop_as = status
            if a.handle is not None and not a.handle.done():
                a.handle.cancel()
        for a in agents:
            if a.handle is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await a.handle
            if not a.status.finished:  # cancelled before it ever ran: nothing cleaned up yet
                a.status = status
                a.ended = time.time()
                await self._close_browser(a)
                self._write_result(a)

    async def close(self) -> None:
        """Stop every sub-agent still queued or running (nothing is left in the browser)."""
        self._closed = True
        await self._stop([a for a in self._agents.values() if not a.status.finished], Status.CANCELLED)

    # -- results ---------------------------------------------------------------------------------

    def merge(self, ids: Iterable[str] | None = None, *, path: str | None = MERGED_FILE) -> str:
        """The ``result.md`` files of the sub-agents, one after another (and saved at ``path``)."""
        chosen = [self.get(i) for i in (ids if ids is not None else list(self._agents))]
        parts = []
        for a in chosen:
            body = (
                self.vfs.read_text(a.result_path)
                if self.vfs.exists(a.result_path)
                else f"# Sub-agent {a.task_id}\n\nStatus: {a.status.value} (no result yet)\n"
            )
            parts.append(body.rstrip() + "\n")
        merged = "\n---\n\n".join(parts) if parts else "No sub-agents were started.\n"
        if path:
            self.vfs.write(paths.normalize(path), merged)
        return merged
