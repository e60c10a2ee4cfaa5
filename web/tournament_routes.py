"""A server's tournament on the board (issue 35 item 5):
``GET /api/channels/{channel_id}/tournaments?guild_id=[&id=]`` — the newest
tournament of the Activity's server (or the one asked for): its standings
after the last round played, drawn by ``render.tournament`` as Discord's
``/tournament standings`` draws them, with their lines in words, and the
reader's next match (the opponent, and the game when it is open); each
standing's players, whose profiles open from it
(``…/tournaments/{tid}/profile?guild_id=&user_id=``). Read
through ``service.queries``; for a Discord session that may read the
channel (web/community_routes.py). Entrants show as the Discord messages
show them (a forgotten one as "a former player")."""
from __future__ import annotations

import asyncio
import base64
from typing import Any

from aiohttp import web

from i18n import t
from render.tournament import StandingLine, StandingsSheet, score, standings_png
from tables.records import Entrant, Match, Tournament
from tables.text import game_name
from tables.tournaments.flow import played_of
from tables.tournaments.names import entrant_name
from tables.tournaments.pairing import standings
from web.channel_routes import snowflake
from web.community_routes import NO_STORE, channel_guild, profile_answer
from web.refusals import Refusal


def next_match(tournament: Tournament, matches: list[Match], entrants: dict[int, Entrant], reader: int,
               locale: str) -> dict[str, Any] | None:
    """The reader's match of the running round not yet recorded (or their bye in it), if any."""
    mine = {n for n, e in entrants.items() if reader in e.users}
    for match in matches:
        if match.round != tournament.round_no or not {match.a, match.b} & mine or tournament.status != "running":
            continue
        if match.recorded and match.b is not None:
            continue
        other = match.b if match.a in mine else match.a
        opponent = entrant_name(entrants.get(other), locale) if other is not None else None
        text = t("web.community.next_match", locale, round=match.round, opponent=opponent) if opponent \
            else t("web.community.next_bye", locale, round=match.round)
        return {"round": match.round, "opponent": opponent, "table_id": match.game_id, "text": text}
    return None


def people(entrant: Entrant | None, locale: str) -> list[dict[str, str]]:
    """The entrant's players whose profiles open from the standings: none for
    an AI, nor for a player forgotten by /privacy delete (no id is kept)."""
    if entrant is None:
        return []
    named = [(entrant.user_id, entrant.name), (entrant.partner_id, entrant.partner_name)]
    return [{"user_id": str(user), "name": name} for user, name in named if user is not None and name]


async def entrant_profile(request: web.Request) -> web.Response:
    """``GET /api/channels/{cid}/tournaments/{tid}/profile?guild_id=&user_id=``: the
    profile of an entrant of one of the server's tournaments (as a seat's player:
    the card, empty for one with no game finished here yet)."""
    context, session, guild = await channel_guild(request)
    tournament_id, user_id = snowflake(request.match_info["tid"]), snowflake(request.query.get("user_id"))
    found = [x for x in await context.service.queries.tournaments(guild) if x.id == tournament_id]
    if not found or user_id is None:
        raise Refusal(404, "web.err.unknown_player")
    entrants = await context.service.queries.tournament_entrants(found[0].id)
    name = next((person["name"] for entrant in entrants for person in people(entrant, session.locale)
                 if person["user_id"] == str(user_id)), None)
    if name is None:
        raise Refusal(404, "web.err.unknown_player")
    return await profile_answer(context, session, guild, user_id, name)


async def tournaments(request: web.Request) -> web.Response:
    context, session, guild = await channel_guild(request)
    queries, locale = context.service.queries, session.locale
    found = await queries.tournaments(guild)
    asked = request.query.get("id")
    if asked:
        number = snowflake(asked)
        found = [x for x in found if x.id == number]
    if not found:
        raise Refusal(404, "web.err.no_tournament")
    tournament = found[0]
    entrants = {e.entrant: e for e in await queries.tournament_entrants(tournament.id)}
    matches = await queries.tournament_matches(tournament.id)
    played = played_of(matches)
    shown = max((p.round for p in played), default=0)
    table = standings(tournament.format, list(entrants), played) if tournament.round_no else []
    lines = [StandingLine(s.rank, entrant_name(entrants.get(s.entrant), locale), s.points, s.buchholz, s.wins,
                          s.draws, s.losses, s.byes, s.eliminated, s.sonneborn_berger) for s in table]
    answer: dict[str, Any] = {
        "id": tournament.id, "status": tournament.status, "round": tournament.round_no, "rounds": tournament.rounds,
        "title": t("tournament.title", locale, id=tournament.id, game=game_name(tournament.game_type, locale)),
        "others": [{"id": x.id, "title": t("tournament.title", locale, id=x.id, game=game_name(x.game_type, locale))}
                   for x in found[1:]] if not asked else [],
        "lines": [{"rank": s.rank, "name": s.name, "points": score(s.points),
                   "people": people(entrants.get(row.entrant), locale)} for s, row in zip(lines, table)],
        "next": next_match(tournament, matches, entrants, session.uid, locale),
        "standings": None, "alt": None,
    }
    if lines:
        sheet = StandingsSheet(t("tournament.name", locale, id=tournament.id), tournament.game_type,
                               tournament.format, shown, tournament.rounds, lines, tournament.status == "finished")
        png = await asyncio.to_thread(standings_png, sheet, locale)
        answer["standings"] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        answer["alt"] = t("tournament.standings.alt", locale, id=tournament.id) + ": " + "; ".join(
            t("web.community.standing_line", locale, rank=s.rank, name=s.name, points=score(s.points)) for s in lines)
    return web.json_response(answer, headers=NO_STORE)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/channels/{channel_id}/tournaments", tournaments)
    app.router.add_get("/api/channels/{channel_id}/tournaments/{tid}/profile", entrant_profile)
