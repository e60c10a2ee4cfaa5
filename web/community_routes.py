"""A server's leaderboards and players' profiles on the board (issue 35),
read through the table service's read side (``service.queries``) as
Discord's ``/leaderboard`` and ``/profile`` read them:

- ``GET /api/channels/{channel_id}/leaderboard?guild_id=&game=&season=``
- ``GET /api/channels/{channel_id}/profile?guild_id=&user_id=`` (the reader when no user)
- ``GET /api/tables/{id}/seats/{seat}/profile``: the player of a seat of a
  table the reader sees (web/access.py), in that table's server.

A channel's routes answer a Discord session that may read the channel
(``ChannelViewers``, which also checks that the channel is the server's):
who may read one of a server's channels may read its boards, as anyone
there may run ``/leaderboard`` and ``/profile``. Local play is not rated
(no server), so it has neither. A profile is of a player this server has
results or ratings for (or a seat's player, or the reader): nothing is
told of anyone else, nor of a player forgotten by ``/privacy delete``."""
from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from render.profile import profile_png
from tables import profiles
from tables.errors import TableError
from tables.queries import Queries
from web.access import find_table
from web.channel_routes import snowflake
from web.community_json import leaderboard_json, profile_json
from web.context import WebContext, context_of, session_of
from web.refusals import Refusal
from web.sessions import Session

NO_STORE = {"Cache-Control": "private, no-store"}


async def channel_guild(request: web.Request) -> tuple[WebContext, Session, int]:
    """The server of the request's channel, when the session may read that channel."""
    context, session = context_of(request), session_of(request)
    if session.mode != "discord":
        raise Refusal(404, "web.err.server_only")
    channel = snowflake(request.match_info["channel_id"])
    guild = snowflake(request.query.get("guild_id"))
    if channel is None or guild is None:
        raise Refusal(400, "activity.err.bad_channel")
    try:
        allowed = context.viewers is not None and await context.viewers.can_view(session.uid, guild, channel) is True
    except Exception:  # who may read a channel is Discord's to say; not knowing is no
        allowed = False
    if not allowed:
        raise Refusal(403, "activity.err.not_in_channel")
    return context, session, guild


async def leaderboard(request: web.Request) -> web.Response:
    context, session, guild = await channel_guild(request)
    game_types = context.service.registry.ids()
    game = request.query.get("game") or game_types[0]
    if game not in game_types:
        raise Refusal(400, "web.err.bad_game")
    season = season_number(request.query.get("season"))
    queries = context.service.queries
    try:
        shown, rows = await queries.leaderboard(guild, game, season)
    except TableError:  # season.err.unknown
        raise Refusal(404, "web.err.no_season", season=season) from None
    seasons = await queries.seasons.all(guild)
    return web.json_response(leaderboard_json(game, game_types, shown, season, seasons, rows, session.uid,
                                              session.locale), headers=NO_STORE)


def season_number(asked: str | None) -> int | None:
    """The season asked for (None: the current table)."""
    if asked is None or asked == "":
        return None
    if not asked.isascii() or not asked.isdigit() or len(asked) > 5:
        raise Refusal(404, "web.err.no_season", season=asked[:8])
    return int(asked)


async def stored_name(queries: Queries, profile: profiles.Profile, user_id: int) -> str | None:
    """The player's name as this server last stored it (a rating's, else a seat's), None: not known here."""
    if profile.ratings:
        return max(profile.ratings.values(), key=lambda row: row.last_played).name
    for result in profile.recent:
        record = await queries.game(result.game_id)
        seat = next((s for s in record.seats if s.user_id == user_id), None) if record is not None else None
        if seat is not None:
            return seat.name
    return None


async def profile_answer(context: WebContext, session: Session, guild: int, user_id: int,
                         name: str | None) -> web.Response:
    """``user_id``'s profile in ``guild``; ``name``: the name to show (None: as stored, and refused when none)."""
    queries = context.service.queries
    profile = await queries.profile(guild, user_id)
    name = name or await stored_name(queries, profile, user_id)
    if name is None:
        raise Refusal(404, "web.err.unknown_player")
    card = profiles.card(profile, context.service.registry.ids(), name, session.locale)
    png = await draw(context, card, session.locale)
    return web.json_response(profile_json(user_id, card, png, session.locale), headers=NO_STORE)


async def draw(context: WebContext, card: Any, locale: str) -> bytes:
    """Off the event loop: the drawing pool when the process has one, else a thread."""
    drawing = context.pictures.drawing
    if drawing is None:
        return await asyncio.to_thread(profile_png, card, locale)
    return bytes(await drawing.compute(profile_png, card, locale))


async def channel_profile(request: web.Request) -> web.Response:
    context, session, guild = await channel_guild(request)
    asked = request.query.get("user_id")
    user_id = session.uid if asked in (None, "") else snowflake(asked)
    if user_id is None:
        raise Refusal(404, "web.err.unknown_player")
    return await profile_answer(context, session, guild, user_id, session.name if user_id == session.uid else None)


async def seat_profile(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    text = request.match_info["seat"]
    seat_no = int(text) if text.isascii() and text.isdigit() and len(text) < 3 else -1
    if not 0 <= seat_no < len(table.record.seats):
        raise Refusal(404, "web.err.unknown_player")
    if table.record.guild_id is None:
        raise Refusal(404, "web.err.server_only")
    seat = table.record.seats[seat_no]
    if seat.user_id is None:  # an AI added in the lobby, or a player forgotten by /privacy delete
        raise Refusal(404, "web.err.ai_profile" if seat.is_ai else "web.err.unknown_player")
    return await profile_answer(context, session, table.record.guild_id, seat.user_id, seat.name)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/channels/{channel_id}/leaderboard", leaderboard)
    app.router.add_get("/api/channels/{channel_id}/profile", channel_profile)
    app.router.add_get(r"/api/tables/{id}/seats/{seat}/profile", seat_profile)
