"""The live board's speed (issue 22): the real web server (``web.app``) on a
loopback port over a real table service and SQLite database, driven by
HTTP clients as a browser drives it.

- **move → other client's page**: a hot-seat table (two local seats in one
  session); one connection posts the move, a WebSocket on the same table
  (another tab or phone) brings the changed table itself (one push, the
  page's socket opened with ``?v=``). Timed from the POST's start to the
  table. Every other move the way before instead, for comparison: the socket
  says "changed" and the page GETs the table.
- **first load**: the table's JSON and its board picture, as a page opening
  the table fetches them (the board drawn anew: each table once).
- **first paint** (when Debian's Chromium and Playwright are here): the
  table page opened in a fresh headless Chromium, from navigation to the
  board picture decoded (``img.complete``).

    python -m bench.web_bench [--tables N] [--moves N] [--no-browser]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

from bench.report import Row, table
from bench.timing import median, percentile
from db.database import Database
from tables.registry import default_registry
from tables.service import TableService
from web.app import create_app
from web.notifier import WebNotifier
from web.rate_limit import RateLimiter

CHROMIUM = "/usr/bin/chromium"
SHORT = {"setup": {"finish": 10}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 10}}
GAMES = ("setup", "cubed", "deathfront")


async def _serve(folder: Path) -> tuple[web.AppRunner, str, TableService, Database]:
    db = Database(f"sqlite:///{folder / 'web.db'}")
    await db.open()
    notifier = WebNotifier()
    service = TableService(db, default_registry(), notifier)
    app = create_app(service, notifier, local=True, secret="bench-secret",
                     limiter=RateLimiter(rate=1e9, burst=1e9))
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]  # noqa: SLF001 - the bound port
    return runner, f"http://127.0.0.1:{port}", service, db


async def _player(base: str) -> aiohttp.ClientSession:
    session = aiohttp.ClientSession(base, cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"Origin": base})
    async with session.post("/api/local/session", json={"name": "Bench", "locale": "en"}) as response:
        assert response.status == 200, await response.text()
    return session


async def _table(session: aiohttp.ClientSession, game: str) -> int:
    async with session.post("/api/local/tables", json={"game": game, "ai": [], "humans": 2,
                                                       "options": SHORT[game]}) as response:
        assert response.status == 200, await response.text()
        return int((await response.json())["table_id"])


async def _first_load(session: aiohttp.ClientSession, table_id: int) -> float:
    start = time.perf_counter()
    async with session.get(f"/api/tables/{table_id}") as response:
        state = await response.json()
    async with session.get(state["board"]["png"]) as response:
        await response.read()
    return (time.perf_counter() - start) * 1000


async def _moves(session: aiohttp.ClientSession, table_id: int,
                 moves: int) -> tuple[list[float], list[float], list[float]]:
    """Post ``moves`` moves (each seat's first listed move) and time each one
    until another page of the table shows it, in pairs, move by move in turn:
    the page's socket brings the table itself (``?v=``, one push), or — the
    way before — says "changed" and the page then GETs the table."""
    heard: list[float] = []
    pushed: list[float] = []
    fetched: list[float] = []
    for number in range(moves):
        async with session.get(f"/api/tables/{table_id}") as response:
            state = await response.json()
        if state["status"] != "playing" or not state["to_act"]:
            break
        seat = state["to_act"][0]
        async with session.get(f"/api/tables/{table_id}", params={"seat": str(seat)}) as response:
            state = await response.json()
        if not state["moves"]:
            break
        version = state["version"]
        push = number % 2 == 0
        url = f"/api/tables/{table_id}/ws" + (f"?v={version}" if push else "")
        async with session.ws_connect(url) as socket:
            start = time.perf_counter()
            async with session.post(f"/api/tables/{table_id}/actions", json={
                    "action": state["moves"][0]["action"], "version": version, "seat": seat}) as response:
                assert response.status == 200, await response.text()
            while True:
                message = await asyncio.wait_for(socket.receive_json(), 10)
                if message.get("type") == "changed" and int(message["version"]) > version:
                    break
            heard.append((time.perf_counter() - start) * 1000)
            if push:
                assert message["table"]["version"] == message["version"]
                pushed.append((time.perf_counter() - start) * 1000)
            else:
                async with session.get(f"/api/tables/{table_id}") as response:
                    await response.json()
                fetched.append((time.perf_counter() - start) * 1000)
    return heard, pushed, fetched


async def _first_paints(base: str, cookie: str, table_ids: list[int]) -> list[float]:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        return []
    if not os.path.exists(CHROMIUM):
        return []
    paints: list[float] = []
    async with async_playwright() as playwright:
        for table_id in table_ids:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=[
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"])
            context = await browser.new_context(viewport={"width": 400, "height": 860}, has_touch=True)
            host = base.split("//", 1)[1].split(":")[0]
            await context.add_cookies([{"name": "tt_session", "value": cookie, "domain": host, "path": "/"}])
            page = await context.new_page()
            start = time.perf_counter()
            await page.goto(f"{base}/t/{table_id}")
            await page.wait_for_function(
                "() => [...document.images].some(i => i.src.includes('board.png') && i.complete && i.naturalWidth)",
                timeout=10_000)
            paints.append((time.perf_counter() - start) * 1000)
            await browser.close()
    return paints


async def _run(tables: int, moves: int, browser: bool) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="tabletop-web-bench-") as tmp:
        runner, base, service, db = await _serve(Path(tmp))
        try:
            session = await _player(base)
            try:
                ids = [await _table(session, GAMES[n % len(GAMES)]) for n in range(tables)]
                loads = [await _first_load(session, table_id) for table_id in ids]
                heard: list[float] = []
                pushed: list[float] = []
                fetched: list[float] = []
                for table_id in ids:
                    by_socket, by_push, by_fetch = await _moves(session, table_id, moves)
                    heard += by_socket
                    pushed += by_push
                    fetched += by_fetch
                cookie = next(c.value for c in session.cookie_jar if c.key == "tt_session")
                paints = await _first_paints(base, cookie, ids[:6]) if browser else []
            finally:
                await session.close()
        finally:
            await runner.cleanup()
            await service.shutdown()
            await db.close()
    return _rows(tables, heard, pushed, fetched, loads, paints)


def _row(name: str, values: list[float], unit: str, target_ms: float | None, note: str) -> Row:
    if not values:
        return Row("web", name, note="not measured: " + note)
    p95 = percentile(values, 95)
    return Row("web", name, n=len(values), median_ms=round(median(values), 1), p95_ms=round(p95, 1),
               size=len(values), size_unit=unit,
               target=f"p95≤{target_ms:g}ms" if target_ms is not None else "",
               ok=None if target_ms is None else p95 <= target_ms, note=note)


def _rows(tables: int, heard: list[float], pushed: list[float], fetched: list[float], loads: list[float],
          paints: list[float]) -> list[Row]:
    return [
        _row("move → the other client's socket", heard, "moves", 100,
             "every move: from the POST's start to the other socket's message (the table itself, or 'changed')"),
        _row("move → the other client's page updated (one push)", pushed, "moves", 100,
             f"{tables} hot-seat tables (the three games in turn), each move the first listed; from the POST's "
             "start to the table itself on another page's socket (?v=), every other move"),
        _row("the same, the way before: 'changed', then GET the table", fetched, "moves", None,
             "the moves between: from the POST's start to the socket's 'changed' and the table's JSON fetched"),
        _row("first load: table JSON + board picture", loads, "tables", None,
             "one per table, the board drawn anew in a thread"),
        _row("first paint in Chromium (400×860)", paints, "pages", 1000,
             "navigation to the board picture decoded; Chromium's start not counted" if paints
             else "Chromium or Playwright missing"),
    ]


def run(tables: int = 12, moves: int = 25, browser: bool = True) -> list[Row]:
    return asyncio.run(_run(tables, moves, browser))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--moves", type=int, default=25)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    print(table(run(args.tables, args.moves, not args.no_browser)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
