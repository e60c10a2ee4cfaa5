"""One contract for every registered game (OpenSpiel's ``api_test`` and
basic game checks), over the ``GameEngine`` protocol only (engines/base.py):
the built-in games, the toy game of tests/support/toy and Highcard.

From several seeds (one for a case that only switches an option on), random play (a legal action, or now and then the AI's)
runs each game to its end, and on the way:
- the seats to act and their legal actions agree, and a finished game has
  none; every listed action the test tries is accepted, the AI's included;
- an action out of turn, one that was legal earlier but is not listed now,
  and any action after the end are refused with ``IllegalAction`` (or, for a
  game whose list is a representative subset, accepted), never another
  error, and never by changing the state;
- states, actions, configs and views go through JSON text and back
  unchanged (a state also validated straight from its stored text); a new
  game from the same seed is the same game, and seed + action log replays
  it exactly;
- the public view holds nothing hidden and each private view only what its
  seat knows: a world redealt from what a seat knows
  (``information_state``/``sample_world``) shows the same public view, the
  same private view and the same legal actions to that seat;
- events and the result name i18n keys of every language; the result is
  well formed (a place per seat, competition ranking, partners together).

Which games, seat counts and options: every game in the registry with each
seat count its ``config_for`` allows (a few when there are many), its team
game, and each boolean option of its config switched on. A rule that is
one game's own stays in that game's tests (tests/<game>/).
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel

import i18n
from engines.base import GameEngine, IllegalAction, Result, SeatInfo
from games.definition import GameDefinition
from tables.registry import GameRegistry, default_registry
from tests.support import toy
from tests.support.highcard import HighcardEngine, HighcardRenderer

SEEDS = (1, 2, 3)
MAX_ACTIONS = 5_000  # far above a random game of any title; a game that runs on is a failure
AI_SHARE = 0.3  # how often random play takes the AI's choice instead
CHECK_EVERY = 6  # the costlier checks (JSON, worlds, trying actions) on every sixth state, the first few and the last
TRIED_ACTIONS = 4  # how many listed actions a checked state tries


def every_game() -> GameRegistry:
    registry = default_registry()
    registry.add(toy.DEFINITION)
    registry.add(GameDefinition(HighcardEngine(), HighcardRenderer()))
    return registry


REGISTRY = every_game()


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    config: dict[str, Any]
    label: str
    seeds: tuple[int, ...] = SEEDS

    @property
    def definition(self) -> GameDefinition:
        return REGISTRY.get(self.game)

    @property
    def engine(self) -> GameEngine[Any, Any]:
        return self.definition.engine


def allowed(engine: GameEngine[Any, Any], config: dict[str, Any]) -> list[int]:
    return engine.allowed_seat_counts(engine.config_from_json(config))


def spread(counts: list[int]) -> list[int]:
    """All seat counts when few, else the smallest two, the middle and the largest."""
    if len(counts) <= 4:
        return counts
    return sorted({counts[0], counts[1], counts[len(counts) // 2], counts[-1]})


def boolean_options(engine: GameEngine[Any, Any]) -> list[str]:
    """The config's switches that are off by default (CUBED's variants, Highcard's teams)."""
    default = engine.default_config()
    return [name for name, field in engine.config_model.model_fields.items()
            if field.annotation in (bool, "bool") and getattr(default, name) is False]


