"""Taps per typical move (issue 21), counted from the board message: "Show
hand" is the first tap, then every select and button press a player needs
(page turns included) until the move is played. Targets: SETUP a play of 2
tiles ≤ 7, CUBED placing a piece ≤ 4, Death Front deploying a unit or
attacking ≤ 4. Moves are the engine AI's choices in real games, built with
the same clicks as the whole-game click tests."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from engines.cubed.models import PlaceAction
from engines.deathfront import rules as R
from engines.setup.models import PlayAction
from tests.click import test_click_cubed as cubed_clicks
from tests.click import test_click_deathfront as df_clicks
from tests.click import test_click_setup as setup_clicks
from tests.click.clicking import all_games_bot, show_hand, stub_previews
from tests.conftest import Table

TARGETS = {"setup 2 tiles": 7, "cubed place": 4, "deathfront deploy": 4, "deathfront attack": 4}


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


class Counted:
    """A member whose every click and select is counted as a tap."""

    def __init__(self, member: Any) -> None:
        self.member = member
        self.taps = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.member, name)

    async def click(self, *args: Any, **kwargs: Any) -> Any:
        self.taps += 1
        return await self.member.click(*args, **kwargs)

    async def select(self, *args: Any, **kwargs: Any) -> Any:
        self.taps += 1
        return await self.member.select(*args, **kwargs)


async def start(env, game: str, seed: int, **options) -> Table:
    table = Table(env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, f"{game} new", **options)
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = seed
    await host.click(table.lobby_message(), label="Start")
    return table


async def count_moves(table: Table, kind_of, build, choose, moves: int) -> dict[str, list[int]]:
    """Play ``moves`` moves by clicks; the taps of each, by ``kind_of(action)``."""
    taps: dict[str, list[int]] = defaultdict(list)
    for _ in range(moves):
        live = table.live()
        if live is None:
            break
        seat = live.to_act()[0]
        member = Counted(table.member_for_seat(seat))
        state = live.state
        action = choose(state, seat)
        version = live.record.version
        message = await show_hand(member, table.board_message())
        answer = await build(member, message, action, state, seat)
        assert "✅" in answer.content and live.record.version > version, (action, answer.content)
        kind = kind_of(action, state)
        if kind is not None:
            taps[kind].append(member.taps)
    return taps


def within_targets(taps: dict[str, list[int]], kinds: list[str]) -> None:
    for kind in kinds:
        print(f"taps {kind}: {sorted(taps[kind])}")  # the counts for the report (pytest -s)
        assert taps[kind], f"no {kind} move was played"
        assert max(taps[kind]) <= TARGETS[kind], (kind, taps[kind])


async def test_setup_a_play_of_two_tiles_takes_at_most_7_taps(simcord_env):
    table = await start(simcord_env, "setup", seed=4, finish=12)
    rng = random.Random(4)
    taps = await count_moves(
        table,
        lambda action, state: "setup 2 tiles" if isinstance(action, PlayAction) and len(action.placements) == 2
        else None,
        lambda member, message, action, state, seat: setup_clicks.click_action(member, message, action),
        lambda state, seat: setup_clicks.ENGINE.ai_action(state, seat, rng),
        moves=60)
    within_targets(taps, ["setup 2 tiles"])
    assert min(taps["setup 2 tiles"]) <= 6  # Show hand, tile, square, tile, square, Confirm


async def test_cubed_placing_a_piece_takes_at_most_4_taps(simcord_env):
    table = await start(simcord_env, "cubed", seed=7, rounds=1)
    rng = random.Random(7)
    taps = await count_moves(
        table,
        lambda action, state: "cubed place" if isinstance(action, PlaceAction) else None,
        lambda member, message, action, state, seat: cubed_clicks.click_action(member, message, action, table),
        lambda state, seat: cubed_clicks.ENGINE.ai_action(state, seat, rng),
        moves=40)
    within_targets(taps, ["cubed place"])


def deathfront_kind(action, state) -> str | None:
    if action.kind == "deploy" and R.is_unit(action.card):
        return "deathfront deploy"
    return "deathfront attack" if action.kind == "attack" else None


async def test_deathfront_deploying_or_attacking_takes_at_most_4_taps(simcord_env):
    table = await start(simcord_env, "deathfront", seed=df_clicks.GAME_SEED)
    rng = random.Random(5)
    seen: set[str] = set()

    def choose(state, seat):
        action = df_clicks.choose(state, seat, rng, seen)
        seen.add(action.kind)
        return action

    taps = await count_moves(table, deathfront_kind, df_clicks.click_action, choose, moves=120)
    within_targets(taps, ["deathfront deploy", "deathfront attack"])
