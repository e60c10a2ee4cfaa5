""""Open board" under the board message (ACTIVITY=true): a restart-proof
button whose press asks Discord to launch the application's Activity
(interaction callback type 12, checked against Discord's OpenAPI). SimCord
3.2 answers that callback as Discord does an application without an
Activity — a 400 — and the presser then gets a private, localized word."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import AsyncMock

import pytest

from cogs.play.activity import OpenBoardButton
from tests.conftest import last_reply

OPENAPI = Path("/work/shared/discord/openapi.json")
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


@pytest.fixture
def settings(settings, request):
    """ACTIVITY=true unless a test asks for false (``indirect`` parametrize)."""
    return settings.model_copy(update={"activity": getattr(request, "param", True)})


def buttons(message) -> dict[str, dict]:
    rows = [row.to_dict() if hasattr(row, "to_dict") else row for row in message.components]
    return {c["custom_id"]: c for row in rows for c in row["components"] if "custom_id" in c}


def launch_schema() -> dict | None:
    """The request body Discord's OpenAPI allows for a launch-activity callback."""
    if not OPENAPI.is_file():
        return None
    spec = json.loads(OPENAPI.read_text())
    union = spec["paths"][CALLBACK]["post"]["requestBody"]["content"]["application/json"]["schema"]["anyOf"]
    names = [ref["$ref"].rsplit("/", 1)[-1] for ref in union]
    assert "LaunchActivityInteractionCallbackRequest" in names
    return dict(spec["components"]["schemas"]["LaunchActivityInteractionCallbackRequest"])


def check_against(schema: dict, body: dict) -> None:
    assert set(schema["required"]) <= set(body) and set(body) <= set(schema["properties"]), body
    for name, value in body.items():
        assert value in schema["properties"][name].get("enum", [value]), (name, value)


async def test_the_board_carries_open_board_and_a_press_asks_discord_to_launch(table):
    game = await table.open_and_start()
    board = table.board_message()
    button = buttons(board)[f"tt:activity:{game.id}"]
    assert button["label"] == "Open board" and len(button["custom_id"]) <= 100
    alice = table.members[0]
    sent = len(table.env.backend.http_requests)
    result = await alice.click(board, custom_id=f"tt:activity:{game.id}")
    callbacks = [r.json for r in table.env.backend.http_requests[sent:]
                 if r.method == "POST" and r.path.endswith("/callback")]
    assert callbacks[0] == {"type": 12}  # LAUNCH_ACTIVITY, nothing else
    schema = launch_schema()
    if schema is not None:
        check_against(schema, callbacks[0])
    reply = last_reply(result)
    assert reply.ephemeral and reply.content == (
        "The board cannot open inside Discord: this application has no Activity set up. "
        "The board message and your hand work as usual.")
    assert table.live().record.version == game.record.version  # nothing changed


async def test_the_button_works_after_a_restart_and_in_chinese(table, make_bot, locales):
    game = await table.open_and_start()
    board = table.board_message()
    await table.env.restart_bot(make_bot())
    alice = table.members[0]
    locales[alice.id] = "zh-CN"
    result = await alice.click(board, custom_id=f"tt:activity:{game.id}")
    assert last_reply(result).ephemeral and last_reply(result).content.startswith("无法在这里打开版图")


@pytest.mark.parametrize("settings", [False], indirect=True)
async def test_without_an_activity_the_board_has_no_such_button(table):
    game = await table.open_and_start()
    ids = buttons(table.board_message())
    assert f"tt:hand:{game.id}" in ids and not any(i.startswith("tt:activity:") for i in ids)


async def test_when_discord_launches_it_nothing_else_is_said():
    response = SimpleNamespace(launch_activity=AsyncMock(), send_message=AsyncMock())
    interaction = SimpleNamespace(response=response, followup=SimpleNamespace(send=AsyncMock()))
    await OpenBoardButton(5).callback(interaction)  # type: ignore[arg-type]
    response.launch_activity.assert_awaited_once_with()
    response.send_message.assert_not_awaited()
    interaction.followup.send.assert_not_awaited()


async def test_a_global_sync_keeps_the_activitys_entry_point_command(table):
    """Discord adds a "Launch" Entry Point command when Activities are enabled
    and refuses a bulk overwrite that drops it; the bot carries it along."""
    backend, bot = table.env.backend, table.env.bot
    ours = [dict(command) for command in backend.commands.get(None, {}).values()]
    assert ours  # the bot synced its commands at start
    fields = ("name", "description", "type", "options", "name_localizations", "description_localizations")
    backend.register_commands(None, [{k: c[k] for k in fields if k in c} for c in ours] + [
        {"name": "launch", "description": "Launch the board", "type": 4}])
    await bot.tables.settings.set_meta("command_tree_hash", "changed")
    sent = len(backend.http_requests)
    assert await bot.sync_commands_if_changed()
    puts = [r.json for r in backend.http_requests[sent:] if r.method == "PUT"]
    assert [c["name"] for c in puts[-1] if c.get("type") == 4] == ["launch"]
    kept = {(c["name"], c["type"]) for c in backend.commands[None].values()}
    assert ("launch", 4) in kept and {(c["name"], c["type"]) for c in ours} <= kept
