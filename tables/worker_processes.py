"""The life cycle shared by the bot's process pools (``DrawingPool``,
``ThinkingPool``): a ``ProcessPoolExecutor`` on the forkserver, started
once, replaced when a worker dies, stopped at shutdown."""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor

from engines.paths import class_path
from games.definition import GameDefinition
from render.worker import lower_priority
from tables import metrics
from tables.registry import GameRegistry, default_registry

log = logging.getLogger(__name__)


# The pools' own worker modules; the games' modules are added from the registry.
WORKER_MODULES = ["render.worker", "tables.thinking_worker", "tables.review", "engines.ai", "engines.search"]


def preload_modules(registry: GameRegistry) -> list[str]:
    """What the forkserver imports once: both pools' workers and every game's
    engine, renderer and AI modules. The forkserver is one per process,
    shared by both pools; it reads this list when the first pool starts."""
    modules = list(WORKER_MODULES)
    for definition in registry:
        modules += [type(definition.renderer).__module__, type(definition.engine).__module__]
        ai_paths = (definition.engine.greedy_ai, definition.engine.search_knowledge)
        modules += [path.partition(":")[0] for path in ai_paths if path is not None]
    return list(dict.fromkeys(modules))


class WorkerProcesses:
    """Subclasses set ``NICENESS`` (the workers' priority below the bot's);
    ``preload`` is what the forkserver imports once (``preload_modules``)."""

    NICENESS = 0
    POOL = "workers"  # the pool's name in the restarts metric

    def __init__(self, processes: int) -> None:
        self.processes = max(0, processes)
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self._in_thread: set[str] = set()  # import paths a worker cannot build
        self.restarts = 0  # pools replaced after a worker died
        self.preload: list[str] = list(WORKER_MODULES)

    def _start(self, warm: Callable[[list[str]], object], paths: Iterable[str] | None,
               registry: GameRegistry | None, part: Callable[[GameDefinition], object]) -> None:
        """Start the workers and let each build ``paths`` — by default the
        class path of ``part`` of every game in ``registry`` (the built-in
        games without one) — ahead of the first request (idempotent)."""
        if self.processes == 0 or self._closed or self._executor is not None:
            return
        registry = registry or default_registry()
        self.preload = preload_modules(registry)
        if paths is None:
            paths = [class_path(part(definition)) for definition in registry]
        executor = self._new_executor()
        for _ in range(self.processes):
            executor.submit(warm, list(paths))

    def _new_executor(self) -> ProcessPoolExecutor:
        # forkserver: workers fork from a clean server process, never from
        # this one with its threads (aiosqlite, to_thread) mid-flight.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(self.preload)
        self._executor = ProcessPoolExecutor(max_workers=self.processes, mp_context=context,
                                             initializer=lower_priority, initargs=(self.NICENESS,))
        return self._executor

    def _replace(self, broken: ProcessPoolExecutor, message: str, *args: object) -> None:
        """A worker died: log ``message`` once per broken pool and start a new one."""
        if self._executor is not broken:
            return  # another request already replaced it
        log.error(message, *args)
        self.restarts += 1
        metrics.pool_restarted(self.POOL)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = None if self._closed else self._new_executor()

    async def shutdown(self) -> None:
        """Stop the workers (requests still coming are served in a thread)."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
