"""Batch runs on a real local Ray cluster: workers are actors, each with its own Chromium."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.batch.test_batch import IMPRESSUM, POLITICS, WEATHER, lines, specs
from tests.conftest import make_settings
from waypost.batch import BatchOptions, run_batch
from waypost.batch.worker import chromium_pids
from waypost.demo.server import DemoSite

ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'waypost[ray]')")

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def slow_demo() -> Iterator[DemoSite]:
    with DemoSite(latency=0.4) as site:
        yield site


async def test_ray_batch_survives_a_killed_worker_actor(
    ray_cluster: None, tmp_path: Path, slow_demo: DemoSite
) -> None:
    killed: list[str] = []
    pids: dict[str, int] = {}

    def on_event(event: dict) -> None:
        if event["type"] == "worker_start":
            pids[event["worker"]] = event["pid"]
        elif event["type"] == "task_start" and event["task"] == "victim" and not killed:
            assert event["pid"] != os.getpid()  # the task runs in an actor's process
            os.kill(event["pid"], signal.SIGKILL)
            killed.append(event["worker"])

    out = tmp_path / "results.jsonl"
    tasks = specs(slow_demo, ("victim", POLITICS), ("b", IMPRESSUM), ("c", WEATHER))
    options = BatchOptions(workers=2, engine="ray")
    summary = await run_batch(tasks, out, options, settings=make_settings(tmp_path / "d"), on_event=on_event)
    results = {r["id"]: r for r in lines(out)}
    assert sorted(results) == ["b", "c", "victim"]
    assert all(r["success"] for r in results.values()), results
    assert killed
    victim = results["victim"]
    assert victim["attempts"] == 2 and victim["worker"] != killed[0]
    assert any("worker process died" in e for e in victim["errors"])
    assert summary.workers[killed[0]]["lost"] == 1
    assert len(set(pids.values())) == 2  # two actor processes, neither of them this one
    assert os.getpid() not in pids.values()


async def test_ray_batch_survives_a_killed_chromium(
    ray_cluster: None, tmp_path: Path, slow_demo: DemoSite
) -> None:
    instances: dict[str, str] = {}
    killed: list[str] = []

    def on_event(event: dict) -> None:
        if event["type"] == "worker_start":
            instances[event["worker"]] = event["instance"]
        elif event["type"] == "task_start" and event["task"] == "victim" and not killed:
            for pid in chromium_pids(instances[event["worker"]]):
                os.kill(pid, signal.SIGKILL)
            killed.append(event["worker"])

    out = tmp_path / "results.jsonl"
    tasks = specs(slow_demo, ("victim", IMPRESSUM), ("b", POLITICS))
    await run_batch(
        tasks,
        out,
        BatchOptions(workers=2, engine="ray"),
        settings=make_settings(tmp_path / "d"),
        on_event=on_event,
    )
    results = {r["id"]: r for r in lines(out)}
    assert killed and results["victim"]["success"], results
    assert results["victim"]["attempts"] == 2
    assert results["victim"]["worker"] != killed[0]
    assert json.dumps(results["b"]).count('"success": true') == 1
