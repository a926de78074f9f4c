"""``waypost archive``: search, read, count, prune and export the archive without starting a browser."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from waypost.cli.options import ModelView, SessionFilter, data_dir_of, data_dir_option, fail, out
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from rich.table import Table

    from waypost.archive.records import ArchiveStats
    from waypost.archive.store import ArchiveStore

# The archive's modules are imported inside the commands: for start-up speed.

archive_app = typer.Typer(help="Search and export what sessions have loaded.", no_args_is_help=True)

DataDir = data_dir_option("the archive lives")
_DURATION = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*", re.IGNORECASE)
MAX_DURATION = timedelta(days=365 * 1000)
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_duration(text: str) -> timedelta:
    """``"30d"`` → 30 days. Units: s, m, h, d, w.

    Raises:
        typer.BadParameter: The text is not a number followed by one of those units.
    """
    match = _DURATION.fullmatch(text)
    if match is None:
        raise typer.BadParameter(f"{text!r} is not a duration: write a number and a unit, e.g. 30d, 12h, 2w.")
    seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2).lower()]
    if not seconds <= MAX_DURATION.total_seconds():  # also catches inf from a 400-digit number
        raise typer.BadParameter(f"{text.strip()!r} is too long: give at most {MAX_DURATION.days}d.")
    return timedelta(seconds=seconds)


def _archive_path(data_dir: Path | None) -> Path:
    from waypost.archive.archive import ARCHIVE_FILE

    return data_dir_of(data_dir) / ARCHIVE_FILE


def _open(data_dir: Path | None, *, create: bool = False) -> ArchiveStore:
    from waypost.archive.store import ArchiveStore

    try:
        return ArchiveStore(_archive_path(data_dir), create=create)
    except WaypostError as exc:
        raise _fail(exc) from None


def _fail(exc: BaseException | str) -> typer.Exit:
    return fail(exc)


@archive_app.command("search")
def search(
    query: Annotated[str, typer.Argument(help='Words to find; "exact phrase", word*, OR, NOT work too.')],
    session: SessionFilter = None,
    url_prefix: Annotated[str | None, typer.Option("--url-prefix", help="Only URLs starting so.")] = None,
    mime: Annotated[
        str | None, typer.Option("--mime", help="Only this type, e.g. json or text/html.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=100, help="Hits at most.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hits as JSON.")] = False,
    model_view: ModelView = False,
    data_dir: DataDir = None,
) -> None:
    """Search archived documents by words (BM25 ranking)."""
    from waypost.archive.render import render_hits
    from waypost.cli.render import hits_for_people

    store = _open(data_dir)
    try:
        hits = store.search(query, session_id=session, url_prefix=url_prefix, mime=mime, limit=limit)
    except WaypostError as exc:
        raise _fail(exc) from None
    finally:
        store.close()
    if as_json:
        rows = [{**vars(h), "fetched": h.fetched.isoformat()} for h in hits]
        out.print_json(json.dumps(rows, ensure_ascii=False))
    elif model_view:
        out.print(render_hits(query, hits), markup=False, highlight=False, soft_wrap=True)
    else:
        out.print(hits_for_people(query, hits), highlight=False, soft_wrap=True)


@archive_app.command("show")
def show(
    doc_id: Annotated[str, typer.Argument(help="The document id, e.g. 42.")],
    offset: Annotated[int, typer.Option("--offset", min=0, help="Character to start at.")] = 0,
    length: Annotated[int, typer.Option("--length", min=1, help="Characters to show.")] = 2000,
    raw: Annotated[bool, typer.Option("--raw", help="Print the body exactly as received.")] = False,
    model_view: ModelView = False,
    data_dir: DataDir = None,
) -> None:
    """Show an archived document's text (or its raw body)."""
    from waypost.archive.render import render_document
    from waypost.cli.render import document_for_people

    store = _open(data_dir)
    try:
        if raw:
            _, body = store.get_raw(doc_id)
            if body is None:
                raise _fail(f"document {doc_id} has no archived body. Show it without --raw.")
            typer.echo(body, nl=False)
            return
        doc = store.get(doc_id, offset, length)
    except WaypostError as exc:
        raise _fail(exc) from None
    finally:
        store.close()
    if model_view:
        out.print(render_document(doc), markup=False, highlight=False, soft_wrap=True)
    else:
        out.print(document_for_people(doc), highlight=False, soft_wrap=True)


def _stats_table(stats: ArchiveStats) -> Table:
    from rich.table import Table

    table = Table("", "", title=stats.path, show_header=False)
    table.add_row("documents", str(stats.documents))
    table.add_row("distinct bodies", f"{stats.bodies} ({stats.body_bytes / 1e6:.1f} MB)")
    table.add_row("file size", f"{stats.file_bytes / 1e6:.1f} MB")
    table.add_row("sessions", str(stats.sessions))
    table.add_row("failed requests", str(stats.failed))
    table.add_row("unreadable bodies", str(stats.unreadable))
    when = (
        f"{stats.oldest:%Y-%m-%d %H:%M} - {stats.newest:%Y-%m-%d %H:%M} UTC"
        if stats.oldest and stats.newest
        else "-"
    )
    table.add_row("fetched", when)
    table.add_row(
        "by type", ", ".join(f"{k.lower()} {v}" for k, v in sorted(stats.by_category.items())) or "-"
    )
    return table


@archive_app.command("stats")
def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Show how much the archive holds."""
    store = _open(data_dir)
    try:
        figures = store.stats()
    finally:
        store.close()
    if as_json:
        data = {**vars(figures), "oldest": str(figures.oldest or ""), "newest": str(figures.newest or "")}
        out.print_json(json.dumps(data))
    else:
        out.print(_stats_table(figures))


@archive_app.command("prune")
def prune(
    older_than: Annotated[str, typer.Option("--older-than", help="Age to delete, e.g. 30d, 12h, 2w.")],
    vacuum: Annotated[bool, typer.Option("--vacuum", help="Also shrink the file afterwards.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Delete documents fetched longer ago than --older-than."""
    import time

    age = parse_duration(older_than)
    store = _open(data_dir)
    try:
        result = store.prune(time.time() - age.total_seconds())
        if vacuum:
            store.vacuum()
    except WaypostError as exc:
        raise _fail(exc) from None
    finally:
        store.close()
    out.print(
        f"Deleted {result.documents} document(s) and {result.bodies} body/bodies older than {older_than}."
    )


@archive_app.command("export")
def export(
    har: Annotated[Path, typer.Option("--har", help="The HAR file to write.")],
    session: SessionFilter = None,
    data_dir: DataDir = None,
) -> None:
    """Export the archive as a HAR 1.2 file (opens in browser devtools)."""
    from waypost.archive.har import write_har

    store = _open(data_dir)
    try:
        count = write_har(store, har, session_id=session)
    except (WaypostError, OSError) as exc:
        raise _fail(exc) from None
    finally:
        store.close()
    out.print(f"Wrote {count} entries to {har}.")
