"""A model of Discord's REST rate limits, and the channels, messages and
users ``cogs.notifier.DiscordNotifier`` talks to, routed through the bot's
REST budget (``app.rest_budget``) and then the model.

The model counts every request in sliding windows (stricter than Discord's
buckets, which reset a fixed time after their first request) and answers
429 when one is over its limit:

- global: 50 requests per second for the bot token;
- per channel: message sends 5 per 5 s, edits 5 per 5 s, deletes 5 per 1 s
  (Discord publishes the global limit; the per-route ones are what its
  headers report and may change, which is why the budget keeps a margin).

Interaction routes (a click's follow-ups: ``ModelInteraction``) are not
under the global limit, as on Discord; they still count in their channel's
windows (Discord's own buckets for them are per interaction token; the
channel's are the stricter assumption).

Without the budget every call goes out at once and a 429 is waited out
(``retry_after``) and tried again, up to 5 times, as discord.py does after a
429 (its header-driven per-route waiting is not modelled). A DM opens the
user's DM channel first unless it is among the 128 discord.py keeps.
"""
from __future__ import annotations

import asyncio
import itertools
from collections import Counter, OrderedDict, deque
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from app.rest_budget import RestBudget

GLOBAL_LIMIT = (50, 1.0)
CHANNEL_LIMITS = {"POST": (5, 5.0), "PATCH": (5, 5.0), "DELETE": (5, 1.0)}
KINDS = {"POST": "send", "PATCH": "edit", "DELETE": "delete"}
TRIES = 5
DM_CHANNELS = 10**12  # a user's DM channel id: this plus the user id
DM_CACHE = 128  # discord.py keeps this many DM channels (ConnectionState._private_channels, an LRU)
_ids = itertools.count(1)


class _Response:
    """What ``discord.HTTPException`` reads of a response."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Too Many Requests"


class DiscordModel:
    """Discord's side: counts requests and refuses those over a limit."""

    def __init__(self, limited: bool = True) -> None:
        self.limited = limited  # False: counts only
        self.global_window: deque[float] = deque()
        self.channel_windows: dict[tuple[int, str], deque[float]] = {}
        self.accepted: Counter[str] = Counter()  # by what the request was ("board edit", "ping", …)
        self.rejected: Counter[str] = Counter()  # 429s by what
        self.global_429 = 0
        self.exempt: Counter[str] = Counter()  # accepted interaction calls (also in ``accepted``), by what

    @staticmethod
    def _retry(window: deque[float], limit: int, seconds: float, now: float) -> float | None:
        while window and window[0] <= now - seconds:
            window.popleft()
        return window[0] + seconds - now if len(window) >= limit else None

    def request(self, method: str, channel_id: int | None, what: str, exempt: bool = False) -> float | None:
        """None when accepted, else the 429's ``retry_after``. ``exempt``: an
        interaction route, outside the global window."""
        if not self.limited:
            self.accepted[what] += 1
            self.exempt[what] += exempt
            return None
        now = asyncio.get_running_loop().time()
        retry = None if exempt else self._retry(self.global_window, *GLOBAL_LIMIT, now)
        channel = None
        if retry is None and channel_id is not None and method in CHANNEL_LIMITS:
            channel = self.channel_windows.setdefault((channel_id, method), deque())
            retry = self._retry(channel, *CHANNEL_LIMITS[method], now)
        elif retry is not None:
            self.global_429 += 1
        if retry is not None:
            self.rejected[what] += 1
            return max(retry, 0.001)
        if not exempt:
            self.global_window.append(now)
        if channel is not None:
            channel.append(now)
        self.accepted[what] += 1
        self.exempt[what] += exempt
        return None

    @property
    def requests(self) -> int:
        return sum(self.accepted.values())

    @property
    def rate_limited(self) -> int:
        return sum(self.rejected.values())


@dataclass
class Rest:
    """The bot's way out: the budget (None: none), then the model. While
    ``free``, calls bypass both and are not counted (the games' start)."""

    model: DiscordModel
    budget: RestBudget | None
    free: bool = False
    failed: Counter[str] = field(default_factory=Counter)  # calls given up after 5 × 429

    async def call(self, method: str, channel_id: int | None, what: str, exempt: bool = False) -> None:
        """``exempt``: an interaction's follow-up (``cogs.play.interaction_routes`` paced
        it in its channel's window already; the global window is not asked)."""
        if self.free:
            return
        if self.budget is not None and not exempt:
            await self.budget.acquire(method, channel_id, KINDS.get(method) if channel_id is not None else None)
        for _ in range(TRIES):
            retry = self.model.request(method, channel_id, what, exempt)
            if retry is None:
                return
            await asyncio.sleep(retry)
        self.failed[what] += 1
        raise discord.HTTPException(_Response(429), {"message": "You are being rate limited.", "code": 0})


def _files(file: Any = None, files: Any = None, attachments: Any = None) -> list[Any]:
    return [f for f in [file, *(files or []), *(attachments or [])] if isinstance(f, discord.File)]


def _size(files: list[Any]) -> int:
    return sum(len(f.fp.getvalue()) for f in files)


