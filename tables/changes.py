"""The one path every change to a live game takes (the unit of work):

    lock → the change's step (apply and commit) → AI seats move
         → finish the game, or re-arm its turn timer → queue the announcement

A player's action, a resignation, a turn time-out, the start, a manager's
end and the resume after a restart are each a *step* run by `Changes.run`.
Every accepted action is committed before the caller is answered; the
board, ping and DMs follow the answer (``tables/announcing_queue.py``).

Two crash-injection seams (tests replace them to simulate a process dying
between two commits): `Changes.run_ai_seats` and `Results.finish`.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from db.models import copy_fields
from db.repo import GameRepo
from engines import ai
from engines.base import Event
from tables import metrics
from tables.announcing import Announcer
from tables.live import GameSummary, LiveTable
from tables.results import Results
from tables.store import TableStore
from tables.thinking import ThinkingPool
from tables.timers import MISSED_TURNS_BEFORE_AI_KEEPS_SEAT, Timers, turn_clock

log = logging.getLogger("tables.service")

# What a commit changes in the game's row besides the state (tables/timers.py: the turn clock).
COMMITTED_FIELDS = ("version", "updated_at", "turn_started_at", "reminded", "revision")

MAX_AI_STEPS_PER_TURN = 5000


@dataclass
class Outcome:
    """What a step did. ``end`` finishes the game at once with that reason
    (AI seats do not move); ``closed``: the table was closed without a result
    (a manager's end), so nothing follows but the note that it ended."""

    events: list[Event] = field(default_factory=list)
    end: str | None = None
    closed: bool = False


# A step runs under the table's lock; None: nothing to do (e.g. a timer that
# fired on a version that moved on), nothing is announced.
Step = Callable[[LiveTable], Awaitable[Outcome | None]]


class Changes:
    def __init__(self, games: GameRepo, store: TableStore, results: Results, timers: Timers,
                 announcer: Announcer, thinking: ThinkingPool, now: Callable[[], float]) -> None:
        self.games = games
        self.store = store
        self.results = results
        self.timers = timers
        self.announcer = announcer
        self.thinking = thinking
        self.now = now
        # False in the web process: it commits a player's action and stops there; the bot
        # owning the game's server hears of it (tables/bus.py) and plays the AI seats,
        # finishes the game or re-arms its timer — its restart path, so a crash loses nothing.
        self.follows_up = True

    async def run(self, table: LiveTable, step: Step, *, from_timer: bool = False, all_hands: bool = False,
                  before_announcing: Callable[[], Awaitable[object]] | None = None) -> list[Event] | None:
        """Run one change. ``all_hands``: every person's hand is announced
        (the start). ``before_announcing`` runs after the lock is released,
        before the announcement is queued (the start updates its lobby)."""
        async with table.lock:
            before, humans_before = table.state, table.human_seats()  # for the hands that changed
            outcome = await step(table)
            if outcome is None:
                return None
            accepted_at = metrics.clock()  # the act → board latency runs from here
            events = list(outcome.events)
            finished: GameSummary | None = None
            if outcome.end is not None:
                finished = await self.results.finish(table, reason=outcome.end)
            elif not outcome.closed and self.follows_up:
                events += await self.run_ai_seats(table)
                finished = await self.finish_or_rearm(table, from_timer=from_timer)
            changed = table.human_seats() if all_hands else \
                self.announcer.hands_changed_since(table, before, humans_before)
        if before_announcing is not None:
            await before_announcing()
        if outcome.closed:
            self.announcer.ended_by_manager(table)
        else:
            self.announcer.announce(table, events, finished, changed_hands=changed, accepted_at=accepted_at)
        return events

    async def commit(self, table: LiveTable, seat: int, action: BaseModel, by_ai: bool) -> list[Event]:
        """Apply and persist one action (append-only log + snapshot, one transaction)."""
        engine = table.engine
        new_state, events = engine.apply(table.state, seat, action)
        now = self.now()
        written = table.record.model_copy(update={"version": table.record.version + 1, "updated_at": now,
                                                  **turn_clock(table, new_state, now)})
        async with self.store.refusing_stale(table):
            await self.games.commit_action(written, seat, engine.action_to_json(action), by_ai, new_state)
        # The new version and its state become the table's together, once committed: a reader
        # while the write is awaited (the web's GET) sees the old pair, never one of each.
        copy_fields(written, table.record, COMMITTED_FIELDS)
        table.state = new_state
        metrics.action(table.record.game_type, by_ai)
        log.debug("game %s: seq %d by seat %d%s", table.id, written.version, seat, " (ai)" if by_ai else "")
        return events

    async def run_ai_seats(self, table: LiveTable) -> list[Event]:
        """Let every AI-played seat act, and play a person's move when the
        rules leave them exactly one, until a person has a choice or the
        game ends."""
        events: list[Event] = []
        for _ in range(MAX_AI_STEPS_PER_TURN):
            if table.engine.is_over(table.state):
                break
            ai_seats = [s for s in table.to_act() if table.seats[s].is_ai]
            if ai_seats:
                events += await self.ai_move(table, ai_seats[0])
                continue
            forced = self.forced_move(table)
            if forced is None:
                break
            seat, action = forced
            events += [e.model_copy(update={"params": {**e.params, "forced": True}})
                       for e in await self.commit(table, seat, action, by_ai=False)]
        else:
            log.error("game %s: AI did not yield after %d steps", table.id, MAX_AI_STEPS_PER_TURN)
        return events

    @staticmethod
    def forced_move(table: LiveTable) -> tuple[int, BaseModel] | None:
        """A person to act whose only legal action the table plays for them."""
        for seat in table.to_act():
            action = table.engine.forced_action(table.state, seat)
            if action is not None:
                return seat, action
        return None

    async def ai_move(self, table: LiveTable, seat: int) -> list[Event]:
        """One AI move for ``seat``, chosen off the event loop, then committed."""
        seed = f"{table.record.seed}:{table.record.version}:{seat}"  # a fresh random.Random per move
        record_seat = table.seats[seat]
        level = record_seat.ai_level if record_seat.ai_reason == "added" else ai.TIMEOUT_LEVEL
        action = await self.thinking.choose(table.engine, table.state, seat, level, seed)
        return await self.commit(table, seat, action, by_ai=True)

    async def finish_or_rearm(self, table: LiveTable, from_timer: bool = False) -> GameSummary | None:
        """Finish the game if it is over, else re-arm the turn timer (the turn
        clock itself was saved with the last action)."""
        if table.engine.is_over(table.state):
            return await self.results.finish(table, reason=None)
        if from_timer:
            table.timer = None  # this task is the timer; a new one replaces it
        self.timers.schedule(table)
        return None

    async def time_out(self, table: LiveTable, version: int) -> None:
        """The turn timer ran out: the AI plays each late person's turn; after
        ``MISSED_TURNS_BEFORE_AI_KEEPS_SEAT`` misses it keeps the seat."""

        async def step(table: LiveTable) -> Outcome | None:
            if table.record.version != version or table.record.status != "playing":
                return None
            events: list[Event] = []
            for seat in [s for s in table.to_act() if not table.seats[s].is_ai]:
                if table.engine.is_over(table.state) or seat not in table.to_act():
                    continue
                record_seat = table.seats[seat]
                record_seat.missed_turns += 1
                events.append(Event(key="core.log.timed_out", params={"seat": seat}))
                if record_seat.missed_turns >= MISSED_TURNS_BEFORE_AI_KEEPS_SEAT:
                    record_seat.ai_reason = "timeout"
                    table.record.ai_marked = True
                    events.append(Event(key="core.log.ai_keeps_seat", params={"seat": seat}))
                events += await self.ai_move(table, seat)
            return Outcome(events)

        await self.run(table, step, from_timer=True)
