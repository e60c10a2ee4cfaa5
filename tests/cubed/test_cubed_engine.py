"""Turns, rounds, scoring, views and persistence of the CUBED engine."""
from __future__ import annotations

import random

import pytest

from engines.base import IllegalAction, SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.engine import HAND_SIZES, hand_points
from engines.cubed.models import (
    CubedConfig,
    Draw3Action,
    DrawAction,
    GiveAction,
    KeepAction,
    PassAction,
    PlaceAction,
)
from engines.cubed.moves import legal_placements
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID

ENGINE = CubedEngine()


def new(players=2, seed=1, **config):
    seats = [SeatInfo(name=f"P{i}") for i in range(players)]
    return ENGINE.new_game(CubedConfig(**config), seats, seed)


def all_pieces(state):
    return state.bag + state.pending + [p for h in state.hands for p in h] + [p.piece for p in state.table]


def expect_error(state, seat, action, code):
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, seat, action)
    assert info.value.key == f"cubed.err.{code}"


def first_move(state):
    return legal_placements(state, state.current)[0]


@pytest.mark.parametrize("players", range(2, 12))
def test_deal_by_player_count(players):
    state = new(players)
    assert [len(h) for h in state.hands] == [HAND_SIZES[players]] * players
    assert len(state.bag) == 88 - players * HAND_SIZES[players]
    assert sorted(all_pieces(state)) == sorted(ALL_IDS)
    assert ENGINE.to_act(state) == [state.current]


def test_seat_range_and_config():
    assert ENGINE.seat_range(CubedConfig()) == (2, 11)
    assert ENGINE.seat_range(CubedConfig(solo=True)) == (1, 1)
    assert CubedConfig().rounds == 3
    with pytest.raises(ValueError):
        CubedConfig(rounds=2)
    with pytest.raises(ValueError):
        new(1)


def test_first_piece_at_the_centre_and_never_a_blocker():
    state = new()
    seat = state.current
    normal = next(p for p in state.hands[seat] if not PIECES_BY_ID[p].is_blocker)
    expect_error(state, seat, PlaceAction(piece=normal, cell=(1, 0)), "first_centre")
    for pile in [state.bag] + state.hands:
        if "SXX1" in pile:
            pile.remove("SXX1")
    state.hands[seat].append("SXX1")
    expect_error(state, seat, PlaceAction(piece="SXX1", cell=(0, 0)), "blocker_too_early")
    after, events = ENGINE.apply(state, seat, PlaceAction(piece=normal.lower(), cell=(0, 0), rotation=2))
    assert after.table[0].piece == normal and after.table[0].rotation == 2
    assert events[0].key == "cubed.ev.placed"
    # The log names the stable axial cell; the per-turn label is kept for reference.
    assert events[0].params == {"seat": seat, "piece": normal, "cell": "0,0", "label": "1", "q": 0, "r": 0,
                                "rotation": 2}
    assert after.current == (seat + 1) % 2
    assert state.table == []  # apply never mutates its input


def test_wrong_seat_and_foreign_pieces():
    state = new()
    seat, other = state.current, 1 - state.current
    expect_error(state, other, DrawAction(), "not_your_turn")
    expect_error(state, seat, PlaceAction(piece=state.hands[other][0], cell=(0, 0)), "not_in_hand")
    expect_error(state, seat, PlaceAction(piece="ZZZ", cell=(0, 0)), "unknown_piece")
    expect_error(state, seat, PlaceAction(piece=state.hands[seat][0], cell=(0, 0), rotation=3), "bad_rotation")


def test_draw_then_place_or_end():
    state = new()
    seat = state.current
    expect_error(state, seat, PassAction(), "cannot_pass")
    state, events = ENGINE.apply(state, seat, DrawAction())
    assert [e.key for e in events] == ["cubed.ev.drew"]
    assert events[0].params == {"seat": seat, "bag": 88 - 50 - 1}
    assert len(state.hands[seat]) == 26 and state.phase == "drawn"
    expect_error(state, seat, DrawAction(), "already_drew")
    state, events = ENGINE.apply(state, seat, PassAction())
    assert events[0].key == "cubed.ev.passed"
    assert state.current != seat and state.phase == "turn" and state.passes == 0


