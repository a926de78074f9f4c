"""Running the agent: ``run_task`` (a result), ``stream_task`` (events), ``resume_task`` (a thread again).

Runs are checkpointed with LangGraph's ``AsyncSqliteSaver`` in ``<data_dir>/checkpoints.db``;
the thread id names a run. A run paused for approval (``approve="ask"`` without an approver)
ends with ``stop_reason="awaiting_approval"`` and its pending action; ``resume_task(thread_id,
answer="yes", ...)`` continues it. Starting a new task on a finished thread keeps that
thread's permanent history (summaries of its earlier tasks) and starts a fresh working history.

A :class:`~waypost.agent.context.PauseSwitch` passed in pauses a run after the current step
(``stop_reason="paused"``); ``stream_resume(..., instruction=...)`` continues it.

Events of :func:`stream_task`, each a dict with a ``type``:

* ``node``: a node finished (``node``, ``step``, ``tokens_in``, ``tokens_out``, ``url``);
* ``tool_start`` / ``tool_end``: a tool call (``name``, ``args`` / ``ok``, ``line``, ``text``: the
  result the model reads);
* ``content``: text the model wrote (``text``);
* ``progress``: the progress reporter's snapshot (step, budget, URL, tokens, score);
* ``interrupt``: an action waits for approval, or ask_user's question for an answer
  (``payload``: ``type`` ``approval`` or ``question``; ``thread_id``);
* ``token``: a piece of the model's text as the endpoint streams it (``text``, ``step``);
* ``done``: the end (``result``: a :class:`RunResult`).

The runner knows nothing of Waypost's plug-ins: the caller passes the run's tools (a
:class:`~waypost.agent.tools.ToolBox` or LangChain tools), its checkpoint file and a list of
:class:`~waypost.agent.extensions.RunExtension` s. :mod:`waypost.api` is the caller that wires
Waypost's own (skills, files, sub-agents, rag mode).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import inspect
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, RemoveMessage
from langchain_core.tools import BaseTool
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.types import Command

from waypost.agent.context import AgentConfig, AgentContext, PageProbe, PageState, PauseSwitch
from waypost.agent.extensions import RunExtension, RunStart
from waypost.agent.graph import compile_graph
from waypost.agent.prompts import PromptOptions, task_message
from waypost.agent.redact import (
    BUSY_SECONDS,
    RedactingSerializer,
    find_secrets,
    mask_data,
    mask_text,
    scrub_checkpoints,
)
from waypost.agent.state import ApprovePolicy, initial_state
from waypost.agent.tool_slots import CORE_TOOLS, choose
from waypost.agent.tools import ToolBox
from waypost.agent.transcript import transcript_of
from waypost.config.approve import approve_policy
from waypost.errors import ConfigError
from waypost.files import private_file
from waypost.models import make_model, memory_threshold, supports_strict

if TYPE_CHECKING:
    from waypost.browser.pool import SessionPool

Approver = Callable[[dict[str, Any]], Any]
"""Answers an approval request: gets the interrupt's payload, returns yes/no/an instruction/an edit
(:func:`waypost.approval.edit_answer`); may be async."""
AskUser = Callable[[dict[str, Any]], Any]
"""Answers ask_user's questions: gets ``{"type": "question", "question", "choices"}``, returns text."""
CHECKPOINT_FILE = "checkpoints.db"
AWAITING = "awaiting_approval"
AWAITING_ANSWER = "awaiting_answer"
PAUSED = "paused"
_FINGERPRINT_JS = """() => {
  const text = document.body ? document.body.innerText : "";
  return [location.href, document.title, text.length, text.slice(0, 20000)];
}"""


