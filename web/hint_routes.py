"""``GET /api/tables/{id}/hint``: the AI's suggested move for the session's
own seat on its turn, in a game with hints on (``tables.hints``, the same
hint as Discord's ``/hint``). It reads the seat's information state only
and changes nothing; any other request is refused (docs/web.md)."""
from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from tables.errors import Refusal as TableRefusal
from tables.hints import hint_text, reason
from tables.review_show import move_text
from web.access import chosen_seat, find_table
from web.context import context_of, session_of
from web.moves import move_json
from web.refusals import Refusal, from_table


async def get_hint(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    seat = chosen_seat(table, request.query.get("seat"))
    user_id = table.record.seats[seat].user_id
    if not table.live or user_id is None:
        raise Refusal(409, "hints.no_game")
    try:
        hint = await context.service.hint(table.id, user_id)
    except TableRefusal as error:
        raise from_table(error, table.definition.localize_params, session.locale) from None
    locale = session.locale

    def words() -> tuple[dict[str, Any], str, str]:
        _, said = move_text(table.definition, hint.info, hint.seat, hint.action, locale)
        return (move_json(table, hint.action, said, locale), reason(table.definition, hint, locale),
                hint_text(table.definition, hint, locale))

    move, why, text = await asyncio.to_thread(words)
    return web.json_response({"version": hint.version, "seat": hint.seat, "move": move, "why": why, "text": text},
                             headers={"Cache-Control": "no-store"})


def add_routes(app: web.Application) -> None:
    app.router.add_get(r"/api/tables/{id}/hint", get_hint)
