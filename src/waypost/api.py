"""The public Python API and the composition root: :class:`Waypost`, created and closed as a context manager.

async with Waypost() as wp:
    view = await wp.navigate("https://example.org/", hint="contact")
    print(view.text)

``Waypost`` builds every part (the session pool, the archive, the navigator, the actor, the skill
library) and hands each lower layer only what it uses: tools get a
:class:`~waypost.tools.runtime.ToolRuntime`, the engine gets a toolbox and a list of run
extensions. Which extensions a run gets (files, sub-agents, rag mode, skills) is decided here
and nowhere else: :func:`run_task`, :func:`stream_task`, :func:`stream_resume`,
:func:`resume_task` and :func:`get_result` wire them and call the engine
(:mod:`waypost.agent.runner`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import sqlite3
import tempfile
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from waypost.agent import runner as engine
from waypost.agent.extensions import RunExtension
from waypost.agent.personas import find_persona
from waypost.agent.prompts import PromptOptions
from waypost.agent.runner import CHECKPOINT_FILE, RunResult, make_probe
from waypost.agent.tools import ToolBox
from waypost.approval import ApprovalGate
from waypost.archive import Archive
from waypost.browser.downloads import Downloads
from waypost.browser.pool import Session, SessionInfo, SessionPool
from waypost.browser.recording import Recorder
from waypost.browser.session_ids import DEFAULT_SESSION, validate_session_id
from waypost.browser.tabs import TabList
from waypost.browser.uploads import UploadSources
from waypost.config import SecretStore, Settings
from waypost.errors import ConfigError
from waypost.files import unwritable_reason
from waypost.mcp_client import McpClients
from waypost.mcp_client import config as mcp_config
from waypost.models import make_model
from waypost.models.extraction import extract_with_model
from waypost.navigation import NavigationResult, Navigator, OnBlocked
from waypost.page.structured import Extraction, extract_offline, resolve_schema
from waypost.page.tokens import count_tokens
from waypost.planning.session import PlanningSession
from waypost.planning.telemetry import PlannerStore
from waypost.rag.extension import RagExtension
from waypost.retrieval import Actor, ActReport
from waypost.retrieval.memory import RetrievalStore
from waypost.skills import SkillLibrary
from waypost.skills.hooks import SkillsExtension
from waypost.skills.library import FILE_NAME as SKILLS_FILE
from waypost.subagents import SubAgentManager
from waypost.subagents.agent import SubAgentsExtension
from waypost.tools.asking import Asker, AskUser
from waypost.tools.catalog import default_tools
from waypost.tools.documents import Documents
from waypost.tools.extracting import live_html
from waypost.tools.registry import ToolFunction, ToolSpec
from waypost.tools.runtime import ToolRuntime
from waypost.vfs import VirtualFS
from waypost.vfs.agent import FilesExtension

T = TypeVar("T")
PERSONAS_FILE = "personas.yaml"
log = logging.getLogger(__name__)


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
        self._wp.downloads.forget(session_id)
        return await self._wp.pool.close_session(session_id, forget=True)

    async def save(self) -> None:
        """Write every live session's cookies and storage to disk now."""
        await self._wp.pool.save_all()


