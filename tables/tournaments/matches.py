"""A match's table and its score (pure): who sits where, the config the
bot opens the table with, and the score a finished game gives each entrant."""
from __future__ import annotations

from typing import Any

from db.models import Seat
from db.tournaments import Entrant, Tournament
from engines import ai
from games.definition import GameDefinition
from games.options import TURN_MINUTES
from tables.errors import TableError
from tables.tournaments.pairing import DRAW, LOSS, WIN

# The level an AI entrant plays at (the lobby's default).
AI_LEVEL = ai.DEFAULT_LEVEL


def entrant_seats(entrant: Entrant, team: int, definition: GameDefinition, teams: bool,
                  ai_level: str = AI_LEVEL) -> list[Seat]:
    """The seats an entrant takes: one, or two partners (an AI entrant: two AI seats)."""
    if not teams:
        return [_seat(entrant.user_id, entrant.name, {}, ai_level)]
    match = definition.team_match
    if match is None:
        raise TableError("tournament.err.no_teams")
    partner = entrant.partner_name or entrant.name
    return [_seat(entrant.user_id, entrant.name, match.seat_options(team, 0), ai_level),
            _seat(entrant.partner_id if not entrant.is_ai else None, partner, match.seat_options(team, 1), ai_level)]


def _seat(user_id: int | None, name: str, options: dict[str, Any], ai_level: str) -> Seat:
    if user_id is None:
        return Seat(name=name, ai_reason="added", ai_level=ai_level, options=options)
    return Seat(user_id=user_id, name=name, options=options)


def match_table(t: Tournament, definition: GameDefinition, a: Entrant, b: Entrant,
                ai_level: str = AI_LEVEL) -> tuple[dict[str, Any], list[Seat]]:
    """The config and seats of a match's table: ``a`` in the first seat(s), ``b`` in the next."""
    config: dict[str, Any] = {}
    if t.teams:
        if definition.team_match is None:
            raise TableError("tournament.err.no_teams")
        config = definition.team_match.config(config)
    if t.turn_minutes:
        config[TURN_MINUTES] = t.turn_minutes
    seats = (entrant_seats(a, 0, definition, t.teams, ai_level)
             + entrant_seats(b, 1, definition, t.teams, ai_level))
    return config, seats


def match_score(teams: bool, ranks: dict[int, int]) -> tuple[float, float]:
    """(a's score, b's) from the finished game's ranks per seat: the better
    rank wins, equal ranks draw (a resigned side is ranked last, so it loses)."""
    size = 2 if teams else 1
    rank_a = min(ranks.get(s, 99) for s in range(size))
    rank_b = min(ranks.get(s, 99) for s in range(size, 2 * size))
    if rank_a == rank_b:
        return DRAW, DRAW
    return (WIN, LOSS) if rank_a < rank_b else (LOSS, WIN)
