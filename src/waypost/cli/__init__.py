"""The ``waypost`` command: one Typer app (:mod:`waypost.cli.main`) with its sub-command groups."""

from waypost.cli.main import app, main

__all__ = ["app", "main"]
