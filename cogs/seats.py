"""Whose table, whose seat: how every cog finds the table a request is
about and the caller's seat in it, refusing with the reason players read —
in the one order of ``tables.seating`` (no game here → not seated → not in
play → resigned)."""
from __future__ import annotations

import discord

from cogs.common import bot_of
from tables import seating
from tables.errors import TableError
from tables.service import LiveTable

playing_seat = seating.playing_seat  # the user's seat in a game being played, or a refusal


def find_table(interaction: discord.Interaction, game_type: str | None = None,
               table_id: int | None = None) -> LiveTable:
    """The table ``table_id`` (a button's), else the channel's; refused when
    there is none, or when it is not a game of ``game_type``."""
    service = bot_of(interaction).tables
    table = service.require_game(table_id) if table_id is not None else service.require_channel(interaction.channel_id)
    seating.of_game(table, game_type)
    return table


def my_seat(interaction: discord.Interaction, game_type: str | None = None,
            table_id: int | None = None) -> tuple[LiveTable, int]:
    """The table (as ``find_table``) and the caller's playing seat in it."""
    table = find_table(interaction, game_type, table_id)
    return table, seating.playing_seat(table, interaction.user.id)


def my_seat_or_none(interaction: discord.Interaction, game_type: str) -> tuple[LiveTable, int] | None:
    """``my_seat`` in this channel, or None instead of a refusal (autocomplete)."""
    try:
        return my_seat(interaction, game_type)
    except TableError:
        return None
