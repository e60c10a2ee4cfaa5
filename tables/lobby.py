"""Lobbies: open, join, leave, AI seats and their level, seat options,
cancel, start, and the rematch that opens a new lobby. Part of `TableService`."""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from db.database import is_unique_violation
from db.models import GameRecord, Seat
from engines import ai
from engines.base import Event
from tables.errors import TableError, seat_count_error
from tables.live import LiveTable
from tables.sweeper import guarded_write

log = logging.getLogger("tables.service")  # the service's one logger, as before the split


class LobbyMixin:
    """`TableService`'s lobbies; relies on the state and helpers `tables.service` sets up."""

    async def open_lobby(
        self, game_type: str, guild_id: int | None, channel_id: int, host_id: int, host_name: str,
        config: dict[str, Any] | None = None, seed: int | None = None,
    ) -> LiveTable:
        self._check_accepting()
        spec = self.registry.get(game_type)
        cfg = spec.engine.config_from_json(config or {})
        # The channel check and the insert under one lock: of simultaneous
        # `new` commands in one channel exactly one opens a lobby.
        async with self._opening:
            if self.in_channel(channel_id) is not None or await self.games.live_in_channel(channel_id):
                raise TableError("core.err.channel_busy")
            now = self.clock()
            record = GameRecord(
                game_type=game_type, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                config=cfg.model_dump(mode="json"), seats=[Seat(user_id=host_id, name=host_name)],
                seed=seed if seed is not None else self.new_seed(),
                created_at=now, updated_at=now,
            )
            try:
                async with self.db.transaction() as conn:
                    record.id = await self.games.insert(conn, record)
            except Exception as error:
                # Another process (or a start-up race) took the channel first.
                if is_unique_violation(error):
                    raise TableError("core.err.channel_busy") from None
                raise
            table = LiveTable(record, spec)
            self._remember(table)
        self._schedule(table)
        log.info("game %s: lobby opened (%s) guild=%s channel=%s host=%s",
                 record.id, game_type, guild_id, channel_id, host_id)
        return table

    @asynccontextmanager
    async def _lobby_change(self, game_id: int, host_id: int | None = None) -> AsyncIterator[LiveTable]:
        """Lock an open lobby (optionally host only) for one change; save it
        and update the lobby message once the change succeeded."""
        table = self.require_game(game_id)
        async with table.lock:
            self._require_lobby(table)
            if host_id is not None:
                self._require_host(table, host_id)
            yield table
            await self._save_record(table)
        await self.notifier.lobby_updated(table)

    @staticmethod
    def _require_free_seat(table: LiveTable) -> None:
        limit = table.seat_range()[1]
        if len(table.seats) >= limit:
            raise TableError("core.err.lobby_full", max=limit)

    async def join(self, game_id: int, user_id: int, name: str) -> LiveTable:
        async with self._lobby_change(game_id) as table:
            if table.seat_of(user_id) is not None:
                raise TableError("core.err.already_joined")
            self._require_free_seat(table)
            table.seats.append(Seat(user_id=user_id, name=name))
        return table

    async def leave(self, game_id: int, user_id: int) -> LiveTable:
        async with self._lobby_change(game_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("core.err.not_in_lobby")
            if user_id == table.record.host_id:
                raise TableError("core.err.host_cannot_leave")
            del table.seats[seat]
        return table

    async def add_ai(self, game_id: int, user_id: int) -> LiveTable:
        async with self._lobby_change(game_id, host_id=user_id) as table:
            self._require_free_seat(table)
            ai_number = sum(1 for s in table.seats if s.ai == "added") + 1
            table.seats.append(Seat(name=f"AI {ai_number}", ai="added", ai_level=ai.DEFAULT_LEVEL))
        return table

    async def set_ai_level(self, game_id: int, user_id: int, level: str) -> LiveTable:
        """The host sets the level of the AIs added in the lobby."""
        if level not in ai.LEVELS:
            raise TableError("ai.err.bad_level")
        async with self._lobby_change(game_id, host_id=user_id) as table:
            added = [s for s in table.seats if s.ai == "added"]
            if not added:
                raise TableError("ai.err.no_ai_seat")
            for seat in added:
                seat.ai_level = level
        return table

    async def set_seat_option(self, game_id: int, user_id: int, key: str, value: Any,
                              seat: int | None = None) -> LiveTable:
        """A player's own lobby choice (the host may also set it for an AI
        seat by passing ``seat``)."""
        async with self._lobby_change(game_id) as table:
            if seat is None:
                seat = table.seat_of(user_id)
                if seat is None:
                    raise TableError("core.err.not_in_lobby")
            else:
                self._require_host(table, user_id)
                if not 0 <= seat < len(table.seats) or table.seats[seat].user_id is not None:
                    raise TableError("core.err.bad_option")
            table.seats[seat].options = {**table.seats[seat].options, key: value}
        return table

    async def cancel(self, game_id: int, user_id: int) -> LiveTable:
        table = self.require_game(game_id)
        async with table.lock:
            self._require_lobby(table)
            self._require_host(table, user_id)
            await self._close(table, "abandoned")
        await self.notifier.lobby_updated(table, closed_reason="core.lobby.cancelled")
        return table

    async def start(self, game_id: int, user_id: int) -> LiveTable:
        table = self.require_game(game_id)
        async with table.lock:
            self._require_lobby(table)
            self._require_host(table, user_id)
            engine = table.engine
            config_json = dict(table.record.config)
            if table.definition.finalize_config is not None:
                config_json = table.definition.finalize_config(config_json, table.seats)
            config = engine.config_from_json(config_json)
            if len(table.seats) not in engine.allowed_seat_counts(config):
                lo, hi = engine.seat_range(config)
                raise seat_count_error(lo, hi, len(table.seats), engine.allowed_seat_counts(config))
            table.state = engine.new_game(config, self._seat_infos(table.record), table.record.seed)
            table.record.config = config.model_dump(mode="json")
            table.record.status = "playing"
            table.record.version = 0
            self._restart_turn_clock(table, table.state, self.clock())
            async with guarded_write(self, table) as conn:
                table.record.updated_at = self.clock()
                await self.games.update(conn, table.record)
                await self.games.save_snapshot(conn, table.id, 0, engine.state_to_json(table.state))
            log.info("game %s: started with %d seats", table.id, len(table.seats))
            events = [Event(key="core.log.started")]
            events += await self._run_ai(table)
            finished = await self._after_change(table)
        await self.notifier.lobby_updated(table)
        await self._announce(table, events, finished, changed_hands=self._human_seats(table))
        return table

    def _require_lobby(self, table: LiveTable) -> None:
        if table.record.status != "lobby":
            raise TableError("core.err.not_lobby")

    @staticmethod
    def _require_host(table: LiveTable, user_id: int) -> None:
        if user_id != table.record.host_id:
            raise TableError("core.err.host_only")


    async def rematch(self, game_id: int, user_id: int, user_name: str) -> tuple[LiveTable, GameRecord]:
        """Open a lobby in the finished game's channel with its options, the
        caller (one of its players) as host. Once per finished game."""
        async with self._rematch_lock:
            old = await self.games.get(game_id)
            if old is None or old.status != "finished":
                raise TableError("core.err.game_gone")
            if old.seat_of(user_id) is None:
                raise TableError("core.rematch.not_player", id=game_id)
            if old.rematch_id is not None:
                raise TableError("core.rematch.already", id=old.rematch_id)
            if self.in_channel(old.channel_id) is not None or await self.games.live_in_channel(old.channel_id):
                raise TableError("core.rematch.busy")
            table = await self.open_lobby(old.game_type, old.guild_id, old.channel_id, user_id, user_name,
                                          old.config)
            old.rematch_id = table.id
            async with self.db.transaction() as conn:
                await self.games.update(conn, old)
        return table, old
