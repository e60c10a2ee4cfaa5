"""``GET /api/channels/{channel_id}/table[?guild_id=]``: the live table
(lobby or playing) of a Discord channel, for the Activity, which knows only
its channel. Found for a player seated there, or for a Discord session the
bot says can view the channel (``ChannelViewers``; none configured: seated
players only). Whether a viewer may then see the table is the table
routes' business (web/access.py); this route only finds its id. A caller who
may not view the channel learns nothing, not even whether a game runs there.

``GET /api/channels/{channel_id}/ws?guild_id=``: the socket of a page of the
channel itself (the Activity with no game there, web/channel_pages.py), for
the same viewers; it is told at once of a table that opened meanwhile."""
from __future__ import annotations

from aiohttp import WSMsgType, web

from tables.live import LiveTable
from web.channel_pages import ChannelPage
from web.context import WebContext, context_of, session_of
from web.notifier import MAX_SOCKETS_PER_SESSION
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


def live_in(context: WebContext, channel_id: int) -> LiveTable | None:
    table = context.service.in_channel(channel_id)
    return table if table is not None and table.record.status in ("lobby", "playing") else None


async def channel_table(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    channel_id = snowflake(request.match_info["channel_id"])
    if channel_id is None:
        raise Refusal(404, "activity.err.bad_channel")
    table = live_in(context, channel_id)
    if table is None or not seated(table, session):
        guild_id = table.record.guild_id if table is not None else snowflake(request.query.get("guild_id"))
        if not await may_view(context, session, guild_id, channel_id):
            raise Refusal(403, "activity.err.not_in_channel")
    if table is None:
        raise Refusal(404, "activity.err.no_game_here")
    return web.json_response({"table_id": table.id, "game_type": table.record.game_type,
                              "status": table.record.status}, headers={"Cache-Control": "no-store"})


async def channel_socket(request: web.Request) -> web.StreamResponse:
    context, session = context_of(request), session_of(request)
    channel_id, guild_id = snowflake(request.match_info["channel_id"]), snowflake(request.query.get("guild_id"))
    if channel_id is None or guild_id is None:
        raise Refusal(400, "activity.err.bad_channel")
    if not await may_view(context, session, guild_id, channel_id):
        raise Refusal(403, "activity.err.not_in_channel")
    pages = context.notifier.channel_pages

    async def allowed() -> bool:
        return not context.sessions.ended(session) and await may_view(context, session, guild_id, channel_id)

    # The session's place is taken before the handshake, as a table's socket's (web/table_routes.py).
    if not context.notifier.per_session.take(session.sid):
        raise Refusal(429, "web.err.too_many_sockets", most=MAX_SOCKETS_PER_SESSION)
    try:
        socket = web.WebSocketResponse(heartbeat=30, max_msg_size=4096)
        await socket.prepare(request)
        if not pages.add(channel_id, ChannelPage(socket, guild_id, allowed)):
            await socket.close(code=1013, message=b"busy")
            return socket
        try:
            table = live_in(context, channel_id)
            if table is not None:  # opened between the page's lookup and its socket
                await socket.send_json({"type": "next", "table_id": table.id})
            async for message in socket:  # the page only listens
                if message.type == WSMsgType.ERROR:
                    break
        finally:
            pages.remove(channel_id, socket)
        return socket
    finally:
        context.notifier.per_session.give_back(session.sid)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/channels/{channel_id}/table", channel_table)
    app.router.add_get("/api/channels/{channel_id}/ws", channel_socket)
