"""Death Front: Blitzkrieg (死亡前線-閃電戰): its parts, as the platform reads them."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from pydantic import BaseModel

from engines.base import IllegalAction
from engines.deathfront import choices, flow, lessons, texts
from engines.deathfront.cards import (
    ALLIED_FACTIONS,
    AXIS_FACTIONS,
    FACTIONS,
    card_name,
    localize_card_params,
    side_of_faction,
)
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.lobby import chosen_faction, chosen_side, finalize_lobby_config, pick_side
from engines.deathfront.models import (
    Attack,
    DeathFrontPrivateView,
    DeathFrontPublicView,
    DeathFrontState,
    Deploy,
    Discard,
    Move,
    PlaceFacility,
    PlaySkill,
    ProposeEnd,
)
from engines.deathfront.rules import territory
from engines.deathfront.tutorial import TUTORIAL
from games.definition import ArenaSides, DiscordParts, GameDefinition, MoveWords, TeamMatch
from games.options import number_option
from games.teams import LobbySeat, SeatChoice, TeamSides
from i18n import t
from render.deathfront import DeathFrontRenderer
from render.deathfront.hand import card_stats
from render.deathfront.style import faction_tag
from render.words import tagged

MAX_GROUPED = 5  # ready attackers up to which every group of them is offered (2**5 - 1 groups)


def factions(state: BaseModel) -> list[str]:
    return list(state.factions)  # type: ignore[attr-defined]


def first_cell(target: str | None) -> str | None:
    """The first cell a skill's target names ("B5F" → "B5", "B3>B4,C3>C4" → "B4")."""
    if not target:
        return None
    first = target.split(",")[0].split(">")[-1]
    return first[:-1] if first.endswith("F") else first


def every_attacker_group(state: BaseModel, seat: int, actions: list[BaseModel]) -> list[BaseModel]:
    """The engine's actions, then every other group of the ready attackers
    of each attack it lists (the engine lists all of them, each alone and the
    fewest that win), so a tapping player may pick attackers one by one."""
    listed = {(a.target, a.at_facility, tuple(sorted(a.attackers))) for a in actions if isinstance(a, Attack)}
    widest: dict[tuple[str, bool], list[str]] = {}
    for action in actions:
        if isinstance(action, Attack) and len(action.attackers) > len(widest.get((action.target, action.at_facility), [])):
            widest[(action.target, action.at_facility)] = sorted(action.attackers)
    extra: list[BaseModel] = []
    for (target, at_facility), ready in widest.items():
        if len(ready) > MAX_GROUPED:
            continue
        for size in range(1, len(ready) + 1):
            for group in combinations(ready, size):
                if (target, at_facility, group) not in listed:
                    extra.append(Attack(target=target, attackers=list(group), at_facility=at_facility))
    return actions + extra


def attack_preview(state: DeathFrontState, seat: int, action: Attack, locale: str) -> str:
    """The odds as the engine will count them (``choices.attack_odds``:
    the cards on the board and the skills played, all public)."""
    target = action.target + ("F" if action.at_facility else "")
    odds = choices.attack_odds(state, seat, target, list(action.attackers))
    if odds is None:
        return ""
    total, defence = odds
    outcome = t("builder.deathfront.odds_win" if total > defence else "builder.deathfront.odds_fail", locale,
                defence=defence)
    return t("deathfront.preview.odds", locale, total=total, defence=defence, outcome=outcome)


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """"Sherman → B4" from the card (its uid) to the cell; a move from the
    unit's cell to the next; an attack is made of each attacker's cell with
    the target (``steps``), with its odds. Playing the last card of the hand
    (the game ends at this round's resolution) and proposing to end the
    game ask the mover to confirm (``confirm``). An action of an action step
    may also finish the mover's step (``finish``: its ``done``, decision 3)."""
    assert isinstance(state, DeathFrontState)
    return [replace(words, confirm=confirm_question(state, seat, action, locale),
                    finish=finishing(state, action))
            for action, words in zip(actions, _words(state, seat, actions, locale))]


def finishing(state: DeathFrontState, action: BaseModel) -> BaseModel | None:
    """The same action with ``done`` ("Confirm, done with this step"), where
    it can carry it: ruleset 2, an action step, not the answer to an advance."""
    if "done" not in type(action).model_fields or getattr(action, "done", False):
        return None
    if not flow.passing_ends_step(state) or state.step not in flow.ACTION_STEPS or state.pending_advance is not None:
        return None
    return action.model_copy(update={"done": True})


def confirm_question(state: DeathFrontState, seat: int, action: BaseModel, locale: str) -> str:
    if isinstance(action, ProposeEnd):
        held = territory(state)
        return t("deathfront.confirm.propose_end", locale, allies=held[0], axis=held[1])
    if choices.plays_last_card(state, seat, action):
        return t("deathfront.confirm.last_card", locale)
    return ""


