"""Turn pings: one live "your turn" message per game that mentions exactly
the humans to act; nobody can make the bot ping @everyone, @here or a role."""
import pytest

from tests.conftest import last_reply
from tests.platform.follow_kit import Game, mentioned_ids, raw_messages, simcord_bot  # noqa: F401

GAMES = ["setup", "cubed", "deathfront"]


def check_one_live_ping(game: Game) -> None:
    pings = game.ping_messages()
    to_act = game.humans_to_act()
    if not to_act:
        assert pings == []  # the game ended: the last ping is gone
        return
    assert len(pings) == 1, [p.content for p in pings]
    ping = pings[0]
    assert mentioned_ids(ping.content) == to_act
    assert set(ping.ping_user_ids) <= to_act  # only players to act are ever notified
    assert not ping.mention_everyone and not ping.ping_role_ids


@pytest.mark.parametrize("name", GAMES)
async def test_a_whole_two_player_game_keeps_exactly_one_live_ping(simcord_env, name):
    game = Game(simcord_env, name)
    await game.start()
    check_one_live_ping(game)
    first = game.ping_messages()[0]
    assert set(first.ping_user_ids) == game.humans_to_act()  # the first player(s) are notified
    assert f"#{game.live().id}" in first.content and first.attachments  # the ping is the board
    moves = await game.play_to_end(check=check_one_live_ping)
    counts = game.counts()
    # Every human who had to act was notified, and nobody more often than there were moves.
    assert set(counts.pings) == {m.id for m in game.members}
    assert counts.total_pings <= moves + 2
    assert counts.deletes >= len(game._seen_pings) - 1  # every ping but none left is deleted
    print(f"\n{name}: {moves} moves, {len(game._seen_pings)} ping messages, {counts}")


async def test_simultaneous_choices_ping_everyone_in_one_message(simcord_env):
    game = Game(simcord_env, "deathfront")
    live = await game.start()
    assert len(live.to_act()) == 2  # the mulligan: both choose at once
    pings = game.ping_messages()
    assert len(pings) == 1 and set(pings[0].ping_user_ids) == {m.id for m in game.members}
    assert "mulligan" in pings[0].content.lower()


async def test_ai_seats_are_never_pinged_and_playing_on_does_not_reping(simcord_env):
    game = Game(simcord_env, "setup", names=("alice",))
    await game.start(ai=1)
    alice = game.members[0]
    assert [set(p.ping_user_ids) for p in game.ping_messages()] == [{alice.id}]
    first = game.ping_messages()[0].id
    await game.play_to_end(check=check_one_live_ping, max_moves=400)
    # Against an AI the turn comes straight back: no new ping while she plays.
    assert list(game._seen_pings) == [first]


async def test_names_that_look_like_mass_mentions_never_ping(simcord_env):
    game = Game(simcord_env, "setup", names=("@everyone", "<@&123456789012345678> @here"))
    game_id = (await game.start()).id
    await game.play_to_end()
    host = game.members[0]
    result = await host.slash(game.channel, "history", game_id=game_id)
    assert "everyone" in last_reply(result).content and "@everyone" not in last_reply(result).content
    # Every text the bot sent, by its token or as a follow-up (most are
    # deleted by now: a ping goes when the next one comes), names whom it may ping.
    sent = [r.json for r in simcord_env.http_requests
            if r.method in ("POST", "PATCH") and isinstance(r.json, dict) and r.json.get("content")]
    assert len(sent) > 10
    for payload in sent:
        policy = payload.get("allowed_mentions")
        assert policy is not None and policy.get("parse") == [], payload["content"]
        assert set(policy.get("users", [])) <= {m.id for m in game.members}
    dms = [m.user.dm_channel.id for m in game.members if m.user.dm_channel is not None]
    for message in [m for channel in [game.channel.id, *dms] for m in raw_messages(simcord_env, channel)]:
        policy = message.allowed_mentions
        assert policy.everyone is False and policy.roles == frozenset(), message.content
        assert policy.users is not None and set(policy.users) <= {m.id for m in game.members}
    for message in raw_messages(simcord_env, game.channel.id):
        assert not message.mention_everyone, message.content
        assert message.ping_role_ids == [] and message.mention_role_ids == []
        assert "@everyone" not in message.content and "@here" not in message.content
        if message.embeds:
            assert "@everyone" not in str(message.embeds)
    lobby = next(m for m in raw_messages(simcord_env, game.channel.id) if m.embeds)
    assert "@\u200beveryone" in lobby.embeds[0]["fields"][0]["value"]  # shown, but as text


async def test_the_bot_allows_no_mentions_by_default(simcord_env):
    allowed = simcord_env.bot.allowed_mentions
    assert allowed.everyone is False and allowed.roles is False and allowed.users is False

