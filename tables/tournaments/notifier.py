"""What a tournament tells the outside: the sign-up message, a match's
thread and its opening ping, the round's pairings, the standings after a
round and the podium. ``cogs/community/tournament/notifier.py`` is the Discord one;
``RecordingNotifier`` keeps the calls (tests, the crash player)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from db.tournaments import Entrant, Match, Tournament
from tables.tournaments.pairing import Standing


class TournamentNotifier(Protocol):
    async def signup_changed(self, t: Tournament, entrants: list[Entrant], closed: str | None = None) -> None:
        """Redraw the sign-up message (``closed``: an i18n key saying why sign-up ended)."""

    async def match_thread(self, t: Tournament, match: Match, a: Entrant, b: Entrant) -> int | None:
        """Make the match's thread in the tournament's channel; its channel id (None: it could not)."""

    async def match_opened(self, t: Tournament, match: Match, a: Entrant, b: Entrant, game_id: int) -> None:
        """The table is open in the thread: tell the players there."""

    async def round_started(self, t: Tournament, matches: list[Match], entrants: dict[int, Entrant]) -> None:
        """The round's pairings and byes, in the tournament's channel."""

    async def round_standings(self, t: Tournament, round_no: int, standings: list[Standing],
                              entrants: dict[int, Entrant]) -> None:
        """The standings after ``round_no`` (a picture and a short text)."""

    async def podium(self, t: Tournament, places: list[tuple[int, list[int]]], standings: list[Standing],
                     entrants: dict[int, Entrant]) -> None:
        """The tournament is over: the podium and the winners named."""

    async def cancelled(self, t: Tournament) -> None:
        """A running tournament was cancelled: say so in its channel."""


@dataclass
class RecordingNotifier:
    """Keeps every call; a match's thread is a made-up channel id that is
    the same in every process (tournament, round, board)."""

    calls: list[tuple[str, Any]] = field(default_factory=list)

    async def signup_changed(self, t: Tournament, entrants: list[Entrant], closed: str | None = None) -> None:
        self.calls.append(("signup", (t.id, len(entrants), closed)))

    async def match_thread(self, t: Tournament, match: Match, a: Entrant, b: Entrant) -> int | None:
        thread = 10**12 + t.id * 10**6 + match.round * 1000 + match.board
        self.calls.append(("thread", thread))
        return thread

    async def match_opened(self, t: Tournament, match: Match, a: Entrant, b: Entrant, game_id: int) -> None:
        self.calls.append(("opened", (match.round, match.board, game_id)))

    async def round_started(self, t: Tournament, matches: list[Match], entrants: dict[int, Entrant]) -> None:
        self.calls.append(("round", [(m.a, m.b) for m in matches]))

    async def round_standings(self, t: Tournament, round_no: int, standings: list[Standing],
                              entrants: dict[int, Entrant]) -> None:
        self.calls.append(("standings", round_no))

    async def podium(self, t: Tournament, places: list[tuple[int, list[int]]], standings: list[Standing],
                     entrants: dict[int, Entrant]) -> None:
        self.calls.append(("podium", places))

    async def cancelled(self, t: Tournament) -> None:
        self.calls.append(("cancelled", t.id))

    def of(self, kind: str) -> list[Any]:
        return [value for name, value in self.calls if name == kind]
