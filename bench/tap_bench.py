"""Taps per move on the live board (issue 22), in Debian's Chromium at
400×860 against the real web server: whole games against the greedy AI
played by tapping with the browser tests' driver (``tap_move`` in
``tests/browser/live_board.py``, so the figures follow the tap flow as it
changes), a second page of the same player open beside the first.

Per game and kind of move (SETUP plays of 1 and of 2 tiles, CUBED placements
without and with a rotation, Death Front deploy / move / attack; the player
picks the kind it has the fewest samples of): the taps, and the time from
the first tap to the second page showing the move (to the player's own
page's answer, and from the tap on Confirm, in ``extra`` and the markdown
table ``main`` prints). The taps come back to back:
a person's thinking between them is not in the times.

    python -m bench.tap_bench [--games N]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.report import Row, table
from bench.timing import median, percentile

CHROMIUM = "/usr/bin/chromium"
GAMES = ("setup", "cubed", "deathfront")
OPTIONS = {"setup": {"finish": 50}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 6}}
MEASURED = {"setup": ("play of 1 tile", "play of 2 tiles"),
            "cubed": ("placement, rotation 0", "placement with a rotation"),
            "deathfront": ("deploy", "move", "attack")}
# The taps per typical move: SETUP (2 tiles) ≤ 5, CUBED ≤ 3, Death Front ≤ 3.
TARGET = {"play of 2 tiles": 5, "placement, rotation 0": 3, "placement with a rotation": 3,
          "deploy": 3, "move": 3, "attack": 3}
HAND_RESERVE = 2  # Death Front: the player keeps two cards in hand (the pace the taps were measured at)
NAMES = {"setup": "SETUP", "cubed": "CUBED", "deathfront": "Death Front"}
# Each page notes when it shows a new version (epoch ms, as Python's time.time()).
WATCH_VERSIONS = """() => { window.shownAt = {};
  new MutationObserver(() => { const v = document.body.dataset.version;
    if (v !== undefined && !(v in window.shownAt)) window.shownAt[v] = performance.timeOrigin + performance.now(); })
  .observe(document.body, {attributes: true, attributeFilter: ["data-version"]}); }"""
SHOWN_AFTER = """v => { const later = Object.entries(window.shownAt).filter(([k]) => Number(k) > v).map(([, t]) => t);
  return later.length ? Math.min(...later) : null; }"""

Sample = dict[str, Any]


def kind_of(game: str, move: dict[str, Any]) -> str:
    action = move["action"]
    if game == "setup" and action["kind"] == "play":
        tiles = len(action["placements"])
        return f"play of {tiles} tile{'s' if tiles > 1 else ''}"
    if game == "cubed" and action["kind"] == "place":
        return "placement, rotation 0" if not action.get("rotation") else "placement with a rotation"
    return str(action["kind"])


def choose(game: str, data: dict[str, Any], counts: dict[str, int], rng: random.Random) -> dict[str, Any]:
    """A move of the measured kind with the fewest samples yet (on the
    pictures where there is one); else what keeps the game going."""
    from tests.browser.chinese_games import keeps_going
    from tests.browser.live_board import tappable

    moves = tappable(data) or data["moves"]
    cards = len(data["hand"]["regions"]) if data["hand"] else 0
    fits = defaultdict(list)
    for move in moves:
        kind = kind_of(game, move)
        if kind in MEASURED[game] and not (kind == "deploy" and cards <= HAND_RESERVE):
            fits[kind].append(move)
    if fits:
        kind = min(fits, key=lambda k: (counts.get(k, 0), MEASURED[game].index(k)))
        return rng.choice(fits[kind])
    return keeps_going(data["moves"], data) if game == "deathfront" else data["moves"][0]


async def _one_game(browser: Any, base_url: str, game: str, rng: random.Random,
                    counts: dict[str, int]) -> list[Sample]:
    from tests.browser.chinese_games import tap_or_catch_up
    from tests.browser.live_board import open_table, settled
    from tests.support.browser import new_phone_page

    page = await new_phone_page(browser)
    second = await new_phone_page(browser)
    try:
        table_id = await open_table(page, base_url, game, OPTIONS[game])
        await second.context.add_cookies(await page.context.cookies())
        await second.goto(f"{base_url}/t/{table_id}")
        for each in (page, second):
            await each.evaluate(WATCH_VERSIONS)
        samples: list[Sample] = []
        data = await settled(page)
        while data["status"] == "playing":
            move = choose(game, data, counts, rng)
            kind = kind_of(game, move)
            counts[kind] = counts.get(kind, 0) + 1
            version = data["version"]
            start = time.time() * 1000
            taps = await tap_or_catch_up(page, page, data, move)
            confirmed = time.time() * 1000
            if taps is None:  # the table moved on before the taps: choose again
                counts[kind] -= 1
                data = await settled(page, version)
                continue
            for each in (second, page):
                await each.wait_for_function(SHOWN_AFTER, arg=version, polling=5)
            other = await second.evaluate(SHOWN_AFTER, version)
            own = await page.evaluate(SHOWN_AFTER, version)
            samples.append({"game": game, "kind": kind, "taps": taps, "other_ms": other - start,
                            "own_ms": own - start, "confirm_to_other_ms": other - confirmed})
            data = await settled(page, version)
        return samples
    finally:
        await page.context.close()
        await second.context.close()


async def _measure(games: int, seed: int) -> list[Sample]:
    from playwright.async_api import async_playwright

    from tests.browser.live_board import live_board
    from tests.support.browser import launch

    rng = random.Random(seed)
    samples: list[Sample] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-tap-bench-") as tmp:
        async with async_playwright() as playwright:
            browser = await launch(playwright)
            try:
                for game in GAMES:
                    counts: dict[str, int] = {}
                    for number in range(games):
                        url = f"sqlite:///{Path(tmp) / f'{game}-{number}.db'}"
                        async with live_board(url, seed=seed + number) as base_url:
                            samples += await _one_game(browser, base_url, game, rng, counts)
            finally:
                await browser.close()
    return samples


def missing() -> str | None:
    """Why the bench cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return f"no browser at {CHROMIUM} (apt-get install chromium fonts-noto-cjk fonts-noto-color-emoji)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (requirements-dev.txt)"
    return None


