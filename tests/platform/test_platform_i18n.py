"""Languages: catalogues complete in en, zh-CN and zh-TW; replies follow the
caller's Discord locale, or the server's language."""
import re
import string

import discord
import pytest

import i18n
from bot import SHARED_EXTENSIONS
from i18n import normalize_locale, t
from tests.conftest import Table, last_reply

PLACEHOLDER = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in PLACEHOLDER.parse(text) if name}


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW"])
def test_every_english_key_is_translated_with_the_same_placeholders(locale):
    english, other = i18n.catalogue("en"), i18n.catalogue(locale)
    missing = sorted(k for k in english if k not in other)
    assert missing == []
    wrong = [k for k in english if placeholders(english[k]) != placeholders(other[k])]
    assert wrong == []


def test_simplified_and_traditional_are_not_copies():
    cn, tw = i18n.catalogue("zh-CN"), i18n.catalogue("zh-TW")
    assert cn["core.err.not_your_turn"] != tw["core.err.not_your_turn"]
    assert "游戏" in cn["core.err.game_gone"] and "遊戲" in tw["core.err.game_gone"]


def test_missing_key_falls_back_to_english_then_the_key():
    assert t("core.err.host_only", "xx") == "Only the host can do that."
    assert t("core.no.such.key", "zh-CN") == "core.no.such.key"


@pytest.mark.parametrize("raw, expected", [
    ("zh-CN", "zh-CN"), (discord.Locale.taiwan_chinese, "zh-TW"), ("en-GB", "en"), ("zh_hk", "zh-TW"), (None, "en"),
])
def test_normalize_locale(raw, expected):
    assert normalize_locale(raw) == expected


@pytest.mark.parametrize("locale, expected", [("zh-CN", "还没轮到你。现在轮到alice。"),
                                              ("zh-TW", "還沒輪到你。現在輪到alice。")])
async def test_refusals_follow_the_callers_locale(simcord_env, locales, locale, expected):
    t_ = Table(simcord_env)
    live = await t_.open_and_start()
    waiting = 1 - live.to_act()[0]
    member = t_.member_for_seat(waiting)
    locales[member.id] = locale
    result = await member.slash(t_.channel, "highcard play", card=live.state.hands[waiting][0])
    assert last_reply(result).content == "⚠️ " + expected


async def test_server_language_applies_to_public_messages_and_english_clients(simcord_env):
    t_ = Table(simcord_env)
    role = t_.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = t_.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    result = await mod.slash(t_.channel, "settings language", language="zh-TW")
    assert result.response.content == "伺服器語言已設為 繁體中文。"
    await t_.members[0].slash(t_.channel, "highcard new")
    lobby = t_.lobby_message()
    assert "大廳" in lobby.embeds[0].title and "按「加入」入座" in lobby.embeds[0].description
    result = await t_.members[1].slash(t_.channel, "help")
    assert result.response.embeds[0].title == "Tabletop — 指令一覽"


async def test_help_and_rules_in_chinese(simcord_env, locales):
    t_ = Table(simcord_env)
    alice = t_.members[0]
    locales[alice.id] = "zh-CN"
    result = await alice.slash(t_.channel, "help")
    assert result.ephemeral and result.response.embeds[0].title == "Tabletop — 指令一览"
    result = await alice.slash(t_.channel, "rules", game="highcard")
    assert result.response.embeds[0].description == "[zh-CN] play your highest card"


async def test_command_descriptions_are_translated(simcord_env):
    from app.translator import CatalogueTranslator

    bot = simcord_env.bot
    hand = bot.tree.get_command("hand")
    payload = await hand.get_translated_payload(bot.tree, CatalogueTranslator())
    assert payload["description_localizations"]["zh-CN"] == "私下查看你的手牌"
    assert payload["description_localizations"]["zh-TW"] == "私下查看你的手牌"
    assert payload["name_localizations"]["zh-TW"] == "手牌"
    for name in payload["name_localizations"].values():
        assert re.fullmatch(r"[-_\w]{1,32}", name)


async def test_another_games_command_names_the_game_in_the_callers_language(simcord_env, bot_builder, locales):
    from tables.registry import default_registry

    await simcord_env.restart_bot(bot_builder(default_registry(),
                                              [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"]))
    t_ = Table(simcord_env)
    alice, bob = t_.members
    await alice.slash(t_.channel, "setup new")
    locales[bob.id] = "zh-CN"
    result = await bob.slash(t_.channel, "cubed draw")
    assert last_reply(result).content == "⚠️ 这个频道里的游戏是 连线计划（SETUP），请使用它的指令。"
    result = await alice.slash(t_.channel, "cubed draw")
    assert last_reply(result).content == "⚠️ The game in this channel is SETUP; use its commands."