def cases_of(definition: GameDefinition) -> Iterator[Case]:
    engine, game = definition.engine, definition.game_type
    most = engine.seat_range(engine.default_config())[1]
    counts = [n for n in range(1, most + 1) if n in allowed(engine, definition.config_for(n))]
    for n in spread(counts):
        yield Case(game, n, definition.config_for(n), f"{game}-{n}p")
    if definition.team_match is not None:
        yield Case(game, 4, definition.team_match.config({}), f"{game}-teams")
    for option in boolean_options(engine):
        config = {option: True}
        options_counts = allowed(engine, config)
        if options_counts:
            # one seed: the option changes a rule or two, the seat counts above play the rest
            yield Case(game, options_counts[len(options_counts) // 2], config, f"{game}-{option}", SEEDS[:1])


CASES = [case for definition in REGISTRY for case in cases_of(definition)]


def through_text(data: Any) -> Any:
    return json.loads(json.dumps(data, ensure_ascii=False))


def round_trips(model: BaseModel | None) -> bool:
    return model is None or type(model).model_validate(through_text(model.model_dump(mode="json"))) == model


def is_competition_ranking(places: list[int]) -> bool:
    """1 is best, and each place is one more than the number of better ones (1, 1, 3)."""
    return all(place == 1 + sum(other < place for other in places) for place in places)


def in_every_language(key: str) -> bool:
    return all(i18n.has(key, locale) for locale in i18n.LOCALES)


class Game:
    """One game of a case from one seed, played and checked move by move."""

    def __init__(self, case: Case, seed: int) -> None:
        self.case, self.engine, self.seed = case, case.engine, seed
        self.seats = [SeatInfo(name=f"P{n + 1}", is_ai=n % 2 == 1) for n in range(case.players)]
        self.config = self.engine.config_from_json(through_text(case.config))
        self.state = self.engine.new_game(self.config, self.seats, seed)
        self.rng = random.Random(seed)
        self.log: list[tuple[int, str]] = []  # (seat, the action's JSON text)
        self.earlier: dict[int, list[BaseModel]] = {}  # actions once listed for a seat
        self.stale = self.refused = 0  # stale actions tried and refused
        self.redealt = 0  # sampled worlds that moved another seat's hidden hand

    # -- the checks ----------------------------------------------------------------
    def check_turn(self) -> None:
        engine, state = self.engine, self.state
        to_act, result = engine.to_act(state), engine.result(state)
        assert (result is None) == (not engine.is_over(state))
        if result is not None:
            assert to_act == [], "a finished game has no seat to act"
        else:
            assert to_act and len(set(to_act)) == len(to_act), f"no seat, or a seat twice, to act: {to_act}"
            assert all(0 <= seat < self.case.players for seat in to_act)
        for seat in range(self.case.players):
            actions = engine.legal_actions(state, seat)
            if seat in to_act:
                assert actions, f"seat {seat} is to act but has no legal action"
            else:
                assert actions == [], f"seat {seat} is not to act but has legal actions"

    def check_json(self) -> None:
        engine, state = self.engine, self.state
        again = engine.state_from_json(through_text(engine.state_to_json(state)))
        assert again == state and engine.state_to_json(again) == engine.state_to_json(state)
        # restore validates a snapshot straight from its stored text (db/repo.py writes one or the other form)
        for text in (state.model_dump_json(), json.dumps(engine.state_to_json(state), ensure_ascii=False)):
            from_text = engine.state_from_text(text)
            assert from_text == state and from_text.model_dump_json() == state.model_dump_json()
        assert round_trips(engine.public_view(state))
        for seat in range(self.case.players):
            assert round_trips(engine.private_view(state, seat))
            through_text(engine.hidden_hand(state, seat))  # plain data

    def check_hidden_information(self) -> None:
        """Whatever a seat cannot see may be anything: the public view, the
        seat's own view and its choices stay the same in every such world."""
        engine, state = self.engine, self.state
        public = engine.public_view(state)
        for seat in range(self.case.players):
            info = engine.information_state(state, seat)
            worlds = [info, engine.sample_world(info, seat, self.rng)]
            for world in worlds:
                assert engine.public_view(world) == public, f"the public view shows what seat {seat} cannot see"
                assert engine.private_view(world, seat) == engine.private_view(state, seat), \
                    f"seat {seat}'s private view shows what it cannot see"
                assert engine.hidden_hand(world, seat) == engine.hidden_hand(state, seat)
                assert engine.to_act(world) == engine.to_act(state)
                assert engine.legal_actions(world, seat) == engine.legal_actions(state, seat), \
                    f"seat {seat}'s legal actions depend on what it cannot see"
            world = worlds[-1]
            self.redealt += any(engine.hidden_hand(world, other) != engine.hidden_hand(state, other)
                                for other in range(self.case.players) if other != seat)

    def refuse_or_accept(self, seat: int, action: BaseModel, *, must_refuse: bool) -> bool:
        """Apply ``action`` by ``seat`` to the state: True when refused with
        IllegalAction, leaving the state as it was."""
        before = self.engine.state_to_json(self.state)
        try:
            self.engine.apply(self.state, seat, action)
        except IllegalAction as refusal:
            assert in_every_language(refusal.key), f"refusal {refusal.key} is not in every catalogue"
            assert self.engine.state_to_json(self.state) == before, "a refused action changed the state"
            return True
        assert not must_refuse, f"seat {seat} was allowed {action!r}"
        assert self.engine.state_to_json(self.state) == before, "apply changed its input state"
        return False

    def check_actions(self) -> None:
        """Listed actions and the AI's are accepted; others are refused."""
        engine, state = self.engine, self.state
        to_act = engine.to_act(state)
        for seat in to_act:
            listed = engine.legal_actions(state, seat)
            for action in self.rng.sample(listed, k=min(TRIED_ACTIONS, len(listed))):
                assert round_trips(action) and engine.action_from_json(through_text(engine.action_to_json(action))) == action
                engine.apply(state, seat, action)  # an IllegalAction here fails the test
            engine.apply(state, seat, engine.ai_action(state, seat, random.Random(self.rng.random())))
            self.earlier.setdefault(seat, []).extend(listed[:TRIED_ACTIONS])
            stale = [a for a in self.earlier[seat] if a not in listed]
            for action in self.rng.sample(stale, k=min(2, len(stale))):
                self.stale += 1
                self.refused += self.refuse_or_accept(seat, action, must_refuse=False)
            self.earlier[seat] = self.earlier[seat][-40:]
        idle = [seat for seat in range(self.case.players) if seat not in to_act]
        if idle and to_act:
            action = engine.legal_actions(state, to_act[0])[0]
            self.refuse_or_accept(self.rng.choice(idle), action, must_refuse=True)

    def check_end(self) -> None:
        engine, state, n = self.engine, self.state, self.case.players
        result = engine.result(state)
        assert isinstance(result, Result)
        assert result.scores is None or len(result.scores) == n
        assert result.reason == "" or in_every_language(result.reason), f"reason {result.reason} has no words"
        if n == 1:  # a solo game: won (1) or lost to the game (2)
            assert result.ranks in ([1], [2]), result.ranks
            return self.refuse_last_move_again()
        assert len(result.ranks) == n and all(1 <= rank <= n for rank in result.ranks)
        rankings = [result.ranks]  # a competition ranking of the seats…
        if result.teams is not None:
            assert len(result.teams) == n and result.teams == engine.teams(state)
            by_team = {team: {rank for rank, t in zip(result.ranks, result.teams) if t == team}
                       for team in set(result.teams)}
            assert all(len(ranks) == 1 for ranks in by_team.values()), f"partners apart: {result.ranks}"
            rankings.append([ranks.pop() for ranks in by_team.values()])  # …or, in a team game, of the teams
        assert any(is_competition_ranking(places) for places in rankings), \
            f"not a competition ranking: {result.ranks}"
        self.refuse_last_move_again()

    def refuse_last_move_again(self) -> None:
        for seat, action_json in self.log[-1:]:  # the last move again, after the end
            self.refuse_or_accept(seat, self.engine.action_from_json(json.loads(action_json)), must_refuse=True)

    def check_replay(self) -> None:
        engine = self.engine
        config = engine.config_from_json(through_text(self.config.model_dump(mode="json")))
        assert engine.new_game(config, self.seats, self.seed) == engine.new_game(self.config, self.seats, self.seed)
        replayed = engine.new_game(config, self.seats, self.seed)
        for seat, action_json in self.log:
            replayed, _ = engine.apply(replayed, seat, engine.action_from_json(json.loads(action_json)))
        assert engine.state_to_json(replayed) == engine.state_to_json(self.state)
        assert engine.result(replayed) == engine.result(self.state)

    # -- playing ---------------------------------------------------------------------
    def move(self) -> None:
        engine = self.engine
        seat = self.rng.choice(engine.to_act(self.state))
        if self.rng.random() < AI_SHARE:
            action = engine.ai_action(self.state, seat, random.Random(self.rng.random()))
        else:
            action = self.rng.choice(engine.legal_actions(self.state, seat))
        self.log.append((seat, json.dumps(engine.action_to_json(action), ensure_ascii=False)))
        self.state, events = engine.apply(self.state, seat, action)
        for event in events:
            assert in_every_language(event.key), f"event {event.key} is not in every catalogue"
            through_text(event.model_dump(mode="json"))

    def play(self) -> None:
        for step in range(MAX_ACTIONS):
            self.check_turn()
            costly = step < 3 or step % CHECK_EVERY == 0
            if costly:
                self.check_json()
                self.check_hidden_information()
            if engine_over := self.engine.is_over(self.state):
                break
            if costly:
                self.check_actions()
            self.move()
        assert engine_over, f"no end after {MAX_ACTIONS} actions"
        self.check_json()
        self.check_hidden_information()
        self.check_end()
        self.check_replay()


def says_what_is_hidden(engine: GameEngine[Any, Any]) -> bool:
    """Whether the engine has its own ``information_state``. The default (a
    game without hidden information: the toy game and Highcard keep it, their
    AIs read the whole state) has nothing to redeal."""
    return type(engine).information_state is not GameEngine.information_state


def has_hidden_information(engine: GameEngine[Any, Any], case: Case) -> bool:
    state = engine.new_game(engine.config_from_json(case.config),
                            [SeatInfo(name=str(n)) for n in range(case.players)], 0)
    return any(engine.private_view(state, seat) is not None for seat in range(case.players))


def test_every_game_of_the_registry_is_covered():
    assert set(REGISTRY.ids()) >= {"setup", "cubed", "deathfront", "toy", "highcard"}
    assert {case.game for case in CASES} == set(REGISTRY.ids())
    for case in CASES:
        assert case.players in allowed(case.engine, case.config), case


@pytest.mark.parametrize("case", CASES, ids=[case.label for case in CASES])
def test_engine_contract(case: Case):
    stale = refused = redealt = 0
    for seed in case.seeds:
        game = Game(case, seed)
        game.play()
        stale, refused, redealt = stale + game.stale, refused + game.refused, redealt + game.redealt
    assert refused or not stale, "no action that was legal earlier was ever refused"
    if says_what_is_hidden(case.engine) and has_hidden_information(case.engine, case) and case.players > 1:
        assert redealt, "information_state keeps what the seat cannot see: sample_world never redeals it"
