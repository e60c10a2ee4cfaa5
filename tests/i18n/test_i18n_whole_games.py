"""A whole game of each game in a zh-CN server, one player with a zh-CN
client and one with a zh-TW client: no public or private text (message
content, embeds, button and select labels, autocomplete names) carries an
English word, and everything the zh-TW player reads privately is in
traditional characters. Player names, card ids and
notation are not words; the games' own brand names (SETUP, CUBED) and the
bot's name are kept on purpose (docs/glossary.md)."""
from __future__ import annotations

import inspect
import random
import re
import tomllib
from pathlib import Path
from typing import Any, Iterator

import pytest
from opencc import OpenCC

from bot import SHARED_EXTENSIONS
from engines.cubed import labels
from engines.cubed.engine import CubedEngine
from engines.cubed.models import Draw3Action, DrawAction, GiveAction, KeepAction, PassAction, PlaceAction
from engines.deathfront import DeathFrontEngine, DeclineEnd, Discard, Mulligan
from engines.setup.engine import SetupEngine, format_placements
from engines.setup.models import PlayAction
from tables.registry import default_registry
from tests.conftest import last_reply

NAMES = ("李雷", "韩梅梅")
CLIENTS = ("zh-CN", "zh-TW")
HAN = re.compile(r"[\u3400-\u9fff]")
TO_TRADITIONAL = OpenCC("s2t")
KEPT_NAMES = {"SETUP", "CUBED", "Tabletop"}
ASCII_WORD = re.compile(r"[A-Za-z]{4,}")
NOT_WORDS = [
    re.compile(r"<[@#][!&]?\d+>|<t:\d+(:\w)?>"),  # mentions and timestamps
    re.compile(r"(https?|attachment)://\S+"),
    re.compile(r"\b[a-z]+(_[a-z0-9]+)+(-\d+)?\b"),  # card ids such as us_rifle_squad-3
]
TEXT_KEYS = {"content", "title", "description", "name", "label", "placeholder", "text", "value"}
CARDS = Path(__file__).resolve().parents[2] / "engines" / "deathfront" / "cards.toml"


def card_name_words() -> set[str]:
    """Latin letters inside the zh card names themselves (PIAT, …) are names."""
    with CARDS.open("rb") as fh:
        cards = tomllib.load(fh)["card"]
    return {w for card in cards for w in ASCII_WORD.findall(card["name"]["zh-CN"])}


