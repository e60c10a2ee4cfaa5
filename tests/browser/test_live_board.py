"""The live board in Chromium at 400×860: whole games against the AI by
tapping only, choosing on purpose the moves that need more than a start and
an end (a SETUP play of two tiles, a CUBED piece turned by tapping it, a Death
Front attack with two attackers), the preview in the bar checked against the
engine, the taps per move counted against the issue's targets, a second page
of the same player following each move, and the board in Chinese without tofu."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Page, expect

from engines.cubed.engine import hand_points
from engines.deathfront import choices
from i18n import t
from tests.browser.live_board import SERVICES, Move, live_board, open_table, quoted, settled, tap_move
from tests.support.browser import shoot, tofu_fonts
from tests.support.move_choices import (
    same_pairs,
    seeking_attacks,
    tappable,
    turning_sometimes,
    two_tiles_first,
)

SHORT = {"setup": {"finish": 30}, "cubed": {"rounds": 1}, "deathfront": {"round_limit": 10}}
DEATHFRONT_SEED = 2  # with `seeking_attacks`, seat 0 gets turns where two units may attack one target
# The taps per typical move: SETUP a play of two tiles ≤ 5, CUBED a placement ≤ 3, Death Front
# an action ≤ 3; a tile more is two taps (tile, square), an attacker more one (the target is known), a
# turn of the piece one.
# A button whose move opens the bar (it asks first, or may also finish the step: Death Front's skill with no
# target) is confirmed there: two taps.
TARGET = {"place": 3, "deploy": 3, "move": 3, "facility": 3, "skill": 3, "button": 1, "button and bar": 2}


def target(kind: str) -> int:
    count = int(kind.split()[-1]) if kind[-1].isdigit() else 0
    return 2 * count + 1 if kind.startswith("play of") else 2 + count if kind.startswith("attack") else TARGET[kind]
# (state before, the engine's state and events after the move, the move) -> asserts
Check = Callable[[Any, Any, list[Any], Move], None]


def kind_of(data: Move, move: Move) -> str:
    action = move["action"]
    if move not in tappable(data):
        return "button and bar" if move.get("confirm") or move.get("finish") else "button"
    if action.get("kind") == "play":
        return f"play of {len(action['placements'])}"
    if action.get("kind") == "attack":
        return f"attack with {len(action['attackers'])}"
    return str(action.get("kind"))


class Game:
    """One whole game by tapping: the taps of each move by kind, with how many
    taps on the piece it took to reach it among moves of the same pairs."""

    def __init__(self, page: Page, base_url: str, table_id: int, shot: str) -> None:
        self.page, self.base_url, self.table_id, self.shot = page, base_url, table_id, shot
        self.taps: dict[str, list[tuple[int, int]]] = defaultdict(list)

    @property
    def live(self) -> Any:
        live = SERVICES[self.base_url].get(self.table_id)
        assert live is not None
        return live

    def applied(self, engine: Any, before: Any, move: Move) -> tuple[Any, list[Any]]:
        """The state and events the engine makes of ``before`` with ``move`` (the table has moved on since)."""
        return engine.apply(before, 0, engine.action_from_json(move["action"]))

    async def on_bar(self, page: Page, move: Move) -> None:
        await expect(page.locator("#pick-label")).to_have_text(move["label"])
        text = await page.locator("#pick-preview").text_content() or ""
        assert text.startswith(move["preview"]), (text, move["preview"])

    async def play(self, choose: Callable[[Move], Move], check: Check, moves: int | None = None,
                   want_shot: Callable[[Move, Move], bool] = lambda data, move: False,
                   at_bar: Callable[[Page, Move, Move], Awaitable[None]] | None = None) -> Move:
        data = await settled(self.page)
        while data["status"] == "playing" and (moves is None or sum(map(len, self.taps.values())) < moves):
            move = choose(data)
            engine, before = self.live.engine, self.live.state.model_copy(deep=True)

            async def on_bar(page: Page, shown: Move, data: Move = data) -> None:
                await self.on_bar(page, shown)
                if self.shot and want_shot(data, shown):
                    await shoot(page, self.shot)
                    self.shot = ""
                if at_bar is not None:
                    await at_bar(page, data, shown)

            turns = same_pairs(data, move).index(move) if move in tappable(data) else 0
            self.taps[kind_of(data, move)].append((await tap_move(self.page, data, move, on_bar), turns))
            data = await settled(self.page, data["version"])
            check(before, *self.applied(engine, before, move), move)
        return data

    def report(self, name: str) -> str:
        tally = "; ".join(f"{kind} ×{len(taps)}: {sorted({n for n, _ in taps})} taps"
                          for kind, taps in sorted(self.taps.items()))
        return f"{name}: {tally}"

    def assert_targets(self) -> None:
        for kind, taps in self.taps.items():
            for n, turns in taps:  # a tap more per turn of the piece (CUBED rotations)
                assert n <= target(kind) + turns, (kind, n, turns)


# ---- CUBED ----------------------------------------------------------------------------------------
def cubed_check(before: Any, after: Any, events: list[Any], move: Move) -> None:
    """The preview said what the placement left in the hand."""
    if move["action"].get("kind") == "place" and after.hands[0]:
        left = t("cubed.preview.left", "en", pieces=len(after.hands[0]), points=hand_points(after, 0))
        assert move["preview"].startswith(left), (move["preview"], left)


async def test_a_whole_cubed_game_turning_pieces_by_tapping(database_url, open_page):
    page = await open_page()
    async with live_board(database_url) as base_url:
        game = Game(page, base_url, await open_table(page, base_url, "cubed", SHORT["cubed"]), "live-cubed-bar")
        data = await settled(page)
        await shoot(page, "live-cubed-start")
        await page.tap(f".spot.start[data-region={quoted(tappable(data)[0]['steps'][0][0])}]")
        await shoot(page, "live-cubed-targets")
        await page.tap(".spot.chosen")  # a second tap on the start lets it go
        await expect(page.locator(".spot.chosen")).to_have_count(0)
        data = await game.play(turning_sometimes, cubed_check,
                               want_shot=lambda data, move: same_pairs(data, move).index(move) > 0)
        await shoot(page, "live-cubed-end", full_page=True)
    print(game.report("CUBED"))
    assert data["status"] != "playing" and not game.shot
    placed = game.taps["place"]
    assert {n for n, turns in placed if turns == 0} == {3}, placed  # piece, cell, Confirm
    assert {n - turns for n, turns in placed} == {3} and max(turns for _, turns in placed) >= 1, placed
    game.assert_targets()


# ---- SETUP ----------------------------------------------------------------------------------------
def setup_check(before: Any, after: Any, events: list[Any], move: Move) -> None:
    """The preview named the points the play scored and the new score."""
    if move["action"].get("kind") == "play":
        scored = t("setup.preview.ok", "en", points=after.last_move.points)
        total = t("setup.preview.total", "en", total=after.scores[0])
        assert move["preview"].startswith(f"{scored} {total}"), (move["preview"], scored, total)


async def test_a_whole_setup_game_tile_by_tile(database_url, open_page):
    page = await open_page()
    async with live_board(database_url) as base_url:
        game = Game(page, base_url, await open_table(page, base_url, "setup", SHORT["setup"]), "live-setup-bar")
        data = await settled(page)
        await shoot(page, "live-setup-start")
        move = next(m for m in tappable(data) if len(m["steps"]) == 2)
        (tile, square), (second, _) = move["steps"]
        await page.tap(f".spot.start[data-region={quoted(tile)}]")
        await page.tap(f".spot.target[data-region={quoted(square)}]")
        await expect(page.locator(f".spot.start[data-region={quoted(second)}]")).to_have_count(1)
        await shoot(page, "live-setup-next-tile")  # the first tile placed, the next ones lit
        await page.tap("#cancel")
        await expect(page.locator("#pick")).to_be_hidden()
        await expect(page.locator(".spot.chosen")).to_have_count(0)
        data = await game.play(two_tiles_first, setup_check, want_shot=lambda data, move: len(move["steps"]) == 2)
        await shoot(page, "live-setup-end", full_page=True)
    print(game.report("SETUP"))
    assert data["status"] != "playing" and not game.shot
    assert game.taps["play of 2"] and all(n <= 5 for n, _ in game.taps["play of 2"])
    game.assert_targets()


# ---- Death Front ----------------------------------------------------------------------------------
def deathfront_check(before: Any, after: Any, events: list[Any], move: Move) -> None:
    """The odds in the preview are ``choices.attack_odds`` before the attack,
    and the engine fought with them."""
    action = move["action"]
    if action.get("kind") != "attack":
        return
    target = action["target"] + ("F" if action["at_facility"] else "")
    total, defence = choices.attack_odds(before, 0, target, action["attackers"])
    fought = next(e.params for e in events if e.key.endswith((".attack_hit", ".attack_miss")))
    assert (fought["total"], fought["defence"]) == (total, defence)
    outcome = t("builder.deathfront.odds_win" if total > defence else "builder.deathfront.odds_fail", "en",
                defence=defence)
    assert move["preview"] == t("deathfront.preview.odds", "en", total=total, defence=defence, outcome=outcome)


async def attacker_out_and_in(page: Page, data: Move, move: Move) -> None:
    """With two attackers chosen, a tap on the second takes it out (the bar
    shows the first alone, with its odds) and another puts it back."""
    if len(move["steps"]) != 2 or move["action"].get("kind") != "attack":
        return
    alone = next(m for m in data["moves"] if m["steps"] == move["steps"][:1] and
                 m["action"]["at_facility"] == move["action"]["at_facility"])
    second = quoted(move["steps"][1][0])
    for shown in (alone, move):
        await page.tap(f".spot[data-region={second}]")
        await expect(page.locator("#pick-label")).to_have_text(shown["label"])
        await expect(page.locator("#pick-preview")).to_contain_text(shown["preview"])


async def test_a_whole_deathfront_game_with_two_attackers(database_url, open_page):
    page = await open_page()
    async with live_board(database_url, seed=DEATHFRONT_SEED) as base_url:
        game = Game(page, base_url, await open_table(page, base_url, "deathfront", SHORT["deathfront"]),
                    "live-deathfront-bar")
        await settled(page)
        await shoot(page, "live-deathfront-start")
        data = await game.play(seeking_attacks, deathfront_check, at_bar=attacker_out_and_in,
                               want_shot=lambda data, move: len(move["steps"]) >= 2)
        await shoot(page, "live-deathfront-end", full_page=True)
    print(game.report("Death Front"))
    assert data["status"] != "playing" and not game.shot
    assert game.taps["attack with 2"], "no attack with two attackers was played"
    game.assert_targets()


async def test_in_chinese_with_a_second_page_following(database_url, open_page):
    page, second = await open_page("zh-CN"), await open_page("zh-CN")
    async with live_board(database_url) as base_url:
        table_id = await open_table(page, base_url, "cubed", SHORT["cubed"])
        await second.context.add_cookies(await page.context.cookies())
        await second.goto(f"{base_url}/t/{table_id}")
        data = await settled(page)
        await expect(page.locator("#tap-hint")).to_have_text("点一个亮起的棋子、牌块或卡牌，再点它要去的位置。")

        async def in_chinese(page: Page, move: Move) -> None:
            await expect(page.locator("#confirm")).to_have_text("确认")
            await shoot(page, "live-zh-CN-confirm")
            for selector in ("#pick-label", "#pick-preview"):
                assert await tofu_fonts(page, selector, "zh-CN") == {}, selector

        for _ in range(3):
            await tap_move(page, data, turning_sometimes(data), in_chinese)
            data = await settled(page, data["version"])
            await second.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=data["version"])
        await shoot(page, "live-zh-CN-after")
        await shoot(second, "live-zh-CN-second-page")
        for selector in ("#turn", "#tap-hint", "#log"):
            assert await tofu_fonts(page, selector, "zh-CN") == {}, selector
