"""/deathfront through SimCord: lobby with factions, a whole game driven by
slash commands, illegal input, private hands, autocomplete, locales."""
from __future__ import annotations

import random

import pytest

from bot import SHARED_EXTENSIONS
from engines.base import IllegalAction
from engines.deathfront import DeclineEnd, Discard, Mulligan, choices
from engines.deathfront import rules as R
from engines.deathfront.lobby import finalize_lobby_config
from games import deathfront as deathfront_game
from tables.registry import GameRegistry
from tests.conftest import Table, last_reply

EXTENSIONS = [*SHARED_EXTENSIONS, "cogs.games.deathfront"]
MAX_COMMANDS = 600
GAME_SEED = 3  # a game that uses every kind of action


@pytest.fixture
def simcord_bot(bot_builder):
    registry = GameRegistry([deathfront_game.DEFINITION])
    return bot_builder(registry, EXTENSIONS)


class Seat:
    def __init__(self, options=None):
        self.options = options or {}


# ---- helpers ------------------------------------------------------------------------
async def open_game(table: Table, host_faction: str | None = None, guest_faction: str | None = None,
                    seed: int = GAME_SEED):
    """``/deathfront new`` → Join → faction choices → Start."""
    host, guest = table.members[:2]
    options = {"faction": host_faction} if host_faction else {}
    await host.slash(table.channel, "deathfront new", **options)
    lobby = table.lobby_message()
    await guest.click(lobby, label="Join")
    if guest_faction:
        result = await guest.slash(table.channel, "deathfront faction", faction=guest_faction)
        assert result.response.ephemeral
    table.live().record.seed = seed
    await host.click(lobby, label="Start")
    return table.live()


def slash_for(action) -> tuple[str, dict]:
    """The slash command a player types for an engine action."""
    kind = action.kind
    if kind in ("keep", "skip_draw"):
        return "deathfront keep", {}
    if kind in ("mulligan", "pass"):
        return f"deathfront {kind}", {}
    if kind == "discard":
        return "deathfront discard", {"card": action.card}
    if kind == "deploy":
        return "deathfront deploy", {"card": action.card, "cell": action.cell}
    if kind == "move":
        return "deathfront move", {"from_cell": action.from_cell, "to_cell": action.to_cell}
    if kind == "facility":
        return "deathfront facility", {"card": action.card, "cell": action.cell}
    if kind == "skill":
        return "deathfront skill", {"card": action.card, **({"target": action.target} if action.target else {})}
    if kind == "attack":
        target = action.target + ("F" if action.at_facility else "")
        return "deathfront attack", {"target": target, "attackers": ", ".join(action.attackers).lower()}
    if kind == "propose_end":
        return "deathfront end", {}
    if kind in ("agree_end", "decline_end"):
        return "deathfront end", {"answer": "agree" if kind == "agree_end" else "decline"}
    raise AssertionError(kind)


AUTOCOMPLETED = {"card", "cell", "from_cell", "to_cell", "target", "attackers"}


async def check_autocomplete_offers(table: Table, member, name: str, options: dict) -> None:
    """Every option the player is about to send is among the autocomplete choices."""
    for option, value in options.items():
        if option not in AUTOCOMPLETED:
            continue
        typed = value.replace(" ", "")
        others = {k: v for k, v in options.items() if k != option}
        choices = await member.autocomplete(table.channel, name, option, typed, **others)
        assert typed.upper() in [c["value"].upper() for c in choices], (name, option, value, choices)


# ---- lobby -----------------------------------------------------------------------------------
def test_finalize_fills_unchosen_seats_with_the_other_side():
    assert finalize_lobby_config({}, [Seat(), Seat()])["factions"] == ["us", "ss"]
    assert finalize_lobby_config({}, [Seat({"faction": "wehrmacht"}), Seat()])["factions"] == ["wehrmacht", "us"]
    assert finalize_lobby_config({}, [Seat(), Seat({"faction": "uk"})])["factions"] == ["ss", "uk"]
    four = finalize_lobby_config({"players": 4}, [Seat({"faction": "uk"}), Seat(), Seat(), Seat()])
    assert four["players"] == 4 and sorted(four["factions"]) == sorted(["us", "uk", "ss", "wehrmacht"])
    assert [R.side_of_faction(f) for f in four["factions"]] == [0, 1, 0, 1]


