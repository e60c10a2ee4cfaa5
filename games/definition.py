"""What the platform knows of one game: a `GameDefinition`.

Every consumer — the table service, the drawing and thinking workers, the
simulator, the arena, replays, the Discord front end, the benches — reads a
game's parts from its definition, found in the registry
(``tables.registry``) by its ``game_type``. Nothing outside a game's own
modules names the game.

The pure parts (engine, renderer, lobby hooks, announcer) are objects. The
Discord parts (cog, builder, board buttons) are import paths the front end
loads: the definition sits below the front ends and must not import them.
The AI is declared by the engine (``GameEngine.greedy_ai`` /
``search_knowledge``, import paths), so a worker process that builds an
engine from its class path has the game's AI too.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from engines.base import Event, GameEngine, Renderer
from engines.lessons import Lesson
from engines.tutorial import Tutorial
from games.options import COMMON_OPTIONS, FIRST_SEAT, LobbyOption
from games.teams import LobbySeat, SeatChoice, TeamSides

# Builds the engine config at Start from the lobby config and each seat's own
# choices (e.g. Death Front factions). Raises IllegalAction/TableError to refuse.
# (lobby config, seats, the table's seed or None) -> the config to start with; the seed
# draws what the lobby left to chance (Death Front: who plays the side that starts).
ConfigFinalizer = Callable[[dict[str, Any], Sequence[LobbySeat], int | None], dict[str, Any]]
# Rewrites an event's params for a locale (e.g. card names) before formatting.
ParamLocalizer = Callable[[dict[str, Any], str], dict[str, Any]]
# Extra public lines for a board update: (state, one change's events, seat
# names, locale) -> lines (e.g. CUBED's round summaries).
Announcer = Callable[[BaseModel, list[Event], list[str], str], list[str]]
# The config a simulated or arena game of N players starts from (e.g. a
# one-player CUBED game is a solo game).
PlayersConfig = Callable[[int, dict[str, Any]], dict[str, Any]]
# Each seat's side label in a finished game, for the arena's per-side tally
# (e.g. Death Front factions), and whether a label is of the first side.
SideLabels = Callable[[BaseModel], list[str]]


@dataclass(frozen=True)
class MoveWords:
    """One legal action as a front end offers it: what it does beyond its
    kind's name ("★7→C1"), in the reader's language (empty: the kind says it
    all), and the picture regions it starts from and goes to (``Region`` ids
    of the game's hand or board, None where it has none).

    ``steps``: every (start, end) pair of regions the action is made of, in
    any order — a SETUP play's placements, a Death Front attack's attackers
    each with the target; empty: the one pair ``(start, end)``. ``preview``:
    what the action would bring, for its mover only (a play's points, an
    attack's odds); empty when there is nothing to say. ``confirm``: the
    question the mover answers before the action is sent (it ends the game,
    or proposes to); empty: Confirm alone (or a tap) sends it. ``finish``: the
    same action that also ends the mover's part of the step (Death Front's
    ``done``, "Confirm, done with this step"), offered beside Confirm; None:
    no such choice."""

    detail: str
    start: str | None = None
    end: str | None = None
    steps: tuple[tuple[str, str], ...] = ()
    preview: str = ""
    confirm: str = ""
    finish: BaseModel | None = None


# () -> the numbers a game's rules texts quote, read from its data now.
TextParams = Callable[[], Mapping[str, Any]]
# (state, seat, that seat's legal actions, locale) -> one MoveWords per action,
# in order. Server side only: it may read the state, and names only what the
# seat may see (its own hand, the public board).
MoveDescriber = Callable[[BaseModel, int, list[BaseModel], str], list[MoveWords]]
# (picture: "board" or "hand", that picture's view, its tap regions as (id, kind), locale) ->
# each region in words, as the move labels name what it shows (a tile and its square, a piece,
# a cell, a card), for the web's accessible tap targets. It reads only the view the picture is
# drawn from, so it names nothing the picture does not show.
RegionNamer = Callable[[str, BaseModel, list[tuple[str, str]], str], list[str]]
# (state, seat, that seat's legal actions) -> the actions a tapping front end
# offers: the engine's list, then legal actions it leaves out (e.g. every group
# of Death Front attackers, where the engine lists a representative few).
ActionWidener = Callable[[BaseModel, int, list[BaseModel]], list[BaseModel]]


@dataclass(frozen=True)
class Continuation:
    """Where a move built pair by pair may go next: ``next``, every (start,
    end) pair that may join the pairs so far; ``whole``, the action those
    pairs make now (None: not a whole legal move yet) and its ``words``."""

    next: tuple[tuple[str, str], ...]
    whole: BaseModel | None = None
    words: MoveWords | None = None


# (state, seat, the (start, end) pairs so far, locale) -> a Continuation, for a
# game whose legal moves are too many to list (every SETUP play). Pure; raises
# IllegalAction when the pairs are not a way into a legal move of that seat.
MoveContinuer = Callable[[BaseModel, int, list[tuple[str, str]], str], Continuation]


@dataclass(frozen=True)
class DiscordParts:
    """The Discord front end of a game, by import path (loaded by ``cogs``)."""

    cog: str  # the extension: a module with ``async def setup(bot)``
    builder: str | None = None  # "module:NAME" of the click builder (cogs.play.builder.model.GameBuilder)
    board_items: str | None = None  # "module:function" (table id, locale) -> extra board buttons


@dataclass(frozen=True)
class ArenaSides:
    """How the arena tallies a game's sides (e.g. Allies against Axis)."""

    labels: SideLabels  # a label per seat (a faction)
    first_side: frozenset[str]  # the labels of the side counted as "allies"


@dataclass(frozen=True)
class TeamMatch:
    """How a game is played two against two (a tournament's team match):
    ``config`` makes a lobby config a 4-seat team game; ``seat_options`` gives
    the seat options of (team 0 or 1, member 0 or 1). Seats 0 and 1 are the
    first team, 2 and 3 the second."""

    config: Callable[[dict[str, Any]], dict[str, Any]]
    seat_options: Callable[[int, int], dict[str, Any]] = lambda team, member: {}


@dataclass(frozen=True)
class GameDefinition:
    engine: GameEngine[Any, Any]
    renderer: Renderer
    finalize_config: ConfigFinalizer | None = None
    localize_params: ParamLocalizer | None = None
    announcer: Announcer | None = None
    discord: DiscordParts | None = None
    players_config: PlayersConfig | None = None
    arena_sides: ArenaSides | None = None
    describe_moves: MoveDescriber | None = None  # the web's move buttons; None: the kind's name only
    describe_regions: RegionNamer | None = None  # the web's tap regions in words; None: their ids
    widen_actions: ActionWidener | None = None  # the web's moves beyond legal_actions; None: those only
    continue_move: MoveContinuer | None = None  # moves built pair by pair on the server; None: listed only
    lobby_options: tuple[LobbyOption, ...] = ()  # what the host sets by clicking in the lobby (games/options.py)
    lessons: tuple[Lesson, ...] = ()  # rules topics drawn as pictures (/rules game: topic:), engines.lessons
    tutorial: Tutorial | None = None  # /learn's scripted game (engines/tutorial.py); None: no tutorial yet
    team_sides: TeamSides | None = None  # team lobbies: the sides players pick (games/teams.py); None: no teams
    seat_choices: tuple[SeatChoice, ...] = ()  # each player's own lobby choices (a faction; games/teams.py)
    team_match: TeamMatch | None = None  # two against two (tournaments); None: no team game
    # The numbers the game's rules texts quote (the /rules summary and topics), read from its data
    # (cards, config defaults) each time a text is written; None: its texts quote none.
    text_params: TextParams | None = None

    def rules_params(self) -> dict[str, Any]:
        """The params to write the /rules summary and topics with."""
        return dict(self.text_params()) if self.text_params is not None else {}

    def __post_init__(self) -> None:
        # The options every game has (hints) follow the game's own: each game
        # lists only its own, as "who starts" is handled for all of them.
        own = tuple(option for option in self.lobby_options if option.key not in {o.key for o in COMMON_OPTIONS})
        object.__setattr__(self, "lobby_options", own + COMMON_OPTIONS)

    @property
    def game_type(self) -> str:
        return self.engine.game_type

    @property
    def host_picks_first(self) -> bool:
        """Whether the host may choose who starts (the config has ``first_seat``)."""
        return FIRST_SEAT in self.engine.config_model.model_fields

    def lobby_option(self, key: str) -> LobbyOption | None:
        return next((option for option in self.lobby_options if option.key == key), None)

    def seat_choice(self, key: str) -> SeatChoice | None:
        return next((choice for choice in self.seat_choices if choice.key == key), None)

    def config_for(self, players: int, config: dict[str, Any] | None = None) -> dict[str, Any]:
        """The lobby config of a game of ``players`` (simulator, arena)."""
        config = dict(config or {})
        return self.players_config(players, config) if self.players_config is not None else config
