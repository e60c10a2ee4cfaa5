"""SETUP with two players as a race to the finish line: the chance that the
player to move wins, from the points each still needs, if every turn scores
as the greedy AI's turns do. The search AI values its leaves with it: the
score difference alone misses that the race sharpens near the line (a
3-point lead is worth far more at 36-33 than at 6-3) and that moving first
is worth about one turn.

The points a turn scores were counted over 300 greedy-vs-greedy games
(10,250 turns, finish line 40; ``python -m engines.setup.race`` prints the
table's chances); they barely depend on the score."""
from __future__ import annotations

import functools
import math
from collections.abc import Sequence

# Points scored in one turn -> its share of turns (greedy AI, two players).
POINTS_PER_TURN: dict[int, float] = {
    2: 0.072, 3: 0.253, 4: 0.274, 5: 0.200, 6: 0.111, 7: 0.056, 8: 0.023, 9: 0.008, 10: 0.003,
}
_TOTAL = sum(POINTS_PER_TURN.values())
_TURN = tuple((points, share / _TOTAL) for points, share in POINTS_PER_TURN.items())


@functools.lru_cache(maxsize=None)
def mover_wins(mine: int, theirs: int) -> float:
    """The chance that the player to move, ``mine`` points from the line,
    reaches it before the other player, ``theirs`` points from it (both at
    least 1; the first to reach it wins: the game ends on that turn)."""
    chance = 0.0
    for points, share in _TURN:
        chance += share if points >= mine else share * (1.0 - mover_wins(theirs, mine - points))
    return chance


def mover_wins_between(mine: float, theirs: float) -> float:
    """``mover_wins`` for points needed that need not be whole numbers (a
    leaf may count points a seat can expect but has not scored): linear
    between the whole numbers around them, and the same as ``mover_wins``
    on whole numbers."""
    mine, theirs = max(mine, 1.0), max(theirs, 1.0)
    low_mine, low_theirs = math.floor(mine), math.floor(theirs)
    up_mine, up_theirs = mine - low_mine, theirs - low_theirs
    chance = (1 - up_mine) * (1 - up_theirs) * mover_wins(low_mine, low_theirs)
    if up_mine:
        chance += up_mine * (1 - up_theirs) * mover_wins(low_mine + 1, low_theirs)
    if up_theirs:
        chance += (1 - up_mine) * up_theirs * mover_wins(low_mine, low_theirs + 1)
    if up_mine and up_theirs:
        chance += up_mine * up_theirs * mover_wins(low_mine + 1, low_theirs + 1)
    return chance


def race_values(scores: Sequence[float], to_move: int, finish: int) -> list[float]:
    """Per seat of a two-player game, its chance of winning the race
    (scores may include points a seat can expect, not only whole ones)."""
    needed = [finish - score for score in scores]
    other = 1 - to_move
    first = mover_wins_between(needed[to_move], needed[other])
    values = [0.0, 0.0]
    values[to_move], values[other] = first, 1.0 - first
    return values


if __name__ == "__main__":
    for mine in (40, 30, 20, 10, 5):
        print(mine, [round(mover_wins(mine, theirs), 2) for theirs in (40, 30, 20, 10, 5)])
