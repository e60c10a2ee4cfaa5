"""SETUP play search: the candidate plays of ``legal_actions`` and the AIs.

Plays are found by a small beam search: every single tile on every allowed
square, plus pairs that only combo with each other, then groups grow one tile
at a time (same number for sets, same suit for runs), keeping the best few at
each size. A play is valued as own points minus bonus points given to
opponents (bonus to a partner counts for us), with a large bonus or penalty
when the play ends the game as a win or a loss.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from engines.setup import rules
from engines.setup.models import SetupState

BEAM_WIDTH = 12
MAX_MULTI_CANDIDATES = 24  # multi-tile plays listed by legal_actions
GAME_DECIDING = 1000.0
# Caps the work per move (typical moves need under 1000) to stay well under 250 ms.
MAX_EVALUATIONS = 3000
# Scoring squares of plays on a board, per board: the search AI values the
# same boards in many sampled worlds (the board is public, only the hands
# differ), so most of its beams' plays were already scored.
_SCORING_CACHE: dict[tuple[tuple[str, str], ...], _BoardMemo] = {}
_SCORING_CACHE_BOARDS = 64  # a move reads about 6 boards; 64 hold ~10 MB


@dataclass(frozen=True)
class Candidate:
    placements: list[tuple[str, str]]
    points: int
    bonuses: dict[int, int] = field(default_factory=dict)
    value: float = 0.0


def _linked(a: str, b: str) -> bool:
    """Two tiles that would form a combo if they touched."""
    same_number = rules.tile_number(a) == rules.tile_number(b)
    run = rules.tile_suit(a) == rules.tile_suit(b) and abs(rules.tile_number(a) - rules.tile_number(b)) == 1
    return same_number or run


_LINKS: dict[str, frozenset[str]] = {
    a: frozenset(b for b in rules.ALL_TILES if b != a and _linked(a, b)) for a in rules.ALL_TILES
}

_NEIGHBOURS = rules.NEIGHBOURS


class _BoardMemo:
    """What the beams learn about one board: the scoring squares of plays
    (None: illegal), and per square the tiles that link with a neighbour."""

    __slots__ = ("board", "scored", "attach", "reach")

    def __init__(self, board: dict[str, str]) -> None:
        self.board = board
        self.scored: dict[frozenset[tuple[str, str]], frozenset[str] | None] = {}
        # (tile, square) -> rules.combo_reach of the board with only that tile placed
        self.reach: dict[tuple[str, str], frozenset[str]] = {}
        self.attach: dict[str, frozenset[str]] = {
            sq: frozenset().union(*(_LINKS[board[n]] for n in rules.NEIGHBOURS[sq] if n in board))
            for sq in rules.SQUARES}


class _Search:
    def __init__(self, state: SetupState, seat: int, beam_width: int = BEAM_WIDTH,
                 max_evaluations: int = MAX_EVALUATIONS, pairs: bool = True) -> None:
        self.pairs = pairs
        self.beam_width = beam_width
        self.max_evaluations = max_evaluations
        self.state = state
        self.seat = seat
        self.board = state.visible_board()
        self.tiles = list(dict.fromkeys(state.hands[seat] + state.common))
        self.squares = rules.allowed_squares(seat, state.num_players)
        self.finish_line = state.config.finish_line(state.num_players)
        self.found: dict[frozenset[tuple[str, str]], Candidate] = {}
        self.evaluations = 0
        self.team = rules.TEAM_OF_SEAT if state.config.mode == "teams" else None
        self.memo = memo = _memo_of(self.board)
        self.scored, self.attach = memo.scored, memo.attach

    def evaluate(self, placements: list[tuple[str, str]],
                 scoring_known: frozenset[str] | None = None) -> Candidate | None:
        """The play as a candidate (None: illegal, or the work cap reached).
        ``scoring_known``: its scoring squares when the caller already knows
        them (a pair that links with no neighbour scores its two squares)."""
        key = frozenset(placements)
        if key in self.found:
            return self.found[key]
        if self.evaluations >= self.max_evaluations:
            return None
        self.evaluations += 1
        scoring = scoring_known if scoring_known is not None else self._scoring(key, placements)
        if scoring is None:
            return None
        bonuses = rules.bonus_points(scoring, self.seat, self.state.num_players)
        candidate = Candidate(list(placements), len(scoring), bonuses, self._value(len(scoring), bonuses))
        self.found[key] = candidate
        return candidate

    def _scoring(self, key: frozenset[tuple[str, str]], placements: list[tuple[str, str]]) -> frozenset[str] | None:
        """``rules.scoring_squares`` of the play, or None when illegal (cached)."""
        if key in self.scored:
            return self.scored[key]
        try:
            scoring: frozenset[str] | None = rules.scoring_squares(
                self.board, {square: tile for tile, square in placements})
        except rules.IllegalPlay:
            scoring = None
        self.scored[key] = scoring
        return scoring

    def _friendly(self, other: int) -> bool:
        return self.team is not None and self.team[other] == self.team[self.seat]

    def _value(self, points: int, bonuses: dict[int, int]) -> float:
        value = float(points)
        for other, bonus in bonuses.items():
            value += bonus if self._friendly(other) else -bonus
        return value + self._ending_value(points, bonuses)

    def _ending_value(self, points: int, bonuses: dict[int, int]) -> float:
        state = self.state
        # Bonuses never exceed the points: far from the line, no play ends the game.
        if max(state.scores) + points < self.finish_line:
            return 0.0
        scores = list(state.scores)
        scores[self.seat] += points
        for other, bonus in bonuses.items():
            scores[other] += bonus
        if max(scores) < state.config.finish_line(state.num_players):
            return 0.0
        last_placed = list(state.last_placed)
        last_placed[self.seat] = state.move_number
        ranks = rules.team_ranks(scores, last_placed) if self.team else rules.ffa_ranks(scores, last_placed)
        return GAME_DECIDING if ranks[self.seat] == 1 else -GAME_DECIDING

    def run(self) -> list[Candidate]:
        # A lone tile scores only next to a tile it links with: skip the rest unevaluated.
        attach = self.attach
        singles = [c for t in self.tiles for sq in self.squares
                   if t in attach[sq] and (c := self.evaluate([(t, sq)]))]
        pairs = []
        lines = _lines_within(self.squares)
        for i, a in enumerate(self.tiles if self.pairs else []):
            links_a = _LINKS[a]
            for b in self.tiles[i + 1:]:
                if b not in links_a:
                    continue
                for sq_a, sq_b in lines:
                    for (x, sq_x), (y, sq_y) in (((a, sq_a), (b, sq_b)), ((b, sq_a), (a, sq_b))):
                        if c := self.evaluate([(x, sq_x), (y, sq_y)], self._pair_scoring(x, sq_x, y, sq_y)):
                            pairs.append(c)
        frontier = self._best(singles + pairs)
        while frontier:
            grown = []
            for cand in frontier:
                used_tiles = {t for t, _ in cand.placements}
                used_squares = {sq for _, sq in cand.placements}
                open_squares = [sq for sq in self.squares if sq not in used_squares]
                numbers = {rules.tile_number(t) for t in used_tiles}
                suits = {rules.tile_suit(t) for t in used_tiles}
                after = {**self.board, **{sq: t for t, sq in cand.placements}}
                for tile in self.tiles:
                    # all placed tiles must end in one set (same number) or one run (same suit)
                    if tile in used_tiles or not (
                            (len(numbers) == 1 and rules.tile_number(tile) in numbers)
                            or (len(suits) == 1 and rules.tile_suit(tile) in suits)):
                        continue
                    links = _LINKS[tile]
                    for sq in open_squares:
                        # a placed tile that links with no neighbour lies in no combo: illegal
                        if any(after.get(n) in links for n in _NEIGHBOURS[sq]) and (
                                c := self.evaluate(cand.placements + [(tile, sq)])):
                            grown.append(c)
            frontier = self._best([c for c in grown if len(c.placements) <= rules.MAX_TILES_PER_PLAY])
        return list(self.found.values())

    def _pair_scoring(self, x: str, sq_x: str, y: str, sq_y: str) -> frozenset[str] | None:
        """The scoring squares of ``x`` on ``sq_x`` and ``y`` on ``sq_y`` (two
        tiles that link, on a white line), from what each would score alone:
        the combos through the pair are those through either tile, joined at
        the pair. That holds unless one tile's combos alone reach the other's
        square through the tile it covers (then None: the rules decide; the
        same answers as rules.scoring_squares, tests/ai/test_setup_board_memo.py)."""
        if x not in self.attach[sq_x] and y not in self.attach[sq_y]:
            return frozenset((sq_x, sq_y))  # most pairs: they link with nothing around them
        reach_x, reach_y = _reach(self.memo, x, sq_x), _reach(self.memo, y, sq_y)
        if sq_y in reach_x or sq_x in reach_y:
            return None
        return reach_x | reach_y

    def _best(self, candidates: list[Candidate]) -> list[Candidate]:
        unique = {frozenset(c.placements): c for c in candidates}
        ranked = sorted(unique.values(), key=lambda c: (-c.value, -c.points, sorted(c.placements)))
        return ranked[:self.beam_width]


@functools.cache
def _lines_within(squares: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The white lines whose two squares are both among ``squares``."""
    return tuple((a, b) for a, b in rules.LINES if a in squares and b in squares)


