"""The moves the simulated players of the load, pipeline and REST benchmarks
send, worked out before the clock starts from each table's real start.

A table's start is the table service's own: ``start`` finalizes the config
(Death Front draws its starter and deals from the table's seed), and the
table plays every forced move itself (``forced_move`` below: a seat whose
only legal action is, say, a pass) after the start and after each person's
action. So each planned game is started once on a scratch ``TableService``
(same game, seats, config and seed as the measured table), and the engine's
AI plays on from the live table's state, the forced moves played as the
table plays them. Moves are indexed by the version they are sent at; the
table never rests on the version of a forced move.

Engines and the start are deterministic in the seed, so the measured table
reaches the same start: ``PlannedGame.start`` keeps the planned start state,
and the load benchmark compares it after the run (``off_plan``).
"""
from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bench.service_kit import start_table, temp_service
from engines.base import GameEngine
from tables.notifier import NullNotifier

# (game, players, config) by table number: a mix of every game and size.
MIX: list[tuple[str, int, dict[str, Any]]] = [
    ("setup", 4, {}), ("cubed", 4, {}), ("deathfront", 2, {}),
    ("setup", 2, {}), ("cubed", 11, {"rounds": 1}), ("deathfront", 4, {"players": 4}),
]

MAX_MOVES = 5000  # a game the AI does not finish in this many is cut there

Move = tuple[int, BaseModel]  # (seat, action)


def forced_move(engine: GameEngine[Any, Any], state: BaseModel) -> Move | None:
    """The move the table plays itself, by its rule (``tables.changes.Changes.forced_move``):
    the first seat to act whose only legal action ``engine.forced_action`` names."""
    for seat in engine.to_act(state):
        action = engine.forced_action(state, seat)
        if action is not None:
            return seat, action
    return None


@dataclass
class PlannedGame:
    seed: int
    start: BaseModel  # the table's state after ``start`` (its forced moves played)
    start_version: int
    moves: list[Move | None]  # by version; None where the table plays (start, forced moves)

    def move_at(self, version: int) -> Move | None:
        return self.moves[version] if version < len(self.moves) else None

    @property
    def people_moves(self) -> int:
        return sum(1 for move in self.moves if move is not None)


@dataclass
class Plan:
    """A table's games, as the engine's AI plays them from the table's real start."""

    game: str
    players: int
    config: dict[str, Any]
    games: list[PlannedGame] = field(default_factory=list)


def play_on(engine: GameEngine[Any, Any], state: BaseModel, version: int, seed: int,
            people_moves: int = MAX_MOVES) -> list[Move | None]:
    """The moves by version from ``state`` at ``version`` to the game's end
    (or ``people_moves`` of the players' moves): the AI's choice for the
    first seat to act, the table's forced moves as None."""
    moves: list[Move | None] = [None] * version
    rng = random.Random(seed)
    chosen = 0
    while not engine.is_over(state) and chosen < people_moves and len(moves) < version + MAX_MOVES:
        forced = forced_move(engine, state)
        if forced is not None:
            seat, action = forced
            moves.append(None)
        else:
            seat = engine.to_act(state)[0]
            action = engine.ai_action(state, seat, rng)
            moves.append((seat, action))
            chosen += 1
        state, _ = engine.apply(state, seat, action)
    return moves


Key = tuple[str, int, str, int, int]  # game, players, config, seed, people's moves (MAX_MOVES: whole)


async def _plan_games(wanted: dict[Key, tuple[str, int, dict[str, Any], int]]) -> dict[Key, PlannedGame]:
    """Each game started on a scratch service, then played on."""
    planned: dict[Key, PlannedGame] = {}
    async with temp_service(NullNotifier(), name="plans.db") as scratch:
        for channel, (key, (game, players, config, seed)) in enumerate(wanted.items(), start=1):
            table = await start_table(scratch, game, players, config, channel, seed)
            assert table.state is not None
            version = table.record.version
            moves = play_on(table.engine, table.state, version, seed, key[-1])
            planned[key] = PlannedGame(seed, table.state, version, moves)
    return planned


_CACHE: dict[Key, PlannedGame] = {}


def make_plans(tables: int, actions: int, variants: int = 8, whole_games: bool = True) -> list[Plan]:
    """Enough games per table for ``actions`` of its people's moves: whole
    games (a table may play on past ``actions`` into its next game), or
    with ``whole_games`` False only the moves it sends (its last game is
    planned as far as the table plays it). Tables ``variants`` × len(MIX)
    apart share seeds (the same games on different tables), which keeps the
    preparation short. Call outside a running event loop (it runs its own,
    for the scratch service)."""
    plans = [Plan(*MIX[n % len(MIX)]) for n in range(tables)]
    seeds = [1000 * (n // len(MIX) % variants) + 1 for n in range(tables)]
    totals = [0] * tables
    while wanted := [n for n in range(tables) if totals[n] < actions]:
        keys = {n: (plans[n].game, plans[n].players, repr(sorted(plans[n].config.items())), seeds[n],
                    MAX_MOVES if whole_games else actions - totals[n]) for n in wanted}
        missing = {keys[n]: (plans[n].game, plans[n].players, plans[n].config, seeds[n])
                   for n in wanted if keys[n] not in _CACHE}
        if missing:
            _CACHE.update(asyncio.run(_plan_games(missing)))
        for n in wanted:
            planned = _CACHE[keys[n]]
            plans[n].games.append(planned)
            totals[n] += max(1, planned.people_moves)
            seeds[n] += 1
    return plans


def off_plan(engine: GameEngine[Any, Any], planned: PlannedGame, state: BaseModel) -> bool:
    """The measured table's start differs from the planned one (compare after the clock)."""
    return engine.state_to_json(state) != engine.state_to_json(planned.start)


def count_forced(engine: GameEngine[Any, Any], start: BaseModel,
                 log: list[tuple[int, int, dict[str, Any], bool]]) -> tuple[int, BaseModel]:
    """How many of the logged actions the table played itself (a person's
    forced move, by the table's rule), and the state the log leads to."""
    state, forced = start, 0
    for _seq, seat, action_json, by_ai in log:
        action = engine.action_from_json(action_json)
        if not by_ai and forced_move(engine, state) == (seat, action):
            forced += 1
        state, _ = engine.apply(state, seat, action)
    return forced, state
