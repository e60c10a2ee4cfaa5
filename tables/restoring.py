"""Bringing tables back: every live lobby and game at start-up (rebuilding
a state from seed + action log when its snapshot is missing), finishing
what a crash left undone, and reloading one table whose copy went stale."""
from __future__ import annotations

import logging

from pydantic import BaseModel

from db.fronts import front_of
from db.models import GameRecord
from db.repo import GameRepo
from tables.changes import Changes, Outcome
from tables.live import LiveTable, LiveTables, seat_infos
from tables.registry import GameRegistry
from tables.results import active_groups
from tables.timers import Timers

log = logging.getLogger("tables.service")


class Restorer:
    def __init__(self, games: GameRepo, registry: GameRegistry, live: LiveTables, timers: Timers,
                 changes: Changes) -> None:
        self.games = games
        self.registry = registry
        self.live = live
        self.timers = timers
        self.changes = changes

    async def restore(self) -> int:
        """Load every live lobby and game, then finish what a crash left
        undone: AI seats to act play, games the engine says are over are
        finished (results and ratings once), timers are re-armed."""
        count = 0
        playing: list[LiveTable] = []
        async for record, snap in self.games.live_with_snapshots():  # one query, however many games
            if record.game_type not in self.registry:
                log.error("game %s: unknown game type %s left as is", record.id, record.game_type)
                continue
            table = LiveTable(record, self.registry.get(record.game_type))
            if record.status == "playing":
                if snap is None or snap[0] != record.version:
                    log.warning("game %s: snapshot missing or stale, replaying the log", record.id)
                    table.state = await self.replay(record)
                else:
                    table.state = table.engine.state_from_text(snap[1])
                playing.append(table)
            self.live.add(table)
            self.timers.schedule(table)
            count += 1
        for table in playing:
            await self.resume(table)
        return count

    def unfinished(self, table: LiveTable) -> str | None:
        """What a crash may have left undone in a game in play — its result
        after the last resignation ("resigned"), after its last move
        ("over"), or a move of an AI seat or a person's only legal move
        ("AI to act") — or None."""
        if table.record.status != "playing" or table.state is None:
            return None
        if len(active_groups(table)) <= 1:  # killed between a resignation and its result
            return "resigned"
        if table.engine.is_over(table.state):
            return "over"
        if any(table.seats[s].is_ai for s in table.to_act()) or self.changes.forced_move(table) is not None:
            return "AI to act"
        return None

    async def resume(self, table: LiveTable) -> None:
        """Bring a restored game to where its last commit left it. The result
        and the ratings are written in one transaction with the status, so a
        game is finished (and rated) exactly once."""

        async def step(table: LiveTable) -> Outcome | None:
            why = self.unfinished(table)
            if why is None:
                return None
            log.info("game %s: resuming after restart (%s)", table.id, why)
            return Outcome(end="core.end.resigned" if why == "resigned" else None)

        if not self.changes.follows_up:  # the web process: the bot owning the game does it
            return
        try:
            # Most restored games are simply waiting for a person: they skip
            # the change path (its lock and hand snapshots) altogether.
            if self.unfinished(table) is not None:
                await self.changes.run(table, step)
        except Exception:
            log.exception("game %s: could not resume after restart", table.id)

    def mine(self, record: GameRecord) -> bool:
        """The game is of this process's front (``GameRepo.front``; None: any)
        and of its shards (``GameRepo.shards``), as ``restore`` loads them."""
        front = self.games.front
        if front is not None and front_of(record.guild_id, record.channel_id) != front:
            return False
        return self.games.of_my_shards(record.guild_id)

    async def replay(self, record: GameRecord) -> BaseModel:
        """The state rebuilt from seed + action log, up to the record's version
        (another process may have committed more since the record was read:
        the copy must be the record's, or the next replay on it goes wrong)."""
        engine = self.registry.get(record.game_type).engine
        state: BaseModel = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
        for seq, seat, action, _by_ai in await self.games.actions(record.id):
            if seq > record.version:
                break
            state, _ = engine.apply(state, seat, engine.action_from_json(action))
        return state

    async def reload(self, table_id: int) -> LiveTable | None:
        """Replace this process's copy of a game with the database's (the same
        ``LiveTable`` object, so holders of it see the new state), re-arm its
        timer, or forget it when it is no longer live. Call with the table's
        lock held or on a game this process does not hold yet."""
        record = await self.games.get(table_id)
        table = self.live.get(table_id)
        if record is None or record.status not in ("lobby", "playing") or record.game_type not in self.registry \
                or not self.mine(record):
            if table is not None:
                self.live.remove(table)
            return None
        definition = self.registry.get(record.game_type)
        state = None
        if record.status == "playing":
            snap = await self.games.snapshot(record.id)
            if snap is not None and snap[0] == record.version:
                state = definition.engine.state_from_json(snap[1])
            else:
                state = await self.replay(record)
        if table is None:
            table = LiveTable(record, definition, state=state)
            self.live.add(table)
        else:
            table.record, table.state = record, state
        self.timers.schedule(table)
        return table
