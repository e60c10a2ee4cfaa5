"""Playing through the table: whole games, illegal actions, hands, DMs,
concurrency and restarts."""
import asyncio

import pytest

from tables.errors import TableError
from tests.conftest import last_reply
from tests.support.highcard import Play


async def test_a_whole_game_to_its_end(table):
    live = await table.open_and_start()
    game_id = live.id
    assert live.record.board_message_id is not None
    await table.play_to_end()
    record = await table.service.games.get(game_id)
    assert record.status == "finished"
    assert record.version == 12  # 12 cards, one action each
    results = table.channel.history()[-1].content
    assert "final standings" in results and "alice" not in results  # mentions, not names
    assert f"<@{table.members[0].id}>" in results and f"<@{table.members[1].id}>" in results
    board = next(m for m in table.channel.history() if m.id == record.board_message_id)
    assert board.content == results  # the results carry the last board
    assert [a.filename for a in board.attachments] == ["board.png"]
    controls = [c.custom_id for row in board.components for c in row.children]
    assert controls == [f"tt:rematch:{game_id}", f"tt:review:{game_id}"]  # no Show hand button on a finished game
    boards = [m for m in table.channel.history() if any(a.filename == "board.png" for a in m.attachments)]
    assert boards == [board]  # every older board was deleted


async def test_the_board_comes_back_with_the_ping_when_the_turn_passes(table):
    """The next player's ping is the board itself, saying what happened; the
    old board is deleted: one board message, two requests of the bot token
    (here no click carries the board: tests/click/test_click_routes.py)."""
    table.env.bot.notifier.routes = None
    live = await table.open_and_start()
    board_id = live.record.board_message_id
    before = len(table.channel.history())
    since = len(table.env.http_requests)
    seat = live.to_act()[0]
    card = max(live.state.hands[seat])
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=card)
    assert len(table.channel.history()) == before  # one posted, one deleted
    assert board_id not in [m.id for m in table.channel.history()]
    board = next(m for m in table.channel.history() if m.id == table.live().record.board_message_id)
    assert f"played {card}" in board.content
    next_user = table.live().seats[table.live().to_act()[0]].user_id
    raw = table.env.backend.messages[table.channel.id][board.id]
    assert f"<@{next_user}>" in board.content and raw.ping_user_ids == [next_user]
    assert [a.filename for a in board.attachments] == ["board.png"]
    sent = [r for r in table.env.http_requests[since:] if not r.path.startswith(("/interactions/", "/webhooks/"))]
    assert [r.method for r in sent] == ["POST", "DELETE"]


async def test_a_change_that_keeps_the_turn_edits_the_board(simcord_env):
    from tests.conftest import Table

    table = Table(simcord_env, names=("alice",))
    live = await table.open_and_start(ai=1)
    board_id = live.record.board_message_id
    seat = live.to_act()[0]
    member = table.member_for_seat(seat) if live.seats[seat].user_id else None
    if member is None:  # the AI opened: wait for the turn to come to a person
        await table.env.settle()
        seat = table.live().to_act()[0]
        member = table.member_for_seat(seat)
        board_id = table.live().record.board_message_id
    await member.slash(table.channel, "highcard play", card=max(table.live().state.hands[seat]))
    await table.env.settle()
    live = table.live()
    assert live.record.board_message_id == board_id  # the AI answered: the same player's turn again, edited


async def test_an_illegal_action_is_answered_privately_and_changes_nothing(table):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    missing = next(c for c in range(1, 13) if c not in live.state.hands[seat])
    version, state = live.record.version, live.state.model_dump()
    result = await table.member_for_seat(seat).slash(table.channel, "highcard play", card=missing)
    answer = last_reply(result)
    assert answer.ephemeral and f"card {missing} is not in your hand" in answer.content
    assert table.live().record.version == version and table.live().state.model_dump() == state
    assert (await table.service.games.get(live.id)).version == version


async def test_acting_out_of_turn_is_refused(table):
    live = await table.open_and_start()
    waiting = 1 - live.to_act()[0]
    card = live.state.hands[waiting][0]
    result = await table.member_for_seat(waiting).slash(table.channel, "highcard play", card=card)
    assert last_reply(result).ephemeral and "not your turn" in last_reply(result).content
    assert table.live().record.version == 0


async def test_a_spectator_cannot_act(simcord_env):
    from tests.conftest import Table

    t = Table(simcord_env, names=("alice", "bob", "carol"))
    t.members, carol = t.members[:2], t.members[2]
    await t.open_and_start()
    result = await carol.slash(t.channel, "highcard play", card=1)
    assert "not playing in this game" in last_reply(result).content


async def test_hand_is_visible_only_to_its_caller(table):
    live = await table.open_and_start()
    alice, bob = table.members
    result = await alice.slash(table.channel, "hand")
    hand = sorted(live.state.hands[live.seat_of(alice.id)])
    reply = last_reply(result)
    assert reply.ephemeral
    assert "Cards: " + " ".join(map(str, hand)) in reply.content
    assert [a.filename for a in reply.attachments] == ["hand.png"]
    seen_by_bob = [m.content for m in table.channel.history(viewer=bob)]
    assert not any("Cards:" in c for c in seen_by_bob)