class Waypost:
    """Waypost's entry point: a browser session pool and the tools on top of it.

    Args:
        settings: Settings; fields not given come from ``WAYPOST_*`` variables, then defaults.
        mcp_servers: Other MCP servers whose tools the agent may use, besides the settings'
            (``settings.mcp``): ``mcpServers`` entries by name (``{"command": ..., "args": [...]}``
            or ``{"url": ...}``), or a list of command lines and URLs. Connected on start.
        ask_user: Answers the ``ask_user`` tool's questions (gets ``{"question", "choices"}``,
            returns the answer text; may be async): in runs that get no ``ask_user`` of their
            own, in ``wp.tools()`` and over MCP. Without it a run pauses with the question
            (``stop_reason="awaiting_answer"``; ``wp.resume(thread_id, answer=...)``), and
            elsewhere the tool says that no one is available.
        on_blocked: Gets a :class:`~waypost.navigation.navigator.Wall` (its Playwright ``page``)
            when a page is a CAPTCHA or bot wall: hand it to a person or a solver, return True
            once solved (the page is read again), else False (reported as blocked).
        **overrides: Individual settings, e.g. ``Waypost(data_dir="/tmp/wp", headless=False)``.

    Raises:
        ConfigError: An MCP server entry or config file is malformed.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        mcp_servers: Mapping[str, Any] | Sequence[Any] | None = None,
        ask_user: AskUser | None = None,
        on_blocked: OnBlocked | None = None,
        **overrides: Any,
    ) -> None:
        if settings is not None and overrides:
            settings = settings.model_copy(update=overrides)
        self.settings = settings or Settings(**overrides)
        self.archive = Archive.in_data_dir(self.settings.data_dir, self.settings.archive)
        self.pool = SessionPool(self.settings, on_context=self._on_context)
        self.recorder = Recorder(self.settings.trace, self.settings.screenshots)
        self.downloads = Downloads(
            self.settings.data_dir,
            max_bytes=self.settings.download_max_bytes,
            partial_dir=None if self.pool.attached else self.pool.partial_downloads,
        )
        self.documents = Documents(self.downloads, self.archive, token_budget=self.settings.view_token_budget)
        self.downloads.on_saved = self.documents.on_saved
        self.uploads = UploadSources(self.settings.upload_dirs)
        self.secrets = SecretStore(self.settings.secrets)
        """Values typed as ``<secret:NAME>``; the model, the stores and the logs see only the name."""
        self.archive.mask_secrets(self.secrets)
        self._log_filter = self.secrets.log_filter()
        self.approval = ApprovalGate(self.settings.approve)
        """Decides critical actions outside agent runs; set ``wp.approval.approver`` to be asked."""
        self.navigator = Navigator(
            self.pool,
            archive=self.archive,
            on_download=self._download_view,
            approval=self.approval,
            on_blocked=on_blocked,
        )
        servers = mcp_config.collect(
            [
                *mcp_config.collect(self.settings.mcp.servers, config_file=self.settings.mcp.config),
                *mcp_config.collect(mcp_servers),
            ]
        )
        self.mcp = McpClients(
            mcp_config.attach_browser(servers, self.settings.cdp_url),
            approval=self.approval,
            start_timeout=self.settings.mcp.start_timeout,
            call_timeout=self.settings.mcp.call_timeout,
        )
        """Other MCP servers (connected on start); their tools join :meth:`tool_specs`."""
        self.runtime = ToolRuntime(
            self.settings,
            self.pool,
            self.navigator,
            self.archive,
            downloads=self.downloads,
            documents=self.documents,
            uploads=self.uploads,
            recorder=self.recorder,
            secrets=self.secrets,
            asker=Asker(ask_user),
        )
        self.ask_user = ask_user
        self.add_secrets({})
        self.sessions = Sessions(self)
        self.skills = SkillLibrary.over_pool(self.settings.data_dir, self.pool)
        self.read_only: str | None = None  # why the data dir cannot be written, once started
        self._scratch: tempfile.TemporaryDirectory[str] | None = None

    def add_secrets(self, secrets: dict[str, Any]) -> None:
        """Add secrets (``{name: value | Secret | {"value": ..., "domains": [...]}}``) for what follows.

        Raises:
            ValueError: A bad name, or a value too short to be masked safely.
        """
        for name, value in secrets.items():
            self.secrets.add(name, value)
        for value in self.secrets.values():
            self.recorder.add_secret(value)

    @property
    def actor(self) -> Actor | None:
        """The element finder and actor (``None`` until started)."""
        return self.runtime.actor

    @actor.setter
    def actor(self, actor: Actor | None) -> None:
        self.runtime.actor = actor

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
        self.read_only = await asyncio.to_thread(unwritable_reason, data_dir)
        if self.read_only:
            log.warning(
                "The data dir %s cannot be written (%s): browsing goes on, but sessions, the archive, "
                "learned selectors, skills and run checkpoints are not saved.",
                data_dir,
                self.read_only,
            )
            self.pool.saving_failed = self.read_only  # said once here, not again by the pool
            self._use_scratch_archive()
        self.actor = self._open_actor()
        self.actor.approval = self.approval
        self.actor.secrets = self.secrets
        self._filter_logs(add=True)
        self.skills.open()
        await self.archive.open()
        await self.pool.start()
        # Load the tokenizer now, so the first page view is not the one that pays for it.
        await asyncio.to_thread(count_tokens, "warm up")
        await self.mcp.start()  # a server that fails is reported in one line, never raised

    async def _on_context(self, session: Session) -> None:
        """Each new browser context: archive its traffic, list its tabs, save its downloads, trace it."""
        self.archive.attach(session)
        TabList.attach(session, user_context=not session.owns_context)
        self.downloads.attach(session)
        await self.recorder.attach(session)

    async def _download_view(self, session_id: str, url: str, hint: str | None) -> NavigationResult | None:
        record = await self.documents.latest_for(session_id, url, self.settings.nav_timeout)
        if record is None:
            return None
        return NavigationResult(text=await self.documents.view(record, hint=hint, opened=True))

    def _use_scratch_archive(self) -> None:
        """Record this run's pages (and skills, if none exist yet) in a private temporary folder.

        The folder is deleted on close.
        """
        self._scratch = tempfile.TemporaryDirectory(prefix="waypost-archive-")
        self.archive = Archive.in_data_dir(self._scratch.name, self.settings.archive)
        self.pool.on_context = self.archive.attach
        self.navigator.archive = self.archive
        self.runtime.archive = self.archive
        self.archive.mask_secrets(self.secrets)
        if not (self.settings.data_dir / SKILLS_FILE).exists():  # the shipped skills, for this run only
            self.skills.data_dir = Path(self._scratch.name)

    def _open_actor(self) -> Actor:
        if not self.read_only:
            try:
                return Actor.for_data_dir(self.settings.data_dir, self.settings.retrieval)
            except (OSError, sqlite3.Error) as exc:
                log.warning("retrieval.db cannot be opened (%s): learned selectors are not kept.", exc)
        return Actor(self.settings.retrieval, store=RetrievalStore(None))

    async def close(self) -> None:
        """Save every session and close the browser (an attached browser stays open)."""
        try:
            with contextlib.suppress(Exception):
                await self.mcp.close()
            with contextlib.suppress(Exception):
                await self.recorder.stop()  # traces are written before their contexts close
            if self.archive.capturing:
                # Read the bodies still pending while their pages are alive.
                await self.archive.flush()
            await self.pool.close()
        finally:
            if self.actor is not None:
                self.actor.close()
            self.skills.close()
            await self.archive.close()  # drains what was captured
            if self._scratch is not None:
                self._scratch.cleanup()
                self._scratch = None
            self._filter_logs(add=False)

    def _filter_logs(self, *, add: bool) -> None:
        """Mask the secrets in every log line that the handlers configured now write."""
        handlers = [*logging.getLogger().handlers, *logging.getLogger("waypost").handlers]
        for handler in handlers:
            (handler.addFilter if add else handler.removeFilter)(self._log_filter)

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
        allow_blocked: bool | None = None,
    ) -> NavigationResult:
        """Open a page and return its view; see :meth:`Navigator.navigate`.

        ``allow_blocked=True`` shows a page taken for a CAPTCHA or bot wall as content (a wall
        detected by mistake); default: the ``allow_blocked`` setting.
        """
        return await self.navigator.navigate(
            target,
            hint,
            session_id,
            reload=reload,
            show_forms=show_forms,
            show_feeds=show_feeds,
            show_pagination=show_pagination,
            allow_blocked=allow_blocked,
        )

    async def act(self, instruction: str, *, session_id: str = DEFAULT_SESSION) -> ActReport:
        """Carry out a plain-words instruction on a session's page, e.g. 'click the login button'.

        Several steps ('type Bob into the name field and click Submit') run in order; the first
        step that is not done stops the rest. Nothing is retried.
        """
        async with self.pool.session(session_id) as session:  # checks the session id
            return await self.runtime.require_actor().act(session.page, instruction)

    async def extract(
        self,
        instruction: str,
        *,
        schema: Any,
        session_id: str = DEFAULT_SESSION,
        model: Any = None,
        base_url: str | None = None,
        api_key: str | None = None,
    ) -> Extraction:
        """Read data of a given shape from a session's current page.

        Without a model, from the page's tables, definition lists, forms and repeated cards
        (schema fields matched to column headers and labels); with ``model`` (a chat model or a
        name for :func:`~waypost.models.make_model`), constrained to the schema. Invalid output is
        repaired once, then reported: check ``result.valid`` and ``result.errors``.

        Args:
            instruction: What to read, e.g. 'the stocks with their price'.
            schema: A pydantic model class or a JSON Schema dict.
            session_id: The browser session whose page is read.
            model: ``None`` (offline), a chat model, or a model name.
            base_url: The OpenAI-compatible endpoint, when ``model`` is a name.
            api_key: Its key.

        Returns:
            An :class:`~waypost.page.structured.Extraction`: ``data`` (JSON), ``valid``,
            ``errors``, ``source``, and ``value`` (the model instance when a pydantic class was given).

        Raises:
            ValueError: ``schema`` is not a JSON Schema or a pydantic model class.
        """
        resolve_schema(schema)  # a bad schema is refused before the page is read
        async with self.pool.session(session_id) as session:  # checks the session id
            html, url = await live_html(session.page), session.page.url
        if model is None or model == "offline":
            result = await asyncio.to_thread(extract_offline, html, schema, instruction, url)
        else:
            chat = model if not isinstance(model, str) else make_model(model, base_url, api_key)
            result = await extract_with_model(chat, html, schema, instruction, url)
        if self.secrets:
            result.data = self.secrets.mask_data(result.data)
            result.errors = [self.secrets.mask(e) for e in result.errors]
        return result

    async def run(self, task: str, **kwargs: Any) -> RunResult:
        """Carry out a web task with the agent; see :func:`run_task`.

        Without ``model`` the offline planner runs it; ``model="gpt-4o-mini"`` (with
        ``base_url``/``api_key`` for Ollama, LM Studio, vLLM...) or ``model="local:PATH"`` use a model.
        """
        return await run_task(self, task, **kwargs)

    def stream(self, task: str, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
        """Run a task and yield its events (node, tool_start, tool_end, token, content, interrupt, done).

        ``token`` events carry the model's text as the endpoint streams it (``stream_tokens=False``
        turns them off).
        """
        kwargs.setdefault("stream_tokens", True)
        return stream_task(self, task, **kwargs)

    async def resume(self, thread_id: str, **kwargs: Any) -> RunResult:
        """Continue a checkpointed run, e.g. after an approval question."""
        return await resume_task(self, thread_id, **kwargs)

    def subagents(self, vfs: Any = None, **options: Any) -> SubAgentManager:
        """A :class:`~waypost.subagents.SubAgentManager` over ``vfs`` (a new VirtualFS if ``None``).

        Use it as ``async with wp.subagents() as agents: await agents.spawn(task, "name")``.
        """
        return SubAgentManager(self, vfs if vfs is not None else VirtualFS(), **options)

    async def run_subagent(self, task: str, **options: Any) -> RunResult:
        """Run one sub-agent (what a :class:`~waypost.subagents.SubAgentManager` asks its host)."""
        return await run_task(self, task, **options)

    def open_internal_session(self, kind: str, name: str) -> str:
        """A browser session id of Waypost's own (``~kind:<random>:name``), kept in memory only."""
        return self.pool.open_internal(kind, name)

    async def end_session(self, session_id: str) -> None:
        """Close a session and forget it: its navigation history, its cookies and storage."""
        self.navigator.forget(session_id)
        await self.pool.close_session(session_id, forget=True)

    @property
    def checkpoint_path(self) -> Path:
        """``<data_dir>/checkpoints.db``: where runs are checkpointed (in memory on a read-only data dir)."""
        if self.read_only:
            return Path(":memory:")  # the run works; it cannot be resumed later
        return Path(self.settings.data_dir) / CHECKPOINT_FILE

    def tool_specs(self) -> list[ToolSpec]:
        """The model-facing tools (generated tools that passed the quality gate included)."""
        return default_tools() + self.skills.tool_specs() + self.mcp.tool_specs()

    def tools(self) -> dict[str, ToolFunction]:
        """The model-facing tools bound to this instance, by name."""
        return {spec.name: spec.bind(self.runtime) for spec in self.tool_specs()}

    def toolbox(self, session_id: str = DEFAULT_SESSION) -> ToolBox:
        """The agent's toolbox over this instance's tools, acting in ``session_id``."""
        return ToolBox.from_specs(self.runtime, self.tool_specs(), session_id=session_id)

    def run_extensions(
        self,
        *,
        vfs: Any = None,
        planner_mode: str | None = None,
        model: Any = None,
        base_url: str | None = None,
        api_key: str | None = None,
    ) -> list[RunExtension]:
        """The plug-ins of one run, in the order they are equipped: files, sub-agents, rag mode, skills."""
        return _extensions(
            self, vfs=vfs, planner_mode=planner_mode, model=model, base_url=base_url, api_key=api_key
        )


