"""Private answers in the reader's script: a zh-TW player on a zh-CN server
reads traditional characters in every ephemeral reply, refusal and
autocomplete label, while the server's public messages stay simplified.
Death Front cards are named (with their keywords) in the reader's language."""
from __future__ import annotations

import re

import pytest
from opencc import OpenCC

from bot import SHARED_EXTENSIONS
from engines.deathfront import rules as R
from engines.deathfront import views
from engines.deathfront.notation import card_label
from tables.registry import default_registry
from tests.conftest import last_reply

HAN = re.compile(r"[\u3400-\u9fff]")
TO_TRADITIONAL = OpenCC("s2t")


def simplified_only(text: str) -> list[str]:
    return [ch for ch in text if HAN.match(ch) and TO_TRADITIONAL.convert(ch) != ch]


def texts_of(result) -> list[str]:
    answer = last_reply(result)
    out = [answer.content or ""]
    for embed in answer.embeds:
        out += [embed.title or "", embed.description or ""]
    return out


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"])


@pytest.fixture
async def zh_cn_server(simcord_env, locales):
    """A zh-CN server; 李雷 has a zh-CN client, 陳美 a zh-TW one."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    lei, mei = (guild.add_member(simcord_env.create_user(n)) for n in ("李雷", "陳美"))
    locales[lei.id], locales[mei.id] = "zh-CN", "zh-TW"
    await simcord_env.bot.tables.settings.set_guild(guild.id, language="zh-CN")
    return simcord_env, guild, channel, lei, mei


async def start_deathfront(env, channel, lei, mei):
    await lei.slash(channel, "deathfront new")
    lobby = next(m for m in reversed(channel.history()) if m.embeds)
    refused = await lei.click(lobby, label="加入")  # the host is seated already
    await mei.click(lobby, label="加入")
    again = await mei.click(lobby, label="加入")
    await lei.click(lobby, label="开始")
    live = env.bot.tables.in_channel(channel.id)
    for _ in ("opening hand", "full-hand draw"):
        for member in (lei, mei):
            await member.slash(channel, "deathfront keep")
    return live, lobby, refused, again


async def test_a_traditional_reader_on_a_simplified_server(zh_cn_server):
    env, guild, channel, lei, mei = zh_cn_server
    live, lobby, refused, again = await start_deathfront(env, channel, lei, mei)
    assert last_reply(refused).content == "⚠️ 你已经在这个大厅里了。"
    assert last_reply(again).content == "⚠️ 你已經在這個大廳裡了。" and last_reply(again).ephemeral
    assert "大厅" in lobby.embeds[0].title  # public: the server's language
    waiting = lei if live.to_act()[0] == live.seat_of(mei.id) else mei
    private = [await mei.slash(channel, name, **options) for name, options in (
        ("help", {}), ("rules", {"game": "deathfront"}), ("stats", {}), ("resign", {}), ("cubed draw", {}),
        ("deathfront deploy", {"card": "nothing", "cell": "Z9"}),
    )]
    if waiting is mei:
        private.append(await mei.slash(channel, "deathfront pass"))  # not her turn
    texts = [text for result in private for text in texts_of(result)]
    assert any("指令一覽" in text for text in texts)
    assert any("/手牌" in text for text in texts)
    assert all(simplified_only(text) == [] for text in texts), [t for t in texts if simplified_only(t)]


async def test_death_front_cards_keywords_and_refusals_in_the_readers_script(zh_cn_server):
    env, guild, channel, lei, mei = zh_cn_server
    live, *_ = await start_deathfront(env, channel, lei, mei)
    seat = live.seat_of(mei.id)
    state = live.state
    armoured = next(u for deck in state.decks for u in deck if R.card(u).has("armoured"))
    facility = next(u for deck in state.decks for u in deck if R.card(u).type == "facility")
    state.hands[seat][:2] = [armoured, facility]  # a tank and a minefield-like card in 陳美's hand
    choices = await mei.autocomplete(channel, "deathfront discard", "card", "")
    labels = {c["value"]: c["name"] for c in choices}
    tank = labels[armoured]
    assert tank.startswith(R.card(armoured).name.zh_TW) and "裝甲" in tank and "補給等級" in tank
    assert "·" in labels[facility] and simplified_only(" ".join(labels.values())) == []
    assert tank == card_label(views.card_view(armoured), "zh-TW")
    typed = await mei.autocomplete(channel, "deathfront discard", "card", R.card(armoured).name.zh_TW)
    assert armoured in [c["value"] for c in typed]
    if live.to_act()[0] != seat:
        await lei.slash(channel, "deathfront pass")
    assert live.to_act()[0] == seat
    result = await mei.slash(channel, "deathfront deploy", card=facility, cell="B2")
    reply = last_reply(result)
    assert reply.ephemeral and R.card(facility).name.zh_TW in reply.content
    assert R.card(facility).name.en not in reply.content and simplified_only(reply.content) == []


def test_card_labels_speak_each_language():
    uid = next(u for u in R.CARDS.by_uid if R.card(u).has("armoured"))
    view = views.card_view(uid)
    english, simplified, traditional = (card_label(view, loc) for loc in ("en", "zh-CN", "zh-TW"))
    assert "Armoured" in english and "supply level" in english
    assert "装甲" in simplified and "补给等级" in simplified and "Armoured" not in simplified
    assert "裝甲" in traditional and "補給等級" in traditional
