"""A player's profile in one server (``/profile``): read from the stored
results, ratings and rating history (``db.profiles``, ``db.rating_history``)
and put into words for the card (``render.profile``).

- Games and wins count every finished game the player sat at here, rated
  or not (a game with an AI seat is recorded but not rated); a win is a
  sole first place.
- The favourite game is the one played most; a tie goes to the one played
  most recently.
- The chart's points are the player's ordinals (mu − 3σ, what the
  leaderboard shows) after each rated game, oldest first, over every season
  (the line is cut where a season begins); the rating column is the
  ``ratings`` row now (the current table: the running season's, or between
  seasons the one the next season carries in), once the player has a rated
  game in it, as on the leaderboard (``RatingRepo.for_user``)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from db import profiles, rating_history
from db import seasons as stored_seasons
from db.database import Database
from db.models import RatingRow
from db.profiles import PlayedGame, RecentResult
from db.rating_history import RatingPoint
from db.repo import RatingRepo
from db.seasons import Season
from engines.base import ALT_LIMIT
from i18n import t
from render.profile import GameStats, Outcome, ProfileCard, RecentLine
from render.words import clip
from tables.text import game_name

RECENT = 5
OUTCOMES: dict[str, Outcome] = {"win": "win", "draw": "draw", "loss": "loss"}


@dataclass
class Profile:
    """What the database holds for the card, before any words."""

    played: list[PlayedGame] = field(default_factory=list)
    recent: list[RecentResult] = field(default_factory=list)
    ratings: dict[str, RatingRow] = field(default_factory=dict)
    history: list[RatingPoint] = field(default_factory=list)
    season: Season | None = None  # the server's newest season, None before its first

    @property
    def games(self) -> int:
        return sum(p.games for p in self.played)

    @property
    def wins(self) -> int:
        return sum(p.wins for p in self.played)

    def favourite(self) -> str | None:
        """The game type played most; a tie goes to the one played last."""
        if not self.played:
            return None
        return max(self.played, key=lambda p: (p.games, p.last_played)).game_type

    def points(self, game_type: str) -> tuple[float, ...]:
        return tuple(p.ordinal for p in self.history if p.game_type == game_type)

    def season_breaks(self, game_type: str) -> tuple[int, ...]:
        """Indexes of ``points(game_type)`` whose game counted in another
        season than the point before (the chart cuts its line there)."""
        seasons = [p.season for p in self.history if p.game_type == game_type]
        return tuple(n for n in range(1, len(seasons)) if seasons[n] != seasons[n - 1])


async def load(db: Database, guild_id: int, user_id: int) -> Profile:
    return Profile(
        played=await profiles.played(db, guild_id, user_id),
        recent=await profiles.recent(db, guild_id, user_id, RECENT),
        ratings=await RatingRepo(db).for_user(guild_id, user_id),
        history=await rating_history.history(db, guild_id, user_id),
        season=await stored_seasons.latest(db, guild_id),
    )


def season_text(season: Season | None, locale: str) -> str | None:
    """What the card's ratings are of, for its header: None on a server
    that never had a season; the running season; or "between seasons"."""
    if season is None:
        return None
    if not season.running:
        return t("season.label.between", locale, season=season.number)
    if season.name:  # drawn, not sent as Markdown: no escaping
        return t("season.label.named", locale, season=season.number, name=season.name)
    return t("season.label.numbered", locale, season=season.number)


def date_text(at: float) -> str:
    """A day the same in every language: 2026-11-26 (UTC)."""
    return dt.datetime.fromtimestamp(at, tz=dt.timezone.utc).strftime("%Y-%m-%d")


def card(profile: Profile, game_types: list[str], name: str, locale: str) -> ProfileCard:
    """The card's data in ``locale``. ``game_types``: the bot's games in
    order; a game's place there picks its colour and marker on every card."""
    def slot(game_type: str) -> int:
        return game_types.index(game_type) if game_type in game_types else len(game_types)

    per_game = tuple(
        GameStats(slot=slot(p.game_type), name=game_name(p.game_type, locale), games=p.games, wins=p.wins,
                  rating=rating.ordinal if (rating := profile.ratings.get(p.game_type)) else None,
                  points=profile.points(p.game_type), breaks=profile.season_breaks(p.game_type))
        for p in sorted(profile.played, key=lambda p: (slot(p.game_type), p.game_type))
    )
    recent = tuple(
        RecentLine(game=game_name(r.game_type, locale), date=date_text(r.at), place=r.rank, of=r.sides,
                   outcome=OUTCOMES.get(r.outcome, "loss"), rated=r.rated)
        for r in profile.recent
    )
    favourite = profile.favourite()
    return ProfileCard(name=name, games=profile.games, wins=profile.wins,
                       favourite=game_name(favourite, locale) if favourite else None,
                       per_game=per_game, recent=recent, season=season_text(profile.season, locale))


def alt_text(card: ProfileCard, locale: str) -> str:
    """The card in words (the picture's description, for screen readers)."""
    none = t("render.profile.none", locale)
    lines = [t("profile.alt", locale, player=card.name, games=card.games, wins=card.wins,
               favourite=card.favourite or none)]
    lines += [t("profile.alt_game", locale, game=g.name, games=g.games, wins=g.wins,
                rating=none if g.rating is None else f"{g.rating:.1f}") for g in card.per_game]
    return clip(" ".join(lines), ALT_LIMIT)
