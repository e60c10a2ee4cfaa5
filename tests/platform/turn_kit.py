"""Whole games played by clicking at a person's pace in SimCord (its clock is
frozen: the kit advances it before every move), counted as the players feel
them (issue 31): how each hand-over of the turn reached the person who gained
it, every notification (a new channel message mentioning them, or a DM),
every new message in the channel and every board post, per round.

Used by test_every_turn_notifies.py (engaged pace, every title) and
test_deathfront_relaxed_pace.py (Death Front, relaxed pace)."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simcord.results import ResponseMessage

from tests.click.clicking import show_hand
from tests.click.test_click_budget import GAMES, cubed_clicks, enabled_controls
from tests.conftest import Table

ENGAGED = (8.0, 40.0)  # seconds of thinking before a move
RELAXED = (30.0, 150.0)


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


@dataclass
class Tally:
    """One whole game, from the host's Start to the results."""
    told: dict[int, Told]
    moves: int = 0
    rounds: int = 1
    actions: dict[int, int] = field(default_factory=dict)  # user id -> moves they made
    passes: dict[int, int] = field(default_factory=dict)  # user id -> passes of theirs (an action step's)
    notices: dict[int, dict[int, int]] = field(default_factory=dict)  # user id -> round -> notifications
    turns: dict[int, dict[int, int]] = field(default_factory=dict)  # user id -> round -> hand-overs
    channel_posts: int = 0  # new messages in the channel (boards, announcements, results)
    board_posts: int = 0  # of them, those carrying the board picture (the results included)
    dms: int = 0

    def notifications(self, user_id: int) -> int:
        return sum(self.notices.get(user_id, {}).values())

    def per_round(self, user_id: int) -> float:
        return self.notifications(user_id) / self.rounds

    def pass_share(self, user_id: int) -> float:
        return self.passes.get(user_id, 0) / max(1, self.actions.get(user_id, 0))

    def turns_per_round(self, user_id: int) -> float:
        return sum(self.turns.get(user_id, {}).values()) / self.rounds


def humans_to_act(table: Table) -> set[int]:
    live = table.live()
    if live is None or live.record.status != "playing":
        return set()
    return {live.seats[s].user_id for s in live.to_act() if not live.seats[s].is_ai}


def dm_count(env, member) -> int:
    channel = member.user.dm_channel
    return 0 if channel is None else len(env.backend.messages.get(channel.id, {}))


def new_channel_messages(env, table: Table, since: int) -> list[dict]:
    """The bodies of the new channel messages among the requests since
    ``since``: the bot token's posts and the public follow-ups of clicks
    (cogs/play/interaction_routes.py), a new message either way."""
    channel = f"/channels/{table.channel.id}/messages"
    bodies = []
    for request in env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else {}
        followup = request.path.startswith("/webhooks/") and request.path.count("/") == 3 \
            and not (body.get("flags") or 0) & 64
        if request.method == "POST" and (request.path == channel or followup):
            bodies.append(body)
    return bodies


