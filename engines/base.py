"""The one protocol every game engine follows.

Anchors: OpenSpiel's State API and boardgame.io's playerView. An engine is a
stateless object; all game state lives in a pydantic model that round-trips
through JSON, including the random generator (``Rng``), so seed + action log
replays a game exactly.
"""
from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Mapping, Sequence, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.paths import load
from engines.refusal import Refusal


class IllegalAction(Refusal, ValueError):
    """An action the rules forbid. ``key`` is an i18n message key
    (e.g. ``"setup.err.not_connected"``) and ``params`` fill its placeholders.
    The message must never reveal hidden information."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, **params)
        if params:
            self.args = (f"{key} {params}",)


class Event(BaseModel):
    """Something that happened, for the public log line. ``key`` is an i18n
    key; ``params`` fill it. A param named ``seat`` or ending in ``_seat``
    holding a seat index is shown as that player's name. Events are public:
    they never carry hidden information."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


def event(key: str, **params: Any) -> Event:
    """An event by its full i18n key."""
    return Event(key=key, params=params)


@dataclass(frozen=True)
class Messages:
    """One game's i18n keys: events are ``<game>.ev.<key>``, refusals
    ``<game>.err.<key>``."""

    game: str

    def event(self, key: str, **params: Any) -> Event:
        return event(f"{self.game}.ev.{key}", **params)

    def illegal(self, key: str, **params: Any) -> IllegalAction:
        return IllegalAction(f"{self.game}.err.{key}", **params)


class Rng(BaseModel):
    """A seeded generator that lives inside the state. Every call derives a
    fresh ``random.Random`` from (seed, counter), so the state stays plain
    JSON and replays exactly."""

    seed: int
    counter: int = 0

    def _next(self) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return random.Random(int.from_bytes(digest[:8], "big"))

    def shuffle(self, items: list[Any]) -> None:
        self._next().shuffle(items)

    def randrange(self, n: int) -> int:
        return self._next().randrange(n)

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.randrange(len(items))]


class Result(BaseModel):
    """The outcome of a finished game.

    ``ranks[seat]`` is the place of each seat: 1 is best, equal places are
    ties. ``teams[seat]`` is the team index of each seat in team games
    (partners share a rank), else None. ``scores`` are shown to players."""

    ranks: list[int]
    teams: list[int] | None = None
    scores: list[float] | None = None
    reason: str = ""  # i18n key of how the game ended, e.g. "setup.end.finish_line"


class SeatInfo(BaseModel):
    """What an engine may know of a seat: its name for logs, whether an AI
    plays it. Engines must not change their rules because a seat is an AI."""

    model_config = ConfigDict(frozen=True)
    name: str
    is_ai: bool = False


def _reseed(state: Any, seed: int) -> None:
    """Give a state that keeps an ``Rng`` a new one."""
    if isinstance(getattr(state, "rng", None), Rng):
        state.rng = Rng(seed=seed)


StateT = TypeVar("StateT", bound=BaseModel)
ConfigT = TypeVar("ConfigT", bound=BaseModel)
# An engine's handler of one action type: (engine, state, seat, action) -> events.
ActionHandler = Callable[[Any, Any, int, Any], list[Event]]