def texts(node: Any, key: str = "", path: str = "") -> Iterator[str]:
    """Every player-visible string in a request payload."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("custom_id", "url", "filename", "attachments", "allowed_mentions", "emoji"):
                continue
            if k == "value" and ("choices" in path or "options" in path or "label" in node):
                continue  # a choice's or select option's value is sent back, never shown
            yield from texts(v, k, f"{path}.{k}")
    elif isinstance(node, list):
        for item in node:
            yield from texts(item, key, path)
    elif isinstance(node, str) and key in TEXT_KEYS:
        yield node


def assert_no_english(env) -> None:
    found = english_words(env)
    assert not found, sorted({word: text[:160] for word, text in found}.items())


def english_words(env) -> list[tuple[str, str]]:
    allowed = KEPT_NAMES | card_name_words()
    found = []
    for request in env.http_requests:
        if "/commands" in request.path:  # command registration carries every language
            continue
        for text in texts(request.json):
            cleaned = text
            for pattern in NOT_WORDS:
                cleaned = pattern.sub(" ", cleaned)
            found += [(word, text) for word in ASCII_WORD.findall(cleaned) if word not in allowed]
    return found


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(default_registry(), [*SHARED_EXTENSIONS, "cogs.games.setup", "cogs.games.cubed", "cogs.games.deathfront"])


class ChineseTable:
    def __init__(self, env, locales) -> None:
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.members = [self.guild.add_member(env.create_user(name)) for name in NAMES]
        for member, client in zip(self.members, CLIENTS):
            locales[member.id] = client
        self.traditional_reader = self.members[1]
        self.read_privately: list[str] = []  # what the zh-TW player read in private answers

    def hands_in_words(self, game: str) -> bool:
        """Hand texts (``/hand``, DMs) are drawn by the game's renderer; they
        are checked here once the renderer takes the reader's locale."""
        renderer = self.env.bot.registry.get(game).renderer
        return "locale" in inspect.signature(renderer.hand_text).parameters

    async def open(self, game: str, ai: int = 0, **options) -> None:
        await self.env.bot.tables.settings.set_guild(self.guild.id, language="zh-CN")
        host, guest = self.members
        self.show_hands = self.hands_in_words(game)
        if not self.show_hands:
            for member in self.members:
                await member.slash(self.channel, "settings dm_hands", enabled="off")
        await host.slash(self.channel, "help")
        await host.slash(self.channel, "rules", game=game)
        for command, params in (("help", {}), ("rules", {"game": game})):
            answer = last_reply(await guest.slash(self.channel, command, **params))
            self.read_privately += [answer.embeds[0].title, answer.embeds[0].description]
        await host.slash(self.channel, f"{game} new", **options)
        lobby = next(m for m in reversed(self.channel.history()) if m.embeds)
        await guest.click(lobby, label="加入")
        for _ in range(ai):
            await host.click(lobby, label="添加 AI")
        await host.click(lobby, label="开始")
        assert self.live() is not None and self.live().record.status == "playing"

    def live(self):
        return self.env.bot.tables.in_channel(self.channel.id)

    def member_for_seat(self, seat: int):
        user_id = self.live().seats[seat].user_id
        return next(m for m in self.members if m.id == user_id)

    async def send(self, seat: int, name: str, options: dict, autocomplete: tuple[str, ...] = ()) -> None:
        member = self.member_for_seat(seat)
        for option in autocomplete:  # what the player's client shows while typing
            if option in options:
                others = {k: v for k, v in options.items() if k != option}
                choices = await member.autocomplete(self.channel, name, option, "", **others)
                if member is self.traditional_reader:
                    self.read_privately += [c["name"] for c in choices]
        result = await member.slash(self.channel, name, **options)
        answer = last_reply(result)
        if not answer.content.startswith("✅") and answer.components:  # asks first (Death Front: issues 31, 32)
            if member is self.traditional_reader:
                self.read_privately.append(answer.content)
            button = answer.components[0]["components"][0]
            answer = last_reply(await member.click(answer, label=button["label"]))
        assert answer.ephemeral and answer.content.startswith("✅"), (name, options, answer.content)
        if member is self.traditional_reader:
            self.read_privately.append(answer.content)

    def assert_traditional_in_private(self) -> None:
        assert len(self.read_privately) > 5
        def without_names(text: str) -> str:  # players' names stay as they wrote them
            for name in NAMES:
                text = text.replace(name, "")
            return text

        wrong = {ch for text in self.read_privately for ch in without_names(text)
                 if HAN.match(ch) and TO_TRADITIONAL.convert(ch) != ch}
        assert wrong == set(), [text for text in self.read_privately if set(text) & wrong][:5]

    async def finish(self, game: str) -> None:
        await self.members[0].slash(self.channel, "leaderboard", game=game)
        await self.members[0].slash(self.channel, "stats")


def setup_command(action):
    if isinstance(action, PlayAction):
        return "setup play", {"move": format_placements(action.placements)}
    return "setup swap", {"tiles": " ".join(action.tiles)}


async def test_a_whole_setup_game_in_chinese(simcord_env, locales):
    table = ChineseTable(simcord_env, locales)
    await table.open("setup", ai=1, finish=10)
    engine = SetupEngine()
    for turn in range(200):
        live = table.live()
        if live is None:
            break
        seat = live.to_act()[0]
        if live.seats[seat].ai_reason:
            raise AssertionError("the AI seat plays by itself")
        if turn < 2 and table.show_hands:
            await table.member_for_seat(seat).slash(table.channel, "hand")
        name, options = setup_command(engine.ai_action(live.state, seat, random.Random(turn)))
        await table.send(seat, name, options, ("move", "tiles"))
    else:
        pytest.fail("the game did not end")
    await table.finish("setup")
    assert_no_english(simcord_env)
    table.assert_traditional_in_private()


