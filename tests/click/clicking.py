"""Helpers that play through the builder's controls only: find the one
select menu of a private message, pick values (turning pages when needed),
click buttons by their label."""
from __future__ import annotations

from bot import SHARED_EXTENSIONS
from cogs.play.builder import cubed as cubed_builder
from cogs.play.builder import deathfront as df_builder
from cogs.play.builder import setup as setup_builder
from games import cubed as cubed_game
from games import deathfront as deathfront_game
from games import setup as setup_game
from tables.registry import GameRegistry
from tests.conftest import last_reply

MORE = "More ▶"
TINY_PNG = b"\x89PNG\r\n\x1a\n"


def all_games_bot(bot_builder):
    """A bot with the three games and their cogs."""
    registry = GameRegistry([setup_game.DEFINITION, cubed_game.DEFINITION, deathfront_game.DEFINITION])
    return bot_builder(registry, [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"])


def stub_previews(monkeypatch) -> None:
    """Whole games click hundreds of times: the preview pictures are checked
    elsewhere (test_click_previews.py)."""
    for module, cls in ((setup_builder, setup_builder.SetupBuilder), (cubed_builder, cubed_builder.CubedBuilder),
                        (df_builder, df_builder.DeathFrontBuilder)):
        monkeypatch.setattr(module, "preview_png", lambda *args, **kwargs: TINY_PNG)
        monkeypatch.setattr(cls, "warm", lambda self, table, locale="en": None)


def buttons(message) -> dict[str, dict]:
    return {c["label"]: c for row in message.components for c in row["components"] if c.get("type") == 2}


def menus(message) -> list[dict]:
    return [c for row in message.components for c in row["components"] if c.get("type") == 3]


def menu(message) -> dict:
    found = menus(message)
    assert len(found) == 1, [m.get("placeholder") for m in found]
    return found[0]


def option_values(message) -> list[str]:
    return [o["value"] for o in menu(message)["options"]]


def all_menus_fit(message) -> bool:
    return all(len(m["options"]) <= 25 for m in menus(message))


async def pick(member, message, values: list[str] | str):
    """Choose ``values`` in the message's select menu; pages forward when
    the first value is on a later page. Returns the updated message."""
    values = [values] if isinstance(values, str) else list(values)
    while values[0] not in option_values(message):
        assert MORE in buttons(message) and not buttons(message)[MORE].get("disabled"), (values, option_values(message))
        message = (await member.click(message, label=MORE)).response
    result = await member.select(message, values, custom_id=menu(message)["custom_id"])
    return result.response


async def press(member, message, label: str):
    return (await member.click(message, label=label)).response


async def show_hand(member, board, label: str = "Show hand"):
    reply = last_reply(await member.click(board, label=label))
    assert reply.ephemeral
    return reply
