"""The host's lobby options by clicking (issue 25): "Who starts" as a select
on the lobby message, and an "Options" button that opens a private panel
with one select per option of the game (``GameDefinition.lobby_options``).
Custom ids carry the table id (and the option's key), so the controls work
after a restart; the table service checks every value."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import bot_of, reply_error, user_locale
from cogs.lobby.sides import side_items
from cogs.lobby.toggles import OptionToggle, toggle_items
from cogs.seats import find_table
from games.options import DEFAULT_FIRST, FIRST_SEAT, LobbyOption
from i18n import has, t
from tables.errors import Refusal, TableError
from tables.text import safe_name

if TYPE_CHECKING:
    from tables.service import LiveTable

LABEL_LIMIT = 100  # Discord: a select option's label


def first_default_text(game_type: str, locale: str) -> str:
    """The game's own default starter (random; Death Front: by faction)."""
    key = f"{game_type}.first.default"
    return t(key if has(key) else "core.first.random", locale)


def first_seat_text(table: "LiveTable", locale: str) -> str:
    """Who starts, as the lobby message says it."""
    first = table.record.config.get(FIRST_SEAT)
    seats = table.record.seats
    if isinstance(first, int) and 0 <= first < len(seats):
        return f"{first + 1}. {safe_name(seats[first].name)}"
    return first_default_text(table.record.game_type, locale)


class FirstSeatSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"tt:first:(?P<table>\d+)"):
    """Who starts: the game's default or a seat, the host's choice."""

    def __init__(self, table_id: int, table: "LiveTable | None" = None, locale: str = "en") -> None:
        options = [discord.SelectOption(label=first_default_text(table.record.game_type, locale) if table else "—",
                                        value=DEFAULT_FIRST)]
        if table is not None:
            first = table.record.config.get(FIRST_SEAT)
            options[0].default = first is None
            options += [discord.SelectOption(label=f"{i + 1}. {seat.name}"[:LABEL_LIMIT], value=str(i),
                                             default=first == i)
                        for i, seat in enumerate(table.record.seats)]
        super().__init__(discord.ui.Select(custom_id=f"tt:first:{table_id}", options=options,
                                           placeholder=t("core.option.first_seat", locale)))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> "FirstSeatSelect":
        select = cls(int(match["table"]))
        select.item = item  # keeps the values the user picked
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        value = (self.item.values or [DEFAULT_FIRST])[0]
        await interaction.response.defer()
        try:
            await bot_of(interaction).tables.set_option(self.table_id, interaction.user.id, FIRST_SEAT, value)
        except Refusal as error:
            await reply_error(interaction, error)


def option_select(table: "LiveTable", option: LobbyOption, locale: str) -> "OptionSelect":
    return OptionSelect(table.id, option.key, table, locale)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"tt:lopt:(?P<key>[a-z0-9_]+):(?P<table>\d+)"):
    """One lobby option of the game; the current value is selected."""

    def __init__(self, table_id: int, key: str, table: "LiveTable | None" = None, locale: str = "en") -> None:
        option = table.definition.lobby_option(key) if table is not None else None
        if table is None or option is None:
            options = [discord.SelectOption(label="—", value="-")]
            placeholder = None
        else:
            current = option.read(table.record.config)
            options = [discord.SelectOption(label=option.label(value, locale)[:LABEL_LIMIT], value=value,
                                            default=value == current) for value in option.values]
            placeholder = option.title(locale)
        super().__init__(discord.ui.Select(custom_id=f"tt:lopt:{key}:{table_id}", options=options,
                                           placeholder=placeholder))
        self.table_id = table_id
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> "OptionSelect":
        select = cls(int(match["table"]), match["key"])
        select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        value = (self.item.values or [""])[0]
        await interaction.response.defer()
        try:
            table = await bot_of(interaction).tables.set_option(self.table_id, interaction.user.id, self.key, value)
        except Refusal as error:
            await reply_error(interaction, error)
            return
        locale = await user_locale(interaction)
        # The panel again: one choice may change another's shown value (a points preset).
        await interaction.edit_original_response(content=options_text(table, locale), view=options_view(table, locale))


def options_text(table: "LiveTable", locale: str) -> str:
    return t("core.lobby.options_panel", locale, id=table.id)


def options_view(table: "LiveTable", locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for option in table.definition.lobby_options:
        if not option.toggle:  # a switch is a button on the lobby message (cogs.lobby.toggles)
            view.add_item(option_select(table, option, locale))
    return view


class OptionsButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:lobbyopts:(?P<table>\d+)"):
    """"Options": the host's private panel of the game's lobby options."""

    def __init__(self, table_id: int, locale: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t("core.lobby.button.options", locale), emoji="⚙️",
                                           style=discord.ButtonStyle.secondary, custom_id=f"tt:lobbyopts:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "OptionsButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        try:
            table = find_table(interaction, table_id=self.table_id)
            if table.record.status != "lobby":
                raise TableError("core.err.not_lobby")
            if interaction.user.id != table.record.host_id:
                raise TableError("core.err.host_only")
        except Refusal as error:
            await reply_error(interaction, error)
            return
        locale = await user_locale(interaction)
        await interaction.response.send_message(options_text(table, locale), view=options_view(table, locale),
                                                ephemeral=True)


def lobby_option_items(table: "LiveTable", locale: str) -> list[discord.ui.Item]:
    """The lobby message's option controls for this game."""
    items: list[discord.ui.Item] = []
    if any(not option.toggle for option in table.definition.lobby_options):
        items.append(OptionsButton(table.id, locale))
    items += toggle_items(table, locale)
    if table.definition.host_picks_first and table.seat_range()[1] > 1:
        items.append(FirstSeatSelect(table.id, table, locale))
    return items + side_items(table, locale)


DYNAMIC_ITEMS = (FirstSeatSelect, OptionSelect, OptionsButton, OptionToggle)
