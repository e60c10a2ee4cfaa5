"""What one CUBED seat cannot see: the bag, the other hands and another
seat's Draw 3 pieces. Pooled and dealt back for the search AI."""
from __future__ import annotations

import random

from engines.base import Rng
from engines.cubed.models import CubedState
from engines.search.worlds import redeal


def _unseen_zones(state: CubedState, seat: int) -> list[list[str]]:
    zones = [state.bag] + [hand for s, hand in enumerate(state.hands) if s != seat]
    if seat != state.current:
        zones.append(state.pending)
    return zones


def information_state(state: CubedState, seat: int) -> CubedState:
    work = CubedState.model_validate(state.model_dump())
    redeal(_unseen_zones(work, seat), None)
    work.rng = Rng(seed=0)
    return work


def sample_world(info: CubedState, seat: int, rng: random.Random) -> CubedState:
    work = CubedState.model_validate(info.model_dump())
    redeal(_unseen_zones(work, seat), rng)
    work.rng = Rng(seed=rng.getrandbits(63))
    return work
