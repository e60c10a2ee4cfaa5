"""Images in the viewer's language, with the players' real names."""
from __future__ import annotations

import re

import pytest
from render_helpers import decode, diff_box, late, setup_state, tofu

from engines.deathfront.cards import card_name
from i18n import catalogue
from render.setup import WIDTH, SetupRenderer
from render.setup.board import panel_of
from render.setup.geometry import corner_box
from tables.registry import default_registry

LOCALES = ("en", "zh-CN", "zh-TW")
REGISTRY = default_registry()

# Words the renderers drew in English before they were localized.
FORMER_LITERALS = [
    "SCORE TRACK", "COMMON HAND", "BAG", "PLAYERS", "LAST MOVE", "FINISH LINE", "YOUR HAND", "PARTNER",
    "GAME OVER", "TO PLAY", "swapped", "bonus", "team", "players", "finish", "move", "squares", "play or swap",
    "anyone", "partner", "CUBED", "solo", "round", "Bag", "Winner", "Turn", "blocker", "blocked", "Player", "Hand",
    "Total", "pieces", "pts", "fits", "empty", "rotations", "Drawn", "keep", "Round", "Deploy", "Attack", "Defence",
    "Supply", "Range", "Armoured", "Indirect", "Fast", "Engineer", "Concealed", "Airborne", "Infiltrate",
    "Anti-armour", "Allies", "Axis", "hand", "deck", "discard", "Enemy", "mulligan", "Single use", "target",
    "fwd", "EXH", "SMK", "KO", "held", "MINE", "BUNKER", "CONC", "ENG", "IND", "ARM", "LEVEL", "DEF", "ATK",
    "Place in own territory", "Supplies", "To act", "End proposed", "may advance", "Draw", "win", "front", "rows",
]


def test_no_former_english_word_in_the_chinese_image_strings():
    for locale in ("zh-CN", "zh-TW"):
        for key, text in catalogue(locale).items():
            if not key.startswith("render."):
                continue
            words = re.sub(r"\{[a-z_]+\}", "", text)  # placeholders are not shown
            words = words.replace(catalogue(locale)["core.game.cubed"], "")  # the brand beside its Chinese name
            for word in FORMER_LITERALS:
                assert not re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", words, re.IGNORECASE), \
                    (locale, key, word)


def test_every_image_key_exists_in_every_language():
    keys = {loc: {k for k in catalogue(loc) if k.startswith("render.")} for loc in LOCALES}
    assert keys["en"] == keys["zh-CN"] == keys["zh-TW"]


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_board_and_hand_differ_by_language(game):
    spec = REGISTRY.get(game)
    state, seat = late(game)
    boards = [spec.renderer.board_png(spec.engine.public_view(state), loc) for loc in LOCALES]
    hands = [spec.renderer.hand_png(spec.engine.private_view(state, seat), loc) for loc in LOCALES]
    for pngs in (boards, hands):
        images = [decode(p) for p in pngs]
        assert diff_box(images[0], images[1]) and diff_box(images[1], images[2]) and diff_box(images[0], images[2])
    assert spec.renderer.board_png(spec.engine.public_view(state)) == boards[0]  # English by default


def test_names_are_drawn_where_the_players_are_listed():
    renderer = SetupRenderer()
    a = setup_state(["李雷", "韩梅梅"])
    b = setup_state(["王芳", "张伟"])  # same seed, same moves: only the names differ
    image_a = decode(renderer.board_png(_view(a), "zh-CN"))
    image_b = decode(renderer.board_png(_view(b), "zh-CN"))
    assert diff_box(image_a, image_b) is not None
    panel = panel_of(_view(a), "zh-CN")
    corner = corner_box(0, 3)
    header = (corner[0], 0, WIDTH, corner[3])  # "to play: NAME" in the top right corner
    rows = (0, panel.player_row(0), WIDTH, panel.player_row(2))
    assert diff_box(image_a.crop(header), image_b.crop(header)) or diff_box(image_a.crop(rows), image_b.crop(rows))
    assert diff_box(image_a.crop(rows), image_b.crop(rows))
    # nothing else changes: the board and everything below the player rows are the same
    for part in ((0, 0, corner[0], corner[3]), (0, corner[3], WIDTH, panel.player_row(0)),
                 (0, panel.player_row(2), WIDTH, image_a.height)):
        assert diff_box(image_a.crop(part), image_b.crop(part)) is None
    with tofu():
        boxes = decode(renderer.board_png(_view(a), "zh-CN"))
    assert diff_box(image_a, boxes) and diff_box(image_b, boxes)
    # the board of a CJK name is not the board of an ASCII fallback either
    fallback = decode(renderer.board_png(_view(setup_state(["Player 1", "Player 2"])), "zh-CN"))
    assert diff_box(image_a, fallback)


def _view(state):
    from engines.setup.engine import SetupEngine

    return SetupEngine().public_view(state)


def test_cubed_and_deathfront_draw_real_names():
    for game in ("cubed", "deathfront"):
        spec = REGISTRY.get(game)
        state, _ = late(game)
        view = spec.engine.public_view(state)
        if game == "cubed":
            renamed = view.model_copy(update={"seat_names": ["李雷"] + view.seat_names[1:]})
        else:
            seats = [s.model_copy(update={"name": "李雷" if s.seat == 0 else s.name}) for s in view.seats]
            renamed = view.model_copy(update={"seats": seats})
        plain = decode(spec.renderer.board_png(view, "zh-CN"))
        named = decode(spec.renderer.board_png(renamed, "zh-CN"))
        assert diff_box(plain, named)
        with tofu():
            boxes = decode(spec.renderer.board_png(renamed, "zh-CN"))
        assert diff_box(named, boxes)


def test_hand_text_in_the_viewers_language():
    spec = REGISTRY.get("deathfront")
    state, seat = late("deathfront")
    view = spec.engine.private_view(state, seat)
    assert view.hand
    for locale in LOCALES:
        text = spec.renderer.hand_text(view, locale)
        for card in view.hand:
            assert card_name(card.id, locale) in text
    assert "Range" in spec.renderer.hand_text(view, "en") or "Resource" in spec.renderer.hand_text(view, "en") \
        or "Level" in spec.renderer.hand_text(view, "en")
    setup = REGISTRY.get("setup")
    state = setup_state(["A", "B", "C", "D"], moves=0)
    from engines.setup.engine import SetupEngine

    private = SetupEngine().private_view(state, 0)
    assert "common:" in setup.renderer.hand_text(private)
    assert "公共：" in setup.renderer.hand_text(private, "zh-CN") and "common" not in setup.renderer.hand_text(
        private, "zh-CN")
