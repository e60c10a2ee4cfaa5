"""Game-agnostic commands: /hand, /board, /resign, /rules, /leaderboard,
/stats, /help, /settings and /table."""
from __future__ import annotations

import datetime as dt

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import hands
from cogs.common import (
    bot_of,
    guild_locale,
    is_manager,
    png_file,
    refusals,
    render,
    reply,
    reply_key,
    user_locale,
)
from i18n import LOCALES, t
from tables.errors import TableError
from tables.text import game_name

LEADERBOARD_SIZE = 10


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


class ResignConfirm(discord.ui.View):
    """A private "are you sure?" before resigning."""

    def __init__(self, game_id: int, user_id: int, locale: str) -> None:
        super().__init__(timeout=120)
        self.game_id = game_id
        self.user_id = user_id
        confirm = discord.ui.Button(label=t("core.resign.confirm", locale), style=discord.ButtonStyle.danger)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        self.add_item(confirm)

    async def confirm(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(view=None)
        async with refusals(interaction):
            await bot_of(interaction).tables.resign(self.game_id, self.user_id)
            await reply_key(interaction, "core.resign.done")


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = await user_locale(interaction)
    out = []
    for game_id in bot_of(interaction).registry.ids():
        name = game_name(game_id, locale)
        if current.lower() in game_id or current.lower() in name.lower():
            out.append(app_commands.Choice(name=name, value=game_id))
    return out[:25]


class CoreCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def _table(self, interaction: discord.Interaction):
        return bot_of(interaction).tables.require_channel(interaction.channel_id)

    def _game(self, interaction: discord.Interaction, game: str) -> str:
        if game not in bot_of(interaction).registry:
            raise TableError("core.err.unknown_game", game=game)
        return game

    # -- play ------------------------------------------------------------
    @app_commands.command(name="hand", description=_desc("cmd.hand", "Show your hand privately"))
    async def hand(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await hands.send_private_hand(interaction, self._table(interaction))

    @app_commands.command(name="board", description=_desc("cmd.board", "Post the board of this channel's game again"))
    async def board(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            table = self._table(interaction)
            if table.record.status != "playing" or table.state is None:
                raise TableError("core.err.not_playing")
            await interaction.response.defer()
            notifier = bot_of(interaction).notifier
            locale = await guild_locale(bot_of(interaction), interaction.guild)
            image = await render(table.spec.renderer.board_png, table.engine.public_view(table.state), locale)
            message = await interaction.followup.send(
                notifier.board_content(table, [], locale, None), file=png_file(image, "board.png"),
                view=notifier.board_view(table, locale), wait=True,
            )
            await bot_of(interaction).tables.set_message_ids(table, board=message.id)

    @app_commands.command(name="resign", description=_desc("cmd.resign", "Resign from this channel's game"))
    async def resign(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            table = self._table(interaction)
            seat = table.seat_of(interaction.user.id)
            if seat is None or table.record.status != "playing":
                raise TableError("core.err.not_seated" if seat is None else "core.err.not_playing")
            locale = await user_locale(interaction)
            await reply(interaction, t("core.resign.ask", locale), view=ResignConfirm(table.id, interaction.user.id, locale))

    # -- information -------------------------------------------------------
    @app_commands.command(name="rules", description=_desc("cmd.rules", "How to play a game with this bot"))
    @app_commands.describe(game=_desc("cmd.opt.game", "The game"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        async with refusals(interaction):
            game = self._game(interaction, game)
            locale = await user_locale(interaction)
            embed = discord.Embed(title=game_name(game, locale), description=t(f"{game}.rules.summary", locale),
                                  colour=discord.Colour.teal())
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description=_desc("cmd.help", "List the bot's commands"))
    async def help(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            locale = await user_locale(interaction)
            embed = discord.Embed(title=t("core.help.title", locale), description=t("core.help.body", locale),
                                  colour=discord.Colour.teal())
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description=_desc("cmd.leaderboard", "Top players of a game in this server"))
    @app_commands.describe(game=_desc("cmd.opt.game", "The game"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with refusals(interaction):
            game = self._game(interaction, game)
            locale = await user_locale(interaction)
            rows = await bot_of(interaction).tables.ratings.board(interaction.guild_id, game)
            title = t("core.leaderboard.title", locale, game=game_name(game, locale))
            if not rows:
                await interaction.response.send_message(t("core.leaderboard.empty", locale, game=game_name(game, locale)))
                return
            header = t("core.leaderboard.header", locale)
            lines = [header]
            for rank, row in enumerate(rows[:LEADERBOARD_SIZE], start=1):
                lines.append(f"{rank:>2}. {row.name[:20]:<20} {row.ordinal:>6.1f} {row.games:>5} {row.wins:>5}")
            mine = next(((i, r) for i, r in enumerate(rows, start=1) if r.user_id == interaction.user.id), None)
            if mine and mine[0] > LEADERBOARD_SIZE:
                rank, row = mine
                lines.append("…")
                lines.append(f"{rank:>2}. {row.name[:20]:<20} {row.ordinal:>6.1f} {row.games:>5} {row.wins:>5}")
            await interaction.response.send_message(f"**{title}**\n```\n" + "\n".join(lines) + "\n```")

    @app_commands.command(name="stats", description=_desc("cmd.stats", "Games, wins and ratings of a player"))
    @app_commands.describe(user=_desc("cmd.opt.user", "The player (you if empty)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        async with refusals(interaction):
            target = user or interaction.user
            locale = await user_locale(interaction)
            service = bot_of(interaction).tables
            per_game = await service.games.user_stats(interaction.guild_id, target.id)
            rated = await service.ratings.for_user(interaction.guild_id, target.id)
            name = getattr(target, "display_name", target.name)
            if not per_game:
                await interaction.response.send_message(t("core.stats.empty", locale, player=name), ephemeral=True)
                return
            embed = discord.Embed(title=t("core.stats.title", locale, player=name), colour=discord.Colour.gold())
            for row in per_game:
                rating = rated.get(row["game_type"])
                last = dt.datetime.fromtimestamp(row["last_played"], tz=dt.timezone.utc)
                embed.add_field(
                    name=game_name(row["game_type"], locale),
                    value=t("core.stats.line", locale, games=row["games"], wins=row["wins"],
                            rating=f"{rating.ordinal:.1f}" if rating else "—",
                            last=discord.utils.format_dt(last, "R")),
                    inline=False,
                )
            await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- settings -----------------------------------------------------------
    settings = app_commands.Group(name="settings", description=_desc("cmd.settings", "Bot settings"),
                                  guild_only=True)

    @settings.command(name="turn_timeout", description=_desc("cmd.settings.turn_timeout", "Minutes per turn before the AI plays it (server)"))
    @app_commands.describe(minutes=_desc("cmd.opt.minutes", "Minutes, 1 to 10080"))
    async def turn_timeout(self, interaction: discord.Interaction,
                           minutes: app_commands.Range[int, 1, 10080]) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            await bot_of(interaction).tables.settings.set_guild(interaction.guild_id, turn_timeout_minutes=minutes)
            await reply_key(interaction, "core.settings.turn_timeout_set", minutes=minutes)

    @settings.command(name="language", description=_desc("cmd.settings.language", "The server's language for the bot"))
    @app_commands.describe(language=_desc("cmd.opt.language", "en, zh-CN or zh-TW"))
    @app_commands.choices(language=[
        app_commands.Choice(name="English", value="en"),
        app_commands.Choice(name="简体中文", value="zh-CN"),
        app_commands.Choice(name="繁體中文", value="zh-TW"),
    ])
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            assert language.value in LOCALES
            await bot_of(interaction).tables.settings.set_guild(interaction.guild_id, language=language.value)
            await reply_key(interaction, "core.settings.language_set", language=language.name)

    @settings.command(name="dm_hands", description=_desc("cmd.settings.dm_hands", "Receive your hand by DM"))
    @app_commands.describe(enabled=_desc("cmd.opt.enabled", "on or off"))
    @app_commands.choices(enabled=[
        app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off"),
    ])
    async def dm_hands(self, interaction: discord.Interaction, enabled: app_commands.Choice[str]) -> None:
        async with refusals(interaction):
            on = enabled.value == "on"
            service = bot_of(interaction).tables
            await service.settings.set_dm_hands(interaction.user.id, on)
            if on:  # asking again clears an earlier refusal
                for table in list(service.tables.values()):
                    seat = table.seat_of(interaction.user.id)
                    if seat is not None and table.seats[seat].dm_failed:
                        await service.mark_dm_failed(table, seat, False)
            await reply_key(interaction, "core.settings.dm_on" if on else "core.settings.dm_off")

    # -- table management -----------------------------------------------------
    table = app_commands.Group(name="table", description=_desc("cmd.table", "Manage this channel's game"),
                               guild_only=True)

    @table.command(name="end", description=_desc("cmd.table.end", "End this channel's game or lobby (server managers)"))
    async def table_end(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            table = self._table(interaction)
            await interaction.response.defer(ephemeral=True)
            await bot_of(interaction).tables.end_game(table.id)
            await reply_key(interaction, "core.table.ended", id=table.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CoreCog(bot))

