"""Settings from command-line options, shared by every ``waypost`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from waypost.config import Settings


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
        Console(stderr=True).print(f"[red]Invalid setting:[/red] {exc}", highlight=False)
        raise typer.Exit(2) from None