def cubed_command(table, action):
    state = table.live().state
    if isinstance(action, PlaceAction):
        return "cubed place", {"piece": action.piece, "cell": labels.cell_name(state, action.cell),
                               "rotation": action.rotation}
    if isinstance(action, KeepAction):
        return "cubed keep", {"piece": action.piece}
    if isinstance(action, GiveAction):
        return "cubed give", {"piece": action.piece, "player": table.member_for_seat(action.to_seat)}
    return {DrawAction: "cubed draw", PassAction: "cubed pass", Draw3Action: "cubed draw3"}[type(action)], {}


async def test_a_whole_cubed_game_in_chinese(simcord_env, locales):
    table = ChineseTable(simcord_env, locales)
    await table.open("cubed", rounds=1, draw3=True, bridge=True, fill=True)
    engine, rng = CubedEngine(), random.Random(5)
    for turn in range(1500):
        live = table.live()
        if live is None:
            break
        seat = live.to_act()[0]
        if turn < 2 and table.show_hands:
            await table.member_for_seat(seat).slash(table.channel, "hand")
        name, options = cubed_command(table, engine.ai_action(live.state, seat, rng))
        await table.send(seat, name, options, ("piece", "cell"))
    else:
        pytest.fail("the game did not end")
    await table.finish("cubed")
    assert_no_english(simcord_env)
    table.assert_traditional_in_private()


def deathfront_command(action) -> tuple[str, dict]:
    kind = action.kind
    if kind in ("keep", "skip_draw"):
        return "deathfront keep", {}
    if kind in ("mulligan", "pass"):
        return f"deathfront {kind}", {}
    if kind in ("discard", "deploy", "facility"):
        return f"deathfront {kind}", {"card": action.card, **({"cell": action.cell} if kind != "discard" else {})}
    if kind == "move":
        return "deathfront move", {"from_cell": action.from_cell, "to_cell": action.to_cell}
    if kind == "skill":
        return "deathfront skill", {"card": action.card, **({"target": action.target} if action.target else {})}
    if kind == "attack":
        return "deathfront attack", {"target": action.target + ("F" if action.at_facility else ""),
                                     "attackers": ",".join(action.attackers)}
    if kind == "propose_end":
        return "deathfront end", {}
    return "deathfront end", {"answer": "agree" if kind == "agree_end" else "decline"}


def skill_in_every_hand(state) -> None:
    """A skill card in each opening hand (swapped with a card of the deck):
    games end sooner since an empty hand ends them (issue 32), so a skill
    card may never be drawn, and each kind's words must show once."""
    from engines.deathfront import rules as R

    for seat, hand in enumerate(state.hands):
        if not any(R.card(u).type == "skill" for u in hand):
            skill = next(u for u in state.decks[seat] if R.card(u).type == "skill")
            at = state.decks[seat].index(skill)
            state.decks[seat][at], hand[0] = hand[0], skill


async def test_a_whole_deathfront_game_in_chinese(simcord_env, locales):
    table = ChineseTable(simcord_env, locales)
    await table.open("deathfront")
    table.live().record.seed = 3
    engine, rng, used = DeathFrontEngine(), random.Random(1), set()
    skill_in_every_hand(table.live().state)
    for turn in range(800):
        live = table.live()
        if live is None:
            break
        state, seat = live.state, live.to_act()[0]
        if turn < 2 and table.show_hands:
            await table.member_for_seat(seat).slash(table.channel, "hand")
        if state.end_vote is not None:
            action = DeclineEnd()
        elif state.round == 2 and state.step == "attack" and "propose_end" not in used:
            action = engine.legal_actions(state, seat)[-1]
        elif state.step in ("facility", "skill") and state.step not in used and (
                first := [a for a in engine.legal_actions(state, seat) if a.kind == state.step]):
            action = first[0]  # each kind's words at least once, whatever the AI prefers
        else:
            action = engine.ai_action(state, seat, rng)
            if action.kind == "keep" and "mulligan" not in used:
                action = Mulligan()
            elif action.kind == "skip_draw" and "discard" not in used:
                action = Discard(card=state.hands[seat][0])
        used.add(action.kind)
        name, options = deathfront_command(action)
        await table.send(seat, name, options, ("card", "cell", "from_cell", "to_cell", "target"))
    else:
        pytest.fail("the game did not end")
    await table.finish("deathfront")
    assert {"deploy", "attack", "facility", "skill"} <= used
    assert_no_english(simcord_env)
    table.assert_traditional_in_private()
