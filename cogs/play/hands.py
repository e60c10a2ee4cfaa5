"""Private hands: the ephemeral reply to /hand and "Show hand", and DMs."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import bot_of, reply, user_locale
from cogs.host import Host
from cogs.play.builder.items import compose
from cogs.play.builder.registry import builder_of
from cogs.play.pictures import picture
from cogs.seats import playing_seat
from i18n import t
from tables.text import game_name

if TYPE_CHECKING:
    from tables.service import LiveTable

log = logging.getLogger(__name__)


async def send_private_hand(interaction: discord.Interaction, table: "LiveTable") -> None:
    """Answer with the caller's own private panel (hand and move controls),
    visible to the caller only; it replaces their previous panel."""
    bot = bot_of(interaction)
    seat = playing_seat(table, interaction.user.id)
    locale = await user_locale(interaction)
    if table.engine.private_view(table.state, seat) is None and builder_of(table) is None:
        await reply(interaction, t("core.hand.none", locale))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    version = table.record.version
    message = await compose(bot, table, seat, locale, head=await bot.notifier.panel_head(table, seat, locale))
    sent = await interaction.edit_original_response(**message.edit_kwargs())
    await bot.notifier.panels.opened(interaction, table.id, seat, locale, version, getattr(sent, "id", None))
    if table.seats[seat].dm_failed:
        await bot.tables.mark_dm_failed(table, seat, False)  # the player asked: DMs may be tried again


async def dm_locale(bot: Host, user_id: int, server_locale: str) -> str:
    """A DM's language: the user's own Chinese client where we saw one (as
    for their private replies), else the server's language."""
    own = await bot.tables.queries.user_locale(user_id)
    return own if own and own != "en" else server_locale


async def dm_hand(bot: Host, table: "LiveTable", seat: int, locale: str, turn_hint: str | None = None,
                  board_url: str | None = None, server: str | None = None, asked: bool = False) -> bool | None:
    """DM a player their hand — with ``turn_hint``, as the "your turn" DM.
    True sent, False refused (closed DMs), None skipped (AI, DMs turned
    off, nothing to send, an earlier refusal not yet cleared, or Discord
    failing for another reason). ``asked``: the player chose to be told of
    their turns by DM (``/settings ping``), whatever their hand DMs say."""
    record_seat = table.seats[seat]
    if record_seat.user_id is None or record_seat.is_ai or record_seat.dm_failed:
        return None
    if not asked and await bot.tables.queries.dm_mode(record_seat.user_id) == "off":
        return None
    view = table.engine.private_view(table.state, seat)
    if view is None and turn_hint is None:
        return None
    file, words = (await picture(bot, record_seat.user_id, table.definition.renderer, "hand", view, locale,
                                 key=(table.id, "hand", seat, locale))
                   if view is not None else (None, ""))
    game = game_name(table.record.game_type, locale)
    if turn_hint is not None:
        text = t("core.turn.dm", locale, game=game, id=table.id, what=turn_hint)
        if server:
            text += "\n" + t("core.turn.dm_server", locale, server=discord.utils.escape_markdown(server))
    else:
        text = t("core.hand.dm", locale, game=game, id=table.id)
    line = words or (table.definition.renderer.hand_text(view, locale) if view is not None else "")
    try:
        user = bot.get_user(record_seat.user_id) or await bot.fetch_user(record_seat.user_id)
        kwargs: dict[str, Any] = {"file": file} if file is not None else {}
        if board_url:  # a button to the board, where the move is made
            kwargs["view"] = link_view(t("core.turn.open_board", locale), board_url)
        await user.send((text + ("\n" + line if line else ""))[:2000], **kwargs)
        return True
    except (discord.Forbidden, discord.NotFound):
        log.info("game %s: DM to seat %d refused", table.id, seat)
        return False
    except discord.HTTPException as exc:  # Discord's trouble, not closed DMs: nothing to note
        log.warning("game %s: DM to seat %d failed with HTTP %s", table.id, seat, exc.status)
        return None


def link_view(label: str, url: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, url=url, style=discord.ButtonStyle.link))
    return view
