"""Which front end a table belongs to. Local play (the web board without
Discord) makes tables with no server and a negative channel id of their own;
every Discord table has a channel id, a positive snowflake. One database may
hold both: each front restores, times and adopts only its own tables, and the
other kind stays untouched until its front runs."""
from __future__ import annotations

from typing import Literal

Front = Literal["local", "discord"]
LOCAL: Front = "local"
DISCORD: Front = "discord"


def is_local_table(guild_id: int | None, channel_id: int) -> bool:
    """A local-play table: no server and a negative channel id."""
    return guild_id is None and channel_id < 0


def front_of(guild_id: int | None, channel_id: int) -> Front:
    return LOCAL if is_local_table(guild_id, channel_id) else DISCORD


def front_sql(front: Front | None, prefix: str = "") -> str:
    """``is_local_table`` as SQL for the games of ``front`` (None: every game),
    to join with AND."""
    if front is None:
        return "1 = 1"
    local = f"({prefix}guild_id IS NULL AND {prefix}channel_id < 0)"
    return local if front == LOCAL else f"NOT {local}"
