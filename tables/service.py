"""The table service: every live game, its lock, its timers and its AI seats.

Flow of an action: lock the game → engine.apply → append the action and the
new snapshot in one transaction (commit) → let AI seats play → notify. A
restart rebuilds everything from the database.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

from db.database import Database, is_unique_violation
from db.models import GameRecord, Seat
from db.repo import GameRepo, RatingRepo, SettingsRepo
from engines import ai
from engines.base import Event, GameEngine, IllegalAction, Result, SeatInfo
from tables import ratings
from tables.announcing_queue import AnnouncingQueue, Call, Change
from tables.errors import TableError, seat_count_error
from tables.notifier import Notifier, NullNotifier
from tables.registry import GameRegistry, GameSpec
from tables.sweeper import guarded_write
from tables.text import action_kinds, kind_key, safe_name, step_key

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS = 30 * 60
DEFAULT_TURN_TIMEOUT_MINUTES = 60
MISSED_TURNS_BEFORE_AI_KEEPS_SEAT = 3
MAX_AI_STEPS_PER_TURN = 5000


@dataclass
class LiveTable:
    """A game in memory: its record, its engine state and its lock."""

    record: GameRecord
    spec: GameSpec
    state: BaseModel | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def engine(self) -> GameEngine:
        return self.spec.engine

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    def to_act(self) -> list[int]:
        if self.state is None or self.record.status != "playing":
            return []
        return self.engine.to_act(self.state)

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)

    def seat_range(self) -> tuple[int, int]:
        return self.engine.seat_range(self.engine.config_from_json(self.record.config))


@dataclass
class Standing:
    """One seat's line in a finished game."""

    seat: int
    rank: int
    score: float | None
    resigned: bool
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass
class GameSummary:
    result: Result
    standings: list[Standing]
    rated: bool
    reason: str  # i18n key: the engine's reason, or core.end.resigned / core.end.ended
    ai_marked: bool
    unrated_reason: str = ""  # i18n key saying why an unrated game is not rated


