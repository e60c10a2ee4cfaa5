"""The review's judgement: it finds a seeded blunder with the better move,
reads only what the player knew, and is the same every time."""
from __future__ import annotations

import copy
import functools
import io
from dataclasses import replace

import pytest
from PIL import Image

from bench.review_games import deathfront_pass_up_the_win, finished_game, setup_two_for_six
from render.review import BAND
from tables.registry import default_registry
from tables.review import decisions, judge_decisions, replayed, review_seat
from tables.review_show import shown_items
from tests.ai.helpers import swap_unseen

REGISTRY = default_registry()


def reviewed(game, seed, blunder=None, at=None):
    """``finished_game`` and seat 0's ``review_seat`` of it, a fresh copy each
    time: both are pure functions of these arguments (see
    test_a_review_is_the_same_every_time), worked out once per process
    rather than once per test (a review takes 1-4 s of CPU)."""
    return copy.deepcopy(_reviewed(game, seed, blunder, at))


@functools.cache
def _reviewed(game, seed, blunder, at):
    record, actions, blunders = finished_game(game, seed, blunder, at=at)
    return record, actions, blunders, review_seat(REGISTRY.get(game).engine, record, actions, 0)


@pytest.mark.parametrize("seed", [3, 7])
def test_a_setup_play_of_2_where_6_was_there_is_among_the_three(seed):
    record, actions, blunders, data = reviewed("setup", seed, setup_two_for_six)
    assert blunders
    assert len(data["items"]) <= 3
    item = next(i for i in data["items"] if i["seq"] == blunders[0])
    assert item["played"] == actions[blunders[0] - 1][2]
    assert item["best"] != item["played"] and item["best"]["kind"] == "play"
    assert item["gains"]["points"] >= 3  # the better play scores more (6 against 2, give or take bonuses)
    assert item["value_best"] > item["value_played"]


def test_a_death_front_attack_that_wins_the_game_is_among_the_three():
    record, actions, blunders, data = reviewed("deathfront", 584, deathfront_pass_up_the_win, at=76)  # (issues 31, 32: a new game)
    assert blunders == [76]
    item = next(i for i in data["items"] if i["seq"] == 76)
    assert item["played"] == {"kind": "pass"}
    assert item["best"]["kind"] == "attack" and item["wins_now"]
    assert data["items"][0]["seq"] == 76  # the worst of the game


@pytest.mark.parametrize("game,seed", [("deathfront", 5), ("cubed", 3)])
def test_swapping_the_hidden_cards_gives_the_same_review(game, seed):
    """The opponent's hand and deck (CUBED: the other hand and the bag)
    rearranged before every decision: a review that read them would change."""
    engine = REGISTRY.get(game).engine
    record, actions, _ = finished_game(game, seed)
    found = decisions(engine, record, actions, 0)
    swapped = [replace(d, state=swap_unseen(game, d.state, 0, seed=d.seq)) for d in found]
    assert any(s.state.model_dump() != d.state.model_dump() for s, d in zip(swapped, found))
    review = judge_decisions(engine, record.id, 0, found)
    assert review["items"]
    assert judge_decisions(engine, record.id, 0, swapped) == review


def test_a_review_is_the_same_every_time():
    engine = REGISTRY.get("setup").engine
    record, actions, _ = finished_game("setup", 3, setup_two_for_six)
    first = review_seat(engine, record, actions, 0)
    assert review_seat(engine, record, actions, 0) == first


@pytest.mark.parametrize("game,seed", [("setup", 3), ("cubed", 3), ("deathfront", 584)])
@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_each_move_is_worded_and_drawn_in_the_viewers_language(game, seed, locale):
    definition = REGISTRY.get(game)
    blunder = {"setup": setup_two_for_six, "deathfront": deathfront_pass_up_the_win}.get(game)
    record, actions, _, data = reviewed(game, seed, blunder, at=76 if game == "deathfront" else None)
    items = shown_items(definition, record, actions, 0, data, locale)
    assert len(items) == len(data["items"]) >= 1
    words = {"en": "Better:", "zh-CN": "更好的着法：", "zh-TW": "更好的著法："}[locale]
    before = {seq: state for seq, _, state, _ in replayed(definition.engine, record, actions)}
    for item in items:
        assert words in item.text and item.alt
        image = Image.open(io.BytesIO(item.picture))
        view = definition.engine.public_view(before[item.seq])  # the public board: nothing hidden drawn
        board = Image.open(io.BytesIO(definition.renderer.board_png(view, locale)))
        assert image.width == board.width  # the legend over the board's playing area
        assert image.convert("RGB").getpixel((image.width - 2, 2)) == BAND
    if game == "deathfront":
        wins = {"en": "wins the game at once", "zh-CN": "立即赢得", "zh-TW": "立即贏得"}[locale]
        assert wins in items[0].text


def test_the_pictures_mark_both_moves_in_their_colours():
    from render.review import BETTER, PLAYED

    definition = REGISTRY.get("setup")
    record, actions, _, data = reviewed("setup", 3, setup_two_for_six)
    item = shown_items(definition, record, actions, 0, data, "en")[0]
    image = Image.open(io.BytesIO(item.picture)).convert("RGB")
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 16)}
    assert PLAYED in colours and BETTER in colours
    assert "→" in item.text  # the tiles and squares are named in the words too
