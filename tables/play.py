"""Playing: a player's action (and its dry run), resigning, and a manager
ending a game — each a step of the one change path (``tables/changes.py``)."""
from __future__ import annotations

from pydantic import BaseModel

from engines.base import Event, IllegalAction
from tables.changes import Changes, Outcome
from tables.live import LiveTable
from tables.results import active_groups
from tables.seating import acting_seat, playing_seat
from tables.store import TableStore
from tables.text import action_kinds, kind_key, step_key


def explained(table: LiveTable, seat: int, error: IllegalAction) -> IllegalAction:
    """A "wrong step" refusal that names the step and what is possible."""
    if not error.key.endswith(".wrong_step"):
        return error
    step = step_key(table.record.game_type, table.state, table.engine, seat)
    kinds = action_kinds(table.engine, table.state, seat)
    if step is None or not kinds:
        return error
    return IllegalAction("core.turn.wrong_step", step_key=step,
                         actions_keys=[kind_key(table.record.game_type, k) for k in kinds])


class Play:
    def __init__(self, changes: Changes, store: TableStore) -> None:
        self.changes = changes
        self.store = store

    async def act(self, table: LiveTable, user_id: int, action: BaseModel,
                  expected_version: int | None = None) -> list[Event]:
        """Apply a player's action. Raises a Refusal (``tables.seating``'s,
        or the engine's IllegalAction) and changes nothing when refused.
        Returns the public events it caused. ``expected_version``: refuse
        (``core.err.moved_on``) unless the game is still at the version the
        player chose from — checked under the table's lock, so two answers
        to one position cannot both apply."""

        async def step(table: LiveTable) -> Outcome:
            seat = acting_seat(table, user_id, expected_version)
            table.seats[seat].missed_turns = 0  # saved with the action
            try:
                return Outcome(await self.changes.commit(table, seat, action, by_ai=False))
            except IllegalAction as error:
                raise explained(table, seat, error) from error

        return await self.changes.run(table, step) or []

    @staticmethod
    def validate(table: LiveTable, user_id: int, action: BaseModel) -> None:
        """Raise as ``act`` would, without changing anything (previews)."""
        seat = acting_seat(table, user_id)
        try:
            table.engine.apply(table.state, seat, action)
        except IllegalAction as error:
            raise explained(table, seat, error) from error

    async def resign(self, table: LiveTable, user_id: int) -> list[Event]:
        """In a two-sided game the other side wins at once; otherwise the AI
        plays the seat on and the resigned player is ranked last."""

        async def step(table: LiveTable) -> Outcome:
            seat = playing_seat(table, user_id)
            table.seats[seat].ai_reason = "resigned"
            table.seats[seat].missed_turns = 0
            table.seats[seat].resigned_order = sum(1 for s in table.seats if s.ai_reason == "resigned")
            await self.store.save(table)
            events = [Event(key="core.log.resigned", params={"seat": seat})]
            return Outcome(events, end="core.end.resigned" if len(active_groups(table)) <= 1 else None)

        return await self.changes.run(table, step) or []

    async def end_game(self, table: LiveTable) -> None:
        """A server manager ends a game in play: abandoned, not rated."""

        async def step(table: LiveTable) -> Outcome:
            await self.store.close(table, "abandoned")
            return Outcome(closed=True)

        await self.changes.run(table, step)