def test_pass_needs_an_empty_bag_and_everyone_passing_blocks_the_round():
    state = new(3, rounds=1)
    state.bag, extra = [], state.bag
    state.hands[0] += extra  # keep every piece somewhere
    for _ in range(3):
        assert state.phase == "turn"
        state, events = ENGINE.apply(state, state.current, PassAction())
    keys = [e.key for e in events]
    assert keys[:2] == ["cubed.ev.passed", "cubed.ev.round_blocked"]
    assert keys.count("cubed.ev.round_score") == 3
    assert state.phase == "over"
    result = ENGINE.result(state)
    points = [hand_points(state, s) for s in range(3)]
    assert result.scores == points and state.totals == points
    assert result.ranks == [1 + sum(p < mine for p in points) for mine in points]


def test_emptying_the_hand_ends_the_round_and_the_winner_starts_the_next():
    state = new(2, seed=5)
    seat = state.current
    move = first_move(state)
    keep = move.piece
    other_pieces = [p for p in state.hands[seat] if p != keep]
    state.hands[seat] = [keep]
    state.bag += other_pieces
    state, events = ENGINE.apply(state, seat, move)
    keys = [e.key for e in events]
    assert keys[:2] == ["cubed.ev.placed", "cubed.ev.round_out"]
    scores = {e.params["seat"]: e.params["points"] for e in events if e.key == "cubed.ev.round_score"}
    assert scores[seat] == 0 and scores[1 - seat] > 0
    assert state.round_scores == [[scores[0], scores[1]]]
    assert "cubed.ev.round_start" in keys
    assert state.round == 2 and state.current == seat and state.table == []
    recap = ENGINE.public_view(state).previous_table
    assert [(p.q, p.r) for p in recap] == [move.cell] and not hasattr(recap[0], "piece")
    assert sorted(all_pieces(state)) == sorted(ALL_IDS)


def test_three_rounds_then_lowest_total_wins_with_shared_places():
    state = new(3, seed=2)
    rng = random.Random(0)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    assert state.round == 3 and len(state.round_scores) == 3
    assert state.totals == [sum(r[s] for r in state.round_scores) for s in range(3)]
    result = ENGINE.result(state)
    assert result.reason == "cubed.end.rounds"
    # competition ranking: lowest total is 1, equal totals share a place
    state.totals = [10, 4, 10]
    assert ENGINE.result(state).ranks == [2, 1, 2]
    state.totals = [4, 4, 9]
    assert ENGINE.result(state).ranks == [1, 1, 3]


def test_public_view_hides_every_hidden_piece():
    state = new(4, seed=3, draw3=True)
    state, _ = ENGINE.apply(state, state.current, Draw3Action())
    view = ENGINE.public_view(state)
    hidden = set(state.bag) | set(state.pending) | {p for h in state.hands for p in h}

    def strings(obj):
        if isinstance(obj, str):
            yield obj
        elif isinstance(obj, dict):
            for k, v in obj.items():
                yield from strings(k)
                yield from strings(v)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                yield from strings(v)

    assert not hidden & set(strings(view.model_dump(mode="json")))
    assert view.hand_sizes == [len(h) for h in state.hands]
    assert view.bag_count == len(state.bag) and view.pending_count == 3
    private = ENGINE.private_view(state, state.current)
    assert [p.id for p in private.hand] == state.hands[state.current]
    assert len(private.pending) == 3
    assert ENGINE.private_view(state, (state.current + 1) % 4).pending == []


def test_action_json_uses_kind():
    action = ENGINE.action_from_json({"kind": "place", "piece": "slr", "cell": [2, -1], "rotation": 1})
    assert action == PlaceAction(piece="SLR", cell=(2, -1), rotation=1)
    assert ENGINE.action_from_json({"kind": "give", "piece": "SLR", "to_seat": 2}) == GiveAction(
        piece="SLR", to_seat=2
    )
    assert isinstance(ENGINE.action_from_json({"kind": "pass"}), PassAction)


