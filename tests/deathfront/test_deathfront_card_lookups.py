"""``rules.side_of``, ``is_unit`` and ``seat_of`` read the card set's tables
by uid (issue 33 item 7: the rules ask them dozens of times an action). They
depend on nothing but the uid (and the state's factions), so checking every
uid of the printed cards, and of another card set in use, against the old
way (through the card's definition) proves them the same."""
from __future__ import annotations

import pytest
from test_deathfront_support import new_game

from engines.deathfront import rules as R
from engines.deathfront.cards import CardSet, side_of_faction


def old_side_of(uid: str) -> int:
    return side_of_faction(R.card(uid).faction)


def old_is_unit(uid: str) -> bool:
    return R.card(uid).type == "unit"


def old_seat_of(state, uid: str) -> int:
    return state.factions.index(R.card(uid).faction)


def check_every_uid() -> None:
    states = [new_game(2, ["us", "ss"]), new_game(4, ["uk", "wehrmacht", "us", "ss"])]
    kinds = set()
    for uid in R.CARDS.by_uid:
        for state in states:
            assert R.side_of(state, uid) == old_side_of(uid)
            try:
                expected = old_seat_of(state, uid)
            except ValueError:  # a faction not at this table (or the front line's "none")
                with pytest.raises(ValueError):
                    R.seat_of(state, uid)
            else:
                assert R.seat_of(state, uid) == expected
        assert R.is_unit(uid) is old_is_unit(uid)
        kinds.add((old_side_of(uid), old_is_unit(uid)))
    assert kinds == {(0, True), (1, True), (0, False), (1, False)}
    for unknown in ("", "us_sherman", "us_sherman-99", "nobody-1"):
        for ask in (lambda u: R.side_of(states[0], u), R.is_unit, lambda u: R.seat_of(states[0], u)):
            with pytest.raises(KeyError):
                ask(unknown)


def test_the_printed_cards():
    check_every_uid()


def test_another_card_set_in_use(monkeypatch):
    defs = [d.model_copy(update={"faction": "ss"}) if d.id == "us_sherman" else d for d in R.CARDS.defs.values()]
    cards = CardSet(defs, R.CARDS.ranges)
    monkeypatch.setattr(R, "CARDS", cards)
    assert R.side_of(new_game(2, ["us", "ss"]), "us_sherman-1") == 1  # the edited card set's answer
    check_every_uid()
