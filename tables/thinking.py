"""AI moves worked out in a pool of processes, off the event loop's GIL.

A search move costs up to a few hundred milliseconds of CPU. In a worker
thread it still shares the interpreter with the event loop (lag p95 ≈ 10 ms
while ``hard`` thinks, docs/performance.md). ``ThinkingPool`` sends (engine
path, state, seat, level, seed) to ``tables.thinking_worker.think`` in a
``ProcessPoolExecutor``. With ``processes=0`` it thinks in a thread as before
(the SimCord tests, whose executor hooks cannot cross processes).

Unlike the drawing pool every request is answered (a move is never
replaced). The seed string is what the thread would seed its
``random.Random`` with, so both give the same action for the same state and
iteration budget. An engine a worker cannot build by its import path (a test
double defined in a function) thinks in a thread.

A worker that dies mid-move is logged once (its type, never a message: the
state holds every hand), the pool is replaced and that move is played in a
thread, so the game never stalls. The state goes to the worker whole: the
search itself redacts it with ``information_state``; nothing of it is logged.
"""
from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Iterable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from pydantic import BaseModel

from engines import ai
from engines.base import GameEngine
from engines.search import Budget
from engines.search.review import worst as worst_of
from tables import review, thinking_worker
from tables.registry import GameRegistry
from tables.worker_processes import WorkerProcesses

log = logging.getLogger(__name__)

# One process by default: the drawing pool already takes one per core, and a
# move's time budget is measured inside the search, so a second search
# running beside it on a 2-core machine would only shrink both.
DEFAULT_PROCESSES = 1
# Below the bot's own process (its loop answers players) but above the
# drawing workers (5): a thinking AI holds its table, and its time budget
# buys fewer iterations the less CPU it gets; a board may wait.
NICENESS = 2
# Decisions per piece of a review sent to a worker (about 0.1-0.2 s each).
SCREEN_PIECE = 8
FINAL_PIECE = 2
T = TypeVar("T")


class ThinkingPool(WorkerProcesses):
    NICENESS = NICENESS
    POOL = "thinking"

    def __init__(self, processes: int | None = None) -> None:
        super().__init__(DEFAULT_PROCESSES if processes is None else processes)
        self.moves_in_process = 0
        self.moves_in_thread = 0
        self.reviews_in_process = 0

    def start(self, paths: Iterable[str] | None = None, registry: GameRegistry | None = None) -> None:
        """Start the worker processes and build the registry's engines (or
        those at ``paths``) and their search knowledge in each (idempotent)."""
        self._start(thinking_worker.warm, paths, registry, lambda definition: definition.engine)

    # -- thinking -------------------------------------------------------------
    async def choose(self, engine: GameEngine[Any, Any], state: Any, seat: int, level: str, seed: str,
                     budget: Budget | None = None) -> BaseModel:
        """``engines.ai.choose_action(engine, state, seat, level,
        random.Random(seed))``, in a worker process when there is one."""
        path = thinking_worker.engine_path(engine)
        if self.processes == 0 or self._closed or path in self._in_thread:
            return await self._in_a_thread(engine, state, seat, level, seed, budget)
        executor = self._executor or self._new_executor()
        try:
            action = await asyncio.wrap_future(
                executor.submit(thinking_worker.think, path, state, seat, level, seed, budget))
        except thinking_worker.EngineUnavailable as error:
            log.info("AI moves of %s are worked out in a thread: %s", path, error)
            self._in_thread.add(path)
            return await self._in_a_thread(engine, state, seat, level, seed, budget)
        except BrokenProcessPool:
            self._replace(executor, "an AI process died while choosing a %s move; starting a new pool, "
                          "the moves it held are played in a thread", engine.game_type)
            return await self._in_a_thread(engine, state, seat, level, seed, budget)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if self._closed and task is not None and not task.cancelling():
                # Shutdown dropped this queued move, not its caller: play it all the same.
                return await self._in_a_thread(engine, state, seat, level, seed, budget)
            raise
        self.moves_in_process += 1
        return action

    async def review(self, engine: GameEngine[Any, Any], record: Any, actions: list[tuple[int, int, dict]],
                     seat: int) -> dict[str, Any]:
        """``tables.review.review_seat`` (seconds of CPU), in the worker
        processes when there are any, else in a thread. In a process it is
        sent in pieces of a few decisions each (``tables.review``'s
        ``screen_part`` and ``final_part``), so an AI move queued meanwhile
        waits for one piece, not the whole review; the answer is the same."""
        path = thinking_worker.engine_path(engine)
        if self.processes == 0 or self._closed or path in self._in_thread:
            return await asyncio.to_thread(review.review_seat, engine, record, actions, seat)
        try:
            seqs = review.seats_decisions(record, actions, seat)
            screened: list[tuple[int, float]] = []
            for start in range(0, len(seqs), SCREEN_PIECE):
                screened += await self._in_process(engine, thinking_worker.review_screen, path, record, actions,
                                                   seat, seqs[start:start + SCREEN_PIECE])
            worst = worst_of(screened)
            verdicts = []
            for start in range(0, len(worst), FINAL_PIECE):
                verdicts += await self._in_process(engine, thinking_worker.review_final, path, record, actions,
                                                   seat, worst[start:start + FINAL_PIECE])
        except (thinking_worker.EngineUnavailable, BrokenProcessPool):
            return await asyncio.to_thread(review.review_seat, engine, record, actions, seat)
        self.reviews_in_process += 1
        return review.answer(engine, verdicts)

    async def _in_process(self, engine: GameEngine[Any, Any], job: Callable[..., T], *args: Any) -> T:
        executor = self._executor or self._new_executor()
        try:
            return await asyncio.wrap_future(executor.submit(job, *args))
        except thinking_worker.EngineUnavailable:
            self._in_thread.add(args[0])
            raise
        except BrokenProcessPool:
            self._replace(executor, "an AI process died during a %s review; starting a new pool", engine.game_type)
            raise

    async def _in_a_thread(self, engine: GameEngine[Any, Any], state: Any, seat: int, level: str, seed: str,
                           budget: Budget | None) -> BaseModel:
        # In a worker thread, within the level's time budget: the loop keeps running.
        # ``ai.choose_action`` is looked up at each call (tests replace it).
        extra = () if budget is None else (budget,)
        action = await asyncio.to_thread(ai.choose_action, engine, state, seat, level, random.Random(seed), *extra)
        self.moves_in_thread += 1
        return action
