"""Death Front: Blitzkrieg pictures: the board (public view) and a hand
(private view). Latin text, digits and symbols only; every faction colour
comes with its letters (US, UK, SS, WH)."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engines.base import Renderer
from engines.deathfront.models import CardView, DeathFrontPrivateView, DeathFrontPublicView, TileView
from render.common import font, to_png

CELL = 104
MARGIN = 28
HEADER = 58
FOOTER = 30

FACTION_COLOUR = {
    "us": (74, 98, 40),
    "uk": (140, 96, 44),
    "ss": (38, 38, 42),
    "wehrmacht": (84, 100, 122),
}
FACTION_TAG = {"us": "US", "uk": "UK", "ss": "SS", "wehrmacht": "WH"}
TERRITORY = {0: (222, 233, 248), 1: (248, 226, 222), None: (236, 226, 196)}
INK = (30, 30, 30)
GRID = (150, 150, 150)
WHITE = (255, 255, 255)
ATTACK_RED = (200, 30, 30)
MOVE_BLUE = (30, 90, 200)
STEP_NAMES = {
    "mulligan": "Mulligan", "draw": "Draw", "deploy": "Deploy / move", "facility": "Facilities",
    "skill": "Skills", "attack": "Attacks", "over": "Game over",
}
PHASE_NAMES = {"setup": "Setup", "deploy": "Deploy phase", "attack": "Attack phase", "over": "Finished"}
FACILITY_TAG = {"minefield": "MINE", "anti_tank": "AT-OBST", "bunker": "BUNKER"}
KEYWORD_TAG = {
    "armoured": "ARM", "indirect": "IND", "fast": "FAST", "engineer": "ENG", "airborne": "AIR",
    "infiltrate": "INF", "concealed": "CONC",
}
SKILL_TEXT = {
    "air_strike": "Attack {attack}{aa} vs any one enemy card",
    "supply_drop": "This round all your units are supplied at level 3",
    "smoke": "Up to 2 enemy units cannot attack this round",
    "blitz": "Up to 2 of your units move 1 square now",
    "last_stand": "Your units +1 defence this round",
    "barrage": "Attack {attack} vs each enemy card in 3 squares of a row",
}
SKILL_TARGET_HINT = {
    "air_strike": "B5 (B5F = facility)",
    "barrage": "middle cell, e.g. B5",
    "smoke": "1-2 cells, e.g. B5,C6",
    "blitz": "moves, e.g. B3>B4,C3>C4",
}
FACILITY_TEXT = {
    "minefield": "Destroys an enemy unit entering (not Engineers)",
    "anti_tank": "No Armoured unit may enter",
    "bunker": "Own side's unit here: +1 defence",
}


def latin(text: str, fallback: str) -> str:
    """Images carry Latin text only: non-ASCII names fall back."""
    cleaned = text.replace("ä", "a").replace("ö", "o").replace("ü", "u")
    return cleaned if cleaned.isascii() and cleaned.isprintable() and cleaned.strip() else fallback


class DeathFrontRenderer(Renderer):
    def board_png(self, view: DeathFrontPublicView) -> bytes:  # type: ignore[override]
        return to_png(_quantize(BoardPicture(view).draw()))

    def hand_png(self, view: DeathFrontPrivateView) -> bytes:  # type: ignore[override]
        return to_png(_quantize(draw_hand(view)))

    def hand_text(self, view: DeathFrontPrivateView) -> str:  # type: ignore[override]
        """One line per card: the id to type (autocomplete offers it too),
        the name and its attack/defence or kind."""
        return "\n".join(f"`{card.uid}` {card.name} · {_card_stats(card)}" for card in view.hand)


def _quantize(image: Image.Image) -> Image.Image:
    return image.quantize(colors=96, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


# ---- board ---------------------------------------------------------------------------------
class BoardPicture:
    def __init__(self, view: DeathFrontPublicView) -> None:
        self.view = view
        self.width = MARGIN * 2 + CELL * view.columns
        self.height = HEADER + MARGIN * 2 + CELL * view.rows + FOOTER + 22 * len(view.seats)
        self.image = Image.new("RGB", (self.width, self.height), WHITE)
        self.draw_ = ImageDraw.Draw(self.image)

    def cell_box(self, label: str) -> tuple[int, int, int, int]:
        col = ord(label[0]) - ord("A")
        row = int(label[1:])
        x0 = MARGIN + col * CELL
        y0 = HEADER + MARGIN + (self.view.rows - row) * CELL  # row 7 on top, Allies at the bottom
        return x0, y0, x0 + CELL, y0 + CELL

    def centre(self, label: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.cell_box(label)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def draw(self) -> Image.Image:
        self._header()
        self._grid()
        for tile in self.view.facilities:
            self._facility(tile)
        for tile in self.view.tiles:
            self._tile(tile)
        self._last_action()
        self._players()
        return self.image

    # -- parts ---------------------------------------------------------------------------------
    def _header(self) -> None:
        v, d = self.view, self.draw_
        phase, step = PHASE_NAMES.get(v.phase, v.phase), STEP_NAMES.get(v.step, v.step)
        title = f"Round {v.round}/{v.round_limit}  {phase}: {step}"
        d.text((MARGIN, 8), title, fill=INK, font=font(17, True))
        if v.result is not None:
            line = _result_line(v)
        elif v.end_vote is not None:
            line = "End proposed: waiting for " + ", ".join(self._seat_tag(s) for s in v.end_vote.waiting)
        elif v.pending_advance is not None:
            line = f"{self._seat_tag(v.pending_advance.seat)} may advance into {v.pending_advance.cell}"
        else:
            line = "To act: " + ", ".join(self._seat_tag(s) for s in v.to_act)
        d.text((MARGIN, 32), line, fill=(150, 20, 20) if v.result is None else INK, font=font(14, True))

    def _seat_tag(self, seat: int) -> str:
        p = self.view.seats[seat]
        return f"{latin(p.name, f'Player {seat + 1}')} ({FACTION_TAG[p.faction]})"

    def _grid(self) -> None:
        v, d = self.view, self.draw_
        for row in range(1, v.rows + 1):
            side = 0 if row < 4 else (1 if row > 4 else None)
            for col in range(v.columns):
                label = f"{chr(65 + col)}{row}"
                x0, y0, x1, y1 = self.cell_box(label)
                d.rectangle((x0, y0, x1, y1), fill=TERRITORY[side], outline=GRID)
                if side is None:  # front line: hatched band
                    for k in range(x0 - CELL, x1, 14):
                        a, b = max(k, x0), min(k + CELL, x1)
                        d.line((a, y0 + a - k, b, y0 + b - k), fill=(222, 208, 170))
                d.text((x0 + 3, y1 - 14), label, fill=(120, 120, 120), font=font(10))
        small = font(14, True)
        for col in range(v.columns):
            x = MARGIN + col * CELL + CELL // 2
            d.text((x, HEADER + MARGIN // 2), chr(65 + col), fill=INK, font=small, anchor="mm")
            bottom = HEADER + MARGIN + v.rows * CELL + MARGIN // 2
            d.text((x, bottom), chr(65 + col), fill=INK, font=small, anchor="mm")
        for row in range(1, v.rows + 1):
            y = HEADER + MARGIN + (v.rows - row) * CELL + CELL // 2
            d.text((MARGIN // 2, y), str(row), fill=INK, font=small, anchor="mm")
            d.text((self.width - MARGIN // 2, y), str(row), fill=INK, font=small, anchor="mm")
        top = HEADER + MARGIN
        front_y = top + (v.rows - 4) * CELL
        right = MARGIN + v.columns * CELL
        for y in (front_y, front_y + CELL):
            d.line((MARGIN, y, right, y), fill=(120, 90, 30), width=3)

    def _tile(self, tile: TileView) -> None:
        d = self.draw_
        x0, y0, x1, y1 = self.cell_box(tile.cell)
        colour = FACTION_COLOUR[tile.card.faction]
        box = (x0 + 5, y0 + 5, x1 - 5, y1 - 22)
        if tile.card.type == "resource":
            self._resource(tile, box, colour)
            return
        d.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=2)
        # faction letters: the cue that does not rely on colour
        d.rectangle((box[0] + 2, box[1] + 2, box[0] + 24, box[1] + 16), fill=WHITE)
        d.text((box[0] + 13, box[1] + 9), FACTION_TAG[tile.card.faction], fill=colour, font=font(10, True),
               anchor="mm")
        draw_unit_icon(d, (box[0] + 30, box[1] + 3, box[0] + 56, box[1] + 17), tile.card, WHITE)
        d.text((box[2] - 4, box[1] + 2), f"L{tile.card.level}", fill=(255, 230, 120), font=font(12, True),
               anchor="ra")
        d.text(((box[0] + box[2]) / 2, box[1] + 34), f"{tile.card.attack}/{tile.card.defence}", fill=WHITE,
               font=font(20, True), anchor="mm")
        d.text(((box[0] + box[2]) / 2, box[1] + 55), _short(tile.card.name, 13), fill=WHITE, font=font(10),
               anchor="mm")
        tags = [tile.card.range or ""] + [KEYWORD_TAG[k] for k in tile.card.keywords if k != "armoured"]
        if tile.card.anti_armour:
            tags.append(f"AA+{tile.card.anti_armour}")
        d.text(((box[0] + box[2]) / 2, box[1] + 68), _short(" ".join(tags), 18), fill=(230, 230, 230),
               font=font(9), anchor="mm")
        if tile.exhausted:
            _hatch(d, box, (255, 255, 255))
            d.rectangle((box[2] - 34, box[3] - 14, box[2] - 2, box[3] - 2), fill=(200, 40, 40))
            d.text((box[2] - 18, box[3] - 8), "EXH", fill=WHITE, font=font(9, True), anchor="mm")
        if tile.smoked:  # over the type icon: smoke hides the unit
            d.rectangle((box[0] + 28, box[1] + 2, box[0] + 58, box[1] + 18), fill=(120, 120, 120))
            d.text((box[0] + 43, box[1] + 10), "SMK", fill=WHITE, font=font(9, True), anchor="mm")

    def _resource(self, tile: TileView, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> None:
        d = self.draw_
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        r = min(box[2] - box[0], box[3] - box[1]) / 2
        angles = [math.pi / 6 + k * math.pi / 3 for k in range(6)]
        points = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
        d.polygon(points, fill=(250, 245, 225), outline=colour)
        d.line(points + [points[0]], fill=colour, width=4)
        d.text((cx, cy - 14), f"R{tile.card.level}", fill=colour, font=font(18, True), anchor="mm")
        d.text((cx, cy + 6), f"def {tile.card.defence}", fill=INK, font=font(10), anchor="mm")
        d.text((cx, cy + 19), FACTION_TAG[tile.card.faction], fill=colour, font=font(10, True), anchor="mm")

    def _facility(self, tile: TileView) -> None:
        d = self.draw_
        x0, y0, x1, y1 = self.cell_box(tile.cell)
        colour = FACTION_COLOUR[tile.card.faction]
        band = (x0 + 18, y1 - 20, x1 - 3, y1 - 3)
        d.rectangle(band, fill=(255, 214, 80), outline=colour, width=2)
        tag = FACILITY_TAG.get(tile.card.effect or "", "?")
        text = f"{tag} {tile.card.defence} {FACTION_TAG[tile.card.faction]}"
        middle = ((band[0] + band[2]) / 2, (band[1] + band[3]) / 2)
        d.text(middle, text, fill=INK, font=font(10, True), anchor="mm")

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
            sign = ">" if last.destroyed else "<="
            text = f"{last.total}{sign}{last.defence} {'KO' if last.destroyed else 'held'}"
            x0, y0, x1, _ = self.cell_box(last.target)
            d = self.draw_
            d.rectangle((x0 + 8, y0 + 30, x1 - 8, y0 + 50), fill=WHITE, outline=colour, width=2)
            d.text(((x0 + x1) / 2, y0 + 40), text, fill=colour, font=font(12, True), anchor="mm")

    def _players(self) -> None:
        d, v = self.draw_, self.view
        y = HEADER + MARGIN * 2 + v.rows * CELL + 4
        d.text((MARGIN, y), f"Enemy squares held: Allies {v.territory[0]}  Axis {v.territory[1]}", fill=INK,
               font=font(12, True))
        d.text((self.width - MARGIN, y + 1), "Allies rows 1-3 | front 4 | Axis 5-7", fill=(110, 110, 110),
               font=font(10), anchor="ra")
        y += 20
        order = v.order or list(range(len(v.seats)))
        for seat in order:
            p = v.seats[seat]
            marker = ">" if seat in v.to_act else " "
            colour = FACTION_COLOUR[p.faction]
            d.rectangle((MARGIN, y + 2, MARGIN + 26, y + 16), fill=colour)
            d.text((MARGIN + 13, y + 9), FACTION_TAG[p.faction], fill=WHITE, font=font(10, True), anchor="mm")
            name = latin(p.name, f"Player {seat + 1}")[:18]
            line = f"{marker} {name}  hand {p.hand_count}  deck {p.deck_count}  discard {p.discard_count}"
            d.text((MARGIN + 32, y + 1), line, fill=INK, font=font(12, seat in v.to_act))
            y += 22


def _card_stats(card: CardView) -> str:
    if card.type == "unit":
        return f"{card.attack}/{card.defence} {card.range} L{card.level}"
    if card.type == "resource":
        return f"R{card.level}"
    if card.type == "facility":
        return FACILITY_TAG.get(card.effect or "", "facility")
    return "skill"


def _result_line(v: DeathFrontPublicView) -> str:
    r = v.result
    assert r is not None
    reason = r.reason.rsplit(".", 1)[-1].replace("_", " ")
    winners = {v.seats[s].side for s, rank in enumerate(r.ranks) if rank == 1}
    if len(winners) == 2:
        return f"Draw ({reason})"
    return f"{'Allies' if winners == {0} else 'Axis'} win ({reason})"


def _short(text: str, n: int) -> str:
    text = latin(text, "?")
    return text if len(text) <= n else text[: n - 1] + "."


def _hatch(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> None:
    x0, y0, x1, y1 = box
    for k in range(x0 - (y1 - y0), x1, 10):
        a = (max(k, x0), y0 + max(k, x0) - k)
        b = (min(k + (y1 - y0), x1), y0 + min(k + (y1 - y0), x1) - k)
        d.line((a, b), fill=colour, width=1)


def _arrow(d: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], colour) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 14, y1 - uy * 14)
    d.line((x0 + ux * 14, y0 + uy * 14, tip[0], tip[1]), fill=colour, width=4)
    left = (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8)
    right = (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)
    d.polygon([tip, left, right], fill=colour)


def draw_unit_icon(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: CardView, colour) -> None:
    """A NATO-style symbol in a small frame, by unit class."""
    x0, y0, x1, y1 = box
    d.rectangle(box, outline=colour, width=1)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cls = card.id.split("_", 1)[1] if card.type == "unit" else ""
    kw = set(card.keywords)
    if "armoured" in kw and "indirect" not in kw:
        d.ellipse((x0 + 4, y0 + 3, x1 - 4, y1 - 3), outline=colour, width=2)  # armour
    elif "indirect" in kw:
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=colour)  # artillery
    elif card.anti_armour:
        d.line((x0, y1, cx, y0), fill=colour, width=2)  # anti-tank: inverted V
        d.line((cx, y0, x1, y1), fill=colour, width=2)
    elif "engineer" in kw:
        d.line((x0 + 5, cy + 2, x1 - 5, cy + 2), fill=colour, width=2)
        for x in (x0 + 7, cx, x1 - 7):
            d.line((x, cy + 2, x, cy - 4), fill=colour, width=2)
    elif "concealed" in kw:
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), outline=colour, width=1)
        d.line((cx - 8, cy, cx + 8, cy), fill=colour)
        d.line((cx, cy - 7, cx, cy + 7), fill=colour)
    else:
        d.line((x0, y0, x1, y1), fill=colour, width=2)  # infantry: X
        d.line((x0, y1, x1, y0), fill=colour, width=2)
        if "airborne" in kw or "infiltrate" in kw or "mg" in cls or card.range == "F":
            d.arc((cx - 6, y0 - 2, cx + 6, y0 + 8), 0, 180, fill=colour, width=1)


# ---- hand ------------------------------------------------------------------------------------
CARD_W, CARD_H, GAP = 200, 250, 10


def draw_hand(view: DeathFrontPrivateView) -> Image.Image:
    per_row = 4
    rows = max(1, math.ceil(len(view.hand) / per_row))
    width = GAP + per_row * (CARD_W + GAP)
    height = 40 + rows * (CARD_H + GAP)
    image = Image.new("RGB", (width, height), (245, 245, 240))
    d = ImageDraw.Draw(image)
    tag = FACTION_TAG[view.faction]
    d.text((GAP, 10), f"{tag} hand: {len(view.hand)} cards, deck {view.deck_count}"
           + ("  (mulligan available)" if view.can_mulligan else ""), fill=INK, font=font(16, True))
    for i, card in enumerate(view.hand):
        x = GAP + (i % per_row) * (CARD_W + GAP)
        y = 40 + (i // per_row) * (CARD_H + GAP)
        _hand_card(d, (x, y, x + CARD_W, y + CARD_H), card)
    return image


def _hand_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: CardView) -> None:
    x0, y0, x1, y1 = box
    colour = FACTION_COLOUR.get(card.faction, (90, 90, 90))
    d.rounded_rectangle(box, radius=8, fill=WHITE, outline=colour, width=3)
    d.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 30), fill=colour)
    d.text((x0 + 8, y0 + 16), _short(card.name, 22), fill=WHITE, font=font(13, True), anchor="lm")
    d.text((x1 - 8, y0 + 16), FACTION_TAG.get(card.faction, ""), fill=WHITE, font=font(11, True), anchor="rm")
    d.text((x0 + 8, y0 + 36), card.type.upper(), fill=(110, 110, 110), font=font(10, True))
    d.text((x0 + 8, y1 - 18), card.uid, fill=(90, 90, 90), font=font(11, True))
    if card.type == "unit":
        draw_unit_icon(d, (x1 - 40, y0 + 36, x1 - 10, y0 + 54), card, colour)
        d.text((x0 + 8, y0 + 52), f"ATK {card.attack}  DEF {card.defence}", fill=INK, font=font(16, True))
        d.text((x0 + 8, y0 + 76), f"Supply level {card.level}   Range {card.range}", fill=INK, font=font(11))
        extras = [k.capitalize() for k in card.keywords]
        if card.anti_armour:
            extras.append(f"Anti-armour +{card.anti_armour}")
        _wrap(d, (x0 + 8, y0 + 94), ", ".join(extras) or "-", 30, font(11, True), (120, 40, 20))
        draw_pattern(d, (x0 + 60, y0 + 128), card.range_cells, colour, "unit")
    elif card.type == "resource":
        d.text((x0 + 8, y0 + 52), f"LEVEL {card.level}  DEF {card.defence}", fill=INK, font=font(16, True))
        d.text((x0 + 8, y0 + 76), "Supplies friendly units in:", fill=INK, font=font(11))
        draw_pattern(d, (x0 + 60, y0 + 100), _supply_cells(card), colour, "resource")
    elif card.type == "facility":
        d.text((x0 + 8, y0 + 52), f"DEF {card.defence}", fill=INK, font=font(16, True))
        _wrap(d, (x0 + 8, y0 + 80), FACILITY_TEXT.get(card.effect or "", ""), 28, font(12), INK)
        d.text((x0 + 8, y0 + 150), "Place in own territory", fill=(110, 110, 110), font=font(11))
    else:
        text = SKILL_TEXT.get(card.effect or "", "").format(
            attack=card.attack, aa=f", anti-armour +{card.anti_armour}" if card.anti_armour else "")
        d.text((x0 + 8, y0 + 52), "Single use, skill step", fill=INK, font=font(13, True))
        _wrap(d, (x0 + 8, y0 + 80), text, 28, font(12), INK)
        hint = SKILL_TARGET_HINT.get(card.effect or "")
        if hint:
            d.text((x0 + 8, y0 + 150), f"target: {hint}", fill=(120, 40, 20), font=font(11, True))


def _supply_cells(card: CardView) -> list[tuple[int, int]]:
    from engines.deathfront.cards import default_cards

    return list(default_cards().pattern(card.supply)) if card.supply else []


def draw_pattern(d: ImageDraw.ImageDraw, origin: tuple[int, int], cells, colour, kind: str) -> None:
    """A small grid: the card (blue) and its range or supply (red / green);
    forward is up."""
    size = 16
    dxs, dys = range(-1, 2), range(3, -2, -1)
    ox, oy = origin
    d.text((ox - 52, oy), "fwd ^", fill=(110, 110, 110), font=font(10))
    marked = set(map(tuple, cells))
    fill_colour = (210, 50, 50) if kind == "unit" else (60, 150, 60)
    for j, dy in enumerate(dys):
        for i, dx in enumerate(dxs):
            x, y = ox + i * size, oy + j * size
            if (dx, dy) == (0, 0):
                fill = (40, 90, 200)
            elif (dx, dy) in marked:
                fill = fill_colour
            else:
                fill = (235, 235, 235)
            d.rectangle((x, y, x + size - 2, y + size - 2), fill=fill, outline=(160, 160, 160))


def _wrap(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, width: int, fnt, fill) -> None:
    words, line, lines = text.split(), "", []
    for word in words:
        if len(line) + len(word) + 1 > width and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    for k, ln in enumerate(lines[:4]):
        d.text((xy[0], xy[1] + k * 15), ln, fill=fill, font=fnt)
