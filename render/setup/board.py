"""SETUP's board picture (``render.setup.geometry`` places everything):
the squares on the grid with the title, whose turn it is and the key to the
piles in its empty corners; under it the common hand and the bag, the
players (label, name, a lane of the score track up to the finish line,
score, hand) and the last move."""
from __future__ import annotations

from typing import Collection

from PIL import Image, ImageDraw

from engines.setup import rules
from engines.setup.models import SetupPublicView
from i18n import t
from render.cache import MB, bounded
from render.common import draw_text, text_width, wrap_text
from render.setup.geometry import (
    BOARD_X,
    BOARD_Y,
    CELL,
    COMMON_PITCH,
    COMMON_TILE,
    HAND_RIGHT,
    LANE,
    LAST_ROW,
    MIN_TEXT,
    PLAYER_ROW,
    RING,
    SCORE_RIGHT,
    WIDTH,
    Panel,
    corner_box,
    ringed,
    square_box,
)
from render.setup.style import (
    BACKGROUND,
    BOARD,
    DIM_TEXT,
    FINISH_INK,
    HIGHLIGHT,
    LINE,
    PREVIEW,
    PUBLIC_EDGE,
    PUBLIC_FILL,
    SCORED_EDGE,
    SEAT_COLOURS,
    SEAT_TINTS,
    SQUARE_INK,
    STACK_FILL,
    TEXT,
    TRACK_FILL,
    TRACK_FIVE,
    WHITE,
    draw_tile,
    pill,
    pill_height,
    pill_width,
    seat_name,
    stack_icon,
)

SQUARE_TILE = 54  # a tile on a square
LAST_ROOM = WIDTH - 32  # the last move's lines
TITLE = 22
STATUS = 17
NAME = 16
SCORE = 19
LAST_MOVE_TEXT = 16


def _centre(square: str) -> tuple[int, int]:
    x0, y0, x1, y1 = square_box(square)
    return (x0 + x1) // 2, (y0 + y1) // 2


def last_move_items(view: SetupPublicView, locale: str) -> list[tuple[str, int | None, bool]]:
    """The last move as (text, seat whose label pill it is or None, bold) items, in reading order."""
    last = view.last_move
    if last is None:
        return []
    items: list[tuple[str, int | None, bool]] = [(view.seat_labels[last.seat], last.seat, True)]
    if last.kind == "swap":
        items.append((t("render.setup.swapped", locale, n=last.swapped), None, False))
    else:
        items.append((t("render.setup.points", locale, n=last.points), None, True))
        items.append((", ".join(f"{tile} {sq}" for tile, sq in last.placements), None, False))
        for seat, points in last.bonuses.items():
            items += [(view.seat_labels[seat], seat, True), (t("render.setup.bonus", locale, n=points), None, False)]
    named = [(t("render.setup.last_move", locale), None, False), *items]
    # "Last move" leads the line where it leaves the move on as few lines
    return named if len(flow(named, LAST_ROOM)) <= len(flow(items, LAST_ROOM)) else items


def _item_width(text: str, seat: int | None, bold: bool) -> int:
    return pill_width(text) if seat is not None else int(text_width(text, LAST_MOVE_TEXT, bold))


def flow(items: list[tuple[str, int | None, bool]], room: int) -> list[list[tuple[str, int | None, bool]]]:
    """The items on lines of ``room`` px: a label pill and the words after
    it stay together; a line breaks before a pill that would not fit."""
    units: list[list[tuple[str, int | None, bool]]] = []
    for item in items:
        if item[1] is not None or not units:
            units.append([])
        units[-1].append(item)
    lines: list[list[tuple[str, int | None, bool]]] = []
    x = room + 1
    for unit in units:
        w = sum(_item_width(*item) + 10 for item in unit)
        if x + w > room and not (lines and not lines[-1]):
            lines.append([])
            x = 0
        lines[-1].extend(unit)
        x += w
    return lines


def panel_of(view: SetupPublicView, locale: str) -> Panel:
    return Panel(view.num_players, len(flow(last_move_items(view, locale), LAST_ROOM)))