@dataclass
class RunResult:
    """The outcome of a run.

    Attributes:
        answer: The final answer (an honest one if the task was not done).
        success: Whether the task was done.
        steps: Model turns taken.
        tokens_in: Prompt tokens (usage metadata when the model reports it, else counted).
        tokens_out: Completion tokens.
        seconds: Wall time of this call (a resumed run counts from the resume).
        stop_reason: ``answered``, ``gave_up``, ``max_steps``, ``loop``, ``model_error``,
            ``malformed``, ``awaiting_approval`` or ``awaiting_answer`` (ask_user's question).
        transcript: The working history as JSON-friendly dicts.
        thread_id: The run's thread id (for ``resume_task`` and ``waypost run --resume``).
        pending: The approval request when ``stop_reason`` is ``awaiting_approval``.
        quality: The quality evaluator's score in [0, 1].
        actions: Every tool call of the task (tool, args, ok, url, one-liner).
        verified: Whether the answer's evidence held (quotes found verbatim on the pages they
            name, about the thing asked, every part of the task covered). ``success`` implies it.
        evidence: The evidence the answer cites: ``quote``, ``source`` (URL or ``archive:<id>``)
            and ``answers`` (which part of the task).
        why_not: Why the answer is not verified (or the task not done), in a few words.
        task: The task as given (values typed into password fields masked, as everywhere here).
    """

    answer: str
    success: bool
    steps: int
    tokens_in: int
    tokens_out: int
    seconds: float
    stop_reason: str | None
    transcript: list[dict[str, Any]]
    thread_id: str
    pending: dict[str, Any] | None = None
    quality: float = 0.0
    actions: list[dict[str, Any]] = field(default_factory=list)
    verified: bool = False
    evidence: list[dict[str, str]] = field(default_factory=list)
    why_not: str | None = None
    task: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-friendly data (what ``--out`` writes)."""
        return asdict(self)


def make_probe(pool: SessionPool, session_id: str) -> PageProbe:
    """Reads the session page's URL and a fingerprint of what it shows (title and text)."""

    async def probe() -> PageState | None:
        if pool.current_url(session_id) is None:
            return None
        async with pool.session(session_id) as session:
            url, title, length, text = await asyncio.wait_for(
                session.page.evaluate(_FINGERPRINT_JS), timeout=5
            )
        digest = hashlib.sha1(f"{url}\n{title}\n{length}\n{text}".encode(errors="replace")).hexdigest()[:16]
        return PageState(url=url, fingerprint=digest)

    return probe


@dataclass
class _Setup:
    ctx: AgentContext
    path: Path


def _setup(
    *,
    model: str | BaseChatModel | None,
    base_url: str | None,
    api_key: str | None,
    tools: ToolBox | Sequence[BaseTool] | None,
    session_id: str,
    checkpoint_path: str | Path | None,
    config: AgentConfig | None,
    probe: PageProbe | None,
    pause: PauseSwitch | None = None,
    extensions: Sequence[RunExtension] = (),
    prompt: PromptOptions | None = None,
    secret_values: Sequence[str] = (),
) -> _Setup:
    chat = model if isinstance(model, BaseChatModel) else make_model(model, base_url, api_key)
    if isinstance(tools, ToolBox):
        toolbox = tools
    elif tools is not None:
        toolbox = ToolBox.of(tools, session_id=session_id)
    else:
        raise ValueError("A run needs its tools (a ToolBox or a list of tools).")
    if checkpoint_path is None:
        raise ValueError("A run needs a checkpoint file (checkpoint_path).")
    cfg = dataclasses.replace(config) if config is not None else AgentConfig()
    if cfg.strict is None:
        cfg.strict = supports_strict(chat)
    if config is None and memory_threshold(chat) is not None:
        cfg.memory_threshold = memory_threshold(chat)  # type: ignore[assignment]
        # A model that asks never to condense (the offline planner) reads every result whole.
        cfg.compress_on_switch = cfg.memory_threshold < 10**9
    path = Path(checkpoint_path)
    if str(path) != ":memory:":
        try:
            private_file(path)  # 0600 from the start: checkpoints hold the whole working history
        except OSError as exc:
            raise ConfigError(
                f"The checkpoint file {path} cannot be written ({exc.strerror}): free some space, "
                "or point --data-dir at a folder you can write."
            ) from None
    ctx = AgentContext(
        model=chat,
        toolbox=toolbox,
        config=cfg,
        probe=probe,
        pause=pause or PauseSwitch(),
        extensions=tuple(extensions),
        prompt=_prompt_for(chat, prompt),
        secret_values=tuple(secret_values),
    )
    for extension in ctx.extensions:  # in order: files, sub-agents, rag mode...
        extension.equip(ctx)
    return _Setup(ctx, path)


