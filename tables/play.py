"""Play: a player's action (and its dry run), AI seats taking their turns,
committing each action, resigning, a manager ending a game, and what follows
every change. Part of `TableService`."""
from __future__ import annotations

import logging

from pydantic import BaseModel

from engines import ai
from engines.base import Event, IllegalAction
from tables.announcing_queue import Call
from tables.errors import TableError
from tables.live import GameSummary, LiveTable
from tables.sweeper import refuse_stale
from tables.text import action_kinds, kind_key, safe_name, step_key

log = logging.getLogger("tables.service")  # the service's one logger, as before the split

MAX_AI_STEPS_PER_TURN = 5000


class PlayMixin:
    """`TableService`'s play; relies on the state and helpers `tables.service` sets up."""

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
        table.record.version, table.record.updated_at = seq, now
        async with refuse_stale(self, table):  # one transaction, one trip to the database
            await self.games.commit_action(table.record, seat, engine.action_to_json(action), by_ai, new_state)
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
        seed = f"{table.record.seed}:{table.record.version}:{seat}"  # a fresh random.Random per move
        record_seat = table.seats[seat]
        level = record_seat.ai_level if record_seat.ai == "added" else ai.TIMEOUT_LEVEL
        # In the AI process (a thread with AI_PROCESSES=0), within the level's
        # time budget: the loop keeps running.
        action = await self.thinking.choose(table.engine, table.state, seat, level, seed)
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

    async def _after_change(self, table: LiveTable, from_timer: bool = False) -> GameSummary | None:
        """Finish the game if it is over, else restart the turn timer (the
        turn clock itself was saved with the last action)."""
        if table.engine.is_over(table.state):
            return await self._finish(table, reason=None)
        if from_timer:
            table.timer = None  # this task is the timer; a new one replaces it
        self._schedule(table)
        return None
