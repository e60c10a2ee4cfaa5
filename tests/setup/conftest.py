"""Builders for hand-made SETUP positions."""
from __future__ import annotations

import pytest

from engines.base import SeatInfo
from engines.setup import rules
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig, SetupState


def tiles_in(state: SetupState) -> list[str]:
    """Every tile wherever it is; a correct state lists each of the 50 once."""
    return (list(state.bag) + list(state.common) + [t for h in state.hands for t in h]
            + [t for stack in state.stacks.values() for t in stack])


def build(*, players: int = 2, mode: str = "ffa", stacks: dict | None = None, hands: list | None = None,
          common: list | None = None, bag: list | None = None, scores: list | None = None,
          to_act: int = 0, finish: int | None = None, rest_under: str | None = None) -> SetupState:
    """A position with the given tiles. Stacks map squares to a tile or a list
    (bottom to top). Tiles not placed go to the bag, or under ``rest_under``."""
    engine = SetupEngine()
    state = engine.new_game(SetupConfig(mode=mode, finish=finish),
                            [SeatInfo(name=f"p{i}") for i in range(players)], seed=7)
    state.stacks = {sq: [] for sq in rules.SQUARES}
    for sq, tiles in (stacks or {}).items():
        state.stacks[sq] = [tiles] if isinstance(tiles, str) else list(tiles)
    state.hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    state.common = list(common or [])
    state.bag = list(bag or [])
    placed = set(tiles_in(state))
    rest = [t for t in rules.ALL_TILES if t not in placed]
    if rest_under:
        state.stacks[rest_under] = rest + state.stacks[rest_under]
    elif bag is None:
        state.bag = rest
    elif rest:
        raise AssertionError("tiles unaccounted for; pass rest_under")
    if scores:
        state.scores = list(scores)
    state.turn_pos = state.turn_order.index(to_act)
    assert sorted(tiles_in(state)) == sorted(rules.ALL_TILES)
    return state


@pytest.fixture
def engine() -> SetupEngine:
    return SetupEngine()


@pytest.fixture
def build_state():
    return build


@pytest.fixture
def all_tiles():
    return tiles_in