def context_window(model: Any) -> int | None:
    """The model's context window in tokens, when it says (a local GGUF model's ``n_ctx``)."""
    meta = getattr(model, "metadata", None) or {}
    value = meta.get("waypost_context_window", getattr(model, "n_ctx", None))
    return int(value) if isinstance(value, int | float) and value > 0 else None


def _prompt_for(chat: Any, prompt: PromptOptions | None) -> PromptOptions:
    """The run's prompt options; a small context window means the minimal prompt from the start."""
    options = prompt or PromptOptions()
    window = context_window(chat)
    if window is not None and window <= options.small_context and not options.minimal:
        options = dataclasses.replace(options, minimal=True)
    return options


def _stop_reason(values: dict[str, Any], pending: dict[str, Any] | None) -> str | None:
    if pending is not None:
        kind = pending.get("type") if isinstance(pending, dict) else None
        return {"pause": PAUSED, "question": AWAITING_ANSWER}.get(kind or "", AWAITING)
    if not values.get("done"):
        return PAUSED
    return values.get("stop_reason")


def _result(
    values: dict[str, Any],
    thread_id: str,
    seconds: float,
    pending: dict[str, Any] | None,
    known: Sequence[str] = (),
) -> RunResult:
    messages: list[BaseMessage] = values.get("messages", [])
    secrets = find_secrets(values) | set(known)
    result = RunResult(
        answer=values.get("answer") or "",
        success=bool(values.get("success")) and pending is None,
        steps=int(values.get("step", 0)),
        tokens_in=int(values.get("tokens_in", 0)),
        tokens_out=int(values.get("tokens_out", 0)),
        seconds=round(seconds, 3),
        stop_reason=_stop_reason(values, pending),
        transcript=transcript_of(messages),
        thread_id=thread_id,
        pending=pending,
        quality=float(values.get("quality", 0.0)),
        actions=[
            {k: r.get(k) for k in ("step", "tool", "args", "ok", "error_type", "url", "line")}
            for r in values.get("trail", [])
        ],
        verified=bool(values.get("verified")) and pending is None,
        evidence=list(values.get("evidence") or []),
        why_not=values.get("why_not"),
        task=str(values.get("task") or ""),
    )
    if not secrets:
        return result
    return RunResult(**mask_data(dataclasses.asdict(result), secrets))


async def _ask(approver: Approver, payload: dict[str, Any]) -> Any:
    answer = approver(payload)
    if inspect.isawaitable(answer):
        answer = await answer
    return answer


def _handler(payload: Any, approver: Approver | None, ask_user: AskUser | None) -> Approver | None:
    """Who answers an interrupt in-process: ``ask_user`` a question, ``approver`` an approval.

    A caller that answers approvals in-process but gave no ``ask_user`` has nobody to ask a
    question: it is answered with nothing (the tool says no one is available) and the run goes on.
    ``None``: the call ends and waits (``wp.resume(thread_id, answer=...)``).
    """
    kind = payload.get("type") if isinstance(payload, dict) else None
    if kind == "pause":
        return None
    if kind == "question":
        if ask_user is not None:
            return ask_user
        return (lambda _payload: "") if approver is not None else None
    return approver


def _token_event(chunk: Any) -> dict[str, Any] | None:
    """A piece of the agent's model text as it streams (other nodes' model calls are not shown)."""
    message, meta = chunk if isinstance(chunk, tuple) and len(chunk) == 2 else (None, {})
    if not isinstance(message, AIMessageChunk) or (meta or {}).get("langgraph_node") != "agent":
        return None
    text = message.content if isinstance(message.content, str) else ""
    return {"type": "token", "text": text} if text else None


