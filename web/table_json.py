"""The JSON of ``GET /api/tables/{id}``: the public view's picture, the
caller's own hand, their legal moves, the log and whose turn it is —
never another seat's hand (docs/web.md)."""
from __future__ import annotations

import asyncio
from typing import Any

from engines import ai
from games.options import hints_on
from i18n import t
from tables import privacy
from tables.service import TableService
from tables.text import game_name
from web.access import SeenTable
from web.game_log import GameLog
from web.moves import legal_moves
from web.pictures import Pictures


def seat_label(table: SeenTable, seat: int, locale: str) -> str:
    s = table.record.seats[seat]
    if not s.is_ai:
        return privacy.seat_name(s, locale)
    level = ai.normalize_level(s.ai_level if s.ai_reason == "added" else ai.TIMEOUT_LEVEL)
    return t("ai.board.seat", locale, name=s.name, level=t(f"ai.level.{level}", locale))


def turn_line(table: SeenTable, locale: str) -> str:
    status = table.record.status
    if status in ("finished", "abandoned"):
        return t("core.board.over", locale)
    if status != "playing":
        return ""
    names = ", ".join(seat_label(table, s, locale) for s in table.to_act())
    return t("core.board.turn", locale, players=names) if names else ""


def first_pairs(table: SeenTable, you: int | None, locale: str) -> list[list[str]]:
    """The pairs a move built on the server may start with (``POST .../continue``
    with no pairs), so the page need not ask at each new position."""
    continuer = table.definition.continue_move
    if continuer is None or you is None or table.state is None:
        return []
    return [list(pair) for pair in continuer(table.state, you, [], locale).next]


async def picture_json(pictures: Pictures, table: SeenTable, kind: str, seat: int | None, view: Any,
                       url: str, locale: str) -> dict[str, Any]:
    """One picture of the answer: its URL (naming the version), its size from
    the renderer's geometry, its tap regions with their names in words and
    its alt text, all of ``view``."""
    width, height = await pictures.size(table, kind, seat, view, locale)
    renderer = table.definition.renderer
    regions = pictures.regions(table, kind, view, locale)
    return {"png": url, "width": width, "height": height, "regions": regions,
            "names": pictures.names(table, kind, view, regions, locale),
            "alt": renderer.board_alt(view, locale) if kind == "board" else renderer.hand_alt(view, locale)}


async def table_json(service: TableService, pictures: Pictures, log: GameLog, table: SeenTable,
                     you: int | None, locale: str) -> dict[str, Any]:
    """``you``: the seat the page shows, None for a watcher (no hand, no moves).
    Everything in it is of one state, ``table``'s at its version: the pictures
    its URLs name are drawn from that state (``Pictures.remember``)."""
    record = table.record
    base = f"/api/tables/{record.id}"
    board: dict[str, Any] | None = None
    hand: dict[str, Any] | None = None
    moves: list[dict[str, Any]] = []
    if table.state is not None:
        pictures.remember(table)
        engine = table.engine
        board = await picture_json(pictures, table, "board", None, engine.public_view(table.state),
                                   f"{base}/board.png?v={table.version}", locale)
        own = engine.private_view(table.state, you) if you is not None else None
        if own is not None:
            hand = await picture_json(pictures, table, "hand", you, own,
                                      f"{base}/hand.png?v={table.version}&seat={you}", locale)
        if you is not None:
            moves = await asyncio.to_thread(legal_moves, table, you, locale)
    continues = table.definition.continue_move is not None and bool(moves)
    return {
        "table_id": record.id,
        "game_type": record.game_type,
        "game_name": game_name(record.game_type, locale),
        "version": table.version,
        "status": record.status,
        "locale": locale,
        "seats": [{"seat": i, "name": seat_label(table, i, locale), "ai": s.is_ai, "yours": i in table.mine}
                  for i, s in enumerate(record.seats)],
        "to_act": table.to_act(),
        "you": you,
        "watching": table.watching,
        "board": board,
        "hand": hand,
        "moves": moves,
        # The game builds moves beyond the listed ones pair by pair: POST .../continue.
        "continues": continues,
        "next": first_pairs(table, you, locale) if continues else [],  # that answer for no pairs yet
        "hints": hints_on(record.config),  # GET .../hint answers the seat to act (issue 23)
        "log": await log.lines(service, table, locale),
        "turn_line": turn_line(table, locale),
    }
