"""``DeathFrontEngine.copy_state`` (apply's work copy, ``engines/plain_copy``)
equals the JSON round trip it replaced (``GameEngine.copy_state``) on every
state of random games, shares no list, dict or model with its original,
and games applied through it are the games applied through the round trip."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from test_deathfront_support import ENGINE, new_game

from engines.base import Event, GameEngine
from engines.deathfront.models import Arrow, EndVote, PendingAdvance
from engines.plain_copy import plain_copy


def round_trip(state):
    return GameEngine.copy_state(ENGINE, state)


def mutable_parts(value, seen: list) -> list:
    """Every list, dict and model inside ``value`` (itself included)."""
    if isinstance(value, BaseModel):
        seen.append(value)
        for item in value.__dict__.values():
            mutable_parts(item, seen)
    elif isinstance(value, list):
        seen.append(value)
        for item in value:
            mutable_parts(item, seen)
    elif isinstance(value, dict):
        seen.append(value)
        for item in value.values():
            mutable_parts(item, seen)
    return seen


def shaken(state, rng: random.Random):
    """The state with the optional parts a random game seldom holds at the same time."""
    seats = list(range(state.players))
    return state.model_copy(update={
        "pending_advance": PendingAdvance(seat=0, cell="B2", candidates=["B1", "C1"]),
        "end_vote": EndVote(proposer=1, waiting=rng.sample(seats, len(seats) // 2)),
        "last": Arrow(kind="attack", seat=0, sources=["A1", "B1"], target="C3", total=5, defence=4, destroyed=True),
        "held_events": [Event(key="deathfront.log.kept", params={"seat": 0, "cells": ["A1", ["B2"]],
                                                                  "nested": {"x": [1, 2.5, None]}})],
    })


def random_states(seed: int, players: int, max_actions: int = 400):
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed)
    yield state
    for _ in range(max_actions):
        if ENGINE.is_over(state):
            return
        seat = rng.choice(ENGINE.to_act(state))
        options = ENGINE.legal_actions(state, seat)
        passes = [a for a in options if a.kind == "pass"]
        action = passes[0] if passes and rng.random() < 0.4 else rng.choice(options)
        state, _ = ENGINE.apply(state, seat, action)
        yield state


def assert_same_and_apart(state):
    copy = ENGINE.copy_state(state)
    reference = round_trip(state)
    assert copy == reference == state
    assert ENGINE.state_to_json(copy) == ENGINE.state_to_json(reference)
    assert copy.model_dump_json() == state.model_dump_json()
    originals = {id(part) for part in mutable_parts(state, [])}
    assert not [part for part in mutable_parts(copy, []) if id(part) in originals]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_the_copy_equals_the_round_trip_and_shares_nothing(seed, players):
    rng = random.Random(seed)
    for state in random_states(seed, players):
        assert_same_and_apart(state)
        if rng.random() < 0.1:
            assert_same_and_apart(shaken(state, rng))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]))
def test_games_through_the_copy_are_the_games_through_the_round_trip(seed, players):
    """The same random choices applied with each copy give the same states and events."""

    class RoundTripEngine(type(ENGINE)):
        def copy_state(self, state):
            return GameEngine.copy_state(self, state)

    other = RoundTripEngine()
    rng = random.Random(seed)
    state = reference = new_game(players=players, seed=seed)
    for _ in range(400):
        if ENGINE.is_over(state):
            break
        seat = rng.choice(ENGINE.to_act(state))
        action = rng.choice(ENGINE.legal_actions(state, seat))
        state, events = ENGINE.apply(state, seat, action)
        reference, reference_events = other.apply(reference, seat, action)
        assert state == reference and events == reference_events
        assert ENGINE.state_to_json(state) == ENGINE.state_to_json(reference)
    assert ENGINE.is_over(state) == other.is_over(reference)


def test_apply_leaves_its_input_as_it_was():
    rng = random.Random(5)
    state = new_game(players=4, seed=5)
    for _ in range(300):
        if ENGINE.is_over(state):
            break
        before = state.model_dump_json()
        seat = rng.choice(ENGINE.to_act(state))
        new, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert state.model_dump_json() == before
        state = new


class Loose(BaseModel):
    anything: object = None


class WithTuple(BaseModel):
    cells: tuple[str, ...] = ("A1",)


def test_what_is_not_plain_data_is_refused():
    with pytest.raises(TypeError):
        plain_copy(Loose(anything={1, 2}))
    with pytest.raises(TypeError):
        plain_copy(WithTuple())
    original = Loose(anything={"a": [1, {"b": None}]})
    copy = plain_copy(original)
    assert copy == original and copy.anything is not original.anything
    assert copy.anything["a"][1] is not original.anything["a"][1]
