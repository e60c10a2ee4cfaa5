"""``GET /api/tables/{id}/review``: a finished game's review for the caller's
own seat (tables.reviewing: the stored one, or worked out once by the
thinking pool) — the moves the AI judged furthest below its best, each with
its words and the public board before it with both moves marked, as the
Discord Review button answers privately. A player's only: a watcher, or a
game not finished, is refused as Discord refuses it."""
from __future__ import annotations

import asyncio
import base64

from aiohttp import web

from i18n import t
from tables.errors import Refusal as TableRefusal
from tables.review_show import shown_items
from tables.text import game_name
from web.access import find_table
from web.context import context_of, session_of
from web.refusals import Refusal, from_table


def plain(text: str) -> str:
    """Discord's markdown out of a review line (bold, the small-text mark)."""
    return "\n".join(line.removeprefix("-# ") for line in text.replace("**", "").split("\n"))


async def review(request: web.Request) -> web.Response:
    context, session = context_of(request), session_of(request)
    table = await find_table(context.service, request.match_info["id"], session, context.viewers)
    user = next((seat.user_id for seat in table.record.seats if session.owns(seat.user_id)), None)
    if user is None:
        raise Refusal(403, "web.err.watching")
    reviews = context.service.reviews
    try:
        ready = await reviews.for_user(table.id, user)
    except TableRefusal as error:
        raise from_table(error, locale=session.locale) from None
    items = await asyncio.to_thread(shown_items, table.definition, ready.record, ready.actions, ready.seat,
                                    ready.data, session.locale)
    game = game_name(ready.record.game_type, session.locale)
    title = t("review.title", session.locale, game=game, id=table.id, count=len(items)) if items \
        else t("review.none", session.locale, game=game, id=table.id)
    return web.json_response({
        "table_id": table.id, "seat": ready.seat, "title": plain(title),
        "items": [{"seq": item.seq, "text": plain(item.text), "alt": item.alt,
                   "picture": "data:image/png;base64," + base64.b64encode(item.picture).decode("ascii")}
                  for item in items]}, headers={"Cache-Control": "private, no-store"})


def add_routes(app: web.Application) -> None:
    app.router.add_get(r"/api/tables/{id}/review", review)