def _node_event(node: str, update: Any) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    upd = update if isinstance(update, dict) else {}
    event: dict[str, Any] = {"type": "node", "node": node}
    for key in ("step", "tokens_in", "tokens_out", "current_url", "stop_reason", "prompt_variant"):
        if key in upd:
            event["url" if key == "current_url" else key] = upd[key]
    events.append(event)
    if node == "agent":
        for m in upd.get("messages", []) or []:
            if isinstance(m, AIMessage):
                text = m.content if isinstance(m.content, str) else ""
                if text.strip():
                    events.append({"type": "content", "text": text})
    return events


async def _drive(
    setup: _Setup,
    thread_id: str,
    first_input: Any,
    *,
    approver: Approver | None,
    recursion_limit: int,
    ask_user: AskUser | None = None,
    stream_tokens: bool = False,
) -> AsyncIterator[dict[str, Any]]:
    secrets: set[str] = set(setup.ctx.secret_values)
    try:
        async for event in _drive_saved(
            setup, thread_id, first_input, secrets, approver, recursion_limit, ask_user, stream_tokens
        ):
            yield event
    finally:
        if secrets:  # steps saved before the secret was known still hold it
            await asyncio.to_thread(scrub_checkpoints, setup.path, thread_id, secrets)


async def _drive_saved(
    setup: _Setup,
    thread_id: str,
    first_input: Any,
    secrets: set[str],
    approver: Approver | None,
    recursion_limit: int,
    ask_user: AskUser | None = None,
    stream_tokens: bool = False,
) -> AsyncIterator[dict[str, Any]]:
    # "messages": the agent node's model text, chunk by chunk, when the endpoint streams.
    modes = ["updates", "custom", "messages"] if stream_tokens else ["updates", "custom"]

    started = time.perf_counter()
    config = {"configurable": {"thread_id": thread_id}, "recursion_limit": recursion_limit}
    async with _saver(setup.path) as saver, _finishing(setup.ctx):
        saver.serde = RedactingSerializer(saver.serde, secrets)
        graph = compile_graph(setup.ctx, saver)
        graph_input = first_input
        if callable(graph_input):
            graph_input = await graph_input(graph, config)
        while True:
            if graph_input is not _DONE:
                stream = graph.astream(
                    # Each step is saved before the next starts: a run stopped between two
                    # steps (Ctrl-C, a crash) resumes exactly there, and no action runs twice.
                    graph_input,
                    config,
                    stream_mode=modes,
                    durability="sync",
                )
                # Closed with this generator, so a paused run leaves no write pending on the
                # checkpoint file when the next call opens it.
                async with contextlib.aclosing(stream):
                    async for mode, chunk in stream:
                        if mode == "custom":
                            yield chunk
                            continue
                        if mode == "messages":
                            token = _token_event(chunk)
                            if token is not None:
                                if secrets:  # the model never sees a value; this is a second line
                                    token["text"] = mask_text(token["text"], secrets)
                                yield token
                            continue
                        for node, update in chunk.items():
                            if node != "__interrupt__":
                                for event in _node_event(node, update):
                                    yield event
            snapshot = await graph.aget_state(config)
            pending = snapshot.interrupts[0].value if snapshot.interrupts else None
            if pending is None:
                yield {
                    "type": "done",
                    "result": _result(
                        snapshot.values, thread_id, time.perf_counter() - started, None, secrets
                    ),
                }
                return
            yield {"type": "interrupt", "payload": pending, "thread_id": thread_id}
            handler = _handler(pending, approver, ask_user)
            if handler is None:
                result = _result(snapshot.values, thread_id, time.perf_counter() - started, pending, secrets)
                yield {"type": "done", "result": result}
                return
            reply = await _ask(handler, pending)
            question = isinstance(pending, dict) and pending.get("type") == "question"
            graph_input = Command(resume="" if reply is None and question else reply)


_DONE = object()


