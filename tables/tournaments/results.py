"""The records of a tournament's finished matches and the standings drawn
from them (pure: no database, no Discord). docs/community.md, "Tournament
formats", states every rule written here."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True)
class Played:
    """A finished match (or a bye: ``b`` is None and ``a`` scores WIN)."""
    round: int
    a: int
    b: int | None
    score_a: float
    score_b: float


@dataclass(frozen=True)
class Standing:
    entrant: int
    rank: int           # 1 best; equal tie-breaks share a rank
    points: float
    buchholz: float
    wins: int
    draws: int
    losses: int
    byes: int
    eliminated: bool    # knockout only
    sonneborn_berger: float = 0.0


@dataclass
class Tally:
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    # (opponent, own score) for every match against a real opponent
    games: list[tuple[int, float]] | None = None
    last_round: int = 0


def _outcome(tally: Tally, score: float) -> None:
    if score >= WIN:
        tally.wins += 1
    elif score <= LOSS:
        tally.losses += 1
    else:
        tally.draws += 1


def tally(entrants: Sequence[int], played: Sequence[Played]) -> dict[int, Tally]:
    """Points, wins, draws, losses, byes and opponents of every entrant;
    records naming someone who is not an entrant are ignored."""
    out = {e: Tally(games=[]) for e in entrants}
    for match in played:
        first = out.get(match.a)
        second = out.get(match.b) if match.b is not None else None
        if first is None:
            continue
        first.last_round = max(first.last_round, match.round)
        first.points += match.score_a
        if match.b is None:
            first.byes += 1
            continue
        if second is None:
            continue
        second.last_round = max(second.last_round, match.round)
        second.points += match.score_b
        _outcome(first, match.score_a)
        _outcome(second, match.score_b)
        assert first.games is not None and second.games is not None
        first.games.append((match.b, match.score_a))
        second.games.append((match.a, match.score_b))
    return out


def buchholz(tallies: dict[int, Tally], entrant: int) -> float:
    """The sum of the final points of the entrant's opponents; a bye adds nothing."""
    return sum(tallies[opponent].points for opponent, _ in tallies[entrant].games or [])


def sonneborn_berger(tallies: dict[int, Tally], entrant: int) -> float:
    """The sum, over the entrant's matches, of its score times the opponent's final points."""
    return sum(score * tallies[opponent].points for opponent, score in tallies[entrant].games or [])


def knockout_winner(match: Played, seeds: dict[int, int]) -> int:
    """Who goes through: the higher score; a drawn match goes to the higher
    seed (earlier sign-up)."""
    if match.b is None or match.score_a > match.score_b:
        return match.a
    if match.score_b > match.score_a:
        return match.b
    return match.a if seeds[match.a] < seeds[match.b] else match.b


def knockout_losers(played: Sequence[Played], seeds: dict[int, int]) -> dict[int, int]:
    """entrant → the round it was knocked out in."""
    out: dict[int, int] = {}
    for match in played:
        if match.b is None or match.a not in seeds or match.b not in seeds:
            continue
        winner = knockout_winner(match, seeds)
        out[match.b if winner == match.a else match.a] = match.round
    return out


def rank_by(rows: list[Standing], key: Callable[[Standing], tuple[float, ...]],
            seeds: dict[int, int]) -> list[Standing]:
    """Sort by ``key`` (then seed, which orders the list but never splits a
    rank) and give equal keys one shared rank (1, 2, 2, 4)."""
    rows = sorted(rows, key=lambda row: (key(row), seeds[row.entrant]))
    out: list[Standing] = []
    for index, row in enumerate(rows):
        shared = index > 0 and key(rows[index - 1]) == key(row)
        rank = out[-1].rank if shared else index + 1
        out.append(replace(row, rank=rank))
    return out


def standings_of(format: str, entrants: Sequence[int], played: Sequence[Played]) -> list[Standing]:
    seeds = {e: i for i, e in enumerate(entrants)}
    tallies = tally(entrants, played)
    out_in = knockout_losers(played, seeds) if format == "knockout" else {}
    last = max((match.round for match in played), default=0)
    rows = []
    for e in entrants:
        t = tallies[e]
        rows.append(Standing(e, 0, t.points, buchholz(tallies, e), t.wins, t.draws, t.losses,
                             t.byes, e in out_in, sonneborn_berger(tallies, e)))
    if format == "knockout":
        # The round reached: where it went out, or the latest round for those still in.
        return rank_by(rows, lambda r: (-out_in.get(r.entrant, last), r.eliminated), seeds)
    if format == "round-robin":
        return rank_by(rows, lambda r: (-r.points, -r.sonneborn_berger, -r.wins), seeds)
    return rank_by(rows, lambda r: (-r.points, -r.buchholz, -r.sonneborn_berger), seeds)
