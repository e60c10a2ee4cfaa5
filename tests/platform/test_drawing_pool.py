"""The drawing pool (tables/drawing.py): pictures drawn in worker processes,
latest wins per key, a dead worker replaced without losing the picture."""
from __future__ import annotations

import asyncio
import logging
import os

from engines.base import SeatInfo
from render.setup import SetupRenderer
from tables.drawing import DrawingPool
from tables.registry import default_registry
from tests.platform.drawing_kit import GatedRenderer, NumberRenderer, NumberView


async def test_a_real_process_pool_draws_the_same_png_as_the_renderer_itself():
    spec = default_registry().get("setup")
    engine = spec.engine
    state = engine.new_game(engine.config_from_json({}), [SeatInfo(name="甲"), SeatInfo(name="Bob")], 7)
    view = engine.public_view(state)
    pool = DrawingPool(2)
    pool.start()
    try:
        png = await pool.draw(spec.renderer, "board", view, "zh-CN", key=(1, "board", "zh-CN"))
        numbers = await asyncio.gather(*[pool.draw(NumberRenderer(), "board", NumberView(number=n), "en")
                                         for n in range(4)])
        worker_pid = await pool.compute(os.getpid)  # other pure work (turn hints) runs there too
    finally:
        await pool.shutdown()
    assert png == SetupRenderer().board_png(view, "zh-CN")
    assert [b.split(b" pid ")[0] for b in numbers] == [f"board {n} en".encode() for n in range(4)]
    assert all(int(b.split(b" pid ")[1]) != os.getpid() for b in numbers)  # drawn in other processes
    assert pool.drawn == 5 and worker_pid != os.getpid()


async def test_latest_wins_per_key_and_replaced_requests_get_the_newer_picture():
    renderer = GatedRenderer()
    pool = DrawingPool(0)  # a thread, so the test can hold the first draw
    first = asyncio.create_task(pool.draw(renderer, "board", NumberView(number=1), "en", key="t1"))
    await asyncio.to_thread(renderer.started.wait, 30)
    second = asyncio.create_task(pool.draw(renderer, "board", NumberView(number=2), "en", key="t1"))
    third = asyncio.create_task(pool.draw(renderer, "board", NumberView(number=3), "en", key="t1"))
    other = asyncio.create_task(pool.draw(NumberRenderer(), "board", NumberView(number=9), "en", key="t2"))
    await asyncio.sleep(0)
    assert await other == b"board 9 en pid %d" % os.getpid()  # another key is not held up
    renderer.gate.set()
    assert await first == b"board 1"
    assert await second == await third == b"board 3"
    assert renderer.drawn == [1, 3]  # 2 was never drawn
    assert not pool._slots  # nothing left behind


async def test_a_worker_that_dies_is_replaced_logged_once_and_the_picture_drawn(tmp_path, caplog):
    marker = tmp_path / "crash-once"
    marker.write_text("x")
    pool = DrawingPool(1)
    caplog.set_level(logging.ERROR, logger="tables.drawing")
    try:
        crashing = pool.draw(NumberRenderer(), "board", NumberView(number=5, crash_marker=str(marker)), "en",
                             key="crash")
        queued = pool.draw(NumberRenderer(), "board", NumberView(number=6), "en")
        pictures = await asyncio.gather(crashing, queued)
    finally:
        await pool.shutdown()
    assert not marker.exists()  # the worker did die
    assert [p.split(b" pid ")[0] for p in pictures] == [b"board 5 en", b"board 6 en"]
    assert pool.restarts == 1
    assert len([r for r in caplog.records if "drawing process died" in r.getMessage()]) == 1


async def test_a_renderer_a_worker_cannot_build_is_drawn_in_a_thread():
    class Local(NumberRenderer):  # defined in a function: no import path
        pass

    pool = DrawingPool(1)
    try:
        png = await pool.draw(Local(), "hand", NumberView(number=4), "zh-TW")
    finally:
        await pool.shutdown()
    assert png == b"hand 4 zh-TW"
