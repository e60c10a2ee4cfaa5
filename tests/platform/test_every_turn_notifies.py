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
from dataclasses import dataclass, field

import pytest
from simcord.results import ResponseMessage

from tests.click.clicking import all_games_bot, show_hand, stub_previews
from tests.click.test_click_budget import GAMES, cubed_clicks, enabled_controls
from tests.conftest import Table, last_reply


@pytest.fixture
def simcord_bot(bot_builder):
    return all_games_bot(bot_builder)


@pytest.fixture(autouse=True)
def fast_previews(monkeypatch):
    stub_previews(monkeypatch)


@dataclass
class Told:
    """What each hand-over of the turn brought the person who gained it."""
    mentioned: int = 0  # a new channel message mentioning them
    dm: int = 0  # a DM
    silent: int = 0  # neither
    silent_moves: list[int] = field(default_factory=list)

    @property
    def handovers(self) -> int:
        return self.mentioned + self.dm + self.silent


def humans_to_act(table: Table) -> set[int]:
    live = table.live()
    if live is None or live.record.status != "playing":
        return set()
    return {live.seats[s].user_id for s in live.to_act() if not live.seats[s].is_ai}


def dm_count(env, member) -> int:
    channel = member.user.dm_channel
    return 0 if channel is None else len(env.backend.messages.get(channel.id, {}))


def notified(env, table: Table, since: int, dms_before: dict[int, int], user_id: int) -> str | None:
    """How the requests since ``since`` told ``user_id``: "mention" (a new
    channel message mentioning them), "dm" (a DM that arrived) or None."""
    channel = f"/channels/{table.channel.id}/messages"
    for request in env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else {}
        # the bot token's post, or a public follow-up of a click in the channel
        # (cogs/play/interaction_routes.py): a new message either way
        followup = request.path.startswith("/webhooks/") and request.path.count("/") == 3 \
            and not (body.get("flags") or 0) & 64
        if request.method == "POST" and (request.path == channel or followup):
            users = {int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
            if user_id in users and f"<@{user_id}>" in (body.get("content") or ""):
                return "mention"
    member = next(m for m in table.members if m.id == user_id)
    return "dm" if dm_count(env, member) > dms_before.get(user_id, 0) else None


async def play_engaged(env, table: Table, game: str, seed: int = 5) -> dict[int, Told]:
    """Play ``game`` to the end by clicking, 8–40 s of thinking before each
    move; count, per person, how each hand-over of the turn reached them."""
    _, choose, click = GAMES[game]
    if click is None:  # CUBED's helper wants the table
        async def click(member, message, action, state, seat):
            return await cubed_clicks.click_action(member, message, action, table)
    rng = random.Random(seed)
    told = {m.id: Told() for m in table.members}
    held: dict[int, int] = {}  # member id -> their panel's message id
    seen: set[str] = set()
    moves = 0
    while (live := table.live()) is not None and live.record.status == "playing":
        assert moves < 900
        await env.advance_time(rng.uniform(8, 40))
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        stored = env.backend.messages.get(table.channel.id, {}).get(held.get(member.id, -1))
        message = ResponseMessage(env, stored) if stored is not None else None
        if message is None or not enabled_controls(message):
            message = await show_hand(member, table.board_message())
        before_to_act, since = humans_to_act(table), len(env.http_requests)
        dms_before = {m.id: dm_count(env, m) for m in table.members}
        action = choose(live.state, seat, rng, seen)
        answer = await click(member, message, action, live.state, seat)
        held[member.id] = answer.id
        await env.settle()
        moves += 1
        for user_id in humans_to_act(table) - before_to_act:
            how = notified(env, table, since, dms_before, user_id)
            counts = told[user_id]
            if how == "mention":
                counts.mentioned += 1
            elif how == "dm":
                counts.dm += 1
            else:
                counts.silent += 1
                counts.silent_moves.append(moves)
    return told


async def open_game(table: Table, game: str):
    host, guest = table.members
    command = GAMES[game][0]
    await host.slash(table.channel, command, **({"rounds": 1} if game == "cubed" else {}))
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = 7
    await host.click(table.lobby_message(), label="Start")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_with_default_settings_no_turn_comes_silently(simcord_env, game):
    table = Table(simcord_env)
    await open_game(table, game)
    told = await play_engaged(simcord_env, table, game)
    for user_id, counts in told.items():
        assert counts.silent == 0, (game, user_id, counts)
        assert counts.mentioned >= 1  # the turn did come to everyone, and it was said
    print(f"\n{game}: " + ", ".join(f"{c.handovers} hand-overs ({c.mentioned} mentioned)" for c in told.values()))


async def test_only_when_away_skips_the_mention_while_watching_the_panel(simcord_env):
    table = Table(simcord_env)
    for member in table.members:
        reply = last_reply(await member.slash(table.channel, "settings ping", mode="away"))
        assert "only when you have been away" in reply.content
    await open_game(table, "cubed")
    told = await play_engaged(simcord_env, table, "cubed")
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
    await open_game(table, "setup")
    told = await play_engaged(simcord_env, table, "setup")
    assert told[alice.id].dm >= 1 and told[alice.id].mentioned == 0 and told[alice.id].silent == 0
    assert told[bob.id].mentioned >= 1 and told[bob.id].dm == 0 and told[bob.id].silent == 0


async def test_turns_by_dm_fall_back_to_a_mention_when_dms_are_closed(simcord_env):
    table = Table(simcord_env)
    alice, bob = table.members
    await alice.slash(table.channel, "settings ping", mode="dm")
    await open_game(table, "setup")
    simcord_env.inject_error("POST", f"/channels/{alice.user.dm_channel.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    told = await play_engaged(simcord_env, table, "setup")
    assert told[alice.id].silent == 0 and told[alice.id].dm == 0 and told[alice.id].mentioned >= 2
    notes = [m.content for m in table.channel.history() if "your DMs are closed" in m.content]
    assert len(notes) == 1  # said once; later turns mention her on the board
