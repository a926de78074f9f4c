"""The ``waypost`` command line, run as a user would run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def waypost(*args: str, data_dir: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WAYPOST_LOOPBACK_ONLY": "true", "WAYPOST_DATA_DIR": str(data_dir)}
    return subprocess.run(
        [sys.executable, "-m", "waypost.cli", *args], capture_output=True, text=True, env=env, timeout=timeout
    )


def test_navigate_prints_the_view_and_json(tmp_path: Path, demo_site) -> None:
    done = waypost(
        "navigate", demo_site.url + "/", "--hint", "Politik", "--session", "cli", data_dir=tmp_path
    )
    assert done.returncode == 0, done.stderr
    # For people by default: title, URL, text, numbered links with whole URLs; no words for a model.
    assert done.stdout.startswith(f"Waypost Nachrichten\n{demo_site.url}/ · HTTP 200\n")
    assert 'Links (matching "Politik" first)' in done.stdout
    assert f" 1. Mehr aus Politik ›  {demo_site.url}/politik/" in done.stdout
    for model_words in ("You are on:", "Call research_navigate", "For Mehr aus Politik", "<<<"):
        assert model_words not in done.stdout
    # The exact model view on request.
    model = waypost(
        "navigate",
        demo_site.url + "/",
        "--hint",
        "Politik",
        "--model-view",
        "--session",
        "cli2",
        data_dir=tmp_path,
    )
    assert model.returncode == 0, model.stderr
    assert model.stdout.startswith("You are on: Waypost Nachrichten")
    assert "For Mehr aus Politik ›: /politik/" in model.stdout
    assert "Call research_navigate with one of these URLs." in model.stdout
    done = waypost("navigate", demo_site.url + "/politik/", "--json", data_dir=tmp_path)
    data = json.loads(done.stdout)
    assert data["status"] == 200 and data["final_url"] == demo_site.url + "/politik/"
    assert data["tokens"] <= 1300 and len(data["links"]) > 5


def test_bad_input_gets_a_clear_error_and_exit_code(tmp_path: Path) -> None:
    done = waypost("navigate", "file:///etc/passwd", data_dir=tmp_path)
    assert done.returncode == 1 and "only http and https" in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1
    done = waypost("navigate", "http://127.0.0.1:9/", "--session", "../x", data_dir=tmp_path)
    assert done.returncode == 1 and "Invalid session_id" in done.stderr
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    done = waypost("navigate", "http://127.0.0.1:9/", data_dir=not_a_folder)
    assert done.returncode == 1 and "data dir" in done.stderr and "Traceback" not in done.stderr
    done = waypost("sessions", "clear", "../../etc", data_dir=tmp_path)
    assert done.returncode == 1 and "Invalid session_id" in done.stderr


def test_sessions_list_and_clear(tmp_path: Path, demo_site) -> None:
    assert waypost("navigate", demo_site.url + "/", "--session", "keepme", data_dir=tmp_path).returncode == 0
    listed = waypost("sessions", "list", data_dir=tmp_path)
    assert "keepme" in listed.stdout
    cleared = waypost("sessions", "clear", "keepme", data_dir=tmp_path)
    assert cleared.returncode == 0 and "Cleared" in cleared.stdout
    assert "keepme" not in waypost("sessions", "list", data_dir=tmp_path).stdout


def test_demo_runs_the_main_job(tmp_path: Path) -> None:
    done = waypost("demo", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Waypost Nachrichten\nhttp://" in done.stdout
    assert "following the hinted link" in done.stdout and "/politik/ · HTTP 200" in done.stdout
    assert "Already on Politik" in done.stdout  # and showed the loop breaker
    assert "Call research_navigate" not in done.stdout
    # Then the agent, with the offline planner, did the task and answered.
    assert "Answer:" in done.stdout and "Koalition einigt sich" in done.stdout.split("Answer:")[1]


def test_demo_runs_the_agent_and_replays_what_it_learned(tmp_path: Path) -> None:
    done = waypost("demo", data_dir=tmp_path, timeout=240)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "Koalition einigt sich nach Marathonsitzung auf Haushalt 2026" in out
    assert "learned the skill" in out  # the first run taught something...
    assert "steps replayed from a learned skill without a model" in out  # ...the second used it
    assert out.count("success") == 2


def test_version_short_help_and_an_empty_planner_store(tmp_path: Path) -> None:
    from waypost.version import __version__

    version = waypost("--version", data_dir=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"waypost {__version__}"
    short = waypost("-h", data_dir=tmp_path)
    assert short.returncode == 0 and "Usage: " in short.stdout
    empty = waypost("stats", "planner", data_dir=tmp_path / "empty")
    assert empty.returncode == 0 and "No planner runs yet" in empty.stdout


def test_skills_list_keeps_long_names_whole_and_export_takes_a_file_name(tmp_path: Path) -> None:
    from waypost.skills import Skill, SkillLibrary

    long_name = "open-the-politics-section-and-read-its-top-headline-twice"
    library = SkillLibrary(tmp_path).open()
    try:
        library.add(Skill(name=long_name, description="A long description " * 8, instructions="Do it."))
    finally:
        library.close()
    env = {**os.environ, "WAYPOST_DATA_DIR": str(tmp_path), "COLUMNS": "60"}
    listed = subprocess.run(
        [sys.executable, "-m", "waypost.cli", "skills", "list"], capture_output=True, text=True, env=env
    )
    assert listed.returncode == 0 and long_name in listed.stdout  # whole, on one line, copyable
    exported = subprocess.run(
        [sys.executable, "-m", "waypost.cli", "skills", "export", "skills.yaml"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert exported.returncode == 0, exported.stderr
    assert long_name in (tmp_path / "skills.yaml").read_text()
