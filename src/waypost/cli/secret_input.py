"""``waypost run --secret NAME[@DOMAIN,...]``: read a secret's value without echo.

A secret already given as ``WAYPOST_SECRET_<NAME>`` is not asked for again. The value goes into
the run's settings only; it is never printed, and the model sees ``<secret:NAME>``.
"""

from __future__ import annotations

from typing import Any

import typer

from waypost.cli.options import usage
from waypost.config import Secret, SecretStore, Settings


def parse_secret_option(option: str) -> tuple[str, tuple[str, ...]]:
    """``bank_pin@bank.example,login.bank.example`` → ``("bank_pin", ("bank.example", ...))``."""
    name, _, domains = option.partition("@")
    return name.strip(), tuple(d.strip() for d in domains.split(",") if d.strip())


def with_secrets(settings: Settings, options: list[str]) -> Settings:
    """``settings`` with the secrets the ``--secret`` options name, each read without echo.

    Raises:
        typer.Exit: With code 2 and a one-line message for a bad name or a too short value.
    """
    if not options:
        return settings
    secrets: dict[str, Any] = dict(settings.secrets)
    for option in options:
        name, domains = parse_secret_option(option)
        try:
            SecretStore().add(name, "x" * 8)  # a bad name is refused before the value is asked for
            known = secrets.get(name)
            if known is None:
                value = typer.prompt(f"Value of secret {name}", hide_input=True, err=True)
                known = Secret(value)
            secrets[name] = Secret(known.value, domains=domains or known.domains)
            SecretStore({name: secrets[name]})  # checks the name
        except ValueError as exc:
            reason = exc.errors()[0]["msg"] if hasattr(exc, "errors") else str(exc)
            usage(f"--secret {name}: {reason}")
    return settings.model_copy(update={"secrets": secrets})
