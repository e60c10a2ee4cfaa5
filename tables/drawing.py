"""Boards and hands drawn in a pool of processes, off the event loop's GIL.

Drawing a board costs tens of milliseconds of CPU; in a thread it holds the
GIL and stalls every table. ``DrawingPool`` sends (renderer path, view,
locale) to ``render.worker.draw`` in a ``ProcessPoolExecutor`` (views are
pydantic models: they pickle). With ``processes=0`` it draws in a thread as
before (the SimCord tests, whose executor hooks cannot cross processes).

``draw(..., key=…)`` is latest-wins per key (a table's board in one
language, a seat's hand): while one picture of a key is being drawn, newer
requests replace each other and only the newest is drawn next; every caller
whose request was replaced gets that newer picture.

A worker that dies (``BrokenProcessPool``) is logged once, the pool is
replaced and the picture drawn again, so no board edit is lost.
"""
from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Hashable, Iterable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from render import worker
from tables.registry import GameRegistry
from tables.worker_processes import WorkerProcesses

log = logging.getLogger(__name__)

ATTEMPTS = 3  # a picture that kills its worker this often is a bug, not bad luck
NICENESS = 5  # workers run below the bot's process: answers first, boards after


def default_processes() -> int:
    return os.cpu_count() or 1


class DrawingFailed(RuntimeError):
    """The pool broke on every attempt to draw one picture."""


@dataclass
class _Slot:
    """One key's newest request not yet drawn, and who waits for it."""

    newest: tuple[Any, str, Any, str] | None = None
    waiters: list[asyncio.Future] = field(default_factory=list)
    task: asyncio.Task | None = None


class DrawingPool(WorkerProcesses):
    NICENESS = NICENESS
    POOL = "drawing"

    def __init__(self, processes: int | None = None) -> None:
        super().__init__(default_processes() if processes is None else processes)
        self._slots: dict[Hashable, _Slot] = {}
        self.drawn = 0  # pictures actually drawn

    def start(self, paths: Iterable[str] | None = None, registry: GameRegistry | None = None) -> None:
        """Start the worker processes and build the registry's renderers (or
        those at ``paths``) in each (idempotent)."""
        self._start(worker.warm, paths, registry, lambda definition: definition.renderer)

    # -- drawing --------------------------------------------------------------
    async def draw(self, renderer: Any, kind: str, view: Any, locale: str, *,
                   key: Hashable | None = None) -> bytes:
        """``renderer.<kind>_png(view, locale)`` (``kind``: board or hand)."""
        if key is None:
            return await self._draw_now(renderer, kind, view, locale)
        slot = self._slots.setdefault(key, _Slot())
        waiter = asyncio.get_running_loop().create_future()
        slot.newest = (renderer, kind, view, locale)
        slot.waiters.append(waiter)
        if slot.task is None:
            slot.task = asyncio.create_task(self._drain(key, slot), name=f"draw-{key}")
        return await waiter

    async def _drain(self, key: Hashable, slot: _Slot) -> None:
        try:
            while slot.newest is not None:
                request, waiters = slot.newest, slot.waiters
                slot.newest, slot.waiters = None, []
                try:
                    png = await self._draw_now(*request)
                except Exception as error:  # noqa: BLE001 - handed to every waiter
                    for waiter in waiters:
                        if not waiter.done():
                            waiter.set_exception(error)
                    continue
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_result(png)
        finally:
            slot.task = None
            if self._slots.get(key) is slot and slot.newest is None:
                del self._slots[key]

    async def compute(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker (a thread with ``processes=0``): a pure
        module-level function whose arguments pickle, too slow for the loop."""
        if self.processes == 0 or self._closed:
            return await asyncio.to_thread(fn, *args)
        for _ in range(ATTEMPTS):
            executor = self._executor or self._new_executor()
            try:
                return await asyncio.wrap_future(executor.submit(worker.call, fn, *args))
            except BrokenProcessPool:
                self._replace(executor, "a drawing process died; starting a new pool and drawing again")
                if self._closed:
                    return await asyncio.to_thread(fn, *args)
        raise DrawingFailed(f"{getattr(fn, '__name__', fn)}: the drawing pool broke {ATTEMPTS} times")

    async def _draw_now(self, renderer: Any, kind: str, view: Any, locale: str) -> bytes:
        path = worker.renderer_path(renderer)
        if self.processes == 0 or self._closed or path in self._in_thread:
            png = await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale)
            self.drawn += 1
            return png
        for _ in range(ATTEMPTS):
            executor = self._executor or self._new_executor()
            try:
                png = await asyncio.wrap_future(executor.submit(worker.draw, path, kind, view, locale))
            except worker.RendererUnavailable as error:
                log.info("renderer %s is drawn in a thread: %s", path, error)
                self._in_thread.add(path)
                return await self._draw_now(renderer, kind, view, locale)
            except BrokenProcessPool:
                self._replace(executor, "a drawing process died; starting a new pool and drawing again")
                if self._closed:
                    return await self._draw_now(renderer, kind, view, locale)
                continue
            self.drawn += 1
            return png
        raise DrawingFailed(f"{path} {kind}: the drawing pool broke {ATTEMPTS} times")
