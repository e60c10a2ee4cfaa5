"""tables/seating.py: the one order in which a request's seat is found or
refused — no game here → not seated → not in play → resigned → moved on →
not your turn — whatever front end asks."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tables import seating
from tables.errors import Refusal, TableError
from tables.records import GameRecord, Seat

ADA, BO, EVE = 1, 2, 99


@dataclass
class Table:
    record: GameRecord
    state: Any = "state"
    acting: list[int] = field(default_factory=lambda: [0])

    def to_act(self) -> list[int]:
        return self.acting if self.state is not None and self.record.status == "playing" else []


def table(status: str = "playing", version: int = 5, state: Any = "state", resigned: bool = False,
          acting: tuple[int, ...] = (0,)) -> Table:
    seats = [Seat(user_id=ADA, name="Ada"), Seat(user_id=BO, name="*Bo*", ai_reason="resigned" if resigned else None)]
    record = GameRecord(id=7, game_type="setup", guild_id=1, channel_id=2, host_id=ADA, status=status,
                        seats=seats, seed=1, version=version, created_at=0.0, updated_at=0.0)
    return Table(record, state, list(acting))


def refusal_of(call) -> str:
    with pytest.raises(TableError) as caught:
        call()
    return caught.value.key


@pytest.mark.parametrize(("case", "user", "version", "key"), [
    # not seated comes before everything about the game: a stranger hears "not playing in this game"
    (table(status="lobby"), EVE, None, "core.err.not_seated"),
    (table(status="finished"), EVE, 1, "core.err.not_seated"),
    (table(version=9), EVE, 1, "core.err.not_seated"),
    (table(resigned=True, acting=(1,)), EVE, None, "core.err.not_seated"),
    # seated: not in play, before resigned, before a stale position, before the turn
    (table(status="lobby"), BO, 1, "core.err.not_playing"),
    (table(state=None), BO, None, "core.err.not_playing"),
    (table(resigned=True, version=9), BO, 1, "core.err.resigned"),
    (table(version=9), BO, 1, "core.err.moved_on"),
    (table(version=9), BO, None, "core.err.not_your_turn"),
])
def test_each_case_gets_the_refusal_of_the_first_check_it_fails(case, user, version, key):
    assert refusal_of(lambda: seating.acting_seat(case, user, version)) == key


def test_the_seat_to_act_is_found():
    assert seating.acting_seat(table(version=3), ADA, 3) == 0
    assert seating.acting_seat(table(acting=(0, 1)), BO) == 1
    assert seating.playing_seat(table(acting=(0,)), BO) == 1  # seated and playing, not to act


def test_not_your_turn_names_who_is_to_act_escaped():
    with pytest.raises(TableError) as caught:
        seating.acting_seat(table(acting=(1,)), ADA)
    assert caught.value.params == {"players": "\\*Bo\\*"}


def test_several_seats_of_one_caller_and_another_games_command():
    assert seating.playing_seats(table(), [0, 1]) == [0, 1]
    assert refusal_of(lambda: seating.playing_seats(table(status="lobby"), [])) == "core.err.not_seated"
    assert refusal_of(lambda: seating.of_game(table(), "cubed")) == "core.err.other_game"
    seating.of_game(table(), "setup")
    seating.of_game(table(), None)


def test_every_refusal_is_one_catchable_type():
    from engines.base import IllegalAction
    assert issubclass(TableError, Refusal) and issubclass(IllegalAction, Refusal)
    assert issubclass(IllegalAction, ValueError)  # as engines' callers expect
