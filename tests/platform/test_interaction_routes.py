"""cogs/play/interaction_routes.py with stand-in interactions: a fresh, answered
click in a channel carries that channel's board as a follow-up, and the
message's edits and deletion go through the token that made it; a click
still "thinking", an old one (past 14 minutes), a message the bot posted
itself, or a follow-up Discord refuses all leave it to the bot token.
Whole games by clicking in SimCord: tests/click/test_click_routes.py."""
from __future__ import annotations

from types import SimpleNamespace

import discord

from cogs.play.interaction_routes import FRESH_SECONDS, InteractionRoutes

ANSWERED = discord.InteractionResponseType.deferred_message_update
THINKING = discord.InteractionResponseType.deferred_channel_message


class Refusal:
    status = 401
    reason = "Unauthorized"


class Followup:
    def __init__(self, refuse: bool = False) -> None:
        self.calls: list[tuple] = []
        self.refuse = refuse
        self.next_id = 100

    def _call(self, *call) -> None:
        if self.refuse:
            raise discord.HTTPException(Refusal(), {"message": "Invalid Webhook Token", "code": 50027})
        self.calls.append(call)

    async def send(self, content, **fields):
        self._call("send", content, fields.get("wait"))
        self.next_id += 1
        return SimpleNamespace(id=self.next_id)

    async def edit_message(self, message_id, **fields):
        self._call("edit", message_id, fields.get("content"))

    async def delete_message(self, message_id):
        self._call("delete", message_id)


def click(channel: int, response=ANSWERED, refuse: bool = False) -> SimpleNamespace:
    return SimpleNamespace(channel_id=channel, response=SimpleNamespace(type=response), followup=Followup(refuse))


def routes_at(times: list[float], paced: list) -> InteractionRoutes:
    async def pace(channel: int, kind: str) -> None:
        paced.append((channel, kind))

    return InteractionRoutes(lambda: times[0], pace)


async def test_a_fresh_click_carries_the_board_and_its_token_edits_and_deletes_it():
    times, paced = [0.0], []
    routes = routes_at(times, paced)
    first = click(7)
    routes.clicked(first)
    message = await routes.send(7, "board", file=None)
    assert message is not None and first.followup.calls == [("send", "board", True)]
    later = click(7)  # another player's click: the next board goes through theirs ...
    routes.clicked(later)
    times[0] = 60.0
    assert await routes.edit(7, message.id, content="edited")
    assert await routes.delete(7, message.id)
    # ... but only the token that made a message edits and deletes it
    assert first.followup.calls[1:] == [("edit", message.id, "edited"), ("delete", message.id)]
    assert later.followup.calls == []
    assert paced == [(7, "send"), (7, "edit"), (7, "delete")]  # the channel's windows still pace them
    assert not await routes.delete(7, message.id)  # gone: nothing left to route
    assert await routes.send(8, "board") is None  # no click in that channel


async def test_a_click_still_thinking_or_unanswered_is_not_used():
    times, paced = [0.0], []
    routes = routes_at(times, paced)
    routes.clicked(click(7, THINKING))  # its first follow-up would fill the private "thinking" answer
    assert await routes.send(7, "board") is None
    routes.clicked(click(7, None))
    assert await routes.send(7, "board") is None
    assert paced == []
    earlier = click(7)
    routes.clicked(earlier)
    routes.clicked(click(7, THINKING))  # a typed command after a click: the click still carries the board
    assert await routes.send(7, "board") is not None and earlier.followup.calls


async def test_an_old_click_and_a_message_the_bot_posted_are_left_to_the_bot_token():
    times, paced = [0.0], []
    routes = routes_at(times, paced)
    routes.clicked(click(7))
    message = await routes.send(7, "board")
    times[0] = FRESH_SECONDS  # the token has a minute left: not used any more
    assert await routes.send(7, "board") is None
    assert not await routes.edit(7, message.id, content="x")
    assert not await routes.delete(7, message.id)
    times[0] = 0.0
    assert not await routes.edit(7, 999, content="x")  # posted with the bot token


async def test_a_refused_follow_up_is_forgotten_until_the_next_click():
    times, paced = [0.0], []
    routes = routes_at(times, paced)
    routes.clicked(click(7, refuse=True))
    assert await routes.send(7, "board") is None and routes.refused == 1
    assert await routes.send(7, "board") is None and routes.refused == 1  # not asked again
    routes.clicked(click(7))
    assert await routes.send(7, "board") is not None