class TableService:
    def __init__(
        self,
        db: Database,
        registry: GameRegistry,
        notifier: Notifier | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.registry = registry
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.games = GameRepo(db)
        self.ratings = RatingRepo(db)
        self.settings = SettingsRepo(db)
        self.tables: dict[int, LiveTable] = {}  # game id → table
        self._by_channel: dict[int, int] = {}  # channel id → game id
        self.accepting = True
        self._background: set[asyncio.Task] = set()
        # Announcements go out after the answer, in order per table (tables/announcing_queue.py).
        self.announcing = AnnouncingQueue(lambda: self.notifier)
        self._rematch_lock = asyncio.Lock()
        self._opening = asyncio.Lock()
        # Seeds for new games; tests replace it to make games repeatable.
        self.new_seed: Callable[[], int] = lambda: random.SystemRandom().randrange(2**31)

    # ------------------------------------------------------------------
    # Loading
    # ------------------------------------------------------------------
    async def restore(self) -> int:
        """Load every live lobby and game, then finish what a crash left
        undone: AI seats to act play, games the engine says are over are
        finished (results and ratings once), timers are re-armed."""
        count = 0
        playing: list[LiveTable] = []
        for record in await self.games.all_live():
            if record.game_type not in self.registry:
                log.error("game %s: unknown game type %s left as is", record.id, record.game_type)
                continue
            table = LiveTable(record, self.registry.get(record.game_type))
            if record.status == "playing":
                snap = await self.games.snapshot(record.id)
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

    def _remember(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self._by_channel[table.record.channel_id] = table.id

    def _forget(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        if self._by_channel.get(table.record.channel_id) == table.id:
            del self._by_channel[table.record.channel_id]
        self._cancel_timer(table)

    def in_channel(self, channel_id: int) -> LiveTable | None:
        game_id = self._by_channel.get(channel_id)
        return self.tables.get(game_id) if game_id is not None else None

    def get(self, game_id: int) -> LiveTable | None:
        return self.tables.get(game_id)

    def require_channel(self, channel_id: int) -> LiveTable:
        table = self.in_channel(channel_id)
        if table is None:
            raise TableError("core.err.no_game")
        return table

    def require_game(self, game_id: int) -> LiveTable:
        table = self.get(game_id)
        if table is None:
            raise TableError("core.err.game_gone")
        return table

    @staticmethod
    def _seat_infos(record: GameRecord) -> list[SeatInfo]:
        return [SeatInfo(name=s.name, is_ai=s.ai == "added") for s in record.seats]

    # ------------------------------------------------------------------
    # Lobby
    # ------------------------------------------------------------------
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
            if table.spec.finalize_config is not None:
                config_json = table.spec.finalize_config(config_json, table.seats)
            config = engine.config_from_json(config_json)
            if len(table.seats) not in engine.allowed_seat_counts(config):
                lo, hi = engine.seat_range(config)
                raise seat_count_error(lo, hi, len(table.seats))
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

    # ------------------------------------------------------------------
    # Play
    # ------------------------------------------------------------------
    async def act(self, game_id: int, user_id: int, action: BaseModel) -> list[Event]:
        """Apply a player's action. Raises TableError or IllegalAction and
        changes nothing when refused. Returns the public events it caused."""
        self._check_accepting()
        table = self.require_game(game_id)
        async with table.lock:
            seat = self._playing_seat(table, user_id)
            self._require_turn(table, seat)
            before = self._hand_snapshots(table)
            table.seats[seat].missed_turns = 0  # saved with the action
            try:
                events = await self._commit(table, seat, action, by_ai=False)
            except IllegalAction as error:
                raise self._explained(table, seat, error) from error
            events += await self._run_ai(table)
            finished = await self._after_change(table)
            changed = self._changed_hands(table, before)
        await self._announce(table, events, finished, changed_hands=changed)
        return events

    async def validate(self, game_id: int, user_id: int, action: BaseModel) -> None:
        """Raise as ``act`` would, without changing anything (previews)."""
        table = self.require_game(game_id)
        seat = self._playing_seat(table, user_id)
        self._require_turn(table, seat)
        try:
            table.engine.apply(table.state, seat, action)
        except IllegalAction as error:
            raise self._explained(table, seat, error) from error

    @staticmethod
    def _require_turn(table: LiveTable, seat: int) -> None:
        """Refuse a seat that is not to act, saying who is."""
        if seat not in table.to_act():
            names = ", ".join(safe_name(table.seats[s].name) for s in table.to_act())
            raise TableError("core.err.not_your_turn", players=names or "—")

    @staticmethod
    def _explained(table: LiveTable, seat: int, error: IllegalAction) -> IllegalAction:
        """A "wrong step" refusal that names the step and what is possible."""
        if not error.key.endswith(".wrong_step"):
            return error
        step = step_key(table.record.game_type, table.state)
        kinds = action_kinds(table.engine, table.state, seat)
        if step is None or not kinds:
            return error
        return IllegalAction("core.turn.wrong_step", step_key=step,
                             actions_keys=[kind_key(table.record.game_type, k) for k in kinds])

    def _playing_seat(self, table: LiveTable, user_id: int) -> int:
        if table.record.status != "playing" or table.state is None:
            raise TableError("core.err.not_playing")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("core.err.not_seated")
        if table.seats[seat].ai == "resigned":
            raise TableError("core.err.resigned")
        return seat

    async def _commit(self, table: LiveTable, seat: int, action: BaseModel, by_ai: bool) -> list[Event]:
        """Apply and persist one action (append-only log + snapshot)."""
        engine = table.engine
        new_state, events = engine.apply(table.state, seat, action)
        seq = table.record.version + 1
        now = self.clock()
        self._restart_turn_clock(table, new_state, now)
        async with guarded_write(self, table) as conn:
            await self.games.append_action(conn, table.id, seq, seat, engine.action_to_json(action), by_ai, now)
            await self.games.save_snapshot(conn, table.id, seq, engine.state_to_json(new_state))
            table.record.version = seq
            table.record.updated_at = now
            await self.games.update(conn, table.record)
        table.state = new_state
        log.info("game %s: seq %d by seat %d%s", table.id, seq, seat, " (ai)" if by_ai else "")
        return events

    async def _run_ai(self, table: LiveTable) -> list[Event]:
        """Let every AI-played seat act until a human is to act or the game ends."""
        events: list[Event] = []
        for _ in range(MAX_AI_STEPS_PER_TURN):
            if table.engine.is_over(table.state):
                break
            ai_seats = [s for s in table.to_act() if table.seats[s].is_ai]
            if not ai_seats:
                break
            seat = ai_seats[0]
            events += await self._ai_move(table, seat)
        else:
            log.error("game %s: AI did not yield after %d steps", table.id, MAX_AI_STEPS_PER_TURN)
        return events

    async def _ai_move(self, table: LiveTable, seat: int) -> list[Event]:
        rng = random.Random(f"{table.record.seed}:{table.record.version}:{seat}")
        record_seat = table.seats[seat]
        level = record_seat.ai_level if record_seat.ai == "added" else ai.TIMEOUT_LEVEL
        # In a worker thread, within the level's time budget: the loop keeps running.
        action = await asyncio.to_thread(ai.choose_action, table.engine, table.state, seat, level, rng)
        return await self._commit(table, seat, action, by_ai=True)

    # ------------------------------------------------------------------
    # Resign and end
    # ------------------------------------------------------------------
    async def resign(self, game_id: int, user_id: int) -> list[Event]:
        table = self.require_game(game_id)
        async with table.lock:
            seat = self._playing_seat(table, user_id)
            before = self._hand_snapshots(table)
            table.seats[seat].ai = "resigned"
            table.seats[seat].missed_turns = 0
            table.seats[seat].resigned_order = sum(1 for s in table.seats if s.ai == "resigned")
            await self._save_record(table)
            events = [Event(key="core.log.resigned", params={"seat": seat})]
            if len(self._active_groups(table)) <= 1:
                finished = await self._finish(table, reason="core.end.resigned")
            else:
                events += await self._run_ai(table)
                finished = await self._after_change(table)
            changed = self._changed_hands(table, before)
        await self._announce(table, events, finished, changed_hands=changed)
        return events

    async def end_game(self, game_id: int) -> LiveTable:
        """A server manager ends a stuck game or lobby: abandoned, not rated."""
        table = self.require_game(game_id)
        async with table.lock:
            was_lobby = table.record.status == "lobby"
            await self._close(table, "abandoned")
        if was_lobby:
            await self.notifier.lobby_updated(table, closed_reason="core.lobby.ended")
        else:  # after the announcements still queued for the game
            self.announcing.submit(table, Call(lambda: self.notifier.game_ended_by_manager(table), "ending"))
        return table

    def _groups(self, table: LiveTable) -> list[list[int]]:
        teams = table.engine.teams(table.state) if table.state is not None else None
        if teams is None:
            return [[i] for i in range(len(table.seats))]
        by_team: dict[int, list[int]] = {}
        for seat, team in enumerate(teams):
            by_team.setdefault(team, []).append(seat)
        return list(by_team.values())

    def _active_groups(self, table: LiveTable) -> list[list[int]]:
        return [g for g in self._groups(table) if any(table.seats[s].ai != "resigned" for s in g)]

    # ------------------------------------------------------------------
    # Turn timers and idle lobbies
    # ------------------------------------------------------------------
    async def _turn_timeout_seconds(self, table: LiveTable) -> float:
        _, minutes = await self.settings.guild(table.record.guild_id)
        return 60.0 * (minutes or DEFAULT_TURN_TIMEOUT_MINUTES)

    def _cancel_timer(self, table: LiveTable) -> None:
        if table.timer is not None and not table.timer.done() and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None

    def _schedule(self, table: LiveTable) -> None:
        self._cancel_timer(table)
        if table.record.status == "lobby":
            table.timer = asyncio.create_task(self._lobby_idle(table), name=f"lobby-idle-{table.id}")
        elif table.record.status == "playing" and table.record.turn_started_at is not None:
            table.timer = asyncio.create_task(self._turn_timer(table), name=f"turn-timer-{table.id}")

    async def _lobby_idle(self, table: LiveTable) -> None:
        while table.record.status == "lobby":
            remaining = table.record.updated_at + LOBBY_IDLE_SECONDS - self.clock()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.record.status != "lobby":
                    return
                await self._close(table, "abandoned")
            log.info("game %s: lobby closed after idling", table.id)
            await self.notifier.lobby_updated(table, closed_reason="core.lobby.idle")
            return

    async def _turn_timer(self, table: LiveTable) -> None:
        limit = await self._turn_timeout_seconds(table)
        started = table.record.turn_started_at or self.clock()
        version = table.record.version
        if not table.record.reminded:
            await asyncio.sleep(max(0.0, started + limit / 2 - self.clock()))
            if table.record.version != version or table.record.status != "playing":
                return
            table.record.reminded = True
            await self._save_record(table)
            for seat in table.to_act():
                if not table.seats[seat].is_ai:
                    await self.notifier.turn_reminder(table, seat, int((started + limit - self.clock()) // 60))
        await asyncio.sleep(max(0.0, started + limit - self.clock()))
        async with table.lock:
            if table.record.version != version or table.record.status != "playing":
                return
            before = self._hand_snapshots(table)
            events: list[Event] = []
            for seat in [s for s in table.to_act() if not table.seats[s].is_ai]:
                if table.engine.is_over(table.state) or seat not in table.to_act():
                    continue
                record_seat = table.seats[seat]
                record_seat.missed_turns += 1
                events.append(Event(key="core.log.timed_out", params={"seat": seat}))
                if record_seat.missed_turns >= MISSED_TURNS_BEFORE_AI_KEEPS_SEAT:
                    record_seat.ai = "timeout"
                    table.record.ai_marked = True
                    events.append(Event(key="core.log.ai_keeps_seat", params={"seat": seat}))
                events += await self._ai_move(table, seat)
            events += await self._run_ai(table)
            finished = await self._after_change(table, from_timer=True)
            changed = self._changed_hands(table, before)
        await self._announce(table, events, finished, changed_hands=changed)

    # ------------------------------------------------------------------
    # After every change
    # ------------------------------------------------------------------
    def _restart_turn_clock(self, table: LiveTable, state: BaseModel, now: float) -> None:
        """Every accepted action starts the clock of the humans now to act."""
        humans_to_act = [s for s in table.engine.to_act(state) if not table.seats[s].is_ai]
        table.record.turn_started_at = now if humans_to_act else None
        table.record.reminded = False

    async def _after_change(self, table: LiveTable, from_timer: bool = False) -> GameSummary | None:
        """Finish the game if it is over, else restart the turn timer (the
        turn clock itself was saved with the last action)."""
        if table.engine.is_over(table.state):
            return await self._finish(table, reason=None)
        if from_timer:
            table.timer = None  # this task is the timer; a new one replaces it
        self._schedule(table)
        return None

    async def _finish(self, table: LiveTable, reason: str | None) -> GameSummary:
        record = table.record
        engine_result = table.engine.result(table.state) if table.state is not None else None
        result = self._final_result(table, engine_result)
        solo = len(self._groups(table)) < 2
        unrated_reason = ("core.unrated.solo" if solo
                          else "core.unrated.dm" if record.guild_id is None
                          else "core.result.unrated" if any(s.ai == "added" for s in record.seats) else "")
        rated = not unrated_reason
        standings = [
            Standing(seat=i, rank=result.ranks[i], score=(result.scores[i] if result.scores else None),
                     resigned=record.seats[i].ai == "resigned")
            for i in range(len(record.seats))
        ]
        outcomes = self._outcomes(table, result)
        now = self.clock()
        record.status = "finished"
        record.turn_started_at = None
        record.updated_at = now
        async with guarded_write(self, table) as conn:
            await self.games.update(conn, record)
            await self.games.save_results(conn, record.id, [
                {"seat": st.seat, "user_id": record.seats[st.seat].user_id, "rank": st.rank,
                 "team": result.teams[st.seat] if result.teams else None, "score": st.score, "rated": int(rated),
                 "outcome": outcomes[st.seat]}
                for st in standings
            ])
            if rated:
                await self._update_ratings(conn, table, result, standings, now)
        self._forget(table)
        log.info("game %s: finished (rated=%s)", record.id, rated)
        return GameSummary(
            result=result, standings=standings, rated=rated,
            reason=reason or (engine_result.reason if engine_result else "") or "core.end.over",
            ai_marked=record.ai_marked, unrated_reason=unrated_reason,
        )

    def _outcomes(self, table: LiveTable, result: Result) -> list[str]:
        """``win`` for a sole first place, ``draw`` when first place is
        shared between sides, else ``loss`` (a lost solo game is a loss)."""
        groups = self._groups(table)
        firsts = sum(1 for g in groups if result.ranks[g[0]] == 1)
        return ["loss" if rank != 1 else "win" if firsts == 1 else "draw" for rank in result.ranks]

    def _final_result(self, table: LiveTable, engine_result: Result | None) -> Result:
        """The engine's ranking with resigned seats moved to the bottom
        (earlier resignations lower), as competition ranks: two sides tied
        first are followed by third (1, 1, 3). A solo game keeps the engine's
        rank (2 when lost), and a resigned solo game is lost."""
        n = len(table.seats)
        teams = table.engine.teams(table.state) if table.state is not None else None
        resigned_order = {i: s.resigned_order for i, s in enumerate(table.seats) if s.resigned_order}
        groups = self._groups(table)
        group_of = {s: gi for gi, g in enumerate(groups) for s in g}
        base = engine_result.ranks if engine_result else [1] * n
        # A group counts as resigned when all its seats resigned.
        group_resign = {
            gi: (max(resigned_order.get(s, 0) for s in g) if all(s in resigned_order for s in g) else None)
            for gi, g in enumerate(groups)
        }
        active = [base[g[0]] for gi, g in enumerate(groups) if group_resign[gi] is None]
        gone = sorted({o for o in group_resign.values() if o is not None}, reverse=True)
        ranks = []
        for seat in range(n):
            gi = group_of[seat]
            if len(groups) == 1:
                ranks.append(base[seat] if group_resign[gi] is None else max(2, base[seat]))
            elif group_resign[gi] is None:
                ranks.append(1 + sum(1 for other in active if other < base[groups[gi][0]]))
            else:
                ranks.append(len(active) + 1 + gone.index(group_resign[gi]))
        return Result(ranks=ranks, teams=teams, scores=engine_result.scores if engine_result else None,
                      reason=engine_result.reason if engine_result else "")

    async def _update_ratings(self, conn, table: LiveTable, result: Result, standings: list[Standing],
                              now: float) -> None:
        record = table.record
        groups = self._groups(table)
        user_ids = [s.user_id for s in record.seats if s.user_id is not None]
        existing = await self.ratings.get_many(record.guild_id, record.game_type, user_ids)
        rows = [[existing.get(record.seats[s].user_id)
                 or ratings.default_row(record.guild_id, record.game_type, record.seats[s].user_id,
                                        record.seats[s].name, now) for s in g] for g in groups]
        rows = [[r.model_copy(update={"name": record.seats[s].name}) for r, s in zip(row, g)]
                for row, g in zip(rows, groups)]
        new_rows = ratings.rate(rows, [result.ranks[g[0]] for g in groups], now)
        for g, old_group, new_group in zip(groups, rows, new_rows):
            for seat, old, new in zip(g, old_group, new_group):
                standings[seat].rating_before = old.ordinal if old.games else None
                standings[seat].rating_after = new.ordinal
                await self.ratings.upsert(conn, new)

    async def _close(self, table: LiveTable, status: str) -> None:
        table.record.status = status  # type: ignore[assignment]
        table.record.turn_started_at = None
        await self._save_record(table)
        self._forget(table)

    async def _save_record(self, table: LiveTable) -> None:
        table.record.updated_at = self.clock()
        async with guarded_write(self, table) as conn:
            await self.games.update(conn, table.record)

    # ------------------------------------------------------------------
    # Hands and notifications
    # ------------------------------------------------------------------
    def _human_seats(self, table: LiveTable) -> list[int]:
        return [i for i, s in enumerate(table.seats) if s.user_id is not None and s.ai != "resigned"]

    def _hand_snapshots(self, table: LiveTable) -> dict[int, Any]:
        if table.state is None:
            return {}
        return {seat: table.engine.hidden_hand(table.state, seat) for seat in self._human_seats(table)}

    def _changed_hands(self, table: LiveTable, before: dict[int, Any]) -> list[int]:
        """Seats whose secret holdings changed (not merely whose turn it is)."""
        if table.record.status != "playing":
            return []
        after = self._hand_snapshots(table)
        return [seat for seat, hand in after.items() if hand is not None and before.get(seat) != hand]

    def _turn_change(self, table: LiveTable) -> tuple[list[int], list[int]] | None:
        """(humans to act now, those of them who were not to act before) when
        that set changed since the last announcement, else None. Decided and
        remembered without awaiting, so two announcements cannot both see
        the same change."""
        now = [] if table.record.status != "playing" else [s for s in table.to_act() if not table.seats[s].is_ai]
        before = table.record.ping_seats
        if now == before:
            return None
        table.record.ping_seats = now
        return now, [s for s in now if s not in before]

    async def _announce(self, table: LiveTable, events: list[Event], finished: GameSummary | None,
                        changed_hands: list[int]) -> None:
        """Queue the change's board, ping and DMs; they follow the answer."""
        self.announcing.submit(table, Change(events, finished, changed_hands, self._turn_change(table)))

    async def mark_dm_failed(self, table: LiveTable, seat: int, failed: bool) -> None:
        async with table.lock:
            table.seats[seat].dm_failed = failed
            await self._save_record(table)

    async def set_message_ids(self, table: LiveTable, *, lobby: int | None = None, board: int | None = None,
                              ping: int | None | bool = False) -> None:
        """Remember the game's messages (``ping=None`` forgets the ping)."""
        if lobby is not None:
            table.record.lobby_message_id = lobby
        if board is not None:
            table.record.board_message_id = board
        if ping is not False:
            table.record.ping_message_id = ping  # type: ignore[assignment]
        async with guarded_write(self, table) as conn:
            await self.games.update(conn, table.record)

    # ------------------------------------------------------------------
    # Rematch
    # ------------------------------------------------------------------
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

    # ------------------------------------------------------------------
    # Shutdown
    # ------------------------------------------------------------------
    def _check_accepting(self) -> None:
        if not self.accepting:
            raise TableError("core.err.shutting_down")

    async def shutdown(self) -> None:
        """Stop taking actions, wait for actions in flight, stop timers."""
        self.accepting = False
        for table in list(self.tables.values()):
            async with table.lock:
                self._cancel_timer(table)
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        await self.announcing.join()
