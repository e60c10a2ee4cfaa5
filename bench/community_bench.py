"""Playing together: the time to pair a tournament round, and to draw the
standings, the podium and a profile card.

    python -m bench.community_bench [--tournaments 5] [--draws 20]

Pairing: for each field size, ``--tournaments`` Swiss tournaments with
random results (a draw one game in ten, seeded) are paired round after
round, each round timed (``tables.tournaments.pairing.pair``), for the
format's default number of rounds (⌈log₂ n⌉) and then for n/2 rounds (a
long Swiss); a round-robin's full cycle and a knockout are timed the same
way. Rematches are counted. Pictures: each drawn ``--draws`` times in
en and zh-CN (a 32-line standings, a podium, a profile card with three
games of 30 points). Prints median / p95 / max in milliseconds.
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from bench.timing import clock, median, percentile
from render.profile import GameStats, ProfileCard, RecentLine, profile_png
from render.tournament import PodiumPlace, StandingLine, StandingsSheet, podium_png, standings_png
from tables.tournaments.pairing import DRAW, LOSS, WIN, Played, pair, round_count

LOCALES = ("en", "zh-CN")


def _row(name: str, samples: list[float], extra: str = "") -> str:
    ms = [s * 1000 for s in samples]
    return (f"| {name} | {len(ms)} | {median(ms):.2f} | {percentile(ms, 95):.2f} | {max(ms):.2f} |"
            f" {extra} |")


def _outcome(rng: random.Random) -> tuple[float, float]:
    if rng.random() < 0.1:
        return DRAW, DRAW
    return (WIN, LOSS) if rng.random() < 0.5 else (LOSS, WIN)


def play(format: str, entrants: int, rounds: int, seed: int) -> tuple[list[float], int]:
    """Seconds per round's pairing, and the rematches the tournament had."""
    rng = random.Random(seed)
    order = list(range(1, entrants + 1))
    played: list[Played] = []
    seconds: list[float] = []
    met: set[frozenset[int]] = set()
    rematches = 0
    for round_no in range(1, rounds + 1):
        started = clock()
        pairings = pair(format, order, played, round_no)
        seconds.append(clock() - started)
        for p in pairings:
            if p.b is None:
                played.append(Played(round_no, p.a, None, WIN, LOSS))
                continue
            rematches += frozenset((p.a, p.b)) in met
            met.add(frozenset((p.a, p.b)))
            score_a, score_b = _outcome(rng)
            if format == "knockout" and score_a == DRAW:
                score_a, score_b = WIN, LOSS
            played.append(Played(round_no, p.a, p.b, score_a, score_b))
    return seconds, rematches


def pairing_rows(tournaments: int) -> list[str]:
    rows = []
    cases: list[tuple[str, str, int, Callable[[int], int]]] = [
        *((f"Swiss {n}, default rounds", "swiss", n, lambda n: round_count("swiss", n, None)) for n in (8, 16, 32, 64)),
        *((f"Swiss {n}, n/2 rounds", "swiss", n, lambda n: n // 2) for n in (16, 32, 64)),
        ("round-robin 16, full cycle", "round-robin", 16, lambda n: n - 1),
        ("knockout 64", "knockout", 64, lambda n: round_count("knockout", n, None)),
    ]
    for name, format, entrants, rounds_of in cases:
        seconds: list[float] = []
        rematches = 0
        for seed in range(1, tournaments + 1):
            taken, again = play(format, entrants, rounds_of(entrants), seed)
            seconds += taken
            rematches += again
        rows.append(_row(f"pair a round: {name}", seconds, f"{rematches} rematches in {tournaments} tournaments"))
    return rows


def _sheet() -> StandingsSheet:
    lines = [StandingLine(rank=i, name=f"玩家 Player {i}", points=6 - i / 8, buchholz=20 - i / 3, wins=5 - i // 8,
                          draws=1, losses=i // 8, byes=0) for i in range(1, 33)]
    return StandingsSheet("Autumn Cup 秋季杯", "setup", "swiss", 5, 5, lines, finished=True)


def _card() -> ProfileCard:
    rng = random.Random(1)

    def walk(count: int) -> tuple[float, ...]:
        value, out = 0.0, []
        for _ in range(count):
            value += rng.uniform(-1.5, 2.0)
            out.append(round(value, 2))
        return tuple(out)

    per_game = tuple(GameStats(slot=i, name=name, games=30, wins=12, rating=5.0, points=walk(30))
                     for i, name in enumerate(("SETUP", "CUBED", "Death Front")))
    recent = tuple(RecentLine(game="SETUP", date="2026-11-2" + str(i), place=1 + i % 3, of=4,
                              outcome=("win", "loss", "draw")[i % 3], rated=True) for i in range(5))
    return ProfileCard(name="王小明 (Xiaoming)", games=90, wins=36, favourite="SETUP", per_game=per_game,
                       recent=recent)


def picture_rows(draws: int) -> list[str]:
    sheet, card = _sheet(), _card()
    places = [PodiumPlace(1, ["Alice"], 5), PodiumPlace(2, ["李雷"], 4.5), PodiumPlace(3, ["Bob", "王小明"], 4)]
    pictures: list[tuple[str, Callable[[str], bytes]]] = [
        ("standings, 32 lines", lambda locale: standings_png(sheet, locale)),
        ("podium", lambda locale: podium_png("Autumn Cup 秋季杯", "setup", places, locale)),
        ("profile card, 3 games × 30 points", lambda locale: profile_png(card, locale)),
    ]
    rows = []
    for name, draw in pictures:
        for locale in LOCALES:
            draw(locale)  # caches (fonts, text masks) warm, as in a running bot
            seconds, size = [], 0
            for _ in range(draws):
                started = clock()
                size = len(draw(locale))
                seconds.append(clock() - started)
            rows.append(_row(f"draw {name} ({locale})", seconds, f"{size // 1024} KB"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.community_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=5)
    parser.add_argument("--draws", type=int, default=20)
    args = parser.parse_args(argv)
    print("| what | n | median ms | p95 ms | max ms | note |")
    print("|---|---|---|---|---|---|")
    for line in [*pairing_rows(args.tournaments), *picture_rows(args.draws)]:
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