@contextlib.asynccontextmanager
async def _finishing(ctx: AgentContext) -> AsyncIterator[None]:
    """Around a run's graph: whatever way the run ends, every extension's ``finish`` runs."""
    try:
        yield
    finally:
        for extension in reversed(ctx.extensions):
            await extension.finish(ctx)


def _restore(ctx: AgentContext, values: dict[str, Any] | None, *, resuming: bool) -> None:
    for extension in ctx.extensions:
        extension.restore(ctx, values, resuming=resuming)


def _recursion_limit(max_steps: int) -> int:
    # A step passes through at most ~8 nodes (agent, validators, tools, corrector, analyzer,
    # adapter, reporter, memory); leave room for approvals and the final nodes.
    return max(50, 10 * max_steps + 40)


async def stream_task(
    task: str,
    *,
    tools: ToolBox | Sequence[BaseTool] | None,
    checkpoint_path: str | Path | None,
    start_url: str | None = None,
    model: str | BaseChatModel | None = None,
    max_steps: int = 30,
    approve: ApprovePolicy = "ask",
    approver: Approver | None = None,
    thread_id: str | None = None,
    critical_patterns: Sequence[str] = (),
    base_url: str | None = None,
    api_key: str | None = None,
    session_id: str = "default",
    config: AgentConfig | None = None,
    probe: PageProbe | None = None,
    pause: PauseSwitch | None = None,
    extensions: Sequence[RunExtension] = (),
    prompt: PromptOptions | None = None,
    secret_values: Sequence[str] = (),
    ask_user: AskUser | None = None,
    stream_tokens: bool = False,
) -> AsyncIterator[dict[str, Any]]:
    """Run a task and yield events as it goes (see the module docs for the event types).

    Args:
        task: What to do, in the user's words.
        tools: The run's tools: a :class:`~waypost.agent.tools.ToolBox`, or LangChain tools (the
            core tools are added).
        checkpoint_path: The SQLite checkpoint file (``":memory:"`` for a run kept in memory).
        start_url: The page to start on; the task message ends with ``Start page: <url>``.
        model: A chat model, or a name for :func:`~waypost.models.make_model`
            (``None``/``"offline"``, ``"local:PATH"``, or an OpenAI-compatible model).
        max_steps: Model turns at most.
        approve: Critical actions: ``deny`` refuse, ``always`` do, ``ask`` hold for approval
            (``never``, the old name of ``deny``, is still taken).
        approver: Answers approval requests in-process (``yes``/``no``/an instruction, or
            :func:`waypost.approval.edit_answer` to do the action with changed arguments);
            without one, ``ask`` ends the call with ``stop_reason="awaiting_approval"``.
        thread_id: Names the run (default: a new one). A finished thread's permanent history
            carries over to the new task.
        critical_patterns: Extra patterns (regular expressions) that make an action critical.
        base_url: The OpenAI-compatible endpoint, when ``model`` is a name.
        api_key: Its key.
        session_id: The browser session the tools act in.
        config: Agent knobs (memory threshold, loop budget...).
        probe: Reads the page's URL and fingerprint after tool calls (optional).
        pause: A switch that pauses the run after the current step (``stop_reason="paused"``;
            continue with :func:`stream_resume`).
        extensions: The run's plug-ins (see :mod:`waypost.agent.extensions`), equipped in order.
        prompt: How the system prompt adapts (persona, minimal variant, secret names).
        secret_values: Values masked in every checkpoint and in the result.
        ask_user: Answers the ``ask_user`` tool's questions in-process; without one a question
            ends the call with ``stop_reason="awaiting_answer"`` (continue with
            :func:`resume_task` and ``answer=...``), unless ``approver`` is given (then nobody
            answers and the run goes on). Under ``approve="deny"`` nobody is asked.
        stream_tokens: Yield ``token`` events: the model's text as the endpoint streams it
            (LangChain chat models stream when asked; others give none).
    """
    setup = _setup(
        model=model,
        base_url=base_url,
        api_key=api_key,
        tools=tools,
        session_id=session_id,
        checkpoint_path=checkpoint_path,
        config=config,
        probe=probe,
        pause=pause,
        extensions=extensions,
        prompt=prompt,
        secret_values=secret_values,
    )
    ctx = setup.ctx
    tid = thread_id or uuid.uuid4().hex
    active = choose(task, ctx.toolbox.catalogue(), ctx.config.max_slots)
    approve = approve_policy(approve)
    if ctx.prompt.tools:  # the persona's tools first, the task's best after them
        preferred = [n for n in ctx.prompt.tools if n in ctx.toolbox.names and n not in CORE_TOOLS]
        active = [*preferred, *(n for n in active if n not in preferred)][: ctx.config.max_slots]
    start = RunStart(task, start_url, approve, tuple(critical_patterns))
    for extension in ctx.extensions:
        await extension.before_run(ctx, start)

    async def first_input(graph: Any, config: dict[str, Any]) -> dict[str, Any]:
        previous = await graph.aget_state(config)
        _restore(ctx, previous.values if previous else None, resuming=False)  # e.g. notes carry over
        permanent = (previous.values or {}).get("permanent", []) if previous else []
        values = initial_state(
            task,
            start_url=start_url,
            max_steps=max_steps,
            approve=approve,
            critical_patterns=list(critical_patterns),
            active_tools=active,
            permanent=permanent,
        )
        values["messages"] = [RemoveMessage(id=REMOVE_ALL_MESSAGES), task_message(task, start_url)]
        for extension in ctx.extensions:  # e.g. matched skills' rules, and the steps a macro replayed
            extra = dict(extension.start_values(ctx))
            values["messages"] += extra.pop("messages", [])
            values.update(extra)
        return values

    async for event in _drive(
        setup,
        tid,
        first_input,
        approver=approver,
        recursion_limit=_recursion_limit(max_steps),
        ask_user=ask_user,
        stream_tokens=stream_tokens,
    ):
        if event["type"] == "done":
            for extension in ctx.extensions:
                await extension.after_run(ctx, event["result"], resumed=False)
        yield event


