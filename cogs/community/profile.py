"""``/profile [user] [public]``: a player's card in this server — games,
wins, favourite game, the rating history of each game as a chart, the
last results — drawn in the caller's language, privately unless
``public`` (a caller who chose ``/settings view mode:Text`` gets the card
in words instead, when private). Refused in a DM (a profile belongs to a
server) and for a bot."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.common import bot_of, display_name, png_file, refusals, render, reply, user_locale
from cogs.host import Host
from cogs.play.pictures import wants_text
from engines.base import ALT_LIMIT
from i18n import t
from render.profile import ProfileCard, profile_png
from render.words import clip
from tables import profiles
from tables.errors import TableError
from tables.text import safe_name


async def draw_card(bot: Host, card: ProfileCard, locale: str) -> bytes:
    """Off the event loop: in the drawing pool (a thread when it has no processes)."""
    if bot.drawing is None:
        return await render(profile_png, card, locale)
    return await bot.drawing.compute(profile_png, card, locale)


def alt_text(card: ProfileCard, locale: str) -> str:
    """The card in words (the picture's description, for screen readers)."""
    none = t("render.profile.none", locale)
    lines = [t("profile.alt", locale, player=card.name, games=card.games, wins=card.wins,
               favourite=card.favourite or none)]
    lines += [t("profile.alt_game", locale, game=g.name, games=g.games, wins=g.wins,
                rating=none if g.rating is None else f"{g.rating:.1f}") for g in card.per_game]
    return clip(" ".join(lines), ALT_LIMIT)


class ProfileCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="profile", description=_("A player's profile in this server: rating history, games, "
                                                        "wins, recent results", key="profile.cmd"))
    @app_commands.describe(user=_("The player (you if empty)", key="cmd.opt.user"),
                           public=_("Show the answer to everyone in the channel", key="cmd.opt.public"))
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None,
                      public: bool = False) -> None:
        async with refusals(interaction):
            if interaction.guild_id is None:
                raise TableError("profile.err.server_only")
            target = user or interaction.user
            name = display_name(target)
            if target.bot:
                raise TableError("profile.err.bot", player=name)  # escaped by the refusal
            bot = bot_of(interaction)
            locale = await user_locale(interaction)
            await interaction.response.defer(ephemeral=not public, thinking=True)
            profile = await bot.tables.queries.profile(interaction.guild_id, target.id)
            card = profiles.card(profile, bot.registry.ids(), name, locale)
            key = "profile.line" if card.games else "profile.empty"
            text = t(key, locale, player=safe_name(name), games=card.games, wins=card.wins)
            if not public and await wants_text(bot, interaction.user.id):  # /settings view: Text
                await reply(interaction, f"{text}\n{safe_name(alt_text(card, locale))}")
                return
            png = await draw_card(bot, card, locale)
            await reply(interaction, text, ephemeral=not public,
                        file=png_file(png, "profile.png", alt_text(card, locale)))
