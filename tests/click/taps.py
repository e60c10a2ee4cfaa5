"""Thumb taps per move, counted from the board message (issues 21 and 31):
"Show hand" is the first tap, then every press a player needs (page turns
included) until the move is played — a button is one tap, a select menu two
(open, pick), a multi-select one more per value and one to close it. Moves
are the engine AI's choices in real games, built with the same clicks as
the whole-game click tests. ``tests/click/test_taps.py`` holds the targets
to it; ``bench/discord_tap_bench.py`` prints the table."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any, Awaitable, Callable

from engines.cubed.models import PlaceAction
from engines.deathfront import rules as R
from engines.setup.models import PlayAction
from tests.click import test_click_cubed as cubed_clicks
from tests.click import test_click_deathfront as df_clicks
from tests.click import test_click_setup as setup_clicks
from tests.click.clicking import menus, show_hand
from tests.conftest import Table

# Issue 31: the median and the largest count alike.
TARGETS = {"setup 2 tiles": 6, "cubed place": 4, "deathfront deploy": 4, "deathfront attack": 5}
OPTIONS: dict[str, dict[str, Any]] = {"setup": {"finish": 20}, "cubed": {"rounds": 1}, "deathfront": {}}
Taps = dict[str, list[int]]


class Counted:
    """A member whose every click and select is counted in thumb taps."""

    def __init__(self, member: Any) -> None:
        self.member = member
        self.taps = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.member, name)

    async def click(self, *args: Any, **kwargs: Any) -> Any:
        self.taps += 1
        return await self.member.click(*args, **kwargs)

    async def select(self, message: Any, values: Any, **kwargs: Any) -> Any:
        chosen = next(m for m in menus(message) if m["custom_id"] == kwargs.get("custom_id"))
        self.taps += 2 if chosen.get("max_values", 1) <= 1 else len(values) + 2
        return await self.member.select(message, values, **kwargs)


async def start(env: Any, game: str, seed: int, **options: Any) -> Table:
    table = Table(env)
    host, guest = table.members
    for member in table.members:
        await member.slash(table.channel, "settings dm_hands", enabled="off")
    await host.slash(table.channel, f"{game} new", **options)
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = seed
    await host.click(table.lobby_message(), label="Start")
    return table


async def count_moves(table: Table, kind_of: Callable[[Any, Any], str],
                      build: Callable[..., Awaitable[Any]], choose: Callable[[Any, int], Any],
                      moves: int) -> Taps:
    """Play up to ``moves`` moves by clicks; the taps of each, by ``kind_of(action, state)``."""
    taps: Taps = defaultdict(list)
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
        taps[kind_of(action, state)].append(member.taps)
    return taps


def setup_kind(action: Any, state: Any) -> str:
    if isinstance(action, PlayAction):
        tiles = len(action.placements)
        return f"setup {tiles} tile{'s' if tiles > 1 else ''}"
    return f"setup {action.kind}"


def cubed_kind(action: Any, state: Any) -> str:
    return "cubed place" if isinstance(action, PlaceAction) else f"cubed {action.kind}"


def deathfront_kind(action: Any, state: Any) -> str:
    if action.kind == "deploy":
        return "deathfront deploy" if R.is_unit(action.card) else "deathfront deploy (resource)"
    return f"deathfront {action.kind}"


async def play_counted(env: Any, game: str, seed: int, moves: int = 400) -> Taps:
    """One game of ``game`` by clicking (two players, the AI's moves): the taps per kind of move."""
    table = await start(env, game, seed, **OPTIONS[game])
    rng = random.Random(seed)
    if game == "setup":
        return await count_moves(table, setup_kind,
                                 lambda member, message, action, state, seat:
                                 setup_clicks.click_action(member, message, action),
                                 lambda state, seat: setup_clicks.ENGINE.ai_action(state, seat, rng), moves)
    if game == "cubed":
        return await count_moves(table, cubed_kind,
                                 lambda member, message, action, state, seat:
                                 cubed_clicks.click_action(member, message, action, table),
                                 lambda state, seat: cubed_clicks.ENGINE.ai_action(state, seat, rng), moves)
    seen: set[str] = set()

    def choose(state: Any, seat: int) -> Any:
        action = df_clicks.choose(state, seat, rng, seen)
        seen.add(action.kind)
        return action

    return await count_moves(table, deathfront_kind, df_clicks.click_action, choose, moves)
