"""``waypost retrieval stats`` and ``waypost retrieval train``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from waypost.cli.options import data_dir_of, data_dir_option, fail, out

if TYPE_CHECKING:
    from waypost.retrieval.memory import RetrievalStore

# The retrieval modules are imported inside the commands: for start-up speed.

retrieval_app = typer.Typer(
    help="Element retrieval: statistics and re-ranker training.", no_args_is_help=True
)

DataDir = data_dir_option("retrieval.db lives")


def _open(data_dir: Path | None) -> RetrievalStore:
    from waypost.retrieval.memory import DB_FILE, RetrievalStore

    directory = data_dir_of(data_dir)
    if not (directory / DB_FILE).is_file():
        raise fail(
            f"no {DB_FILE} in {directory}: nothing has been logged yet. Actions (act, waypost run) log there"
        )
    return RetrievalStore.for_data_dir(directory)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f} %"


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} ms"


@retrieval_app.command()
def stats(data_dir: DataDir = None) -> None:
    """Print top-1 rate, recall@k, LLM rate and latency of logged actions."""
    from waypost.retrieval.memory import DB_FILE
    from waypost.retrieval.telemetry import summarize

    directory = data_dir_of(data_dir)
    if not (directory / DB_FILE).is_file():
        # Nothing logged yet is no error: say so and succeed (like `waypost stats planner`).
        out.print(f"No actions logged yet in {directory} (act and waypost run log them).")
        return
    with _open(data_dir) as store:
        s = summarize(store.actions())
        learned = store.selector_count()
    table = Table("measure", "value", title="Element retrieval")
    table.add_row("actions logged", str(s.actions))
    table.add_row("ranked (not from memory)", str(s.ranked))
    table.add_row("with known right element", str(s.with_outcome))
    table.add_row("top-1 rate", _pct(s.top1_rate))
    table.add_row("recall@k", _pct(s.recall_at_k))
    table.add_row("LLM asked", _pct(s.llm_rate))
    table.add_row("unsure (nothing done)", _pct(s.unsure_rate))
    table.add_row("served from memory", _pct(s.memory_rate))
    table.add_row("success", _pct(s.success_rate))
    table.add_row("latency p50 (inventory+rank+validate)", _ms(s.p50_ms))
    table.add_row("latency p95", _ms(s.p95_ms))
    table.add_row("learned selectors", str(learned))
    out.print(table)


@retrieval_app.command("train")
def train_command(
    data_dir: DataDir = None,
    epochs: Annotated[int, typer.Option("--epochs", min=10, max=5000, help="Gradient steps.")] = 300,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Fit and report, but write nothing.")] = False,
) -> None:
    """Refit the re-ranker's weights from logged outcomes; writes <data-dir>/retrieval-weights.json."""
    from waypost.files import private_dir, write_output
    from waypost.retrieval.rerank import WEIGHTS_FILE, load_model
    from waypost.retrieval.training import MIN_EXAMPLES, train

    directory = data_dir_of(data_dir)
    target = directory / WEIGHTS_FILE
    with _open(data_dir) as store:
        report = train(store, load_model(target), epochs=epochs)
    if report.examples < MIN_EXAMPLES:
        out.print(
            f"Only {report.examples} usable logged action(s); at least {MIN_EXAMPLES} are needed. "
            "Weights unchanged."
        )
        return
    out.print(
        f"Fitted on {report.examples} actions: top-1 {_pct(report.top1_before)} → {_pct(report.top1_after)}, "
        f"log loss {report.log_loss_before:.3f} → {report.log_loss_after:.3f}."
    )
    if dry_run:
        out.print("Dry run: nothing written.")
        return
    private_dir(target.parent)
    write_output(target, report.model.to_json())
    out.print(f"Wrote {target}; Waypost uses it from the next start.")
