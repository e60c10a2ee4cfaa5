"""/games lists the server's lobbies and games; the results carry a Rematch
button that opens a new lobby with the same options, once."""
from tests.conftest import Table, last_reply


async def test_games_lists_lobbies_and_live_games_privately(simcord_env):
    first = Table(simcord_env)
    live = await first.open_and_start()
    lobby_channel = first.guild.create_text_channel("second")
    carol = first.guild.add_member(simcord_env.create_user("carol"))
    await carol.slash(lobby_channel, "highcard new")
    other = Table(simcord_env)  # another server's game is not listed
    await other.open_and_start()
    answer = last_reply(await first.members[1].slash(first.channel, "games"))
    assert answer.ephemeral
    lines = answer.content.splitlines()[1:]
    assert len(lines) == 2
    playing = next(line for line in lines if f"#{live.id}" in line)
    to_act = live.seats[live.to_act()[0]].name
    assert f"<#{first.channel.id}>" in playing and "alice, bob" in playing and f"turn: {to_act}" in playing
    assert "<t:" in playing  # how long since the last move, as Discord's relative time
    lobby = next(line for line in lines if f"<#{lobby_channel.id}>" in line)
    assert "lobby, 1 seated: carol" in lobby
    public = last_reply(await first.members[1].slash(first.channel, "games", public=True))
    assert not public.ephemeral


async def test_games_when_nothing_runs(table):
    answer = last_reply(await table.members[0].slash(table.channel, "games"))
    assert answer.ephemeral and "No lobbies or games" in answer.content


async def test_rematch_opens_a_lobby_with_the_same_options_and_pings_the_others_once(simcord_env):
    t = Table(simcord_env, names=("alice", "bob", "carol"))
    live = await t.open_and_start(teams=False)
    old_id, old_config = live.id, dict(live.record.config)
    await t.play_to_end()
    results = t.channel.history()[-1]
    assert "final standings" in results.content
    bob = t.members[1]
    clicked = await bob.click(results, label="Rematch")
    new = t.live()
    assert new is not None and new.record.status == "lobby" and new.id != old_id
    assert new.record.host_id == bob.id and [s.user_id for s in new.seats] == [bob.id]
    assert new.record.config == old_config
    assert new.record.lobby_message_id is not None
    lobby = next(m for m in t.channel.history() if m.id == new.record.lobby_message_id)
    assert f"lobby #{new.id}" in lobby.embeds[0].title
    raw = simcord_env.backend.messages[t.channel.id]
    pings = [m for m in raw.values() if "rematch" in m.content]
    assert len(pings) == 1
    assert set(pings[0].ping_user_ids) == {t.members[0].id, t.members[2].id}  # not the clicker
    assert clicked.response is None or not getattr(clicked.response, "ephemeral", False)
    # The others join as usual and the game starts.
    for member in (t.members[0], t.members[2]):
        await member.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    assert t.live().record.status == "playing" and len(t.live().seats) == 3


async def test_rematch_twice_or_after_a_new_game_is_refused_privately(simcord_env):
    t = Table(simcord_env)
    await t.open_and_start()
    await t.play_to_end()
    results = t.channel.history()[-1]
    alice, bob = t.members
    await alice.click(results, label="Rematch")
    again = await bob.click(results, label="Rematch")
    assert again.response.ephemeral and "already opened" in again.response.content
    lobbies = [g for g in t.service.tables.values() if g.record.channel_id == t.channel.id]
    assert len(lobbies) == 1


async def test_rematch_refused_when_the_channel_is_busy_or_for_a_spectator(simcord_env):
    t = Table(simcord_env, names=("alice", "bob", "eve"))
    t.members, eve = t.members[:2], t.members[2]
    await t.open_and_start()
    await t.play_to_end()
    results = t.channel.history()[-1]
    spectator = await eve.click(results, label="Rematch")
    assert spectator.response.ephemeral and "Only the players" in spectator.response.content
    await t.members[0].slash(t.channel, "highcard new")  # a new game started without Rematch
    busy = await t.members[1].click(results, label="Rematch")
    assert busy.response.ephemeral and "already running" in busy.response.content


async def test_the_rematch_button_is_localized(simcord_env):
    t = Table(simcord_env)
    await t.service.settings.set_guild(t.guild.id, language="zh-TW")
    await t.open_and_start()
    await t.play_to_end()
    results = t.channel.history()[-1]
    labels = [c.label for row in results.components for c in row.children]
    assert labels == ["再來一局", "復盤"]
