"""The hands picture of a SETUP team thread is drawn for the whole team: rows
by name with each one's bonus squares, whose turn it is by name, never "your
hand" (both partners read it)."""
from __future__ import annotations

import pytest

from engines.base import SeatInfo
from engines.setup.engine import SetupEngine
from engines.setup.models import SetupConfig
from i18n import t
from render.setup import SetupRenderer
from render.watching import record_text
from tables.registry import default_registry


def team_view(seat: int, first_seat: int):
    engine = SetupEngine()
    seats = [SeatInfo(name=name) for name in ("alice", "王小明", "bob", "carol")]
    state = engine.new_game(SetupConfig(mode="teams", first_seat=first_seat), seats, seed=5)
    sides = default_registry().get("setup").team_sides
    assert sides is not None
    return sides.team_view(engine.private_view(state, seat))


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_a_team_picture_names_both_rows_and_whose_turn(locale, tmp_path):
    view = team_view(0, first_seat=1)  # the partner (seat 1, 王小明) is to play
    with record_text() as drawn:
        png = SetupRenderer().hand_png(view, locale)
    texts = [text for _, text in drawn]
    assert png.startswith(b"\x89PNG")
    assert not any(t("render.setup.your_hand", locale) in text for text in texts)
    assert not any(t("render.setup.your_turn", locale) in text for text in texts)
    assert any(t("render.setup.turn_of", locale, name="王小明") in text for text in texts)
    assert any(text.endswith("alice") for text in texts) and any(text.endswith("王小明") for text in texts)
    assert t("render.setup.hint_only", locale, name="王小明", squares=" ".join(view.partner_squares)) in texts
    assert t("render.setup.hint_only", locale, name="alice", squares=" ".join(view.allowed_squares)) in texts
    assert view.partner_squares and view.partner_squares != view.allowed_squares  # the centre is shared
    (tmp_path / f"team-{locale}.png").write_bytes(png)


def test_a_players_own_picture_still_says_your_hand():
    engine = SetupEngine()
    seats = [SeatInfo(name=name) for name in ("alice", "dave", "bob", "carol")]
    state = engine.new_game(SetupConfig(mode="teams", first_seat=0), seats, seed=5)
    with record_text() as drawn:
        SetupRenderer().hand_png(engine.private_view(state, 0), "en")
    texts = [text for _, text in drawn]
    assert any("Your hand" in text for text in texts) and any("your turn" in text for text in texts)
