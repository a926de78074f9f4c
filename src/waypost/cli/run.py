"""``waypost run "TASK"``: run the agent with a Rich live view, approval prompts and a JSON transcript.

The lead registers it on the main Typer app::

    from waypost.cli.run import run_command
    app.command("run")(run_command)

Ctrl-C pauses the run after the current step (everything checkpointed) and asks: continue,
stop, or type an instruction for the agent; a second Ctrl-C stops at once. In a terminal,
Ctrl-C is read as a key, so the signal never reaches (and kills) Playwright's driver. A stopped
run continues with ``waypost run --resume ID``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.live import Live
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from waypost.cli.options import (
    Approve,
    CdpUrl,
    DataDir,
    Headful,
    LoopbackOnly,
    PlannerMode,
    Session,
    cli_settings,
    err,
    fail,
    out,
    usage,
)
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from waypost.agent.runner import RunResult

# The engine (LangChain, LangGraph, Playwright) is imported inside the functions that run it, not
# at the top: for start-up speed (`waypost --help` must not load it).


def make_model(name: str | None, base_url: str | None = None, api_key: str | None = None) -> Any:
    """The chat model for ``--model`` (see :func:`waypost.models.make_model`)."""
    from waypost.models import make_model as make

    return make(name, base_url, api_key)


class LiveView:
    """What the live view shows: step and node, current URL, tokens so far, a bar over the budget."""

    def __init__(self, max_steps: int, thread_id: str) -> None:
        self.max_steps = max_steps
        self.thread_id = thread_id
        self.step = 0
        self.node = "starting"
        self.url: str | None = None
        self.tokens_in = 0
        self.tokens_out = 0
        self.last_action: str | None = None
        self.tool: str | None = None
        self.says = ""  # the model's text of this turn, as it streams
        self.bar = Progress(
            TextColumn("[bold]steps[/bold]"), BarColumn(bar_width=None), MofNCompleteColumn(), expand=True
        )
        self.task_id = self.bar.add_task("steps", total=max_steps)

    def update(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind in ("node", "progress"):
            self.node = event.get("node") or self.node
            self.step = int(event.get("step", self.step) or self.step)
            self.url = event.get("url") or self.url
            self.tokens_in = int(event.get("tokens_in", self.tokens_in) or self.tokens_in)
            self.tokens_out = int(event.get("tokens_out", self.tokens_out) or self.tokens_out)
            if kind == "progress":
                self.max_steps = int(event.get("max_steps") or self.max_steps)
                self.last_action = event.get("last_action") or self.last_action
        elif kind == "tool_start":
            self.tool = event.get("name")
            self.node = "tools"
        elif kind == "tool_end":
            self.tool = None
            self.last_action = event.get("line") or self.last_action
        elif kind == "token":
            self.says = (self.says + str(event.get("text", "")))[-2000:]
            self.node = "agent"
        elif kind == "content" or (kind == "node" and event.get("node") == "agent"):
            self.says = ""
        self.bar.update(self.task_id, completed=min(self.step, self.max_steps), total=self.max_steps)

    def __rich__(self) -> Group:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="dim", justify="right")
        grid.add_column()
        doing = f"{self.node}" + (f" → {self.tool}" if self.tool else "")
        grid.add_row("step", f"{self.step}/{self.max_steps} · {doing}")
        grid.add_row("page", Text(self.url or "—", overflow="ellipsis", no_wrap=True))
        grid.add_row("tokens", f"{self.tokens_in:,} in · {self.tokens_out:,} out")
        if self.last_action:
            grid.add_row("last", Text(self.last_action, overflow="ellipsis", no_wrap=True))
        if self.says.strip():
            tail = " ".join(self.says.split())[-300:]
            grid.add_row("model", Text(tail, style="italic"))
        title = f"waypost run · {self.thread_id}"
        return Group(Panel(grid, title=title, title_align="left", subtitle="Ctrl-C pauses"), self.bar)


class CtrlCKey:
    """In a terminal, reads Ctrl-C as a key instead of letting it raise SIGINT.

    A terminal sends SIGINT to every process of the foreground group, Playwright's driver
    included, which then dies and takes the browser with it. With the terminal's ISIG flag off,
    Ctrl-C is just a byte on stdin: only this process sees it, and the browser lives on.
    Without a terminal (or without termios) it does nothing; a SIGINT handler covers that case.
    Prompts call :meth:`stop` first and :meth:`start` after, so they read lines normally.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.on_ctrl_c: Callable[[], None] = lambda: None
        self._saved: Any = None
        try:
            import termios  # noqa: F401

            self.fd: int | None = sys.stdin.fileno() if sys.stdin.isatty() else None
        except (ImportError, ValueError, OSError):  # Windows, or no real stdin
            self.fd = None

    def start(self) -> None:
        if self.fd is None or self._saved is not None:
            return
        import termios

        self._saved = termios.tcgetattr(self.fd)
        raw = termios.tcgetattr(self.fd)
        raw[3] &= ~(termios.ISIG | termios.ICANON | termios.ECHO)
        raw[6][termios.VMIN] = 1
        raw[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, raw)
        self.loop.add_reader(self.fd, self._read)

    def stop(self) -> None:
        if self.fd is None or self._saved is None:
            return
        import termios

        self.loop.remove_reader(self.fd)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        self._saved = None

    def _read(self) -> None:
        assert self.fd is not None
        with contextlib.suppress(OSError):
            if b"\x03" in os.read(self.fd, 64):
                self.on_ctrl_c()


