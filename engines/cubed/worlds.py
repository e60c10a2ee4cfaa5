"""What one CUBED seat cannot see: the bag, the other hands and another
seat's Draw 3 pieces. Pooled and dealt back for the search AI."""
from __future__ import annotations

import random

from engines.cubed.models import CubedState
from engines.search.worlds import redealt


def _unseen_zones(state: CubedState, seat: int) -> list[list[str]]:
    zones = [state.bag] + [hand for s, hand in enumerate(state.hands) if s != seat]
    if seat != state.current:
        zones.append(state.pending)
    return zones


def information_state(state: CubedState, seat: int) -> CubedState:
    return redealt(state, _unseen_zones, seat, None)


def sample_world(info: CubedState, seat: int, rng: random.Random) -> CubedState:
    return redealt(info, _unseen_zones, seat, rng)
