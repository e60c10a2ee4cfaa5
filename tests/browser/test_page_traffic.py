"""The page's own traffic (issue 35): a move costs the page its POST — the
new table comes with the socket's push — plus the new pictures (and, for a
SETUP play built tile by tile, a question per tile placed); at a person's
pace it never meets the rate limit (10 a second, bursts of 20). A refused
or failed picture is fetched again, later."""
from __future__ import annotations

import time
from collections import Counter

from playwright.async_api import Page, Request, Route, expect

from tests.browser.live_board import live_board, open_table, shown, tap_move
from tests.support.browser import shoot
from tests.support.move_choices import tappable
from web.rate_limit import RateLimiter

PACE_S = 1.0  # a person's brisk pace: one move a second (the tapping itself is instant here)
MOVES = 8


class PersonsClock:
    """The rate limiter's clock: real time plus the pauses a person makes
    between moves, which the test adds here instead of sleeping them. The
    limiter sees the timeline of a person playing at ``PACE_S``; the page
    has nothing to do in those pauses (its table comes pushed)."""

    def __init__(self) -> None:
        self.paused = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.paused


def kind(request: Request) -> str:
    path = request.url.split("?")[0]
    if path.endswith(".png"):
        return "picture"
    if path.endswith("/continue"):
        return "continue"
    if "/ws" in path:
        return "socket"
    return f"{request.method} {path.rsplit('/', 1)[-1] if '/api/tables/' in path else path}"


async def play_counting(page: Page, base_url: str, game: str, options: dict,
                        clock: PersonsClock) -> list[Counter[str]]:
    """Plays ``MOVES`` moves at ``PACE_S`` a move; the page's requests of each move by kind."""
    await open_table(page, base_url, game, options)
    data = await shown(page)
    counts: list[Counter[str]] = []
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    refused: list[str] = []
    page.on("response", lambda response: refused.append(response.url) if response.status == 429 else None)
    while data["status"] == "playing" and len(counts) < MOVES:
        started = time.monotonic()
        requests.clear()
        move = (tappable(data) or data["moves"])[0]
        await tap_move(page, data, move)
        data = await shown(page, data["version"])
        await expect(page.locator("#board")).to_have_js_property("complete", True)
        counts.append(Counter(kind(r) for r in requests) + Counter({"pairs": len(move["steps"])}))
        clock.paused += max(0.0, PACE_S - (time.monotonic() - started))
    assert refused == [], f"the page met the rate limit: {refused}"
    return counts


async def test_a_move_costs_one_request_besides_its_pictures_and_meets_no_limit(database_url, open_page):
    clock = PersonsClock()
    async with live_board(database_url, limiter=RateLimiter(clock=clock)) as base_url:
        for game, options in (("setup", {"finish": 30}), ("cubed", {"rounds": 1})):
            page = await open_page()
            counts = await play_counting(page, base_url, game, options, clock)
            print(f"\n{game}: requests per move {[dict(c) for c in counts]}")
            assert len(counts) >= 4
            for count in counts:
                others = {k: n for k, n in count.items() if k not in ("picture", "continue", "pairs")}
                assert others == {"POST actions": 1}, count  # the move; the new table came pushed
                assert count["picture"] <= 2, count  # the board and the hand of the new version
                assert count["continue"] <= count["pairs"], count  # SETUP: one question per tile placed
            await shoot(page, f"traffic-{game}")


async def test_a_refused_picture_is_fetched_again(database_url, open_page):
    async with live_board(database_url) as base_url:
        page = await open_page()
        refused: list[float] = []
        asked: list[float] = []

        async def refuse_once(route: Route) -> None:
            asked.append(time.monotonic())
            if not refused:
                refused.append(time.monotonic())
                await route.fulfill(status=429, content_type="application/json",
                                    body='{"error": "web.err.slow_down", "message": "Too many requests."}')
            else:
                await route.continue_()

        await page.route("**/hand.png*", refuse_once)
        await open_table(page, base_url, "cubed", {"rounds": 1})
        await shown(page)
        await page.wait_for_function("() => hand.complete && hand.naturalWidth > 0", timeout=15_000)
        assert len(refused) == 1 and len(asked) >= 2 and asked[1] - refused[0] >= 0.4