class GameEngine(ABC, Generic[ConfigT, StateT]):
    """Rules of one game. Subclasses set the class attributes and implement
    the abstract methods; ``apply`` is provided and never mutates its input."""

    game_type: ClassVar[str]  # "setup", "cubed", "deathfront"
    config_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseModel]]
    # A TypeAdapter over the discriminated union of the game's actions.
    action_adapter: ClassVar[TypeAdapter[Any]]
    # The game's AIs by import path (``module:function``), loaded on first
    # use so that the rules never import them: the greedy
    # ``choose_action(engine, state, seat, rng)`` and the search's
    # ``make_knowledge(engine, level)``. None: the game has no such AI.
    greedy_ai: ClassVar[str | None] = None
    search_knowledge: ClassVar[str | None] = None
    # Action type -> handler; ``handler_for`` looks actions up here.
    action_handlers: ClassVar[Mapping[type[BaseModel], ActionHandler]] = {}
    # True when ``legal_actions`` lists every legal action (not a sample), so
    # a seat with exactly one has no choice and the table plays it at once.
    plays_forced_actions: ClassVar[bool] = False

    # ---- seats and configuration -------------------------------------
    @abstractmethod
    def seat_range(self, config: ConfigT) -> tuple[int, int]:
        """Minimum and maximum number of seats for this configuration."""

    def allowed_seat_counts(self, config: ConfigT) -> list[int]:
        lo, hi = self.seat_range(config)
        return list(range(lo, hi + 1))

    def default_config(self) -> ConfigT:
        return cast(ConfigT, self.config_model())

    # ---- life cycle --------------------------------------------------
    @abstractmethod
    def new_game(self, config: ConfigT, seats: list[SeatInfo], seed: int) -> StateT:
        """A fresh game; all randomness from ``seed``."""

    @abstractmethod
    def to_act(self, state: StateT) -> list[int]:
        """Seats that may act now (usually one; empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[BaseModel]:
        """Legal actions of ``seat`` now. Where the full set is huge (SETUP's
        plays), a documented representative subset that always contains at
        least one legal action; every action listed must be legal."""

    def apply(self, state: StateT, seat: int, action: BaseModel) -> tuple[StateT, list[Event]]:
        """Apply ``action`` by ``seat``: a new state and its public events.
        Raises ``IllegalAction`` and leaves ``state`` untouched when illegal."""
        work = self.copy_state(state)
        events = self._apply(work, seat, action)
        return work, events

    def copy_state(self, state: StateT) -> StateT:
        """A copy of ``state`` that ``_apply`` may change freely. Engines
        whose states hold frozen parts may share those with the original."""
        # A JSON-level round trip: a deep copy, several times faster than model_copy(deep=True).
        return type(state).model_validate(state.model_dump())

    def step(self, state: StateT, seat: int, action: BaseModel) -> list[Event]:
        """Apply ``action`` to ``state`` in place: for a state the caller
        owns outright (the search's sampled worlds), without ``apply``'s copy.
        On ``IllegalAction`` the state may be half changed."""
        return self._apply(state, seat, action)

    @abstractmethod
    def _apply(self, state: StateT, seat: int, action: BaseModel) -> list[Event]:
        """Mutate ``state`` (a private copy) or raise ``IllegalAction``."""

    def forced_action(self, state: StateT, seat: int) -> BaseModel | None:
        """``seat``'s one legal action when the rules leave it no choice
        (only in games that set ``plays_forced_actions``), else None."""
        if not self.plays_forced_actions:
            return None
        actions = self.legal_actions(state, seat)
        return actions[0] if len(actions) == 1 else None

    def handler_for(self, action: BaseModel) -> ActionHandler | None:
        """The handler ``action_handlers`` lists for the action's type
        (None: not an action of this game; the engine refuses it)."""
        return self.action_handlers.get(type(action))

    @abstractmethod
    def result(self, state: StateT) -> Result | None:
        """None while the game goes on."""

    def is_over(self, state: StateT) -> bool:
        return self.result(state) is not None

    lowest_score_wins: ClassVar[bool] = False

    def scores(self, state: StateT) -> list[float] | None:
        """Each seat's public score so far (shown after a move), or None for
        a game without a running score."""
        return None

    def teams(self, state: StateT) -> list[int] | None:
        """Team index per seat in team games, else None."""
        return None

    # ---- views (hidden information removed by construction) ----------
    @abstractmethod
    def public_view(self, state: StateT) -> BaseModel:
        """What everyone, spectators included, may see. No hidden piece."""

    @abstractmethod
    def private_view(self, state: StateT, seat: int) -> BaseModel | None:
        """What only ``seat`` may see (its hand; a partner's where the rules
        share it), or None if the game has no hidden information for it."""

    def hidden_hand(self, state: StateT, seat: int) -> Any:
        """What ``seat`` holds in secret (cards, tiles, pieces), as plain
        data. A change of it is what sends the player their hand by DM, so it
        leaves out whose turn it is and other public details. Default: the
        whole private view."""
        view = self.private_view(state, seat)
        return None if view is None else view.model_dump(mode="json")

    def hidden_hand_changed(self, before: StateT, after: StateT, seat: int) -> bool:
        """Whether ``seat`` holds something in secret in ``after`` that differs
        from what it held in ``before``: ``hidden_hand(after, seat)`` is not
        None and not equal to ``hidden_hand(before, seat)``. The table asks
        this for every person after every change; an engine may answer from
        the two states' fields without building either hand."""
        hand = self.hidden_hand(after, seat)
        return hand is not None and self.hidden_hand(before, seat) != hand

    # ---- what one seat knows (for the search AI) ------------------------
    def information_state(self, state: StateT, seat: int) -> StateT:
        """A state that holds only what ``seat`` knows: every card, tile or
        piece ``seat`` cannot see is pooled and dealt back in a canonical
        order, and the random generator is replaced, so two states that
        ``seat`` cannot tell apart give the same information state. Default:
        a game without hidden information."""
        work = type(state).model_validate(state.model_dump())
        _reseed(work, 0)
        return work

    def sample_world(self, info: StateT, seat: int, rng: random.Random) -> StateT:
        """A full state consistent with ``info`` (an ``information_state`` of
        ``seat``): the unseen pieces redealt at random from ``rng`` and a new
        random generator for future draws. Always a fresh copy."""
        work = type(info).model_validate(info.model_dump())
        if isinstance(getattr(work, "rng", None), Rng):  # no draw from ``rng`` for a game without one
            _reseed(work, rng.getrandbits(63))
        return work

    # ---- AI ------------------------------------------------------------
    def ai_action(self, state: StateT, seat: int, rng: random.Random) -> BaseModel:
        """A legal action for ``seat`` chosen by the game's greedy AI
        (``greedy_ai``). A game without one overrides this method."""
        if self.greedy_ai is None:
            raise NotImplementedError(f"no AI for {self.game_type}")
        choose: Callable[[GameEngine[ConfigT, StateT], StateT, int, random.Random], BaseModel]
        choose = load(self.greedy_ai)
        return choose(self, state, seat, rng)

    # ---- JSON ------------------------------------------------------------
    def action_to_json(self, action: BaseModel) -> dict[str, Any]:
        return action.model_dump(mode="json")

    def action_from_json(self, data: dict[str, Any]) -> BaseModel:
        action: BaseModel = self.action_adapter.validate_python(data)
        return action

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def state_from_json(self, data: dict[str, Any]) -> StateT:
        return cast(StateT, self.state_model.model_validate(data))

    def state_from_text(self, text: str | bytes) -> StateT:
        """``state_from_json`` of the stored text, validated straight from it
        (no dict of Python objects built first: restore reads thousands)."""
        return cast(StateT, self.state_model.model_validate_json(text))

    def config_from_json(self, data: dict[str, Any]) -> ConfigT:
        return cast(ConfigT, self.config_model.model_validate(data))


@dataclass(frozen=True)
class Region:
    """Where one thing a player may tap is drawn on a picture: ``id`` names
    it as actions do (a square, a cell, a tile, a piece or card id), ``kind``
    says what it is (``"square"``, ``"cell"``, ``"tile"``...), ``box`` is
    ``(x0, y0, x1, y1)`` in pixels of the PNG at its natural size, ``x1`` and
    ``y1`` exclusive (as Pillow's ``getbbox``): boxes of one kind that touch
    do not overlap."""

    id: str
    kind: str
    box: tuple[int, int, int, int]


ALT_LIMIT = 1024  # Discord's limit for an attachment's description (alt text)
TEXT_LIMIT = 1900  # the words of a board or hand in a message, with room for a title line


class Renderer(ABC):
    """Pure drawing of one game's views to PNG bytes (Pillow only).

    Every word on an image comes from the i18n catalogues in ``locale`` (the
    public board in the server's language, a private hand in the viewer's);
    players' display names are drawn in any script, cut by display width
    with "…". Images are designed to stay legible shown 400 px wide.

    ``highlight`` (keyword only, optional) is for the move builder's
    previews: a collection of things to outline in a preview colour -
    SETUP: squares ("C1") on the board, tiles ("★7") in the hand;
    CUBED: cells ``(q, r)`` on the board (plus ``ghost=(faces, (q, r))``,
    a piece drawn half transparent where it would go), piece ids in the
    hand (always the whole hand: there are no pages to turn);
    Death Front: cells ("B4") on the board, card uids in the hand.
    A CUBED public view that carries ``recent_placed`` (cells placed since
    the viewer's last turn) gets those pieces outlined.

    ``board_regions`` and ``hand_regions`` say where the things a player
    taps are drawn on ``board_png`` / ``hand_png`` of the same view and
    locale (no highlight): one ``Region`` each, computed from the geometry
    the drawing uses, without drawing -
    SETUP: squares ("C1", kind "square") on the board; in the hand, the
    player's tiles ("★7", "tile"), the partner's in teams ("partner") and
    the common hand's ("common") - every tile exists once, so its text is
    a unique id;
    CUBED: every drawn cell ("q,r", "cell": pieces, blocked and open cells;
    while the board shows the last round's recap, the new round's centre
    cell covers the board area); hand pieces by id ("piece");
    Death Front: every board cell ("B4", "cell"); hand cards by uid ("card")."""

    @abstractmethod
    def board_png(self, view: BaseModel, locale: str = "en") -> bytes:
        """The public board from ``GameEngine.public_view``."""

    @abstractmethod
    def hand_png(self, view: BaseModel, locale: str = "en") -> bytes:
        """A private hand from ``GameEngine.private_view``."""

    def board_regions(self, view: BaseModel, locale: str = "en") -> list[Region]:
        """Where the things to tap are on ``board_png(view, locale)``."""
        return []

    def hand_regions(self, view: BaseModel, locale: str = "en") -> list[Region]:
        """Where the things to tap are on ``hand_png(view, locale)``."""
        return []

    def hand_text(self, view: BaseModel, locale: str = "en") -> str:
        """A short plain-text line of the hand (symbols, ids), to copy into
        commands, its words in ``locale``. Empty when the image says it all."""
        return ""

    # ---- the same state in words (alt text, text-only players) ---------------
    @abstractmethod
    def board_alt(self, view: BaseModel, locale: str = "en") -> str:
        """The public board in words, for the image's alt text: scores, whose
        turn, what lies where, the last move; at most ``ALT_LIMIT``
        characters, long lists summarised (counts) rather than cut. Built
        from the public view only."""

    @abstractmethod
    def hand_alt(self, view: BaseModel, locale: str = "en") -> str:
        """A private hand in words (at most ``ALT_LIMIT`` characters), from
        that player's private view."""

    def board_text(self, view: BaseModel, locale: str = "en") -> str:
        """The board in words for a player who chose text instead of
        pictures (``/settings view``): up to ``TEXT_LIMIT`` characters, so
        with more detail than the alt text where a game has it."""
        return self.board_alt(view, locale)

    def hand_text_full(self, view: BaseModel, locale: str = "en") -> str:
        """A hand in words for a text-only player (up to ``TEXT_LIMIT``)."""
        return self.hand_alt(view, locale)
