"""SETUP plays found by brute force, for the tests of building any legal
play by tapping: every tile and square tried, not the engine's list."""
from __future__ import annotations

import itertools
from typing import Any

from engines.setup import rules
from engines.setup.models import SetupState
from engines.setup.notation import preview_play


def unlisted_plays(state: SetupState, seat: int, moves: list[dict[str, Any]], size: int = 2) -> list[list[list[str]]]:
    """The legal plays of ``size`` tiles whose tiles and squares no listed
    move (the table JSON's ``moves``) has, as [tile, square] pairs."""
    listed = {frozenset(map(tuple, m["action"]["placements"])) for m in moves if m["action"]["kind"] == "play"}
    usable = list(dict.fromkeys(state.hands[seat] + state.common))
    squares = rules.allowed_squares(seat, state.num_players)
    found = []
    for tiles in itertools.combinations(usable, size):
        for where in itertools.permutations(squares, size):
            placements = list(zip(tiles, where))
            if frozenset(placements) not in listed and preview_play(state, seat, placements).legal:
                found.append([list(pair) for pair in placements])
    return found
