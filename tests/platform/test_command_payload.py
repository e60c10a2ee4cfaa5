"""The command payload synced at start-up is built once per process for the
same commands and catalogues (app/command_payload.py), and is always what
discord.py itself would send."""
from pathlib import Path

import pytest

import i18n
from app.command_payload import command_payload
from app.translator import CatalogueTranslator
from bot import create_bot


@pytest.fixture
async def loaded(settings):
    """A bot with every extension loaded and its translator set, not started."""
    bot = create_bot(settings)
    await bot.db.open()
    await bot.tree.set_translator(CatalogueTranslator())
    for extension in bot.extensions_to_load:
        await bot.load_extension(extension)
    try:
        yield bot
    finally:
        await bot.db.close()


async def discord_py_payload(bot):
    return [await c.get_translated_payload(bot.tree, bot.tree.translator) for c in bot.tree.get_commands()]


async def test_the_payload_is_discord_pys_and_a_fresh_copy_each_time(loaded):
    first = await command_payload(loaded.tree)
    assert first == await discord_py_payload(loaded)
    first[0]["name"] = "changed"
    first[0]["name_localizations"].clear()
    again = await command_payload(loaded.tree)
    assert again == await discord_py_payload(loaded) and again[0]["name"] != "changed"


async def test_a_changed_command_is_translated_again(loaded):
    before = await command_payload(loaded.tree)
    loaded.tree.remove_command("hand")
    after = await command_payload(loaded.tree)
    assert after == await discord_py_payload(loaded)
    assert len(after) == len(before) - 1 and "hand" not in {c["name"] for c in after}


async def test_new_catalogues_are_read_again(loaded, tmp_path: Path):
    before = await command_payload(loaded.tree)
    assert before == await discord_py_payload(loaded)
    (tmp_path / "zh-CN").mkdir()
    (tmp_path / "zh-CN" / "core.toml").write_text('[cmd]\nhand = "看看手牌"\n', encoding="utf-8")
    saved = [*i18n.EXTRA_DIRS]
    i18n.add_catalogue_dir(tmp_path)
    try:
        after = await command_payload(loaded.tree)
        hand = next(c for c in after if c["name"] == "hand")
        assert hand["description_localizations"]["zh-CN"] == "看看手牌"
        assert after == await discord_py_payload(loaded)
    finally:
        i18n.EXTRA_DIRS[:] = saved
        i18n.catalogue.cache_clear()
