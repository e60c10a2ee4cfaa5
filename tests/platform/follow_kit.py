"""Whole games of the three real games in SimCord, for the issue-9 tests:
every human move goes through ``TableService.act`` (the AI picks it), so the
Discord notifier posts, edits, pings and DMs exactly as in play. Counts what
reached Discord."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from bot import SHARED_EXTENSIONS
from tables.registry import default_registry

GAME_EXTENSIONS = [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"]
PING_MARK = "your turn in"
EPHEMERAL_FLAG = 64  # a message only its reader sees (Discord's message flags)


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), GAME_EXTENSIONS)


def raw_messages(env, channel_id: int) -> list:
    """The backend's messages of a channel (with their mention policy)."""
    return sorted(env.backend.messages.get(channel_id, {}).values(), key=lambda m: m.id)


@dataclass
class Counts:
    public_posts: int = 0
    edits: int = 0
    deletes: int = 0
    dms: int = 0
    pings: dict[int, int] = field(default_factory=dict)  # user id → times pinged

    @property
    def total_pings(self) -> int:
        return sum(self.pings.values())


class Game:
    """A guild, a channel and members playing one of the real games."""

    def __init__(self, env, game: str, names=("alice", "bob")):
        self.env = env
        self.game = game
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.members = [self.guild.add_member(env.create_user(name)) for name in names]
        self._seen_pings: dict[int, list[int]] = {}

    @property
    def service(self):
        return self.env.bot.tables

    def live(self):
        return self.service.in_channel(self.channel.id)

    def member(self, user_id: int):
        return next(m for m in self.members if m.id == user_id)

    async def start(self, ai: int = 0, **options):
        host, *others = self.members
        await host.slash(self.channel, f"{self.game} new", **options)
        lobby = next(m for m in reversed(self.channel.history()) if m.embeds)
        game_id = self.live().id  # by custom id: the labels follow the server's language
        for member in others:
            await member.click(lobby, custom_id=f"tt:lobby:join:{game_id}")
        for _ in range(ai):
            await host.click(lobby, custom_id=f"tt:lobby:ai:{game_id}")
        await host.click(lobby, custom_id=f"tt:lobby:start:{game_id}")
        await self.env.settle()
        self.note_pings()
        return self.live()

    def ping_messages(self) -> list:
        return [m for m in raw_messages(self.env, self.channel.id) if PING_MARK in m.content]

    def note_pings(self) -> None:
        for message in self.ping_messages():
            self._seen_pings.setdefault(message.id, list(message.ping_user_ids))

    def humans_to_act(self) -> set[int]:
        live = self.live()
        if live is None:
            return set()
        return {live.seats[s].user_id for s in live.to_act() if not live.seats[s].is_ai}

    async def play_one(self, rng: random.Random) -> None:
        live = self.live()
        seat = next(s for s in live.to_act() if not live.seats[s].is_ai)
        action = live.engine.ai_action(live.state, seat, rng)
        await self.service.act(live.id, live.seats[seat].user_id, action)
        await self.env.settle()
        self.note_pings()

    async def play_to_end(self, seed: int = 1, check=None, max_moves: int = 3000) -> int:
        rng = random.Random(seed)
        moves = 0
        while self.live() is not None and self.live().record.status == "playing":
            await self.play_one(rng)
            moves += 1
            if check is not None:
                check(self)
            assert moves < max_moves
        return moves

    def counts(self) -> Counts:
        """What reached the channel and the DMs, by the bot token or as a
        follow-up of a player's interaction in the channel (the board's route
        while a click there is fresh, cogs/play/interaction_routes.py): a
        public follow-up is a post in the channel, its edit and delete too."""
        counts = Counts()
        channel = f"/channels/{self.channel.id}/messages"
        dm_channels = {f"/channels/{m.user.dm_channel.id}/messages" for m in self.members
                       if m.user.dm_channel is not None}
        for request in self.env.http_requests:
            follow_up = request.path.startswith("/webhooks/")
            if request.method == "POST" and (request.path == channel or follow_up and not _ephemeral(request)):
                counts.public_posts += 1
            elif request.method == "PATCH" and (request.path.startswith(channel + "/") or follow_up):
                counts.edits += 1
            elif request.method == "DELETE" and (request.path.startswith(channel + "/") or follow_up):
                counts.deletes += 1
            elif request.method == "POST" and request.path in dm_channels:
                counts.dms += 1
        for users in self._seen_pings.values():
            for user in users:
                counts.pings[user] = counts.pings.get(user, 0) + 1
        return counts


def _ephemeral(request) -> bool:
    payload = request.json if isinstance(request.json, dict) else {}
    return bool((payload.get("flags") or 0) & EPHEMERAL_FLAG)


def mentioned_ids(content: str) -> set[int]:
    return {int(x) for x in re.findall(r"<@!?(\d+)>", content)}