def mentions_user(body: dict, user_id: int) -> bool:
    users = {int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
    return user_id in users and f"<@{user_id}>" in (body.get("content") or "")


def is_board_post(body: dict) -> bool:
    return any((a.get("filename") or "").startswith("board") for a in body.get("attachments") or [])


def notified(env, table: Table, since: int, dms_before: dict[int, int], user_id: int) -> str | None:
    """How the requests since ``since`` told ``user_id``: "mention" (a new
    channel message mentioning them), "dm" (a DM that arrived) or None."""
    if any(mentions_user(body, user_id) for body in new_channel_messages(env, table, since)):
        return "mention"
    member = next(m for m in table.members if m.id == user_id)
    return "dm" if dm_count(env, member) > dms_before.get(user_id, 0) else None


def count_messages(env, table: Table, tally: Tally, since: int, dms_before: dict[int, int], round_: int) -> None:
    """Add what the requests since ``since`` and the DMs since ``dms_before`` brought."""
    bodies = new_channel_messages(env, table, since)
    tally.channel_posts += len(bodies)
    tally.board_posts += sum(is_board_post(b) for b in bodies)
    for member in table.members:
        dms = dm_count(env, member) - dms_before.get(member.id, 0)
        tally.dms += dms
        told = dms + sum(mentions_user(b, member.id) for b in bodies)
        per_round = tally.notices.setdefault(member.id, {})
        per_round[round_] = per_round.get(round_, 0) + told


def current_round(table: Table, last: int) -> int:
    live = table.live()
    number = getattr(live.state, "round", None) if live is not None and live.state is not None else None
    return max(1, number) if isinstance(number, int) else last


def is_pass(state: Any, action: Any) -> bool:
    """A pass a person chose (Death Front's stay after a kill is also a
    ``pass``, but it answers a question; it is not counted)."""
    return getattr(action, "kind", "") == "pass" and getattr(state, "pending_advance", None) is None


async def open_game(table: Table, game: str, seed: int = 7, **options) -> int:
    """Open ``game``, let the second member join and start it; the index
    of the first request of the start (to count from)."""
    host, guest = table.members
    command = GAMES[game][0]
    await host.slash(table.channel, command, **({"rounds": 1} if game == "cubed" else {}), **options)
    await guest.click(table.lobby_message(), label="Join")
    table.live().record.seed = seed
    since = len(table.env.http_requests)
    await host.click(table.lobby_message(), label="Start")
    return since


async def play_paced(env, table: Table, game: str, since: int, pace: tuple[float, float] = ENGAGED,
                     seed: int = 5, choose: Callable | None = None) -> Tally:
    """Play ``game`` to the end by clicking, ``pace`` seconds of thinking
    before each move, each player keeping their private panel open; count
    what reached each person (``since``: from ``open_game``)."""
    _, default_choose, click = GAMES[game]
    choose = choose or default_choose
    if click is None:  # CUBED's helper wants the table
        async def click(member, message, action, state, seat):
            return await cubed_clicks.click_action(member, message, action, table)
    rng = random.Random(seed)
    tally = Tally(told={m.id: Told() for m in table.members})
    await env.settle()
    round_ = current_round(table, 1)
    count_messages(env, table, tally, since, {}, round_)
    for user_id in humans_to_act(table):  # the start hands the turn to the first
        tally.turns.setdefault(user_id, {})[round_] = 1
    held: dict[int, int] = {}  # member id -> their panel's message id
    seen: set[str] = set()
    while (live := table.live()) is not None and live.record.status == "playing":
        assert tally.moves < 900
        await env.advance_time(rng.uniform(*pace))
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        stored = env.backend.messages.get(table.channel.id, {}).get(held.get(member.id, -1))
        message = ResponseMessage(env, stored) if stored is not None else None
        if message is None or not enabled_controls(message):
            message = await show_hand(member, table.board_message())
        before_to_act, since = humans_to_act(table), len(env.http_requests)
        dms_before = {m.id: dm_count(env, m) for m in table.members}
        state = live.state
        action = choose(state, seat, rng, seen)
        answer = await click(member, message, action, state, seat)
        held[member.id] = answer.id
        await env.settle()
        tally.moves += 1
        tally.actions[member.id] = tally.actions.get(member.id, 0) + 1
        tally.passes[member.id] = tally.passes.get(member.id, 0) + is_pass(state, action)
        round_ = current_round(table, round_)
        tally.rounds = max(tally.rounds, round_)
        count_messages(env, table, tally, since, dms_before, round_)
        for user_id in humans_to_act(table) - before_to_act:
            per_round = tally.turns.setdefault(user_id, {})
            per_round[round_] = per_round.get(round_, 0) + 1
            how = notified(env, table, since, dms_before, user_id)
            counts = tally.told[user_id]
            if how == "mention":
                counts.mentioned += 1
            elif how == "dm":
                counts.dm += 1
            else:
                counts.silent += 1
                counts.silent_moves.append(tally.moves)
    return tally
