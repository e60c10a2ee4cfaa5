"""Whose table, whose seat: how every cog finds the table a request is
about and the caller's seat in it, refusing with the reason players read."""
from __future__ import annotations

import discord

from cogs.common import bot_of
from tables.errors import TableError
from tables.service import LiveTable


def find_table(interaction: discord.Interaction, game_type: str | None = None,
               table_id: int | None = None) -> LiveTable:
    """The table ``table_id`` (a button's), else the channel's; refused when
    there is none, or when it is not a game of ``game_type``."""
    service = bot_of(interaction).tables
    table = service.require_game(table_id) if table_id is not None else service.require_channel(interaction.channel_id)
    if game_type is not None and table.record.game_type != game_type:
        raise TableError("core.err.other_game", game=table.record.game_type)
    return table


def playing_seat(table: LiveTable, user_id: int) -> int:
    """The user's seat in a game being played, or a refusal: not seated,
    not playing yet (a lobby), or resigned."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("core.err.not_seated")
    if table.record.status != "playing" or table.state is None:
        raise TableError("core.err.not_playing")
    if table.seats[seat].ai_reason == "resigned":
        raise TableError("core.err.resigned")
    return seat


def my_seat(interaction: discord.Interaction, game_type: str | None = None,
            table_id: int | None = None) -> tuple[LiveTable, int]:
    """The table (as ``find_table``) and the caller's playing seat in it."""
    table = find_table(interaction, game_type, table_id)
    return table, playing_seat(table, interaction.user.id)


def my_seat_or_none(interaction: discord.Interaction, game_type: str) -> tuple[LiveTable, int] | None:
    """``my_seat`` in this channel, or None instead of a refusal (autocomplete)."""
    try:
        return my_seat(interaction, game_type)
    except TableError:
        return None
