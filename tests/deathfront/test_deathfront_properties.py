"""Random legal play keeps every invariant (hypothesis)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_deathfront_support import ENGINE, all_cards, expected_cards, new_game

from engines.deathfront.models import HAND_LIMIT


def hidden_uids(state, seat=None):
    """Cards nobody else may see: hands (all, or all but ``seat``'s) and decks."""
    out = set()
    for s in range(state.players):
        out.update(state.decks[s])
        if s != seat:
            out.update(state.hands[s])
    return out


def random_game(seed: int, players: int, max_actions: int = 3000):
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed)
    yield state, []
    for _ in range(max_actions):
        if ENGINE.is_over(state):
            return
        seat = rng.choice(ENGINE.to_act(state))
        options = ENGINE.legal_actions(state, seat)
        assert options, "a seat to act always has a legal action"
        # lean towards passing so that games also reach the attack phase
        passes = [a for a in options if a.kind == "pass"]
        action = passes[0] if passes and rng.random() < 0.4 else rng.choice(options)
        state, events = ENGINE.apply(state, seat, action)
        yield state, events
    raise AssertionError("game did not end")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_random_play_conserves_cards_hides_hands_and_ends(seed, players):
    expected = None
    final = None
    for state, events in random_game(seed, players):
        if expected is None:
            expected = expected_cards(state)
        assert all_cards(state) == expected
        assert all(len(hand) <= HAND_LIMIT for hand in state.hands)
        public = ENGINE.public_view(state).model_dump_json()
        hidden = hidden_uids(state)
        assert not any(f'"{uid}"' in public for uid in hidden)
        for event in events:
            assert not any(str(v) in hidden for v in event.params.values())
        for seat in range(players):
            private = ENGINE.private_view(state, seat).model_dump_json()
            others = hidden_uids(state, seat)
            assert not any(f'"{uid}"' in private for uid in others)
        if not ENGINE.is_over(state):
            assert ENGINE.to_act(state)
        final = state
    result = ENGINE.result(final)
    assert result is not None and len(result.ranks) == players and min(result.ranks) == 1


