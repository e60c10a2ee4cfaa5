"""A lobby from the board (issue 35): open one for a Discord channel (the
Activity's) or a local one, and every lobby step — join, leave, add an AI,
its level, an option, who starts, a side (the host: any seat's), a seat's
own choice (a Death Front faction: the host's for an AI seat), cancel,
start — and a finished
game's rematch. Each is a call of the table service's lobby (tables/lobby.py,
the same steps the Discord lobby's buttons take), so its checks and
refusals are the Discord lobby's; every page of the table hears the change
(``WebNotifier.lobby_updated``) and so does the channel's lobby message."""
from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tables.errors import Refusal as TableRefusal
from tables.service import TableService
from web.access import find_table
from web.channel_routes import may_view, snowflake
from web.context import context_of, session_of
from web.refusals import Refusal, from_table
from web.requests import json_body
from web.sessions import Session

MAX_TEXT = 40
Step = Callable[[TableService, int, Session, dict[str, Any]], Awaitable[object]]


def text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise Refusal(400, "web.err.bad_lobby_step")
    return value


def small(body: dict[str, Any], key: str, optional: bool = False) -> int | None:
    value = body.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < 64:
        raise Refusal(400, "web.err.bad_lobby_step")
    return value


STEPS: dict[str, Step] = {
    "join": lambda service, table, session, body: service.join(table, session.uid, session.name),
    "leave": lambda service, table, session, body: service.leave(table, session.uid),
    "add_ai": lambda service, table, session, body: service.add_ai(table, session.uid),
    "ai_level": lambda service, table, session, body: service.set_ai_level(table, session.uid, text(body, "level")),
    "option": lambda service, table, session, body: service.set_option(
        table, session.uid, text(body, "key"), text(body, "value")),
    "side": lambda service, table, session, body: service.pick_side(
        table, session.uid, small(body, "side") or 0, small(body, "seat", optional=True)),
    "choice": lambda service, table, session, body: service.set_seat_option(
        table, session.uid, text(body, "key"), text(body, "value"), small(body, "seat", optional=True)),
    "cancel": lambda service, table, session, body: service.cancel(table, session.uid),
    "start": lambda service, table, session, body: service.start(table, session.uid),
}


async def lobby_step(request: web.Request) -> web.Response:
    """``POST /api/tables/{id}/lobby`` ``{"do": step, …}``: one lobby step as the session's user."""
    context, session = context_of(request), session_of(request)
    body = await json_body(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    asked = body.get("do")
    step = STEPS.get(asked) if isinstance(asked, str) else None
    if step is None:
        raise Refusal(400, "web.err.bad_lobby_step")
    if not table.live or table.record.status != "lobby":
        raise Refusal(409, "core.err.not_lobby")
    try:
        await step(context.service, table.id, session, body)
    except TableRefusal as error:
        raise from_table(error, table.definition.localize_params, session.locale, table.record.seats) from None
    return web.json_response({"table_id": table.id})


async def where_to_open(request: web.Request, body: dict[str, Any]) -> tuple[int | None, int]:
    """(server, channel) of a new lobby: the Activity's channel for a Discord
    session that may view it; a channel of its own for a local one."""
    context, session = context_of(request), session_of(request)
    if session.mode == "local" and context.local:
        return None, -(1 + secrets.randbits(52))  # as local play's tables: never a Discord channel
    channel = snowflake(str(body.get("channel_id", "")))
    guild = snowflake(str(body.get("guild_id", "")))
    if session.mode != "discord" or channel is None or guild is None:
        raise Refusal(400, "activity.err.bad_channel")
    if not await may_view(context, session, guild, channel):
        raise Refusal(403, "activity.err.not_in_channel")
    return guild, channel


async def open_lobby(request: web.Request) -> web.Response:
    """``POST /api/lobbies`` ``{"game", "channel_id"?, "guild_id"?}``: a lobby with the session's user as host."""
    context, session = context_of(request), session_of(request)
    body = await json_body(request)
    game = body.get("game")
    if not isinstance(game, str) or game not in context.service.registry.ids():
        raise Refusal(400, "web.err.bad_game")
    guild, channel = await where_to_open(request, body)
    try:  # announced as opened elsewhere: the chat posts its lobby message, the channel's pages hear of it
        table = await context.service.open_lobby(game, guild, channel, session.uid, session.name, elsewhere=True)
    except TableRefusal as error:
        raise from_table(error, locale=session.locale) from None
    return web.json_response({"table_id": table.id})


async def rematch(request: web.Request) -> web.Response:
    """``POST /api/tables/{id}/rematch``: a finished game's rematch lobby in its channel, the caller host."""
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    user = next((seat.user_id for seat in table.record.seats if session.owns(seat.user_id)), None)
    if user is None:
        raise Refusal(403, "core.err.not_seated")
    try:
        new, _old = await context.service.rematch(table.id, user, session.name, elsewhere=True)
    except TableRefusal as error:
        raise from_table(error, locale=session.locale) from None
    return web.json_response({"table_id": new.id})


def add_routes(app: web.Application) -> None:
    app.router.add_post("/api/lobbies", open_lobby)
    app.router.add_post(r"/api/tables/{id}/lobby", lobby_step)
    app.router.add_post(r"/api/tables/{id}/rematch", rematch)
