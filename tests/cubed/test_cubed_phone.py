"""Issue 21, CUBED on a phone: the whole hand in one picture, face letters
in the reader's language, one "lowest total wins" at the end, one name."""
from __future__ import annotations

import io
import random
import re
import unicodedata

import pytest
from PIL import Image

import render.cubed as cubed
import render.cubed.hand as hand
from engines.base import SeatInfo
from engines.cubed import CubedEngine
from engines.cubed.labels import face_letter
from engines.cubed.models import CubedConfig, HandPiece
from engines.cubed.pieces import COLOURS, PIECES
from games.cubed import round_summaries
from i18n import catalogue, t
from render.cubed.sprites import HAND_CARD
from render.watching import record_text
from tables.text import game_name

ENGINE = CubedEngine()
RENDERER = cubed.CubedRenderer()
LOCALES = ("en", "zh-CN", "zh-TW")
PHONE_SCREEN = 800  # px tall, shown 400 px wide


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def view_with(n: int, pending: int = 0):
    state = ENGINE.new_game(CubedConfig(), [SeatInfo(name="Ann"), SeatInfo(name="李雷")], 3)
    view = ENGINE.private_view(state, 0)
    pieces = [HandPiece(id=p.id, faces=p.faces, kind=p.kind, points=2, fits=i % 3 == 0)
              for i, p in enumerate(PIECES)]
    return view.model_copy(update={"hand": pieces[:n], "pending": pieces[n:n + pending]})


def card_pixels(image: Image.Image, box) -> int:
    x0, y0, w, h = box
    return sum(1 for px in image.crop((x0, y0, x0 + w, y0 + h)).get_flattened_data() if px == HAND_CARD)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("n, pending", [(8, 0), (25, 0), (25, 3), (88, 0)])
def test_every_piece_of_the_hand_is_drawn_within_two_phone_screens(locale, n, pending):
    view = view_with(n, pending)
    layout = hand.hand_layout(view, locale)
    assert [card.piece.id for card in layout.cards] == [p.id for p in view.hand + view.pending]
    image = decode(RENDERER.hand_png(view, locale))
    assert image.height == layout.height
    assert image.height * 400 / image.width <= 2 * PHONE_SCREEN
    boxes = [card.box for card in layout.cards]
    for i, (x0, y0, w, h) in enumerate(boxes):
        assert 0 <= x0 and x0 + w <= image.width and 0 <= y0 and y0 + h <= image.height
        for x1, y1, w1, h1 in boxes[i + 1:]:
            assert x0 + w <= x1 or x1 + w1 <= x0 or y0 + h <= y1 or y1 + h1 <= y0  # no two cards overlap
    assert all(card_pixels(image, box) > 1000 for box in boxes)  # each card is really painted
    if n == 8:
        assert layout.full  # a small hand keeps its three rotations per piece
    if n == 25:  # issue 31: within 1.5 widths, in columns of one rotation each
        assert not layout.full and image.height <= 1.5 * image.width


def test_the_renderer_has_no_pages_left():
    view = view_with(40)
    with pytest.raises(TypeError):
        RENDERER.hand_png(view, page=1)  # type: ignore[call-arg]


LETTERS = {"en": "SLRCAY", "zh-CN": "蓝紫粉红琥黄", "zh-TW": "藍紫粉紅琥黃"}


@pytest.mark.parametrize("locale", LOCALES)
def test_face_letters_read_in_the_locale_and_name_their_colour_word(locale):
    letters = "".join(face_letter(c, locale) for c in COLOURS)
    assert letters == LETTERS[locale] and len(set(letters)) == 6
    for colour, letter in zip(COLOURS, letters):
        if locale != "en":
            assert unicodedata.name(letter).startswith("CJK UNIFIED IDEOGRAPH")
            assert letter in t(f"render.cubed.{colour}", locale)  # a character of the colour word
            assert t(f"cubed.colour.{colour}", locale).endswith(f"（{letter}）")
            assert not re.search("[A-Z]", t(f"cubed.colour.{colour}", locale))