def _reach(memo: _BoardMemo, tile: str, square: str) -> frozenset[str]:
    """The squares ``tile`` on ``square`` would score with if it were the
    only tile placed (just the square when it links with no neighbour)."""
    key = (tile, square)
    found = memo.reach.get(key)
    if found is None:
        board = dict(memo.board)
        board[square] = tile
        found = memo.reach[key] = rules.combo_reach(board, square)
    return found


def _memo_of(board: dict[str, str]) -> _BoardMemo:
    key = tuple(sorted(board.items()))
    memo = _SCORING_CACHE.get(key)
    if memo is None:
        if len(_SCORING_CACHE) >= _SCORING_CACHE_BOARDS:
            _SCORING_CACHE.clear()
        memo = _SCORING_CACHE[key] = _BoardMemo(board)
    return memo


def search_plays(state: SetupState, seat: int, beam_width: int = BEAM_WIDTH,
                 max_evaluations: int = MAX_EVALUATIONS) -> list[Candidate]:
    """Every legal play the search found, best first."""
    found = _Search(state, seat, beam_width, max_evaluations).run()
    return sorted(found, key=lambda c: (-c.value, -c.points, sorted(c.placements)))


def quick_plays(state: SetupState, seat: int, beam_width: int = 3, max_evaluations: int = 200) -> list[Candidate]:
    """A narrower, capped beam without the pairs that only combo with each
    other: for the search AI's opponents and rollouts."""
    found = _Search(state, seat, beam_width, max_evaluations, pairs=False).run()
    return sorted(found, key=lambda c: (-c.value, -c.points, sorted(c.placements)))


def candidate_plays(state: SetupState, seat: int) -> list[Candidate]:
    """Legal plays for ``legal_actions``: all one-tile plays plus the best
    multi-tile ones."""
    found = search_plays(state, seat)
    singles = [c for c in found if len(c.placements) == 1]
    multis = [c for c in found if len(c.placements) > 1][:MAX_MULTI_CANDIDATES]
    return multis + singles
