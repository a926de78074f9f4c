"""``waypost stats planner``: how Planner-RAG steps went (tokens, latency, rounds, hit@k, success)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from waypost.planning.telemetry import DB_FILE, PlannerStore, summarize

stats_app = typer.Typer(help="Statistics of Waypost's stores.", no_args_is_help=True)

out = Console()
err = Console(stderr=True)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f} %"


def _num(value: float | None, unit: str = "") -> str:
    return "–" if value is None else f"{value:,.1f}{unit}"


@stats_app.command()
def planner(
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir", help="Where planner.db lives (default: WAYPOST_DATA_DIR or the platform's)."
        ),
    ] = None,
) -> None:
    """Per planner mode: steps, success, tokens per step, planning latency, query rounds, hit@k."""
    if data_dir is None:
        from waypost.config import Settings

        data_dir = Settings().data_dir
    directory = data_dir.expanduser()
    if not (directory / DB_FILE).is_file():
        err.print(
            f"No {DB_FILE} in {directory}: no planner step has been logged yet (run with --planner-mode rag)."
        )
        raise typer.Exit(1)
    stats = summarize(PlannerStore.for_data_dir(directory).steps())
    table = Table(title=f"Planner steps ({directory / DB_FILE})")
    columns = ("mode", "steps", "success", "tokens in", "tokens out", "latency p50", "p95", "rounds", "hit@k")
    for col in (*columns, "index cache"):
        table.add_column(col, justify="left" if col == "mode" else "right")
    for s in stats:
        table.add_row(
            s.mode,
            str(s.steps),
            _pct(s.success),
            _num(s.tokens_in),
            _num(s.tokens_out),
            _num(s.latency_p50, " ms"),
            _num(s.latency_p95, " ms"),
            _num(s.rounds),
            _pct(s.hit_at_k),
            _pct(s.cache_hit_rate),
        )
    out.print(table)
