"""Lobbies: open, join, leave, AI seats and their level, seat options,
cancel, start (a step of the one change path), and the rematch that opens a
new lobby."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from db import seasons
from db.database import Database, is_unique_violation
from db.models import GameRecord, Seat
from db.repo import GameRepo
from db.tournaments import TournamentRepo
from engines import ai
from engines.base import Event
from games.options import FIRST_SEAT, core_settings
from tables.changes import Changes, Outcome
from tables.errors import TableError, seat_count_error
from tables.live import LiveTable, LiveTables, seat_infos
from tables.lobby_options import after_leaving, check_first_seat, with_option
from tables.notifier import Notifier
from tables.registry import GameRegistry
from tables.store import TableStore
from tables.teams import arranged, check_room, picking, team_sides
from tables.timers import Timers, restart_turn_clock

log = logging.getLogger("tables.service")


def require_lobby(table: LiveTable) -> None:
    if table.record.status != "lobby":
        raise TableError("core.err.not_lobby")


def require_host(table: LiveTable, user_id: int) -> None:
    if user_id != table.record.host_id:
        raise TableError("core.err.host_only")


def own_seat(table: LiveTable, user_id: int) -> int:
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("core.err.not_in_lobby")
    return seat


def require_free_seat(table: LiveTable) -> None:
    limit = table.seat_range()[1]
    if len(table.seats) >= limit:
        raise TableError("core.err.lobby_full", max=limit)


class Lobby:
    def __init__(self, db: Database, games: GameRepo, registry: GameRegistry, live: LiveTables,
                 store: TableStore, timers: Timers, changes: Changes, notifier: Callable[[], Notifier],
                 now: Callable[[], float], new_seed: Callable[[], int]) -> None:
        self.db = db
        self.games = games
        self.registry = registry
        self.live = live
        self.store = store
        self.timers = timers
        self.changes = changes
        self.notifier = notifier
        self.now = now
        self.new_seed = new_seed
        # The channel check and the insert under one lock: of simultaneous
        # `new` commands in one channel exactly one opens a lobby.
        self._opening = asyncio.Lock()
        self._rematching = asyncio.Lock()

    async def open(self, game_type: str, guild_id: int | None, channel_id: int, host_id: int, host_name: str,
                   config: dict[str, Any] | None = None, seed: int | None = None,
                   seats: list[Seat] | None = None, elsewhere: bool = False) -> LiveTable:
        """A new lobby, announced (``lobby_updated``: the channel's web pages
        hear of it). ``elsewhere``: no chat command opened it (the board), so
        the chat posts its lobby message (``LiveTable.opened_elsewhere``); a
        command posts its own."""
        definition = self.registry.get(game_type)
        cfg = definition.engine.config_from_json(config or {})
        async with self._opening:
            if self.live.in_channel(channel_id) is not None or await self.games.live_in_channel(channel_id):
                raise TableError("core.err.channel_busy")
            now = self.now()
            record = GameRecord(
                game_type=game_type, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                config={**cfg.model_dump(mode="json"), **core_settings(config or {})},
                seats=list(seats) if seats is not None else [Seat(user_id=host_id, name=host_name)],
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
            table = LiveTable(record, definition)
            self.live.add(table)
        self.timers.schedule(table)
        log.info("game %s: lobby opened (%s) guild=%s channel=%s host=%s",
                 record.id, game_type, guild_id, channel_id, host_id)
        table.opened_elsewhere = elsewhere
        await self.notifier().lobby_updated(table)
        return table

    @asynccontextmanager
    async def _change(self, table: LiveTable, host_id: int | None = None) -> AsyncIterator[LiveTable]:
        """Lock an open lobby (optionally host only) for one change; save it
        and update the lobby message once the change succeeded."""
        async with table.lock:
            require_lobby(table)
            if host_id is not None:
                require_host(table, host_id)
            yield table
            await self.store.save(table)
        await self.notifier().lobby_updated(table)

    async def join(self, table: LiveTable, user_id: int, name: str) -> None:
        async with self._change(table):
            if table.seat_of(user_id) is not None:
                raise TableError("core.err.already_joined")
            require_free_seat(table)
            table.seats.append(Seat(user_id=user_id, name=name))

    async def leave(self, table: LiveTable, user_id: int) -> None:
        async with self._change(table):
            seat = own_seat(table, user_id)
            if user_id == table.record.host_id:
                raise TableError("core.err.host_cannot_leave")
            del table.seats[seat]
            table.record.config = after_leaving(table.record.config, seat)

    async def add_ai(self, table: LiveTable, user_id: int) -> None:
        async with self._change(table, host_id=user_id):
            require_free_seat(table)
            ai_number = sum(1 for s in table.seats if s.ai_reason == "added") + 1
            table.seats.append(Seat(name=f"AI {ai_number}", ai_reason="added", ai_level=ai.DEFAULT_LEVEL))

    async def set_ai_level(self, table: LiveTable, user_id: int, level: str) -> None:
        """The host sets the level of the AIs added in the lobby."""
        if level not in ai.LEVELS:
            raise TableError("ai.err.bad_level")
        async with self._change(table, host_id=user_id):
            added = [s for s in table.seats if s.ai_reason == "added"]
            if not added:
                raise TableError("ai.err.no_ai_seat")
            for seat in added:
                seat.ai_level = level

    async def set_option(self, table: LiveTable, user_id: int, key: str, value: str) -> None:
        """The host sets a lobby option (games/options.py) or who starts."""
        async with self._change(table, host_id=user_id):
            table.record.config = with_option(table.definition, table.record.config, table.seats, key, value)

    async def set_seat_option(self, table: LiveTable, user_id: int, key: str, value: Any,
                              seat: int | None = None) -> None:
        """A player's own lobby choice, one of the game's ``seat_choices``
        (the host may also set it for an AI seat by passing ``seat``), checked
        by the game (a faction another seat took is refused)."""
        choice = table.definition.seat_choice(key)
        if choice is None or value not in choice.values:
            raise TableError("core.err.bad_option")
        async with self._change(table):
            if seat is None:
                seat = own_seat(table, user_id)
            else:
                require_host(table, user_id)
                if not 0 <= seat < len(table.seats) or table.seats[seat].user_id is not None:
                    raise TableError("core.err.bad_option")
            choice.check(table.seats, seat, value)
            options = {**table.seats[seat].options, key: value}
            sides = team_sides(table.definition, table.record.config, len(table.seats))
            if sides is not None:  # a choice that sets the side (a faction) must find room there
                check_room(sides, [s.model_copy(update={"options": options}) if i == seat else s
                                   for i, s in enumerate(table.seats)])
            table.seats[seat].options = options

    async def pick_side(self, table: LiveTable, user_id: int, side: int, seat: int | None = None) -> None:
        """A player picks a side of a team lobby; the host may move any seat (``seat``)."""
        async with self._change(table):
            if seat is None:
                seat = own_seat(table, user_id)
            else:
                if not 0 <= seat < len(table.seats):
                    raise TableError("teams.err.bad_side")
                if table.seats[seat].user_id != user_id:
                    require_host(table, user_id)
            table.seats[seat].options = picking(table.definition, table.record.config, table.seats, seat, side)

    async def close(self, table: LiveTable, reason: str, host_id: int | None = None) -> None:
        """Close a lobby (the host cancels, or a manager ends it)."""
        async with table.lock:
            require_lobby(table)
            if host_id is not None:
                require_host(table, host_id)
            await self.store.close(table, "abandoned")
        await self.notifier().lobby_updated(table, closed_reason=reason)

    async def start(self, table: LiveTable, user_id: int) -> None:
        async def step(table: LiveTable) -> Outcome:
            require_lobby(table)
            require_host(table, user_id)
            engine = table.engine
            config_json = dict(table.record.config)
            check_first_seat(config_json, len(table.seats))
            seats, config_json = arranged(table.definition, config_json, table.seats)
            if table.definition.finalize_config is not None:
                config_json = table.definition.finalize_config(config_json, seats, table.record.seed)
            config = engine.config_from_json(config_json)
            if len(table.seats) not in engine.allowed_seat_counts(config):
                lo, hi = engine.seat_range(config)
                raise seat_count_error(lo, hi, len(table.seats), engine.allowed_seat_counts(config))
            table.record.seats = seats  # on their sides (tables/teams.py)
            table.state = engine.new_game(config, seat_infos(table.record), table.record.seed)
            table.record.config = {**config.model_dump(mode="json"), **core_settings(table.record.config)}
            table.record.status = "playing"
            table.record.version = 0
            restart_turn_clock(table, table.state, self.now())
            async with self.store.transaction(table) as conn:
                table.record.updated_at = self.now()
                await self.games.update(conn, table.record)
                await self.games.save_snapshot(conn, table.id, 0, engine.state_to_json(table.state))
                await seasons.mark_game(conn, table.id, table.record.guild_id)
            log.info("game %s: started with %d seats", table.id, len(table.seats))
            return Outcome([Event(key="core.log.started")])

        await self.changes.run(table, step, all_hands=True,
                               before_announcing=lambda: self.notifier().lobby_updated(table))

    async def offers_rematch(self, finished_id: int) -> bool:
        """Whether the game's results offer a rematch: not a tournament's
        match. Its thread is the tournament's, and a second game there would
        look like part of the tournament while counting for nothing in it."""
        return await TournamentRepo(self.db).match_of_game(finished_id) is None

    async def rematch(self, finished_id: int, user_id: int, user_name: str,
                      elsewhere: bool = False) -> tuple[LiveTable, GameRecord]:
        """Open a lobby in the finished game's channel with its options, the
        caller (one of its players) as host. Once per finished game.
        ``elsewhere``: as ``open``'s."""
        async with self._rematching:
            old = await self.games.get(finished_id)
            if old is None or old.status != "finished":
                raise TableError("core.err.game_gone")
            if old.seat_of(user_id) is None:
                raise TableError("core.rematch.not_player", id=finished_id)
            if not await self.offers_rematch(finished_id):
                raise TableError("core.rematch.tournament", id=finished_id)
            if old.rematch_id is not None:
                raise TableError("core.rematch.already", id=old.rematch_id)
            if self.live.in_channel(old.channel_id) is not None or await self.games.live_in_channel(old.channel_id):
                raise TableError("core.rematch.busy")
            # Who starts is not carried over: the new lobby's seats are not the old ones.
            config = {key: value for key, value in old.config.items() if key != FIRST_SEAT}
            table = await self.open(old.game_type, old.guild_id, old.channel_id, user_id, user_name, config,
                                    elsewhere=elsewhere)
            old.rematch_id = table.id
            async with self.db.transaction() as conn:
                await self.games.update(conn, old)
        return table, old