@pytest.mark.parametrize("config, choices, key", [
    ({}, ["us", "us"], "faction_twice"),
    ({}, ["us", "uk"], "sides_unbalanced"),
    ({}, ["ss", None, "wehrmacht"], "lobby_seats"),
    ({"players": 4}, [None, None], "lobby_wants_four"),
])
def test_finalize_refuses_choices_that_cannot_make_a_game(config, choices, key):
    seats = [Seat({"faction": c} if c else {}) for c in choices]
    with pytest.raises(IllegalAction) as refused:
        finalize_lobby_config(config, seats)
    assert refused.value.key == f"deathfront.err.{key}"


async def test_factions_chosen_in_the_lobby_are_shown_and_used(table):
    live = await open_game(table, host_faction="uk", guest_faction="wehrmacht")
    assert live.record.status == "playing"
    assert live.state.factions == ["uk", "wehrmacht"]
    assert live.state.config.players == 2


async def test_a_faction_taken_by_another_player_is_refused(table):
    alice, bob = table.members
    await alice.slash(table.channel, "deathfront new", faction="ss")
    await bob.click(table.lobby_message(), label="Join")
    result = await bob.slash(table.channel, "deathfront faction", faction="ss")
    assert result.response.ephemeral and "already plays" in result.response.content
    await bob.slash(table.channel, "deathfront faction", faction="us")
    seats = table.lobby_message().embeds[0].fields[0].value
    assert "SS" in seats.splitlines()[0] and "US" in seats.splitlines()[1]  # faction names, localized


async def test_two_allied_choices_cannot_start(table):
    alice, bob = table.members
    await alice.slash(table.channel, "deathfront new", faction="us")
    lobby = table.lobby_message()
    await bob.click(lobby, label="Join")
    await bob.slash(table.channel, "deathfront faction", faction="uk")
    result = await alice.click(lobby, label="Start")
    assert result.followups[-1].ephemeral and "unbalanced" in result.followups[-1].content
    assert table.live().record.status == "lobby"


async def test_a_four_player_lobby_with_factions(simcord_env):
    table = Table(simcord_env, names=("ann", "ben", "cy", "dee"))
    host, *others = table.members
    await host.slash(table.channel, "deathfront new", players=4, faction="wehrmacht")
    lobby = table.lobby_message()
    for member in others[:2]:
        await member.click(lobby, label="Join")
    await others[0].slash(table.channel, "deathfront faction", faction="us")
    result = await host.click(lobby, label="Start")
    assert "4 players" in result.followups[-1].content  # a lobby opened for 4 waits for 4
    await others[2].click(lobby, label="Join")
    await host.click(lobby, label="Start")
    live = table.live()
    assert live.state.config.players == 4 and live.state.factions[:2] == ["wehrmacht", "us"]
    assert sorted(live.state.factions) == ["ss", "uk", "us", "wehrmacht"]
    assert [R.side_of_faction(f) for f in live.state.factions] == [1, 0, 1, 0]
    assert live.engine.teams(live.state) == [1, 0, 1, 0]


