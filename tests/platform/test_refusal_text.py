"""One refusal type, worded in one place (tables/errors.py): Discord's
replies and panels and the web's answers put a refusal into words with
``refusal_text`` / ``localized_params``; front ends catch ``Refusal``."""
from __future__ import annotations

import pickle
from pathlib import Path

from engines.base import IllegalAction
from engines.refusal import Refusal
from tables.errors import TableError, localized_params, refusal_text
from tables.records import Seat

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_id_is_shown_by_its_name_in_the_readers_language():
    error = TableError("core.err.other_game", game="deathfront")
    assert refusal_text(error, "en") == "The game in this channel is Death Front: Blitzkrieg; use its commands."
    assert "deathfront" not in refusal_text(error, "zh-CN")


def test_keys_given_as_params_are_worded_and_lists_of_them_joined():
    error = IllegalAction("core.turn.wrong_step", step_key="deathfront.step.draw",
                          actions_keys=["core.act.play", "core.act.swap"])
    assert refusal_text(error, "en") == "That action is not possible in the Draw step. Now you can: play or swap."


def test_what_the_user_typed_goes_through_the_front_ends_quoting_but_names_do_not():
    error = TableError("core.err.unknown_game", game="*chess*")
    assert localized_params(error, "en", quote=lambda text: f"«{text}»")["game"] == "«*chess*»"
    turn = TableError("core.err.not_your_turn", players="\\*Bo\\*")  # escaped by the table already
    assert refusal_text(turn, "en", quote=lambda text: f"«{text}»") == "It is not your turn. Waiting for \\*Bo\\*."


def test_a_games_own_params_and_seat_indexes_are_worded_for_the_reader():
    error = IllegalAction("highcard.err.not_in_hand", card=7, seat=1)
    seats = [Seat(user_id=1, name="Ada"), Seat(user_id=2, name="Bo")]
    params = localized_params(error, "en", localize=lambda p, locale: {**p, "card": f"card {p['card']} ({locale})"},
                              seats=seats)
    assert params == {"card": "card 7 (en)", "seat": "Bo"}
    assert error.params == {"card": 7, "seat": 1}  # the refusal itself is untouched


def test_every_refusal_is_one_type_and_survives_a_worker_process():
    for error in (IllegalAction("setup.err.not_connected", square="C1"), TableError("core.err.moved_on", version=3)):
        assert isinstance(error, Refusal)
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and (back.key, back.params) == (error.key, error.params)
    assert isinstance(IllegalAction("x"), ValueError) and str(IllegalAction("k", a=1)) == "k {'a': 1}"


def test_front_ends_catch_one_name():
    pairs = []
    for path in [*ROOT.glob("cogs/**/*.py"), *ROOT.glob("web/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        if "TableError, IllegalAction" in text or "IllegalAction, TableError" in text:
            pairs.append(str(path.relative_to(ROOT)))
    assert pairs == []
