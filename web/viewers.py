"""Who may watch a Discord channel's tables: the bot knows the guild's
members and their permissions, the web app does not. ``bot.py`` gives the
app a ``ChannelViewers``; local play has none (local sessions watch local
tables)."""
from __future__ import annotations

from typing import Protocol


class ChannelViewers(Protocol):
    async def can_view(self, user_id: int, guild_id: int | None, channel_id: int) -> bool:
        """True when the user may read the channel (a member who can view it)."""
        ...