class Blocking:
    """A blocking view of an async object (the archive, a sub-agent manager): each coroutine method
    runs on the :class:`SyncWaypost` loop and returns its result; everything else passes through.
    ``with`` works for objects that are async context managers."""

    def __init__(self, target: Any, run: Callable[[Coroutine[Any, Any, Any]], Any]) -> None:
        self._target = target
        self._run_on_loop = run

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if inspect.iscoroutinefunction(value):

            @functools.wraps(value)
            def blocking(*args: Any, **kwargs: Any) -> Any:
                return self._run_on_loop(value(*args, **kwargs))

            return blocking
        return value

    def __enter__(self) -> Blocking:
        self._run_on_loop(self._target.__aenter__())
        return self

    def __exit__(self, *exc: object) -> None:
        self._run_on_loop(self._target.__aexit__(*exc))

    def __repr__(self) -> str:
        return f"Blocking({self._target!r})"


class SyncWaypost:
    """A blocking wrapper around :class:`Waypost` for scripts and notebooks.

    It runs an event loop in a background thread; every method blocks until done::

        with SyncWaypost(data_dir="/tmp/wp") as wp:
            print(wp.navigate("https://example.org/").text)
            result = wp.run("Open the politics section and give me its top headline")
            for event in wp.stream("..."):
                print(event["type"])

    It covers the whole of :class:`Waypost`: ``navigate``, ``act``, ``extract``, ``run``, ``stream`` (an
    iterator), ``resume``, ``archive`` (``search``, ``get``, ``stats``, ``prune``, ``export_har``
    without ``await``), ``skills`` (the skill library, already blocking), ``tools()`` (blocking
    functions by name), ``tool_specs()``, ``subagents()`` (a blocking manager: ``with
    wp.subagents() as agents: agents.spawn(...)``), ``sessions`` and ``clear_session``.
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
        """Save every session and close the browser."""
        if self._thread.is_alive():
            self._run(self._wp.close())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)

    @property
    def settings(self) -> Settings:
        return self._wp.settings

    def navigate(self, target: str, **kwargs: Any) -> NavigationResult:
        """See :meth:`Waypost.navigate`."""
        return self._run(self._wp.navigate(target, **kwargs))

    def act(self, instruction: str, **kwargs: Any) -> ActReport:
        """See :meth:`Waypost.act`."""
        return self._run(self._wp.act(instruction, **kwargs))

    def extract(self, instruction: str, **kwargs: Any) -> Extraction:
        """See :meth:`Waypost.extract`."""
        return self._run(self._wp.extract(instruction, **kwargs))

    def run(self, task: str, **kwargs: Any) -> RunResult:
        """See :meth:`Waypost.run`."""
        return self._run(self._wp.run(task, **kwargs))

    def resume(self, thread_id: str, **kwargs: Any) -> RunResult:
        """See :meth:`Waypost.resume`."""
        return self._run(self._wp.resume(thread_id, **kwargs))

    def stream(self, task: str, **kwargs: Any) -> Iterator[dict[str, Any]]:
        """The events of :meth:`Waypost.stream`, as a plain iterator (each one as it happens)."""
        events = self._wp.stream(task, **kwargs)
        try:
            while True:
                try:
                    yield self._run(events.__anext__())
                except StopAsyncIteration:
                    return
        finally:
            self._run(events.aclose())  # type: ignore[attr-defined]

    @property
    def archive(self) -> Any:
        """The network archive with blocking methods (see :class:`~waypost.archive.Archive`)."""
        return Blocking(self._wp.archive, self._run)

    @property
    def skills(self) -> SkillLibrary:
        """The skill library (its methods block already)."""
        return self._wp.skills

    def tool_specs(self) -> list[ToolSpec]:
        """See :meth:`Waypost.tool_specs`."""
        return self._wp.tool_specs()

    def tools(self) -> dict[str, Callable[..., str]]:
        """The model-facing tools as blocking functions, by name."""
        return {name: Blocking(_Holder(fn), self._run).call for name, fn in self._wp.tools().items()}

    def subagents(self, vfs: Any = None, **options: Any) -> Any:
        """A blocking :class:`~waypost.subagents.SubAgentManager`; use it with ``with``."""
        return Blocking(self._wp.subagents(vfs, **options), self._run)

    @property
    def sessions(self) -> list[SessionInfo]:
        """Every known session, live or saved on disk."""
        return self._wp.sessions.status()

    def clear_session(self, session_id: str) -> bool:
        """Close a session and delete its cookies and storage."""
        return self._run(self._wp.sessions.clear(session_id))


class _Holder:
    """Gives a bare tool function an async method for :class:`Blocking` to wrap."""

    def __init__(self, fn: ToolFunction) -> None:
        self._fn = fn

    async def call(self, *args: Any, **kwargs: Any) -> str:
        return await self._fn(*args, **kwargs)


# -- runs: the composition root wires each run's tools and extensions, then calls the engine --------


def default_checkpoint_path(wp: Waypost | None) -> Path:
    """``<data_dir>/checkpoints.db`` of ``wp``'s settings (or of the default settings)."""
    if wp is not None:
        return wp.checkpoint_path
    return Path(Settings().data_dir) / CHECKPOINT_FILE


