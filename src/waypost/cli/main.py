"""The ``waypost`` command line (Typer + Rich)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from dataclasses import asdict
from datetime import datetime
from typing import Annotated, Any

import typer
from rich.table import Table

from waypost.api import Waypost
from waypost.browser.storage import SessionStore
from waypost.cli.archive import archive_app
from waypost.cli.batch import batch_command
from waypost.cli.options import cli_settings, data_dir_option, fail, out
from waypost.cli.progress import show_load_progress
from waypost.cli.retrieval import retrieval_app
from waypost.cli.run import run_command
from waypost.cli.skills import skills_app, tools_app
from waypost.cli.stats import stats_app
from waypost.cli.vfs import vfs_app
from waypost.errors import WaypostError

app = typer.Typer(
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
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print Waypost's version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
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
DataDir = data_dir_option("sessions live")
CdpUrl = Annotated[
    str | None,
    typer.Option("--cdp-url", help="Work inside your running Chrome/Edge, e.g. http://127.0.0.1:9222."),
]
Headful = Annotated[bool, typer.Option("--headful", help="Show the browser window.")]


@app.command()
def navigate(
    url: Annotated[str, typer.Argument(help="The page to open (absolute http(s) URL).")],
    hint: Annotated[
        str | None, typer.Option("--hint", help="What you are looking for; matching links first.")
    ] = None,
    session: Annotated[
        str, typer.Option("--session", help="Session id (cookies persist per session).")
    ] = "default",
    as_json: Annotated[bool, typer.Option("--json", help="Print the typed result as JSON.")] = False,
    forms: Annotated[bool, typer.Option("--forms", help="Also list the page's forms.")] = False,
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = False,
) -> None:
    """Open a page and print the view a model would read."""
    settings = cli_settings(data_dir, cdp_url, headful)

    async def run() -> dict[str, Any] | str:
        async with Waypost(settings) as wp:
            async with show_load_progress(settings.load_limit):
                result = await wp.navigate(url, hint=hint, session_id=session, show_forms=forms)
            if not as_json:
                return result.text
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
    if isinstance(value, str):
        out.print(value, markup=False, highlight=False, soft_wrap=True)
    else:
        sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


@sessions_app.command("list")
def sessions_list(data_dir: DataDir = None) -> None:
    """List sessions saved on disk (no browser is started)."""
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
    data_dir: DataDir = None,
    headful: Headful = False,
) -> None:
    """Serve the bundled demo site, show its front page as a model sees it, follow a hinted link,
    then let the agent (offline planner: no model needed) carry out a task there."""
    from waypost.demo.server import DemoSite

    settings = cli_settings(data_dir, None, headful, loopback_only=True)
    with DemoSite() as site:

        async def run() -> None:
            async with Waypost(settings) as wp:
                out.rule(f"research_navigate({site.url + '/'!r}, hint={hint!r})")
                first = await wp.navigate(site.url + "/", hint=hint, session_id="demo")
                out.print(first.text, markup=False, highlight=False, soft_wrap=True)
                out.print(f"[dim]{first.tokens} tokens, view built in {first.build_ms:.1f} ms[/dim]")
                target = next((link for link in first.links if link.matches_hint), None)
                if target is None:
                    out.print(f"No link on the front page matches {hint!r}.")
                    return
                out.rule(f"following the hinted link: {target.label} ({target.url})")
                second = await wp.navigate(target.url, hint=hint, session_id="demo")
                out.print(second.text, markup=False, highlight=False, soft_wrap=True)
                out.print(f"[dim]{second.tokens} tokens, view built in {second.build_ms:.1f} ms[/dim]")
                out.rule("asking for the same page again (the loop breaker answers)")
                again = await wp.navigate(target.url, hint=hint, session_id="demo")
                out.print(again.text, markup=False, highlight=False, soft_wrap=True)
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
    result = await wp.run(task, start_url=start_url, approve="never", session_id=session_id, max_steps=20)
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
    headful: Headful = False,
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
    if http:
        from waypost.server.web import serve as serve_web

        serve_web(cli_settings(data_dir, cdp_url, headful), host=host, port=port, pages_on=False)
        return
    from waypost.server.mcp_server import run_stdio

    run_stdio(cli_settings(data_dir, cdp_url, headful))


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (loopback by default).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8780,
    data_dir: DataDir = None,
    cdp_url: CdpUrl = None,
    headful: Headful = False,
) -> None:
    """Serve the web view (runs, approvals, archive, sessions, skills) and MCP over HTTP at /mcp."""
    from waypost.server.web import serve as serve_web

    serve_web(cli_settings(data_dir, cdp_url, headful), host=host, port=port)


def main() -> None:
    """Console-script entry point."""
    logging.basicConfig(
        level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    app()


if __name__ == "__main__":
    main()
