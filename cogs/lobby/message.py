"""The lobby message: who sits, the options, the lobby buttons."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.host import Host
from cogs.lobby.options import first_seat_text, lobby_option_items
from cogs.lobby.sides import teams_field
from cogs.views import ai_level_text, lobby_view
from games.options import FIRST_SEAT, LobbyOption
from games.teams import SIDE_KEY
from i18n import has, t
from tables.errors import Refusal
from tables.text import game_name, safe_name

if TYPE_CHECKING:
    from tables.service import LiveTable

log = logging.getLogger(__name__)


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def config_summary(config: dict, locale: str, game_type: str = "", options: tuple[LobbyOption, ...] = ()) -> str:
    """The lobby's options with localized names; options left to their
    automatic value and those without a name in the catalogue (internal
    tables, tuning knobs) are not shown. The game's lobby options say
    their own values (``LobbyOption.describe``)."""
    shown = []
    own = {option.key for option in options}
    for key, value in config.items():
        if value is None or key in own or key == FIRST_SEAT or not has(f"core.option.{key}"):
            continue
        value_key = f"{game_type}.{key}.{value}"  # e.g. <game_type>.mode.teams
        text = t(value_key, locale) if isinstance(value, str) and has(value_key) else _option_value(value)
        shown.append(t("core.lobby.option_pair", locale, name=t(f"core.option.{key}", locale), value=text))
    for option in options:
        if option.describe is not None:
            shown.append(t("core.lobby.option_pair", locale, name=option.title(locale),
                           value=option.describe(config, locale)))
    return " · ".join(shown) if shown else "—"


class LobbyMessages:
    def __init__(self, bot: Host, channel: Any, locale: Any) -> None:
        self.bot = bot
        self._channel = channel  # async (channel id) -> the channel, or None
        self._locale = locale  # async (table) -> the server's language
        self._posting: set[int] = set()  # lobbies whose message is being posted
        self._redraw: dict[int, str | None] = {}  # news heard meanwhile: shown once it is posted (closed reason)

    def lobby_embed(self, table: "LiveTable", locale: str, closed_reason: str | None = None) -> discord.Embed:
        record = table.record
        lo, hi = table.seat_range()
        title = t("core.lobby.title", locale, game=game_name(record.game_type, locale), id=record.id)
        if record.status == "playing" or record.status == "finished":
            description = t("core.lobby.started", locale)
        elif closed_reason:
            description = t(closed_reason, locale)
        else:
            description = t("core.lobby.help", locale, min=lo, max=hi)
        embed = discord.Embed(title=title, description=description, colour=discord.Colour.blurple())
        seats = "\n".join(
            f"{i + 1}. {'🤖 ' if s.ai_reason == 'added' else ''}{safe_name(s.name)}"
            + (" 👑" if s.user_id == record.host_id else "")
            + (f" · {ai_level_text(s.ai_level, locale)}" if s.ai_reason == "added" else "")
            + "".join(f" · {self._option_text(record.game_type, key, value, locale)}"
                      for key, value in s.options.items() if key != SIDE_KEY)
            for i, s in enumerate(record.seats)
        )
        embed.add_field(name=t("core.lobby.seats", locale, count=len(record.seats), min=lo, max=hi),
                        value=seats or "—", inline=False)
        if (teams := teams_field(table, locale)) is not None:
            embed.add_field(name=teams[0], value=teams[1], inline=False)
        summary = config_summary(record.config, locale, record.game_type, table.definition.lobby_options)
        if table.definition.host_picks_first and hi > 1:
            first = t("core.lobby.option_pair", locale, name=t("core.option.first_seat", locale),
                      value=first_seat_text(table, locale))
            summary = first if summary == "—" else f"{summary} · {first}"
        embed.add_field(name=t("core.lobby.options", locale), value=summary, inline=False)
        return embed

    @staticmethod
    def _option_text(game_type: str, key: str, value: object, locale: str) -> str:
        """A seat's own choice, by its localized name where there is one
        (``<game_type>.faction.us`` → "US" / "美軍")."""
        value_key = f"{game_type}.{key}.{value}"
        return t(value_key, locale) if has(value_key) else str(value)

    async def post_lobby(self, interaction: discord.Interaction, table: "LiveTable", locale: str) -> None:
        """The first lobby message, as the answer to `/<game> new`."""
        await interaction.followup.send(embed=self.lobby_embed(table, locale),
                                        view=lobby_view(table.id, locale=locale, extra=lobby_option_items(table, locale)))
        message = await interaction.original_response()
        await self.bot.tables.set_message_ids(table, lobby=message.id)

    async def post_lobby_here(self, table: "LiveTable") -> None:
        """The lobby message of a lobby opened elsewhere (the web board, the
        Activity, another process): posted in its channel at its first news,
        once; news heard while it is posted is shown on it afterwards."""
        if table.id in self._posting:
            return
        channel = await self._channel(table.record.channel_id)
        if channel is None:  # a local table, or a channel this bot cannot reach
            return
        self._posting.add(table.id)
        locale = await self._locale(table)
        embed = self.lobby_embed(table, locale)
        try:
            message = await channel.send(embed=embed, view=lobby_view(table.id, locale=locale,
                                                                      extra=lobby_option_items(table, locale)))
            await self.bot.tables.set_message_ids(table, lobby=message.id)  # a stale write is retried there
        except discord.HTTPException as exc:
            log.warning("game %s: could not post the lobby message (HTTP %s)", table.id, exc.status)
        except Refusal as error:
            log.warning("game %s: could not keep the lobby message's id (%s)", table.id, error.key)
        finally:
            self._posting.discard(table.id)
        heard, reason = table.id in self._redraw, self._redraw.pop(table.id, None)
        if table.record.lobby_message_id is not None and (
                heard or self.lobby_embed(table, locale).to_dict() != embed.to_dict()):
            await self.lobby_updated(table, reason)

    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        if table.id in self._posting:  # its message is on its way: this news edits it once it is there
            self._redraw[table.id] = closed_reason or self._redraw.get(table.id)
            return
        open_ = table.record.status == "lobby"
        if table.record.lobby_message_id is None:
            # Only a lobby opened elsewhere (TableService.announce_opened: the board, another process)
            # posts its message here; one opened by a chat command posts its own (post_lobby), and news
            # of a table the service opened by itself (the benches, the tests' hosts) posts nothing.
            if open_ and closed_reason is None and table.opened_elsewhere:
                await self.post_lobby_here(table)
            return
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        locale = await self._locale(table)
        try:
            await channel.get_partial_message(table.record.lobby_message_id).edit(  # type: ignore[union-attr]
                embed=self.lobby_embed(table, locale, closed_reason),
                view=lobby_view(table.id, open_, locale, any(s.ai_reason == "added" for s in table.seats),
                                extra=lobby_option_items(table, locale) if open_ else None),
            )
        except discord.HTTPException as exc:
            log.warning("game %s: could not edit the lobby message (HTTP %s)", table.id, exc.status)
