"""Finding 9: stores and outputs are private, and a password typed in a run is in no file."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from waypost.cli import app

PASSWORD = "Zq7-hunter2-Secret"


@pytest.fixture
def login_site(monkeypatch: pytest.MonkeyPatch):
    import waypost.demo.portal as portal
    from waypost.demo import DemoSite

    monkeypatch.setattr(portal, "DEMO_PASSWORD", PASSWORD)  # the portal reads it at each login
    with DemoSite() as site:
        yield site


def files_under(*roots: Path) -> list[Path]:
    found: list[Path] = []
    for root in roots:
        found += [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
    return found


def test_a_run_that_logs_in_leaves_the_password_in_no_file_and_every_file_private(
    tmp_path, login_site
) -> None:
    data, out = tmp_path / "data", tmp_path / "run.json"
    result = CliRunner().invoke(
        app,
        [
            "run", f"Log in as demo/{PASSWORD}", "--start", login_site.url + "/login", "--out", str(out),
            "--data-dir", str(data), "--loopback-only", "--approve", "always",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    ran = json.loads(out.read_text())
    assert "/konto" in ran["answer"]  # the login worked: the account page opened
    typed = [a for a in ran["actions"] if a["tool"] == "type" and "password" in str(a["args"]).lower()]
    assert typed and set(typed[0]["args"]["text"]) == {"*"}
    assert ran["task"] == "Log in as demo/" + "*" * len(PASSWORD)
    leaks = [str(p) for p in files_under(data, out) if PASSWORD.encode() in p.read_bytes()]
    assert leaks == []
    for path in files_under(data, out):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    for folder in [data, *[p for p in data.rglob("*") if p.is_dir()]]:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert {"checkpoints.db", "retrieval.db", "skills.db", "archive.db"} <= {p.name for p in data.iterdir()}


def test_stores_made_by_any_door_are_private(tmp_path) -> None:
    from waypost.planning.telemetry import PlannerStore
    from waypost.retrieval.memory import RetrievalStore
    from waypost.skills.store import SkillStore

    for make, name in (
        (RetrievalStore, "retrieval.db"),
        (SkillStore, "skills.db"),
        (PlannerStore, "planner.db"),
    ):
        store = make(tmp_path / "fresh" / name)
        store.close()
        path = tmp_path / "fresh" / name
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
    assert stat.S_IMODE((tmp_path / "fresh").stat().st_mode) == 0o700


def test_scrubbing_a_finished_run_never_locks_out_another_runs_steps(tmp_path) -> None:
    """Runs of one data dir share the checkpoint file: emptying the log after a scrub must not
    hold the write lock while it waits for another run's reader (that run's next step would fail
    with "database is locked")."""
    import sqlite3
    import threading
    import time

    from waypost.agent.redact import scrub_checkpoints

    path = tmp_path / "checkpoints.db"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE checkpoints (thread_id TEXT, checkpoint BLOB, metadata BLOB)")
    db.execute("CREATE TABLE writes (thread_id TEXT, value BLOB)")
    db.execute("INSERT INTO checkpoints VALUES ('done', ?, '{}')", (f"typed {PASSWORD}".encode(),))
    reader = sqlite3.connect(path, isolation_level=None)  # another run, reading its state
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM checkpoints").fetchall()
    db.execute("INSERT INTO checkpoints VALUES ('other', x'00', '{}')")  # the log now has frames
    changed: list[int] = []
    scrub = threading.Thread(target=lambda: changed.append(scrub_checkpoints(path, "done", [PASSWORD])))
    scrub.start()
    time.sleep(0.2)
    writer = sqlite3.connect(path, timeout=1, isolation_level=None)  # the other run's next step
    writer.execute("INSERT INTO checkpoints VALUES ('other', x'01', '{}')")
    reader.execute("COMMIT")
    scrub.join(timeout=30)
    assert changed == [1]
    rows = db.execute("SELECT checkpoint FROM checkpoints WHERE thread_id = 'done'").fetchall()
    assert PASSWORD.encode() not in rows[0][0]
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for name in ("checkpoints.db", "checkpoints.db-wal"):
        if (tmp_path / name).exists():
            assert PASSWORD.encode() not in (tmp_path / name).read_bytes(), name
    for conn in (db, reader, writer):
        conn.close()
