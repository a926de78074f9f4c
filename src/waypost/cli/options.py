"""What every ``waypost`` command shares: the consoles, the options, settings from options, and the
one-line error message (the CLI's one place for it).

Each option is built once here and reused, so ``--session`` or ``--data-dir`` read and behave the
same on every command. To add one, define it here next to its kin and use it as a parameter type::

    def my_command(session: Session = "default", data_dir: DataDir = None) -> None: ...

Start-up speed: this module imports only Typer, Click, Rich and the standard library. The settings
(pydantic) and everything below them are imported inside the functions that need them, so
``waypost --help`` and ``waypost --version`` stay fast.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console

if TYPE_CHECKING:
    from waypost.config import Settings


class LazyConsole:
    """A Rich console made when first used, and made anew when what Rich reads then has changed.

    Rich fixes a console's width (``COLUMNS``), colours (``NO_COLOR``, ``FORCE_COLOR``, ``TERM``...)
    and whether it is a terminal when the console is made. Made at import time, the consoles kept
    the settings of whoever imported this module first: a test run with ``COLUMNS=200`` printed
    at the width of an earlier one. This one is made at the first print, for the stream and the
    variables in force then, and again when either changes (an embedding program or a test runner
    swapping ``sys.stdout`` between runs). Attribute access goes to the console; code that must hold
    the console itself (``rich.live.Live``) takes :attr:`console`.
    """

    _READS = (
        "COLUMNS",
        "LINES",
        "TERM",
        "COLORTERM",
        "NO_COLOR",
        "FORCE_COLOR",
        "TTY_COMPATIBLE",
        "TTY_INTERACTIVE",
        "JUPYTER_COLUMNS",
        "JUPYTER_LINES",
    )

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._lock = threading.Lock()
        self._console: Console | None = None
        self._stream: object = None
        self._environ: tuple[str | None, ...] = ()

    @property
    def console(self) -> Console:
        """The console for the current stream and terminal variables."""
        stream = sys.stderr if self._options.get("stderr") else sys.stdout
        environ = tuple(os.environ.get(name) for name in self._READS)
        with self._lock:
            if self._console is None or stream is not self._stream or environ != self._environ:
                self._console, self._stream, self._environ = Console(**self._options), stream, environ
            return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console, name)


out = LazyConsole()
# Errors are one line whatever the terminal width, so they can be read and copied whole.
err = LazyConsole(stderr=True, soft_wrap=True, highlight=False)


def choice(values: tuple[str, ...], aliases: dict[str, str] | None = None, option: str = "") -> Any:
    """A parser for an option taking one of ``values`` (any case); old spellings in ``aliases`` are
    mapped to their new name with a warning. ``--help`` lists only ``values`` (see :func:`choices`).
    """

    def parse(value: Any) -> str:
        text = str(value).strip().lower()
        if aliases and text in aliases:
            warn(f"{option} {text} is deprecated; write {option} {aliases[text]} (it does the same)")
            text = aliases[text]
        if text not in values:
            listed = ", ".join(repr(v) for v in values)
            raise typer.BadParameter(f"{value!r} is not one of {listed}")
        return text

    return parse


def choices(values: tuple[str, ...]) -> str:
    """The metavar that lists an option's choices in ``--help``: ``[a|b|c]``."""
    return "[" + "|".join(values) + "]"


APPROVE_CHOICES = ("ask", "always", "deny")
"""``ask`` a person, ``always`` do it, ``deny``: refuse it (``never`` is the old name of ``deny``)."""
PLANNER_MODES = ("full", "rag")

