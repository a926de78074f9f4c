"""``waypost vfs``: look at the file system of a checkpointed run, without starting a browser."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from waypost.agent.runner import CHECKPOINT_FILE
from waypost.cli.options import cli_settings
from waypost.errors import WaypostError
from waypost.vfs.agent import checkpointed
from waypost.vfs.filesystem import VirtualFS

vfs_app = typer.Typer(
    help="Read the notes (virtual file system) of a checkpointed run.", no_args_is_help=True
)

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir", help="Where the checkpoints live (default: WAYPOST_DATA_DIR or the platform's)."
    ),
]
ThreadId = Annotated[str, typer.Argument(help="The run's thread id (as `waypost run` printed it).")]


def _load(thread_id: str, data_dir: Path | None) -> VirtualFS:
    path = Path(cli_settings(data_dir).data_dir) / CHECKPOINT_FILE
    fs = asyncio.run(checkpointed(thread_id, path))
    if fs is None:
        err.print(f"[red]No run[/red] with thread id {thread_id!r} in {path}.")
        raise typer.Exit(1)
    return fs


def _fail(exc: WaypostError) -> typer.Exit:
    err.print(f"[red]{type(exc).__name__}:[/red] {exc}")
    return typer.Exit(1)


@vfs_app.command("ls")
def ls(
    thread_id: ThreadId,
    path: Annotated[str, typer.Argument(help="A folder of the run's file system.")] = "/",
    data_dir: DataDir = None,
) -> None:
    """List a folder of a run's file system."""
    fs = _load(thread_id, data_dir)
    try:
        entries = fs.ls(path)
    except WaypostError as exc:
        raise _fail(exc) from None
    for e in entries:
        if e.is_dir:
            out.print(f"{e.name}/")
        elif e.read_only:
            out.print(f"{e.name}  (system, generated while a run reads it)")
        else:
            problems = f", {len(e.diagnostics)} problems" if e.diagnostics else ""
            out.print(f"{e.name}  ({e.kind}, {e.lines} lines{problems})")


@vfs_app.command("cat")
def cat(
    thread_id: ThreadId,
    path: Annotated[str, typer.Argument(help="A file of the run's file system.")],
    data_dir: DataDir = None,
) -> None:
    """Print a file of a run's file system (and a Python file's problems)."""
    fs = _load(thread_id, data_dir)
    try:
        text = fs.read_text(path)
        info = fs.stat(path)
    except WaypostError as exc:
        raise _fail(exc) from None
    out.print(text, end="" if text.endswith("\n") else "\n", markup=False)
    for d in info.diagnostics:
        err.print(str(d), markup=False)
