"""Command names in every language: what Discord accepts, unique within their
parent, and the same names texts use when they mention a command."""
import unicodedata

import pytest

from app.translator import CatalogueTranslator
from bot import create_bot
from i18n import command_mention, command_name, t
from tests.conftest import Table, last_reply

ZH = ("zh-CN", "zh-TW")
GAME_ROOTS = {"setup": ("连线计划", "連線計畫"), "cubed": ("立方骨牌", "立方骨牌"), "deathfront": ("死亡前线", "死亡前線")}


def discord_accepts(name: str) -> bool:
    """``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and lowercase where cased."""
    def ok(ch: str) -> bool:
        return (ch in "-_" or unicodedata.category(ch)[0] in "LN"
                or unicodedata.name(ch, "").startswith(("DEVANAGARI", "THAI")))
    return 1 <= len(name) <= 32 and all(ok(ch) for ch in name) and name == name.lower()


@pytest.fixture
async def payloads(settings):
    bot = create_bot(settings)
    await bot.db.open()
    for extension in bot.extensions_to_load:
        await bot.load_extension(extension)
    try:
        yield [await c.get_translated_payload(bot.tree, CatalogueTranslator()) for c in bot.tree.get_commands()]
    finally:
        await bot.db.close()


def walk(nodes, parent=""):
    """(path, node, siblings) for every command, subcommand and option."""
    for node in nodes:
        path = f"{parent} {node['name']}".strip()
        yield path, node, nodes
        yield from walk(node.get("options", []), path)


async def test_every_name_is_localized_valid_and_unique_among_its_siblings(payloads):
    checked = 0
    for path, node, siblings in walk(payloads):
        for locale in ZH:
            name = node.get("name_localizations", {}).get(locale)
            assert name is not None, (locale, path)  # every group, subcommand and option has a name
            assert discord_accepts(name), (locale, path, name)
            shown = [s.get("name_localizations", {}).get(locale, s["name"]) for s in siblings]
            assert shown.count(name) == 1, (locale, path, name)
            assert command_name(path, locale).split()[-1] == name  # texts use the very same name
            checked += 1
    assert checked > 150


async def test_english_names_stay_those_of_the_contract(payloads):
    names = {path for path, _, _ in walk(payloads)}
    assert {"setup new", "setup play move", "setup swap tiles", "cubed place piece", "cubed place cell",
            "cubed place rotation", "cubed draw", "cubed pass", "deathfront deploy card", "deathfront deploy cell",
            "deathfront move from_cell", "deathfront move to_cell", "deathfront facility card",
            "deathfront skill target", "deathfront attack attackers", "deathfront pass", "rules game",
            "leaderboard game", "stats user", "hand", "board", "resign"} <= names
    for path in names:
        assert command_name(path, "en") == path


async def test_game_groups_are_named_in_each_script(payloads):
    by_name = {p["name"]: p for p in payloads}
    for game, (cn, tw) in GAME_ROOTS.items():
        assert by_name[game]["name_localizations"] == {"zh-CN": cn, "zh-TW": tw}
    assert by_name["resign"]["name_localizations"] == {"zh-CN": "认输", "zh-TW": "認輸"}


@pytest.mark.parametrize("locale, hand, play", [
    ("en", "/hand", "/setup play"), ("zh-CN", "/手牌", "/连线计划 出牌"), ("zh-TW", "/手牌", "/連線計畫 出牌"),
])
def test_texts_name_commands_as_the_readers_client_shows_them(locale, hand, play):
    assert command_mention("hand", locale) == hand
    assert f"`{hand}`" in t("core.help.body", locale)
    assert f"`{play} " in t("core.help.body", locale)
    assert hand in t("core.settings.dm_off", locale)
    assert "{cmd:" not in t("cubed.err.cannot_pass", locale)


def test_a_name_discord_would_refuse_falls_back_to_english(monkeypatch):
    import i18n

    broken = dict(i18n.catalogue("zh-CN"), **{"core.names.hand": "Hand Cards"})
    monkeypatch.setattr(i18n, "catalogue", lambda locale: broken)
    assert command_mention("hand", "zh-CN") == "/hand"


async def test_help_names_the_localized_hand_command_for_a_chinese_client(simcord_env, locales):
    t_ = Table(simcord_env)
    alice = t_.members[0]
    locales[alice.id] = "zh-CN"
    result = await alice.slash(t_.channel, "help")
    assert "`/手牌`" in result.response.embeds[0].description
    assert "`/hand`" not in result.response.embeds[0].description


def labels(message):
    return [c["label"] for row in message.components for c in row.to_dict()["components"]]


async def test_lobby_buttons_speak_the_servers_language_and_survive_a_restart(simcord_env, bot_builder, locales):
    t_ = Table(simcord_env)
    alice, bob = t_.members
    await simcord_env.bot.tables.settings.set_guild(t_.guild.id, language="zh-CN")
    await alice.slash(t_.channel, "highcard new")
    assert labels(t_.lobby_message()) == ["加入", "离开", "添加 AI", "开始", "取消", "提示：关"]
    assert "「加入」" in t_.lobby_message().embeds[0].description
    await simcord_env.restart_bot(bot_builder())
    result = await bob.click(t_.lobby_message(), label="加入")
    assert not last_reply(result) or "⚠️" not in (last_reply(result).content or "")
    assert [s.name for s in t_.live().seats] == ["alice", "bob"]
    assert labels(t_.lobby_message()) == ["加入", "离开", "添加 AI", "开始", "取消", "提示：关"]


async def test_lobby_buttons_in_traditional_and_in_english(simcord_env):
    for language, expected in (("zh-TW", ["加入", "離開", "新增 AI", "開始", "取消", "提示：關"]),
                               ("en", ["Join", "Leave", "Add AI", "Start", "Cancel", "Hints: off"])):
        t_ = Table(simcord_env)
        await simcord_env.bot.tables.settings.set_guild(t_.guild.id, language=language)
        await t_.members[0].slash(t_.channel, "highcard new")
        assert labels(t_.lobby_message()) == expected


async def test_every_description_fits_discords_limit_in_every_language(payloads):
    """Discord refuses a command whose description (or a localization of it) is over 100 characters."""
    checked = 0
    for path, node, _siblings in walk(payloads):
        texts = [node.get("description", ""), *node.get("description_localizations", {}).values()]
        assert all(1 <= len(text) <= 100 for text in texts), (path, [len(text) for text in texts])
        checked += len(texts)
    assert checked > 300
