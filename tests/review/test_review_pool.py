"""A review worked out in the thinking pool's worker process, in pieces,
is the review a thread works out; an AI move asked for meanwhile is
answered between the pieces."""
from __future__ import annotations

import asyncio

from bench.review_games import finished_game, setup_two_for_six
from bench.states import mid_game
from tables.registry import default_registry
from tables.review import review_seat
from tables.thinking import ThinkingPool

REGISTRY = default_registry()


async def test_a_review_in_the_worker_process_is_the_review_of_a_thread():
    cases = [("setup", *finished_game("setup", 3, setup_two_for_six)[:2]), ("deathfront", *finished_game("deathfront", 2)[:2])]
    pool = ThinkingPool(1)
    pool.start()
    try:
        engine = REGISTRY.get("deathfront").engine
        state, seat = mid_game(engine, 20, seed=1)
        reviews = [asyncio.create_task(pool.review(REGISTRY.get(game).engine, record, actions, 0))
                   for game, record, actions in cases]
        await asyncio.sleep(0.3)  # the reviews' first pieces are queued
        move = await pool.choose(engine, state, seat, "normal", "seed")
        done_before_move = [task.done() for task in reviews]
        answers = await asyncio.gather(*reviews)
    finally:
        await pool.shutdown()
    assert pool.reviews_in_process == 2 and move is not None
    assert not all(done_before_move)  # the move did not wait for both whole reviews
    for (game, record, actions), answer in zip(cases, answers):
        assert answer == review_seat(REGISTRY.get(game).engine, record, actions, 0)
