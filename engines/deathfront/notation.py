"""Forgiving text input and pure autocomplete helpers for the Discord cog.

Cells ``A1``..``E7`` in any case, full-width characters (NFKC), Chinese commas
``，、`` and spaces; cards by uid (``us_sherman-2``), card id (``us_sherman``)
or name (any language) from the player's hand.
"""
from __future__ import annotations

from typing import Iterable

from i18n import t

from . import rules as R
from .cards import CardDef, card_name
from .models import CardView, DeathFrontPrivateView, DeathFrontState
from .parsing import normalize, parse_cell, parse_cells, parse_moves, parse_target, resolve_card, split_items
from .skills import skill_targets

__all__ = [
    "card_label", "hand_choices", "legal_cells", "normalize", "parse_cell", "parse_cells", "parse_moves",
    "parse_target", "ready_attackers", "resolve_card", "split_items",
]


# ---- autocomplete ------------------------------------------------------------------
def card_label(card: CardDef | CardView, locale: str = "en") -> str:
    """A short label in the reader's language: name, stats, range, supply
    level, keywords; for a facility or skill, what it does."""
    name = card_name(card.id, locale)
    extras = [t(f"deathfront.keyword.{k}", locale) for k in card.keywords]
    if card.anti_armour:
        extras.insert(0, t("deathfront.label.anti_armour", locale, n=card.anti_armour))
    if card.type == "unit":
        label = t("deathfront.label.unit", locale, name=name, attack=card.attack, defence=card.defence,
                  range=card.range, level=card.level)
    elif card.type == "resource":
        label = t("deathfront.label.resource", locale, name=name, level=card.level, defence=card.defence)
    elif card.effect:
        full = R.card(card.uid) if isinstance(card, CardView) else card
        effect = t(f"deathfront.effect.{card.effect}", locale, attack=full.attack, targets=full.targets,
                   bonus=full.bonus, level=full.level)
        label = t("deathfront.label.effect", locale, name=name, effect=effect)
    else:
        return name
    if extras:
        label += " · " + t("deathfront.label.join", locale).join(extras)
    return label


def hand_choices(private_view: DeathFrontPrivateView, kinds: Iterable[str] | None = None,
                 locale: str = "en") -> list[tuple[str, str]]:
    """(label, card uid) for each card kind in the hand, optionally only some
    types (``"unit"``, ``"resource"``, ``"facility"``, ``"skill"``)."""
    wanted = set(kinds) if kinds else None
    out: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for card in private_view.hand:
        if wanted and card.type not in wanted:
            continue
        counts[card.id] = counts.get(card.id, 0) + 1
        first.setdefault(card.id, card.uid)
    for card in private_view.hand:
        if first.get(card.id) == card.uid:
            label = card_label(card, locale)
            if counts[card.id] > 1:
                label += " " + t("deathfront.label.copies", locale, n=counts[card.id])
            out.append((label[:100], card.uid))
    return out


def legal_cells(state: DeathFrontState, seat: int, action_kind: str,
                card_or_cell: str | None = None) -> list[str]:
    """Cells for the cog's second parameter: ``deploy``/``facility`` (card) ->
    where it may go; ``move`` (from cell) -> destinations, or with no cell the
    cards that can move; ``attack`` -> enemy cards you can attack; ``skill``
    (card) -> sensible targets."""
    if action_kind in ("deploy", "facility", "skill"):
        uid = resolve_card(state.hands[seat], card_or_cell or "")
        if uid is None:
            return []
        if action_kind == "deploy":
            return R.deploy_cells(state, seat, uid) if R.card(uid).type in ("unit", "resource") else []
        if action_kind == "facility":
            return R.facility_cells(state, seat) if R.card(uid).type == "facility" else []
        return skill_targets(state, seat, uid)
    if action_kind == "move":
        if state.pending_advance is not None and state.pending_advance.seat == seat:
            if card_or_cell is None:
                return list(state.pending_advance.candidates)
            return [state.pending_advance.cell]
        if card_or_cell is None:
            return sorted(c for c, u in state.pieces.items()
                          if R.seat_of(state, u) == seat and u not in state.moved
                          and R.move_paths(state, seat, c))
        cell = parse_cell(card_or_cell, R.columns(state))
        return sorted(R.move_paths(state, seat, cell)) if cell else []
    if action_kind == "attack":
        return R.attackable_targets(state, seat)
    return []


def ready_attackers(state: DeathFrontState, seat: int, target: str) -> list[str]:
    """Your ready, supplied units that reach ``target``."""
    parsed = parse_target(target, R.columns(state))
    return R.ready_attackers(state, seat, parsed[0]) if parsed else []
