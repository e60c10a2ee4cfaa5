"""Game-agnostic commands: /hand, /board, /resign, /rules, /leaderboard,
/stats, /help and /table (/settings: cogs/account/settings.py)."""
from __future__ import annotations

import datetime as dt
import unicodedata

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs import views
from cogs.common import (
    bot_of,
    guild_locale,
    is_manager,
    refusals,
    reply,
    reply_key,
    user_locale,
)
from cogs.community.seasons import board_label, season_autocomplete, seasons_of
from cogs.learn import rules_topics
from cogs.play import hands
from cogs.play.pictures import picture
from cogs.seats import find_table, my_seat
from i18n import t
from tables.errors import TableError
from tables.text import game_name, safe_name

LEADERBOARD_SIZE = 10
NAME_WIDTH = 20


def text_width(text: str) -> int:
    """Columns a monospace font gives ``text``: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def fit_width(text: str, width: int) -> str:
    """``text`` cut and padded to exactly ``width`` display columns."""
    out, used = "", 0
    for ch in text:
        w = text_width(ch)
        if used + w > width:
            break
        out, used = out + ch, used + w
    return out + " " * (width - used)


def leaderboard_lines(rows, locale: str, user_id: int | None) -> list[str]:
    """Aligned columns: rank, name (by display width), rating, games, wins."""
    def line(rank, name, rating, games, wins) -> str:
        return f"{rank:>3} {fit_width(name, NAME_WIDTH)} {rating:>7} {games:>6} {wins:>6}"

    def ranked(rank, row) -> str:
        return line(f"{rank}.", row.name, f"{row.ordinal:.1f}", row.games, row.wins)

    heads = [t(f"core.lb.{k}", locale) for k in ("rank", "player", "rating", "games", "wins")]
    right = [" " * max(0, w - text_width(h)) + h for h, w in zip(heads, (3, 0, 7, 6, 6))]
    lines = [f"{right[0]} {fit_width(heads[1], NAME_WIDTH)} {right[2]} {right[3]} {right[4]}"]
    for rank, row in enumerate(rows[:LEADERBOARD_SIZE], start=1):
        lines.append(ranked(rank, row))
    mine = next(((i, r) for i, r in enumerate(rows, start=1) if r.user_id == user_id), None)
    if mine and mine[0] > LEADERBOARD_SIZE:
        rank, row = mine
        lines.append("…")
        lines.append(ranked(rank, row))
    return lines


def _desc(key: str, text: str) -> app_commands.locale_str:
    return _(text, key=key)


class ResignConfirm(discord.ui.View):
    """A private "are you sure?" before resigning."""

    def __init__(self, table_id: int, user_id: int, locale: str) -> None:
        super().__init__(timeout=120)
        self.table_id = table_id
        self.user_id = user_id
        confirm = discord.ui.Button(label=t("core.resign.confirm", locale), style=discord.ButtonStyle.danger)
        confirm.callback = self.confirm  # type: ignore[method-assign]
        self.add_item(confirm)

    async def confirm(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(view=None)
        async with refusals(interaction):
            await bot_of(interaction).tables.resign(self.table_id, self.user_id)
            await reply_key(interaction, "core.resign.done")


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = await user_locale(interaction)
    out = []
    for game_type in bot_of(interaction).registry.ids():
        name = game_name(game_type, locale)
        if current.lower() in game_type or current.lower() in name.lower():
            out.append(app_commands.Choice(name=name, value=game_type))
    return out[:25]


class CoreCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Any command or click: the player is here (no DM needed; a panel
        they are watching tells them their turn), and its interaction may
        carry the channel's next board (cogs/play/interaction_routes.py)."""
        bot_of(interaction).notifier.saw(interaction.user.id, interaction)

    @staticmethod
    def _game_type(interaction: discord.Interaction, game: str) -> str:
        """The ``game`` option, refused unless it names a game of the registry."""
        if game not in bot_of(interaction).registry:
            raise TableError("core.err.unknown_game", game=game)
        return game

    # -- play ------------------------------------------------------------
    @app_commands.command(name="hand", description=_desc("cmd.hand", "Show your hand privately"))
    async def hand(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await hands.send_private_hand(interaction, find_table(interaction))

    @app_commands.command(name="board", description=_desc("cmd.board", "Post the board of this channel's game again"))
    async def board(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            table = find_table(interaction)
            if table.record.status != "playing" or table.state is None:
                raise TableError("core.err.not_playing")
            await interaction.response.defer()
            notifier = bot_of(interaction).notifier
            locale = await guild_locale(bot_of(interaction), interaction.guild)
            file, _ = await picture(bot_of(interaction), None, table.definition.renderer, "board",
                                    table.engine.public_view(table.state), locale)
            assert file is not None  # a public board is always a picture
            old = table.record.board_message_id
            message = await interaction.followup.send(
                notifier.board_content(table, [], locale, None), file=file,
                view=notifier.board_view(table, locale), wait=True,
            )
            await bot_of(interaction).tables.set_message_ids(table, board=message.id)
            if old is not None and interaction.channel is not None:  # one board in the channel
                try:
                    await interaction.channel.get_partial_message(old).delete()  # type: ignore[union-attr]
                except discord.HTTPException:
                    pass

    @app_commands.command(name="resign", description=_desc("cmd.resign", "Resign from this channel's game"))
    async def resign(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            table, _ = my_seat(interaction)
            locale = await user_locale(interaction)
            await reply(interaction, t("core.resign.ask", locale), view=ResignConfirm(table.id, interaction.user.id, locale))

    # -- information -------------------------------------------------------
    @app_commands.command(name="rules", description=_desc("cmd.rules", "How to play a game with this bot"))
    @app_commands.describe(game=_desc("cmd.opt.game", "The game"),
                           topic=_desc("cmd.opt.topic", "A rules topic, drawn as a picture"))
    @app_commands.autocomplete(game=game_autocomplete, topic=rules_topics.topic_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str, topic: str | None = None) -> None:
        async with refusals(interaction):
            game_type = self._game_type(interaction, game)
            definition = bot_of(interaction).registry.get(game_type)
            if topic is not None:
                await rules_topics.send_topic(interaction, definition, topic)
                return
            locale = await user_locale(interaction)
            summary = t(f"{game_type}.rules.summary", locale, **definition.rules_params()).rstrip()
            line = rules_topics.topics_line(definition, locale)
            embed = discord.Embed(title=game_name(game_type, locale),
                                  description=f"{summary}\n\n{line}" if line else summary,
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
    @app_commands.describe(game=_desc("cmd.opt.game", "The game"),
                           public=_desc("cmd.opt.public", "Show the answer to everyone in the channel"),
                           season=_desc("season.cmd.opt_season", "A season's number (the current one if empty)"))
    @app_commands.autocomplete(game=game_autocomplete, season=season_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, public: bool = False,
                          season: app_commands.Range[int, 0] | None = None) -> None:
        async with refusals(interaction):
            game_type = self._game_type(interaction, game)
            locale = await user_locale(interaction)
            shown, rows = await bot_of(interaction).tables.queries.leaderboard(interaction.guild_id, game_type, season)
            label = board_label(shown, season, locale)
            name = game_name(game_type, locale)
            title = (t("core.leaderboard.title", locale, game=name) if label is None
                     else t("season.board_title", locale, game=name, season=label))
            if not rows:
                await reply(interaction, t("core.leaderboard.empty", locale, game=name) if label is None
                            else t("season.empty", locale, game=name, season=label), ephemeral=not public)
                return
            lines = leaderboard_lines(rows, locale, interaction.user.id)
            body = "\n".join(line.replace("`", "ˋ") for line in lines)  # a name cannot close the block
            await reply(interaction, f"**{title}**\n```\n{body}\n```", ephemeral=not public)

    @app_commands.command(name="stats", description=_desc("cmd.stats", "Games, wins and ratings of a player"))
    @app_commands.describe(user=_desc("cmd.opt.user", "The player (you if empty)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        async with refusals(interaction):
            target = user or interaction.user
            locale = await user_locale(interaction)
            service = bot_of(interaction).tables
            per_game = await service.queries.user_stats(interaction.guild_id, target.id)
            rated = await service.queries.ratings_of(interaction.guild_id, target.id)
            name = getattr(target, "display_name", target.name)
            if not per_game:
                await interaction.response.send_message(t("core.stats.empty", locale, player=safe_name(name)),
                                                        ephemeral=True)
                return
            embed = discord.Embed(title=t("core.stats.title", locale, player=safe_name(name)),
                                  colour=discord.Colour.gold())
            for row in per_game:
                rating = rated.get(row["game_type"])
                last = dt.datetime.fromtimestamp(row["last_played"], tz=dt.timezone.utc)
                embed.add_field(
                    name=game_name(row["game_type"], locale),
                    value=t("core.record.line", locale, games=row["games"], wins=row["wins"] or 0,
                            draws=row["draws"] or 0,
                            rating=f"{rating.ordinal:.1f}" if rating else "—",
                            last=discord.utils.format_dt(last, "R")),
                    inline=False,
                )
            label = board_label(await seasons_of(interaction).current(interaction.guild_id), None, locale)
            if label is not None:
                embed.set_footer(text=t("season.stats_footer", locale, season=label))
            await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- table management -----------------------------------------------------
    table = app_commands.Group(name="table", description=_desc("cmd.table", "Manage this channel's game"),
                               guild_only=True)

    @table.command(name="end", description=_desc("cmd.table.end", "End this channel's game or lobby (server managers)"))
    async def table_end(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            if not is_manager(interaction):
                raise TableError("core.err.manager_only")
            table = find_table(interaction)
            await interaction.response.defer(ephemeral=True)
            await bot_of(interaction).tables.end_game(table.id)
            await reply_key(interaction, "core.table.ended", id=table.id)


async def setup(bot: commands.Bot) -> None:
    """The core commands, and the restart-proof controls every table shows:
    the lobby buttons, the AI level, Show hand and Open board."""
    await bot.add_cog(CoreCog(bot))
    bot.add_dynamic_items(*views.DYNAMIC_ITEMS)