async def test_show_hand_button_works(table):
    await table.open_and_start()
    alice = table.members[0]
    board = table.board_message()
    result = await alice.click(board, label="Show hand")
    assert last_reply(result).ephemeral and "Cards:" in last_reply(result).content


async def test_hands_are_sent_by_dm_when_they_change(table):
    alice, bob = table.members
    for member in (alice, bob):  # the "hand" DM mode (the default is "turn")
        await member.slash(table.channel, "settings dm", mode="hand")
    live = await table.open_and_start()
    dms = alice.user.dm_channel.history()
    assert dms and "Your hand" in dms[-1].content and dms[-1].attachments  # dealt at the start
    seat = live.seat_of(alice.id)
    if live.to_act()[0] != seat:
        other = live.to_act()[0]
        await table.member_for_seat(other).slash(table.channel, "highcard play", card=max(live.state.hands[other]))
    count, bob_count = len(alice.user.dm_channel.history()), len(bob.user.dm_channel.history())
    await alice.slash(table.channel, "highcard play", card=max(table.live().state.hands[seat]))
    assert len(alice.user.dm_channel.history()) == count + 1
    assert len(bob.user.dm_channel.history()) == bob_count  # only the turn changed for bob: no DM
    hand = sorted(table.live().state.hands[seat])
    assert "Cards: " + " ".join(map(str, hand)) in alice.user.dm_channel.history()[-1].content


async def test_dm_hands_can_be_turned_off(table):
    alice, bob = table.members
    result = await alice.slash(table.channel, "settings dm_hands", enabled="off")
    assert result.ephemeral and "off" in result.response.content
    await bob.slash(table.channel, "settings dm", mode="hand")
    await table.open_and_start()
    assert alice.user.dm_channel.history() == []
    assert bob.user.dm_channel.history() != []


async def test_a_refused_dm_is_noted_once_and_not_retried(table):
    alice, bob = table.members
    table.env.bot.notifier.away_seconds = 0  # every turn DM goes out
    await bob.slash(table.channel, "settings dm", mode="hand")  # bob's hand goes out at the deal
    env = table.env
    await alice.slash(table.channel, "highcard new")
    await bob.click(table.lobby_message(), label="Join")
    # Closed DMs: every DM to bob fails with Discord's 50007.
    bob_dm = bob.user.dm_channel
    env.inject_error("POST", f"/channels/{bob_dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await alice.click(table.lobby_message(), label="Start")
    notes = [m.content for m in table.channel.history() if "couldn't send" in m.content]
    assert notes == ["I couldn't send bob their hand by DM. Use `/hand` or the Show hand button."]
    live = table.live()
    assert live.seats[live.seat_of(bob.id)].dm_failed
    await table.play_to_end()
    notes = [m.content for m in table.channel.history() if "couldn't send" in m.content]
    assert len(notes) == 1  # never retried in a loop
    assert alice.user.dm_channel.history()


async def test_asking_for_the_hand_clears_a_dm_refusal(table):
    alice, bob = table.members
    await bob.slash(table.channel, "settings dm", mode="hand")  # bob's hand goes out at the deal
    await alice.slash(table.channel, "highcard new")
    await bob.click(table.lobby_message(), label="Join")
    table.env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=1)
    await alice.click(table.lobby_message(), label="Start")
    live = table.live()
    assert live.seats[live.seat_of(bob.id)].dm_failed
    await bob.slash(table.channel, "hand")
    assert not live.seats[live.seat_of(bob.id)].dm_failed


