"""The board picture: the cached empty grid and unit sprites, then the
header, facilities, units, the last action's arrows, the players and the
legend."""
from __future__ import annotations

import math
from functools import cached_property

from PIL import Image, ImageDraw

from engines.base import Region
from engines.deathfront.models import CardView, DeathFrontPublicView, TileView
from i18n import t
from render.cache import MB, bounded
from render.common import draw_text, text_width, wrap_text
from render.deathfront.style import (
    ATTACK_RED,
    BOARD_TEXT,
    CELL,
    FACILITY_BAND,
    FACTION_COLOUR,
    FRONT_HATCH,
    FRONT_LINE,
    GRID,
    HEADER,
    INK,
    LEGEND_INK,
    MARGIN,
    MARGIN_X,
    MOVE_BLUE,
    PREVIEW,
    TERRITORY,
    USED_RED,
    WAITING_INK,
    WHITE,
    board_text,
    board_width,
    cell_height,
    faction_tag,
    seat_name,
)
from render.deathfront.tile import (
    STRIP_MAX,
    STRIP_ROOM,
    TileText,
    strip_lines,
    strip_pitch,
    tile_sprite,
    tile_text,
)
from render.fit import fit_lines, fit_size

USED_SAMPLE = 30  # the red frame drawn before its legend line
PAD = MARGIN_X + 4  # the header, players and legend keep this far from the sides


