"""What the cogs need of the bot that runs them (``bot.TabletopBot`` is one).
The cogs name this protocol, never ``bot``: the wiring imports the cogs,
not the other way round."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from engines.base import Event
from tables.registry import GameRegistry
from tables.service import GameSummary, LiveTable, TableService

if TYPE_CHECKING:
    from tables.drawing import DrawingPool  # its worker processes load only where the bot starts them


class BoardMessages(Protocol):
    """The parts of the Discord notifier (``cogs.notifier``) that commands and buttons use."""

    def lobby_embed(self, table: LiveTable, locale: str, closed_reason: str | None = None) -> discord.Embed: ...

    async def post_lobby(self, interaction: discord.Interaction, table: LiveTable, locale: str) -> None: ...

    def board_content(self, table: LiveTable, events: list[Event], locale: str,
                      finished: GameSummary | None) -> str: ...

    def board_view(self, table: LiveTable, locale: str) -> discord.ui.View: ...

    def game_items(self, table: LiveTable, locale: str) -> list[discord.ui.Item]: ...

    panels: Any  # cogs.play.panels.Panels: the players' private panels

    def saw(self, user_id: int, interaction: Any = None) -> None: ...

    async def panel_head(self, table: LiveTable, seat: int, locale: str) -> list[str]: ...

    async def rematch_opened(self, channel: discord.abc.Messageable, table: LiveTable, old: Any,
                             locale: str) -> None: ...


class Host(Protocol):
    """The bot, as the cogs and the notifier see it."""

    tables: TableService
    registry: GameRegistry
    notifier: BoardMessages
    drawing: "DrawingPool | None"

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...

    def get_user(self, user_id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...
