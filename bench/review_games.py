"""Finished two-player games for the review's bench and tests: played by the
greedy AI from a seed, optionally with one seeded blunder of seat 0."""
from __future__ import annotations

import random
from typing import Any, Callable

from pydantic import BaseModel

from db.models import GameRecord, Seat
from engines.deathfront.models import Attack, Pass
from engines.search.knowledge import result_values
from engines.setup.models import PlayAction
from engines.setup.plays import search_plays
from tables.live import seat_infos
from tables.registry import default_registry

# (state, seat, seq) -> the action seat 0 plays instead of the AI's, or None
Blunder = Callable[[Any, int, int], BaseModel | None]


def record_for(game: str, seed: int, game_id: int | None = None) -> GameRecord:
    definition = default_registry().get(game)
    seats = [Seat(user_id=100 + i, name=f"Player {i + 1}") for i in range(2)]
    config = definition.config_for(2, {})
    if definition.finalize_config is not None:
        config = definition.finalize_config(config, seats, None)
    return GameRecord(id=game_id or seed, game_type=game, guild_id=1, channel_id=1, host_id=100,
                      status="finished", config=config, seats=seats, seed=seed, created_at=0, updated_at=0)


def finished_game(game: str, seed: int, blunder: Blunder | None = None,
                  at: int | None = None) -> tuple[GameRecord, list[tuple[int, int, dict]], list[int]]:
    """The record, its action log and the number of the blunder played: seat
    0's first decision where ``blunder`` has one (or the decision ``at``)."""
    engine = default_registry().get(game).engine
    record = record_for(game, seed)
    state = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
    rng = random.Random(seed)
    actions: list[tuple[int, int, dict]] = []
    blunders = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        seq = len(actions) + 1
        wanted = blunder is not None and seat == 0 and not blunders and (at is None or at == seq)
        action = blunder(state, seat, seq) if blunder is not None and wanted else None
        if action is not None:
            blunders.append(seq)
        else:
            action = engine.ai_action(state, seat, rng)
        state, _ = engine.apply(state, seat, action)
        actions.append((seq, seat, engine.action_to_json(action)))
    return record, actions, blunders


def setup_two_for_six(state: Any, seat: int, seq: int) -> BaseModel | None:
    """A 2-point play where a play of 6 or more was there."""
    plays = search_plays(state, seat)
    if not plays or max(p.points for p in plays) < 6:
        return None
    two = [p for p in plays if p.points == 2]
    if not two:
        return None
    return PlayAction(placements=two[0].placements)


def deathfront_pass_up_the_win(state: Any, seat: int, seq: int) -> BaseModel | None:
    """Where an attack would win the game at once, another action (passing
    first) after which the game goes on."""
    engine = default_registry().get("deathfront").engine
    actions = engine.legal_actions(state, seat)
    if not any(_wins(engine, state, seat, a) for a in actions if isinstance(a, Attack)):
        return None
    for action in sorted(actions, key=lambda a: not isinstance(a, Pass)):
        after, _ = engine.apply(state, seat, action)
        if engine.result(after) is None:
            return action
    return None


def _wins(engine: Any, state: Any, seat: int, action: BaseModel) -> bool:
    after, _ = engine.apply(state, seat, action)
    result = engine.result(after)
    return result is not None and result_values(result)[seat] == 1.0
