"""The sign-up message's buttons (Join, Leave, Add AI, Start, Cancel):
``DynamicItem``s whose custom id carries the tournament id, so they work
after a restart. A team tournament's Join answers with how a pair signs up."""
from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common import display_name, reply_error, reply_key
from i18n import t
from tables.errors import TableError
from tables.tournaments.service import TournamentService

COG_NAME = "TournamentCog"
ACTIONS = ("join", "leave", "ai", "start", "cancel")
STYLES = {
    "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
    "ai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


def service_of(interaction: discord.Interaction) -> TournamentService:
    cog = interaction.client.get_cog(COG_NAME)  # type: ignore[attr-defined]
    if cog is None:
        raise TableError("core.err.internal")
    service: TournamentService = cog.service
    return service


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=r"tt:tourney:(?P<action>[a-z]+):(?P<id>\d+)"):
    def __init__(self, action: str, tournament_id: int, locale: str = "en") -> None:
        super().__init__(discord.ui.Button(
            label=t(f"tournament.button.{action}", locale), style=STYLES[action],
            custom_id=f"tt:tourney:{action}:{tournament_id}",
        ))
        self.action = action
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "TournamentButton":
        if match["action"] not in ACTIONS:
            raise ValueError(match["action"])
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        user = interaction.user
        try:
            service = service_of(interaction)
            if self.action == "join":
                t_ = await service.get(self.tournament_id)
                if t_.teams:  # a pair signs up with the command, naming the partner
                    raise TableError("tournament.err.partner_needed")
            await interaction.response.defer()  # the notifier then edits the sign-up message
            handlers = {
                "join": lambda: service.join(self.tournament_id, user.id, display_name(user)),
                "leave": lambda: service.leave(self.tournament_id, user.id),
                "ai": lambda: service.add_ai(self.tournament_id, user.id),
                "start": lambda: service.start(self.tournament_id, user.id),
                "cancel": lambda: service.cancel(self.tournament_id, user.id),
            }
            await handlers[self.action]()
        except TableError as error:
            await reply_error(interaction, error)
            return
        if self.action == "join":
            await reply_key(interaction, "tournament.joined", id=self.tournament_id)


def signup_view(tournament_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(TournamentButton(action, tournament_id, locale))
    return view


DYNAMIC_ITEMS = (TournamentButton,)