# ---- a whole game --------------------------------------------------------------------------------
async def test_a_whole_game_by_slash_commands_ends_on_the_leaderboard(table):
    live = await open_game(table, host_faction="us")
    game_id, engine, rng = live.id, live.engine, random.Random(7)
    used, proposed = set(), False
    for _ in range(MAX_COMMANDS):
        live = table.live()
        if live is None:
            break
        state = live.state
        seat = live.to_act()[0]
        member = table.member_for_seat(seat)
        if not proposed and state.round == 2 and state.step == "attack" and state.end_vote is None:
            action = engine.legal_actions(state, seat)[-1]
            assert action.kind == "propose_end"
            proposed = True
        elif state.end_vote is not None:
            action = DeclineEnd()
        else:
            action = engine.ai_action(state, seat, rng)
            if action.kind == "keep" and "mulligan" not in used:
                action = Mulligan()
            elif action.kind == "skip_draw" and "discard" not in used:
                action = Discard(card=state.hands[seat][0])
        name, options = slash_for(action)
        await check_autocomplete_offers(table, member, name, options)
        version = live.record.version
        result = await member.slash(table.channel, name, **options)
        reply = last_reply(result)
        asks = choices.plays_last_card(state, seat, action) or action.kind == "propose_end"
        if asks:  # (issues 31, 32) the last card, which ends the game at resolution, and a proposal ask first
            assert reply.ephemeral and "Confirm" in str(reply.components), reply.content
            assert table.live().record.version == version  # nothing happened yet
            reply = last_reply(await member.click(reply, label="Confirm"))
        assert reply.ephemeral and reply.content.startswith("✅"), (name, options, reply.content)
        assert table.live() is None or table.live().record.version == version + 1
        if action.kind == "attack" and table.live() is not None:  # the channel sees the total against the defence
            board = next(m for m in table.channel.history() if m.id == live.record.board_message_id)
            assert f"with {', '.join(action.attackers)}: " in board.content and "against defence" in board.content
        used.add(action.kind)
    else:
        pytest.fail("the game did not end")
    assert {"mulligan", "keep", "discard", "skip_draw", "deploy", "move", "facility", "skill", "attack", "pass",
            "propose_end", "decline_end"} <= used
    assert (await table.service.games.get(game_id)).status == "finished"
    results = table.channel.history()[-1].content
    assert "final standings" in results
    alice, bob = table.members
    result = await alice.slash(table.channel, "leaderboard", game="deathfront")
    assert "alice" in result.response.content and "bob" in result.response.content


# ---- refusals, privacy, autocomplete, locales ----------------------------------------------------
async def play_until_deploy(table: Table):
    """Both players keep; returns (live table, member to act, their seat)."""
    live = await open_game(table)
    for _ in ("opening hand", "full-hand draw"):
        for member in table.members:
            await member.slash(table.channel, "deathfront keep")
    live = table.live()
    assert live.state.step == "deploy"
    seat = live.to_act()[0]
    return live, table.member_for_seat(seat), seat


async def test_deploying_into_enemy_territory_is_refused_privately(table):
    live, member, seat = await play_until_deploy(table)
    unit = next(u for u in live.state.hands[seat] if R.card(u).type == "unit"
                and not R.card(u).has("airborne") and not R.card(u).has("infiltrate"))
    enemy_row = "6" if R.side_of_seat(live.state, seat) == 0 else "2"
    version, state = live.record.version, live.state.model_dump()
    result = await member.slash(table.channel, "deathfront deploy", card=unit, cell=f"ｂ{enemy_row}")
    reply = last_reply(result)
    assert reply.ephemeral and f"B{enemy_row} is not in your territory" in reply.content
    assert table.live().record.version == version and table.live().state.model_dump() == state
    result = await member.slash(table.channel, "deathfront deploy", card=unit, cell="Z9")
    assert "Z9 is not a square" in last_reply(result).content
    result = await member.slash(table.channel, "deathfront attack", target="B5", attackers="B3;;x")
    assert "not a list of squares" in last_reply(result).content
    assert table.live().record.version == version


async def test_an_illegal_action_is_explained_in_traditional_chinese(table, locales):
    live, member, seat = await play_until_deploy(table)
    locales[member.id] = "zh-TW"
    unit = next(u for u in live.state.hands[seat] if R.card(u).type == "unit"
                and not R.card(u).has("airborne") and not R.card(u).has("infiltrate"))
    enemy = "B6" if R.side_of_seat(live.state, seat) == 0 else "B2"
    result = await member.slash(table.channel, "deathfront deploy", card=unit, cell=enemy)
    reply = last_reply(result)
    assert reply.ephemeral and f"{enemy} 不在你的陣地內" in reply.content
    other = next(m for m in table.members if m is not member)
    locales[other.id] = "zh-TW"
    result = await other.slash(table.channel, "deathfront pass")
    assert "還沒輪到你" in last_reply(result).content


