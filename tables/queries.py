"""The table service's read side: what the front ends show, as plain models
(``tables.records``), and the few writes of a server's or a person's own
settings and data. cogs/ and web/ read and write through this (the
service's ``queries``) and never through ``db`` (an import-linter contract
says so); the table service's own parts keep their repositories."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from db.database import Database
from db.privacy import StoredData, stored_about
from db.repo import GameRepo, RatingRepo, SettingsRepo
from db.team_threads import TeamThreadRepo
from db.tournaments import TournamentRepo
from db.tutorials import TutorialRepo
from tables import profiles
from tables.privacy import Forgotten, forget
from tables.pruning import Pruner
from tables.records import Entrant, GameRecord, Match, RatingRow, Season, Tournament
from tables.registry import GameRegistry
from tables.seasons import Seasons


class Queries:
    def __init__(self, db: Database, games: GameRepo, ratings: RatingRepo, settings: SettingsRepo,
                 registry: GameRegistry, clock: Callable[[], float]) -> None:
        self._db = db
        self._games = games
        self._ratings = ratings
        self._settings = settings
        self._registry = registry
        self._clock = clock
        # The stores of features whose own logic lives in their front end's module (the click
        # tutorial, team threads): a small repository each, handed over as it is.
        self.tutorials = TutorialRepo(db)
        self.team_threads = TeamThreadRepo(db)

    # -- games -------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRecord | None:
        """Any game's record, live or finished."""
        return await self._games.get(game_id)

    async def snapshot(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        """A game's latest stored state: (version, state as JSON)."""
        return await self._games.snapshot(game_id)

    async def actions(self, game_id: int) -> list[tuple[int, int, dict[str, Any], bool]]:
        """A game's action log: (seq, seat, action, forced) rows."""
        return await self._games.actions(game_id)

    async def finished_in_guild(self, guild_id: int, game_id: int) -> GameRecord | None:
        return await self._games.finished_in_guild(guild_id, game_id)

    async def last_finished_in_channel(self, channel_id: int) -> GameRecord | None:
        return await self._games.last_finished_in_channel(channel_id)

    # -- players: stats, ratings, seasons, profiles -------------------------------------
    async def user_stats(self, guild_id: int, user_id: int) -> list[Any]:
        """Per game: games, wins and when last played."""
        return await self._games.user_stats(guild_id, user_id)

    async def ratings_of(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """The player's rating per game type."""
        return await self._ratings.for_user(guild_id, user_id)

    @property
    def seasons(self) -> Seasons:
        """A server's seasons (tables/seasons.py)."""
        return Seasons(self._db, self._clock)

    async def leaderboard(self, guild_id: int, game_type: str,
                          season: int | None) -> tuple[Season | None, list[RatingRow]]:
        """A season's table (the current one when ``season`` is None), as ``Seasons.board``."""
        return await self.seasons.board(self._ratings, guild_id, game_type, season)

    async def profile(self, guild_id: int, user_id: int) -> profiles.Profile:
        return await profiles.load(self._db, guild_id, user_id)

    # -- tournaments (their flow is tables.tournaments.service's) ----------------------------
    async def tournaments(self, guild_id: int) -> list[Tournament]:
        """A server's newest tournaments, newest first."""
        return await TournamentRepo(self._db).in_guild(guild_id)

    async def tournament_entrants(self, tournament_id: int) -> list[Entrant]:
        return await TournamentRepo(self._db).entrants(tournament_id)

    async def tournament_matches(self, tournament_id: int) -> list[Match]:
        return await TournamentRepo(self._db).matches(tournament_id)

    async def tournament(self, tournament_id: int) -> Tournament | None:
        return await TournamentRepo(self._db).get(tournament_id)

    async def tournament_match_of_game(self, game_id: int) -> Match | None:
        """The tournament match a game is played for, if any."""
        return await TournamentRepo(self._db).match_of_game(game_id)

    # -- privacy -----------------------------------------------------------------------
    async def stored_about(self, user_id: int) -> StoredData:
        """Everything the bot stores about a person (/privacy show)."""
        return await stored_about(self._db, user_id)

    async def forget_user(self, user_id: int) -> Forgotten:
        """Forget a person everywhere (/privacy delete)."""
        return await forget(self._db, self._registry, user_id)

    def pruner(self, after_days: float) -> Pruner:
        """The task that prunes old finished games' move logs."""
        return Pruner(self._db, after_days, clock=self._clock)

    # -- settings: a server's, a person's ------------------------------------------------
    async def guild_settings(self, guild_id: int | None) -> tuple[str | None, int | None]:
        """(language, turn timeout in minutes), each None when not set."""
        return await self._settings.guild(guild_id)

    async def set_guild_settings(self, guild_id: int, **values: Any) -> None:
        await self._settings.set_guild(guild_id, **values)

    async def dm_mode(self, user_id: int) -> str:
        return await self._settings.dm_mode(user_id)

    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        await self._settings.set_dm_mode(user_id, mode)

    async def dm_hands(self, user_id: int) -> bool:
        return await self._settings.dm_hands(user_id)

    async def set_dm_hands(self, user_id: int, enabled: bool) -> None:
        await self._settings.set_dm_hands(user_id, enabled)

    async def view_mode(self, user_id: int) -> str:
        return await self._settings.view_mode(user_id)

    async def set_view_mode(self, user_id: int, mode: str) -> None:
        await self._settings.set_view_mode(user_id, mode)

    async def ping_mode(self, user_id: int) -> str:
        return await self._settings.ping_mode(user_id)

    async def set_ping_mode(self, user_id: int, mode: str) -> None:
        await self._settings.set_ping_mode(user_id, mode)

    async def user_locale(self, user_id: int) -> str | None:
        return await self._settings.user_locale(user_id)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        await self._settings.remember_locale(user_id, locale)
