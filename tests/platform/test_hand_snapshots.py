"""The announcer's hand snapshots (tables/announcing.py): each human seat's
hidden hand of the table's state, worked out afresh when the state or the
human seats change; the hands told about are those that changed. (They were
cached per state object until the commit path stopped building them, issue 33
item 7: ``tests/platform/test_hand_changes.py``.)"""
from __future__ import annotations

import pytest

from db.models import GameRecord, Seat
from tables.announcing import Announcer
from tables.live import LiveTable
from tables.registry import default_registry
from tests.ai.helpers import mid_game

REGISTRY = default_registry()


def live_table(game: str, state) -> LiveTable:
    seats = [Seat(user_id=100 + i, name=f"p{i}") for i in range(len(state.hands))]
    record = GameRecord(id=7, game_type=game, guild_id=1, channel_id=2, host_id=100, status="playing",
                        config={}, seats=seats, seed=1, version=12, created_at=0.0, updated_at=0.0)
    return LiveTable(record, REGISTRY.get(game), state)


def fresh(table: LiveTable) -> dict:
    return {seat: table.engine.hidden_hand(table.state, seat) for seat in table.human_seats()}


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_snapshots_follow_the_state_and_seats(game):
    state, seat = mid_game(game, 6)
    table = live_table(game, state)
    announcer = Announcer(queue=None, store=None, notifier=lambda: None)  # type: ignore[arg-type]
    first = announcer.hand_snapshots(table)
    assert first == fresh(table) and set(first) == {0, 1}

    action = table.engine.legal_actions(table.state, seat)[0]
    table.state, _ = table.engine.apply(table.state, seat, action)
    after = announcer.hand_snapshots(table)
    assert after == fresh(table)
    expected = [s for s in (0, 1) if first[s] != after[s] and after[s] is not None]
    assert announcer.changed_hands(table, first) == expected

    table.seats[1 - seat].ai_reason = "resigned"
    resigned = announcer.hand_snapshots(table)
    assert set(resigned) == {seat} and resigned == fresh(table)
