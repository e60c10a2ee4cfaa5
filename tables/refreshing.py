"""A copy of a table that another process changed (the web process, or a
bot process): reloaded from the database and announced as if the change
had been made here — the board edited or posted anew with the turn ping,
its log lines, the hands that changed — through the same announcing queue.

Two paths lead here: the change bus (``tables/bus.py``) and a write this
process found stale (``tables/store.py``). The log lines come from replaying
the new actions on the copy's old state (engines are deterministic). Then,
where this process plays what follows a change (``Changes.follows_up``: the
bot, not the web process), AI seats that are now to act, a game now over and
a missed turn timer are taken up by the restart path (``Restorer.resume``).
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from pydantic import BaseModel

from db.repo import GameRepo
from engines.base import Event, Result
from tables.announcing import Announcer
from tables.announcing_queue import AnnouncingQueue, Call
from tables.changes import Changes
from tables.live import GameSummary, LiveTable, LiveTables, Standing
from tables.notifier import Notifier
from tables.restoring import Restorer
from tables.results import unrated_reason

log = logging.getLogger("tables.sweeper")  # the multi-process lines


class Refresher:
    def __init__(self, games: GameRepo, live: LiveTables, restorer: Restorer, changes: Changes,
                 announcer: Announcer, queue: AnnouncingQueue, notifier: Callable[[], Notifier]) -> None:
        self.games = games
        self.live = live
        self.restorer = restorer
        self.changes = changes
        self.announcer = announcer
        self.queue = queue
        self.notifier = notifier
        self.follow_ups: set[asyncio.Task[None]] = set()

    async def refresh(self, table_id: int) -> LiveTable | None:
        """Replace this process's copy with the database's and announce what
        changed. Call with the table's lock held, or for a table not held
        (then it is only loaded: this process has said nothing of it yet)."""
        table = self.live.get(table_id)
        if table is None:
            return await self.restorer.reload(table_id)
        old_status, old_version, old_state = table.record.status, table.record.version, table.state
        humans_before = table.human_seats()
        pinged = list(table.record.ping_seats)  # who this process pinged: the reloaded row may say otherwise
        reloaded = await self.restorer.reload(table_id)
        if reloaded is None:  # finished or closed elsewhere: forgotten here, announced once more
            record = await self.games.get(table_id)
            if record is None:
                return None
            snapshot = await self.games.snapshot(table_id) if record.status != "lobby" else None
            table.record = record  # with its state, no wait between: a reader never pairs one with the other's
            if snapshot is not None:
                table.state = table.engine.state_from_json(snapshot[1])
        else:
            table.record.ping_seats = pinged
        events = await self.replayed(table, old_state, old_version)
        await self.announce(table, old_status, old_version, events, old_state, humans_before)
        if reloaded is not None:
            self.follow_up(table)
        return reloaded

    async def replayed(self, table: LiveTable, state: BaseModel | None, since: int) -> list[Event]:
        """The events of the actions after version ``since``, replayed on ``state``."""
        if state is None or table.record.version <= since:
            return []
        events: list[Event] = []
        try:
            for _seq, seat, action in await self.games.actions_after(table.id, since, table.record.version):
                state, new = table.engine.apply(state, seat, table.engine.action_from_json(action))
                events += new
        except Exception as error:  # a log line lost, never the board: type only (it may quote a hand)
            log.error("game %s: could not replay the actions after %d: %s", table.id, since, type(error).__name__)
            return []
        return events

    async def announce(self, table: LiveTable, old_status: str, old_version: int, events: list[Event],
                       old_state: BaseModel | None, humans_before: list[int]) -> None:
        """``old_state``, ``humans_before``: the table's state and human seats before the refresh."""
        status = table.record.status
        if old_status == "lobby":
            reason = None if status in ("lobby", "playing") else "core.lobby.ended"
            self.queue.submit(table, Call(lambda: self.notifier().lobby_updated(table, closed_reason=reason), "lobby"))
            if status == "playing":
                self.announcer.announce(table, events, None, changed_hands=table.human_seats())
            return
        if status == "playing":
            if table.record.version != old_version:  # else only bookkeeping changed (a message id)
                self.announcer.announce(table, events, None, self.announcer.hands_changed_since(table, old_state, humans_before))
        elif status == "finished":
            self.announcer.announce(table, events, await self.summary(table), changed_hands=[])
        elif old_status == "playing":
            self.announcer.ended_by_manager(table)

    async def summary(self, table: LiveTable) -> GameSummary:
        """A finished game's summary as its results were stored (the ratings
        before and after are known only to the process that finished it)."""
        rows = {r["seat"]: r for r in await self.games.results(table.id)}
        seats = range(len(table.seats))
        ranks = [int(rows[s]["rank"]) if s in rows else 1 for s in seats]
        scores = [rows[s]["score"] if s in rows else None for s in seats]
        teams = [rows[s]["team"] if s in rows else None for s in seats]
        state, engine = table.state, table.engine
        ended = engine.result(state) if state is not None and engine.is_over(state) else None
        reason = ended.reason if ended is not None else ""
        result = Result(ranks=ranks, teams=teams if any(t is not None for t in teams) else None,
                        scores=scores if any(v is not None for v in scores) else None, reason=reason)
        rated = any(bool(r["rated"]) for r in rows.values())
        standings = [Standing(seat=s, rank=ranks[s], score=scores[s],
                              resigned=table.seats[s].ai_reason == "resigned") for s in seats]
        return GameSummary(result=result, standings=standings, rated=rated, reason=reason or "core.end.over",
                           ai_marked=table.record.ai_marked,
                           # unrated with no reason the table shows: the season rule (tables/seasons.py)
                           unrated_reason="" if rated else unrated_reason(table) or "season.unrated")

    def follow_up(self, table: LiveTable) -> None:
        """Where this process plays what follows a change: AI seats now to
        act, a game now over — after the caller lets the table's lock go."""
        if not self.changes.follows_up or self.restorer.unfinished(table) is None:
            return
        task = asyncio.get_running_loop().create_task(self.restorer.resume(table), name=f"follow-up-{table.id}")
        self.follow_ups.add(task)
        task.add_done_callback(self.follow_ups.discard)
