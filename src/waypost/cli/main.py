"""The ``waypost`` command line (Typer + Rich).

Start-up speed: the command modules import only Typer, Rich and :mod:`waypost.cli.options` at the
top; Waypost's engine (LangChain, LangGraph, Playwright, the pydantic settings) is imported inside
the command functions, so ``waypost --help``, ``waypost CMD --help`` and ``--version`` stay fast.
``tests/interfaces/test_cli_startup.py`` keeps it so.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from waypost.cli.archive import archive_app
from waypost.cli.batch import batch_command
from waypost.cli.options import (
    AsJson,
    CdpUrl,
    DataDir,
    Headful,
    LoopbackOnly,
    ModelView,
    Session,
    SettingsApprove,
    cli_settings,
    describe_setting_error,
    fail,
    out,
    say_error,
)
from waypost.cli.retrieval import retrieval_app
from waypost.cli.run import run_command
from waypost.cli.skills import skills_app, tools_app
from waypost.cli.stats import stats_app
from waypost.cli.vfs import vfs_app
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from waypost.api import Waypost

try:  # newer Typer vendors its own Click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older Typer on Click
    from click.exceptions import ClickException, UsageError  # type: ignore[assignment,no-redef]


class WaypostGroup(TyperGroup):
    """The root command: every failure that reaches it is printed as one ``error: ...`` line.

    Usage mistakes (an unknown option, a value not among the choices) exit with 2, like a bad
    ``WAYPOST_*`` value; a Waypost failure exits with 1.
    """

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = result if isinstance(result, int) else 0
        except UsageError as exc:
            code = exc.exit_code
            if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
                where = exc.ctx.command_path if exc.ctx is not None else "waypost"
                message = exc.format_message().replace("Value error, ", "").rstrip(".")
                say_error(f"{message}. See '{where} --help'.")
        except typer.Abort:
            say_error("stopped. Nothing more was done.")
            code = 1
        except ClickException as exc:
            say_error(exc.format_message())
            code = exc.exit_code
        except WaypostError as exc:
            say_error(str(exc))
            code = 1
        except Exception as exc:
            if type(exc).__name__ != "ValidationError" or not type(exc).__module__.startswith("pydantic"):
                raise
            say_error(describe_setting_error(exc))  # a WAYPOST_* value read deeper down
            code = 2
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    cls=WaypostGroup,
    help="Waypost: let language models browse the web reliably, cheaply and safely.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from waypost.version import __version__

        typer.echo(f"waypost {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        "-V",
        help="Print Waypost's version and exit.",
        is_eager=True,
        callback=_print_version,
    ),
) -> None:
    """Waypost: let language models browse the web reliably, cheaply and safely."""


sessions_app = typer.Typer(help="List and clear saved browser sessions.", no_args_is_help=True)
app.add_typer(sessions_app, name="sessions")
app.add_typer(retrieval_app, name="retrieval")
app.add_typer(archive_app, name="archive")
app.add_typer(skills_app, name="skills")
app.add_typer(tools_app, name="tools")
app.add_typer(vfs_app, name="vfs")
app.add_typer(stats_app, name="stats")  # waypost stats planner
app.command("run")(run_command)
app.command("batch")(batch_command)

DEMO_TASK = "Open the politics section and give me its top headline"

# Heavy imports (the api, the browser, the servers) happen inside the commands below, not at the
# top of the module: for start-up speed (`waypost --help` must not load LangGraph or Playwright).


@app.command()
def navigate(
    url: Annotated[str, typer.Argument(help="The page to open: a URL, or a host like 127.0.0.1:8765/.")],
    hint: Annotated[
        str | None, typer.Option("--hint", help="What you are looking for; matching links first.")
    ] = None,
    session: Session = "default",
    as_json: AsJson = False,
    model_view: ModelView = False,
    forms: Annotated[bool, typer.Option("--forms", help="Also list the page's forms.")] = False,
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = None,
    loopback_only: LoopbackOnly = None,
) -> None:
    """Open a page and show it: title, text and numbered links (--model-view: what a model reads)."""
    from dataclasses import asdict

    from waypost.api import Waypost
    from waypost.cli.progress import show_load_progress
    from waypost.cli.render import page_for_people

    settings = cli_settings(data_dir, cdp_url, headful, loopback_only=loopback_only)

    async def run() -> Any:
        async with Waypost(settings) as wp:
            async with show_load_progress(settings.load_limit):
                result = await wp.navigate(url, hint=hint, session_id=session, show_forms=forms)
            if model_view:
                return result.text
            if not as_json:
                return page_for_people(result, settings.max_links)
            return {
                "text": result.text,
                "ok": result.ok,
                "status": result.status,
                "final_url": result.final_url,
                "title": result.title,
                "tokens": result.tokens,
                "blocked": result.blocked,
                "redirects": result.snapshot.redirects if result.snapshot else [],
                "links": [asdict(link) for link in result.links],
                "forms": [asdict(f) for f in result.view.model.forms] if result.view else [],
                "feeds": [asdict(f) for f in result.view.model.feeds] if result.view else [],
            }

    try:
        value = asyncio.run(run())
    except WaypostError as exc:
        raise fail(exc) from None
    if isinstance(value, dict):
        sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")
    else:
        out.print(value, markup=False, highlight=False, soft_wrap=True)


@sessions_app.command("list")
def sessions_list(data_dir: DataDir = None) -> None:
    """List sessions saved on disk (no browser is started)."""
    from datetime import datetime

    from rich.table import Table

    from waypost.browser.storage import SessionStore

    settings = cli_settings(data_dir)
    store = SessionStore(settings.data_dir)
    ids = store.saved_ids()
    if not ids:
        out.print(f"No saved sessions in {store.root}.")
        return
    table = Table("session", "created", "saved state", title=str(store.root))
    for sid in ids:
        created = store.load_meta(sid).get("created")
        when = (
            datetime.fromtimestamp(created).isoformat(timespec="seconds")
            if isinstance(created, int | float)
            else "?"
        )
        table.add_row(sid, when, str(store.state_path(sid).stat().st_size) + " bytes")
    out.print(table)


@sessions_app.command("clear")
def sessions_clear(
    session_id: Annotated[str, typer.Argument(help="The session to forget (cookies and storage).")],
    data_dir: DataDir = None,
) -> None:
    """Delete a session's saved cookies and storage."""
    from waypost.browser.storage import SessionStore

    settings = cli_settings(data_dir)
    try:
        removed = SessionStore(settings.data_dir).delete(session_id)
    except WaypostError as exc:
        raise fail(exc) from None
    out.print(f"Cleared session {session_id}." if removed else f"No saved session {session_id}.")


