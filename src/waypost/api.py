"""The public Python API: one object, :class:`Waypost`, created and closed as a context manager.

async with Waypost() as wp:
    view = await wp.navigate("https://example.org/", hint="contact")
    print(view.text)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from waypost.approval import ApprovalGate
from waypost.archive import Archive
from waypost.browser.pool import SessionInfo, SessionPool
from waypost.browser.session_ids import DEFAULT_SESSION, validate_session_id
from waypost.config import Settings
from waypost.errors import BrowserUnavailable, ConfigError
from waypost.page.tokens import count_tokens
from waypost.retrieval import Actor, ActReport
from waypost.skills import SkillLibrary
from waypost.tools.navigate import NavigationResult, Navigator
from waypost.tools.registry import ToolFunction, ToolSpec, default_tools

if TYPE_CHECKING:
    from waypost.agent.runner import RunResult

T = TypeVar("T")


class Sessions:
    """``wp.sessions``: list and clear browser sessions."""

    def __init__(self, wp: Waypost) -> None:
        self._wp = wp

    def status(self) -> list[SessionInfo]:
        """Every known session, live or saved on disk."""
        return self._wp.pool.status()

    async def clear(self, session_id: str) -> bool:
        """Close a session and delete its cookies and storage. Returns whether anything was there."""
        validate_session_id(session_id)
        self._wp.navigator.forget(session_id)
        return await self._wp.pool.close_session(session_id, forget=True)

    async def save(self) -> None:
        """Write every live session's cookies and storage to disk now."""
        await self._wp.pool.save_all()