async def stream_resume(
    thread_id: str,
    *,
    tools: ToolBox | Sequence[BaseTool] | None,
    checkpoint_path: str | Path | None,
    answer: Any = None,
    model: str | BaseChatModel | None = None,
    approver: Approver | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    session_id: str = "default",
    config: AgentConfig | None = None,
    probe: PageProbe | None = None,
    instruction: str | None = None,
    pause: PauseSwitch | None = None,
    extensions: Sequence[RunExtension] = (),
    prompt: PromptOptions | None = None,
    secret_values: Sequence[str] = (),
    ask_user: AskUser | None = None,
    stream_tokens: bool = False,
) -> AsyncIterator[dict[str, Any]]:
    """Continue a checkpointed run and yield its events.

    A run waiting for approval resumes with ``answer`` (yes / no / an instruction; if ``None``,
    ``approver`` is asked). A paused run (see :class:`~waypost.agent.context.PauseSwitch`)
    resumes with ``instruction`` (or ``answer``) as a message from the user, or just goes on.
    A run that stopped otherwise (a crash) continues from its last checkpoint, with
    ``instruction`` added first. A finished run just reports its result. The other arguments
    are those of :func:`stream_task`.
    """
    setup = _setup(
        model=model,
        base_url=base_url,
        api_key=api_key,
        tools=tools,
        session_id=session_id,
        checkpoint_path=checkpoint_path,
        config=config,
        probe=probe,
        pause=pause,
        extensions=extensions,
        prompt=prompt,
        secret_values=secret_values,
    )
    ctx = setup.ctx

    async def first_input(graph: Any, config: dict[str, Any]) -> Any:
        snapshot = await graph.aget_state(config)
        if not snapshot.values:
            raise ValueError(f"No run with thread id {thread_id!r} in {setup.path}.")
        _restore(ctx, snapshot.values, resuming=True)
        if snapshot.interrupts:
            payload = snapshot.interrupts[0].value
            if isinstance(payload, dict) and payload.get("type") == "pause":
                ctx.pause.resuming = True
                return Command(resume=answer if answer is not None else (instruction or "continue"))
            reply = answer
            handler = _handler(payload, approver, ask_user)
            if reply is None and handler is not None:
                reply = await _ask(handler, payload)
            if reply is None and isinstance(payload, dict) and payload.get("type") == "question":
                reply = ""  # resumed without an answer: nobody answered
            return Command(resume=reply)
        if snapshot.values.get("done"):
            return _DONE
        if instruction:
            # The agent node reads the inbox at its next turn; the run goes on where it stopped.
            inbox = [*(snapshot.values.get("inbox") or []), instruction]
            # Written as if the node that ran last had routed on to where the run stopped, so
            # the next step is unchanged and nothing runs twice.
            goto = list(snapshot.next) or ["agent"]
            await graph.aupdate_state(config, Command(update={"inbox": inbox}, goto=goto))
            return None
        return None if snapshot.next else Command(goto="agent")

    # The step budget lives in the checkpointed state; the agent node enforces it.
    ran = False  # a finished run that is only reported teaches nothing new
    async for event in _drive(
        setup,
        thread_id,
        first_input,
        approver=approver,
        recursion_limit=_recursion_limit(100),
        ask_user=ask_user,
        stream_tokens=stream_tokens,
    ):
        if event["type"] == "done" and ran:
            for extension in ctx.extensions:
                await extension.after_run(ctx, event["result"], resumed=True)
        ran = True
        yield event


