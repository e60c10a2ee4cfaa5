"""Thumb taps per move (issues 21 and 31; counted by ``tests/click/taps.py``:
a button one tap, a select menu two, "Show hand" on the board the first).
Targets (issue 31), for the median and the largest count alike: SETUP a
play of 2 tiles ≤ 6, CUBED placing a piece ≤ 4, Death Front deploying a
unit ≤ 4 and attacking ≤ 5."""
from __future__ import annotations

from statistics import median

import pytest

from tests.click import test_click_deathfront as df_clicks
from tests.click.clicking import all_games_bot, stub_previews
from tests.click.taps import TARGETS, Taps, play_counted


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


def within_targets(taps: Taps, kinds: list[str]) -> None:
    for kind in sorted(taps):
        print(f"taps {kind}: median {median(taps[kind])}, max {max(taps[kind])}: {sorted(taps[kind])}")  # pytest -s
    for kind in kinds:
        assert taps[kind], f"no {kind} move was played"
        assert median(taps[kind]) <= TARGETS[kind] and max(taps[kind]) <= TARGETS[kind], (kind, sorted(taps[kind]))


async def test_setup_a_play_of_two_tiles_takes_at_most_6_taps(simcord_env):
    within_targets(await play_counted(simcord_env, "setup", seed=4, moves=80), ["setup 2 tiles"])


async def test_cubed_placing_a_piece_takes_at_most_4_taps(simcord_env):
    within_targets(await play_counted(simcord_env, "cubed", seed=7, moves=60), ["cubed place"])


async def test_deathfront_deploying_takes_at_most_4_taps_and_attacking_5(simcord_env):
    taps = await play_counted(simcord_env, "deathfront", seed=df_clicks.GAME_SEED, moves=160)
    within_targets(taps, ["deathfront deploy", "deathfront attack"])
