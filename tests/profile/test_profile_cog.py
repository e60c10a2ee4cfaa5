"""/profile on Discord (SimCord): a card for yourself and for another
player, private unless public, in the caller's language; an empty card for
a player without games (or who deleted their data); refused in a DM and
for a bot."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from render.profile import WIDTH as PROFILE_WIDTH
from tables.privacy import forget
from tests.conftest import Table, last_reply

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "profile"


async def play_games(table: Table, count: int) -> None:
    for _ in range(count):
        await table.open_and_start()
        await table.play_to_end()
    await table.env.settle()


def card_of(env, message) -> Image.Image:
    assert len(message.attachments) == 1 and message.attachments[0].filename == "profile.png"
    image = Image.open(io.BytesIO(env.backend.cdn.get(message.attachments[0].url)))
    assert image.format == "PNG"
    return image


async def test_my_profile_is_private_with_the_card(simcord_env):
    table = Table(simcord_env)
    await play_games(table, 3)
    alice = table.members[0]
    answer = last_reply(await alice.slash(table.channel, "profile"))
    assert answer.ephemeral
    assert "**alice** on this server — games: 3 · wins: " in answer.content
    image = card_of(simcord_env, answer)
    assert image.width == PROFILE_WIDTH and image.height > 450  # the full card, chart and all
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    image.save(ARTIFACTS / "simcord-alice.png")
    assert "Games: 3;" in answer.attachments[0].description and "rating: " in answer.attachments[0].description
    posted = [a.filename for m in table.channel.history() for a in m.attachments]
    assert "profile.png" not in posted  # nothing posted in the channel


async def test_another_players_profile_in_public_and_in_chinese(simcord_env, locales):
    table = Table(simcord_env)
    await play_games(table, 2)
    alice, bob = table.members
    locales[bob.id] = "zh-CN"
    answer = last_reply(await bob.slash(table.channel, "profile", user=alice, public=True))
    assert not answer.ephemeral
    assert "**alice** 在本服务器：2 局" in answer.content
    card_of(simcord_env, answer)
    posted = table.channel.history()[-1]
    assert [a.filename for a in posted.attachments] == ["profile.png"]  # everyone in the channel sees it


async def test_a_player_without_games_gets_the_empty_card(simcord_env):
    table = Table(simcord_env)
    alice = table.members[0]
    answer = last_reply(await alice.slash(table.channel, "profile"))
    assert answer.ephemeral and "has not finished a game on this server yet" in answer.content
    image = card_of(simcord_env, answer)
    assert image.height < 400  # "No games yet"


async def test_a_player_who_deleted_their_data_has_an_empty_card(simcord_env):
    table = Table(simcord_env)
    await play_games(table, 2)
    alice, bob = table.members
    await forget(table.service.db, simcord_env.bot.registry, alice.id)
    answer = last_reply(await bob.slash(table.channel, "profile", user=alice))
    assert "has not finished a game on this server yet" in answer.content
    assert card_of(simcord_env, answer).height < 400
    still = last_reply(await bob.slash(table.channel, "profile"))  # the other player's card is whole
    assert "games: 2" in still.content


async def test_refused_in_a_dm_and_for_a_bot(simcord_env, locales):
    table = Table(simcord_env)
    alice = table.members[0]
    dm = last_reply(await alice.user.slash("profile"))
    assert dm.ephemeral and "Profiles belong to a server" in dm.content and not dm.attachments
    robot = table.guild.add_member(simcord_env.create_user("robot", bot=True))
    refused = last_reply(await alice.slash(table.channel, "profile", user=robot))
    assert refused.ephemeral and "robot is a bot" in refused.content and not refused.attachments
    locales[alice.id] = "zh-TW"
    dm = last_reply(await alice.user.slash("profile"))
    assert "個人資料屬於某個伺服器" in dm.content


async def test_a_text_mode_player_reads_the_card_in_words(simcord_env):
    table = Table(simcord_env)
    await play_games(table, 1)
    alice = table.members[0]
    await table.service.settings.set_view_mode(alice.id, "text")
    answer = last_reply(await alice.slash(table.channel, "profile"))
    assert answer.ephemeral and not answer.attachments
    assert "games: 1" in answer.content and "Highcard — games: 1, wins: " in answer.content and "rating: " in answer.content
