"""/history: the whole public move log, paged with Previous/Next, in the
viewer's language; any finished game of the server by its number."""
import re

from tests.conftest import last_reply
from tests.platform.history_kit import long_game


def entries(content: str) -> list[str]:
    return [line for line in content.splitlines() if re.match(r"^\d+\. ", line)]


def disabled(message, label) -> bool:
    button = next(c for row in message.components for c in row["components"] if c.get("label") == label)
    return bool(button.get("disabled"))


async def test_history_lists_every_move_of_a_60_move_game_across_pages(table):
    game_id = await long_game(table)
    alice = table.members[0]
    result = await alice.slash(table.channel, "history", game_id=game_id)
    page = last_reply(result)
    assert page.ephemeral
    assert "log entries 49–60 of 60" in page.content  # opens on the newest page, newest last
    assert disabled(page, "Next") and not disabled(page, "Previous")
    seen = entries(page.content)
    pages = 1
    while not disabled(page, "Previous"):
        page = (await alice.click(page, label="Previous")).response
        seen = entries(page.content) + seen
        pages += 1
    assert pages == 5 and len(seen) == 60
    assert not disabled(page, "Next")
    assert "log entries 13–24 of 60" in (await alice.click(page, label="Next")).response.content
    numbers = [int(line.split(".")[0]) for line in seen]
    assert numbers == list(range(1, 61))
    assert all("[en]" in line and " played " in line for line in seen)
    hands = await table.service.games.actions(game_id)
    assert [int(line.rsplit(" ", 1)[1]) for line in seen] == [a["card"] for _, _, a, _ in hands]


async def test_history_of_the_live_game_shows_only_public_events(table):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    card = max(live.state.hands[seat])
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=card)
    bob = table.members[1]
    page = last_reply(await bob.slash(table.channel, "history"))
    assert page.ephemeral and entries(page.content) == [f"1. [en] {live.seats[seat].name} played {card}"]
    hidden = table.live().state.hands
    assert "Cards" not in page.content and all(str(c) not in page.content.split("\n", 1)[1][3:]
                                               for c in hidden[1 - seat] if c > 12)


async def test_history_in_the_viewers_language_and_refusals(table, locales):
    game_id = await long_game(table, cards=12)
    alice, bob = table.members
    locales[bob.id] = "zh-TW"
    page = last_reply(await bob.slash(table.channel, "history", game_id=game_id))
    assert "條紀錄" in page.content
    missing = last_reply(await alice.slash(table.channel, "history", game_id=game_id + 99))
    assert missing.ephemeral and f"No finished game #{game_id + 99}" in missing.content
    other = table.env.create_guild()
    channel = other.create_text_channel("x")
    stranger = other.add_member(table.env.create_user("eve"))
    refused = last_reply(await stranger.slash(channel, "history", game_id=game_id))
    assert "No finished game" in refused.content  # another server's game is not shown


async def test_the_board_keeps_every_line_since_the_next_players_last_move(simcord_env):
    from tests.conftest import Table

    t = Table(simcord_env, names=("alice", "bob", "carol"))
    live = await t.open_and_start()
    played = []
    for _ in range(4):  # seats 0, 1, 2, 0: seat 1 is next
        seat = t.live().to_act()[0]
        card = max(t.live().state.hands[seat])
        played.append(f"{live.seats[seat].name} played {card}")
        await t.member_for_seat(seat).slash(t.channel, "highcard play", card=card)
    board = t.board_message().content
    assert [line for line in played if line in board] == played[1:]  # from the next player's own last move


async def test_after_a_restart_the_next_turn_still_replaces_the_old_board(table, make_bot):
    live = await table.open_and_start()
    seat = live.to_act()[0]
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
    old = [m.id for m in table.channel.history() if "your turn in" in m.content]
    assert len(old) == 1
    await table.env.restart_bot(make_bot())
    live = table.live()
    assert live.record.board_message_id == old[0] and live.record.ping_seats == live.to_act()
    seat = live.to_act()[0]
    await table.member_for_seat(seat).slash(table.channel, "highcard play", card=max(live.state.hands[seat]))
    now = [m.id for m in table.channel.history() if "your turn in" in m.content]
    assert len(now) == 1 and now != old


async def test_history_and_replay_without_a_number_show_the_channels_last_game(table):
    game_id = await long_game(table, cards=12)
    alice = table.members[0]
    page = last_reply(await alice.slash(table.channel, "history"))
    assert f"#{game_id}" in page.content and len(entries(page.content)) == 12
    answer = last_reply(await alice.slash(table.channel, "replay"))
    assert f"#{game_id}" in answer.content and answer.attachments


async def test_after_a_restart_the_board_still_shows_the_lines_since_the_next_players_move(simcord_env, make_bot):
    from tests.conftest import Table

    t = Table(simcord_env, names=("alice", "bob", "carol"))
    live = await t.open_and_start()
    played = []
    for turn in range(4):  # seats 0, 1, 2, 0: seat 1 is next
        if turn == 3:
            await t.env.restart_bot(make_bot())
        seat = t.live().to_act()[0]
        card = max(t.live().state.hands[seat])
        played.append(f"{live.seats[seat].name} played {card}")
        await t.member_for_seat(seat).slash(t.channel, "highcard play", card=card)
    board = t.board_message().content
    assert [line for line in played if line in board] == played[1:]
    assert sum(board.count(line) for line in played) == 3  # no line twice
