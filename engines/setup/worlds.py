"""What one SETUP seat cannot see: the bag and the other hands (a partner's
hand is seen in teams). Pooled and dealt back for the search AI."""
from __future__ import annotations

import random

from engines.search.worlds import redealt
from engines.setup.models import SetupState


def _unseen_zones(state: SetupState, seat: int) -> list[list[str]]:
    seen = {seat}
    if state.config.mode == "teams":
        seen.add(seat ^ 1)
    return [state.bag] + [hand for s, hand in enumerate(state.hands) if s not in seen]


def information_state(state: SetupState, seat: int) -> SetupState:
    return redealt(state, _unseen_zones, seat, None)


def sample_world(info: SetupState, seat: int, rng: random.Random) -> SetupState:
    return redealt(info, _unseen_zones, seat, rng)
