"""The plain models the table service hands to the front ends (games and
their seats, ratings, seasons, tournaments, team threads, what is stored
about a person), the facts read straight off them, and the types of the
two small stores the queries hand over as they are (tutorials, team threads). They are defined
beside the SQL that stores them (``db/``); front ends name them from here,
never from ``db``."""
from __future__ import annotations

from db.fronts import is_local_table
from db.models import GameRecord, RatingRow, Seat
from db.privacy import StoredData, was_pruned
from db.seasons import BEFORE_SEASONS, Season
from db.team_threads import TeamThread, TeamThreadRepo
from db.tournaments import Entrant, Match, Tournament
from db.tutorials import TutorialRepo

__all__ = ["BEFORE_SEASONS", "Entrant", "GameRecord", "Match", "RatingRow", "Season", "Seat", "StoredData",
           "TeamThread", "TeamThreadRepo", "Tournament", "TutorialRepo", "is_local_table", "was_pruned"]