def rows(samples: list[Sample], games: int) -> list[Row]:
    out = []
    for game in GAMES:
        by_kind: dict[str, list[Sample]] = defaultdict(list)
        for sample in samples:
            if sample["game"] == game:
                by_kind[sample["kind"]].append(sample)
        for kind in (*MEASURED[game], *sorted(set(by_kind) - set(MEASURED[game]))):
            out.append(_row(game, kind, by_kind.get(kind, []), games))
    return out


def _row(game: str, kind: str, samples: list[Sample], games: int) -> Row:
    name = f"{NAMES[game]}: {kind}"
    if not samples:
        return Row("taps", name, note=f"not seen in {games} game(s)")
    taps = [float(s["taps"]) for s in samples]
    other = [s["other_ms"] for s in samples]
    own = [s["own_ms"] for s in samples]
    after_confirm = [s["confirm_to_other_ms"] for s in samples]
    typical = median(taps)
    limit = TARGET.get(kind)
    extra = {"taps_median": typical, "taps_p95": percentile(taps, 95), "taps_max": max(taps),
             "taps_counts": {str(int(n)): taps.count(n) for n in sorted(set(taps))},
             "other_page_ms": [round(median(other), 1), round(percentile(other, 95), 1)],
             "own_page_ms": [round(median(own), 1), round(percentile(own, 95), 1)],
             "confirm_to_other_page_ms": [round(median(after_confirm), 1), round(percentile(after_confirm, 95), 1)]}
    return Row("taps", name, n=len(samples), median_ms=round(median(other), 1),
               p95_ms=round(percentile(other, 95), 1), size=typical, size_unit="taps",
               target=f"taps≤{limit}" if limit else "", ok=None if limit is None else typical <= limit,
               extra=extra)


def run(games: int = 2, browser: bool = True, seed: int = 7) -> list[Row]:
    """The rows of ``python -m bench``'s taps section; one row saying why when it cannot run."""
    why = "not run (--quick)" if not browser else missing()
    if why is not None:
        return [Row("taps", "taps per move in Chromium", note=f"skipped: {why}")]
    samples = asyncio.run(_measure(games, seed))
    result = rows(samples, games)
    result[0].note = (f"{games} whole game(s) of each against the greedy AI, tapped in Chromium at 400×860; "
                      "size = median taps; ms = first tap → a second page shows the move")
    return result


def markdown(result: list[Row]) -> str:
    """The table of docs/performance.md."""
    lines = ["| game: move | n | taps median | taps p95 | taps seen | first tap → other page, median / p95 "
             "| first tap → own page's answer | Confirm → other page | target |", "|---|---|---|---|---|---|---|---|---|"]
    for row in result:
        if not row.n:
            continue
        e = row.extra
        seen = ", ".join(f"{n} ×{count}" for n, count in e["taps_counts"].items())
        own, after = (f"{ms[0]:.0f} / {ms[1]:.0f} ms" for ms in (e["own_page_ms"], e["confirm_to_other_page_ms"]))
        target = "—" if row.ok is None else f"≤ {row.target.split('≤')[1]}: {'met' if row.ok else 'missed'}"
        lines.append(f"| {row.name} | {row.n} | {e['taps_median']:g} | {e['taps_p95']:g} | {seen} "
                     f"| {row.median_ms:.0f} / {row.p95_ms:.0f} ms | {own} | {after} | {target} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="whole games of each game")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    result = run(args.games, seed=args.seed)
    print(table(result))
    print()
    print(markdown(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
