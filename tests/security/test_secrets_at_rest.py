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
