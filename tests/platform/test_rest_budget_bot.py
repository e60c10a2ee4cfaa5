"""The bot with its REST budget on (tests/conftest.py turns it off): it is
installed on the HTTP client the bot talks through (SimCord's fake one
here), a whole game's requests pass through it, and under SimCord's
virtual clock nothing deadlocks: waiting for a slot is time advancing."""
from __future__ import annotations

import pytest

from app.settings import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"rest_budget": True})


async def test_every_request_of_a_whole_game_waits_for_the_budget(simcord_env, table):
    bot = simcord_env.bot
    budget = bot.rest_budget
    assert budget is not None and bot.http.request.rest_budget is budget
    await table.open_and_start()
    await table.play_to_end()
    await simcord_env.settle()

    assert table.live() is None or table.live().record.status == "finished"
    # The boards, pings and DMs: with the bot token, or as a click's follow-up paced by its channel's window.
    assert budget.stats.admitted + budget.stats.followups > 10
    assert budget.stats.waited >= 1  # a channel's sixth message waited for its window (SimCord's clock moved on)
    assert budget.stats.exempt == 0  # interaction answers go through the webhook adapter, not here
    sent = [r for r in simcord_env.backend.http_requests if r.method == "POST" and "/messages" in r.path]
    assert sent
