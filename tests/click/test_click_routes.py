"""A whole game by clicking in SimCord, with the boards sent as the clicks'
follow-ups (cogs/play/interaction_routes.py, INTERACTION_ROUTES on) and without
(the bot token): the same one board in the channel after every move, public
and pinging the player to act; with the routes the bot token's requests per
move fall to almost none (they are Discord's interaction endpoints, outside
the token's global limit)."""
from __future__ import annotations

import pytest

from tests.click import test_click_setup as setup_clicks
from tests.click.clicking import all_games_bot, stub_previews
from tests.click.test_click_budget import bot_requests, play, setup_choice
from tests.conftest import Table


@pytest.fixture(params=[True, False], ids=["routes", "bot-token"])
def routes_on(request) -> bool:
    return request.param


@pytest.fixture
def settings(settings, routes_on):
    return settings.model_copy(update={"interaction_routes": routes_on})


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


def boards(env, channel_id: int) -> list:
    """The public messages with a picture: the board (or, at the end, the results)."""
    return [m for m in env.backend.messages.get(channel_id, {}).values()
            if not m.is_ephemeral and any(a.get("filename") == "board.png" for a in m.attachments)]


async def test_one_board_by_clicking_through_the_clicks_follow_ups_or_the_bot_token(simcord_env, routes_on):
    table = Table(simcord_env)
    host, guest = table.members
    await host.slash(table.channel, "setup new")
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = 7
    since = len(simcord_env.http_requests)
    await host.click(table.lobby_message(), label="Start")
    game_id = table.live().id
    seen = []

    async def click(member, message, action, state, seat):
        answer = await setup_clicks.click_action(member, message, action)
        await simcord_env.settle()
        shown = boards(simcord_env, table.channel.id)
        assert len(shown) == 1, [m.content[:40] for m in shown]  # one board, whichever way it went out
        live = table.live()
        if live is not None and live.record.status == "playing":
            assert shown[0].id == live.record.board_message_id
            to_act = live.seats[live.to_act()[0]].user_id
            assert f"<@{to_act}>" in shown[0].content
        seen.append(shown[0].interaction_metadata is not None or shown[0].webhook_id is not None)
        return answer

    await play(simcord_env, table, setup_choice, click)
    await simcord_env.settle()
    assert (await table.service.games.get(game_id)).status == "finished"
    moves = len(await table.service.games.actions(game_id))
    per_move = len(bot_requests(simcord_env, since)) / moves
    follow_ups = [r for r in simcord_env.http_requests[since:]
                  if r.method in ("POST", "PATCH", "DELETE") and r.path.startswith("/webhooks/")
                  and "@original" not in r.path]
    if routes_on:
        assert all(seen) and follow_ups  # every board a click's follow-up
        assert per_move < 0.2, per_move
    else:
        assert not any(seen) and not follow_ups
        assert per_move > 0.5, per_move  # the board's post and delete, with the bot token
