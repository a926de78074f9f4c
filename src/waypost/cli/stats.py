"""``waypost stats``: one group for the stores' statistics.

``planner`` (how Planner-RAG steps went: tokens, latency, rounds, hit@k, success), ``retrieval``
(the same as ``waypost retrieval stats``) and ``archive`` (the same as ``waypost archive stats``).
"""

from __future__ import annotations

import typer
from rich.table import Table

from waypost.cli import archive as archive_cli
from waypost.cli import retrieval as retrieval_cli
from waypost.cli.options import data_dir_of, data_dir_option, out

stats_app = typer.Typer(help="Statistics of Waypost's stores.", no_args_is_help=True)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f} %"


def _num(value: float | None, unit: str = "") -> str:
    return "–" if value is None else f"{value:,.1f}{unit}"


@stats_app.command()
def planner(
    data_dir: data_dir_option("planner.db lives") = None,
) -> None:
    """Per planner mode: steps, success, tokens per step, planning latency, query rounds, hit@k."""
    from waypost.planning.telemetry import DB_FILE, PlannerStore, summarize  # here: start-up speed

    directory = data_dir_of(data_dir)
    if not (directory / DB_FILE).is_file():
        # An empty store is no error: say so and succeed.
        out.print(f"No planner runs yet in {directory} (steps are logged by runs with --planner-mode rag).")
        return
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


stats_app.command("retrieval")(retrieval_cli.stats)
stats_app.command("archive")(archive_cli.stats)
