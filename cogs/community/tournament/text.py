"""The words and pictures of a tournament on Discord: the sign-up embed,
entrant names, the standings and podium (drawn in a thread, off the event
loop) with their short texts."""
from __future__ import annotations

import discord

from cogs.common import png_file, render
from i18n import t
from render.tournament import PodiumPlace, StandingLine, StandingsSheet, podium_png, score, standings_png
from tables.records import Entrant, Tournament
from tables.text import game_name, safe_name
from tables.tournaments.names import entrant_name
from tables.tournaments.pairing import Standing

MAX_LISTED = 40  # entrants listed in the sign-up embed (the field holds 1024 characters)
TEXT_LINES = 3  # standings lines written under the picture (the picture has them all)




def number(value: float) -> str:
    """Points as the pictures write them (halves as ½)."""
    return score(value)


def format_line(t_: Tournament, locale: str) -> str:
    # Before the start, asked rounds are a most (the entrants who come may allow fewer).
    rounds_key = "tournament.rounds_up_to" if t_.status == "signup" else "tournament.rounds"
    parts = [t(f"pairing.format.{t_.format}", locale),
             t(rounds_key, locale, count=t_.rounds) if t_.rounds else t("tournament.rounds_auto", locale)]
    if t_.teams:
        parts.append(t("tournament.teams", locale))
    if t_.turn_minutes:
        parts.append(t("tournament.turn", locale, minutes=t_.turn_minutes))
    return " · ".join(parts)


def signup_embed(t_: Tournament, entrants: list[Entrant], locale: str, closed: str | None = None) -> discord.Embed:
    title = t("tournament.title", locale, id=t_.id, game=game_name(t_.game_type, locale))
    help_key = "tournament.signup_help_teams" if t_.teams else "tournament.signup_help"
    description = format_line(t_, locale) + "\n\n" + (t(closed, locale) if closed else
                                                       t(help_key, locale, organiser=t_.organiser_id))
    embed = discord.Embed(title=title, description=description, colour=discord.Colour.gold())
    lines = [f"{i}. {'🤖 ' if e.is_ai else ''}{safe_name(entrant_name(e, locale))}"
             for i, e in enumerate(entrants[:MAX_LISTED], start=1)]
    if len(entrants) > MAX_LISTED:
        lines.append("…")
    embed.add_field(name=t("tournament.entrants", locale, count=len(entrants)),
                    value="\n".join(lines) or t("tournament.none_yet", locale), inline=False)
    return embed


def sheet(t_: Tournament, round_no: int, standings: list[Standing], entrants: dict[int, Entrant], locale: str,
          finished: bool = False) -> StandingsSheet:
    lines = [StandingLine(s.rank, entrant_name(entrants.get(s.entrant), locale), s.points, s.buchholz, s.wins,
                          s.draws, s.losses, s.byes, s.eliminated, s.sonneborn_berger) for s in standings]
    return StandingsSheet(t("tournament.name", locale, id=t_.id), t_.game_type, t_.format, round_no, t_.rounds,
                          lines, finished)


async def standings_message(t_: Tournament, round_no: int, standings: list[Standing],
                            entrants: dict[int, Entrant], locale: str,
                            finished: bool = False) -> tuple[str, discord.File]:
    """The standings picture and a short text: the title and the top lines."""
    image = await render(standings_png, sheet(t_, round_no, standings, entrants, locale, finished), locale)
    text = [t("tournament.standings.title", locale, id=t_.id, round=round_no, rounds=t_.rounds)]
    # The format's tie-break, as the picture shows it: Swiss Buchholz, round-robin Sonneborn-Berger.
    key = {"swiss": "line", "round-robin": "line_sb"}.get(t_.format, "line_plain")
    for s in standings[:TEXT_LINES]:
        text.append(t(f"tournament.standings.{key}", locale, rank=s.rank,
                      name=safe_name(entrant_name(entrants.get(s.entrant), locale)), points=number(s.points),
                      tiebreak=number(s.buchholz if t_.format == "swiss" else s.sonneborn_berger)))
    return "\n".join(text), png_file(image, "standings.png", t("tournament.standings.alt", locale, id=t_.id))


async def podium_message(t_: Tournament, places: list[tuple[int, list[int]]], standings: list[Standing],
                         entrants: dict[int, Entrant], locale: str) -> tuple[str, discord.File, list[int]]:
    """The podium picture, the winners named (mentioned: they are told) and who is mentioned."""
    points = {s.entrant: s.points for s in standings}
    drawn = [PodiumPlace(place, [entrant_name(entrants.get(e), locale) for e in who],
                         max((points.get(e, 0.0) for e in who), default=0.0)) for place, who in places]
    image = await render(podium_png, t("tournament.name", locale, id=t_.id), t_.game_type, drawn, locale)
    text = [t("tournament.podium.title", locale, id=t_.id, game=game_name(t_.game_type, locale))]
    pinged: list[int] = []
    for place, who in places:
        if place > 3:
            continue
        names = []
        for e in who:
            entrant = entrants.get(e)
            users = entrant.users if entrant is not None else []
            pinged += users
            names.append(" & ".join(f"<@{u}>" for u in users) if users else
                         safe_name(entrant_name(entrant, locale)))
        text.append(t(f"tournament.podium.place{place}", locale, names=t("tournament.separator", locale).join(names)))
    text.append(t("tournament.podium.thanks", locale))
    return "\n".join(text), png_file(image, "podium.png", t("tournament.podium.alt", locale, id=t_.id)), pinged
