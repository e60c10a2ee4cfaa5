"""Playing the real web front end in Chromium by tapping: the app served on
loopback over a real table service, a local session's table, and one move
made with taps on the board and hand pictures (or a button for a move with no
place on them), counting the taps."""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from playwright.async_api import Page

from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from tests.support.loopback import serve
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

Move = dict[str, Any]
POLLS = 600  # how many times the page is asked before a step fails (100 ms apart)


@asynccontextmanager
async def live_board(database_url: str, seed: int = 7) -> AsyncIterator[str]:
    """``async with live_board(url) as base_url``: the web app, local play."""
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    service.new_seed = lambda: seed
    app = create_app(service, notifier, local=True, secret="test-secret",
                     limiter=RateLimiter(rate=1e9, burst=1e9))
    try:
        async with serve(app) as base_url:
            yield base_url
    finally:
        await service.shutdown()
        await db.close()


async def open_table(page: Page, base_url: str, game: str, options: dict[str, Any]) -> int:
    """A local session for ``page`` and a table against one AI, shown."""
    await page.goto(base_url + "/")
    made = await page.evaluate(
        """async ([game, options]) => {
             await Tabletop.games();
             return await Tabletop.request("POST", "/api/local/tables",
                                           {game, ai: ["greedy"], humans: 1, options});
           }""", [game, options])
    table_id = int(made["table_id"])
    await page.goto(f"{base_url}/t/{table_id}")
    return table_id


async def settled(page: Page, after: int = -1) -> Move:
    """The table's JSON once the page shows it, past version ``after``, and
    it is the viewer's turn or the game is over."""
    for _ in range(POLLS):
        data = await page.evaluate(
            "Tabletop.request('GET', '/api/tables/' + (document.body.dataset.table || location.pathname.split('/').pop()))")
        shown = await page.evaluate("Number(document.body.dataset.version)")
        if shown == data["version"] > after and (data["status"] != "playing" or data["moves"]):
            return dict(data)
        await page.wait_for_timeout(100)
    raise AssertionError("the page never showed a turn of the viewer's")


def tappable(data: Move) -> list[Move]:
    shown = {r["id"] for part in ("board", "hand") if data[part] for r in data[part]["regions"]}
    return [m for m in data["moves"] if m["from"] in shown and m["to"] in shown]


def quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


async def tap_move(page: Page, data: Move, move: Move) -> int:
    """Makes ``move`` by tapping; answers the number of taps."""
    if move not in tappable(data):
        await page.tap(f"#moves button[data-move={quoted(move['id'])}]")
        return 1
    try:
        await page.tap(f".spot.start[data-region={quoted(move['from'])}]")
    except Exception:
        state = await page.evaluate("""id => ({shown: document.body.dataset.version, start: Taps.start,
            moves: Taps.moves.length, spots: [...document.querySelectorAll('.spot')].filter(s => s.dataset.region === id)
            .map(s => s.className + ' in ' + s.parentNode.id), live: document.getElementById('live').textContent,
            error: document.getElementById('error').textContent})""", move["from"])
        raise AssertionError(f"version {data['version']}, page: {state}") from None
    await page.tap(f".spot.target[data-region={quoted(move['to'])}]")
    taps = 2
    if await page.locator("#pick-list button").count():
        await page.tap(f"#pick-list button[data-move={quoted(move['id'])}]")
        taps += 1
    await page.tap("#confirm")
    return taps + 1


def first_tappable(moves: list[Move], data: Move) -> Move:
    return (tappable(data) or moves)[0]


async def play(page: Page, moves: int | None = None,
               choose: Callable[[list[Move], Move], Move] = first_tappable) -> tuple[Move, list[int]]:
    """Plays ``moves`` of the viewer's moves (None: to the end) by tapping;
    answers the last table JSON and the taps of each move."""
    data = await settled(page)
    taps: list[int] = []
    while data["status"] == "playing" and (moves is None or len(taps) < moves):
        taps.append(await tap_move(page, data, choose(data["moves"], data)))
        data = await settled(page, data["version"])
    return data, taps
