"""Batch runs: many agent tasks over a pool of workers, on this machine or a Ray cluster.

    from waypost.batch import BatchOptions, run_batch
    summary = await run_batch("tasks.jsonl", "results.jsonl", BatchOptions(workers=4, engine="ray"))

See ``docs/scale.md``.
"""

from waypost.batch.engines import check_ray_address, make_engine
from waypost.batch.runner import BatchOptions, BatchSummary, merge_skills, run_batch
from waypost.batch.spec import LineError, ResultsFile, TaskResult, TaskSpec, parse_tasks, read_tasks
from waypost.batch.worker import BatchWorker, RunDefaults, WorkerLost, WorkerStartError

__all__ = [
    "BatchOptions",
    "BatchSummary",
    "BatchWorker",
    "LineError",
    "ResultsFile",
    "RunDefaults",
    "TaskResult",
    "TaskSpec",
    "WorkerLost",
    "WorkerStartError",
    "check_ray_address",
    "make_engine",
    "merge_skills",
    "parse_tasks",
    "read_tasks",
    "run_batch",
]