# ---- variants -------------------------------------------------------------------


def _find(config, predicate, seeds=range(40)):
    """Play AI games until ``predicate(state, seat, move)`` holds for a legal
    placement; returns (state, seat, move)."""
    for seed in seeds:
        state = new(3, seed=seed, **config)
        rng = random.Random(seed)
        for _ in range(300):
            if ENGINE.is_over(state):
                break
            seat = ENGINE.to_act(state)[0]
            if state.phase in ("turn", "drawn"):
                for move in legal_placements(state, seat):
                    if len(state.hands[seat]) > 2 and predicate(state, seat, move):
                        return state, seat, move
            state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    raise AssertionError("no such position found")


def _table(state):
    return {p.cell for p in state.table}


def test_bridge_the_gap_allows_one_second_piece():
    from engines.cubed.rules import neighbour_arcs

    state, seat, move = _find({"bridge": True}, lambda s, _, m: neighbour_arcs(_table(s), m.cell) >= 2)
    state, events = ENGINE.apply(state, seat, move)
    assert events[-1].key == "cubed.ev.bridge" and state.phase == "bonus" and state.current == seat
    expect_error(state, seat, DrawAction(), "bonus_place_or_pass")
    second = legal_placements(state, seat)
    if second:
        after, events = ENGINE.apply(state, seat, second[0])
        assert after.current != seat and after.phase == "turn"
        assert "cubed.ev.bridge" not in [e.key for e in events]
    after, events = ENGINE.apply(state, seat, PassAction())
    assert events[0].key == "cubed.ev.ended" and after.current != seat


def test_without_bridge_no_bonus():
    from engines.cubed.rules import neighbour_arcs

    state, seat, move = _find({}, lambda s, _, m: neighbour_arcs(_table(s), m.cell) >= 2)
    state, _ = ENGINE.apply(state, seat, move)
    assert state.phase == "turn" and state.current != seat


def test_fill_the_void_gives_a_piece():
    from engines.cubed.rules import is_enclosed

    state, seat, move = _find({"fill": True}, lambda s, _, m: is_enclosed(_table(s), m.cell), range(200))
    state, events = ENGINE.apply(state, seat, move)
    assert events[-1].key == "cubed.ev.fill" and state.phase == "give"
    target = (seat + 1) % 3
    gift = state.hands[seat][0]
    expect_error(state, seat, GiveAction(piece=gift, to_seat=seat), "bad_target")
    expect_error(state, seat, GiveAction(piece=gift, to_seat=7), "bad_target")
    expect_error(state, seat, DrawAction(), "give_or_pass")
    before = len(state.hands[target])
    after, events = ENGINE.apply(state, seat, GiveAction(piece=gift, to_seat=target))
    assert events[0].key == "cubed.ev.gave" and events[0].params == {"seat": seat, "to_seat": target}
    assert gift in after.hands[target] and len(after.hands[target]) == before + 1
    assert after.phase == "turn" and after.current != seat
    state.hands[seat] = state.hands[seat][:1]
    expect_error(state, seat, GiveAction(piece=state.hands[seat][0], to_seat=target), "last_piece")


def test_draw_three_keep_one():
    state = new(2, seed=4, draw3=True)
    seat = state.current
    bag = len(state.bag)
    state, events = ENGINE.apply(state, seat, Draw3Action())
    assert events[0].params == {"seat": seat, "count": 3}
    assert state.phase == "keep" and len(state.pending) == 3 and len(state.bag) == bag - 3
    expect_error(state, seat, PlaceAction(piece=state.hands[seat][0], cell=(0, 0)), "must_keep")
    expect_error(state, seat, KeepAction(piece=state.hands[seat][0]), "not_pending")
    kept = state.pending[1]
    state, events = ENGINE.apply(state, seat, KeepAction(piece=kept))
    assert events[0].params == {"seat": seat, "returned": 2}
    assert kept in state.hands[seat] and len(state.bag) == bag - 1 and state.pending == []
    assert state.current != seat and state.table == []
    plain = new(2, seed=4)
    expect_error(plain, plain.current, Draw3Action(), "draw3_off")


