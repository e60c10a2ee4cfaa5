"""Bringing the tables back after a restart: load every live lobby and game,
rebuild a state from seed + action log when its snapshot is missing, and
finish what a crash left undone. Part of `TableService`."""
from __future__ import annotations

import logging

from pydantic import BaseModel

from db.models import GameRecord
from engines.base import Event
from tables.live import LiveTable

log = logging.getLogger("tables.service")  # the service's one logger, as before the split


class RestoringMixin:
    """`TableService`'s restore; relies on the state and helpers `tables.service` sets up."""

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
                    table.state = table.engine.state_from_json(snap[1])
                playing.append(table)
            self._remember(table)
            self._schedule(table)
            count += 1
        for table in playing:
            await self._resume(table)
        return count

    async def _resume(self, table: LiveTable) -> None:
        """Bring a restored game to where its last commit left it. The result
        and the ratings are written in one transaction with the status, so a
        game is finished (and rated) exactly once."""
        try:
            async with table.lock:
                if table.record.status != "playing" or table.state is None:
                    return
                resigned_out = len(self._active_groups(table)) <= 1  # killed between a resignation and its result
                over = table.engine.is_over(table.state)
                ai_due = not over and any(table.seats[s].is_ai for s in table.to_act())
                if not (resigned_out or over or ai_due):
                    return
                log.info("game %s: resuming after restart (%s)", table.id,
                         "resigned" if resigned_out else "over" if over else "AI to act")
                before = self._hand_snapshots(table)
                events: list[Event] = []
                if resigned_out:
                    finished = await self._finish(table, reason="core.end.resigned")
                else:
                    events = [] if over else await self._run_ai(table)
                    finished = await self._after_change(table)
                changed = self._changed_hands(table, before)
        except Exception:
            log.exception("game %s: could not resume after restart", table.id)
            return
        try:
            await self._announce(table, events, finished, changed_hands=changed)
        except Exception:  # the game itself moved on; a failed message must not stop the restore
            log.exception("game %s: could not announce the resumed game", table.id)

    async def replay(self, record: GameRecord) -> BaseModel:
        """The state rebuilt from seed + action log."""
        spec = self.registry.get(record.game_type)
        engine = spec.engine
        state = engine.new_game(engine.config_from_json(record.config), self._seat_infos(record), record.seed)
        for _seq, seat, action, _by_ai in await self.games.actions(record.id):
            state, _ = engine.apply(state, seat, engine.action_from_json(action))
        return state
