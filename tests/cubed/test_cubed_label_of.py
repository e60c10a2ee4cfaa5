"""A placement names its cell by the board label it had (``TableView.label_of``),
working out only the open cells up to it: the same label as the whole
board's labels (``TableView.labels``, and the plain reference algorithm) for
every open cell and for cells that are not open, on every sixth table of
random games (and for every placement's event), whether the view's cell
needs or labels were worked out before or not."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.rules import neighbours_of
from engines.cubed.table_view import TableView
from tests.cubed.test_cubed_labels_cached import reference_labels

ENGINE = CubedEngine()
CHECK_EVERY = 6  # every cell against the reference on every sixth table (each placement's label: always)


def check_label_of(table) -> dict:
    expected = reference_labels(table)
    probe = TableView(table)
    asked = set(probe.cells) | {near for cell in table for near in neighbours_of(cell)} | {(99, -99), (0, 0)}
    for cell in sorted(asked):
        fresh = TableView(table)
        assert fresh.label_of(cell) == expected.get(cell), cell
        with_needs = TableView(table)
        assert len(with_needs.needs) == len(with_needs.cells)
        assert with_needs.label_of(cell) == expected.get(cell), cell
        with_labels = TableView(table)
        assert with_labels.labels == expected
        assert with_labels.label_of(cell) == expected.get(cell), cell
    return expected


def play(players: int, seed: int, config: CubedConfig, steps: int = 300) -> int:
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    named = 0
    for step in range(steps):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        actions = ENGINE.legal_actions(state, seat)
        places = [a for a in actions if isinstance(a, PlaceAction)]
        action = rng.choice(places) if places and rng.random() < 0.9 else rng.choice(actions)
        table = state.table_dict()
        expected = check_label_of(table) if step % CHECK_EVERY == 0 else reference_labels(table)
        # apply on a copy whose view knows nothing yet: the event's label comes from label_of alone
        fresh = state.model_copy(deep=True)
        state, events = ENGINE.apply(fresh, seat, action)
        if isinstance(action, PlaceAction):
            cell = (int(action.cell[0]), int(action.cell[1]))
            placed = next(e for e in events if e.key == "cubed.ev.placed")
            assert placed.params["label"] == expected.get(cell, f"{cell[0]},{cell[1]}")
            named += expected.get(cell) is not None
    return named


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans())
def test_label_of_is_the_boards_label_in_random_games(players, seed, bridge, fill):
    assert play(players, seed, CubedConfig(rounds=1, bridge=bridge, fill=fill)) > 0


def test_label_of_on_long_games_with_blockers():
    """Two-player games run long: tables with blockers, many open cells, few labelled."""
    assert sum(play(2, seed, CubedConfig(rounds=1), steps=400) for seed in range(2)) > 0