# ---- solo -----------------------------------------------------------------------------


def test_solo_setup():
    for seed in range(20):
        state = new(1, seed=seed, solo=True, rounds=3, draw3=True)
        hand = state.hands[0]
        assert len(hand) == 25
        assert sum(PIECES_BY_ID[p].is_blocker for p in hand) <= 3
        assert len(state.table) == 1 and not PIECES_BY_ID[state.table[0].piece].is_blocker
        assert sorted(all_pieces(state)) == sorted(ALL_IDS)
        assert state.config.rounds == 1 and not state.config.draw3


def _unfit_pieces(state):
    """Pieces that fit nowhere on the solo table."""
    start = state.table[0].piece
    unfit = []
    for piece in ALL_IDS:
        if piece != start:
            state.hands[0] = [piece]
            if not legal_placements(state, 0):
                unfit.append(piece)
    return unfit


def test_solo_draw_is_refused_while_a_piece_fits():
    """"If you cannot place a piece, you must draw": drawing is only for a stuck hand."""
    state = new(1, seed=3, solo=True)
    expect_error(state, 0, PassAction(), "solo_no_pass")
    assert legal_placements(state, 0)
    before = state.model_dump()
    expect_error(state, 0, DrawAction(), "solo_must_place")
    assert state.model_dump() == before  # the refusal changes nothing
    legal = ENGINE.legal_actions(state, 0)
    assert legal and all(isinstance(a, PlaceAction) for a in legal)
    assert ENGINE.forced_action(state, 0) is None or isinstance(ENGINE.forced_action(state, 0), PlaceAction)


def test_solo_draw_limit():
    state = new(1, seed=3, solo=True)
    unfit = _unfit_pieces(state)
    fitting = legal_placements(new(1, seed=3, solo=True), 0)[0].piece
    state.hands[0], state.bag = unfit[:5], [unfit[5], fitting, unfit[6]]
    assert ENGINE.legal_actions(state, 0) == [DrawAction()]  # stuck: the one move, played by the table
    assert ENGINE.forced_action(state, 0) == DrawAction()
    while fitting not in state.hands[0]:
        state, _ = ENGINE.apply(state, 0, DrawAction())
    assert state.phase == "turn" and state.solo_draws in (1, 2)
    assert DrawAction() not in ENGINE.legal_actions(state, 0)  # now a piece fits: no third draw, no draw at all
    expect_error(state, 0, DrawAction(), "solo_must_place")
    state, _ = ENGINE.apply(state, 0, legal_placements(state, 0)[0])
    assert state.solo_draws == 0


def test_solo_ais_never_draw_while_a_piece_fits():
    from engines import ai

    for level in ai.LEVELS:
        state = new(1, seed=7, solo=True)
        for _ in range(4):
            if state.phase == "over":
                break
            action = ai.choose_action(ENGINE, state, 0, level, random.Random(1), budget=ai.with_iterations(level, 20))
            assert isinstance(action, PlaceAction) == bool(legal_placements(state, 0))
            state, _ = ENGINE.apply(state, 0, action)


def test_solo_lost_when_stuck_after_the_second_draw():
    state = new(1, seed=3, solo=True)
    unfit = _unfit_pieces(state)
    state.hands[0], state.bag = unfit[:5], unfit[5:8]
    state, events = ENGINE.apply(state, 0, DrawAction())
    assert state.phase == "turn" and state.solo_outcome == ""  # one more draw allowed
    state, events = ENGINE.apply(state, 0, DrawAction())
    assert state.phase == "over" and state.solo_outcome == "lost"
    assert events[-1].key == "cubed.ev.solo_lost" and events[-1].params["left"] == 7
    result = ENGINE.result(state)
    assert result.ranks == [2] and result.reason == "cubed.end.solo_loss"


def test_solo_lost_when_stuck_with_an_empty_bag():
    state = new(1, seed=3, solo=True)
    unfit = _unfit_pieces(state)
    state.hands[0], state.bag = unfit[:5], unfit[5:6]
    state, _ = ENGINE.apply(state, 0, DrawAction())
    assert state.solo_outcome == "lost" and state.solo_draws == 1


