"""The tutorials on the web board (``/learn/{game}``): the page, the
tutorial's JSON, a move, Start over, and its pictures. Progress is the
session's user's (a local session's id, a Discord session's real id: the
rows Discord's /learn keeps, so a player goes on where they left off), saved
after every step taken. A move other than the step's taught one is refused
with the step's own explanation and changes nothing (docs/learning.md)."""
from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from games.definition import GameDefinition
from i18n import t
from tables.learning import Learning
from web.context import context_of, session_of
from web.learn_json import LearnPictures, learn_json, load_or_start, web_key
from web.pages import PAGE_HEADERS, STATIC
from web.refusals import Refusal
from web.requests import json_body

PICTURES = web.AppKey("tabletop_learn_pictures", LearnPictures)
NO_STORE = {"Cache-Control": "no-store"}
_locks: dict[tuple[int, str], asyncio.Lock] = {}  # per player and game: two quick taps take one step


def _lock(user_id: int, game: str) -> asyncio.Lock:
    return _locks.setdefault((user_id, game), asyncio.Lock())


def tutorial_game(request: web.Request) -> GameDefinition:
    """The game the URL names, refused unless it has a tutorial."""
    registry = context_of(request).service.registry
    game = request.match_info["game"]
    if game not in registry or registry.get(game).tutorial is None:
        raise Refusal(404, "web.err.no_tutorial")
    return registry.get(game)


async def learning_of(request: web.Request, definition: GameDefinition) -> Learning:
    session = session_of(request)
    return await load_or_start(context_of(request).service.queries.tutorials, definition, session.uid, session.name)


async def answer(request: web.Request, learning: Learning, notes: list[str] | None = None) -> web.Response:
    data = await learn_json(learning, request.app[PICTURES], session_of(request).locale, notes)
    return web.json_response(data, headers=NO_STORE)


async def get_learning(request: web.Request) -> web.Response:
    definition = tutorial_game(request)
    session = session_of(request)
    async with _lock(session.uid, definition.game_type):
        learning = await learning_of(request, definition)
    return await answer(request, learning)


def read_move(body: dict[str, Any], learning: Learning) -> Any:
    """The body's action for the step it names: the step shown, else refused."""
    step = body.get("step")
    if type(step) is not int:
        raise Refusal(400, "web.err.bad_step")
    if learning.finished:
        raise Refusal(409, "tutorial.over")
    if step != learning.step:
        raise Refusal(409, "web.err.learn_moved_on", step=learning.step + 1)
    raw = body.get("action")
    if not isinstance(raw, dict):
        raise Refusal(400, "web.err.bad_action")
    try:
        return learning.definition.engine.action_from_json(raw)
    except (ValidationError, ValueError, TypeError):
        raise Refusal(400, "web.err.bad_action") from None


async def post_move(request: web.Request) -> web.Response:
    definition = tutorial_game(request)
    session, body = session_of(request), await json_body(request)
    locale = session.locale
    async with _lock(session.uid, definition.game_type):
        learning = await learning_of(request, definition)
        action = read_move(body, learning)
        tried = learning.runner.attempt(learning.state, learning.step, action)
        if not tried.accepted:
            tutorial = learning.tutorial
            explained = t(web_key(tutorial, tutorial.steps[learning.step], "wrong"), locale, **tutorial.params)
            return web.json_response({"error": tried.wrong, "step": learning.step,
                                      "message": t("tutorial.wrong", locale, text=explained)}, status=422)
        learning.step, learning.state = tried.step, tried.state
        await learning.save(context_of(request).service.queries.tutorials)
    notes = [t("tutorial.well_done", locale), *learning.event_lines(tried.events, locale)]
    notes += [t("tutorial.ai_played", locale, line=line) for line in learning.event_lines(tried.reply_events, locale)]
    return await answer(request, learning, notes)


async def post_restart(request: web.Request) -> web.Response:
    definition = tutorial_game(request)
    session = session_of(request)
    async with _lock(session.uid, definition.game_type):
        learning = await learning_of(request, definition)
        learning.restart()
        await learning.save(context_of(request).service.queries.tutorials)
    return await answer(request, learning, [t("tutorial.started_over", session.locale)])


async def picture(request: web.Request, kind: str) -> web.Response:
    definition = tutorial_game(request)
    session = session_of(request)
    async with _lock(session.uid, definition.game_type):
        learning = await learning_of(request, definition)
    png = await request.app[PICTURES].draw(learning, kind, session.locale)
    if png is None:
        raise Refusal(404, "web.err.no_picture")
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, no-cache"})


async def board_png(request: web.Request) -> web.Response:
    return await picture(request, "board")


async def hand_png(request: web.Request) -> web.Response:
    return await picture(request, "hand")


async def learn_page(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "learn.html", headers=PAGE_HEADERS)


def add_routes(app: web.Application) -> None:
    app[PICTURES] = LearnPictures()
    game = r"{game:[a-z0-9_]{1,32}}"
    app.router.add_get(f"/learn/{game}", learn_page)
    app.router.add_get(f"/api/learn/{game}", get_learning)
    app.router.add_post(f"/api/learn/{game}/move", post_move)
    app.router.add_post(f"/api/learn/{game}/restart", post_restart)
    app.router.add_get(f"/api/learn/{game}/board.png", board_png)
    app.router.add_get(f"/api/learn/{game}/hand.png", hand_png)
