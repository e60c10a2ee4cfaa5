""""Open board" under a game's board: launches the application's Activity
(the web board inside Discord, docs/web.md) in the channel, where Discord
opens it on that channel's table. Shown only where the bot is told the
Activity is set up (``ACTIVITY=true``); restart-proof like every board
button. Discord refuses the launch for an application without an Activity:
the presser then gets a private, localized explanation."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.common import reply_key

log = logging.getLogger(__name__)


class OpenBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:activity:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "Open board") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="🎲", style=discord.ButtonStyle.primary, custom_id=f"tt:activity:{table_id}",
        ))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "OpenBoardButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.info("Discord refused to launch the Activity (HTTP %s, code %s)", error.status, error.code)
            await reply_key(interaction, "activity.button.refused")
