"""``GET /api/channels/{channel_id}/table[?guild_id=]``: the live table
(lobby or playing) of a Discord channel, for the Activity, which knows only
its channel. Found for a player seated there, or for a Discord session the
bot says can view the channel (``ChannelViewers``; none configured: seated
players only). Whether a viewer may then see the table is the table
routes' business (web/access.py); this route only finds its id. A caller who
may not view the channel learns nothing, not even whether a game runs there."""
from __future__ import annotations

from aiohttp import web

from tables.live import LiveTable
from web.context import WebContext, context_of, session_of
from web.refusals import Refusal
from web.sessions import Session

MAX_SNOWFLAKE = 2**63


def snowflake(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 20:
        return None
    value = int(text)
    return value if 0 < value < MAX_SNOWFLAKE else None


def seated(table: LiveTable, session: Session) -> bool:
    return any(session.owns(seat.user_id) for seat in table.record.seats)


async def may_view(context: WebContext, session: Session, guild_id: int | None, channel_id: int) -> bool:
    if session.mode != "discord" or context.viewers is None:
        return False
    return await context.viewers.can_view(session.uid, guild_id, channel_id)


async def channel_table(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    channel_id = snowflake(request.match_info["channel_id"])
    if channel_id is None:
        raise Refusal(404, "activity.err.bad_channel")
    table = context.service.in_channel(channel_id)
    if table is not None and table.record.status not in ("lobby", "playing"):
        table = None
    if table is None or not seated(table, session):
        guild_id = table.record.guild_id if table is not None else snowflake(request.query.get("guild_id"))
        if not await may_view(context, session, guild_id, channel_id):
            raise Refusal(403, "activity.err.not_in_channel")
    if table is None:
        raise Refusal(404, "activity.err.no_game_here")
    return web.json_response({"table_id": table.id, "game_type": table.record.game_type,
                              "status": table.record.status}, headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/channels/{channel_id}/table", channel_table)
