"""``POST /api/tables/{id}/continue``: a move built pair by pair on the
server, for a game whose legal moves are too many to list (every SETUP
play). The page sends the pairs it has so far; the answer is the pairs that
may come next and, when the pairs are a whole legal move, that move as the
table's moves list it. Only a seat's own player on their turn, on the
version shown; it reads and changes nothing else (docs/web.md)."""
from __future__ import annotations

from typing import Any

from aiohttp import web

from engines.base import IllegalAction
from tables import seating
from web.access import SeenTable, find_table, writing_seat
from web.context import context_of, session_of
from web.moves import move_json
from web.refusals import Refusal, from_table
from web.requests import json_body
from web.sessions import Session

MAX_STEPS = 16  # more than any game's move (a SETUP play has 8 tiles at most)
MAX_REGION = 40  # characters of a region id


def read_steps(raw: Any) -> list[tuple[str, str]]:
    """The body's ``steps``: a list of [start, end] region ids, else 422."""
    if not isinstance(raw, list) or len(raw) > MAX_STEPS:
        raise Refusal(422, "web.err.bad_steps")
    steps = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(part, str) and 0 < len(part) <= MAX_REGION for part in pair)):
            raise Refusal(422, "web.err.bad_steps")
        steps.append((pair[0], pair[1]))
    return steps


def acting_seat(table: SeenTable, session: Session, body: dict[str, Any]) -> int:
    """The seat the request builds for: the session's, live, to act, on the version shown."""
    seat = writing_seat(table, body)
    user_id = table.record.seats[seat].user_id
    if user_id is None or not session.owns(user_id):
        raise Refusal(403, "web.err.not_your_seat")
    seating.require_turn(table, seat)
    return seat


async def post_continue(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    body = await json_body(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    continuer = table.definition.continue_move
    if continuer is None:
        raise Refusal(404, "web.err.no_steps")
    seat = acting_seat(table, session, body)
    steps = read_steps(body.get("steps"))
    if table.state is None:
        raise Refusal(409, "core.err.not_playing")
    try:  # cheap: one preview of a play of eight tiles at most, so it runs on the loop
        found = continuer(table.state, seat, steps, session.locale)
    except IllegalAction as error:
        raise from_table(error, table.definition.localize_params, session.locale) from None
    whole = move_json(table, found.whole, found.words, session.locale) \
        if found.whole is not None and found.words is not None else None
    return web.json_response({"version": table.record.version, "next": [list(pair) for pair in found.next],
                              "whole": whole}, headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application) -> None:
    app.router.add_post(r"/api/tables/{id}/continue", post_continue)
