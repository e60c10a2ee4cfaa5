"""Which hands changed after a change, without building the hands (issue 33
item 7): ``GameEngine.hidden_hand_changed`` equals the snapshots compared
(``hidden_hand`` after is not None and differs from before) on random games
of every title, and ``Announcer.hands_changed_since`` (what ``Changes.run``
asks) equals ``changed_hands`` against the snapshots taken before, whoever
plays, resigns or sits down meanwhile."""
from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from db.models import GameRecord, Seat
from engines.base import GameEngine, SeatInfo
from engines.cubed.models import CubedConfig
from engines.deathfront.models import DeathFrontConfig
from engines.setup.models import SetupConfig
from tables.announcing import Announcer
from tables.live import LiveTable
from tables.registry import default_registry
from tests.support.highcard import HighcardConfig, HighcardEngine

REGISTRY = default_registry()
# (title, players, config): every title, its hand shapes (SETUP's partner, CUBED's Draw 3 pending)
GAMES: list[tuple[str, int, Any]] = [
    ("setup", 2, SetupConfig()), ("setup", 4, SetupConfig()), ("setup", 4, SetupConfig(mode="teams")),
    ("cubed", 2, CubedConfig(rounds=1)), ("cubed", 4, CubedConfig(rounds=1, draw3=True)),
    ("cubed", 11, CubedConfig(rounds=1, draw3=True, bridge=True)),
    ("deathfront", 2, DeathFrontConfig()), ("deathfront", 4, DeathFrontConfig(players=4)),
    ("highcard", 4, HighcardConfig(teams=True)),  # the default comparison (GameEngine's)
]
HIGHCARD = HighcardEngine()


def engine_of(title: str) -> GameEngine[Any, Any]:
    return HIGHCARD if title == "highcard" else REGISTRY.get(title).engine


def random_states(title: str, players: int, config: Any, seed: int, steps: int) -> list[Any]:
    """The states of one random game, from its start."""
    engine = engine_of(title)
    rng = random.Random(seed)
    state = engine.new_game(config, [SeatInfo(name=f"p{i}") for i in range(players)], seed)
    states = [state]
    for _ in range(steps):
        if engine.is_over(state):
            break
        seat = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        states.append(state)
    return states


def snapshots_differ(engine: GameEngine[Any, Any], before: Any, after: Any, seat: int) -> bool:
    """The old way: both hands built and compared."""
    hand = engine.hidden_hand(after, seat)
    return hand is not None and engine.hidden_hand(before, seat) != hand


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_hidden_hand_changed_is_the_snapshots_compared(seed):
    rng = random.Random(seed)
    seen = {True: 0, False: 0}
    only_beside_the_hand = 0  # CUBED's pending or SETUP's partner changed, the seat's own hand not
    for title, players, config in GAMES:
        engine = engine_of(title)
        states = random_states(title, players, config, seed, steps=25 if title == "deathfront" else 50)
        pairs = list(zip(states, states[1:])) + [(rng.choice(states), rng.choice(states)) for _ in range(10)]
        for before, after in pairs:
            for seat in range(players):
                expected = snapshots_differ(engine, before, after, seat)
                assert engine.hidden_hand_changed(before, after, seat) == expected, (title, players, seat)
                seen[expected] += 1
                only_beside_the_hand += expected and before.hands[seat] == after.hands[seat]
    assert seen[True] and seen[False] and only_beside_the_hand


def live_table(title: str, players: int, state: Any) -> LiveTable:
    seats = [Seat(user_id=100 + i, name=f"p{i}") for i in range(players)]
    record = GameRecord(id=7, game_type=title, guild_id=1, channel_id=2, host_id=100, status="playing",
                        config={}, seats=seats, seed=1, version=1, created_at=0.0, updated_at=0.0)
    return LiveTable(record, REGISTRY.get(title), state)


def reshuffle_seats(table: LiveTable, rng: random.Random) -> None:
    """Someone resigns, comes back, or an AI takes or leaves a seat."""
    seat = table.seats[rng.randrange(len(table.seats))]
    move = rng.randrange(4)
    if move == 0:
        seat.ai_reason = "resigned"
    elif move == 1:
        seat.ai_reason = None
    elif move == 2:
        seat.user_id = None
    else:
        seat.user_id = 100 + rng.randrange(50)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_hands_changed_since_is_changed_hands_against_the_snapshots(seed):
    rng = random.Random(seed)
    announcer = Announcer(queue=None, store=None, notifier=lambda: None)  # type: ignore[arg-type]
    told = 0
    for title, players, config in GAMES[:-1]:
        states = random_states(title, players, config, seed, steps=25 if title == "deathfront" else 50)
        table = live_table(title, players, None)
        for after in [*states[:1], *rng.sample(states, min(len(states), 20))]:
            snapshots = announcer.hand_snapshots(table)
            state, seats = table.state, table.human_seats()
            if rng.random() < 0.3:
                reshuffle_seats(table, rng)
            table.state = after if rng.random() < 0.9 else table.state  # sometimes nothing moved
            table.record.status = "finished" if rng.random() < 0.05 else "playing"
            expected = announcer.changed_hands(table, snapshots)
            assert announcer.hands_changed_since(table, state, seats) == expected, (title, players)
            told += len(expected)
            table.record.status = "playing"
    assert told
