"""Whole AI-vs-AI games of CUBED."""
from __future__ import annotations

import random

import pytest

from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.models import CubedConfig
from engines.cubed.pieces import ALL_IDS

ENGINE = CubedEngine()


def play(players, seed, **config):
    seats = [SeatInfo(name=f"AI{i}", is_ai=True) for i in range(players)]
    state = ENGINE.new_game(CubedConfig(**config), seats, seed)
    rng = random.Random(seed)
    keys: list[str] = []
    for _ in range(5000):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        action = ENGINE.ai_action(state, seat, rng)
        state, events = ENGINE.apply(state, seat, action)
        keys += [e.key for e in events]
    assert ENGINE.is_over(state)
    everything = state.bag + state.pending + [p for h in state.hands for p in h] + [p.piece for p in state.table]
    assert sorted(everything) == sorted(ALL_IDS)
    return state, keys


@pytest.mark.parametrize("players", [2, 3, 6, 11])
def test_full_game(players):
    state, keys = play(players, seed=players)
    result = ENGINE.result(state)
    assert len(state.round_scores) == 3
    assert keys.count("cubed.ev.round_score") == 3 * players
    assert keys.count("cubed.ev.round_start") == 2
    assert min(result.ranks) == 1 and len(result.ranks) == players
    assert result.scores == state.totals
    assert keys.count("cubed.ev.winner") == result.ranks.count(1)


def test_quick_game_is_one_round():
    state, keys = play(4, seed=1, rounds=1)
    assert len(state.round_scores) == 1 and "cubed.ev.round_start" not in keys


@pytest.mark.parametrize(
    "variant, event",
    [("bridge", "cubed.ev.bridge"), ("fill", "cubed.ev.fill"), ("draw3", "cubed.ev.kept")],
)
def test_variant_games(variant, event):
    seen = False
    for seed in range(8):
        state, keys = play(3, seed, **{variant: True})
        seen = seen or event in keys
        if seen:
            break
    assert seen, f"{variant} never triggered"


def test_all_variants_together():
    state, keys = play(5, seed=3, bridge=True, fill=True, draw3=True)
    assert ENGINE.result(state) is not None


def test_solo_games_end_in_a_win_or_a_loss():
    outcomes = set()
    for seed in range(30):
        state, keys = play(1, seed, solo=True)
        assert state.solo_outcome in ("won", "lost")
        assert keys[-1] in ("cubed.ev.solo_won", "cubed.ev.solo_lost")
        outcomes.add(state.solo_outcome)
    assert outcomes == {"won", "lost"}