# ---------------------------------------------------------------------------------------------
# The options. Same name, same meaning, same help on every command that has them.
# ---------------------------------------------------------------------------------------------

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Where sessions, the archive, skills and checkpoints live "
        "(default: WAYPOST_DATA_DIR or the platform's data dir).",
        show_default=False,
    ),
]
Session = Annotated[
    str, typer.Option("--session", help="Session id: cookies and storage persist per session.")
]
SessionFilter = Annotated[str | None, typer.Option("--session", help="Only this session's documents.")]
CdpUrl = Annotated[
    str | None,
    typer.Option(
        "--cdp-url",
        help="Work inside your running Chrome/Edge, e.g. http://127.0.0.1:9222 (WAYPOST_CDP_URL).",
    ),
]
Headful = Annotated[
    bool | None,
    typer.Option(
        "--headful/--headless",
        help="Show the browser window, or not (default: WAYPOST_HEADLESS, else headless).",
        show_default=False,
    ),
]
LoopbackOnly = Annotated[
    bool | None,
    typer.Option(
        "--loopback-only/--any-host",
        help="Only allow requests to this machine (127.0.0.0/8, ::1), or any host "
        "(default: WAYPOST_LOOPBACK_ONLY, else any host).",
        show_default=False,
    ),
]
Approve = Annotated[
    str,
    typer.Option(
        "--approve",
        parser=choice(APPROVE_CHOICES, {"never": "deny"}, "--approve"),
        metavar=choices(APPROVE_CHOICES),
        help="Critical actions (buy, pay, delete, send, log in): ask a person, always do them, or deny them.",
    ),
]
SettingsApprove = Annotated[
    str | None,
    typer.Option(
        "--approve",
        parser=choice(APPROVE_CHOICES, {"never": "deny"}, "--approve"),
        metavar=choices(APPROVE_CHOICES),
        help="Critical actions asked for by a client: ask (refused when nobody can be asked), always do "
        "them, or deny them (default: WAYPOST_APPROVE, else ask).",
        show_default=False,
    ),
]
BatchApprove = Annotated[
    str,
    typer.Option(
        "--approve",
        parser=choice(("deny", "always"), {"never": "deny"}, "--approve"),
        metavar=choices(("deny", "always")),
        help="Critical actions: deny them or always do them (nobody is there to ask in a batch).",
    ),
]
PlannerMode = Annotated[
    str | None,
    typer.Option(
        "--planner-mode",
        parser=choice(PLANNER_MODES),
        metavar=choices(PLANNER_MODES),
        help="How the agent plans: full page views, or rag (evidence on request) "
        "(default: WAYPOST_PLANNER_MODE, else full).",
        show_default=False,
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the typed result as JSON.")]
ModelView = Annotated[
    bool,
    typer.Option("--model-view", help="Print exactly what a model reads (default: a view for people)."),
]


def data_dir_option(what: str) -> Any:
    """The ``--data-dir`` option, its help saying what lives there (e.g. ``"skills.db lives"``)."""
    return Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help=f"Where {what} (default: WAYPOST_DATA_DIR or the platform's data dir).",
            show_default=False,
        ),
    ]


# ---------------------------------------------------------------------------------------------
# Errors and warnings: `error: <what happened>. <what to do>` on one line of stderr.
# ---------------------------------------------------------------------------------------------


def say_error(message: str) -> None:
    """Print ``error: MESSAGE`` as one line on stderr (the CLI's one error format)."""
    text = " ".join(str(message).split()) or "something went wrong"
    err.print(f"[red]error:[/red] {text}", markup=True, highlight=False, soft_wrap=True)


def warn(message: str) -> None:
    """Print ``warning: MESSAGE`` as one line on stderr."""
    err.print(f"[yellow]warning:[/yellow] {' '.join(message.split())}", highlight=False)


def fail(exc: BaseException | str, *, code: int = 1, kind: bool = False) -> typer.Exit:
    """Print a failure as one ``error: ...`` line on stderr and return the ``Exit`` to raise.

    Args:
        exc: What went wrong (its message says what to do next), or the message itself.
        code: The exit status: 1 for a failure, 2 for a bad option or setting.
        kind: Ignored; kept so that callers written for the old format still work.
    """
    del kind
    say_error(str(exc) if isinstance(exc, str) else _message(exc))
    if not isinstance(exc, str) and _is_validation_error(exc):
        code = 2  # a bad WAYPOST_* value read deeper down (e.g. the model settings) is a setting error
    return typer.Exit(code)


