"""``has_placement`` (the early-exit check asked after every action and of
every restored game) answers ``bool(legal_placements(...))`` whatever the
table view already knows: a state as played, a state fresh from its JSON
(as restore loads it), a view whose cells' needs or pattern index exist."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.moves import has_placement, legal_placements
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID
from engines.cubed.table_view import table_view

ENGINE = CubedEngine()


def answers(state, seat):
    """has_placement of ``seat`` asked four ways, and the listed placements' answer."""
    listed = bool(legal_placements(ENGINE.state_from_json(ENGINE.state_to_json(state)), seat))
    as_played = has_placement(state, seat)
    fresh = ENGINE.state_from_json(ENGINE.state_to_json(state))
    lazily = has_placement(fresh, seat)  # no view yet: cells asked up to the first fit
    again = has_placement(fresh, seat)  # the view kept, its needs partly or wholly known
    with_needs = ENGINE.state_from_json(ENGINE.state_to_json(state))
    assert len(table_view(with_needs).needs) == len(table_view(with_needs).cells)
    needs_known = has_placement(with_needs, seat)
    indexed = ENGINE.state_from_json(ENGINE.state_to_json(state))
    for piece in ALL_IDS[:3]:
        table_view(indexed).fitting(PIECES_BY_ID[piece].faces)  # builds the pattern index
    index_known = has_placement(indexed, seat)
    return listed, (as_played, lazily, again, needs_known, index_known)


@settings(max_examples=5, deadline=None)  # whole games: about 1 s each
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans(),
       draw3=st.booleans(), points=st.sampled_from(["standard", "flat", "steep"]))
def test_has_placement_is_whether_any_placement_is_listed(players, seed, bridge, fill, draw3, points):
    config = CubedConfig(rounds=1, bridge=bridge, fill=fill, draw3=draw3, solo=players == 1, points=points)
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    seen = set()
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        for other in {seat, (seat + 1) % players}:
            listed, asked = answers(state, other)
            assert asked == (listed,) * len(asked), (other, state.hands[other])
            seen.add(listed)
        # Any hand on this table (blockers too): pieces not on it, 1 to 6 of them.
        on_table = {p.piece for p in state.table}
        off_table = [p for p in ALL_IDS if p not in on_table]
        if off_table:
            trial = ENGINE.copy_state(state)
            trial.hands[seat] = rng.sample(off_table, min(len(off_table), rng.randint(1, 6)))
            listed, asked = answers(trial, seat)
            assert asked == (listed,) * len(asked), trial.hands[seat]
            seen.add(listed)
        actions = ENGINE.legal_actions(state, seat)
        places = [a for a in actions if isinstance(a, PlaceAction)]
        state, _ = ENGINE.apply(state, seat, rng.choice(places if places and rng.random() < 0.8 else actions))
    assert True in seen
