"""CUBED: its parts, as the platform reads them."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.base import Event
from engines.cubed.engine import CubedEngine
from engines.cubed.labels import cell_labels, localize_piece_params, piece_label
from engines.cubed.models import GiveAction, KeepAction, PlaceAction
from games.definition import DiscordParts, GameDefinition, MoveWords
from i18n import t
from render.cubed import CubedRenderer


def round_summaries(events: list[Event], names: list[str], rounds: int, locale: str) -> list[str]:
    """One message per round that ended in ``events``: every player's points
    and running total, lowest total first. Only public facts (point totals)."""
    scores: dict[int, list[dict[str, Any]]] = {}
    for event in events:
        if event.key == "cubed.ev.round_score":
            scores.setdefault(event.params["round"], []).append(event.params)
    texts = []
    for number, rows in scores.items():
        lines = [t("cubed.summary.title", locale, round=number, rounds=rounds)]
        for place, row in enumerate(sorted(rows, key=lambda r: (r["total"], r["seat"])), start=1):
            lines.append(t("cubed.summary.line", locale, place=place, player=names[row["seat"]],
                           points=row["points"], total=row["total"]))
        lines.append(t("cubed.summary.next" if number < rounds else "cubed.summary.last", locale))
        texts.append("\n".join(lines))
    return texts


def announce_rounds(state: BaseModel, events: list[Event], names: list[str], locale: str) -> list[str]:
    """Round summaries go out with every board update, whoever moved (a
    player, an AI seat or the turn timer)."""
    return round_summaries(events, names, state.config.rounds, locale)  # type: ignore[attr-defined]


def players_config(players: int, config: dict[str, Any]) -> dict[str, Any]:
    """One CUBED player is a solo game, as ``/cubed solo``."""
    if players == 1:
        config.setdefault("solo", True)
    return config


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """A placement reads "SLR → 3 · Rotation 1" and goes from the piece in the
    hand to its cell ``q,r``; keeping or giving a piece starts from it."""
    labels = cell_labels(state)  # type: ignore[arg-type]
    names: list[str] = list(getattr(state, "seat_names", []))
    out = []
    for action in actions:
        if isinstance(action, PlaceAction):
            cell = f"{action.cell[0]},{action.cell[1]}"
            rotation = t("builder.cubed.rotation", locale, rotation=action.rotation)
            detail = f"{piece_label(action.piece, locale)} → {labels.get(action.cell) or cell} · {rotation}"
            out.append(MoveWords(detail, action.piece, cell))
        elif isinstance(action, GiveAction):
            to = names[action.to_seat] if 0 <= action.to_seat < len(names) else str(action.to_seat + 1)
            out.append(MoveWords(f"{piece_label(action.piece, locale)} → {to}", action.piece))
        elif isinstance(action, KeepAction):
            out.append(MoveWords(piece_label(action.piece, locale), action.piece))
        else:
            out.append(MoveWords(""))
    return out


DEFINITION = GameDefinition(
    engine=CubedEngine(),
    renderer=CubedRenderer(),
    localize_params=localize_piece_params,
    announcer=announce_rounds,
    players_config=players_config,
    discord=DiscordParts(cog="cogs.cubed", builder="cogs.builder.cubed:BUILDER"),
    describe_moves=describe_moves,
)