class ModelMessage:
    def __init__(self, channel: "ModelChannel", message_id: int) -> None:
        self.channel = channel
        self.id = message_id

    async def edit(self, *, content: Any = None, attachments: Any = None, view: Any = None, **_: Any) -> "ModelMessage":
        files = _files(attachments=attachments)
        await self.channel.host.rest.call("PATCH", self.channel.id, "board edit" if files else "edit")
        if files:
            self.channel.host.tracker.board_arrived(_size(files))
        return self

    async def delete(self, **_: Any) -> None:
        await self.channel.host.rest.call("DELETE", self.channel.id, "delete")


class ModelChannel:
    def __init__(self, channel_id: int, host: "ModelHost") -> None:
        self.id = channel_id
        self.host = host

    async def send(self, content: Any = None, *, file: Any = None, files: Any = None, view: Any = None,
                   allowed_mentions: Any = None, **_: Any) -> ModelMessage:
        found = _files(file, files)
        # A turn message names the players to act (and may notify none of them anew).
        pings = allowed_mentions is not None and "<@" in str(content or "")
        what = "board post" if found else "ping" if pings else "text"
        await self.host.rest.call("POST", self.id, what)
        if found:
            self.host.tracker.board_arrived(_size(found))
        elif pings:
            self.host.tracker.delivered.pings += 1
        else:
            self.host.tracker.delivered.texts += 1
        return ModelMessage(self, next(_ids))

    def get_partial_message(self, message_id: int) -> ModelMessage:
        return ModelMessage(self, message_id)

    async def fetch_message(self, message_id: int) -> ModelMessage:
        await self.host.rest.call("GET", self.id, "fetch")
        return ModelMessage(self, message_id)


class ModelUser:
    def __init__(self, user_id: int, host: "ModelHost") -> None:
        self.id = user_id
        self.host = host

    async def send(self, content: Any = None, *, file: Any = None, files: Any = None, **_: Any) -> ModelMessage:
        rest, cache = self.host.rest, self.host.dm_channels
        if self.id in cache:
            cache.move_to_end(self.id)
        else:  # discord.py opens a DM channel it does not hold (POST /users/@me/channels)
            await rest.call("POST", None, "dm open")
            cache[self.id] = True
            while len(cache) > DM_CACHE:
                cache.popitem(last=False)
        await rest.call("POST", DM_CHANNELS + self.id, "dm")
        found = _files(file, files)
        if found:
            self.host.tracker.delivered.hands += 1
            self.host.tracker.delivered.hand_bytes += _size(found)
        return ModelMessage(ModelChannel(DM_CHANNELS + self.id, self.host), next(_ids))


class ModelFollowups:
    """An interaction's webhook (``interaction.followup``): its messages in its channel."""

    def __init__(self, channel: ModelChannel) -> None:
        self.channel = channel

    async def send(self, content: Any = None, *, file: Any = None, wait: bool = False, **_: Any) -> ModelMessage:
        found = _files(file)
        await self.channel.host.rest.call("POST", self.channel.id, "board post" if found else "text", exempt=True)
        if found:
            self.channel.host.tracker.board_arrived(_size(found))
        return ModelMessage(self.channel, next(_ids))

    async def edit_message(self, message_id: int, *, attachments: Any = None, **_: Any) -> None:
        files = _files(attachments=attachments)
        await self.channel.host.rest.call("PATCH", self.channel.id, "board edit" if files else "edit", exempt=True)
        if files:
            self.channel.host.tracker.board_arrived(_size(files))

    async def delete_message(self, message_id: int) -> None:
        await self.channel.host.rest.call("DELETE", self.channel.id, "delete", exempt=True)


class ModelInteraction:
    """A player's click in a channel, answered (a deferred update, as the builder's panel answers);
    ``typed``: a slash command answered "thinking" (its follow-up would fill that answer: not used)."""

    def __init__(self, channel: ModelChannel, typed: bool = False) -> None:
        self.channel_id = channel.id
        kind = discord.InteractionResponseType
        self.response = SimpleNamespace(type=kind.deferred_channel_message if typed else kind.deferred_message_update)
        self.followup = ModelFollowups(channel)


class ModelHost:
    """What the notifier and ``cogs.play.hands`` ask of the bot: channels and users
    that reach the model through the budget; the table service; drawing."""

    def __init__(self, tracker: Any, drawing: Any, rest: Rest) -> None:
        self.tracker = tracker
        self.drawing = drawing
        self.rest = rest
        self.rest_budget = rest.budget  # the notifier paces interaction follow-ups in its channel windows
        self.tables: Any = None
        self._channels: dict[int, ModelChannel] = {}
        self._users: dict[int, ModelUser] = {}
        self.dm_channels: OrderedDict[int, bool] = OrderedDict()  # user id → DM channel open

    def get_channel(self, channel_id: int) -> ModelChannel:
        return self._channels.setdefault(channel_id, ModelChannel(channel_id, self))

    async def fetch_channel(self, channel_id: int) -> ModelChannel:
        return self.get_channel(channel_id)

    def get_partial_messageable(self, channel_id: int, **_: Any) -> ModelChannel:
        return self.get_channel(channel_id)

    def get_guild(self, guild_id: int) -> None:
        return None  # the notifier then reads the server's language from the database

    def get_user(self, user_id: int) -> ModelUser:
        return self._users.setdefault(user_id, ModelUser(user_id, self))

    async def fetch_user(self, user_id: int) -> ModelUser:
        return self.get_user(user_id)

    def click(self, channel_id: int, typed: bool = False) -> ModelInteraction:
        """A player's click (or ``typed`` command) in the channel (it carries their move)."""
        return ModelInteraction(self.get_channel(channel_id), typed)
