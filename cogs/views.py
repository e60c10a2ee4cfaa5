"""Buttons that survive restarts: DynamicItems whose custom id carries the
table id. Pressing one loads the table from the table service."""
from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common import bot_of, display_name, reply_error
from cogs.play import hands
from cogs.play.activity import OpenBoardButton
from cogs.seats import find_table
from engines import ai
from i18n import t
from tables.errors import Refusal

LOBBY_ACTIONS = ("join", "leave", "ai", "start", "cancel")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
    "ai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:lobby:(?P<action>[a-z]+):(?P<table>\d+)"):
    """Join / Leave / Add AI / Start / Cancel, labelled in the server's
    language (``core.lobby.button.*``; exactly those words in English). The
    custom id carries no label, so a button still works after a restart or a
    language change."""

    def __init__(self, action: str, table_id: int, locale: str = "en") -> None:
        super().__init__(discord.ui.Button(
            label=t(f"core.lobby.button.{action}", locale), style=LOBBY_STYLES[action],
            custom_id=f"tt:lobby:{action}:{table_id}",
        ))
        self.action = action
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "LobbyButton":
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        service = bot_of(interaction).tables
        user = interaction.user
        handlers = {
            "join": lambda: service.join(self.table_id, user.id, display_name(user)),
            "leave": lambda: service.leave(self.table_id, user.id),
            "ai": lambda: service.add_ai(self.table_id, user.id),
            "start": lambda: service.start(self.table_id, user.id),
            "cancel": lambda: service.cancel(self.table_id, user.id),
        }
        # Acknowledge first; the notifier then edits the lobby message.
        await interaction.response.defer()
        try:
            await handlers[self.action]()
        except Refusal as error:
            await reply_error(interaction, error)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:hand:(?P<table>\d+)"):
    """"Show hand" under the board: the caller's own hand, privately."""

    def __init__(self, table_id: int, label: str = "Show hand") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="🂠", style=discord.ButtonStyle.secondary, custom_id=f"tt:hand:{table_id}",
        ))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "HandButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        try:
            await hands.send_private_hand(interaction, find_table(interaction, table_id=self.table_id))
        except Refusal as error:
            await reply_error(interaction, error)


def ai_level_text(level: str, locale: str) -> str:
    """How an AI seat's level shows in the lobby and the results."""
    return t("ai.lobby.seat", locale, level=t(f"ai.level.{ai.normalize_level(level)}", locale))


class AiLevelSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"tt:ailevel:(?P<table>\d+)"):
    """The host's choice of the level the lobby's AIs play at (Add AI adds
    a ``normal`` AI; this select changes every AI added in the lobby)."""

    def __init__(self, table_id: int, locale: str = "en") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"tt:ailevel:{table_id}",
            placeholder=t("ai.lobby.placeholder", locale),
            options=[discord.SelectOption(label=t(f"ai.level.{level}", locale), value=level,
                                          description=t(f"ai.about.{level}", locale))
                     for level in ai.LEVELS],
        ))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> "AiLevelSelect":
        select = cls(int(match["table"]))
        select.item = item  # keeps the values the user picked
        return select

    async def callback(self, interaction: discord.Interaction) -> Any:
        service = bot_of(interaction).tables
        level = (self.item.values or ["normal"])[0]
        await interaction.response.defer()
        try:
            await service.set_ai_level(self.table_id, interaction.user.id, level)
        except Refusal as error:
            await reply_error(interaction, error)


def lobby_view(table_id: int, open_: bool = True, locale: str = "en", has_ai: bool = False,
               extra: list[discord.ui.Item] | None = None) -> discord.ui.View | None:
    """The lobby buttons; with AI seats, also the AI level select; then
    ``extra`` (the game's option controls, cogs.lobby.options)."""
    if not open_:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(action, table_id, locale))
    buttons = [item for item in extra or [] if isinstance(item.item, discord.ui.Button)]
    for item in buttons:  # next to the lobby buttons, above the selects
        view.add_item(item)
    if has_ai:
        view.add_item(AiLevelSelect(table_id, locale))
    for item in extra or []:
        if item not in buttons:
            view.add_item(item)
    return view


def board_view(table_id: int, locale: str, extra: list[discord.ui.Item] | None = None,
               activity: bool = False) -> discord.ui.View:
    """``activity``: the application has an Activity (ACTIVITY=true): "Open board" launches it."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table_id, t("core.board.show_hand", locale)))
    if activity:
        view.add_item(OpenBoardButton(table_id, t("activity.button.open_board", locale)))
    for item in extra or []:
        view.add_item(item)
    return view


DYNAMIC_ITEMS = (LobbyButton, HandButton, AiLevelSelect, OpenBoardButton)