def single_letters(log) -> set[str]:
    return {text for _, text in log if len(text) == 1 and text != "✓"}


@pytest.mark.parametrize("locale", LOCALES)
def test_hand_and_board_draw_the_locale_letters_only(locale):
    cubed.cube_sprite.cache_clear()
    state = ENGINE.new_game(CubedConfig(), [SeatInfo(name="Ann"), SeatInfo(name="李雷")], 3)
    rng = random.Random(3)
    for _ in range(12):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    others = set("".join(LETTERS.values())) - set(LETTERS[locale])
    with record_text() as log:
        RENDERER.hand_png(ENGINE.private_view(state, 0), locale)
    in_hand = {face_letter(c, locale) for p in ENGINE.private_view(state, 0).hand for c in p.faces}
    drawn = single_letters(log)
    assert in_hand - {"X"} <= drawn and not drawn & others
    with record_text() as log:
        RENDERER.board_png(ENGINE.public_view(state), locale)
    drawn = single_letters(log)
    assert set(LETTERS[locale]) <= drawn and not drawn & others  # legend and faces


RULE = {"en": "lowest total", "zh-CN": "总分最低", "zh-TW": "總分最低"}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_end_says_lowest_total_wins_once(locale):
    state = ENGINE.new_game(CubedConfig(), [SeatInfo(name="Ann"), SeatInfo(name="Bo")], 7)
    rng = random.Random(7)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, seat, ENGINE.ai_action(state, seat, rng))
    summaries = round_summaries(events, ["Ann", "Bo"], state.config.rounds, locale)
    assert summaries  # the last round's summary goes out with the results
    end = "\n".join(summaries + [t(ENGINE.result(state).reason, locale)])
    assert end.lower().count(RULE[locale]) == 1


@pytest.mark.parametrize("locale", LOCALES)
def test_one_name_for_the_game_wherever_a_player_reads_it(locale):
    name = game_name("cubed", locale)
    assert name == ("CUBED" if locale == "en" else "CUBED 立方骨牌")
    assert t("render.cubed.title", locale) == name
    texts = {k: v for k, v in catalogue(locale).items() if k != "core.names.cubed"}  # a command name: one word
    for key, text in texts.items():
        plain = re.sub(r"\{(cmd|opt):[^}]*\}", "", text)
        assert plain.count("CUBED") == plain.count(name) or locale == "en", key
        assert "立方骨牌" not in plain.replace(name, ""), key


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW"])
def test_the_game_and_its_number_stand_apart_from_chinese_words(locale):
    line = t("core.turn.ping", locale, players="@Ann", game=game_name("cubed", locale), id=2, what="x")
    assert line == {"zh-CN": "@Ann，轮到你在 CUBED 立方骨牌 #2 行动：x",
                    "zh-TW": "@Ann，輪到你在 CUBED 立方骨牌 #2 行動：x"}[locale]
    ideograph = r"[\u4e00-\u9fff]"
    for key, text in catalogue(locale).items():
        assert not re.search(ideograph + r"\{game\}|\{game\}" + ideograph + r"|#\{id\}" + ideograph, text), key


@pytest.mark.parametrize("locale, named", [("en", "SLR"), ("zh-CN", "SLR（蓝紫粉）"), ("zh-TW", "SLR（藍紫粉）")])
def test_text_names_a_piece_by_its_id_and_the_readers_face_letters(locale, named):
    from cogs.games.cubed import piece_caption
    from engines.base import Event
    from games.cubed import DEFINITION
    from tables.text import describe

    event = Event(key="cubed.ev.placed", params={"seat": 0, "piece": "SLR", "cell": "3", "rotation": 0})
    line = describe(event, [], locale, DEFINITION.localize_params)
    assert named in line and (locale == "en" or "SLR（" in line)
    caption = piece_caption(HandPiece(id="SLR", faces=("sky", "lilac", "rose"), kind="three", points=1), locale)
    assert caption.startswith(named + " ·")
    assert DEFINITION.localize_params({"piece": "QQQ"}, locale) == {"piece": "QQQ"}  # a typo stays as typed