def _extensions(
    wp: Waypost | None,
    *,
    vfs: Any = None,
    planner_mode: str | None = None,
    model: Any = None,
    base_url: str | None = None,
    api_key: str | None = None,
    session_id: str = DEFAULT_SESSION,
) -> list[RunExtension]:
    files = FilesExtension(vfs)
    extensions: list[RunExtension] = [files]
    if wp is None:
        return extensions  # a run over given tools only: its notes, nothing else
    wp.uploads.register(session_id, files.fs)  # upload() takes files from the run's notes
    if not getattr(files.fs, "restricted", False):
        # A main agent gets sub-agents; a sub-agent (a restricted view) cannot start its own.
        manager = SubAgentManager(wp, files.fs, model=model, base_url=base_url, api_key=api_key)
        extensions.append(SubAgentsExtension(manager))
    if (planner_mode or wp.settings.planner_mode) == "rag":
        store = PlannerStore.for_data_dir(wp.settings.data_dir)
        planning = PlanningSession(wp.runtime.require_actor(), store=store)
        extensions.append(RagExtension(wp.runtime, planning))
    extensions.append(SkillsExtension(wp.skills))
    return extensions


def prompt_options(wp: Waypost, persona: str | None = None) -> PromptOptions:
    """How a run's system prompt adapts, from ``wp``'s settings (and a persona asked for by name)."""
    settings = wp.settings
    name = persona or settings.persona
    chosen = None
    if name:
        path = settings.personas_file or Path(settings.data_dir) / PERSONAS_FILE
        chosen = find_persona(name, path)
    return PromptOptions(
        persona=chosen.text if chosen else None,
        tools=chosen.tools if chosen else (),
        minimal_after=settings.minimal_prompt_after,
        minimal_repairs=settings.minimal_prompt_repairs,
        small_context=settings.minimal_prompt_context,
        secrets=tuple(wp.secrets.names),
    )


