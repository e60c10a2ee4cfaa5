"""Lobby switches (``LobbyOption.toggle``, e.g. hints): a button on the
lobby message, "💡 Hints: off", that the host clicks to move to the next
value. On the lobby message rather than the host's Options panel: every
player sees before joining that the game will not be rated (and CUBED's
panel has no row left). The custom id carries the key and the table id, so
it works after a restart; the table service checks the host and the value."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import bot_of, reply_error
from games.options import LobbyOption
from i18n import t
from tables.errors import Refusal, TableError

if TYPE_CHECKING:
    from tables.service import LiveTable

TOGGLE_EMOJI = {"hints": "💡"}


def toggle_label(table: "LiveTable", option: LobbyOption, locale: str) -> str:
    value = option.read(table.record.config)
    return t("core.lobby.option_pair", locale, name=option.title(locale), value=option.label(value, locale))[:80]


def next_value(option: LobbyOption, config: dict[str, Any]) -> str:
    values = option.values
    current = option.read(config)
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class OptionToggle(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tt:ltog:(?P<key>[a-z0-9_]+):(?P<table>\d+)"):
    def __init__(self, table_id: int, key: str, label: str = "—") -> None:
        super().__init__(discord.ui.Button(label=label, emoji=TOGGLE_EMOJI.get(key),
                                           style=discord.ButtonStyle.secondary, custom_id=f"tt:ltog:{key}:{table_id}"))
        self.table_id = table_id
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "OptionToggle":
        return cls(int(match["table"]), match["key"], item.label or "—")

    async def callback(self, interaction: discord.Interaction) -> Any:
        service = bot_of(interaction).tables
        await interaction.response.defer()
        try:
            table = service.require_game(self.table_id)
            option = table.definition.lobby_option(self.key)
            if option is None or not option.toggle:
                raise TableError("core.err.bad_option")
            # The lobby message is redrawn with the new value (the notifier's lobby_updated).
            await service.set_option(self.table_id, interaction.user.id, self.key,
                                     next_value(option, table.record.config))
        except Refusal as error:
            await reply_error(interaction, error)


def toggle_items(table: "LiveTable", locale: str) -> list[discord.ui.Item]:
    return [OptionToggle(table.id, option.key, toggle_label(table, option, locale))
            for option in table.definition.lobby_options if option.toggle]
