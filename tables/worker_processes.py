"""The life cycle shared by the bot's process pools (``DrawingPool``,
``ThinkingPool``): a ``ProcessPoolExecutor`` on the forkserver, started
once, replaced when a worker dies, stopped at shutdown."""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor

from render.worker import lower_priority

log = logging.getLogger(__name__)


class WorkerProcesses:
    """Subclasses set ``PRELOAD`` (modules the forkserver imports once) and
    ``NICENESS`` (the workers' priority below the bot's)."""

    PRELOAD: list[str] = []
    NICENESS = 0

    def __init__(self, processes: int) -> None:
        self.processes = max(0, processes)
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self._in_thread: set[str] = set()  # import paths a worker cannot build
        self.restarts = 0  # pools replaced after a worker died

    def _start(self, warm: Callable[[list[str]], object], paths: Iterable[str]) -> None:
        """Start the workers and let each build ``paths`` ahead of the first request (idempotent)."""
        if self.processes == 0 or self._closed or self._executor is not None:
            return
        executor = self._new_executor()
        for _ in range(self.processes):
            executor.submit(warm, list(paths))

    def _new_executor(self) -> ProcessPoolExecutor:
        # forkserver: workers fork from a clean server process, never from
        # this one with its threads (aiosqlite, to_thread) mid-flight.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(self.PRELOAD)
        self._executor = ProcessPoolExecutor(max_workers=self.processes, mp_context=context,
                                             initializer=lower_priority, initargs=(self.NICENESS,))
        return self._executor

    def _replace(self, broken: ProcessPoolExecutor, message: str, *args: object) -> None:
        """A worker died: log ``message`` once per broken pool and start a new one."""
        if self._executor is not broken:
            return  # another request already replaced it
        log.error(message, *args)
        self.restarts += 1
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = None if self._closed else self._new_executor()

    async def shutdown(self) -> None:
        """Stop the workers (requests still coming are served in a thread)."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