def test_solo_win():
    state = new(1, seed=11, solo=True)
    move = legal_placements(state, 0)[0]
    state.bag += [p for p in state.hands[0] if p != move.piece]
    state.hands[0] = [move.piece]
    state, events = ENGINE.apply(state, 0, move)
    assert events[-1].key == "cubed.ev.solo_won"
    result = ENGINE.result(state)
    assert result.ranks == [1] and result.reason == "cubed.end.solo_win" and result.scores == [0]
    assert ENGINE.to_act(state) == []
    expect_error(state, 0, DrawAction(), "game_over")


def test_blocked_round_lowest_score_starts_next_round():
    state = new(3, seed=8)
    state.bag, extra = [], state.bag
    state.hands[1] += extra  # seat 1 now holds the most points
    passers = []
    for _ in range(3):
        passers.append(state.current)
        state, events = ENGINE.apply(state, state.current, PassAction())
    scores = state.round_scores[0]
    lowest = min(scores)
    after_last = [(passers[-1] + 1 + i) % 3 for i in range(3)]
    assert state.round == 2 and state.current == next(s for s in after_last if scores[s] == lowest)
    assert events[-1].key == "cubed.ev.round_start" and events[-1].params["seat"] == state.current


def test_a_placement_resets_the_pass_count():
    state = new(2, seed=12)
    seat = state.current
    state.bag, extra = [], state.bag
    state.hands[seat] += extra
    state, _ = ENGINE.apply(state, seat, PassAction())
    assert state.passes == 1
    other = state.current
    state, _ = ENGINE.apply(state, other, legal_placements(state, other)[0])
    assert state.passes == 0 and state.phase == "turn" and state.round == 1


def test_private_view_marks_pieces_that_fit_now():
    state = new(2, seed=6)
    rng = random.Random(6)
    for _ in range(30):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    for seat in range(2):
        view = ENGINE.private_view(state, seat)
        assert {p.id for p in view.hand if p.fits} == {m.piece for m in legal_placements(state, seat)}
    assert ENGINE.private_view(state, 5) is None


def test_the_public_view_lists_the_pieces_placed_since_the_current_seats_last_placement():
    """Issue 11: every piece placed since your last turn is outlined, not only the last one."""
    state = new(players=3, seed=5)
    rng = random.Random(5)
    placed_by: list[tuple[int, tuple[int, int]]] = []
    while len(placed_by) < 5 and not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        before = len(state.table)
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
        if len(state.table) > before and state.table[-1].seat == seat:
            placed_by.append((seat, state.table[-1].cell))
    view = ENGINE.public_view(state)
    own = [i for i, (seat, _) in enumerate(placed_by) if seat == state.current]
    since = placed_by[own[-1] + 1:] if own else placed_by
    assert view.recent_placed == [cell for _, cell in since]
    assert view.recent_placed  # three seats took turns: someone placed since
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_a_chosen_first_seat_starts_round_one_with_the_same_deal():
    drawn = new(4, seed=9)
    for first in range(4):
        state = new(4, seed=9, first_seat=first)
        assert state.current == first and state.hands == drawn.hands and state.bag == drawn.bag
    with pytest.raises(ValueError):
        new(4, seed=9, first_seat=4)
    assert new(1, seed=9, solo=True, first_seat=0).config.first_seat is None


def test_points_presets_and_bounds():
    assert CubedConfig(points="flat").points.model_dump() == {"blocker": 1, "one": 1, "two": 1, "three": 1}
    assert CubedConfig(points={"blocker": 7}).points.preset() is None
    assert CubedConfig().points.preset() == "standard"
    for bad in ("lots", {"blocker": -1}, {"three": 21}):
        with pytest.raises(ValueError):
            CubedConfig(points=bad)
    state = new(2, seed=2, points="steep")
    assert hand_points(state, 0) == sum({"blocker": 10, "one": 5, "two": 2, "three": 1}[PIECES_BY_ID[p].kind]
                                         for p in state.hands[0])
