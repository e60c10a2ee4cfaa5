"""Mid-game states of the three games and a way to rearrange what one seat
cannot see (written independently of the engines' own world sampling)."""
from __future__ import annotations

import random
from typing import Any

from bench import states
from engines.base import GameEngine, Rng
from engines.cubed.engine import CubedEngine
from engines.deathfront.engine import DeathFrontEngine
from engines.setup.engine import SetupEngine

ENGINES: dict[str, GameEngine[Any, Any]] = {
    "setup": SetupEngine(), "cubed": CubedEngine(), "deathfront": DeathFrontEngine(),
}


def mid_game(game: str, moves: int, seed: int = 3, players: int = 2) -> tuple[Any, int]:
    """The state after ``moves`` greedy actions, and the seat to act; skips
    ahead to a position where the seat has more than one option."""
    return states.mid_game(ENGINES[game], moves, seed, players)


def _reshuffle(zones: list[list[str]], rng: random.Random) -> None:
    pool = [x for zone in zones for x in zone]
    rng.shuffle(pool)
    for zone in zones:
        n = len(zone)
        zone[:], pool = pool[:n], pool[n:]


def swap_unseen(game: str, state: Any, seat: int, seed: int) -> Any:
    """A copy of ``state`` that ``seat`` cannot tell apart from it: the
    unseen tiles/pieces/cards rearranged and the hidden generator reseeded."""
    work = type(state).model_validate(state.model_dump())
    rng = random.Random(seed)
    others = [s for s in range(len(work.hands)) if s != seat]
    if game in ("setup", "cubed"):
        _reshuffle([work.bag] + [work.hands[s] for s in others], rng)
    else:
        rng.shuffle(work.decks[seat])
        for s in others:
            _reshuffle([work.hands[s], work.decks[s]], rng)
    work.rng = Rng(seed=rng.randrange(2**31))
    return work
