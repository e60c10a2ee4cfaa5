"""Helpers that play through the builder's controls only: find the choice
of a private message (a select menu, or buttons whose custom ids end with
the option's value), pick values (turning pages when needed), click buttons
by their label; every message's controls are checked against Discord's limits."""
from __future__ import annotations

from bot import SHARED_EXTENSIONS
from cogs.play.builder import cubed as cubed_builder
from cogs.play.builder import deathfront as df_builder
from cogs.play.builder import ids
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


def choice_buttons(message) -> dict[str, dict]:
    """The buttons of a choice drawn as buttons, by the value each adds: a
    builder or tutorial control ``tt:<b|l>:…:c:<n>:<path>`` whose path is the
    choice's base (``n`` segments) with the value added (in a multi-choice
    the last of the values joined by ".")."""
    out = {}
    for row in message.components:
        for c in row["components"]:
            parts = c.get("custom_id", "").split(":", 6)
            if c.get("type") == 2 and len(parts) == 7 and parts[4] == ids.CHOOSE:
                value = ids.SEP.join(parts[6].split(ids.SEP)[int(parts[5]):])
                out[value.split(ids.MULTI)[-1] if ids.MULTI in value else value] = c
    return out


def chosen_values(message) -> list[str]:
    """The values shown as chosen: a menu's default options, or the choice buttons marked ✓."""
    found = menus(message)
    if found:
        return [o["value"] for m in found for o in m["options"] if o.get("default")]
    return [value for value, button in choice_buttons(message).items() if button["label"].startswith("✓ ")]


def option_values(message) -> list[str]:
    """The values the message's choice offers: its select menu's options, or
    its choice buttons' values."""
    found = menus(message)
    if found:
        return [o["value"] for o in menu(message)["options"]]
    return list(choice_buttons(message))


def all_menus_fit(message) -> bool:
    return all(len(m["options"]) <= 25 for m in menus(message)) and controls_are_valid(message)


def controls_are_valid(message) -> bool:
    """Discord's limits: at most 5 rows of at most 5 buttons (a menu fills a
    row), custom ids unique and at most 100 characters, labels at most 80."""
    rows = message.components
    assert len(rows) <= 5, len(rows)
    ids_seen = [c["custom_id"] for row in rows for c in row["components"] if c.get("custom_id")]
    assert len(ids_seen) == len(set(ids_seen)), ids_seen
    assert all(len(i) <= 100 for i in ids_seen)
    for row in rows:
        kinds = [c.get("type") for c in row["components"]]
        assert kinds == [3] or (len(kinds) <= 5 and set(kinds) <= {2}), kinds
        assert all(len(c.get("label") or "") <= 80 for c in row["components"])
    return True


async def pick(member, message, values: list[str] | str):
    """Choose ``values`` in the message's choice: in its select menu (paging
    forward when the first value is on a later page), or by clicking the
    button of each value in turn. Returns the updated message."""
    values = [values] if isinstance(values, str) else list(values)
    if not menus(message):
        for value in values:
            found = choice_buttons(message)
            assert value in found and not found[value].get("disabled"), (value, list(found), message.content)
            message = (await member.click(message, custom_id=found[value]["custom_id"])).response
            controls_are_valid(message)
        return message
    while values[0] not in option_values(message):
        assert MORE in buttons(message) and not buttons(message)[MORE].get("disabled"), (values, option_values(message))
        message = (await member.click(message, label=MORE)).response
    result = await member.select(message, values, custom_id=menu(message)["custom_id"])
    controls_are_valid(result.response)
    return result.response


async def press(member, message, label: str):
    response = (await member.click(message, label=label)).response
    controls_are_valid(response)
    return response


async def press_id(member, message, custom_id: str):
    response = (await member.click(message, custom_id=custom_id)).response
    controls_are_valid(response)
    return response


async def show_hand(member, board, label: str = "Show hand"):
    reply = last_reply(await member.click(board, label=label))
    assert reply.ephemeral
    controls_are_valid(reply)
    return reply


def picked_attackers(message) -> dict[str, dict]:
    """The attackers shown as picked (✓ "C3 · Infantry"), each with the button that takes it out."""
    return {label[2:].split(" · ")[0]: button for label, button in buttons(message).items() if label.startswith("✓ ")}


async def pick_attackers(member, message, wanted: list[str]):
    """Every unit that reaches the target starts picked (issue 31): tap out
    the ones not wanted, tap in any missing (a menu: select them)."""
    if menus(message):
        return await pick(member, message, wanted)
    while extra := [cell for cell in picked_attackers(message) if cell not in wanted]:
        message = await press_id(member, message, picked_attackers(message)[extra[0]]["custom_id"])
    missing = [cell for cell in wanted if cell not in picked_attackers(message)]
    return await pick(member, message, missing) if missing else message
