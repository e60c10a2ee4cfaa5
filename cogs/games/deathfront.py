"""/deathfront: the lobby (new, faction) and every move of Death Front:
Blitzkrieg. Input is parsed forgivingly (engines/deathfront/notation.py);
autocomplete is personal (your hand) and legal (only cells the rules allow)."""
from __future__ import annotations

from typing import Any, Callable

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands
from pydantic import BaseModel

from cogs.common import bot_of, refusals, reply_key, user_locale
from cogs.games.base import GameCog
from cogs.seats import my_seat_or_none
from engines.base import IllegalAction
from engines.deathfront import (
    AgreeEnd,
    Attack,
    DeclineEnd,
    Deploy,
    Discard,
    Keep,
    Move,
    Mulligan,
    Pass,
    PlaceFacility,
    PlaySkill,
    ProposeEnd,
    SkipDraw,
    views,
)
from engines.deathfront import rules as R
from engines.deathfront.cards import FACTIONS, card_name
from engines.deathfront.flow import own_step
from engines.deathfront.models import DeathFrontState
from engines.deathfront.notation import (
    hand_choices,
    legal_cells,
    normalize,
    parse_cell,
    parse_cells,
    parse_target,
    resolve_card,
)
from engines.deathfront.skills import skill_options
from i18n import t
from tables.errors import TableError

GAME = "deathfront"
MAX_CHOICES = 25
DEPLOYABLE = ("unit", "resource")


def _text(key: str, english: str) -> locale_str:
    """A command or option description; its translations live under ``deathfront.cmd.*``."""
    return locale_str(english, key=f"deathfront.cmd.{key}")


FACTION_CHOICES = [
    Choice(name=locale_str(english, key=f"deathfront.faction.{faction}"), value=faction)
    for faction, english in zip(FACTIONS, ("US", "UK", "SS", "Wehrmacht"))
]
PLAYER_CHOICES = [Choice(name="2", value=2), Choice(name="4", value=4)]
END_CHOICES = [
    Choice(name=_text("choice.agree", "agree"), value="agree"),
    Choice(name=_text("choice.decline", "decline"), value="decline"),
]


# ---- parsing -----------------------------------------------------------------------
def cell_or_refuse(text: str) -> str:
    cell = parse_cell(text)
    if cell is None:
        raise IllegalAction("deathfront.err.bad_cell", cell=normalize(text) or "—")
    return cell


def cells_or_refuse(text: str) -> list[str]:
    cells = parse_cells(text)
    if cells is None:
        raise IllegalAction("deathfront.err.bad_cells", cells=normalize(text) or "—")
    return cells


def target_or_refuse(text: str) -> tuple[str, bool]:
    target = parse_target(text)
    if target is None:
        raise IllegalAction("deathfront.err.bad_cell", cell=normalize(text) or "—")
    return target


# ---- autocomplete --------------------------------------------------------------------
def _player(interaction: discord.Interaction) -> tuple[DeathFrontState, int] | None:
    """The state and the caller's seat in this channel's Death Front game, if they play in it."""
    found = my_seat_or_none(interaction, GAME)
    if found is None:
        return None
    table, seat = found
    return table.state, seat  # type: ignore[return-value]


def _option(interaction: discord.Interaction, name: str) -> str:
    return str(getattr(interaction.namespace, name, None) or "")


