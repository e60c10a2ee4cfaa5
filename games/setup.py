"""SETUP (连线计划): its parts, as the platform reads them."""
from __future__ import annotations

from pydantic import BaseModel

from engines.base import IllegalAction
from engines.setup import lessons, rules
from engines.setup.engine import SetupEngine
from engines.setup.models import PlayAction, SetupPublicView, SetupState, SwapAction
from engines.setup.notation import preview_play
from engines.setup.tutorial import TUTORIAL
from games.definition import Continuation, DiscordParts, GameDefinition, MoveWords, TeamMatch
from games.options import number_option
from games.teams import TeamSides
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


def describe_regions(picture: str, view: BaseModel, regions: list[tuple[str, str]], locale: str) -> list[str]:
    """A square by its label and the tile on top of it, a tile by its text
    (whose hand it is in), as a play's label names them ("★7→C1")."""
    if isinstance(view, SetupPublicView):
        tops = {square.square: square.top for square in view.squares if square.top}
        return [t("setup.region.square_tile", locale, square=id_, tile=rules.plain(tops[id_])) if id_ in tops
                else t("setup.region.square", locale, square=id_) for id_, _ in regions]
    return [t(f"setup.region.{kind}", locale, tile=rules.plain(id_)) if kind in ("tile", "partner", "common")
            else id_ for id_, kind in regions]


def check_step(usable: list[str], free: list[str], placed: list[tuple[str, str]], tile: str, square: str) -> None:
    """Refuses a (tile, square) that may not join ``placed``, saying why."""
    if len(placed) >= rules.MAX_TILES_PER_PLAY:
        raise IllegalAction("setup.err.play_count", min=1, max=rules.MAX_TILES_PER_PLAY)
    if not rules.is_tile(tile):
        raise IllegalAction("setup.err.unknown_tile", tile=tile[:20])
    if tile in {used for used, _ in placed}:
        raise IllegalAction("setup.err.duplicate_tile", tile=rules.plain(tile))
    if tile not in usable:
        raise IllegalAction("setup.err.tile_not_available", tile=rules.plain(tile))
    if square not in rules.SQUARE_POSITIONS:
        raise IllegalAction("setup.err.unknown_square", square=square[:20])
    if square in {taken for _, taken in placed}:
        raise IllegalAction("setup.err.duplicate_square", square=square)
    if square not in free:
        raise IllegalAction("setup.err.square_not_allowed", square=square)
    if not rules.fits(placed, tile):
        raise IllegalAction("setup.err.does_not_fit", tile=rules.plain(tile))


def continue_play(state: BaseModel, seat: int, steps: list[tuple[str, str]], locale: str) -> Continuation:
    """A play built tile by tile, as the Discord builder does: the next tile
    is one of the seat's own hand or the common hand that ``fits`` the tiles
    placed (one number or one suit), on a free square the seat may play on;
    the play so far is whole when the engine would take it. Any legal play
    is reachable so, where the engine's moves list only a representative few."""
    assert isinstance(state, SetupState)
    usable = list(dict.fromkeys(state.hands[seat] + state.common))
    allowed = list(rules.allowed_squares(seat, state.num_players))
    placed: list[tuple[str, str]] = []
    for tile, square in steps:
        check_step(usable, allowed, placed, tile, square)
        placed.append((tile, square))
    used = {tile for tile, _ in placed}
    free = [square for square in allowed if square not in {sq for _, sq in placed}]
    following = [(tile, square) for tile in usable if tile not in used and rules.fits(placed, tile)
                 for square in free] if len(placed) < rules.MAX_TILES_PER_PLAY else []
    if not placed or not preview_play(state, seat, placed).legal:
        return Continuation(tuple(following))
    action = PlayAction(placements=placed)
    return Continuation(tuple(following), action, describe_moves(state, seat, [action], locale)[0])


DEFINITION = GameDefinition(
    engine=SetupEngine(),
    renderer=SetupRenderer(),
    discord=DiscordParts(cog="cogs.games.setup", builder="cogs.play.builder.setup:BUILDER"),
    describe_moves=describe_moves,
    describe_regions=describe_regions,
    continue_move=continue_play,
    # "3 rounds of swaps end the game": how many rounds without a placed tile (the config takes 1-20).
    lobby_options=(number_option("stall_rounds", range(1, 11)),),
    lessons=lessons.LESSONS,
    tutorial=TUTORIAL,
    # 2 vs 2: seats 0+1 against 2+3 (rules.TEAM_OF_SEAT); partners see each other's tiles.
    team_sides=TeamSides(labels=("setup.names.team_a", "setup.names.team_b"),
                         applies=lambda config, seats: config.get("mode") == "teams",
                         grouped=True, shared_hands=True,
                         team_view=lambda view: view.model_copy(update={"shared": True})),
    team_match=TeamMatch(config=lambda config: {**config, "mode": "teams"}),  # seats 0+1 against 2+3
)
