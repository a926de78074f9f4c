"""Batch runs in real Chromium on the demo site: the local pool, remote browsers, resume, faults."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import make_settings
from waypost.batch import (
    BatchOptions,
    BatchWorker,
    ResultsFile,
    RunDefaults,
    TaskResult,
    TaskSpec,
    check_ray_address,
    make_engine,
    parse_tasks,
    run_batch,
)
from waypost.batch.worker import chromium_pids, task_session_id
from waypost.browser.launch import CHROMIUM_ARGS, find_chromium
from waypost.demo.server import DemoSite
from waypost.errors import ConfigError

pytestmark = pytest.mark.browser

POLITICS = "open the politics section and give me the first headline"
IMPRESSUM = "Open the Impressum"
WEATHER = "Open the weather section and tell me the forecast for Hamburg"


@pytest.fixture(scope="module")
def slow_demo() -> Iterator[DemoSite]:
    # A little latency per response, so a task is still running when a test kills its worker.
    with DemoSite(latency=0.4) as site:
        yield site


def specs(site: DemoSite, *tasks: tuple[str, str]) -> list[TaskSpec]:
    return [TaskSpec(id=i, task=t, start=site.url_for("/")) for i, t in tasks]


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# -- input and output, no browser ---------------------------------------------------------------------


def test_bad_task_lines_are_reported_with_their_numbers_and_skipped() -> None:
    text = [
        '{"id": "a", "task": "Open the Impressum"}',
        "not json",
        "",
        "# a comment",
        '{"id": "b"}',
        '{"id": "a", "task": "again"}',
        '{"id": "c", "task": "x", "session_id": "../etc"}',
        "[1, 2]",
        '{"id": 7, "task": "numbers are ids too", "max_steps": 5}',
        '{"id": "d", "task": "y", "colour": "red"}',
    ]
    tasks, errors = parse_tasks(text)
    assert [t.id for t in tasks] == ["a", "7"]
    assert [e.line for e in errors] == [2, 5, 6, 7, 8, 10]
    assert all("\n" not in str(e) for e in errors)
    assert "task" in errors[1].message and "repeats" in errors[2].message
    assert "session_id" in errors[3].message and "colour" in errors[5].message


def test_results_file_refuses_to_overwrite_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    results = ResultsFile(out)
    results.append(TaskResult(id="a", success=True))
    results.close()
    assert out.stat().st_mode & 0o777 == 0o600
    with pytest.raises(ConfigError, match="--resume"):
        ResultsFile(out)
    with out.open("a") as handle:  # a line cut short by a crash
        handle.write('{"id": "b", "succ')
    resumed = ResultsFile(out, resume=True)
    assert set(resumed.done) == {"a"}
    resumed.append(TaskResult(id="b"))
    resumed.close()
    assert [r["id"] for r in lines_lenient(out)] == ["a", "b"]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ConfigError, match="not a regular file"):
        ResultsFile(fifo)
    with pytest.raises(ConfigError, match="does not exist"):
        ResultsFile(tmp_path / "missing" / "r.jsonl")


def lines_lenient(path: Path) -> list[dict]:
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out


def test_unknown_engine_missing_ray_and_dead_ray_address_are_one_line_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ConfigError, match="Unknown engine 'spark'"):
        make_engine("spark", lambda e: None, address=None, workers=1)
    with pytest.raises(ConfigError, match="needs --engine ray"):
        make_engine("local", lambda e: None, address="127.0.0.1:6379", workers=1)
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    with pytest.raises(ConfigError, match=r"pip install 'waypost\[ray\]'"):
        make_engine("ray", lambda e: None, address=None, workers=1)
    monkeypatch.delitem(sys.modules, "ray")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends: nothing listens there
    started = time.perf_counter()
    with pytest.raises(ConfigError, match="No Ray cluster answers"):
        check_ray_address(f"127.0.0.1:{port}")
    assert time.perf_counter() - started < 10
    with pytest.raises(ConfigError, match="not HOST:PORT"):
        check_ray_address("no-port-here")


# -- the local pool -----------------------------------------------------------------------------------


async def test_local_pool_runs_every_task_and_merges_skills(tmp_path: Path, demo_site: DemoSite) -> None:
    tasks = tmp_path / "tasks.jsonl"
    rows = [
        {"id": "politics", "task": POLITICS, "start": demo_site.url_for("/")},
        {"id": "impressum", "task": IMPRESSUM, "start": demo_site.url_for("/")},
        {"id": "weather", "task": WEATHER, "start": demo_site.url_for("/")},
    ]
    tasks.write_text("\n".join(json.dumps(r) for r in rows[:2]) + "\n{broken\n" + json.dumps(rows[2]) + "\n")
    out = tmp_path / "results.jsonl"
    events: list[dict] = []
    driver = make_settings(tmp_path / "driver")
    summary = await run_batch(tasks, out, BatchOptions(workers=2), settings=driver, on_event=events.append)
    results = {r["id"]: r for r in lines(out)}
    assert set(results) == {"politics", "impressum", "weather"}
    assert all(r["success"] for r in results.values()), results
    assert "Koalition" in results["politics"]["answer"]
    assert {r["worker"] for r in results.values()} <= {"w1", "w2"}
    assert all(r["model_calls"] >= 1 and r["steps"] >= 1 for r in results.values())
    assert [e.line for e in summary.line_errors] == [3]
    assert summary.done == 3 and summary.failed == 0
    # Each worker had a data dir of its own, and what they learned came home with its provenance.
    work = tmp_path / "results.jsonl.workers"
    assert (work / "w1" / "archive.db").exists() or (work / "w2" / "archive.db").exists()
    assert summary.merged_skills
    from waypost.skills.store import SkillStore

    store = SkillStore(tmp_path / "driver" / "skills.db")
    try:
        for name in summary.merged_skills:
            assert store.get(name) is not None
            assert json.loads(store.get_meta(f"provenance:{name}") or "{}")["worker"] in {"w1", "w2"}
    finally:
        store.close()


async def test_a_tasks_session_is_not_visible_to_the_next_task(tmp_path: Path, demo_site: DemoSite) -> None:
    defaults = RunDefaults(approve="always")
    worker = BatchWorker("w1", make_settings(tmp_path / "w1").model_dump(mode="json"), defaults)
    await worker.start()
    try:
        login = TaskSpec(
            id="login", task="log in as demo/demo", start=demo_site.url_for("/"), session_id="shared"
        )
        result = await worker.run(login)
        assert result.success, result.answer
        assert worker.wp is not None
        assert not (tmp_path / "w1" / "sessions" / "shared" / "storage.json").exists()
        # Same session name on the next task: still nothing of the first task's cookies or storage.
        async with worker.wp.pool.session("shared") as session:
            assert await session.context.cookies() == []
        assert task_session_id(TaskSpec(id="a", task="x")) != task_session_id(TaskSpec(id="b", task="x"))
    finally:
        await worker.stop()


async def test_a_killed_chromium_hands_its_task_to_another_worker(
    tmp_path: Path, slow_demo: DemoSite
) -> None:
    instances: dict[str, str] = {}
    killed: list[str] = []

    def on_event(event: dict) -> None:
        if event["type"] == "worker_start":
            instances[event["worker"]] = event["instance"]
        elif event["type"] == "task_start" and event["task"] == "victim" and not killed:
            pids = chromium_pids(instances[event["worker"]])
            assert pids
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
            killed.append(event["worker"])

    out = tmp_path / "results.jsonl"
    tasks = specs(slow_demo, ("victim", POLITICS), ("other", IMPRESSUM))
    options = BatchOptions(workers=2, max_attempts=2)
    await run_batch(tasks, out, options, settings=make_settings(tmp_path / "d"), on_event=on_event)
    results = {r["id"]: r for r in lines(out)}
    assert killed
    victim = results["victim"]
    assert victim["success"], victim
    assert victim["attempts"] == 2
    assert victim["worker"] != killed[0]
    assert any("browser died" in e for e in victim["errors"])
    assert results["other"]["success"]


async def test_interrupted_batch_resumes_without_running_a_task_twice(
    tmp_path: Path, demo_site: DemoSite
) -> None:
    out = tmp_path / "results.jsonl"
    tasks = specs(demo_site, ("a", IMPRESSUM), ("b", POLITICS), ("c", WEATHER), ("d", IMPRESSUM))
    settings = make_settings(tmp_path / "d")
    first_done = asyncio.Event()

    def on_event(event: dict) -> None:
        if event["type"] == "task_done":
            first_done.set()

    batch = asyncio.ensure_future(
        run_batch(tasks, out, BatchOptions(workers=1), settings=settings, on_event=on_event)
    )
    await asyncio.wait_for(first_done.wait(), timeout=180)
    batch.cancel()  # what Ctrl-C does to asyncio.run's main task
    with pytest.raises(asyncio.CancelledError):
        await batch
    before = [r["id"] for r in lines(out)]
    assert 1 <= len(before) < 4
    with pytest.raises(ConfigError, match="--resume"):
        await run_batch(tasks, out, BatchOptions(workers=1), settings=settings)
    started: list[str] = []

    def count(event: dict) -> None:
        if event["type"] == "task_start":
            started.append(event["task"])

    summary = await run_batch(
        tasks, out, BatchOptions(workers=2, resume=True), settings=settings, on_event=count
    )
    ids = [r["id"] for r in lines(out)]
    assert sorted(ids) == ["a", "b", "c", "d"]
    assert len(ids) == len(set(ids))
    assert not set(started) & set(before)
    assert summary.skipped == len(before)


# -- remote browsers ----------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_chromium(tmp: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    chromium = find_chromium()
    assert chromium
    proc = subprocess.Popen(
        [
            chromium,
            "--headless",
            *CHROMIUM_ARGS,
            f"--remote-debugging-port={port}",
            "--remote-debugging-address=127.0.0.1",
            f"--user-data-dir={tmp}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("Chromium did not open its debugging port")


async def test_a_dead_remote_browser_is_reported_and_skipped(tmp_path: Path, demo_site: DemoSite) -> None:
    live, live_url = _start_chromium(tmp_path / "live")
    dead, dead_url = _start_chromium(tmp_path / "dead")
    dead.kill()
    dead.wait()
    try:
        events: list[dict] = []
        out = tmp_path / "results.jsonl"
        tasks = specs(demo_site, ("a", IMPRESSUM), ("b", POLITICS))
        options = BatchOptions(workers=2, browsers=[dead_url, live_url])
        started = time.perf_counter()
        summary = await run_batch(
            tasks, out, options, settings=make_settings(tmp_path / "d"), on_event=events.append
        )
        assert time.perf_counter() - started < 150
        failed = [e for e in events if e["type"] == "worker_failed"]
        assert failed and failed[0]["endpoint"] == dead_url
        results = lines(out)
        assert sorted(r["id"] for r in results) == ["a", "b"]
        assert all(r["success"] for r in results), results
        assert {s["endpoint"] for s in summary.workers.values() if s["state"] == "done"} == {live_url}
        with pytest.raises(ConfigError, match="No worker could start"):
            await run_batch(
                tasks,
                tmp_path / "other.jsonl",
                BatchOptions(workers=1, browsers=[dead_url]),
                settings=make_settings(tmp_path / "d2"),
            )
    finally:
        live.kill()
        live.wait()


# -- the command line ---------------------------------------------------------------------------------


def test_cli_reports_bad_lines_and_writes_results(tmp_path: Path, demo_site: DemoSite) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(
        json.dumps({"id": "imp", "task": IMPRESSUM, "start": demo_site.url_for("/")}) + "\n{oops}\n"
    )
    out = tmp_path / "results.jsonl"
    env = {**os.environ, "WAYPOST_DATA_DIR": str(tmp_path / "driver")}
    proc = subprocess.run(
        [sys.executable, "-m", "waypost.cli", "batch", str(tasks), "--out", str(out), "--workers", "1",
         "--loopback-only"],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr  # a bad line makes the exit status say so
    assert f"{tasks}:2" in proc.stderr and "not JSON" in proc.stderr
    assert [r["id"] for r in lines(out)] == ["imp"]
    assert lines(out)[0]["success"]
    bad = subprocess.run(
        [sys.executable, "-m", "waypost.cli", "batch", str(tasks), "--out", str(tmp_path / "x.jsonl"),
         "--engine", "spark"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines()[-1].startswith("error: Invalid value for '--engine': 'spark'")
