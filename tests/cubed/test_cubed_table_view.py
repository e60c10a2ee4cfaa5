"""The shared table view (engines/cubed/table_view.py) and the search AI's
incremental sealing check give the answers the plain rules give."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.ai import greedy_action
from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.ai_search import _seals_from_scratch, is_sealed, seals
from engines.cubed.models import CubedConfig, PlaceAction
from engines.cubed.moves import has_placement, legal_placements
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID, rotations
from engines.cubed.rules import blocked_cells, frontier, placement_error
from engines.cubed.table_view import table_view

ENGINE = CubedEngine()


def every_legal_placement(state, seat):
    """By the contract's placement check alone, in move generation's order:
    pieces as first held, then rotations, then open cells in reading order."""
    table = state.table_dict()
    cells = frontier(table, blocked_cells(table))
    return [
        (piece, cell, rotation)
        for piece in dict.fromkeys(state.hands[seat])
        for rotation in range(3)
        for cell in cells
        if placement_error(table, PIECES_BY_ID[piece].faces, cell, rotation) is None
    ]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), bridge=st.booleans(), fill=st.booleans())
def test_move_generation_and_sealing_match_the_plain_rules(players, seed, bridge, fill):
    config = CubedConfig(bridge=bridge, fill=fill, rounds=1)
    state = ENGINE.new_game(config, [SeatInfo(name=str(i)) for i in range(players)], seed)
    rng = random.Random(seed)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        for other in (seat, (seat + 1) % players):
            moves = legal_placements(state, other)
            found = [(m.piece, (int(m.cell[0]), int(m.cell[1])), m.rotation) for m in moves]
            assert found == every_legal_placement(state, other)  # same moves, same order
            assert has_placement(state, other) == bool(moves)
        table = state.table_dict()
        assert is_sealed(state) == (bool(table) and not frontier(table, blocked_cells(table)))
        for move in legal_placements(state, seat):
            assert seals(state, move) == _seals_from_scratch(table, move), move
        actions = ENGINE.legal_actions(state, seat)
        places = [a for a in actions if isinstance(a, PlaceAction)]
        state, _ = ENGINE.apply(state, seat, rng.choice(places or actions))


def test_sealing_is_judged_as_from_scratch_on_narrow_tables():
    """Greedy play narrows the table; there every piece of the set is tried
    on every open cell (legal or not), so that sealing cases come up."""
    sealing, tried = 0, 0
    for seed in range(4):  # seeds 2 and 3 reach one open cell whose filling opens new ones
        state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], seed)
        rng = random.Random(seed)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            view = table_view(state)
            if len(view.cells) <= 3:
                table = state.table_dict()
                for cell in view.cells:
                    for piece in ALL_IDS:
                        for rotation in range(3):
                            move = PlaceAction(piece=piece, cell=cell, rotation=rotation)
                            expected = _seals_from_scratch(table, move)
                            assert seals(state, move) == expected, move
                            sealing += expected
                            tried += 1
            state, _ = ENGINE.apply(state, seat, greedy_action(ENGINE, state, seat, rng))
    assert sealing > 0 and tried > sealing


def test_the_view_follows_the_table_as_pieces_go_down():
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], 7)
    rng = random.Random(7)
    for _ in range(30):
        seat = ENGINE.to_act(state)[0]
        moves = legal_placements(state, seat)
        if not moves:
            break
        move = rng.choice(moves)
        before = len(state.table)
        ENGINE._apply(state, seat, move)  # in place, as the search does: same list, one longer
        assert len(state.table) == before + 1
        cell = (int(move.cell[0]), int(move.cell[1]))
        assert all((int(m.cell[0]), int(m.cell[1])) != cell for m in legal_placements(state, ENGINE.to_act(state)[0]))


def test_a_state_keeps_its_view_and_its_work_copy_starts_with_it():
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], 3)
    rng = random.Random(3)
    for _ in range(12):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, greedy_action(ENGINE, state, seat, rng))
    view = table_view(state)
    for _ in range(50):  # other tables' states come and go meanwhile
        other = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="x"), SeatInfo(name="y")], 9)
        table_view(other)
    assert table_view(state) is view
    copy = ENGINE.copy_state(state)
    assert table_view(copy) is view
    seat = ENGINE.to_act(state)[0]
    move = legal_placements(state, seat)[0]
    after, _ = ENGINE.apply(state, seat, move)
    assert table_view(state) is view and table_view(after) is not view  # the new table has a view of its own
    assert table_view(after).table == after.table_dict()
    assert view.table == state.table_dict()


def test_views_go_with_their_states():
    import gc

    from engines.cubed import table_view as views

    before = len(views._views)  # the cache itself: its size is what is tested
    for seed in range(40):
        state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], seed)
        table_view(state)
    del state
    gc.collect()
    assert len(views._views) <= before + 1


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_takes_is_whether_anything_fits(seed):
    """``TableView.takes`` answers ``bool(fitting(shown))`` for every shown
    triple of every piece, on every table of a random game."""
    state = ENGINE.new_game(CubedConfig(rounds=1), [SeatInfo(name="a"), SeatInfo(name="b")], seed)
    rng = random.Random(seed)
    shown_triples = {shown for piece in ALL_IDS for shown in rotations(PIECES_BY_ID[piece].faces)}
    while not ENGINE.is_over(state):
        view = table_view(state)
        for shown in shown_triples:
            assert view.takes(shown) == bool(view.fitting(shown)), shown
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, greedy_action(ENGINE, state, seat, rng))