def _ask_line(prompt: str) -> str:
    out.print(prompt, end="")
    line = sys.stdin.readline()
    return line.strip() if line else ""


def _approval_prompt(payload: dict[str, Any]) -> str:
    body = Text()
    body.append("The agent wants to: ", style="bold")
    body.append(str(payload.get("action", payload.get("tool", "?"))) + "\n")
    body.append("Why it is held: ", style="bold")
    body.append(str(payload.get("reason", "")))
    out.print(Panel(body, title="Approval needed", border_style="yellow"))
    return _ask_line("Allow it? [bold]yes[/bold] / [bold]no[/bold] / or type a different instruction: ")


def _question_prompt(payload: dict[str, Any]) -> str:
    body = Text(str(payload.get("question", "")))
    choices = [str(c) for c in payload.get("choices") or []]
    if choices:
        body.append("\nChoices: ", style="bold")
        body.append(" / ".join(choices))
    out.print(Panel(body, title="The agent asks you", border_style="cyan"))
    return _ask_line("Your answer (empty: no answer, the agent goes on without): ")


def _show_result(result: RunResult, path: Path | None, task: str | None, model: str | None) -> None:
    style = "green" if result.success else "yellow"
    title = {True: "Answer"}.get(result.success, f"Not done ({result.stop_reason})")
    out.print(Panel(Text(result.answer or "(no answer)"), title=title, border_style=style))
    out.print(
        f"[dim]{result.steps} steps · {result.tokens_in:,} tokens in · {result.tokens_out:,} out · "
        f"{result.seconds:.1f} s · thread {result.thread_id}[/dim]"
    )
    if result.stop_reason in ("awaiting_approval", "awaiting_answer", "paused"):
        out.print(f"Continue with: [bold]waypost run --resume {result.thread_id}[/bold]")
    if path is not None:
        from waypost.files import OutputPathError, write_output

        data = {"task": result.task or task, "model": model or "offline", **result.to_dict()}
        try:
            write_output(path, json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")
        except OutputPathError as exc:
            raise fail(exc) from None
        out.print(f"[dim]Transcript written to {path}[/dim]")


async def _consume(events: AsyncIterator[dict[str, Any]], view: LiveView, live: Live) -> RunResult | None:
    """Show the run's events until it ends, pauses or waits; return its result."""
    result: RunResult | None = None
    async for event in events:
        view.update(event)
        if event["type"] == "content":
            live.console.print(Text(event["text"], style="italic dim"))
        elif event["type"] == "done":
            result = event["result"]
        live.refresh()
    return result


def _approver_for(
    live: Live, keys: CtrlCKey, prompt: Callable[[dict[str, Any]], str] = _approval_prompt
) -> Any:
    async def approver(payload: dict[str, Any]) -> str:
        live.stop()
        keys.stop()
        try:
            return await asyncio.to_thread(prompt, payload)
        finally:
            keys.start()
            live.start()

    return approver


async def _run(
    *,
    task: str | None,
    resume: str | None,
    start: str | None,
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    max_steps: int,
    approve: str,
    settings: Any,
    critical: list[str],
    session: str = "default",
    mcp_servers: list[str] | None = None,
) -> RunResult | None:
    from waypost.agent.context import PauseSwitch
    from waypost.api import Waypost, get_result, stream_resume, stream_task

    chat = make_model(model, base_url, api_key)
    thread_id = resume or uuid.uuid4().hex[:12]
    async with Waypost(settings, mcp_servers=mcp_servers) as wp:
        for server in wp.mcp.status():  # failures were reported in one line each already
            if server["connected"]:
                err.print(
                    f"[dim]MCP server {server['name']}: {len(server['tools'])} tools[/dim]", highlight=False
                )
        view = LiveView(max_steps, thread_id)
        loop = asyncio.get_running_loop()
        with Live(view, console=out.console, refresh_per_second=8, transient=True) as live:
            keys = CtrlCKey(loop)
            switch = PauseSwitch()
            approver = _approver_for(live, keys)
            # ask_user's questions are asked on the terminal; under --approve deny nobody is asked.
            ask_user = _approver_for(live, keys, _question_prompt)
            if resume:
                events = stream_resume(
                    wp,
                    thread_id,
                    model=chat,
                    approver=approver,
                    ask_user=ask_user,
                    pause=switch,
                    stream_tokens=True,
                )
            else:
                assert task is not None
                events = stream_task(
                    wp,
                    task,
                    start_url=start,
                    model=chat,
                    max_steps=max_steps,
                    approve=approve,  # type: ignore[arg-type]
                    approver=approver,
                    thread_id=thread_id,
                    critical_patterns=critical,
                    pause=switch,
                    session_id=session,
                    ask_user=ask_user,
                    stream_tokens=True,
                )
            spent = 0.0  # seconds of the segments before a pause
            while True:
                consumer = asyncio.ensure_future(_consume(events, view, live))

                def on_ctrl_c(consumer: asyncio.Future = consumer) -> None:
                    if switch.requested:
                        consumer.cancel()  # a second Ctrl-C: stop at once
                    else:
                        switch.request()  # the graph pauses after this step, all checkpointed
                        view.node = "pausing after this step…"

                installed = False
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(signal.SIGINT, on_ctrl_c)
                    installed = True
                keys.on_ctrl_c = on_ctrl_c
                keys.start()
                try:
                    result = await consumer
                except asyncio.CancelledError:
                    if not consumer.cancelled():
                        raise
                    live.stop()
                    out.print(
                        "[yellow]Stopped at once; the run may repeat its last step on --resume.[/yellow]"
                    )
                    return await get_result(wp, thread_id)
                finally:
                    keys.stop()
                    if installed:
                        loop.remove_signal_handler(signal.SIGINT)
                if result is not None:
                    result.seconds = round(result.seconds + spent, 3)
                if result is None or result.stop_reason != "paused":
                    return result
                spent = result.seconds
                switch.requested = False
                live.stop()
                choice = await asyncio.to_thread(
                    _ask_line, "\nPaused. [bold]c[/bold]ontinue, [bold]s[/bold]top, or type an instruction: "
                )
                live.start()
                if choice.lower() in ("s", "stop", "q", "quit"):
                    return result
                instruction = None if choice.lower() in ("", "c", "continue") else choice
                events = stream_resume(
                    wp,
                    thread_id,
                    model=chat,
                    approver=approver,
                    ask_user=ask_user,
                    instruction=instruction,
                    pause=switch,
                    stream_tokens=True,
                )


def run_command(
    task: Annotated[str | None, typer.Argument(help="What to do, in your words.")] = None,
    start: Annotated[str | None, typer.Option("--start", help="The page to start on.")] = None,
    model: Annotated[
        str | None,
        typer.Option(
            "--model", help="offline (default), local:PATH.gguf, or a model of an OpenAI-compatible endpoint."
        ),
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="OpenAI-compatible endpoint (Ollama, LM Studio, vLLM...)."),
    ] = None,
    api_key: Annotated[str | None, typer.Option("--api-key", help="Key for the endpoint.")] = None,
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, max=500, help="Model turns at most.")] = 30,
    approve: Approve = "ask",
    resume: Annotated[
        str | None, typer.Option("--resume", help="Continue the run with this thread id.")
    ] = None,
    out_path: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write the result and transcript as JSON.")
    ] = None,
    session: Session = "default",
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = None,
    loopback_only: LoopbackOnly = None,
    critical: Annotated[
        list[str] | None,
        typer.Option("--critical", help="Also hold actions matching this pattern for approval (repeatable)."),
    ] = None,
    planner_mode: PlannerMode = None,
    trace: Annotated[
        Path | None, typer.Option("--trace", help="Record a Playwright trace of the run (run.zip).")
    ] = None,
    screenshots: Annotated[
        Path | None, typer.Option("--screenshots", help="Keep a screenshot after each action in this folder.")
    ] = None,
    secret: Annotated[
        list[str] | None,
        typer.Option(
            "--secret",
            help="A secret the task uses as <secret:NAME>: NAME or NAME@domain,domain (its value is read "
            "without echo unless WAYPOST_SECRET_NAME is set; repeatable).",
        ),
    ] = None,
    persona: Annotated[
        str | None,
        typer.Option("--persona", help="researcher, form_filler, shopper, or one from personas.yaml."),
    ] = None,
    mcp_server: Annotated[
        list[str] | None,
        typer.Option(
            "--mcp-server",
            help='Another MCP server\'s tools: "[NAME=]COMMAND ARGS" (stdio) or an http(s) URL (repeatable).',
        ),
    ] = None,
    mcp_config: Annotated[
        Path | None, typer.Option("--mcp-config", help='A JSON file of MCP servers: {"mcpServers": {...}}.')
    ] = None,
) -> None:
    """Let the agent do a task on the web and print its answer."""
    if not task and not resume:
        usage('give a task, e.g. waypost run "Find the politics headline", or --resume ID to continue a run')
    if out_path is not None:
        from waypost.files import OutputPathError, check_output_path

        try:  # refuse a bad --out before the run, not after it
            check_output_path(out_path)
        except OutputPathError as exc:
            raise fail(exc, code=2) from None
    settings = cli_settings(
        data_dir,
        cdp_url,
        headful,
        loopback_only=loopback_only,
        trace=trace,
        screenshots=screenshots,
        planner_mode=planner_mode,
    )
    if trace is not None:
        err.print(f"Tracing to {trace}; open it with: playwright show-trace {trace}", highlight=False)
    if persona is not None:
        settings = settings.model_copy(update={"persona": persona})
    if secret:
        from waypost.cli.secret_input import with_secrets

        settings = with_secrets(settings, list(secret))
    if mcp_config is not None:
        settings = settings.model_copy(update={"mcp": settings.mcp.model_copy(update={"config": mcp_config})})
    try:
        result = asyncio.run(
            _run(
                task=task,
                resume=resume,
                start=start,
                model=model,
                base_url=base_url,
                api_key=api_key,
                max_steps=max_steps,
                approve=approve,
                settings=settings,
                critical=list(critical or []),
                session=session,
                mcp_servers=list(mcp_server or []),
            )
        )
    except (WaypostError, ValueError) as exc:
        if not settings.secrets:
            raise fail(exc) from None
        from waypost.config import SecretStore

        raise fail(SecretStore(settings.secrets).mask(str(exc))) from None
    if result is None:
        raise fail("the run ended without a result. Run it again, or continue it with --resume")
    _show_result(result, out_path, task, model)
    raise typer.Exit(0 if result.success else 1)
