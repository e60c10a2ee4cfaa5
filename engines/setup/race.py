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


def race_values(scores: list[int], to_move: int, finish: int) -> list[float]:
    """Per seat of a two-player game, its chance of winning the race."""
    needed = [max(finish - score, 1) for score in scores]
    other = 1 - to_move
    first = mover_wins(needed[to_move], needed[other])
    values = [0.0, 0.0]
    values[to_move], values[other] = first, 1.0 - first
    return values


if __name__ == "__main__":
    for mine in (40, 30, 20, 10, 5):
        print(mine, [round(mover_wins(mine, theirs), 2) for theirs in (40, 30, 20, 10, 5)])
