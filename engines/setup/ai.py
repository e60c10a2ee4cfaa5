"""A greedy SETUP player: the best play by the beam search of ``plays``
(own points minus bonus points given away), else swap the whole hand."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines.base import GameEngine
from engines.setup.models import PlayAction, SetupState, SwapAction
from engines.setup.plays import search_plays


def choose_action(engine: GameEngine[Any, Any], state: SetupState, seat: int, rng: random.Random) -> BaseModel:
    plays = search_plays(state, seat)
    if plays and plays[0].value > 0:
        best_value = plays[0].value
        top = [c for c in plays if c.value == best_value]
        return PlayAction(placements=rng.choice(top).placements)
    return SwapAction(tiles=list(state.hands[seat]))
