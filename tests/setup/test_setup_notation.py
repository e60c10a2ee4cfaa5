"""Forgiving command text, autocomplete and the play preview."""
import pytest

from engines.base import IllegalAction
from engines.setup.models import SetupPrivateView
from engines.setup.notation import (
    complete_move_text,
    complete_swap_text,
    parse_move,
    parse_swap,
    parse_tile,
    preview_play,
    suggest_tiles,
)

STAR7_C1_HEART7_S1 = [("★7", "C1"), ("♥7", "S1")]


@pytest.mark.parametrize("text", [
    "★7 C1, ♥7 S1",
    "★7 c1,♥7 s1",
    "*7 C1, h7 S1",
    "st7 c1; H7 s1",
    "STAR7 C1 / HEART 7 S1",
    "★7 C1，♥7 S1",  # full-width comma
    "★7 C1、♥7 S1",
    "★7：C1；♥7：S1",
    "★７　Ｃ１，　♥７　Ｓ１",  # full-width digits, letters and space
    "  ★7   C1  ,   ♥7 S1  ",
    "★7C1♥7S1",
    "★7 C1 ♥7 S1",
    "C1 ★7, S1 ♥7",
    "★7 on C1 and ♥7 -> S1",
    "☆7 C1, ♡7 S1",
    "星7 C1，红心7 S1",
])
def test_move_spellings(text):
    assert parse_move(text) == STAR7_C1_HEART7_S1


def test_club_and_spade_letters_are_tiles_first_then_squares():
    assert parse_move("c1 c2, s10 s2") == [("♣1", "C2"), ("♠10", "S2")]
    assert parse_move("C3 d3") == [("♦3", "C3")]


@pytest.mark.parametrize("text, tiles", [
    ("♥3 ★9", ["♥3", "★9"]),
    ("h3, *9", ["♥3", "★9"]),
    ("H3、ST9；d10", ["♥3", "★9", "♦10"]),
    ("ｈ３　ｃ１", ["♥3", "♣1"]),
    ("♥3★9", ["♥3", "★9"]),
])
def test_swap_spellings(text, tiles):
    assert parse_swap(text) == tiles


def test_parse_tile():
    assert parse_tile(" H10 ") == "♥10"
    assert parse_tile("♠1") == "♠1"


@pytest.mark.parametrize("text, key", [
    ("", "setup.err.parse_empty"),
    ("   ,  ", "setup.err.parse_empty"),
    ("★7", "setup.err.parse_pair"),
    ("★7 C1, ♥7", "setup.err.parse_pair"),
    ("x7 C1", "setup.err.parse_tile"),
    ("★11 C1", "setup.err.parse_tile"),
    ("★0 C1", "setup.err.parse_tile"),
    ("★7 C5", "setup.err.parse_square"),
    ("★7 ♥8", "setup.err.parse_square"),
    ("hello", "setup.err.parse_unknown"),
    ("★7 C1 ?", "setup.err.parse_unknown"),
])
def test_move_errors(text, key):
    with pytest.raises(IllegalAction) as err:
        parse_move(text)
    assert err.value.key == key


@pytest.mark.parametrize("text, key", [("", "setup.err.parse_empty"), ("n1", "setup.err.parse_tile"),
                                       ("♥3 ?", "setup.err.parse_unknown")])
def test_swap_errors(text, key):
    with pytest.raises(IllegalAction) as err:
        parse_swap(text)
    assert err.value.key == key


VIEW = SetupPrivateView(seat=0, seat_label="P1", mode="ffa", hand=["♥3", "★9", "♣1", "♥10"],
                        common=["♠2", "♦5", "♥1", "★7"], allowed_squares=["C1", "C2", "S1", "S2"])


def test_suggest_tiles():
    assert suggest_tiles(VIEW, "") == ["♥3", "★9", "♣1", "♥10", "♠2", "♦5", "♥1", "★7"]
    assert suggest_tiles(VIEW, "h") == ["♥3", "♥10", "♥1"]
    assert suggest_tiles(VIEW, "♥1") == ["♥10", "♥1"]
    assert suggest_tiles(VIEW, "s") == ["♠2"]  # "s" is spades, not the start of "star"
    assert suggest_tiles(VIEW, "st") == ["★9", "★7"]
    assert suggest_tiles(VIEW, "1", include_common=False) == ["♣1", "♥10"]
    assert suggest_tiles(VIEW, "zz") == []


def test_complete_move_text():
    assert complete_move_text(VIEW, "h")[:3] == ["♥3 ", "♥10 ", "♥1 "]
    assert complete_move_text(VIEW, "♥3 ") == ["♥3 C1", "♥3 C2", "♥3 S1", "♥3 S2"]
    assert complete_move_text(VIEW, "♥3 s") == ["♥3 S1", "♥3 S2"]
    done = complete_move_text(VIEW, "♥3 C1, ")
    assert "♥3 C1, ♥3 " not in done and "♥3 C1, ★9 " in done
    assert "♥3 C1, ♥1 C1" not in complete_move_text(VIEW, "♥3 C1, ♥1 ")
    # a whole tile without the trailing space: its squares, then longer tiles
    assert complete_move_text(VIEW, "♥1") == ["♥1 C1", "♥1 C2", "♥1 S1", "♥1 S2", "♥10 "]


def test_complete_swap_text_uses_only_the_own_hand():
    assert complete_swap_text(VIEW, "") == ["♥3", "★9", "♣1", "♥10"]
    assert complete_swap_text(VIEW, "♥3 ") == ["♥3 ★9", "♥3 ♣1", "♥3 ♥10"]


def test_preview_play(build_state):
    state = build_state(players=4, stacks={"W1": "♦3", "W2": "♦4"},
                        hands=[["♦5", "♣1", "♣2", "♣3"], ["♠1", "♠2", "♠3", "♠4"], ["♠5", "♠6", "♠7", "♠8"],
                               ["♥1", "♥2", "♥3", "♥4"]], common=["★1", "★2", "★3", "★4"])
    preview = preview_play(state, 0, "d5 c3")
    assert preview.legal and preview.points == 3 and preview.bonuses == {1: 2}
    assert preview.scoring_squares == ["W1", "W2", "C3"]
    bad = preview_play(state, 0, [("♦5", "C2")])
    assert not bad.legal and bad.error_key == "setup.err.no_combo"
    unparsable = preview_play(state, 0, "♦5")
    assert not unparsable.legal and unparsable.error_key == "setup.err.parse_pair"
