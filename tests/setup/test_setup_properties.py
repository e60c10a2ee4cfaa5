"""Random legal play keeps every invariant (hypothesis)."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SeatInfo
from engines.setup import rules
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig

ENGINE = SetupEngine()
MAX_TURNS = 400  # far above any real game: plays score at least 2, the stall rule ends swap-only games

games = st.tuples(
    st.sampled_from([("ffa", 2), ("ffa", 3), ("ffa", 4), ("teams", 4)]),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=2**32),
)


def tiles_in(state):
    return (state.bag + state.common + [t for h in state.hands for t in h]
            + [t for stack in state.stacks.values() for t in stack])


def tiles_named_in(text: str) -> set[str]:
    """Tiles mentioned in JSON text; "♥1" inside "♥10" does not count."""
    found = set()
    for tile in rules.ALL_TILES:
        start = text.find(tile)
        while start != -1:
            after = text[start + len(tile): start + len(tile) + 1]
            if not (tile.endswith("1") and after == "0"):
                found.add(tile)
                break
            start = text.find(tile, start + 1)
    return found


def random_game(setting, seed, choice_seed):
    (mode, players) = setting
    state = ENGINE.new_game(SetupConfig(mode=mode), [SeatInfo(name=f"p{i}") for i in range(players)], seed)
    rng = random.Random(choice_seed)
    yield state, []
    for _ in range(MAX_TURNS):
        if ENGINE.is_over(state):
            return
        seat = ENGINE.to_act(state)[0]
        actions = ENGINE.legal_actions(state, seat)
        assert actions, "the seat to act always has a legal action"
        state, events = ENGINE.apply(state, seat, rng.choice(actions))
        yield state, events
    raise AssertionError("game did not end")


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_play_conserves_tiles_hides_hands_and_ends(game):
    setting, seed, choice_seed = game
    state = None
    for state, events in random_game(setting, seed, choice_seed):
        assert sorted(tiles_in(state)) == sorted(rules.ALL_TILES)
        assert all(len(h) <= rules.HAND_SIZE for h in state.hands) and len(state.common) <= rules.COMMON_SIZE
        visible = set(state.visible_board().values()) | set(state.common)
        view_json = json.dumps(ENGINE.public_view(state).model_dump(mode="json"), ensure_ascii=False)
        assert tiles_named_in(view_json) <= visible
        events_json = json.dumps([e.model_dump(mode="json") for e in events], ensure_ascii=False)
        assert tiles_named_in(events_json) <= visible
        for seat in range(len(state.seats)):
            private = ENGINE.private_view(state, seat)
            allowed = set(state.hands[seat]) | set(state.common)
            if private.partner_seat is not None:
                allowed |= set(state.hands[private.partner_seat])
            private_json = json.dumps(private.model_dump(mode="json"), ensure_ascii=False)
            assert tiles_named_in(private_json) <= visible | allowed
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert len(result.ranks) == len(state.seats) and min(result.ranks) == 1
