"""Executors behind one seam: the local pool (default) and Ray actors (``waypost[ray]``).

An engine makes :class:`WorkerHandle` objects. A handle starts a worker, runs one task on it at a
time, and restarts it after a loss; the dispatcher in :mod:`waypost.batch.runner` pulls tasks
for every handle, so a slow task never holds up a queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import urlsplit

from waypost.batch.spec import TaskResult, TaskSpec
from waypost.batch.worker import BatchWorker, RunDefaults, WorkerLost, WorkerStartError
from waypost.errors import ConfigError

OnEvent = Callable[[dict[str, Any]], None]
RAY_EXTRA_HINT = "install the extra with: pip install 'waypost[ray]'"


class WorkerHandle(Protocol):
    """One worker as the dispatcher sees it."""

    name: str
    info: dict[str, Any]

    async def start(self) -> None:
        """Start the worker. Raises :class:`WorkerStartError`."""

    async def run(self, spec: TaskSpec) -> TaskResult:
        """Run one task. Raises :class:`WorkerLost` when the worker or its browser died."""

    async def restart(self) -> None:
        """Replace a lost or stuck worker with a new one (same name, same data dir)."""

    async def stop(self) -> None:
        """Stop the worker for good."""


class Engine(Protocol):
    """Makes workers and carries their events to the driver."""

    name: str

    def handle(self, name: str, settings: dict[str, Any], defaults: RunDefaults) -> WorkerHandle:
        """A (not yet started) worker."""

    async def pump(self) -> None:
        """Deliver the workers' events until cancelled (engines that need it)."""

    async def drain(self) -> None:
        """Deliver every event already sent."""

    async def close(self) -> None:
        """Release the engine (a Ray instance this engine started is shut down)."""


# -- local pool ------------------------------------------------------------------------------------


class LocalHandle:
    """A worker in the driver's process, with its own Chromium."""

    def __init__(self, name: str, settings: dict[str, Any], defaults: RunDefaults, on_event: OnEvent) -> None:
        self.name = name
        self.info: dict[str, Any] = {}
        self._settings = settings
        self._defaults = defaults
        self._on_event = on_event
        self._worker: BatchWorker | None = None

    async def start(self) -> None:
        worker = BatchWorker(self.name, self._settings, self._defaults)
        self.info = await worker.start()
        self._worker = worker

    async def run(self, spec: TaskSpec) -> TaskResult:
        if self._worker is None:
            raise WorkerLost(f"worker {self.name} is not running")
        return await self._worker.run(spec, self._on_event)

    async def restart(self) -> None:
        await self.stop()
        await self.start()

    async def stop(self) -> None:
        if self._worker is not None:
            worker, self._worker = self._worker, None
            await worker.stop()


class LocalEngine:
    """The default engine: workers are asyncio tasks in this process, each with its own browser."""

    name = "local"

    def __init__(self, on_event: OnEvent) -> None:
        self._on_event = on_event

    def handle(self, name: str, settings: dict[str, Any], defaults: RunDefaults) -> WorkerHandle:
        return LocalHandle(name, settings, defaults, self._on_event)

    async def pump(self) -> None:
        await asyncio.Event().wait()

    async def drain(self) -> None:
        return None

    async def close(self) -> None:
        return None


# -- Ray -------------------------------------------------------------------------------------------


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`ConfigError` saying how to get it."""
    try:
        import ray
    except ImportError:
        raise ConfigError(f"--engine ray needs Ray, which is not installed: {RAY_EXTRA_HINT}.") from None
    return ray


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Fail fast when a Ray head cannot be reached (``ray.init`` would wait for minutes).

    Raises:
        ConfigError: The address is malformed or nothing answers there.
    """
    if address == "auto":
        return
    target = address.removeprefix("ray://")
    parts = urlsplit("//" + target)
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if not host or not port:
        raise ConfigError(
            f"--ray-address {address!r} is not HOST:PORT (e.g. 10.0.0.5:6379 or ray://head:10001)."
        )
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(
            f"No Ray cluster answers at {address} ({reason}): start one with 'ray start --head' "
            "or leave out --ray-address to run Ray on this machine."
        ) from None


def _actor_class(ray: Any) -> Any:
    class RayBatchWorker:
        """A Ray actor that owns one :class:`BatchWorker` (so one browser, one data dir)."""

        def __init__(self, name: str, settings: dict[str, Any], defaults: RunDefaults, queue: Any) -> None:
            self._worker = BatchWorker(name, settings, defaults)
            self._queue = queue

        async def start(self) -> dict[str, Any]:
            return await self._worker.start()

        async def emit(self, event: dict[str, Any]) -> None:
            # Awaited, so the driver knows about a side effect before the action goes on.
            await self._queue.actor.put_nowait.remote(event)

        async def run(self, spec: dict[str, Any]) -> dict[str, Any]:
            result = await self._worker.run(TaskSpec.model_validate(spec), self.emit)
            return result.model_dump()

        async def stop(self) -> None:
            await self._worker.stop()

    return ray.remote(max_restarts=0, max_task_retries=0)(RayBatchWorker)


