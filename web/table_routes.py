"""The table routes of the API: the table's JSON, its pictures, acting, and
the WebSocket that says when it changed. Every one checks the session's
seat first (or that it may watch: the public board, the JSON with no hand
and no moves, the socket); a refused request changes nothing."""
from __future__ import annotations

import json
import logging

from aiohttp import WSMsgType, web
from pydantic import ValidationError

from tables.errors import Refusal as TableRefusal
from web.access import SeenTable, chosen_seat, find_table, writing_seat
from web.context import WebContext, context_of, session_of
from web.feeds import TableFeed, asked_seat
from web.notifier import MAX_SOCKETS_PER_SESSION
from web.refusals import Refusal, from_table
from web.requests import json_body
from web.table_json import table_json

log = logging.getLogger(__name__)
PNG_HEADERS = {"Cache-Control": "private, no-cache"}
# A URL that names its version: that version's picture never changes (in the session's language).
VERSION_PNG_HEADERS = {"Cache-Control": "private, max-age=3600, immutable"}


async def get_table(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    asked = request.query.get("seat")
    you = None if table.watching and not asked else chosen_seat(table, asked)
    data = await table_json(context.service, context.pictures, context.notifier.log, table, you, session.locale)
    return web.json_response(data, headers={"Cache-Control": "no-store"})


def asked_version(request: web.Request) -> int | None:
    """The version a picture's URL names (``?v=``); None: the table's now."""
    text = request.query.get("v")
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise Refusal(400, "web.err.bad_version")
    return int(text)


def picture(png: bytes | None, table: SeenTable, version: int | None) -> web.Response:
    """A PNG of that version, or why there is none: nothing to draw yet, or a
    version this process does not hold (moved on, or not heard of yet)."""
    if png is None:
        if version is not None and table.state is not None and version != table.version:
            raise Refusal(404, "web.err.other_version", version=table.version)
        raise Refusal(404, "web.err.no_picture")
    return web.Response(body=png, content_type="image/png",
                        headers=PNG_HEADERS if version is None else VERSION_PNG_HEADERS)


async def board_png(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    version = asked_version(request)
    png = await context.pictures.board(table, session.locale, version) if table.state is not None else None
    return picture(png, table, version)


async def hand_png(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    seat = chosen_seat(table, request.query.get("seat"))
    version = asked_version(request)
    png = await context.pictures.hand(table, seat, session.locale, version) if table.state is not None else None
    return picture(png, table, version)


async def post_action(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    body = await json_body(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    seat = writing_seat(table, body)
    raw = body.get("action")
    if not isinstance(raw, dict):
        raise Refusal(400, "web.err.bad_action")
    try:
        action = table.engine.action_from_json(raw)
    except (ValidationError, ValueError, TypeError):
        raise Refusal(400, "web.err.bad_action") from None
    user_id = table.record.seats[seat].user_id
    if user_id is None or not session.owns(user_id):
        raise Refusal(403, "web.err.not_your_seat")
    live = context.service.get(table.id)  # its record moves on with the move, even when the game ends
    try:
        await context.service.act(table.id, user_id, action, expected_version=body["version"])
    except TableRefusal as error:
        raise from_table(error, table.definition.localize_params, session.locale, table.record.seats) from None
    version_now = live.record.version if live is not None else table.version
    return web.json_response({"version": version_now})


async def table_socket(request: web.Request) -> web.StreamResponse:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    shown = request.query.get("v")  # the version the page shows: it is then sent the table itself
    feed = TableFeed(context, session) if shown is not None else None
    # The session's place is taken before the handshake, so two at once cannot both get the last one.
    if not context.notifier.per_session.take(session.sid):
        raise Refusal(429, "web.err.too_many_sockets", most=MAX_SOCKETS_PER_SESSION)
    try:
        socket = web.WebSocketResponse(heartbeat=30, max_msg_size=4096)
        await socket.prepare(request)
        if not context.notifier.add(table.id, socket, feed, table.record.channel_id, table.record.guild_id):
            await socket.close(code=1013, message=b"busy")
            return socket
        try:
            if feed is not None and shown != str(table.version):  # it changed since the page's answer
                await socket.send_json(await feed.message(table))
            async for message in socket:  # a page only listens, or picks the seat it looks as
                if message.type == WSMsgType.ERROR:
                    break
                if feed is not None and message.type == WSMsgType.TEXT:
                    await look_as(context, feed, socket, message.data, request.match_info["id"])
        finally:
            context.notifier.remove(table.id, socket)
        return socket
    finally:
        context.notifier.per_session.give_back(session.sid)


async def look_as(context: WebContext, feed: TableFeed, socket: web.WebSocketResponse, text: str,
                  table_id: str) -> None:
    """``{"type": "seat", "seat": n | null}``: the page now looks as that seat
    of the session's (hot-seat); it is sent the table so. Anything else is ignored."""
    try:
        picked, seat = asked_seat(json.loads(text))
    except ValueError:
        return
    if not picked:
        return
    feed.seat = seat
    try:
        if context.sessions.ended(feed.session):
            raise Refusal(401, "web.err.no_session")
        table = await find_table(context.service, table_id, feed.session, context.viewers)
    except Refusal:
        await socket.close(code=1008, message=b"not allowed")
        return
    await socket.send_json(await feed.message(table))


def add_routes(app: web.Application) -> None:
    app.router.add_get(r"/api/tables/{id}", get_table)
    app.router.add_get(r"/api/tables/{id}/board.png", board_png)
    app.router.add_get(r"/api/tables/{id}/hand.png", hand_png)
    app.router.add_post(r"/api/tables/{id}/actions", post_action)
    app.router.add_get(r"/api/tables/{id}/ws", table_socket)
