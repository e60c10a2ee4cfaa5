"""/replay's work for a long game: rebuild a 300-move 11-player CUBED game
from seed + action log through the engine, draw the sampled public boards
and encode the GIF (``tables.replay.build``, as the cog runs it in a thread)."""
from __future__ import annotations

import random
import time
from typing import Any

from bench import states
from bench.report import Row, time_row
from db.models import GameRecord, Seat
from engines.base import SeatInfo
from tables import replay

LIMIT_MS = 5000.0
SIZE_LIMIT_MB = 8.0


def long_game(moves: int, seed: int = 1, draw_rate: float = 0.35) -> tuple[Any, list[tuple[int, Any]]]:
    """An 11-player CUBED game of at least ``moves`` actions: the AI plays,
    but ``draw_rate`` of the time a seat that could place draws (or, having
    drawn, passes) instead, as hesitant people do (the AI alone ends a game
    in about 240 actions)."""
    engine = states.spec("cubed").engine
    config = states.table_config("cubed", 11, {})
    seats = [SeatInfo(name=f"P{i + 1}") for i in range(11)]
    state = engine.new_game(engine.config_from_json(config), seats, seed)
    rng = random.Random(seed)
    log: list[tuple[int, Any]] = []
    while len(log) < moves and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        action = engine.ai_action(state, seat, rng)
        if getattr(action, "kind", "") == "place" and rng.random() < draw_rate:
            kinds = {getattr(a, "kind", ""): a for a in engine.legal_actions(state, seat)}
            action = kinds.get("draw") or kinds.get("pass") or action
        log.append((seat, action))
        state, _ = engine.apply(state, seat, action)
    return config, log


def game_log(moves: int) -> tuple[GameRecord, list[tuple[int, int, dict]]]:
    """The first such game (seeds 1, 2, …) that reaches ``moves`` actions,
    cut there, as a table stores it."""
    engine = states.spec("cubed").engine
    for seed in range(1, 21):
        config, log = long_game(moves, seed)
        if len(log) >= moves:
            break
    record = GameRecord(id=1, game_type="cubed", guild_id=1, channel_id=1, host_id=1, status="finished",
                        config=config, seats=[Seat(user_id=i + 1, name=f"P{i + 1}") for i in range(11)],
                        seed=seed, created_at=0.0, updated_at=0.0)
    actions = [(i + 1, seat, engine.action_to_json(action)) for i, (seat, action) in enumerate(log[:moves])]
    return record, actions


def run(repeats: int, moves: int = 300) -> list[Row]:
    record, actions = game_log(moves)
    spec = states.spec("cubed")
    seconds, built = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        built = replay.build(spec, record, actions)
        seconds.append(time.perf_counter() - start)
    assert built is not None
    players = len(record.seats)
    return [time_row("render", f"replay of a {len(actions)}-move {players}-player CUBED game", seconds,
                     limit_ms=LIMIT_MS, size=round(len(built.data) / 1024 / 1024, 2), size_unit="MB",
                     size_limit=SIZE_LIMIT_MB,
                     note=f"{built.frames} frames of {built.moves} moves, GIF",
                     frames=built.frames, moves=built.moves)]
