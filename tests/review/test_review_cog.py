"""The post-game review on Discord (SimCord): the Review button beside
Rematch answers a player privately with three moves and pictures, /review
does the same for a past game, and others are refused."""
from __future__ import annotations

import asyncio
import io
import random

import pytest
from PIL import Image

from bench.review_games import setup_two_for_six
from bot import SHARED_EXTENSIONS
from games import setup as setup_game
from tables.registry import GameRegistry
from tests.conftest import Table, last_reply


@pytest.fixture
def make_bot(bot_builder):
    return lambda: bot_builder(GameRegistry([setup_game.DEFINITION]), [*SHARED_EXTENSIONS, "cogs.games.setup"])


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


async def finished_setup_game(table: Table) -> tuple[int, int]:
    """A two-player SETUP game played to the end through the table service,
    alice once playing 2 points where 6 were there; (game id, that move's number)."""
    alice, bob = table.members[:2]
    service = table.service
    service.new_seed = lambda: 3  # a deal with a 2-for-6 chance for alice
    live = await service.open_lobby("setup", table.guild.id, table.channel.id, alice.id, "alice", {})
    await service.join(live.id, bob.id, "bob")
    await service.start(live.id, alice.id)
    rng = random.Random(5)
    blunder = 0
    while (current := table.live()) is not None and current.record.status == "playing":
        seat = current.to_act()[0]
        user = current.seats[seat].user_id
        action = setup_two_for_six(current.state, seat, 0) if user == alice.id and not blunder else None
        if action is not None:
            blunder = current.record.version + 1
        else:
            action = current.engine.ai_action(current.state, seat, rng)
        await service.act(live.id, user, action)
    await table.env.settle()
    assert blunder, "the game offered no 2-for-6 blunder"
    return live.id, blunder


def pictures(env, result) -> list[Image.Image]:
    return [Image.open(io.BytesIO(env.backend.cdn.get(a.url)))
            for m in [result.response, *result.followups] for a in m.attachments]


async def test_the_review_button_answers_privately_with_three_moves_and_pictures(simcord_env):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    game_id, blunder = await finished_setup_game(table)
    results = table.channel.history()[-1]
    labels = [c.label for row in results.components for c in row.children]
    assert labels == ["Rematch", "Review"]
    clicked = await table.members[0].click(results, label="Review")
    messages = [clicked.response, *clicked.followups]  # the answer to the defer, then one message per move
    assert all(m.ephemeral for m in messages)
    assert f"#{game_id}" in messages[0].content and "(3)" in messages[0].content
    items = [m for m in messages if m.attachments]
    assert len(items) == 3
    assert any(f"Move {blunder}**" in m.content for m in items)  # the seeded blunder is among them
    assert all("You played:" in m.content and "Better:" in m.content for m in items)
    shown = pictures(simcord_env, clicked)
    assert len(shown) == 3
    for image in shown:
        assert image.format == "PNG" and image.width >= 300
    stored = await table.service.reviews.repo.get(game_id, 0, 1)
    assert stored is not None and len(stored["items"]) == 3
    # A spectator's press is refused, privately; nothing is worked out for them.
    eve = await table.members[2].click(results, label="Review")
    assert eve.response.ephemeral and "did not play" in eve.response.content


async def test_review_command_for_a_past_game_and_its_refusals(simcord_env, locales):
    table = Table(simcord_env, names=("alice", "bob", "eve"))
    game_id, _ = await finished_setup_game(table)
    bob, eve = table.members[1], table.members[2]
    locales[bob.id] = "zh-TW"
    answer = await bob.slash(table.channel, "review", game_id=game_id)
    messages = [answer.response, *answer.followups]
    assert all(m.ephemeral for m in messages)
    assert "復盤" in messages[0].content and f"#{game_id}" in messages[0].content
    items = [m for m in messages if m.attachments]
    assert len(items) == 3 and all("你的著法：" in m.content and "更好的著法：" in m.content for m in items)
    unknown = last_reply(await eve.slash(table.channel, "review", game_id=9999))
    assert unknown.ephemeral and "no finished game #9999" in unknown.content
    not_theirs = last_reply(await eve.slash(table.channel, "review", game_id=game_id))
    assert not_theirs.ephemeral and "did not play" in not_theirs.content


async def test_a_game_still_running_is_not_reviewed(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    live = await table.service.open_lobby("setup", table.guild.id, table.channel.id, alice.id, "alice", {})
    await table.service.join(live.id, bob.id, "bob")
    await table.service.start(live.id, alice.id)
    answer = last_reply(await alice.slash(table.channel, "review", game_id=live.id))
    assert answer.ephemeral and "not finished yet" in answer.content


async def test_two_presses_at_once_share_one_review_and_the_next_reads_the_stored_one(simcord_env):
    table = Table(simcord_env)
    game_id, _ = await finished_setup_game(table)
    service = table.service
    pool = service.thinking
    calls = []
    original = pool.review

    async def counted(*args):
        calls.append(args[3])
        return await original(*args)

    pool.review = counted
    alice = table.members[0].id
    first, second = await asyncio.gather(service.reviews.for_user(game_id, alice),
                                         service.reviews.for_user(game_id, alice))
    assert first.data == second.data and calls == [0]
    again = await service.reviews.for_user(game_id, alice)
    assert again.data == first.data and calls == [0]  # stored: not judged again
