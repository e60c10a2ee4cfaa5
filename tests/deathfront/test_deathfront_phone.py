"""Issue 21 on a phone: hands and DMs name cards (never ids, never a name
twice); the board cuts no text, its end header says "Game over" once, its
badges leave the unit symbol visible, its legend lines fit; a deploy
preview fits a phone screen with the player's own deploy rows in it."""
from __future__ import annotations

import io
import re
from types import SimpleNamespace

import pytest
from PIL import Image
from test_deathfront_support import ENGINE, empty_position, give, new_game, put

from bench import states
from cogs.play.builder.deathfront import preview_png
from engines.deathfront import rules as R
from engines.deathfront.cards import card_name, default_cards
from engines.deathfront.parsing import resolve_card
from i18n import t
from render import overlay
from render.common import ELLIPSIS, text_width
from render.deathfront import CELL, BoardPicture, DeathFrontRenderer, tile_sprite
from render.deathfront.board import PAD, USED_SAMPLE
from render.deathfront.style import LEVEL_INK
from render.deathfront.tile import NAME_WIDTH, badge_size
from render.fit import fit_lines
from render.watching import record_text

RENDERER = DeathFrontRenderer()
LOCALES = ("en", "zh-CN", "zh-TW")
ID_PATTERN = re.compile(r"[a-z]+_[a-z_]+(-\d+)?\b")


def a_mixed_hand():
    state = new_game(seed=2)
    for card in ("us_minefield", "us_anti_tank", "us_bunker", "us_p47", "us_rifle_squad"):
        give(state, card)
    return state


@pytest.mark.parametrize("locale", LOCALES)
def test_hand_text_names_each_kind_once_and_shows_no_id(locale):
    state = a_mixed_hand()
    view = ENGINE.private_view(state, 0)
    text = RENDERER.hand_text(view, locale)
    assert not ID_PATTERN.search(text), text
    kinds = {R.card(uid).id for uid in state.hands[0]}
    assert len(text.splitlines()) == len(kinds)
    for kind in kinds:
        assert text.count(f"**{card_name(kind, locale)}") == 1
    copies = sum(1 for uid in state.hands[0] if R.card(uid).id == "us_rifle_squad")
    assert f"{card_name('us_rifle_squad', locale)} {t('deathfront.label.copies', locale, n=copies)}" in text
    for line in text.splitlines():
        parts = [p.strip("* ") for p in re.split(r" · |\*\* · ", line)]
        assert len(parts) == len(set(parts)), line  # "Minefield · Minefield" no more


def test_typed_commands_still_take_ids_and_names_in_any_language():
    state = a_mixed_hand()
    uid = next(u for u in state.hands[0] if R.card(u).id == "us_anti_tank")
    for text in (uid, "us_anti_tank", card_name("us_anti_tank", "en"), card_name("us_anti_tank", "zh-CN"),
                 card_name("us_anti_tank", "zh-TW")):
        assert resolve_card(state.hands[0], text) == uid, text


@pytest.mark.parametrize("locale", LOCALES)
def test_hand_image_draws_no_id(locale):
    view = ENGINE.private_view(a_mixed_hand(), 0)
    with record_text() as log:
        RENDERER.hand_png(view, locale)
    drawn = [text for _, text in log]
    assert not [text for text in drawn if ID_PATTERN.search(text)]
    assert card_name("us_anti_tank", locale) in drawn


@pytest.mark.parametrize("locale", LOCALES)
def test_every_unit_name_fits_its_tile_whole_and_no_two_read_the_same(locale):
    shown: dict[str, str] = {}
    for card in default_cards().defs.values():
        if card.type != "unit":
            continue
        name = card.name.get(locale)
        size, lines = fit_lines(name, 18, NAME_WIDTH, two_lines=15, one_line_min=15)
        assert len(lines) <= 2 and all(text_width(line, size) <= NAME_WIDTH for line in lines), (name, lines)
        assert ELLIPSIS not in "".join(lines)
        joined = "".join(line[:-1] if line.endswith("-") and k == 0 and len(lines) > 1 else line
                         for k, line in enumerate(lines))
        assert joined.replace(" ", "") == name.replace(" ", "")
        shown.setdefault(" / ".join(lines), name)
        assert shown[" / ".join(lines)] == name


