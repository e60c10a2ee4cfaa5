"""Local play (no Discord): a session for this browser, new tables against
the AI levels or hot-seat, created, seated and started at once, and the
local tables in play that anyone here may watch."""
from __future__ import annotations

import secrets
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from engines import ai
from games.definition import GameDefinition
from games.options import CORE_KEYS, FIRST_SEAT, HINTS
from i18n import normalize_locale, t
from tables.errors import Refusal as TableRefusal
from tables.records import is_local_table
from tables.text import game_name
from web.access import SeenTable
from web.context import SESSION, context_of, session_of
from web.refusals import Refusal, from_table
from web.requests import json_body
from web.sessions import COOKIE, LOCAL_SEATS, clean_name, new_local_uid
from web.table_json import seat_label, turn_line

MAX_AI = 10
MAX_LISTED = 50  # the newest local games in play the start page lists


def cookie_args(request: web.Request) -> dict[str, Any]:
    return {"httponly": True, "samesite": "Strict", "secure": request.secure, "path": "/"}


def request_locale(request: web.Request, asked: object = None) -> str:
    if isinstance(asked, str) and asked:
        return normalize_locale(asked)
    first = request.headers.get("Accept-Language", "").split(",")[0].split(";")[0].strip()
    return normalize_locale(first)


async def new_session(request: web.Request) -> web.Response:
    context = context_of(request)
    body = await json_body(request)
    locale = request_locale(request, body.get("locale"))
    name = clean_name(body.get("name"), t("web.local.player", locale, n=1))  # "You" is for the reader only
    session, cookie = context.sessions.new(new_local_uid(), name, locale, "local")
    response = web.json_response({"name": session.name, "locale": session.locale, "mode": session.mode})
    response.set_cookie(COOKIE, cookie, **cookie_args(request))
    return response


def game_options(body: dict[str, Any], games: list[str]) -> tuple[str, list[str], int, dict[str, Any]]:
    game = body.get("game")
    if not isinstance(game, str) or game not in games:
        raise Refusal(400, "web.err.bad_game")
    levels = body.get("ai", [])
    if not isinstance(levels, list) or len(levels) > MAX_AI or not all(
            isinstance(level, str) and level in ai.LEVELS for level in levels):
        raise Refusal(400, "web.err.bad_level")
    if len(set(levels)) > 1:
        raise Refusal(400, "web.err.mixed_levels")
    humans = body.get("humans", 1)
    if type(humans) is not int or not 1 <= humans <= LOCAL_SEATS:
        raise Refusal(400, "web.err.bad_humans")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise Refusal(400, "web.err.bad_options")
    return game, levels, humans, options


def checked_config(definition: GameDefinition, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """The lobby config of a new local table from the request's options, or
    a refusal naming the first option that is unknown or out of range."""
    fields = definition.engine.config_model.model_fields
    unknown = next((key for key in options if key not in fields and key not in CORE_KEYS), None)
    if unknown is not None:
        raise Refusal(400, "web.err.unknown_option", option=str(unknown)[:40])
    if HINTS in options and not isinstance(options[HINTS], bool):
        raise Refusal(400, "web.err.bad_option", option=HINTS)
    try:
        config = definition.config_for(seats, dict(options))
        checked = definition.engine.config_from_json(config)
    except ValidationError as error:
        where = ".".join(str(part) for part in error.errors()[0]["loc"]) if error.errors() else ""
        raise Refusal(400, "web.err.bad_option", option=where[:40] or "?") from None
    except (ValueError, TypeError):
        raise Refusal(400, "web.err.bad_options") from None
    first = getattr(checked, FIRST_SEAT, None)
    if first is not None and first >= seats:
        raise Refusal(400, "web.err.bad_first_seat", option=FIRST_SEAT, seats=seats, most=seats - 1)
    return config


async def new_table(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    service = context.service
    game, levels, humans, options = game_options(await json_body(request), service.registry.ids())
    definition = service.registry.get(game)
    config = checked_config(definition, humans + len(levels), options)
    host = session.local_user(0)
    channel = -(1 + secrets.randbits(52))  # local tables: a channel of their own, never a Discord one
    try:
        table = await service.open_lobby(game, None, channel, host, session.name, config)
    except TableRefusal as error:
        raise from_table(error, locale=session.locale) from None
    try:
        for index in range(1, humans):
            name = t("web.local.player", session.locale, n=index + 1)
            await service.join(table.id, session.local_user(index), name)
        for _ in levels:
            await service.add_ai(table.id, host)
        if levels:
            await service.set_ai_level(table.id, host, levels[0])
        await service.start(table.id, host)
    except TableRefusal as error:
        if service.get(table.id) is not None and table.record.status == "lobby":
            await service.cancel(table.id, host)
        raise from_table(error, locale=session.locale) from None
    return web.json_response({"table_id": table.id})


async def games(request: web.Request) -> web.Response:
    """The games and AI levels the start page offers, in the reader's language."""
    context, session = context_of(request), session_of(request)
    out = []
    for definition in context.service.registry:
        engine = definition.engine
        low, high = engine.seat_range(engine.default_config())
        out.append({"game": definition.game_type, "name": t(f"core.game.{definition.game_type}", session.locale),
                    "min": low, "max": high, "tutorial": definition.tutorial is not None})
    levels = [{"level": level, "name": t(f"ai.level.{level}", session.locale)} for level in ai.LEVELS]
    return web.json_response({"games": out, "levels": levels, "default_level": ai.DEFAULT_LEVEL,
                              "local": context.local, "you": {"name": session.name, "locale": session.locale}})


async def live_tables(request: web.Request) -> web.Response:
    """The local games in play, newest first: public facts only (the game,
    the players, whose turn), for the start page's Watch links."""
    context, session = context_of(request), session_of(request)
    found = [table for table in context.service.tables.values()
             if table.record.status == "playing" and is_local_table(table.record.guild_id, table.record.channel_id)]
    out = []
    for table in sorted(found, key=lambda table: table.id, reverse=True)[:MAX_LISTED] if session.mode == "local" else []:
        seen = SeenTable(table.record, table.definition, table.state, True, [])
        out.append({"table_id": table.id, "game_name": game_name(table.record.game_type, session.locale),
                    "players": [seat_label(seen, i, session.locale) for i in range(len(table.record.seats))],
                    "turn_line": turn_line(seen, session.locale)})
    return web.json_response({"tables": out}, headers={"Cache-Control": "no-store"})


async def who(request: web.Request) -> web.Response:
    """``GET /api/session``, answered with or without a session: whether there
    is one, and whether this server makes local ones (a page's first visit
    asks this rather than meet a 401)."""
    context, session = context_of(request), request.get(SESSION)
    you = {"name": session.name, "locale": session.locale, "mode": session.mode} if session is not None else None
    return web.json_response({"you": you, "local": context.local}, headers={"Cache-Control": "no-store"})


async def end_session(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    context.sessions.end(session)
    response = web.json_response({"ended": True})
    response.del_cookie(COOKIE, path="/")
    return response


def add_routes(app: web.Application, local: bool) -> None:
    if local:
        app.router.add_post("/api/local/session", new_session)
        app.router.add_post("/api/local/tables", new_table)
        app.router.add_get("/api/local/live", live_tables)
    app.router.add_get("/api/games", games)
    app.router.add_get("/api/session", who)
    app.router.add_post("/api/session/end", end_session)
