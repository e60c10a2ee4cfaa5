"""CUBED: its parts, as the platform reads them."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.base import Event
from engines.cubed import lessons
from engines.cubed.engine import CubedEngine, hand_points
from engines.cubed.labels import cell_labels, localize_piece_params, piece_label
from engines.cubed.models import (
    POINTS_PRESETS,
    CubedConfig,
    CubedPrivateView,
    CubedPublicView,
    CubedState,
    GiveAction,
    KeepAction,
    PlaceAction,
    PointsTable,
)
from engines.cubed.pieces import PIECES_BY_ID
from engines.cubed.rules import is_enclosed, neighbour_arcs
from engines.cubed.table_view import table_view
from engines.cubed.tutorial import TUTORIAL
from games.definition import DiscordParts, GameDefinition, MoveWords
from games.options import LobbyOption
from i18n import t
from render.cubed import CubedRenderer
from render.cubed.alt import faces


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


def place_preview(state: CubedState, seat: int, action: PlaceAction, locale: str) -> str:
    """What a placement leaves in the mover's hand (the points it would count
    at the round's end) and the variant it sets off, as the engine decides:
    Bridge the gap when it touches two separate arcs, Fill the void when it
    fills an enclosed cell with two pieces left."""
    left = len(state.hands[seat]) - 1
    points = hand_points(state, seat) - state.config.points.of(PIECES_BY_ID[action.piece].kind)
    parts = [t("cubed.preview.left", locale, pieces=left, points=points)]
    if left and state.phase != "bonus" and not state.config.solo:
        table = table_view(state).table
        if state.config.bridge and neighbour_arcs(table, action.cell) >= 2:
            parts.append(t("cubed.preview.bridge", locale))
        elif state.config.fill and left >= 2 and is_enclosed(table, action.cell):
            parts.append(t("cubed.preview.fill", locale))
    return " ".join(parts)


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """A placement reads "SLR → 3 · Rotation 1", goes from the piece in the
    hand to its cell ``q,r`` (its rotations share that pair: a tapping client
    turns the piece by tapping it) and says what it leaves in the hand;
    keeping or giving a piece starts from it."""
    assert isinstance(state, CubedState)
    labels = cell_labels(state)
    names: list[str] = list(getattr(state, "seat_names", []))
    out = []
    for action in actions:
        if isinstance(action, PlaceAction):
            cell = f"{action.cell[0]},{action.cell[1]}"
            rotation = t("builder.cubed.rotation", locale, rotation=action.rotation)
            detail = f"{piece_label(action.piece, locale)} → {labels.get(action.cell) or cell} · {rotation}"
            out.append(MoveWords(detail, action.piece, cell, preview=place_preview(state, seat, action, locale)))
        elif isinstance(action, GiveAction):
            to = names[action.to_seat] if 0 <= action.to_seat < len(names) else str(action.to_seat + 1)
            out.append(MoveWords(f"{piece_label(action.piece, locale)} → {to}", action.piece))
        elif isinstance(action, KeepAction):
            out.append(MoveWords(piece_label(action.piece, locale), action.piece))
        else:
            out.append(MoveWords(""))
    return out


def describe_regions(picture: str, view: BaseModel, regions: list[tuple[str, str]], locale: str) -> list[str]:
    """An open cell by its label, as a placement's label names it ("SLR → 3"),
    a taken cell by its piece's faces, a blocked one so; a piece of the hand
    by its label, its faces in the alt text's words and its points."""
    if isinstance(view, CubedPublicView):
        open_cells = {f"{c.q},{c.r}": c.label for c in view.labels}
        taken = {f"{p.q},{p.r}": p.faces for p in view.table}
        blocked = {f"{q},{r}" for q, r in view.blocked}

        def cell(id_: str) -> str:
            if id_ in open_cells:
                return t("cubed.region.cell", locale, cell=open_cells[id_])
            if id_ in taken:
                return t("cubed.region.taken", locale, cell=id_, faces=faces(list(taken[id_]), locale))
            return t("cubed.region.blocked" if id_ in blocked else "cubed.region.cell", locale, cell=id_)

        return [cell(id_) for id_, _ in regions]
    assert isinstance(view, CubedPrivateView)
    pieces = {piece.id: piece for piece in [*view.hand, *view.pending]}

    def piece(id_: str) -> str:
        found = pieces[id_]
        points = t("render.cubed.pt" if found.points == 1 else "render.cubed.pts", locale, n=found.points)
        return t("cubed.region.piece", locale, piece=piece_label(id_, locale), faces=faces(found.faces, locale),
                 points=points)

    return [piece(id_) if id_ in pieces else id_ for id_, _ in regions]


KINDS = ("blocker", "one", "two", "three")
KIND_POINTS = tuple(str(v) for v in range(11))  # what the lobby offers per kind (the API takes up to 20)
CUSTOM = "custom"


def points_of(config: dict[str, Any]) -> PointsTable:
    return PointsTable.model_validate(config.get("points") or {})


def points_words(points: PointsTable, locale: str) -> str:
    """"blocker 5 · one-colour 3 · two-colour 2 · three-colour 1"."""
    return " · ".join(f"{t(f'cubed.kind.{kind}', locale)} {points.of(kind)}" for kind in KINDS)


def text_points() -> dict[str, int]:
    """What the rules texts say pieces left in hand count: the points table
    a lobby starts with (``CubedConfig().points``; a lobby may set others)."""
    points = CubedConfig().points
    return {kind: points.of(kind) for kind in KINDS}


def preset_label(name: str, locale: str) -> str:
    return t("cubed.points.preset", locale, name=t(f"cubed.points.{name}", locale),
             values=points_words(PointsTable(**POINTS_PRESETS[name]), locale))


def describe_points(config: dict[str, Any], locale: str) -> str:
    points = points_of(config)
    preset = points.preset()
    return t("cubed.points.summary", locale, name=t(f"cubed.points.{preset or CUSTOM}", locale),
             values=points_words(points, locale))


def kind_option(kind: str) -> LobbyOption:
    """One kind's points (the select names the kind); the points line says them all."""
    def write(config: dict[str, Any], value: str) -> dict[str, Any]:
        return {**config, "points": {**points_of(config).model_dump(), kind: int(value)}}

    return LobbyOption(key=f"points_{kind}", values=KIND_POINTS, read=lambda config: str(points_of(config).of(kind)),
                       write=write,
                       label=lambda value, locale: t("cubed.points.worth", locale, points=int(value)),
                       name=lambda locale: t("cubed.points.kind", locale, kind=t(f"cubed.kind.{kind}", locale)))


LOBBY_OPTIONS = (
    LobbyOption(key="points", values=tuple(POINTS_PRESETS),
                read=lambda config: points_of(config).preset() or CUSTOM,
                write=lambda config, value: {**config, "points": dict(POINTS_PRESETS[value])},
                label=preset_label, describe=describe_points, name=lambda locale: t("cubed.points.name", locale)),
    *(kind_option(kind) for kind in KINDS),
)


DEFINITION = GameDefinition(
    engine=CubedEngine(),
    renderer=CubedRenderer(),
    localize_params=localize_piece_params,
    announcer=announce_rounds,
    players_config=players_config,
    discord=DiscordParts(cog="cogs.games.cubed", builder="cogs.play.builder.cubed:BUILDER"),
    describe_moves=describe_moves,
    describe_regions=describe_regions,
    lobby_options=LOBBY_OPTIONS,
    lessons=lessons.LESSONS,
    tutorial=TUTORIAL,
    text_params=text_points,
)
