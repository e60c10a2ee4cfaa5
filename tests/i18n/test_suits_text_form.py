"""Issue 31: ♠♣♥♦ in their text form (U+FE0E) in every text a player reads
— catalogue texts (examples included), texts filled in with moves, the
review's and hint's words, SETUP's autocomplete — so a chat app does not
draw them as colour emoji (red hearts, black spades) against the tiles'
colours."""
from __future__ import annotations

import random
import re

import pytest

import i18n
from cogs.games import setup as setup_cog
from engines.base import SeatInfo
from engines.setup.models import SetupConfig
from games import setup as setup_game
from tables.review_show import move_text

BARE_SUIT = re.compile("[♠♣♥♦](?![\ufe0e\ufe0f])")


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_no_catalogue_text_has_a_bare_suit(locale):
    bare = {key: text for key, text in i18n.catalogue(locale).items() if BARE_SUIT.search(text)}
    assert not bare
    assert any("♦\ufe0e" in text for text in i18n.catalogue(locale).values())  # the examples do name suits


def test_a_move_filled_in_gets_the_text_form_once():
    text = i18n.t("hints.played", "en", move="♥7 W1, ★9 C2")
    assert "♥\ufe0e7" in text and not BARE_SUIT.search(text)
    assert i18n.t("hints.played", "en", move="♥\ufe0e7 W1, ★9 C2") == text  # once: idempotent


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_review_and_hint_words_name_suits_in_text_form(locale):
    definition = setup_game.DEFINITION
    engine = definition.engine
    state = engine.new_game(SetupConfig(), [SeatInfo(name="a"), SeatInfo(name="b")], seed=3)
    rng = random.Random(3)
    words = [move_text(definition, state, 0, action, locale)[0] for action in engine.legal_actions(state, 0)[:40]]
    words.append(move_text(definition, state, 0, engine.ai_action(state, 0, rng), locale)[0])
    assert any(ch in w for w in words for ch in "♠♣♥♦")
    assert not [w for w in words if BARE_SUIT.search(w)]


def test_setup_autocomplete_names_suits_in_text_form():
    choices = setup_cog._choices(["♥7 W1", "♠10 C2", "★9"])  # noqa: SLF001 (the names Discord shows)
    assert [c.name for c in choices] == ["♥\ufe0e7 W1", "♠\ufe0e10 C2", "★9"]
    assert [c.value for c in choices] == ["♥7 W1", "♠10 C2", "★9"]  # values stay as typed