def _matching(pairs: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    """(name, value) pairs whose name or value contains what was typed so far."""
    typed = normalize(current).lower().replace(" ", "")
    out = []
    for name, value in pairs:
        if typed in name.lower().replace(" ", "") or typed in value.lower():
            out.append(Choice(name=name[:100], value=value[:100]))
        if len(out) == MAX_CHOICES:
            break
    return out


def _cell_pairs(state: DeathFrontState, cells: list[str], locale: str) -> list[tuple[str, str]]:
    """A cell, with the card standing on it if any: ``B3 · Sherman``."""
    pairs = []
    for cell in cells:
        at_facility = cell.endswith("F")
        label = cell[:-1] if at_facility else cell
        uid = state.facilities.get(label)
        if not at_facility:
            uid = state.pieces.get(label) or uid
        pairs.append((f"{cell} · {card_name(uid, locale)}" if uid else cell, cell))
    return pairs


def hand_autocomplete(kinds: tuple[str, ...] | None) -> Callable[..., Any]:
    """Autocomplete for ``card``: the caller's own cards of the kinds the command uses."""

    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        player = _player(interaction)
        if player is None:
            return []
        state, seat = player
        locale = await user_locale(interaction)
        return _matching(hand_choices(views.private_view(state, seat), kinds, locale), current)

    return complete


def cell_autocomplete(action_kind: str, other_option: str | None) -> Callable[..., Any]:
    """Autocomplete for a cell: the legal cells for the card (or cell) already
    chosen in ``other_option`` (see ``notation.legal_cells``)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        player = _player(interaction)
        if player is None:
            return []
        state, seat = player
        chosen = _option(interaction, other_option) if other_option else None
        if other_option and not chosen:
            return []
        cells = legal_cells(state, seat, action_kind, chosen)
        return _matching(_cell_pairs(state, cells, await user_locale(interaction)), current)

    return complete


async def skill_target_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    player = _player(interaction)
    if player is None:
        return []
    state, seat = player
    uid = resolve_card(state.hands[seat], _option(interaction, "card"))
    if uid is None or R.card(uid).type != "skill":
        return []
    targets = list(dict.fromkeys(o.target for o in skill_options(state, seat, uid) if o.target))
    return _matching([(target, target) for target in targets], current)


async def attack_target_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    player = _player(interaction)
    if player is None:
        return []
    state, seat = player
    targets = []
    for cell in legal_cells(state, seat, "attack"):
        targets.append(cell)
        piece, facility = state.pieces.get(cell), state.facilities.get(cell)
        if piece and facility and R.target_uid(state, seat, cell, at_facility=True) == facility:
            targets.append(cell + "F")
    return _matching(_cell_pairs(state, targets, await user_locale(interaction)), current)


async def attackers_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Groups of your ready, supplied units that reach the target, each with
    its attack total against the target's defence."""
    player = _player(interaction)
    if player is None:
        return []
    state, seat = player
    target = parse_target(_option(interaction, "target"))
    if target is None:
        return []
    cell, at_facility = target
    target_uid = R.target_uid(state, seat, cell, at_facility)
    ready = R.ready_attackers(state, seat, cell)
    if target_uid is None or not ready:
        return []
    groups = [ready, R.fewest_winning(state, ready, target_uid, cell), *([a] for a in ready)]
    locale = await user_locale(interaction)
    pairs = []
    for group in dict.fromkeys(tuple(g) for g in groups if g):
        total = R.attack_total(state, list(group), target_uid)
        defence = R.defence(state, target_uid, cell, list(group))
        name = t("deathfront.hint.attackers", locale, cells=", ".join(group), total=total, defence=defence)
        pairs.append((name, ",".join(group)))
    return _matching(pairs, current)


# ---- the cog -----------------------------------------------------------------------------
class DeathFrontCog(GameCog, name="deathfront"):
    game_type = GAME
    group = app_commands.Group(name="deathfront",
                               description=_text("group", "Death Front: Blitzkrieg, a WWII card battle"))

    async def _act(self, interaction: discord.Interaction, build: Callable[[], BaseModel],
                   confirm_key: str = "core.action.done") -> None:
        """Check the table first (a clearer refusal), then parse and submit."""
        self.table(interaction)
        await self.submit(interaction, build(), confirm_key)

    # -- lobby -------------------------------------------------------------------------------
    @group.command(name="new", description=_text("new", "Open a Death Front lobby (2 or 4 players)"))
    @app_commands.describe(players=_text("opt.players", "2 (one against one) or 4 (two against two)"),
                           faction=_text("opt.faction", "Your faction (the others get the rest)"),
                           round_limit=_text("opt.round_limit", "Rounds before the territory count, 1–200 (default 30)"))
    @app_commands.choices(players=PLAYER_CHOICES, faction=FACTION_CHOICES)
    async def new(self, interaction: discord.Interaction, players: Choice[int] | None = None,
                  faction: Choice[str] | None = None, round_limit: app_commands.Range[int, 1, 200] = 30) -> None:
        async with refusals(interaction):
            config: dict[str, Any] = {"round_limit": round_limit}
            if players:
                config["players"] = players.value
            table = await self.open_lobby(interaction, config)
            if faction is not None:
                await bot_of(interaction).tables.set_seat_option(table.id, interaction.user.id, "faction",
                                                                 faction.value)

    @group.command(name="faction", description=_text("faction", "Choose your faction in the lobby"))
    @app_commands.describe(faction=_text("opt.faction_pick", "US or UK (Allies), SS or Wehrmacht (Axis)"),
                           seat=_text("opt.seat", "Host only: the number of an AI seat to choose for"))
    @app_commands.choices(faction=FACTION_CHOICES)
    async def faction(self, interaction: discord.Interaction, faction: Choice[str],
                      seat: app_commands.Range[int, 1, 4] | None = None) -> None:
        async with refusals(interaction):
            table = self.table(interaction)
            if table.record.status != "lobby":
                raise TableError("core.err.not_lobby")
            locale = await user_locale(interaction)
            faction_name = t(f"deathfront.faction.{faction.value}", locale)
            chosen_seat = seat - 1 if seat is not None else table.seat_of(interaction.user.id)
            if chosen_seat is None:
                raise TableError("core.err.not_in_lobby")
            await bot_of(interaction).tables.set_seat_option(
                table.id, interaction.user.id, "faction", faction.value, seat=chosen_seat if seat else None,
            )
            if seat is None:
                await reply_key(interaction, "deathfront.ok.faction", faction=faction_name)
            else:
                await reply_key(interaction, "deathfront.ok.faction_for", faction=faction_name,
                                player=table.seats[chosen_seat].name)

    # -- opening hand and draw -----------------------------------------------------------------
    @group.command(name="mulligan", description=_text("mulligan", "Return your hand and draw a new 8 (once)"))
    async def mulligan(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self._act(interaction, Mulligan, "deathfront.ok.mulligan")

    @group.command(name="keep",
                   description=_text("keep", "Keep your hand: the opening 8, or skip the draw with 8 cards"))
    async def keep(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            found = my_seat_or_none(interaction, GAME)  # refused below by ``_act`` when None
            drawing = found is not None and isinstance(found[0].state, DeathFrontState) \
                and own_step(found[0].state, found[1]) == "draw"
            await self._act(interaction, SkipDraw if drawing else Keep,
                            "deathfront.ok.skip_draw" if drawing else "deathfront.ok.keep")

    @group.command(name="discard", description=_text("discard", "With 8 cards: discard one, then draw"))
    @app_commands.describe(card=_text("opt.card", "A card from your hand"))
    @app_commands.autocomplete(card=hand_autocomplete(None))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        async with refusals(interaction):
            await self._act(interaction, lambda: Discard(card=card), "deathfront.ok.discard")

    # -- deploy / move step -----------------------------------------------------------------------
    @group.command(name="deploy", description=_text("deploy", "Deploy a unit or resource from your hand"))
    @app_commands.describe(card=_text("opt.card", "A card from your hand"),
                           cell=_text("opt.cell", "A square such as B2"))
    @app_commands.autocomplete(card=hand_autocomplete(DEPLOYABLE), cell=cell_autocomplete("deploy", "card"))
    async def deploy(self, interaction: discord.Interaction, card: str, cell: str) -> None:
        async with refusals(interaction):
            await self._act(interaction, lambda: Deploy(card=card, cell=cell_or_refuse(cell)))

    @group.command(name="move",
                   description=_text("move", "Move one of your cards, or advance an attacker after a kill"))
    @app_commands.describe(from_cell=_text("opt.from_cell", "The square of your card"),
                           to_cell=_text("opt.to_cell", "Where it goes"))
    @app_commands.autocomplete(from_cell=cell_autocomplete("move", None),
                               to_cell=cell_autocomplete("move", "from_cell"))
    async def move(self, interaction: discord.Interaction, from_cell: str, to_cell: str) -> None:
        async with refusals(interaction):
            await self._act(interaction,
                            lambda: Move(from_cell=cell_or_refuse(from_cell), to_cell=cell_or_refuse(to_cell)))

    @group.command(name="pass", description=_text("pass", "Done with this step: pass (after a kill: stay, do not advance)"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self._act(interaction, Pass)

    # -- facility, skill and attack steps ------------------------------------------------------------
    @group.command(name="facility", description=_text("facility", "Place a facility in your territory"))
    @app_commands.describe(card=_text("opt.card", "A card from your hand"),
                           cell=_text("opt.cell", "A square such as B2"))
    @app_commands.autocomplete(card=hand_autocomplete(("facility",)), cell=cell_autocomplete("facility", "card"))
    async def facility(self, interaction: discord.Interaction, card: str, cell: str) -> None:
        async with refusals(interaction):
            await self._act(interaction, lambda: PlaceFacility(card=card, cell=cell_or_refuse(cell)))

    @group.command(name="skill", description=_text("skill", "Play a skill card"))
    @app_commands.describe(card=_text("opt.card", "A card from your hand"),
                           target=_text("opt.skill_target", "B5, B5F (the facility), B5,C6 or B3>B4,C3>C4"))
    @app_commands.autocomplete(card=hand_autocomplete(("skill",)), target=skill_target_autocomplete)
    async def skill(self, interaction: discord.Interaction, card: str, target: str | None = None) -> None:
        async with refusals(interaction):
            await self._act(interaction, lambda: PlaySkill(card=card, target=target))

    @group.command(name="attack", description=_text("attack", "Attack an enemy card with your units"))
    @app_commands.describe(target=_text("opt.target", "The enemy square, e.g. B5 (B5F: its facility)"),
                           attackers=_text("opt.attackers", "Your attacking units' squares, e.g. B3,C3"))
    @app_commands.autocomplete(target=attack_target_autocomplete, attackers=attackers_autocomplete)
    async def attack(self, interaction: discord.Interaction, target: str, attackers: str) -> None:
        def build() -> Attack:
            cell, at_facility = target_or_refuse(target)
            return Attack(target=cell, attackers=cells_or_refuse(attackers), at_facility=at_facility)

        async with refusals(interaction):
            await self._act(interaction, build)

    # -- ending by agreement ------------------------------------------------------------------------------
    @group.command(name="end", description=_text("end", "Propose to end the game, or answer a proposal"))
    @app_commands.describe(answer=_text("opt.answer", "Your answer to a proposal (agree if empty)"))
    @app_commands.choices(answer=END_CHOICES)
    async def end(self, interaction: discord.Interaction, answer: Choice[str] | None = None) -> None:
        async with refusals(interaction):
            state = self.table(interaction).state
            vote_open = getattr(state, "end_vote", None) is not None
            if answer is not None and answer.value == "decline":
                await self._act(interaction, DeclineEnd, "deathfront.ok.end_declined")
            elif vote_open or answer is not None:
                await self._act(interaction, AgreeEnd, "deathfront.ok.end_agreed")
            else:
                await self._act(interaction, ProposeEnd, "deathfront.ok.end_proposed")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DeathFrontCog(bot))
