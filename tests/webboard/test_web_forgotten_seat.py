"""A seat whose player asked to be forgotten (/privacy delete) reads as "a
former player" in the page's language on the web board too, never as the
stored marker (tables/privacy.py)."""
from types import SimpleNamespace

import pytest

from db.models import Seat
from db.privacy import FORMER_PLAYER
from web.table_json import seat_label


@pytest.mark.parametrize("locale, shown", [("en", "a former player"), ("zh-CN", "一位前玩家")])
def test_a_forgotten_seat_is_named_in_the_pages_language(locale, shown):
    table = SimpleNamespace(record=SimpleNamespace(seats=[Seat(name=FORMER_PLAYER), Seat(user_id=7, name="bob")]))
    assert seat_label(table, 0, locale) == shown
    assert seat_label(table, 1, locale) == "bob"


def test_a_player_who_chose_the_markers_words_as_a_name_keeps_them():
    table = SimpleNamespace(record=SimpleNamespace(seats=[Seat(user_id=5, name=FORMER_PLAYER)]))
    assert seat_label(table, 0, "zh-CN") == FORMER_PLAYER