def _words(state: DeathFrontState, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    out = []
    for action in actions:
        if isinstance(action, (Deploy, PlaceFacility)):
            out.append(MoveWords(f"{card_name(action.card, locale)} → {action.cell}", action.card, action.cell))
        elif isinstance(action, Move):
            out.append(MoveWords(f"{action.from_cell} → {action.to_cell}", action.from_cell, action.to_cell))
        elif isinstance(action, Attack):
            target = action.target + ("F" if action.at_facility else "")
            out.append(MoveWords(f"{'+'.join(action.attackers)} → {target}",
                                 action.attackers[0] if action.attackers else None, action.target,
                                 steps=tuple((cell, action.target) for cell in action.attackers),
                                 preview=attack_preview(state, seat, action, locale)))
        elif isinstance(action, PlaySkill):
            name = card_name(action.card, locale)
            detail = f"{name} → {action.target}" if action.target else name
            out.append(MoveWords(detail, action.card, first_cell(action.target)))
        elif isinstance(action, Discard):
            out.append(MoveWords(card_name(action.card, locale), action.card))
        else:
            out.append(MoveWords(""))
    return out


def describe_regions(picture: str, view: BaseModel, regions: list[tuple[str, str]], locale: str) -> list[str]:
    """A cell by its label ("B4", as a move's label names it) and the cards
    on it (their names and factions, as the alt text); a card of the hand by
    its name and what it does."""
    if isinstance(view, DeathFrontPublicView):
        on: dict[str, list[str]] = {}
        for tile in [*view.tiles, *view.facilities]:
            on.setdefault(tile.cell, []).append(
                tagged(card_name(tile.card.id, locale), faction_tag(tile.card.faction, locale), locale))
        return [t("deathfront.region.cell_with", locale, cell=id_, cards=t("core.act.comma", locale).join(on[id_]))
                if id_ in on else t("deathfront.region.cell", locale, cell=id_) for id_, _ in regions]
    assert isinstance(view, DeathFrontPrivateView)
    cards = {card.uid: card for card in view.hand}
    return [t("deathfront.region.card", locale, card=card_name(cards[id_].id, locale),
              what=card_stats(cards[id_], locale)) if id_ in cards else id_ for id_, _ in regions]


TEAM_FACTIONS = (ALLIED_FACTIONS, AXIS_FACTIONS)
SIDE_KEYS = ("deathfront.side.allies", "deathfront.side.axis")


def faction_free(seats: Sequence[LobbySeat], seat: int, faction: str) -> None:
    """Each faction is chosen once: refused when another seat chose it."""
    for index, other in enumerate(seats):
        if index != seat and chosen_faction(other) == faction:
            raise IllegalAction("deathfront.err.faction_taken", player=getattr(other, "name", ""),
                                faction_key=f"deathfront.faction.{faction}")


def faction_label(faction: str, locale: str) -> str:
    return t("deathfront.lobby.faction_option", locale, faction=t(f"deathfront.faction.{faction}", locale),
             side=t(SIDE_KEYS[side_of_faction(faction)], locale))


# A player's faction (the /deathfront faction command, the board's select); it sets the side.
FACTION_CHOICE = SeatChoice(key="faction", values=tuple(FACTIONS), title=lambda locale: t("deathfront.lobby.faction",
                                                                                       locale),
                            label=faction_label, check=faction_free)


DEFINITION = GameDefinition(
    engine=DeathFrontEngine(),
    renderer=DeathFrontRenderer(),
    finalize_config=finalize_lobby_config,
    localize_params=localize_card_params,
    arena_sides=ArenaSides(labels=factions, first_side=frozenset(ALLIED_FACTIONS)),
    discord=DiscordParts(cog="cogs.games.deathfront", builder="cogs.play.builder.deathfront:BUILDER"),
    describe_moves=describe_moves,
    describe_regions=describe_regions,
    widen_actions=every_attacker_group,
    # The round limit the rulings call configurable (default 30; the config takes 1-200).
    lobby_options=(number_option("round_limit", (5, 10, 15, 20, 25, 30, 40, 50, 75, 100)),),
    lessons=lessons.LESSONS,
    tutorial=TUTORIAL,
    text_params=texts.text_numbers,
    # 4 players: the Allies (US + UK) against the Axis; a faction decides the side. Allies do not
    # see each other's hands.
    seat_choices=(FACTION_CHOICE,),
    team_sides=TeamSides(labels=SIDE_KEYS,
                         applies=lambda config, seats: config.get("players") == 4 or seats > 2,
                         side_of=chosen_side, pick=pick_side),
    # A team match: the first team plays the Allies (US, UK), the second the Axis (SS, Wehrmacht).
    team_match=TeamMatch(config=lambda config: dict(config),
                         seat_options=lambda team, member: {"faction": TEAM_FACTIONS[team][member]}),
)
