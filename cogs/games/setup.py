"""/setup: the lobby, plays, swaps, personal autocomplete and the move builder
of SETUP (连线计划). Input is parsed forgivingly by engines/setup/notation.py;
the builder lets a player pick tiles and squares from menus and see what the
play would score (``preview_play``) before confirming it."""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from cogs.common import refusals
from cogs.games.base import GameCog
from cogs.play.hands import send_private_hand
from cogs.seats import my_seat, my_seat_or_none
from engines.setup.models import PlayAction, SetupPrivateView, SwapAction
from engines.setup.notation import (
    complete_move_text,
    complete_swap_text,
    parse_move,
    parse_swap,
)

GAME = "setup"
MAX_CHOICES = 25


def _text(key: str, english: str) -> locale_str:
    """A command or option description; its translations live under ``setup.cmd.*``."""
    return locale_str(english, key=f"setup.cmd.{key}")


MODE_CHOICES = [
    Choice(name=locale_str("Free-for-all (2–4 players)", key="setup.mode.ffa"), value="ffa"),
    Choice(name=locale_str("2 vs 2 teams", key="setup.mode.teams"), value="teams"),
]


# ---- whose game, whose seat ------------------------------------------------------
def _private_view(interaction: discord.Interaction) -> SetupPrivateView | None:
    """The caller's own view of this channel's SETUP game, if they play in it."""
    found = my_seat_or_none(interaction, GAME)
    if found is None:
        return None
    table, seat = found
    return table.engine.private_view(table.state, seat)


def _choices(texts: list[str]) -> list[Choice[str]]:
    return [Choice(name=text, value=text) for text in texts if 0 < len(text) <= 100][:MAX_CHOICES]


async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Your own tiles and the common hand, then the squares you may use."""
    view = _private_view(interaction)
    return _choices(complete_move_text(view, current, MAX_CHOICES)) if view else []


async def tiles_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Tiles of your own hand only (the common hand cannot be swapped)."""
    view = _private_view(interaction)
    return _choices(complete_swap_text(view, current, MAX_CHOICES)) if view else []


# ---- the move builder ------------------------------------------------------------------
async def open_builder(interaction: discord.Interaction, table_id: int | None = None) -> None:
    """The player's panel (cogs/play/hands.py): the shared builder's SETUP screen
    (cogs/play/builder/setup.py). The table: ``table_id`` (a board's button),
    else this channel's."""
    table, _ = my_seat(interaction, GAME, table_id)
    await send_private_hand(interaction, table)


class BuildButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:setup:build:(?P<table>\d+)"):
    """The "Build move" button of boards posted before Show hand opened the
    same builder: new boards no longer carry it, old ones keep working."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="Build move", custom_id=f"tt:setup:build:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "BuildButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with refusals(interaction):
            await open_builder(interaction, self.table_id)


# ---- the cog -----------------------------------------------------------------------------
class SetupCog(GameCog, name="setup"):
    game_type = GAME
    group = app_commands.Group(
        name="setup", description=_text("group", "SETUP (连线计划): make tile combos, race to the finish"))

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BuildButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BuildButton)

    # -- commands ----------------------------------------------------------------
    @group.command(name="new", description=_text("new", "Open a SETUP lobby in this channel"))
    @app_commands.describe(
        mode=_text("opt.mode", "Free-for-all (2–4 players) or 2 vs 2 teams"),
        finish=_text("opt.finish", "Finish line, 2–50 (default 40 / 35 / 30 for 2 / 3 / 4 players)"),
        stall_rounds=_text("opt.stall_rounds", "Rounds with only swaps that end the game, 1–20 (default 3)"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def new(self, interaction: discord.Interaction, mode: str = "ffa",
                  finish: app_commands.Range[int, 2, 50] | None = None,
                  stall_rounds: app_commands.Range[int, 1, 20] = 3) -> None:
        async with refusals(interaction):
            config: dict[str, Any] = {"mode": mode, "stall_rounds": stall_rounds}
            if finish is not None:
                config["finish"] = finish
            await self.open_lobby(interaction, config)

    @group.command(name="play", description=_text("play", "Place tiles: tile then square, e.g. ★7 C1, ♥7 S1"))
    @app_commands.describe(
        move=_text("opt.move", "Tile then square, pairs separated by commas: ★7 C1, ♥7 S1"))
    @app_commands.autocomplete(move=move_autocomplete)
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        async with refusals(interaction):
            self.table(interaction)  # "no game here" comes before "cannot read that"
            await self.submit(interaction, PlayAction(placements=parse_move(move)), "setup.done.play")

    @group.command(name="swap",
                   description=_text("swap", "Swap tiles of your own hand with the bag, e.g. ♥3 ★9"))
    @app_commands.describe(tiles=_text("opt.tiles", "Tiles of your own hand, e.g. ♥3 ★9"))
    @app_commands.autocomplete(tiles=tiles_autocomplete)
    async def swap(self, interaction: discord.Interaction, tiles: str) -> None:
        async with refusals(interaction):
            self.table(interaction)
            await self.submit(interaction, SwapAction(tiles=parse_swap(tiles)), "setup.done.swap")

    @group.command(name="build",
                   description=_text("build", "Build a move from menus and see its score first"))
    async def build(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await open_builder(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SetupCog(bot))