@bounded("deathfront grids", max_items=16, max_bytes=16 * MB)
def grid_image(columns: int, rows: int, cell_h: int | None = None) -> Image.Image:
    """The empty board with its rulers (drawn once per board size): territories,
    the hatched front line, column letters above and below, row numbers on
    both sides."""
    width, text = board_width(columns), board_text(columns)
    cell_h = cell_height(columns) if cell_h is None else cell_h
    image = Image.new("RGB", (width, MARGIN * 2 + cell_h * rows), WHITE)
    d = ImageDraw.Draw(image)
    for row in range(1, rows + 1):
        side = 0 if row < 4 else (1 if row > 4 else None)
        for col in range(columns):
            x0, y0 = MARGIN_X + col * CELL, MARGIN + (rows - row) * cell_h
            x1, y1 = x0 + CELL, y0 + cell_h
            d.rectangle((x0, y0, x1, y1), fill=TERRITORY[side], outline=GRID)
            if side is None:  # front line: hatched band
                for k in range(x0 - cell_h, x1, 14):
                    a, b = max(k, x0), min(k + cell_h, x1)
                    d.line((a, y0 + a - k, b, y0 + b - k), fill=FRONT_HATCH)
    ruler = max(text, min(BOARD_TEXT, MARGIN_X))
    for col in range(columns):
        x = MARGIN_X + col * CELL + CELL // 2
        draw_text(d, (x, MARGIN // 2), chr(65 + col), BOARD_TEXT, fill=INK, bold=True, anchor="mm")
        draw_text(d, (x, MARGIN + rows * cell_h + MARGIN // 2), chr(65 + col), BOARD_TEXT, fill=INK, bold=True,
                  anchor="mm")
    for row in range(1, rows + 1):
        y = MARGIN + (rows - row) * cell_h + cell_h // 2
        draw_text(d, (MARGIN_X // 2, y), str(row), ruler, fill=INK, bold=True, anchor="mm")
        draw_text(d, (width - MARGIN_X // 2, y), str(row), ruler, fill=INK, bold=True, anchor="mm")
    front_y = MARGIN + (rows - 4) * cell_h
    for y in (front_y, front_y + cell_h):
        d.line((MARGIN_X, y, MARGIN_X + columns * CELL, y), fill=FRONT_LINE, width=3)
    return image


class BoardPicture:
    """The board's geometry (measured, not drawn: cell boxes for previews
    and tap regions), and ``draw`` to draw it."""

    image: Image.Image
    draw_: ImageDraw.ImageDraw

    def __init__(self, view: DeathFrontPublicView, locale: str = "en", highlight: set[str] | None = None) -> None:
        self.view, self.locale, self.highlight = view, locale, highlight or set()
        self.width = board_width(view.columns)
        self.text = board_text(view.columns)  # the smallest text
        self.cell_h = max([cell_height(view.columns)] + [self._tile_text(tile).height(self.text) for tile in view.tiles])
        self.header = self._header_lines()
        self.top = max(HEADER, 12 + sum(size + (10 if is_title else 6) for size, _, is_title in self.header))

    @cached_property
    def legend(self) -> list[tuple[str, str]]:
        return self._legend_lines()

    @property
    def height(self) -> int:
        footer = 30 + 28 * len(self.view.seats) + 12 + 26 * (len(self.legend) + 1) + 4
        return self.grid_bottom + footer

    def cells(self) -> list[str]:
        """Every cell's label, the top row first."""
        return [f"{chr(65 + col)}{row}" for row in range(self.view.rows, 0, -1) for col in range(self.view.columns)]

    def regions(self) -> list[Region]:
        """A tap region per cell: its box, ``x1``, ``y1`` exclusive."""
        return [Region(cell, "cell", self.cell_box(cell)) for cell in self.cells()]

    @property
    def grid_bottom(self) -> int:
        """Where the board's grid (with its bottom ruler) ends and the players begin."""
        return self.top + MARGIN * 2 + self.cell_h * self.view.rows

    def t(self, key: str, **params) -> str:
        return t(f"render.deathfront.{key}", self.locale, **params)

    def cell_box(self, label: str) -> tuple[int, int, int, int]:
        col = ord(label[0]) - ord("A")
        row = int(label[1:])
        x0 = MARGIN_X + col * CELL
        y0 = self.top + MARGIN + (self.view.rows - row) * self.cell_h  # row 7 on top, Allies at the bottom
        return x0, y0, x0 + CELL, y0 + self.cell_h

    def centre(self, label: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.cell_box(label)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def draw(self) -> Image.Image:
        self.image = Image.new("RGB", (self.width, self.height), WHITE)
        self.draw_ = ImageDraw.Draw(self.image)
        self._header()
        self._grid()
        for tile in self.view.facilities:
            self._facility(tile)
        for tile in self.view.tiles:
            self._tile(tile)
        for cell in self.highlight:
            x0, y0, x1, y1 = self.cell_box(cell)
            self.draw_.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=PREVIEW, width=5)
        self._last_action()
        self._players()
        return self.image

    # -- parts ---------------------------------------------------------------------------------
    def _header_lines(self) -> list[tuple[int, str, bool]]:
        """(size, text, is the title) per header line: the round, phase and
        step (the step once: not when it repeats the phase), then who is to
        act or the result, each shrunk or put on two lines to fit."""
        v, loc = self.view, self.locale
        phase = t(f"deathfront.phase.{v.phase}", loc)
        step = t(f"deathfront.step.{v.step}", loc)
        if v.result is not None or step == phase:
            title = self.t("header_phase", round=v.round, limit=v.round_limit, phase=phase)
        else:
            title = self.t("header", round=v.round, limit=v.round_limit, phase=phase, step=step)
        if v.result is not None:
            line = self._result_line()
        elif v.end_vote is not None:
            line = self.t("end_vote", names=", ".join(self._seat_tag(s) for s in v.end_vote.waiting))
        elif v.pending_advance is not None:
            line = self.t("advance", name=self._seat_tag(v.pending_advance.seat), cell=v.pending_advance.cell)
        else:
            line = self.t("to_act", names=", ".join(self._seat_tag(s) for s in v.to_act))
        room = self.width - 2 * PAD
        title_size, titles = fit_lines(title, 20, room, bold=True, two_lines=18, min_size=self.text)
        line_size, lines = fit_lines(line, BOARD_TEXT, room, bold=True, two_lines=max(16, self.text),
                                     min_size=self.text)
        return [(title_size, text, True) for text in titles] + [(line_size, text, False) for text in lines]

    def _header(self) -> None:
        y = 8
        for size, text, is_title in self.header:
            ink = INK if is_title or self.view.result is not None else WAITING_INK
            draw_text(self.draw_, (PAD, y), text, size, fill=ink, bold=True)
            y += size + (10 if is_title else 6)

    def _result_line(self) -> str:
        v = self.view
        r = v.result
        assert r is not None
        winners = {v.seats[s].side for s, rank in enumerate(r.ranks) if rank == 1}
        word = self.t("draw") if len(winners) == 2 else self.t("allies_win" if winners == {0} else "axis_win")
        reason = t(r.reason, self.locale) if r.reason else ""
        return f"{word} · {reason}" if reason and not reason.startswith("deathfront.") else word

    def _seat_tag(self, seat: int) -> str:
        p = self.view.seats[seat]
        return f"{seat_name(self.view, seat, self.locale)} ({faction_tag(p.faction, self.locale)})"

    def _grid(self) -> None:
        self.image.paste(grid_image(self.view.columns, self.view.rows, self.cell_h), (0, self.top))

    def _tile(self, tile: TileView) -> None:
        x0, y0, _, _ = self.cell_box(tile.cell)
        card = tile.card
        under = next((f.card for f in self.view.facilities if f.cell == tile.cell), None)
        sprite = tile_sprite(card.id, card.faction, card.type, card.attack, card.defence, card.level, card.range,
                             tuple(card.keywords), card.anti_armour, tile.exhausted, tile.smoked, self.locale,
                             "" if under is None else self._facility_text(under),
                             "" if under is None else under.faction, self.text, self.cell_h)
        self.image.paste(sprite, (x0, y0), sprite)

    def _under(self, tile: TileView) -> CardView | None:
        """The facility a unit or resource stands on."""
        return next((f.card for f in self.view.facilities if f.cell == tile.cell), None)

    def _tile_text(self, tile: TileView) -> TileText:
        card, under = tile.card, self._under(tile)
        return tile_text(card.id, card.faction, card.type, card.defence, card.level, card.range, tuple(card.keywords),
                         card.anti_armour, self.locale, "" if under is None else self._facility_text(under),
                         self.text)

    def _facility(self, tile: TileView) -> None:
        if any(tile.cell == u.cell for u in self.view.tiles):
            return  # the unit's tile writes it in its band (tile_sprite)
        d = self.draw_
        x0, y0, x1, y1 = self.cell_box(tile.cell)
        colour = FACTION_COLOUR[tile.card.faction]
        text = self._facility_text(tile.card)
        size, _ = strip_lines(text, "", self.text)
        band = (x0 + 2, y1 - 5 - strip_pitch(size), x1 - 2, y1 - 1)
        d.rectangle(band, fill=FACILITY_BAND, outline=colour, width=2)
        middle = ((band[0] + band[2]) / 2, (band[1] + band[3]) / 2 + 1)  # as a tile's codes: clear of a preview's rings
        draw_text(d, middle, text, fit_size(text, STRIP_MAX, STRIP_ROOM, bold=True, min_size=self.text), fill=INK,
                  bold=True, anchor="mm", max_width=STRIP_ROOM)

    def _facility_text(self, card: CardView) -> str:
        return f"{self.t(f'short.{card.effect}')} {card.defence}"

    def _last_action(self) -> None:
        last = self.view.last
        if last is None:
            return
        colour = ATTACK_RED if last.kind in ("attack", "skill") else MOVE_BLUE
        tx, ty = self.centre(last.target)
        for source in last.sources:
            _arrow(self.draw_, self.centre(source), (tx, ty), colour)
        if last.kind == "skill" and not last.sources:
            _arrow(self.draw_, (tx - 40, ty - 40), (tx, ty), colour)
        if last.total is not None:
            key = "destroyed" if last.destroyed else "held"
            text = self.t(key, total=last.total, defence=last.defence)
            x0, y0, x1, _ = self.cell_box(last.target)
            d = self.draw_
            size, lines = fit_lines(text, BOARD_TEXT, CELL - 12, bold=True, two_lines=max(16, self.text),
                                    min_size=self.text)  # inside the cell
            pitch = size + 3
            cx, cy = (x0 + x1) / 2, y0 + 40
            top = cy - pitch * len(lines) / 2 - 4
            d.rectangle((x0 + 4, top, x1 - 4, top + pitch * len(lines) + 8), fill=WHITE, outline=colour, width=2)
            for k, line in enumerate(lines):
                draw_text(d, (cx, top + 4 + pitch * (k + 0.5)), line, size, fill=colour, bold=True, anchor="mm")

    def _legend_lines(self) -> list[tuple[str, str]]:
        """(text, "sample" | "indent" | "") per legend line: the red-frame
        sample drawn before it, or room left for it, every entry
        wrapped to the board's width, never cut and never over another."""
        loc, room = self.locale, self.width - 2 * PAD
        codes: dict[str, str] = {}
        for tile in self.view.tiles:
            for k in tile.card.keywords:
                codes[t(f"render.deathfront.short.{k}", loc)] = t(f"render.deathfront.keyword.{k}", loc)
            if tile.card.anti_armour:
                code = t("render.deathfront.short.anti_armour", loc, n="N")
                codes[code] = t("render.deathfront.anti_armour", loc, n="N")
        for tile in self.view.facilities:
            codes[t(f"render.deathfront.short.{tile.card.effect}", loc)] = \
                t(f"render.deathfront.facility.{tile.card.effect}", loc)
        lines = [(text, "indent" if k else "sample") for k, text in enumerate(
            wrap_text(self.t("legend_used"), BOARD_TEXT, room - USED_SAMPLE, max_lines=3))]
        for key in ("legend_level", "legend_range", "legend_resource"):
            lines += [(text, "") for text in wrap_text(self.t(key), BOARD_TEXT, room, max_lines=3)]
        row = ""
        for pair in (f"{code} = {word}" for code, word in codes.items() if code != word):
            candidate = f"{row} · {pair}" if row else pair
            if text_width(candidate, BOARD_TEXT) > room and row:
                lines.append((row, ""))
                row = pair
            else:
                row = candidate
        if row:
            lines.append((row, ""))
        return lines

    def _players(self) -> None:
        d, v = self.draw_, self.view
        y = self.grid_bottom + 4
        draw_text(d, (PAD, y), self.t("territory", allies=v.territory[0], axis=v.territory[1]), BOARD_TEXT,
                  fill=INK, bold=True, max_width=self.width - 2 * PAD)
        y += 30
        order = v.order or list(range(len(v.seats)))
        for seat in order:
            p = v.seats[seat]
            colour = FACTION_COLOUR[p.faction]
            tag = faction_tag(p.faction, self.locale)
            tw = int(text_width(tag, BOARD_TEXT, True)) + 10
            d.rectangle((PAD, y, PAD + tw, y + 24), fill=colour)
            draw_text(d, (PAD + tw / 2, y + 12), tag, BOARD_TEXT, fill=WHITE, bold=True, anchor="mm")
            x = PAD + tw + 8
            if seat in v.to_act:
                x += int(draw_text(d, (x, y + 12), "▶ ", BOARD_TEXT, fill=ATTACK_RED, anchor="lm"))
            counts = self.t("counts", hand=p.hand_count, deck=p.deck_count, discard=p.discard_count)
            cw = text_width(counts, BOARD_TEXT)
            draw_text(d, (x, y + 12), seat_name(v, seat, self.locale), BOARD_TEXT, fill=INK, bold=seat in v.to_act,
                      anchor="lm", max_width=self.width - PAD - x - cw - 16)
            draw_text(d, (self.width - PAD, y + 12), counts, BOARD_TEXT, fill=INK, anchor="rm")
            y += 28
        y += 12
        draw_text(d, (PAD, y), self.t("legend"), BOARD_TEXT, fill=LEGEND_INK, bold=True)
        y += 26
        for text, kind in self.legend:
            x = PAD + (USED_SAMPLE if kind else 0)
            if kind == "sample":
                d.rounded_rectangle((PAD, y, PAD + 22, y + 20), radius=4, outline=USED_RED, width=4)
            draw_text(d, (x, y), text, BOARD_TEXT, fill=LEGEND_INK)
            y += 26


def _arrow(d: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], colour) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 14, y1 - uy * 14)
    d.line((x0 + ux * 14, y0 + uy * 14, tip[0], tip[1]), fill=colour, width=4)
    left = (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8)
    right = (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)
    d.polygon([tip, left, right], fill=colour)