def finished_state():
    return states.playthrough("deathfront").final


@pytest.mark.parametrize("locale", LOCALES)
def test_no_board_text_is_cut_late_or_at_the_end(locale):
    for state in (states.stages(states.playthrough("deathfront"))["late"][0], finished_state()):
        tile_sprite.cache_clear()
        with record_text() as log:
            RENDERER.board_png(ENGINE.public_view(state), locale)
        cut = [text for _, text in log if text.endswith(ELLIPSIS)]
        assert not cut, cut


@pytest.mark.parametrize("locale", LOCALES)
def test_the_end_header_says_game_over_once(locale):
    view = ENGINE.public_view(finished_state())
    assert view.result is not None
    picture = BoardPicture(view, locale)
    header = " ".join(text for _, text, _ in picture.header)
    assert header.count(t("deathfront.phase.over", locale)) == 1, header
    room = picture.width - 2 * PAD
    assert all(text_width(text, size, True) <= room for size, text, _ in picture.header)


@pytest.mark.parametrize("locale", LOCALES)
def test_legend_lines_fit_the_board(locale):
    state = states.stages(states.playthrough("deathfront"))["late"][0]
    picture = BoardPicture(ENGINE.public_view(state), locale)
    room = picture.width - 2 * PAD
    assert [kind for _, kind in picture.legend][0] == "sample"  # the red frame stands before its own line
    for text, kind in picture.legend:
        assert text_width(text, 18) <= room - (USED_SAMPLE if kind else 0), text


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("faction", ["ss", "wehrmacht", "uk", "us"])
def test_the_supply_badge_leaves_the_unit_symbol_visible(locale, faction):
    tag, level = t(f"render.deathfront.tag.{faction}", locale), t("render.deathfront.level", locale, n=3)
    size, tag_width = badge_size(tag, level, 14)
    icon_right = 4 + tag_width + 30
    assert icon_right + 2 <= CELL - 8 - text_width(level, size, True)
    tile_sprite.cache_clear()
    sprite = tile_sprite("x_rifle", faction, "unit", 2, 2, 3, "X", (), 0, False, False, locale).convert("RGB")
    gold = [x for x in range(CELL) for y in range(6, 28) if sprite.getpixel((x, y)) == LEVEL_INK]
    assert gold and min(gold) > icon_right


@pytest.mark.parametrize("side", [0, 1])
def test_a_deploy_preview_fits_a_phone_screen_and_shows_your_own_rows(side):
    state = empty_position(players=2)
    put(state, "B2", "us_sherman")
    put(state, "C6", "ss_panther")
    uid = give(state, "us_rifle_squad" if side == 0 else "ss_panzergrenadiers")
    seat = R.seat_of(state, uid)
    assert R.side_of(state, uid) == side
    cells = R.deploy_cells(state, seat, uid)
    assert cells
    table = SimpleNamespace(id=900 + side, record=SimpleNamespace(seed=side), state=state, engine=ENGINE)
    image = Image.open(io.BytesIO(preview_png(table, [], cells, [cells[0]], "→", "x")))
    image = image.convert("RGB")
    assert image.height <= 2.25 * image.width  # the whole grid at a size a phone reads (issue 31): 1.2 screens
    picture = BoardPicture(ENGINE.public_view(state))
    band = image.height - picture.grid_bottom
    for cell in cells:
        x0, y0, x1, y1 = picture.cell_box(cell)
        x = (x0 + x1) // 2
        edge = [image.getpixel((x, y)) for y in range(y0 + band, y0 + band + 10)]
        assert any(_near(p, overlay.TARGET) or _near(p, overlay.CHOSEN) for p in edge), cell


def _near(a, b, tolerance=40):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("faction", ["us", "ss"])
def test_a_hand_of_every_card_kind_cuts_no_text(locale, faction):
    state = new_game(players=2, seed=1)
    kinds = sorted({c.id for c in default_cards().defs.values() if c.faction == faction})
    seat = None
    for kind in kinds:
        if any(R.card(u).id == kind for pile in state.decks for u in pile):
            seat = R.seat_of(state, give(state, kind))
    assert seat is not None
    with record_text() as log:
        RENDERER.hand_png(ENGINE.private_view(state, seat), locale)
    cut = [text for _, text in log if text.endswith(ELLIPSIS)]
    assert not cut, cut
