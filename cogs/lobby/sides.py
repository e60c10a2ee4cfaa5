"""Picking sides in a team lobby (issue 24): a button per side on the lobby
message ("Team A" / "Team B", "Allies" / "Axis"), the host's select that
moves any seat (an AI's too) to a side, and the lobby's "Teams" field. The
custom ids carry the side and the table id, so they work after a restart;
the table service checks every pick (tables/teams.py)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import bot_of, reply_error
from games.teams import TeamSides
from i18n import t
from tables.errors import Refusal, TableError
from tables.teams import SIDES, sides_of, team_sides
from tables.text import safe_name

if TYPE_CHECKING:
    from tables.service import LiveTable

LABEL_LIMIT = 100  # Discord: a select option's label
SIDE_EMOJI = ("🟦", "🟥")  # a second cue beside the side's name


def lobby_sides(table: "LiveTable") -> TeamSides | None:
    if table.record.status != "lobby":
        return None
    return team_sides(table.definition, table.record.config, len(table.seats))


def side_name(sides: TeamSides, side: int, locale: str) -> str:
    return t(sides.labels[side], locale)


class SideButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:side:(?P<side>[01]):(?P<table>\d+)"):
    """Join one side of a team lobby (the caller's own seat)."""

    def __init__(self, table_id: int, side: int, label: str = "—") -> None:
        super().__init__(discord.ui.Button(label=label[:80], emoji=SIDE_EMOJI[side], style=discord.ButtonStyle.secondary,
                                           custom_id=f"tt:side:{side}:{table_id}"))
        self.table_id = table_id
        self.side = side

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "SideButton":
        return cls(int(match["table"]), int(match["side"]), item.label or "—")

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.response.defer()  # the notifier redraws the lobby message
        try:
            await bot_of(interaction).tables.pick_side(self.table_id, interaction.user.id, self.side)
        except Refusal as error:
            await reply_error(interaction, error)


class SideMoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"tt:sidemove:(?P<table>\d+)"):
    """The host moves a seat to a side: one option per seat and side it is not on."""

    def __init__(self, table_id: int, table: "LiveTable | None" = None, locale: str = "en") -> None:
        options = [discord.SelectOption(label="—", value="-")]
        sides = lobby_sides(table) if table is not None else None
        if table is not None and sides is not None:
            chosen = sides_of(sides, table.seats)
            options = [discord.SelectOption(
                label=t("teams.lobby.move_option", locale, seat=index + 1, name=seat.name,
                        side=side_name(sides, side, locale))[:LABEL_LIMIT],
                value=f"{index}:{side}", emoji=SIDE_EMOJI[side])
                for index, seat in enumerate(table.seats) for side in SIDES if chosen[index] != side] or options
        super().__init__(discord.ui.Select(custom_id=f"tt:sidemove:{table_id}", options=options[:25],
                                           placeholder=t("teams.lobby.move", locale)))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> "SideMoveSelect":
        select = cls(int(match["table"]))
        select.item = item  # keeps the values the user picked
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.response.defer()
        try:
            seat, _, side = (self.item.values or [""])[0].partition(":")
            if not (seat.isdigit() and side.isdigit()):
                raise TableError("teams.err.bad_side")
            await bot_of(interaction).tables.pick_side(self.table_id, interaction.user.id, int(side), int(seat))
        except Refusal as error:
            await reply_error(interaction, error)


def side_items(table: "LiveTable", locale: str) -> list[discord.ui.Item]:
    """The lobby message's side controls (none outside a team lobby)."""
    sides = lobby_sides(table)
    if sides is None:
        return []
    return [*(SideButton(table.id, side, side_name(sides, side, locale)) for side in SIDES),
            SideMoveSelect(table.id, table, locale)]


def teams_field(table: "LiveTable", locale: str) -> tuple[str, str] | None:
    """The "Teams" field of a team lobby: each side's players and free
    places, then the seats not on a side yet (placed at Start)."""
    sides = lobby_sides(table)
    if sides is None:
        return None
    chosen = sides_of(sides, table.seats)
    lines = []
    for side in SIDES:
        names = [safe_name(seat.name) for seat, on in zip(table.seats, chosen) if on == side]
        names += [t("teams.lobby.free", locale)] * max(0, sides.per_side - len(names))
        lines.append(t("teams.lobby.side", locale, emoji=SIDE_EMOJI[side], side=side_name(sides, side, locale),
                       count=sum(on == side for on in chosen), max=sides.per_side,
                       players=t("core.act.comma", locale).join(names)))
    waiting = [safe_name(seat.name) for seat, on in zip(table.seats, chosen) if on is None]
    if waiting:
        lines.append(t("teams.lobby.unassigned", locale, players=t("core.act.comma", locale).join(waiting)))
    return t("teams.lobby.field", locale), "\n".join(lines)


DYNAMIC_ITEMS = (SideButton, SideMoveSelect)
