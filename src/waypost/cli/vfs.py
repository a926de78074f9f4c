"""``waypost vfs``: look at the file system of a checkpointed run, without starting a browser."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from waypost.cli.options import DataDir, LazyConsole, cli_settings, fail
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from waypost.vfs.filesystem import VirtualFS

# The checkpoints (LangGraph) are read inside the commands: for start-up speed.

vfs_app = typer.Typer(
    help="Read the notes (virtual file system) of a checkpointed run.", no_args_is_help=True
)

out = LazyConsole(highlight=False)
err = LazyConsole(stderr=True, highlight=False)
ThreadId = Annotated[str, typer.Argument(help="The run's thread id (as `waypost run` printed it).")]


def _load(thread_id: str, data_dir: Path | None) -> VirtualFS:
    from waypost.agent.runner import CHECKPOINT_FILE
    from waypost.vfs.agent import checkpointed

    path = Path(cli_settings(data_dir).data_dir) / CHECKPOINT_FILE
    fs = asyncio.run(checkpointed(thread_id, path))
    if fs is None:
        raise fail(
            f"no run with thread id {thread_id!r} in {path}. Use the id 'waypost run' printed, "
            "and the same --data-dir"
        )
    return fs


def _fail(exc: WaypostError) -> typer.Exit:
    return fail(exc)


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