async def test_hand_is_seen_only_by_its_owner(table):
    live = await open_game(table)
    alice, bob = table.members
    result = await bob.slash(table.channel, "hand")
    answer = last_reply(result)
    assert answer.ephemeral and answer.attachments
    assert all(m.id != answer.id for m in table.channel.history(viewer=alice))
    assert any(m.id == answer.id for m in table.channel.history(viewer=bob))
    bob_seat = live.seat_of(bob.id)
    hidden = set(live.state.hands[bob_seat])
    for message in table.channel.history(viewer=alice):
        assert not any(uid in message.content for uid in hidden)


async def test_autocomplete_offers_your_own_hand_and_only_legal_cells(table):
    live, member, seat = await play_until_deploy(table)
    state = live.state
    choices = await member.autocomplete(table.channel, "deathfront deploy", "card", "")
    hand = set(state.hands[seat])
    assert choices and all(c["value"] in hand for c in choices)
    deployable = {R.card(u).id for u in hand if R.card(u).type in ("unit", "resource")}
    assert {R.card(c["value"]).id for c in choices} == deployable
    other_seat = 1 - seat
    assert not set(state.hands[other_seat]) & {c["value"] for c in choices}
    card = choices[0]["value"]
    cells = await member.autocomplete(table.channel, "deathfront deploy", "cell", "", card=card)
    assert sorted(c["value"] for c in cells) == sorted(R.deploy_cells(state, seat, card))[:25]
    typed = await member.autocomplete(table.channel, "deathfront deploy", "cell", cells[0]["value"].lower(), card=card)
    assert [c["value"] for c in typed] == [cells[0]["value"]]
    skills = await member.autocomplete(table.channel, "deathfront skill", "card", "")
    assert all(R.card(c["value"]).type == "skill" for c in skills)


async def test_card_names_in_autocomplete_follow_the_callers_locale(table, locales):
    live, member, seat = await play_until_deploy(table)
    locales[member.id] = "zh-CN"
    choices = await member.autocomplete(table.channel, "deathfront discard", "card", "")
    names = {R.card(u).name.zh_CN for u in live.state.hands[seat]}
    assert choices and all(any(c["name"].startswith(n) for n in names) for c in choices)


async def test_the_host_chooses_an_ai_seats_faction(table):
    alice, bob = table.members
    await alice.slash(table.channel, "deathfront new", faction="ss")
    lobby = table.lobby_message()
    await alice.click(lobby, label="Add AI")
    await bob.click(lobby, label="Join")
    result = await bob.slash(table.channel, "deathfront faction", faction="uk", seat=2)
    assert result.response.ephemeral and "Only the host" in result.response.content
    result = await alice.slash(table.channel, "deathfront faction", faction="uk", seat=2)
    assert result.response.content == "AI 1 will play UK."
    assert table.live().seats[1].options == {"faction": "uk"}
    result = await bob.slash(table.channel, "deathfront faction", faction="us")
    assert "lobby" not in result.response.content and "US" in result.response.content
    result = await alice.click(lobby, label="Start")
    assert "2 or 4 players; the lobby has 3" in result.followups[-1].content
    await bob.click(lobby, label="Leave")
    await alice.click(lobby, label="Start")
    assert table.live().state.factions == ["ss", "uk"]


def test_every_command_description_has_a_translation():
    import re
    from pathlib import Path

    import i18n

    source = (Path(__file__).resolve().parents[2] / "cogs" / "games" / "deathfront.py").read_text(encoding="utf-8")
    keys = {f"deathfront.cmd.{k}" for k in re.findall(r'_text\("([a-z_.]+)"', source)}
    assert len(keys) > 20
    for locale in i18n.LOCALES:
        missing = sorted(k for k in keys if not i18n.has(k, locale))
        assert not missing, (locale, missing)
    for key in keys:
        assert len(i18n.t(key, "en")) <= 100