@bounded("setup boards", max_items=64, max_bytes=32 * MB)
def static_board(num_players: int, labels: tuple[str, ...], locale: str, finish: int, mode: str,
                 last_lines: int) -> Image.Image:
    """Everything that does not change while a game's panel keeps its size:
    lines, squares, the corners' fixed words, the players' header and the
    empty lanes of the score track."""
    panel = Panel(num_players, last_lines)
    image = Image.new("RGB", (WIDTH, panel.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((BOARD_X - 8, BOARD_Y - 8, BOARD_X + 4 * CELL + 8, BOARD_Y + 4 * CELL + 4),
                           radius=18, fill=BOARD)
    for a, b in rules.LINES:
        draw.line([_centre(a), _centre(b)], fill=LINE, width=5)
    owners = rules.square_owners(num_players)
    for square in rules.SQUARES:
        owner = owners[square]
        box = square_box(square)
        if owner is None:
            draw.rounded_rectangle(box, radius=12, fill=PUBLIC_FILL, outline=PUBLIC_EDGE, width=3)
        else:
            draw.rounded_rectangle(box, radius=12, fill=SEAT_TINTS[owner], outline=SEAT_COLOURS[owner], width=5)
            label = labels[owner]
            pill(image, (box[2] - 4 - pill_width(label), box[1] + 5), label, SEAT_COLOURS[owner])
        draw_text(draw, (box[0] + 8, box[1] + 7), square, NAME, fill=SQUARE_INK, bold=True)  # inside a preview's rings
    x0, y0, x1, _ = corner_box(0, 0)
    draw_text(draw, (x0, y0 + 2), t("render.setup.title", locale), TITLE, fill=TEXT, bold=True, max_width=x1 - x0)
    mode_text = (t("render.setup.mode_teams", locale) if mode == "teams"
                 else t("render.setup.mode_players", locale, n=num_players))
    draw_text(draw, (x0, y0 + 36), mode_text, MIN_TEXT, fill=DIM_TEXT, max_width=x1 - x0)
    _pile_key(draw, locale)
    _players_header(draw, panel, locale, finish)
    for row in range(num_players):
        _empty_lane(draw, panel.player_row(row) + PLAYER_ROW // 2 - 1, finish)
    return image


def _pile_key(draw: ImageDraw.ImageDraw, locale: str) -> None:
    """What the grey pile on a square means, in the bottom left corner."""
    x0, y0, x1, _ = corner_box(3, 0)
    stack_icon(draw, x0, y0 + 6)
    for k, line in enumerate(wrap_text(t("render.setup.under_legend", locale), MIN_TEXT, x1 - x0 - 8, max_lines=4)):
        draw_text(draw, (x0, y0 + 26 + k * (MIN_TEXT + 4)), line, MIN_TEXT, fill=DIM_TEXT)


def _players_header(draw: ImageDraw.ImageDraw, panel: Panel, locale: str, finish: int) -> None:
    y = panel.players_top
    draw_text(draw, (16, y), t("render.setup.players", locale), MIN_TEXT, fill=DIM_TEXT, bold=True,
              max_width=LANE[0] - 40)
    draw_text(draw, (LANE[0], y), "0", MIN_TEXT, fill=DIM_TEXT)
    draw_text(draw, (LANE[1] + 2, y), t("render.setup.finish", locale, n=finish), MIN_TEXT, fill=FINISH_INK,
              bold=True, anchor="ra")
    draw_text(draw, (SCORE_RIGHT, y), t("render.setup.col_score", locale), MIN_TEXT, fill=DIM_TEXT, anchor="ra")
    draw_text(draw, (HAND_RIGHT, y), t("render.setup.col_hand", locale), MIN_TEXT, fill=DIM_TEXT, anchor="ra")


def lane_x(score: int, finish: int) -> float:
    """Where a score stands on a player's lane of the score track."""
    finish = max(1, min(finish, rules.TRACK_LENGTH))
    return LANE[0] + (LANE[1] - LANE[0]) * min(max(score, 0), finish) / finish


def _empty_lane(draw: ImageDraw.ImageDraw, mid: int, finish: int) -> None:
    draw.rectangle((LANE[0], mid - 5, LANE[1], mid + 5), fill=TRACK_FILL)
    for space in range(5, min(finish, rules.TRACK_LENGTH), 5):
        x = round(lane_x(space, finish))
        draw.line((x, mid - 5, x, mid + 5), fill=TRACK_FIVE, width=2)
    draw.rectangle((LANE[1] + 1, mid - 9, LANE[1] + 3, mid + 9), fill=FINISH_INK)  # the finish line


def draw_board(view: SetupPublicView, locale: str, highlight: Collection[str] = ()) -> Image.Image:
    panel = panel_of(view, locale)
    image = static_board(view.num_players, tuple(view.seat_labels), locale, view.finish, view.mode,
                         panel.last_lines).copy()
    draw = ImageDraw.Draw(image)
    _corners(image, draw, view, locale)
    _squares(image, draw, view, set(highlight))
    _common(image, draw, view, locale)
    _players(image, draw, view, locale, panel)
    _last_move(image, draw, view, locale, panel)
    return image


def _corners(image: Image.Image, draw: ImageDraw.ImageDraw, view: SetupPublicView, locale: str) -> None:
    """The move number under the title; whose turn it is, or the result, in the top right corner."""
    x0, y0, x1, _ = corner_box(0, 0)
    if not view.finished:
        draw_text(draw, (x0, y0 + 56), t("render.setup.move", locale, n=view.move_number + 1), MIN_TEXT,
                  fill=DIM_TEXT, max_width=x1 - x0)
    x0, y0, x1, y1 = corner_box(0, 3)
    room = x1 - x0
    if view.finished:
        winners = [s for s, rank in enumerate(view.ranks or []) if rank == 1]
        if len(winners) == view.num_players:
            text = t("render.setup.over_tie", locale)
            lines = wrap_text(text, STATUS, room, bold=True, max_lines=4)
        elif view.teams is not None:
            text = t("render.setup.over_team", locale, team=view.seat_labels[winners[0]][0])
            lines = wrap_text(text, STATUS, room, bold=True, max_lines=4)
        else:
            names = " + ".join(seat_name(view, s, locale) for s in winners)
            lines = _around_name(t("render.setup.over_winner", locale, names="\x00"), names, room)
        for k, line in enumerate(lines):
            draw_text(draw, (x1, y0 + 2 + k * (STATUS + 5)), line, STATUS, fill=HIGHLIGHT, bold=True, anchor="ra",
                      max_width=room)
        return
    if view.to_act is None:
        return
    seat = view.to_act
    draw_text(draw, (x1, y0 + 2), t("render.setup.to_play", locale), STATUS, fill=TEXT, bold=True, anchor="ra",
              max_width=room)
    label = view.seat_labels[seat]
    pill(image, (x1 - pill_width(label, STATUS), y0 + 28), label, SEAT_COLOURS[seat], STATUS)
    draw_text(draw, (x1, y0 + 60), seat_name(view, seat, locale), MIN_TEXT, fill=TEXT, bold=True, anchor="ra",
              max_width=room)


def _around_name(template: str, name: str, room: float) -> list[str]:
    """A result line with a display name in it (``\x00`` marks where) on
    lines of ``room`` px: the words before the name, the name on a line of
    its own (cut there if it must be), the words after it."""
    before, _, after = template.partition("\x00")
    lines = [line for part in (before.strip(), name, after.strip()) if part
             for line in (wrap_text(part, STATUS, room, bold=True, max_lines=2) if part != name else [name])]
    return lines


def _squares(image: Image.Image, draw: ImageDraw.ImageDraw, view: SetupPublicView, highlight: set[str]) -> None:
    last = view.last_move
    placed = {sq for _, sq in last.placements} if last and last.kind == "play" else set()
    scoring = set(last.scoring_squares) if last else set()
    for sq in view.squares:
        x0, y0, x1, y1 = box = square_box(sq.square)
        if sq.square in placed:
            draw.rounded_rectangle(ringed(box), radius=15, outline=HIGHLIGHT, width=RING)
        if sq.square in highlight:
            draw.rounded_rectangle(ringed(box), radius=15, outline=PREVIEW, width=RING)
        if sq.top is None:
            continue
        tx = x0 + 8 if sq.under else x0 + (x1 - x0 - SQUARE_TILE) // 2
        ty = y0 + 36
        draw_tile(image, (tx, ty, tx + SQUARE_TILE, ty + SQUARE_TILE), sq.top)
        if sq.square in scoring:  # a small marker on a tile that scored last move
            draw.ellipse((tx + SQUARE_TILE - 7, ty - 6, tx + SQUARE_TILE + 6, ty + 7), fill=HIGHLIGHT,
                         outline=SCORED_EDGE, width=2)
        if sq.under:
            _pile(draw, x0 + 66, y0 + 38, sq.under)


def _pile(draw: ImageDraw.ImageDraw, x: int, y: int, count: int) -> None:
    """Tiles underneath: a little pile and the count, in grey (not a +N that reads as points)."""
    draw.rounded_rectangle((x, y, x + 28, y + 54), radius=6, fill=STACK_FILL)
    stack_icon(draw, x + 6, y + 6)
    draw_text(draw, (x + 14, y + 38), str(count), MIN_TEXT, fill=TEXT, anchor="mm", bold=True)


def _common(image: Image.Image, draw: ImageDraw.ImageDraw, view: SetupPublicView, locale: str) -> None:
    y = Panel(view.num_players, 0).common
    for k, line in enumerate(wrap_text(t("render.setup.common_hand", locale), MIN_TEXT, 96, bold=True, max_lines=3)):
        draw_text(draw, (16, y + 6 + k * (MIN_TEXT + 4)), line, MIN_TEXT, fill=DIM_TEXT, bold=True)
    for i in range(rules.COMMON_SIZE):
        x = 118 + i * COMMON_PITCH
        box = (x, y, x + COMMON_TILE, y + COMMON_TILE)
        if i < len(view.common):
            draw_tile(image, box, view.common[i])
        else:
            draw.rounded_rectangle(box, radius=8, outline=DIM_TEXT, width=2)
    right = 118 + rules.COMMON_SIZE * COMMON_PITCH + 4
    for k, line in enumerate(wrap_text(t("render.setup.bag", locale, n=view.bag_count), MIN_TEXT,
                                       WIDTH - 16 - right, bold=True, max_lines=2)):
        draw_text(draw, (WIDTH - 16, y + 6 + k * (MIN_TEXT + 4)), line, MIN_TEXT, fill=DIM_TEXT, bold=True,
                  anchor="ra")


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, view: SetupPublicView, locale: str,
             panel: Panel) -> None:
    order = sorted(range(view.num_players), key=lambda s: view.turn_order.index(s))
    finish = view.finish
    for index, seat in enumerate(order):
        y = panel.player_row(index)
        mid = y + PLAYER_ROW // 2 - 1
        if seat == view.to_act:
            draw.rounded_rectangle((8, y - 1, WIDTH - 8, y + PLAYER_ROW - 2), radius=8, outline=HIGHLIGHT, width=2)
            draw_text(draw, (13, mid), "▶", MIN_TEXT, fill=HIGHLIGHT, anchor="lm")
        label = view.seat_labels[seat]
        pill(image, (30, mid - pill_height() // 2), label, SEAT_COLOURS[seat])
        x = 30 + pill_width(label) + 6
        extra = f"#{view.ranks[seat]} " if view.ranks is not None else ""
        if view.teams is not None:
            extra += t("render.setup.team", locale, team="AB"[view.teams[seat]]) + " "
        if extra:
            x += int(draw_text(draw, (x, mid), extra, MIN_TEXT, fill=DIM_TEXT, anchor="lm", bold=True))
        draw_text(draw, (x, mid), seat_name(view, seat, locale), NAME, fill=TEXT, anchor="lm",
                  max_width=LANE[0] - 10 - x)
        score = view.scores[seat]
        end = lane_x(score, finish)
        if score > 0:
            draw.rectangle((LANE[0], mid - 5, round(end), mid + 5), fill=SEAT_COLOURS[seat])
        draw.ellipse((end - 7, mid - 7, end + 7, mid + 7), fill=SEAT_COLOURS[seat], outline=WHITE, width=2)
        draw_text(draw, (SCORE_RIGHT, mid), str(score), SCORE, fill=TEXT, anchor="rm", bold=True)
        draw_text(draw, (HAND_RIGHT, mid), str(view.hand_counts[seat]), NAME, fill=DIM_TEXT, anchor="rm")


def _last_move(image: Image.Image, draw: ImageDraw.ImageDraw, view: SetupPublicView, locale: str,
               panel: Panel) -> None:
    y = panel.last
    for line in flow(last_move_items(view, locale), LAST_ROOM):
        x = 16
        mid = y + LAST_ROW // 2 - 2
        for text, seat, bold in line:
            if seat is not None:
                pill(image, (x, mid - pill_height() // 2), text, SEAT_COLOURS[seat])
                x += pill_width(text) + 8
                continue
            ink = HIGHLIGHT if bold else DIM_TEXT if x == 16 else TEXT  # the line's first word: "Last move"
            x += int(draw_text(draw, (x, mid), text, LAST_MOVE_TEXT, fill=ink, bold=bold, anchor="lm",
                               max_width=WIDTH - 16 - x)) + 10
        y += LAST_ROW