async def get_result(thread_id: str, *, checkpoint_path: str | Path) -> RunResult | None:
    """The result of a checkpointed run as it stands now (``None`` if there is no such thread).

    A run that is neither done nor waiting for approval (stopped with Ctrl-C, or crashed)
    reports ``stop_reason="paused"``.
    """
    snapshot = await read_checkpoint(checkpoint_path, thread_id)
    if snapshot is None:
        return None
    pending = snapshot.interrupts[0].value if snapshot.interrupts else None
    return _result(snapshot.values, thread_id, 0.0, pending)


@contextlib.asynccontextmanager
async def _saver(path: str | Path) -> AsyncIterator[Any]:
    """LangGraph's SQLite saver on a connection that waits for other runs' writes to the file."""
    import aiosqlite
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    async with aiosqlite.connect(str(path), timeout=BUSY_SECONDS) as conn:
        yield AsyncSqliteSaver(conn)


async def read_checkpoint(path: str | Path, thread_id: str) -> Any:
    """The latest LangGraph ``StateSnapshot`` of a thread (``None`` if there is no file or thread)."""
    if not await asyncio.to_thread(Path(path).is_file):
        return None
    async with _saver(path) as saver:
        # Reading a state runs no node: the graph needs no model and no tools for it.
        idle = AgentContext(model=None, toolbox=ToolBox.of([]))  # type: ignore[arg-type]
        snapshot = await compile_graph(idle, saver).aget_state({"configurable": {"thread_id": thread_id}})
    return snapshot if snapshot.values else None


async def _final(events: AsyncIterator[dict[str, Any]]) -> RunResult:
    result: RunResult | None = None
    async for event in events:
        if event["type"] == "done":
            result = event["result"]
    assert result is not None
    return result


async def run_task(task: str, **kwargs: Any) -> RunResult:
    """Run a task to the end (or to an approval nobody answers) and return the result.

    Takes the arguments of :func:`stream_task`.
    """
    return await _final(stream_task(task, **kwargs))


async def resume_task(thread_id: str, *, answer: Any = None, **kwargs: Any) -> RunResult:
    """Continue a checkpointed run (see :func:`stream_resume`) and return its result."""
    return await _final(stream_resume(thread_id, answer=answer, **kwargs))


__all__ = [
    "AWAITING_ANSWER",
    "CHECKPOINT_FILE",
    "Approver",
    "AskUser",
    "RunResult",
    "get_result",
    "make_probe",
    "read_checkpoint",
    "resume_task",
    "run_task",
    "stream_resume",
    "stream_task",
]
