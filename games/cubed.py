"""CUBED: its parts, as the platform reads them."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.base import Event
from engines.cubed.engine import CubedEngine
from engines.cubed.labels import localize_piece_params
from games.definition import DiscordParts, GameDefinition
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


DEFINITION = GameDefinition(
    engine=CubedEngine(),
    renderer=CubedRenderer(),
    localize_params=localize_piece_params,
    announcer=announce_rounds,
    players_config=players_config,
    discord=DiscordParts(cog="cogs.cubed", builder="cogs.builder.cubed:BUILDER"),
)
