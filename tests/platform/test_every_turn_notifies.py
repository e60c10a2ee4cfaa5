"""Every turn notifies (issue 31): whole games of each title played by
clicking at an engaged pace (8–40 s a move, each player keeps their private
panel open), as a player who locks the phone after moving feels them.

A *silent turn change* is a person gaining the turn (joining the set of
humans to act) without a new message that mentions them — in the channel, or
a DM — in the same change. Edits notify nobody, nor does the quiet redraw of
an ephemeral panel. With default settings there must be none; ``/settings
ping`` lets a player choose fewer mentions (``away``) or DMs (``dm``)."""
from __future__ import annotations

import random

import pytest

from tests.click.clicking import all_games_bot, show_hand, stub_previews
from tests.click.test_click_budget import GAMES
from tests.conftest import Table, last_reply
from tests.platform.turn_kit import ENGAGED, Told, dm_count, humans_to_act, notified, open_game, play_paced


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


async def play_engaged(env, table: Table, game: str, since: int, seed: int = 5) -> dict[int, Told]:
    """Play ``game`` to the end by clicking, 8–40 s of thinking before each
    move; count, per person, how each hand-over of the turn reached them."""
    return (await play_paced(env, table, game, since, ENGAGED, seed)).told


# Messages per game of the engaged-pace games below, as measured when the
# Death Front pace work began (wip/dfpace on f7af54b; seed 7, pace seed 5):
# a bound, so the other titles' counts do not grow while Death Front's change.
# (new channel messages, of them board posts, DMs)
MESSAGE_BOUNDS = {"setup": (17, 17, 0), "cubed": (53, 52, 0)}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_with_default_settings_no_turn_comes_silently(simcord_env, game):
    table = Table(simcord_env)
    tally = await play_paced(simcord_env, table, game, await open_game(table, game), ENGAGED)
    told = tally.told
    print(f"\n{game}: {tally.moves} moves, {tally.rounds} rounds, {tally.channel_posts} channel posts, "
          f"{tally.board_posts} board posts, {tally.dms} DMs, notifications "
          + str({u: tally.notifications(u) for u in told}))
    if game in MESSAGE_BOUNDS:
        posts, boards, dms = MESSAGE_BOUNDS[game]
        assert tally.channel_posts <= posts and tally.board_posts <= boards and tally.dms <= dms, tally
    for user_id, counts in told.items():
        assert counts.silent == 0, (game, user_id, counts)
        assert counts.mentioned >= 1  # the turn did come to everyone, and it was said
    print(f"\n{game}: " + ", ".join(f"{c.handovers} hand-overs ({c.mentioned} mentioned)" for c in told.values()))


async def test_only_when_away_skips_the_mention_while_watching_the_panel(simcord_env):
    table = Table(simcord_env)
    for member in table.members:
        reply = last_reply(await member.slash(table.channel, "settings ping", mode="away"))
        assert "only when you have been away" in reply.content
    told = await play_engaged(simcord_env, table, "cubed", await open_game(table, "cubed"))
    quiet = sum(c.silent for c in told.values())
    assert quiet > 0  # the player chose fewer mentions, and got them
    assert all(c.mentioned + c.silent == c.handovers for c in told.values())


async def test_away_still_mentions_a_player_who_stepped_away(simcord_env):
    table = Table(simcord_env)
    for member in table.members:
        await member.slash(table.channel, "settings ping", mode="away")
    await open_game(table, "setup")
    live = table.live()
    first = table.member_for_seat(live.to_act()[0])
    other = next(m for m in table.members if m.id != first.id)
    panel = await show_hand(other, table.board_message())  # the other player watches their panel…
    assert panel.ephemeral
    await simcord_env.advance_time(120)  # …then puts the phone away for two minutes
    since = len(simcord_env.http_requests)
    dms_before = {m.id: dm_count(simcord_env, m) for m in table.members}
    action = live.engine.ai_action(live.state, live.to_act()[0], random.Random(1))
    await table.service.act(live.id, first.id, action)
    await simcord_env.settle()
    assert other.id in humans_to_act(table)
    assert notified(simcord_env, table, since, dms_before, other.id) == "mention"


async def test_turns_by_dm_instead_of_a_mention(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    reply = last_reply(await alice.slash(table.channel, "settings ping", mode="dm"))
    assert "DM" in reply.content
    told = await play_engaged(simcord_env, table, "setup", await open_game(table, "setup"))
    assert told[alice.id].dm >= 1 and told[alice.id].mentioned == 0 and told[alice.id].silent == 0
    assert told[bob.id].mentioned >= 1 and told[bob.id].dm == 0 and told[bob.id].silent == 0


async def test_turns_by_dm_fall_back_to_a_mention_when_dms_are_closed(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    await alice.slash(table.channel, "settings ping", mode="dm")
    since = await open_game(table, "setup")
    simcord_env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    told = await play_engaged(simcord_env, table, "setup", since)
    assert told[alice.id].silent == 0 and told[alice.id].dm == 0 and told[alice.id].mentioned >= 2
    notes = [m.content for m in table.channel.history() if "your DMs are closed" in m.content]
    assert len(notes) == 1  # said once; later turns mention her on the board
