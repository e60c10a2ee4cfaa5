"""SETUP (连线计划): its parts, as the platform reads them."""
from __future__ import annotations

from pydantic import BaseModel

from engines.setup import rules
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SetupState, SwapAction
from games.definition import DiscordParts, GameDefinition, MoveWords
from i18n import t
from render.setup import SetupRenderer


def play_preview(state: SetupState, seat: int, board: dict[str, str], placements: list[tuple[str, str]],
                 locale: str) -> str:
    """"This play scores 3. Your score becomes 17." and the bonus it gives
    others, as the engine will count them on ``board`` (the visible board)."""
    try:
        scoring = rules.scoring_squares(board, {square: tile for tile, square in placements})
    except rules.IllegalPlay:
        return ""
    points = len(scoring)
    parts = [t("setup.preview.ok", locale, points=points),
             t("setup.preview.total", locale, total=state.scores[seat] + points)]
    for other, bonus in rules.bonus_points(scoring, seat, state.num_players).items():
        parts.append(t("setup.preview.bonus", locale, seat=state.seats[other].name, points=bonus))
    return " ".join(parts)


def describe_moves(state: BaseModel, seat: int, actions: list[BaseModel], locale: str) -> list[MoveWords]:
    """A play reads "★7→C1, ♥7→S1" ("★7→C1、♥7→S1" in Chinese), goes from its
    first tile to its first square and is made of its placements (``steps``: a
    tapping client builds it tile by tile), with the points it scores; a swap
    lists its tiles."""
    assert isinstance(state, SetupState)
    board = state.visible_board()
    comma = t("core.act.comma", locale)
    out = []
    for action in actions:
        if isinstance(action, PlayAction) and action.placements:
            detail = comma.join(f"{tile}→{square}" for tile, square in action.placements)
            tile, square = action.placements[0]
            out.append(MoveWords(detail, tile, square, steps=tuple(action.placements),
                                 preview=play_preview(state, seat, board, action.placements, locale)))
        elif isinstance(action, SwapAction):
            out.append(MoveWords(comma.join(action.tiles), action.tiles[0] if action.tiles else None))
        else:
            out.append(MoveWords(""))
    return out


DEFINITION = GameDefinition(
    engine=SetupEngine(),
    renderer=SetupRenderer(),
    discord=DiscordParts(cog="cogs.setup", builder="cogs.builder.setup:BUILDER"),
    describe_moves=describe_moves,
)
