"""What every ``waypost`` command shares: the consoles, the ``--data-dir`` option, settings from
options, and the one-line error message (the CLI's one place for it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from waypost.config import Settings

out = Console()
# Errors are one line whatever the terminal width, so they can be read and copied whole.
err = Console(stderr=True, soft_wrap=True)


def data_dir_option(what: str) -> Any:
    """The ``--data-dir`` option, its help saying what lives there (e.g. ``"skills.db lives"``)."""
    return Annotated[
        Path | None,
        typer.Option("--data-dir", help=f"Where {what} (default: WAYPOST_DATA_DIR or the platform's)."),
    ]


def fail(exc: BaseException, *, kind: bool = False) -> typer.Exit:
    """Print a failure as one line on stderr and return the ``Exit(1)`` to raise.

    Args:
        exc: What went wrong (its message says what to do next).
        kind: Lead with the error's class name instead of ``Error``.
    """
    label = type(exc).__name__ if kind else "Error"
    err.print(f"[red]{label}:[/red] {exc}", highlight=False)
    return typer.Exit(1)


def data_dir_of(data_dir: Path | None) -> Path:
    """The data dir an option names, else the settings' (``Exit(2)`` on a bad ``WAYPOST_*`` value)."""
    if data_dir is not None:
        return data_dir.expanduser()
    return Path(cli_settings().data_dir)


def cli_settings(
    data_dir: Path | None = None, cdp_url: str | None = None, headful: bool = False, **extra: Any
) -> Settings:
    """Build :class:`Settings` from CLI options over ``WAYPOST_*`` variables.

    Raises:
        typer.Exit: With code 2 and a one-line message when a value is invalid.
    """
    values: dict[str, Any] = {k: v for k, v in extra.items() if v is not None}
    if data_dir is not None:
        values["data_dir"] = data_dir
    if cdp_url:
        values["cdp_url"] = cdp_url
    if headful:
        values["headless"] = False
    try:
        return Settings(**values)
    except Exception as exc:  # pydantic's ValidationError: show it as a setting problem
        err.print(f"[red]Invalid setting:[/red] {exc}", highlight=False)
        raise typer.Exit(2) from None
