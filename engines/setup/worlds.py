"""What one SETUP seat cannot see: the bag and the other hands (a partner's
hand is seen in teams). Pooled and dealt back for the search AI."""
from __future__ import annotations

import random

from engines.base import Rng
from engines.search.worlds import redeal
from engines.setup.models import SetupState


def _unseen_zones(state: SetupState, seat: int) -> list[list[str]]:
    seen = {seat}
    if state.config.mode == "teams":
        seen.add(seat ^ 1)
    return [state.bag] + [hand for s, hand in enumerate(state.hands) if s not in seen]


def information_state(state: SetupState, seat: int) -> SetupState:
    work = SetupState.model_validate(state.model_dump())
    redeal(_unseen_zones(work, seat), None)
    work.rng = Rng(seed=0)
    return work


def sample_world(info: SetupState, seat: int, rng: random.Random) -> SetupState:
    work = SetupState.model_validate(info.model_dump())
    redeal(_unseen_zones(work, seat), rng)
    work.rng = Rng(seed=rng.getrandbits(63))
    return work