def usage(message: str) -> NoReturn:
    """Refuse bad options: one ``error:`` line and exit status 2."""
    say_error(message)
    raise typer.Exit(2)


def _message(exc: BaseException) -> str:
    if _is_validation_error(exc):
        return describe_setting_error(exc)
    return str(exc) or type(exc).__name__


def _is_validation_error(exc: BaseException) -> bool:
    return type(exc).__name__ == "ValidationError" and type(exc).__module__.startswith("pydantic")


# The section of Settings each settings class is (see waypost.config).
_SECTION = {"RetrySettings": "retry", "ArchiveSettings": "archive", "RetrievalSettings": "retrieval"}


def _variable(title: str, loc: list[str]) -> str:
    """The ``WAYPOST_*`` variable a field was read from: nested fields can be spelled with ``__``
    (``WAYPOST_RETRY__TRIES``) or with the section's own prefix (``WAYPOST_RETRY_TRIES``)."""
    import os

    full = ([_SECTION[title]] if title in _SECTION else []) + loc
    nested = "WAYPOST_" + "__".join(full).upper()
    spellings = [nested, "WAYPOST_" + "_".join(full).upper()]
    present = {key.upper() for key in os.environ}
    return next((name for name in spellings if name in present), nested)


def describe_setting_error(exc: Any, options: dict[str, str] | None = None) -> str:
    """One line for a pydantic ``ValidationError`` of the settings: which variable or option, what to do.

    Args:
        exc: The ``ValidationError``.
        options: Field name -> the CLI option that set it (named instead of the variable).
    """
    problems = exc.errors(include_url=False)
    first = problems[0] if problems else {"loc": (), "msg": str(exc)}
    loc = [str(part) for part in first.get("loc", ()) if not isinstance(part, int)]
    option = (options or {}).get(loc[0]) if loc else None
    name = option or (_variable(str(getattr(exc, "title", "")), loc) if loc else "a WAYPOST_* variable")
    msg = str(first.get("msg", "not valid"))
    msg = msg[:1].lower() + msg[1:]
    if msg.startswith("value error, "):
        msg = msg[len("value error, ") :]
    value = first.get("input")
    shown = f"={value!r}" if isinstance(value, str | int | float) and len(repr(value)) <= 60 else ""
    more = f" ({len(problems) - 1} more problem(s) after this one)" if len(problems) > 1 else ""
    todo = f"Give {name} a valid value" if option else f"Set {name} to a valid value or unset it"
    return f"{name}{shown} is not valid: {msg.rstrip('.')}{more}. {todo} (see 'Configuration' in README.md)."


def cli_settings(
    data_dir: Path | None = None,
    cdp_url: str | None = None,
    headful: bool | None = None,
    **extra: Any,
) -> Settings:
    """Build :class:`Settings` from CLI options over ``WAYPOST_*`` variables.

    Options left at ``None`` leave the setting to its variable or default.

    Raises:
        typer.Exit: With code 2 and a one-line message naming the variable or option when a value
            is invalid.
    """
    from waypost.config import Settings  # here, not at the top: start-up speed

    values: dict[str, Any] = {k: v for k, v in extra.items() if v is not None}
    if data_dir is not None:
        values["data_dir"] = data_dir
    if cdp_url:
        values["cdp_url"] = cdp_url
    if headful is not None:
        values["headless"] = not headful
    options = {field: "--" + field.replace("_", "-") for field in values}
    if headful is not None:
        options["headless"] = "--headful" if headful else "--headless"
    try:
        return Settings(**values)
    except Exception as exc:
        if not _is_validation_error(exc):
            raise
        say_error(describe_setting_error(exc, options))
        raise typer.Exit(2) from None


def data_dir_of(data_dir: Path | None) -> Path:
    """The data dir an option names, else the settings' (``Exit(2)`` on a bad ``WAYPOST_*`` value)."""
    if data_dir is not None:
        return data_dir.expanduser()
    return Path(cli_settings().data_dir)


def is_tty(stream: Any = None) -> bool:
    """Whether ``stream`` (stdout) is a terminal."""
    stream = stream or sys.stdout
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
