"""Who starts in Death Front (issue 25): the seat the host chose gets the
faction that acts first in round 1; the other seats are filled as usual."""
from __future__ import annotations

import pytest

from db.models import Seat
from engines.base import IllegalAction, SeatInfo
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.flow import action_order
from engines.deathfront.lobby import finalize_lobby_config
from engines.deathfront.models import DeathFrontConfig


def seats(*choices):
    return [Seat(name=f"P{i}", options={"faction": c} if c else {}) for i, c in enumerate(choices)]


@pytest.mark.parametrize("choices, first, factions", [
    ((None, None), 1, ["ss", "us"]),
    ((None, None), 0, ["us", "ss"]),
    (("wehrmacht", None), 1, ["wehrmacht", "us"]),
    ((None, "uk"), 1, ["ss", "uk"]),
    ((None, None, None, None), 2, ["uk", "ss", "us", "wehrmacht"]),
    ((None, None, None, None), 3, ["uk", "ss", "wehrmacht", "us"]),
    (("uk", None, None, None), 1, ["uk", "us", "ss", "wehrmacht"]),
])
def test_the_chosen_seat_acts_first(choices, first, factions):
    config = finalize_lobby_config({"first_seat": first}, seats(*choices))
    assert config["factions"] == factions
    state = DeathFrontEngine().new_game(DeathFrontConfig(**config), [SeatInfo(name=f"P{i}") for i in range(len(choices))], 1)
    assert action_order(state.factions, 1)[0] == first


def test_without_a_seed_the_seat_order_fill_is_unchanged():
    """Simulations and benches (no table seed): the host's seat plays US."""
    assert finalize_lobby_config({"first_seat": None}, seats(None, None))["factions"] == ["us", "ss"]


@pytest.mark.parametrize("count", [2, 4])
def test_left_to_chance_who_starts_is_drawn_from_the_tables_seed(count):
    """The default (issue 25): any seat may start, the same one for the same seed."""
    starters = set()
    for seed in range(40):
        config = finalize_lobby_config({"first_seat": None}, seats(*[None] * count), seed)
        assert config == finalize_lobby_config({"first_seat": None}, seats(*[None] * count), seed)
        state = DeathFrontEngine().new_game(DeathFrontConfig(**config), [SeatInfo(name=f"P{i}") for i in range(count)], seed)
        starters.add(action_order(state.factions, 1)[0])
    assert starters == set(range(count))


def test_left_to_chance_the_seats_own_choices_still_decide():
    """A seat that chose US starts, whatever the seed (2 players: the Allied seat)."""
    for seed in range(20):
        assert finalize_lobby_config({"first_seat": None}, seats(None, "us"), seed)["factions"] == ["ss", "us"]
        assert finalize_lobby_config({"first_seat": None}, seats("wehrmacht", None), seed)["factions"][1] in ("us", "uk")


@pytest.mark.parametrize("choices, first, key", [
    (("ss", None), 0, "first_needs_allies"),
    (("us", None), 1, "first_needs_allies"),
    ((None, "uk"), 0, "first_needs_allies"),
    (("uk", None, None, None), 0, "first_needs_us"),
    ((None, "us", None, None), 0, "first_needs_us"),
])
def test_a_starter_the_factions_rule_out_is_refused(choices, first, key):
    with pytest.raises(IllegalAction) as refused:
        finalize_lobby_config({"first_seat": first}, seats(*choices))
    assert refused.value.key == f"deathfront.err.{key}"
