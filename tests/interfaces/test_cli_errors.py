"""The CLI's one error format, its choices and its shared options.

Every failure is one line on stderr: ``error: <what happened>. <what to do>``, naming the option
or the ``WAYPOST_*`` variable; bad options and bad settings exit with 2, failures with 1. None of
these tests starts a browser: each fails before one would be needed.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from waypost.cli.main import app

runner = CliRunner()


def waypost(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    full = {**os.environ, "COLUMNS": "200", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "waypost.cli", *args],
        capture_output=True,
        text=True,
        env=full,
        timeout=120,
        cwd=cwd,
    )


def one_error_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert lines[0].startswith("error: "), text
    assert "Traceback" not in text and "pydantic" not in text and "errors.pydantic.dev" not in text
    return lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["sessions", "list"],
        ["archive", "stats"],
        ["skills", "list"],
        ["stats", "planner"],
        ["navigate", "http://127.0.0.1:9/"],
        ["run", "say hello"],
    ],
    ids=" ".join,
)
def test_a_bad_setting_is_one_line_naming_the_variable_with_exit_2(args: list[str], tmp_path: Path) -> None:
    done = waypost(*args, env={"WAYPOST_MAX_CONTEXTS": "abc", "WAYPOST_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2, done.stderr
    line = one_error_line(done.stderr)
    assert line.startswith("error: WAYPOST_MAX_CONTEXTS='abc' is not valid: input should be a valid integer")
    assert "Set WAYPOST_MAX_CONTEXTS to a valid value or unset it" in line
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("WAYPOST_RETRY__TRIES", "x", "input should be a valid integer"),
        ("WAYPOST_RETRY_TRIES", "0", "greater than or equal to 1"),
        ("WAYPOST_APPROVE", "sometimes", "approve must be ask, always or deny"),
        ("WAYPOST_HEADLESS", "perhaps", "valid boolean"),
        ("WAYPOST_PLANNER_MODE", "fast", "'rag' or 'full'"),
    ],
)
def test_nested_and_other_bad_values_name_what_was_set(
    variable: str, value: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(variable, value)
    result = runner.invoke(app, ["sessions", "list", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    line = one_error_line(result.output)
    assert line.startswith(f"error: {variable}={value!r} is not valid: ") and said in line, line


def test_a_bad_output_path_is_refused_before_the_run(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", "x", "--data-dir", str(tmp_path), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder" in one_error_line(result.output)


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["run", "x", "--approve", "maybe"], 2, "Invalid value for '--approve': 'maybe' is not one of"),
        (["run", "x", "--planner-mode", "fast"], 2, "Invalid value for '--planner-mode'"),
        (
            ["batch", "t.jsonl", "--out", "o.jsonl", "--approve", "ask"],
            2,
            "'ask' is not one of 'deny', 'always'",
        ),
        (["navigate"], 2, "Missing argument 'url'. See 'waypost navigate --help'."),
        (["navigate", "x", "--nosuch"], 2, "No such option: --nosuch"),
        (["nosuch"], 2, "No such command 'nosuch'"),
        (["archive", "show", "99"], 1, "There is no archived document 99"),
        (["archive", "search", '"unclosed'], 1, "is not valid search syntax"),
        (["skills", "show", "no-such-skill"], 1, "no-such-skill"),
        (["sessions", "clear", "../etc"], 1, "Invalid session_id"),
        (["vfs", "ls", "ghost"], 1, "no run with thread id 'ghost'"),
        (["retrieval", "train"], 1, "nothing has been logged yet"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else None,
)
def test_every_failure_is_one_error_line(args: list[str], code: int, said: str, tmp_path: Path) -> None:
    from waypost.archive import ArchiveStore

    ArchiveStore(tmp_path / "archive.db").close()
    result = runner.invoke(app, [*args, "--data-dir", str(tmp_path)], prog_name="waypost")
    if args in (["navigate"], ["nosuch"]):  # these fail before --data-dir could be read
        result = runner.invoke(app, args, prog_name="waypost")
    assert result.exit_code == code, result.output
    assert said in one_error_line(result.output)


def test_help_lists_the_choices(tmp_path: Path) -> None:
    run_help = waypost("run", "--help").stdout
    assert "[ask|always|deny]" in run_help and "[full|rag]" in run_help
    assert "[deny|always]" in waypost("batch", "--help").stdout
    assert "[local|ray]" in waypost("batch", "--help").stdout
    assert "[ask|always|deny]" in waypost("mcp", "--help").stdout


def test_never_is_still_taken_as_deny_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from waypost.approval import ApprovalGate
    from waypost.cli.options import choice
    from waypost.config import Settings, approve

    monkeypatch.setattr(approve, "_warned", set())
    monkeypatch.setenv("WAYPOST_APPROVE", "never")
    with caplog.at_level(logging.WARNING, logger="waypost.approval"):
        assert Settings().approve == "deny"
        assert Settings(approve="never").approve == "deny"
        assert ApprovalGate("never").policy == "deny"
    warnings = [r for r in caplog.records if "deprecated" in r.getMessage()]
    assert len(warnings) == 1 and "'deny'" in warnings[0].getMessage()
    assert choice(("ask", "always", "deny"), {"never": "deny"}, "--approve")("never") == "deny"
    with pytest.raises(ValueError, match="approve must be ask, always or deny"):
        ApprovalGate("sometimes")  # type: ignore[arg-type]


def test_approve_never_on_the_command_line_warns_and_works(tmp_path: Path) -> None:
    done = waypost("run", "--approve", "never", "--data-dir", str(tmp_path))  # no task: stops after parsing
    assert "warning: --approve never is deprecated; write --approve deny" in done.stderr
    assert done.returncode == 2 and "error: give a task" in done.stderr


# The options every command shares, built once in waypost.cli.options. A row says which of them a
# command has; the same option has the same help text wherever it appears.
SHARED = (
    "--session",
    "--data-dir",
    "--cdp-url",
    "--headful",
    "--loopback-only",
    "--approve",
    "--planner-mode",
)
MATRIX = {
    "navigate": {"--session", "--data-dir", "--cdp-url", "--headful", "--loopback-only"},
    "run": {
        "--session",
        "--data-dir",
        "--cdp-url",
        "--headful",
        "--loopback-only",
        "--approve",
        "--planner-mode",
    },
    "batch": {"--data-dir", "--headful", "--loopback-only", "--approve", "--planner-mode"},
    "demo": {"--data-dir", "--headful"},
    "mcp": {"--data-dir", "--cdp-url", "--headful", "--loopback-only", "--approve"},
    "serve": {"--data-dir", "--cdp-url", "--headful", "--loopback-only", "--approve"},
    "sessions list": {"--data-dir"},
    "sessions clear": {"--data-dir"},
    "archive search": {"--session", "--data-dir"},
    "archive export": {"--session", "--data-dir"},
    "archive show": {"--data-dir"},
    "skills list": {"--data-dir"},
    "vfs ls": {"--data-dir"},
    "stats planner": {"--data-dir"},
    "retrieval stats": {"--data-dir"},
}


def _command(path: str):
    command = get_command(app)
    for name in path.split():
        command = command.commands[name]  # type: ignore[attr-defined]
    return command


def test_shared_options_are_on_every_command_where_they_apply() -> None:
    for path, expected in MATRIX.items():
        names = {opt for param in _command(path).params for opt in getattr(param, "opts", [])}
        have = {option for option in SHARED if option in names}
        assert have == expected, (path, have ^ expected)


def test_shared_options_read_the_same_everywhere() -> None:
    helps: dict[str, set[str]] = {}
    for path in ("navigate", "run", "mcp", "serve", "batch", "demo"):
        for param in _command(path).params:
            for option in set(getattr(param, "opts", [])) & {
                "--data-dir",
                "--cdp-url",
                "--headful",
                "--loopback-only",
            }:
                helps.setdefault(option, set()).add(param.help)
    assert all(len(texts) == 1 for texts in helps.values()), helps
    assert "--headless" in {o for p in _command("run").params for o in getattr(p, "secondary_opts", [])}


def test_a_bad_model_setting_is_named_too(tmp_path: Path) -> None:
    # Read by the model settings when the run starts, not by the CLI's own settings.
    done = waypost("run", "say hello", "--data-dir", str(tmp_path), env={"WAYPOST_STRICT_TOOLS": "maybe"})
    assert done.returncode == 2
    assert one_error_line(done.stderr).startswith("error: WAYPOST_STRICT_TOOLS='maybe' is not valid")
