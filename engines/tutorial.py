"""Interactive tutorials, engine side: a tutorial is a fixed deal and a list
of steps, each teaching one rule with one move. The runner knows nothing of
Discord or the web: a front end shows a step (its text keys, the cells to
highlight), hands the player's move to ``attempt`` and stores the progress
(the step reached and the state) wherever it keeps such things.

A step accepts only its taught move. When the player's action matches, the
runner applies the step's own ``expect`` (so the game goes on exactly as
scripted, whatever order the player picked things in), then the AI's scripted
``reply``. Any other action, legal or not, changes nothing and answers with
the step's ``wrong`` text. Every state of a tutorial is thus reproducible
from the deal and the step number (``replay``)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

from engines.base import Event, GameEngine, IllegalAction, SeatInfo

LEARNER, TUTOR = 0, 1  # the player's seat and the AI's


@dataclass(frozen=True)
class Step:
    """One rule taught by one move. Text keys are ``tutorial.<game>.<name>.do``
    (what to do), ``.wrong`` (the kind answer to any other move) and
    ``.learnt`` (its line in the closing summary)."""

    name: str
    expect: BaseModel  # the taught action of the learner's seat
    highlight: tuple[Any, ...] = ()  # board cells to mark, as the renderer's highlight= takes them
    reply: BaseModel | None = None  # the AI seat's scripted answer
    # Whether the player's action is the taught one; None: ``same_action``.
    accepts: Callable[[BaseModel], bool] | None = None
    # What the table plays after the reply, as (seat, action): the learner's
    # routine parts (passes that end a step, staying after an attack, a
    # simultaneous draw choice) and the AI's further answers.
    then: tuple[tuple[int, BaseModel], ...] = ()

    def table_moves(self) -> list[tuple[int, BaseModel]]:
        """The reply (the AI's) and then the table's part, in order."""
        return ([(TUTOR, self.reply)] if self.reply is not None else []) + list(self.then)


class LiveParams(Mapping[str, Any]):
    """Text params read from the game's data each time a text is written
    (``t(key, locale, **params)`` reads them then), not once at import: a
    text quotes the numbers the engine uses now."""

    def __init__(self, read: Callable[[], Mapping[str, Any]]) -> None:
        self.read = read

    def __getitem__(self, key: str) -> Any:
        return self.read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.read())

    def __len__(self) -> int:
        return len(self.read())


@dataclass(frozen=True)
class Tutorial:
    game_type: str
    deal: Callable[[list[SeatInfo]], Any]  # the fixed start state for (learner, AI) seats
    steps: tuple[Step, ...]
    # Fill every step's texts (e.g. the finish line, a card's numbers); a LiveParams reads them when used.
    params: Mapping[str, Any] = field(default_factory=dict)

    def key(self, step: Step, part: str) -> str:
        return f"tutorial.{self.game_type}.{step.name}.{part}"


@dataclass(frozen=True)
class Attempt:
    """What one try did: ``accepted`` (and the new state, the learner's and
    the AI's events), or not (``wrong``: the step's explanation key)."""

    accepted: bool
    state: Any
    step: int
    events: list[Event] = field(default_factory=list)
    reply_events: list[Event] = field(default_factory=list)
    table_events: list[Event] = field(default_factory=list)  # what ``Step.then`` played
    wrong: str | None = None


def canonical(value: Any) -> Any:
    """An action's fields with every list sorted: the order in which a
    player picked tiles or cells does not make it another move."""
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return sorted((canonical(v) for v in value), key=repr)
    return value


def same_action(taught: BaseModel, action: BaseModel) -> bool:
    return type(taught) is type(action) and canonical(taught.model_dump()) == canonical(action.model_dump())


class TutorialRunner:
    def __init__(self, engine: GameEngine[Any, Any], tutorial: Tutorial) -> None:
        if engine.game_type != tutorial.game_type:
            raise ValueError(f"a {tutorial.game_type} tutorial on a {engine.game_type} engine")
        self.engine = engine
        self.tutorial = tutorial

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.tutorial.steps

    def start(self, seats: list[SeatInfo]) -> Any:
        return self.tutorial.deal(seats)

    def finished(self, step: int) -> bool:
        return step >= len(self.steps)

    def attempt(self, state: Any, step: int, action: BaseModel) -> Attempt:
        """The learner's ``action`` at ``step``: the step taken (and the AI's
        reply played), or refused with the step's explanation."""
        if self.finished(step):
            raise IllegalAction("tutorial.over")
        current = self.steps[step]
        accepts = current.accepts or (lambda act: same_action(current.expect, act))
        if not accepts(action):
            return Attempt(False, state, step, wrong=self.tutorial.key(current, "wrong"))
        state, events = self.engine.apply(state, LEARNER, current.expect)
        reply_events: list[Event] = []
        if current.reply is not None:
            state, reply_events = self.engine.apply(state, TUTOR, current.reply)
        table_events: list[Event] = []
        for seat, move in current.then:
            state, more = self.engine.apply(state, seat, move)
            table_events += more
        return Attempt(True, state, step + 1, events, reply_events, table_events)

    def replay(self, seats: list[SeatInfo], step: int) -> Any:
        """The state at ``step``, from the deal: for progress whose stored state is lost."""
        state = self.start(seats)
        for index in range(min(step, len(self.steps))):
            state = self.attempt(state, index, self.steps[index].expect).state
        return state

    def problems(self) -> list[str]:
        """Walks the tutorial to its end: every taught move and scripted reply
        must be legal where it is played (the AI's turn must follow the
        learner's), and the last step must end the game. Empty: sound."""
        found: list[str] = []
        state = self.start([SeatInfo(name="learner"), SeatInfo(name="AI", is_ai=True)])
        for index, step in enumerate(self.steps):
            if LEARNER not in self.engine.to_act(state):  # alone, or with the AI in a simultaneous step
                found.append(f"step {index} ({step.name}): the learner is not to act")
                break
            try:
                state, _ = self.engine.apply(state, LEARNER, step.expect)
                for seat, move in step.table_moves():
                    if seat not in self.engine.to_act(state):
                        who = "the AI" if seat == TUTOR else "the learner"
                        found.append(f"step {index} ({step.name}): {who} is not to act for {move!r}")
                        break
                    state, _ = self.engine.apply(state, seat, move)
                else:
                    continue
                break
            except IllegalAction as error:
                found.append(f"step {index} ({step.name}): {error.key} {error.params}")
                break
        else:
            if self.engine.result(state) is None:
                found.append("the last step does not end the game")
        return found
