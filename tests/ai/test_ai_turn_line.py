"""The board's turn line shows an AI seat's level, in the server's language."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from cogs.notifier import DiscordNotifier
from db.models import Seat


def table_with(seat: Seat) -> SimpleNamespace:
    return SimpleNamespace(seats=[Seat(name="Ann", user_id=1), seat], to_act=lambda: [1])


@pytest.mark.parametrize("locale,expected", [
    ("en", "🤖 AI 2 (Hard)"), ("zh-CN", "🤖 AI 2（困难）"), ("zh-TW", "🤖 AI 2（困難）"),
])
def test_turn_line_shows_an_added_ai_with_its_level(locale, expected):
    line = DiscordNotifier(bot=None).turn_line(table_with(Seat(name="AI 2", ai="added", ai_level="hard")), locale)
    assert expected in line


def test_a_taken_over_seat_shows_the_timeout_level():
    seat = Seat(name="Bob", user_id=2, ai="timeout", ai_level="hard")
    line = DiscordNotifier(bot=None).turn_line(table_with(seat), "en")
    assert "🤖 Bob (Normal)" in line
    assert "<@2>" not in line


def test_a_human_to_act_is_mentioned():
    table = SimpleNamespace(seats=[Seat(name="Ann", user_id=1)], to_act=lambda: [0])
    assert "<@1>" in DiscordNotifier(bot=None).turn_line(table, "en")
