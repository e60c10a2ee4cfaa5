"""The live board in Chromium at 400×860: whole games against the AI by
tapping only, the taps per move counted, a second page of the same player
following each move, and the board in Chinese without tofu."""
from __future__ import annotations

from collections import Counter

from tests.browser.live_board import live_board, open_table, play, quoted, settled, tappable
from tests.support.browser import shoot

SHORT = {"setup": {"finish": 10}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 10}}


def tally(taps: list[int]) -> str:
    return ", ".join(f"{n} taps ×{count}" for n, count in sorted(Counter(taps).items()))


async def test_a_whole_cubed_game_by_tapping(database_url, open_page):
    page = await open_page()
    async with live_board(database_url) as base_url:
        await open_table(page, base_url, "cubed", SHORT["cubed"])
        await settled(page)
        await shoot(page, "live-cubed-start")
        data, first = await play(page, moves=4)
        await page.tap(f".spot.start[data-region={quoted(tappable(data)[0]['from'])}]")
        await shoot(page, "live-cubed-middle-targets")
        await page.tap(".spot.chosen")  # a second tap on the start lets it go
        data, rest = await play(page)
        await shoot(page, "live-cubed-end", full_page=True)
    taps = first + rest
    print(f"CUBED: {len(taps)} moves by tapping: {tally(taps)}")
    assert data["status"] != "playing" and taps
    assert max(t for t in taps if t > 1) <= 4