@app.command()
def demo(
    hint: Annotated[
        str, typer.Option("--hint", help="Which link to follow from the front page.")
    ] = "Politik",
    task: Annotated[
        str,
        typer.Option("--task", help="A task for the agent (offline planner) on the demo site; '' skips it."),
    ] = DEMO_TASK,
    model_view: ModelView = False,
    data_dir: DataDir = None,
    headful: Headful = None,
) -> None:
    """Serve the bundled demo site, show its front page, follow a hinted link, then let the agent
    carry out a task there (offline planner: no model needed); --model-view shows what a model reads.
    """
    from waypost.api import Waypost
    from waypost.cli.render import page_for_people
    from waypost.demo.server import DemoSite

    settings = cli_settings(data_dir, None, headful, loopback_only=True)

    def show(result: Any) -> None:
        if model_view:
            out.print(result.text, markup=False, highlight=False, soft_wrap=True)
        else:
            out.print(page_for_people(result, settings.max_links), highlight=False, soft_wrap=True)

    with DemoSite() as site:

        async def run() -> None:
            async with Waypost(settings) as wp:
                out.rule(f"research_navigate({site.url + '/'!r}, hint={hint!r})")
                first = await wp.navigate(site.url + "/", hint=hint, session_id="demo")
                show(first)
                out.print(
                    f"[dim]{first.tokens} tokens for a model, view built in {first.build_ms:.1f} ms[/dim]"
                )
                target = next((link for link in first.links if link.matches_hint), None)
                if target is None:
                    out.print(f"No link on the front page matches {hint!r}.")
                    return
                out.rule(f"following the hinted link: {target.label} ({target.url})")
                second = await wp.navigate(target.url, hint=hint, session_id="demo")
                show(second)
                out.print(
                    f"[dim]{second.tokens} tokens for a model, view built in {second.build_ms:.1f} ms[/dim]"
                )
                out.rule("asking for the same page again (the loop breaker answers)")
                again = await wp.navigate(target.url, hint=hint, session_id="demo")
                show(again)
                if not task:
                    return
                out.rule(f"the agent, offline planner: {task!r}")
                await _demo_run(wp, task, site.url + "/", "demo-agent")
                out.rule("the same task again, in a fresh session: what the first run taught replays")
                await _demo_run(wp, task, site.url + "/", "demo-agent-2")

        try:
            asyncio.run(run())
        except WaypostError as exc:
            raise fail(exc) from None


