"""The real bot: every game and every cog, on a temporary database."""
from __future__ import annotations

import pytest

from bot import extensions_for
from tables.registry import default_registry


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), list(extensions_for(default_registry())))
