"""Playing the real web front end in Chromium by tapping: the app served on
loopback over a real table service, a local session's table, and one move
made with taps on the board and hand pictures (or a button for a move with no
place on them), counting the taps."""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from playwright.async_api import Page

from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from tests.support.loopback import serve
from tests.support.move_choices import tappable
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

Move = dict[str, Any]
POLLS = 600  # how many times the page is asked before a step fails (100 ms apart)
SERVICES: dict[str, TableService] = {}  # base URL -> the table service behind it (tests check the engine)
OnBar = Callable[[Page, Move], Awaitable[None]]


@asynccontextmanager
async def live_board(database_url: str, seed: int = 7, limiter: RateLimiter | None = None) -> AsyncIterator[str]:
    """``async with live_board(url) as base_url``: the web app, local play
    (``limiter``: the rate limit; by default none that a test would meet)."""
    db = Database(database_url)
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    service.new_seed = lambda: seed
    app = create_app(service, notifier, local=True, secret="test-secret",
                     limiter=limiter or RateLimiter(rate=1e9, burst=1e9))
    try:
        async with serve(app) as base_url:
            SERVICES[base_url] = service
            try:
                yield base_url
            finally:
                SERVICES.pop(base_url, None)
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


async def shown(page: Page, after: int = -1, playable: bool = True) -> Move:
    """The table the page shows (as it last drew it: no request), once it is
    past version ``after`` and, with ``playable``, the viewer's turn or over."""
    for _ in range(POLLS):
        data = await page.evaluate("Tabletop.shown || null")
        if data and data["version"] > after and (not playable or data["status"] != "playing" or data["moves"]):
            return dict(data)
        await page.wait_for_timeout(100)
    raise AssertionError("the page never showed a turn of the viewer's")


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


def quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def spot(region: str, kind: str = "") -> str:
    return f".spot{kind}[data-region={quoted(region)}]"


async def taps_state(page: Page) -> Move:
    return dict(await page.evaluate("""() => ({done: Taps.done, pending: Taps.pending,
        picked: Taps.picked && Taps.picked.id, listed: document.querySelectorAll('#pick-list button').length,
        shown: document.body.dataset.version, error: document.getElementById('error').textContent,
        live: [...document.querySelectorAll('.spot.live')].map(s => s.dataset.region)})"""))


async def tap_move(page: Page, data: Move, move: Move, on_bar: OnBar | None = None) -> int:
    """Makes ``move`` by tapping: each pair of its steps (start, then end,
    unless the page placed the end itself), the piece again until the bar
    shows this move (or its button in the list), then Confirm; answers the
    number of taps. ``on_bar(page, move)`` runs while the bar shows the move."""
    if move not in tappable(data):
        try:
            await page.tap(f"#moves button[data-move={quoted(move['id'])}]")
        except Exception:
            buttons = await page.evaluate("[...document.querySelectorAll('#moves button')].map(b => b.dataset.move)")
            raise AssertionError(f"version {data['version']}: no button {move['label']} ({move['id']}); "
                                 f"{buttons}; {await taps_state(page)}") from None
        if not (move.get("confirm") or move.get("finish")):
            return 1
        # A button that asks first, or may also finish the step (Death Front): the bar, then Confirm.
        if on_bar is not None:
            await on_bar(page, move)
        await page.tap("#confirm")
        return 2
    taps = 0
    for start, end in move["steps"]:
        if [start, end] in (await taps_state(page))["done"]:
            continue
        try:
            await page.tap(spot(start, ".live"))
        except Exception:
            raise AssertionError(f"version {data['version']}: no live spot {start}; {await taps_state(page)}") from None
        taps += 1
        if [start, end] not in (await taps_state(page))["done"]:
            await page.tap(spot(end, ".target"))
            taps += 1
    for _ in range(8):
        state = await taps_state(page)
        if state["picked"] == move["id"]:
            break
        if state["listed"]:
            await page.tap(f"#pick-list button[data-move={quoted(move['id'])}]")
        else:
            await page.tap(spot(state["done"][-1][1]))  # the end again: the next move sharing these pairs
        taps += 1
    else:
        raise AssertionError(f"the bar never offered {move['label']}: {await taps_state(page)}")
    if on_bar is not None:
        await on_bar(page, move)
    await page.tap("#confirm")
    return taps + 1


def first_tappable(moves: list[Move], data: Move) -> Move:
    return (tappable(data) or moves)[0]


async def play(page: Page, moves: int | None = None,
               choose: Callable[[list[Move], Move], Move] = first_tappable,
               on_bar: OnBar | None = None) -> tuple[Move, list[int]]:
    """Plays ``moves`` of the viewer's moves (None: to the end) by tapping;
    answers the last table JSON and the taps of each move."""
    data = await settled(page)
    taps: list[int] = []
    while data["status"] == "playing" and (moves is None or len(taps) < moves):
        taps.append(await tap_move(page, data, choose(data["moves"], data), on_bar))
        data = await settled(page, data["version"])
    return data, taps


async def finish_by_the_service(service: TableService, table_id: int) -> None:
    """The rest of a game played through the table service, as the players' other
    devices would: each person to act makes their first legal action (the AI
    plays its own turns); the pages follow."""
    for _ in range(3000):
        live = service.get(table_id)
        if live is None or live.record.status != "playing":  # a finished table leaves the service's memory
            return
        people = [seat for seat in live.to_act() if not live.seats[seat].is_ai]
        if not people:
            await asyncio.sleep(0.01)  # the AI's turn
            continue
        seat = people[0]
        await service.act(table_id, live.seats[seat].user_id, live.engine.legal_actions(live.state, seat)[0])
    raise AssertionError("the game did not end")