class RayHandle:
    """A worker that is a Ray actor (on any node of the cluster)."""

    def __init__(self, engine: RayEngine, name: str, settings: dict[str, Any], defaults: RunDefaults) -> None:
        self.name = name
        self.info: dict[str, Any] = {}
        self._engine = engine
        self._settings = settings
        self._defaults = defaults
        self._actor: Any = None

    async def start(self) -> None:
        ray = self._engine.ray
        self._actor = self._engine.actor_cls.options(**self._engine.actor_options()).remote(
            self.name, self._settings, self._defaults, self._engine.queue
        )
        try:
            self.info = await self._actor.start.remote()
        except ray.exceptions.RayTaskError as exc:
            self._kill()
            cause = exc.cause if isinstance(getattr(exc, "cause", None), Exception) else exc
            raise WorkerStartError(str(cause).splitlines()[0]) from None
        except ray.exceptions.RayError as exc:
            self._kill()
            raise WorkerStartError(
                f"worker {self.name}: the Ray actor failed ({type(exc).__name__})"
            ) from None

    async def run(self, spec: TaskSpec) -> TaskResult:
        ray = self._engine.ray
        if self._actor is None:
            raise WorkerLost(f"worker {self.name} is not running")
        try:
            data = await self._actor.run.remote(spec.model_dump())
        except ray.exceptions.RayActorError:
            raise WorkerLost("the worker process died") from None
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, WorkerLost):
                raise WorkerLost(str(cause)) from None
            raise RuntimeError(str(cause or exc).splitlines()[0]) from None
        return TaskResult.model_validate(data)

    def _kill(self) -> None:
        if self._actor is not None:
            with contextlib.suppress(Exception):
                self._engine.ray.kill(self._actor, no_restart=True)
            self._actor = None

    async def restart(self) -> None:
        self._kill()
        await self.start()

    async def stop(self) -> None:
        if self._actor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._actor.stop.remote(), timeout=40)
            self._kill()


class RayEngine:
    """Workers as Ray actors: on this machine (``ray.init()``) or on a cluster (``--ray-address``).

    Each actor asks for one unit of the custom resource ``browser`` when the cluster offers it
    (``ray start --resources '{"browser": 4}'``), so a node admits only the browsers it can hold;
    otherwise one CPU.
    """

    name = "ray"

    def __init__(self, on_event: OnEvent, *, address: str | None, workers: int) -> None:
        ray = import_ray()
        self.ray = ray
        self._on_event = on_event
        self._owned = False
        if not ray.is_initialized():
            if address:
                check_ray_address(address)
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level="ERROR",
                    resources={"browser": max(1, workers)},
                )
            self._owned = True
        from ray.util.queue import Queue

        self.queue = Queue()
        self.actor_cls = _actor_class(ray)
        # The pump and the runner both drain; two drains at once would both see n events and
        # the second would ask the queue for events the first had already taken.
        self._draining = asyncio.Lock()

    def actor_options(self) -> dict[str, Any]:
        if self.ray.cluster_resources().get("browser"):
            return {"num_cpus": 0, "resources": {"browser": 1}}
        return {"num_cpus": 1}

    def handle(self, name: str, settings: dict[str, Any], defaults: RunDefaults) -> WorkerHandle:
        return RayHandle(self, name, settings, defaults)

    async def drain(self) -> None:
        actor = self.queue.actor
        async with self._draining:
            while True:
                n = await actor.qsize.remote()
                if not n:
                    return
                for event in await actor.get_nowait_batch.remote(n):
                    self._on_event(event)

    async def pump(self) -> None:
        while True:
            await self.drain()
            await asyncio.sleep(0.1)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.queue.shutdown()
        if self._owned:
            self.ray.shutdown()


def make_engine(name: str, on_event: OnEvent, *, address: str | None, workers: int) -> Engine:
    """The engine called ``name`` (``local`` or ``ray``).

    Raises:
        ConfigError: An unknown engine, a missing ``ray`` extra or an unreachable Ray address.
    """
    if name == "local":
        if address:
            raise ConfigError("--ray-address needs --engine ray.")
        return LocalEngine(on_event)
    if name == "ray":
        return RayEngine(on_event, address=address, workers=workers)
    raise ConfigError(f"Unknown engine {name!r}: use --engine local (default) or --engine ray.")
