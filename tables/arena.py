"""AI-only games between two levels, for measuring the AIs.

    python -m tables.arena --game setup --players 2 --games 100 --seed 1 --a hard --b greedy

Seats alternate between the two levels (in team games, teams do) and the
level in the first seat rotates from game to game; the first seat moves
first (``first_seat`` 0, in a game whose config has it and where ``--config``
does not set it), so each level moves first in every other game. The first
move is worth much in a short race (SETUP's first mover wins about 63 % of
games between equal greedy players): left to the engine's draw, the share of
games a level happened to start swung a 40-game figure by ten points or more. Progress goes to stdout
now and then; the LAST line is one JSON object: ``games``, ``a_wins``,
``b_wins``, ``draws``, the win rate of ``a`` among decided games with a 95 %
interval, per-move milliseconds per level (median, p95, max; and the median
and p95 in process CPU time, which another program on the machine barely
changes), mean ranks and,
for Death Front, results per faction and per side.

A game counts as won by a level when every first-placed seat plays that
level; a draw otherwise. ``--iterations`` replaces the levels' time budgets
by a fixed number of search iterations (reproducible on any machine).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engines import ai
from engines.base import GameEngine, SeatInfo
from engines.search import Budget
from games.definition import GameDefinition
from games.options import FIRST_SEAT
from tables.registry import GameRegistry, default_registry

MAX_ACTIONS = 20_000


def game_seed(seed: int, index: int) -> int:
    return int.from_bytes(hashlib.sha256(f"arena:{seed}:{index}".encode()).digest()[:6], "big")


def seat_levels(engine: GameEngine[Any, Any], state: Any, players: int, index: int, a: str, b: str) -> list[str]:
    """Alternate levels by seat (by team in team games); rotate per game."""
    teams = engine.teams(state)
    groups = teams if teams is not None else list(range(players))
    return [a if (group + index) % 2 == 0 else b for group in groups]


@dataclass
class GameRecord:
    levels: list[str]
    ranks: list[int]
    factions: list[str] | None
    actions: int
    first: str = ""  # the label ("a" or "b") of the seat that moved first


@dataclass
class Tally:
    a: str
    b: str
    first_side: frozenset[str] = frozenset()  # the side labels tallied as "allies"
    games: list[GameRecord] = field(default_factory=list)
    move_ms: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    # The same moves in process CPU time: what a move costs whatever else the machine runs.
    move_cpu_ms: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})

    def winner(self, game: GameRecord) -> str | None:
        top = {("a" if lvl_is_a else "b") for lvl_is_a, rank in zip(self._is_a(game), game.ranks) if rank == 1}
        return top.pop() if len(top) == 1 else None

    def _is_a(self, game: GameRecord) -> list[bool]:
        # Same level on both sides (e.g. hard vs hard): seat parity decides the label.
        return [label == "a" for label in game.levels]

    def rank_margin(self) -> tuple[float | None, list[float] | None]:
        """How much better a's mean rank is than b's (positive: a ranks
        higher), averaged game by game, with a 95 % interval (normal
        approximation over the games: each game is one sample)."""
        margins = []
        for game in self.games:
            a = [rank for label, rank in zip(game.levels, game.ranks) if label == "a"]
            b = [rank for label, rank in zip(game.levels, game.ranks) if label == "b"]
            if a and b:
                margins.append(statistics.mean(b) - statistics.mean(a))
        if not margins:
            return None, None
        mean = statistics.mean(margins)
        if len(margins) < 2:
            return round(mean, 3), None
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
        return round(mean, 3), [round(mean - half, 3), round(mean + half, 3)]

    def summary(self) -> dict[str, Any]:
        wins = {"a": 0, "b": 0}
        ranks: dict[str, list[int]] = {"a": [], "b": []}
        factions: dict[str, dict[str, int]] = {}
        sides = {"allies": 0, "axis": 0, "draws": 0}
        for game in self.games:
            w = self.winner(game)
            if w:
                wins[w] += 1
            for label, rank in zip(game.levels, game.ranks):
                ranks[label].append(rank)
            if game.factions:
                for label, faction, rank in zip(game.levels, game.factions, game.ranks):
                    row = factions.setdefault(faction, {"a_games": 0, "a_wins": 0, "b_games": 0, "b_wins": 0})
                    row[f"{label}_games"] += 1
                    row[f"{label}_wins"] += int(rank == 1 and len(set(game.ranks)) > 1)
                allied_won = [rank == 1 for f, rank in zip(game.factions, game.ranks) if f in self.first_side]
                axis_won = [rank == 1 for f, rank in zip(game.factions, game.ranks) if f not in self.first_side]
                if all(allied_won) and not any(axis_won):
                    sides["allies"] += 1
                elif all(axis_won) and not any(allied_won):
                    sides["axis"] += 1
                else:
                    sides["draws"] += 1
        decided = wins["a"] + wins["b"]
        first = {label: [g for g in self.games if g.first == label] for label in ("a", "b")}
        low, high = wilson(wins["a"], decided)
        out: dict[str, Any] = {
            "games": len(self.games), "a": self.a, "b": self.b,
            "a_wins": wins["a"], "b_wins": wins["b"], "draws": len(self.games) - decided,
            "a_win_rate": round(wins["a"] / decided, 4) if decided else None,
            "a_win_rate_95": [round(low, 4), round(high, 4)] if decided else None,
        }
        for label in ("a", "b"):
            # How often each level moved first, and a's wins in those games.
            out[f"{label}_first"] = len(first[label])
            out[f"a_wins_when_{label}_first"] = sum(self.winner(g) == "a" for g in first[label])
            times = self.move_ms[label]
            out[f"{label}_move_ms_median"] = round(statistics.median(times), 2) if times else None
            out[f"{label}_move_ms_p95"] = round(percentile(times, 95), 2) if times else None
            out[f"{label}_move_ms_max"] = round(max(times), 2) if times else None
            cpu = self.move_cpu_ms[label]
            out[f"{label}_move_cpu_ms_median"] = round(statistics.median(cpu), 2) if cpu else None
            out[f"{label}_move_cpu_ms_p95"] = round(percentile(cpu, 95), 2) if cpu else None
            out[f"{label}_mean_rank"] = round(statistics.mean(ranks[label]), 3) if ranks[label] else None
        out["a_rank_margin"], out["a_rank_margin_95"] = self.rank_margin()
        out["mean_actions"] = round(statistics.mean(g.actions for g in self.games), 1) if self.games else 0
        if factions:
            out["factions"] = factions
            out["sides"] = sides
        return out


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(pct / 100 * len(ordered)) - 1))
    return ordered[k]


def play_game(definition: GameDefinition, config: Any, players: int, index: int, seed: int,
              a: str, b: str, budgets: dict[str, Budget | None], tally: Tally) -> GameRecord:
    engine = definition.engine
    seats = [SeatInfo(name=f"AI {n + 1}", is_ai=True) for n in range(players)]
    state = engine.new_game(config, seats, game_seed(seed, index))
    levels = seat_levels(engine, state, players, index, "a", "b")
    level_of = {"a": a, "b": b}
    rng = random.Random(game_seed(seed, index) ^ 0x5EED)
    actions = 0
    first = levels[engine.to_act(state)[0]]
    while not engine.is_over(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game {index} did not end within {MAX_ACTIONS} actions")
        seat = engine.to_act(state)[0]
        label = levels[seat]
        started, cpu = time.perf_counter(), time.process_time()
        action = ai.choose_action(engine, state, seat, level_of[label], rng, budgets[label])
        tally.move_ms[label].append((time.perf_counter() - started) * 1000)
        tally.move_cpu_ms[label].append((time.process_time() - cpu) * 1000)
        state, _ = engine.apply(state, seat, action)
        actions += 1
    result = engine.result(state)
    assert result is not None
    sides = definition.arena_sides
    factions = sides.labels(state) if sides is not None else None
    return GameRecord(levels=levels, ranks=list(result.ranks), factions=factions, actions=actions, first=first)


def run(game: str, players: int, games: int, seed: int, a: str, b: str, iterations: int | None = None,
        config: dict[str, Any] | None = None, progress: bool = True,
        registry: GameRegistry | None = None) -> dict[str, Any]:
    definition = (registry or default_registry()).get(game)
    engine = definition.engine
    if definition.host_picks_first and FIRST_SEAT not in (config or {}):
        config = {**(config or {}), FIRST_SEAT: 0}  # the first seat moves first (module docstring)
    cfg = engine.config_from_json(definition.config_for(players, config))
    if players not in engine.allowed_seat_counts(cfg):
        raise SystemExit(f"{game} cannot seat {players} players with this configuration")
    budgets: dict[str, Budget | None] = {
        label: (ai.with_iterations(level, iterations) if iterations and level in ai.BUDGETS else None)
        for label, level in (("a", a), ("b", b))
    }
    tally = Tally(a, b, definition.arena_sides.first_side if definition.arena_sides else frozenset())
    every = max(1, games // 10)
    started = time.perf_counter()
    for index in range(games):
        tally.games.append(play_game(definition, cfg, players, index, seed, a, b, budgets, tally))
        if progress and ((index + 1) % every == 0 or index + 1 == games):
            s = tally.summary()
            ranks = (f", mean rank {s['a_mean_rank']} / {s['b_mean_rank']} "
                     f"(margin {s['a_rank_margin']}, 95 % {s['a_rank_margin_95']})") if players > 2 else ""
            print(f"[{index + 1}/{games}] a={a} wins {s['a_wins']}, b={b} wins {s['b_wins']}, "
                  f"draws {s['draws']}{ranks} ({time.perf_counter() - started:.0f} s)", flush=True)
    out = tally.summary()
    out.update(game=game, players=players, seed=seed, iterations=iterations,
               seconds=round(time.perf_counter() - started, 1))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tables.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=default_registry().ids())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", default="hard", choices=ai.LEVELS)
    parser.add_argument("--b", default="greedy", choices=ai.LEVELS)
    parser.add_argument("--iterations", type=int, default=None,
                        help="fixed search iterations per move instead of the time budget")
    parser.add_argument("--config", default="{}", help="game configuration as JSON")
    args = parser.parse_args(argv)
    out = run(args.game, args.players, args.games, args.seed, args.a, args.b, args.iterations,
              json.loads(args.config))
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