def _wire(wp: Waypost | None, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The engine's arguments for a run of ``wp`` (or over given tools when ``wp`` is ``None``)."""
    secrets = kwargs.pop("secrets", None)
    persona = kwargs.pop("persona", None)
    if wp is not None:
        if secrets:
            wp.add_secrets(dict(secrets))
        if kwargs.get("prompt") is None:
            kwargs["prompt"] = prompt_options(wp, persona)
        kwargs["secret_values"] = wp.secrets.values()
    elif secrets or persona:
        raise ValueError("secrets and persona need a Waypost instance.")
    vfs = kwargs.pop("vfs", None)
    planner_mode = kwargs.pop("planner_mode", None)
    session_id = kwargs.get("session_id", DEFAULT_SESSION)
    tools = kwargs.pop("tools", None)
    if wp is not None and kwargs.get("ask_user") is None:
        kwargs["ask_user"] = wp.ask_user
    if tools is None:
        if wp is None:
            raise ValueError("run_task needs a Waypost instance or an explicit list of tools.")
        kwargs["tools"] = wp.toolbox(session_id)
        if kwargs.get("probe") is None:
            kwargs["probe"] = make_probe(wp.pool, session_id)
    else:
        kwargs["tools"] = tools
    if not kwargs.get("checkpoint_path"):
        kwargs["checkpoint_path"] = default_checkpoint_path(wp)
    kwargs["extensions"] = _extensions(
        wp,
        vfs=vfs,
        planner_mode=planner_mode,
        model=kwargs.get("model"),
        base_url=kwargs.get("base_url"),
        api_key=kwargs.get("api_key"),
        session_id=session_id,
    )
    return kwargs


def _masked_task(wp: Waypost | None, task: str) -> str:
    """The task with any secret value the user wrote in it replaced by its placeholder."""
    return wp.secrets.mask(task) if wp is not None else task


async def stream_task(wp: Waypost | None, task: str, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
    """Run a task with ``wp``'s tools and extensions and yield its events.

    Args:
        wp: A started :class:`Waypost` (may be ``None`` when ``tools`` are given: such a run gets
            its files and nothing else of Waypost).
        task: What to do, in the user's words.
        **kwargs: The arguments of :func:`waypost.agent.runner.stream_task` (``tools``,
            ``checkpoint_path`` and ``probe`` default to ``wp``'s), plus ``vfs`` (the run's file
            system: a :class:`~waypost.vfs.VirtualFS`; default a new one, or the thread's
            checkpointed one; a restricted view makes the run a sub-agent) and ``planner_mode``
            (``full`` page views, or ``rag``: find_evidence / act_on_evidence and small page
            views; default: the settings' ``planner_mode``), ``secrets`` (``{name: value |
            Secret | {"value", "domains"}}``: typed as ``<secret:NAME>``, added to ``wp.secrets``)
            and ``persona`` (a persona's name; default: the settings').
    """
    kwargs = _wire(wp, kwargs)
    async for event in engine.stream_task(_masked_task(wp, task), **kwargs):
        yield event


async def stream_resume(wp: Waypost | None, thread_id: str, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
    """Continue a checkpointed run of ``wp`` and yield its events (see :func:`stream_task`)."""
    async for event in engine.stream_resume(thread_id, **_wire(wp, kwargs)):
        yield event


async def run_task(wp: Waypost | None, task: str, **kwargs: Any) -> RunResult:
    """Run a task to the end (or to an approval nobody answers); the arguments of :func:`stream_task`."""
    kwargs = _wire(wp, kwargs)
    return await engine.run_task(_masked_task(wp, task), **kwargs)


async def resume_task(wp: Waypost | None, thread_id: str, **kwargs: Any) -> RunResult:
    """Continue a checkpointed run and return its result; the arguments of :func:`stream_resume`."""
    return await engine.resume_task(thread_id, **_wire(wp, kwargs))


async def get_result(
    wp: Waypost | None, thread_id: str, *, checkpoint_path: str | Path | None = None
) -> RunResult | None:
    """The result of a checkpointed run as it stands now (``None`` if there is no such thread)."""
    path = checkpoint_path or default_checkpoint_path(wp)
    return await engine.get_result(thread_id, checkpoint_path=path)