class Waypost:
    """Waypost's entry point: a browser session pool and the tools on top of it.

    Args:
        settings: Settings; fields not given come from ``WAYPOST_*`` variables, then defaults.
        **overrides: Individual settings, e.g. ``Waypost(data_dir="/tmp/wp", headless=False)``.
    """

    def __init__(self, settings: Settings | None = None, **overrides: Any) -> None:
        if settings is not None and overrides:
            settings = settings.model_copy(update=overrides)
        self.settings = settings or Settings(**overrides)
        self.archive = Archive.in_data_dir(self.settings.data_dir, self.settings.archive)
        self.pool = SessionPool(self.settings, on_context=self.archive.attach)
        self.approval = ApprovalGate(self.settings.approve)
        """Decides critical actions outside agent runs; set ``wp.approval.approver`` to be asked."""
        self.navigator = Navigator(self.pool, archive=self.archive, approval=self.approval)
        self.sessions = Sessions(self)
        self.actor: Actor | None = None
        self.skills = SkillLibrary.for_waypost(self)

    async def __aenter__(self) -> Waypost:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Launch (or attach to) the browser and open the stores under the data dir.

        Raises:
            ConfigError: The data dir cannot be created or is not a folder.
        """
        data_dir = self.settings.data_dir
        try:
            data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise ConfigError(
                f"The data dir {data_dir} cannot be used ({exc.strerror}): "
                "point --data-dir or WAYPOST_DATA_DIR at a folder you can write."
            ) from None
        self.actor = Actor.for_data_dir(self.settings.data_dir, self.settings.retrieval)
        self.actor.approval = self.approval
        self.skills.open()
        await self.archive.open()
        await self.pool.start()
        # Load the tokenizer now, so the first page view is not the one that pays for it.
        await asyncio.to_thread(count_tokens, "warm up")

    async def close(self) -> None:
        """Save every session and close the browser (an attached browser stays open)."""
        try:
            if self.archive.capturing:
                # Read the bodies still pending while their pages are alive.
                await self.archive.flush()
            await self.pool.close()
        finally:
            if self.actor is not None:
                self.actor.close()
            self.skills.close()
            await self.archive.close()  # drains what was captured

    async def navigate(
        self,
        target: str,
        *,
        hint: str | None = None,
        session_id: str = DEFAULT_SESSION,
        reload: bool = False,
        show_forms: bool = False,
        show_feeds: bool = False,
        show_pagination: bool = False,
    ) -> NavigationResult:
        """Open a page and return its view; see :meth:`Navigator.navigate`."""
        return await self.navigator.navigate(
            target,
            hint,
            session_id,
            reload=reload,
            show_forms=show_forms,
            show_feeds=show_feeds,
            show_pagination=show_pagination,
        )

    async def act(self, instruction: str, *, session_id: str = DEFAULT_SESSION) -> ActReport:
        """Carry out a plain-words instruction on a session's page, e.g. 'click the login button'.

        Several steps ('type Bob into the name field and click Submit') run in order; the first
        step that is not done stops the rest. Nothing is retried.
        """
        validate_session_id(session_id)
        async with self.pool.session(session_id) as session:
            return await self._require_actor().act(session.page, instruction)

    async def run(self, task: str, **kwargs: Any) -> RunResult:
        """Carry out a web task with the agent; see :func:`waypost.agent.runner.run_task`.

        Without ``model`` the offline planner runs it; ``model="gpt-4o-mini"`` (with
        ``base_url``/``api_key`` for Ollama, LM Studio, vLLM...) or ``model="local:PATH"`` use a model.
        """
        from waypost.agent.runner import run_task

        return await run_task(self, task, **kwargs)

    def stream(self, task: str, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
        """Run a task and yield its events (node, tool_start, tool_end, content, interrupt, done)."""
        from waypost.agent.runner import stream_task

        return stream_task(self, task, **kwargs)

    async def resume(self, thread_id: str, **kwargs: Any) -> RunResult:
        """Continue a checkpointed run, e.g. after an approval question."""
        from waypost.agent.runner import resume_task

        return await resume_task(self, thread_id, **kwargs)

    def subagents(self, vfs: Any = None, **options: Any) -> Any:
        """A :class:`~waypost.subagents.SubAgentManager` over ``vfs`` (a new VirtualFS if ``None``).

        Use it as ``async with wp.subagents() as agents: await agents.spawn(task, "name")``.
        """
        from waypost.subagents import SubAgentManager
        from waypost.vfs import VirtualFS

        return SubAgentManager(self, vfs if vfs is not None else VirtualFS(), **options)

    def _require_actor(self) -> Actor:
        if self.actor is None:
            raise BrowserUnavailable("Waypost is not started: use 'async with Waypost() as wp'.")
        return self.actor

    def tool_specs(self) -> list[ToolSpec]:
        """The model-facing tools (generated tools that passed the quality gate included)."""
        return default_tools() + self.skills.tool_specs()

    def tools(self) -> dict[str, ToolFunction]:
        """The model-facing tools bound to this instance, by name."""
        return {spec.name: spec.bind(self) for spec in self.tool_specs()}


class SyncWaypost:
    """A blocking wrapper around :class:`Waypost` for scripts and notebooks.

    It runs an event loop in a background thread; every method blocks until done::

        with SyncWaypost(data_dir="/tmp/wp") as wp:
            print(wp.navigate("https://example.org/").text)
    """

    def __init__(self, settings: Settings | None = None, **overrides: Any) -> None:
        self._wp = Waypost(settings, **overrides)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="waypost-sync", daemon=True)

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def __enter__(self) -> SyncWaypost:
        self._thread.start()
        self._run(self._wp.start())
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._thread.is_alive():
            self._run(self._wp.close())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)

    def navigate(self, target: str, **kwargs: Any) -> NavigationResult:
        """See :meth:`Waypost.navigate`."""
        return self._run(self._wp.navigate(target, **kwargs))

    def act(self, instruction: str, **kwargs: Any) -> ActReport:
        """See :meth:`Waypost.act`."""
        return self._run(self._wp.act(instruction, **kwargs))

    @property
    def sessions(self) -> list[SessionInfo]:
        return self._wp.sessions.status()
