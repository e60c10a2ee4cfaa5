"""The words and JSON of a server's leaderboards and profiles on the board
(issue 35): the same rows and season labels Discord's ``/leaderboard``
shows (the top ten and the reader's own line) and the ``/profile`` card with
its words. Plain text (the page escapes nothing: it sets ``textContent``),
no Markdown. A profile carries only what ``/profile`` shows anyone in the
server; a player forgotten by ``/privacy delete`` has no ratings or results
left under their id, so nothing is found for them."""
from __future__ import annotations

import base64
from typing import Any

from i18n import t
from render.profile import ProfileCard
from tables.profiles import alt_text
from tables.records import BEFORE_SEASONS, RatingRow, Season
from tables.text import game_name

LEADERBOARD_SIZE = 10  # as /leaderboard: the top ten, then the reader's own line


def season_label(season: Season, locale: str) -> str:
    """"Season 2: Spring", "Season 3", or "Before seasons" for season 0."""
    if season.number == BEFORE_SEASONS:
        return t("season.label.before", locale)
    if season.name:
        return t("season.label.named", locale, season=season.number, name=season.name)
    return t("season.label.numbered", locale, season=season.number)


def board_label(season: Season | None, asked: int | None, locale: str) -> str | None:
    """What a board is of (as /leaderboard's title): None on a server that
    never had a season, "between seasons" for the current table after one
    ended, else the season."""
    if season is None:
        return None
    if asked is None and not season.running:
        return t("season.label.between", locale, season=season.number)
    return season_label(season, locale)


def row_json(rank: int, row: RatingRow, reader: int) -> dict[str, Any]:
    return {"rank": rank, "user_id": str(row.user_id), "name": row.name, "rating": f"{row.ordinal:.1f}",
            "games": row.games, "wins": row.wins, "you": row.user_id == reader}


def leaderboard_json(game_type: str, game_types: list[str], shown: Season | None, asked: int | None,
                     seasons: list[Season], rows: list[RatingRow], reader: int, locale: str) -> dict[str, Any]:
    name = game_name(game_type, locale)
    label = board_label(shown, asked, locale)
    title = t("core.leaderboard.title", locale, game=name) if label is None \
        else t("season.board_title", locale, game=name, season=label)
    empty = None if rows else t("web.community.no_ratings", locale, game=name)
    lines = [row_json(rank, row, reader) for rank, row in enumerate(rows[:LEADERBOARD_SIZE], start=1)]
    mine = next((rank for rank, row in enumerate(rows, start=1) if row.user_id == reader), None)
    if mine is not None and mine > LEADERBOARD_SIZE:
        lines.append(row_json(mine, rows[mine - 1], reader))
    return {
        "game": game_type, "title": title, "season": asked, "empty": empty, "rows": lines,
        "gap": mine is not None and mine > LEADERBOARD_SIZE + 1,  # the page puts "…" before the reader's line
        "games": [{"game": g, "name": game_name(g, locale)} for g in game_types],
        "seasons": [{"number": s.number, "label": season_label(s, locale)} for s in seasons],
        "heads": {key: t(f"core.lb.{key}", locale) for key in ("rank", "player", "rating", "games", "wins")},
    }


def profile_json(user_id: int, card: ProfileCard, png: bytes, locale: str) -> dict[str, Any]:
    key = "web.community.profile_line" if card.games else "web.community.profile_empty"
    return {
        "user_id": str(user_id), "name": card.name,
        "line": t(key, locale, player=card.name, games=card.games, wins=card.wins),
        "alt": alt_text(card, locale),
        "picture": "data:image/png;base64," + base64.b64encode(png).decode("ascii"),
    }