async def test_two_actions_at_once_apply_exactly_one(table):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    user_id = live.seats[seat].user_id
    cards = sorted(live.state.hands[seat])[-2:]
    outcomes = await asyncio.gather(
        *(table.service.act(live.id, user_id, Play(card=c)) for c in cards), return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(refused) == 1 and refused[0].key == "core.err.not_your_turn"
    assert live.record.version == 1
    assert len(await table.service.games.actions(live.id)) == 1


async def test_a_reader_during_a_commit_sees_the_old_version_with_the_old_state(table, monkeypatch):
    """While an action is being written, the table's version and state stay
    the last committed pair (the web's GET reads them meanwhile); both move on
    together once the write is done."""
    live = await table.open_and_start()
    seat = live.to_act()[0]
    user_id = live.seats[seat].user_id
    card = max(live.state.hands[seat])
    before_version, before_state = live.record.version, live.state
    seen_during_write = []
    commit_action = table.service.games.commit_action

    async def slow_commit(game, *args, **kwargs):
        await asyncio.sleep(0)
        seen_during_write.append((live.record.version, live.state is before_state, game.version))
        await commit_action(game, *args, **kwargs)

    monkeypatch.setattr(table.service.games, "commit_action", slow_commit)
    await table.service.act(live.id, user_id, Play(card=card))
    assert seen_during_write[0] == (before_version, True, before_version + 1)
    assert live.record.version == before_version + 1 and card not in live.state.hands[seat]
    assert (await table.service.games.get(live.id)).revision == live.record.revision


async def test_double_start_click_starts_once(table):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    await bob.click(table.lobby_message(), label="Join")
    live = table.live()
    outcomes = await asyncio.gather(table.service.start(live.id, alice.id), table.service.start(live.id, alice.id),
                                    return_exceptions=True)
    assert sum(isinstance(o, TableError) for o in outcomes) == 1
    await table.service.announcing.join()  # the board follows the answer
    boards = [m for m in table.channel.history() if m.attachments]
    assert len(boards) == 1


async def test_a_restart_mid_game_keeps_state_and_buttons(table, make_bot):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
    before = table.live()
    state, version, game_id = before.state.model_dump(), before.record.version, before.id
    board = table.board_message()

    await table.env.restart_bot(make_bot())

    after = table.live()
    assert after is not before
    assert after.id == game_id and after.record.version == version and after.state.model_dump() == state
    result = await table.members[0].click(board, label="Show hand")  # the old message's button
    assert last_reply(result).ephemeral and "Cards:" in last_reply(result).content
    await table.play_to_end()
    assert (await table.service.games.get(game_id)).status == "finished"


async def test_a_restart_keeps_an_open_lobby_and_its_buttons(table, make_bot):
    alice, bob = table.members
    await alice.slash(table.channel, "highcard new")
    lobby = table.lobby_message()
    await table.env.restart_bot(make_bot())
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert table.live().record.status == "playing"


async def test_ai_seats_play_their_turns(table):
    table.members = table.members[:1]
    live = await table.open_and_start(ai=2)
    assert [s.ai_reason for s in live.seats] == [None, "added", "added"]
    assert live.to_act() == [0] or table.live().to_act() == [0]
    await table.play_to_end()
    summary = table.channel.history()[-1].content
    assert "Not rated" in summary


async def test_resign_in_a_two_player_game_ends_it(table):
    live = await table.open_and_start()
    alice, bob = table.members
    result = await alice.slash(table.channel, "resign")
    assert result.ephemeral and "Resign from this game?" in result.response.content
    await alice.click(result.response.message, label="Resign")
    record = await table.service.games.get(live.id)
    assert record.status == "finished"
    rows = await table.service.db.fetchall("SELECT user_id, rank FROM results WHERE game_id = ?", (live.id,))
    assert {r["user_id"]: r["rank"] for r in rows} == {bob.id: 1, alice.id: 2}


async def test_resign_with_three_players_hands_the_seat_to_the_ai(simcord_env):
    from tests.conftest import Table

    t = Table(simcord_env, names=("alice", "bob", "carol"))
    live = await t.open_and_start()
    carol = t.members[2]
    result = await carol.slash(t.channel, "resign")
    await carol.click(result.response.message, label="Resign")
    assert t.live().seats[live.seat_of(carol.id)].ai_reason == "resigned"
    result = await carol.slash(t.channel, "hand")
    assert "resigned" in result.response.content
    t.members = t.members[:2]
    await t.play_to_end()
    rows = await t.service.db.fetchall("SELECT user_id, rank FROM results WHERE game_id = ?", (live.id,))
    ranks = {r["user_id"]: r["rank"] for r in rows}
    others = [rank for user, rank in ranks.items() if user != carol.id]
    assert ranks[carol.id] == max(others) + 1  # below everyone (alice and bob may tie)


@pytest.mark.parametrize("manager", [True, False])
async def test_only_managers_end_a_stuck_game(simcord_env, manager):
    import discord

    from tests.conftest import Table

    t = Table(simcord_env)
    live = await t.open_and_start()
    role = t.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = t.guild.add_member(simcord_env.create_user("mod"), roles=[role] if manager else [])
    result = await mod.slash(t.channel, "table end")
    if manager:
        assert (await t.service.games.get(live.id)).status == "abandoned"
        assert "ended by a server manager" in t.channel.history()[-1].content
    else:
        assert "Only server managers" in last_reply(result).content
        assert t.live() is not None


async def test_board_posts_the_board_again_and_becomes_the_one_edited(table):
    live = await table.open_and_start()
    old_board = live.record.board_message_id
    alice = table.members[0]
    await alice.slash(table.channel, "board")
    new_board = table.channel.history()[-1]
    assert new_board.id != old_board and [a.filename for a in new_board.attachments] == ["board.png"]
    assert live.record.board_message_id == new_board.id
    assert [c.label for row in new_board.components for c in row.children] == ["Show hand"]
    assert old_board not in [m.id for m in table.channel.history()]  # one board in the channel
    seat = live.to_act()[0]
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
    assert "played" in table.board_message().content and table.board_message().id == table.channel.history()[-1].id


async def test_board_without_a_game_says_how_to_start_one(table):
    result = await table.members[0].slash(table.channel, "board")
    assert result.ephemeral and "/setup new" in last_reply(result).content