async def _demo_run(wp: Waypost, task: str, start_url: str, session_id: str) -> None:
    result = await wp.run(task, start_url=start_url, approve="deny", session_id=session_id, max_steps=20)
    for action in result.actions:
        out.print(f"  {action.get('line') or action.get('tool')}", markup=False, highlight=False)
    out.print(f"Answer: {result.answer}", markup=False, highlight=False, soft_wrap=True)
    steps = f"{result.steps} model step{'' if result.steps == 1 else 's'}"
    out.print(
        f"[dim]{steps}, {result.tokens_in:,} tokens in, {result.seconds:.1f} s, "
        f"{'success' if result.success else 'not done: ' + str(result.stop_reason)}[/dim]"
    )
    learning = wp.skills.last
    if learning is not None:
        notes = []
        if learning.replayed:
            notes.append(f"{learning.replayed} steps replayed from a learned skill without a model")
        if learning.proposed:
            notes.append(f"learned the skill {learning.proposed!r}")
        if notes:
            out.print(f"[dim]{'; '.join(notes)}[/dim]", highlight=False)


@app.command()
def mcp(
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = None,
    loopback_only: LoopbackOnly = None,
    approve: SettingsApprove = None,
    http: Annotated[
        bool,
        typer.Option("--http", help="Serve MCP over streamable HTTP (token as bearer) instead of stdio."),
    ] = False,
    host: Annotated[
        str, typer.Option("--host", help="With --http: address to listen on (loopback by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="With --http: port to listen on.")] = 8781,
) -> None:
    """Run the MCP server over stdio (for Claude Desktop, IDEs and other MCP clients), or over HTTP."""
    settings = cli_settings(data_dir, cdp_url, headful, loopback_only=loopback_only, approve=approve)
    if http:
        from waypost.server.web import serve as serve_web  # start-up speed: the web stack is heavy

        serve_web(settings, host=host, port=port, pages_on=False)
        return
    from waypost.server.mcp_server import run_stdio

    run_stdio(settings)


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (loopback by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8780,
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = None,
    loopback_only: LoopbackOnly = None,
    approve: SettingsApprove = None,
) -> None:
    """Serve the web view (runs, approvals, archive, sessions, skills) and MCP over HTTP at /mcp."""
    from waypost.server.web import serve as serve_web

    settings = cli_settings(data_dir, cdp_url, headful, loopback_only=loopback_only, approve=approve)
    serve_web(settings, host=host, port=port)


def main() -> None:
    """Console-script entry point."""
    logging.basicConfig(
        level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    app()


if __name__ == "__main__":
    main()
