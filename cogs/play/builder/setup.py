"""SETUP by clicking: pick a tile (your hand or the common hand), then its
square; repeat; the text and the preview tell what the play scores; Confirm
plays it. Swap tiles: pick tiles of your own hand, Confirm. The old
"Build move" builder is this instance of the shared machinery."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from cogs.play.builder import ids
from cogs.play.builder.items import waiting_line
from cogs.play.builder.model import Button, Menu, Option, Screen
from cogs.play.builder.preview import base_board
from engines.base import IllegalAction
from engines.setup import rules
from engines.setup.engine import format_placements
from engines.setup.models import PlayAction, SetupPrivateView, SwapAction
from engines.setup.notation import PlayPreview, preview_play
from i18n import t
from render import overlay
from tables.text import game_name

MAX_TILES = 8
SWAP = "swap"


def as_if_turn(table: Any, seat: int) -> Any:
    """The state as if it were ``seat``'s turn: out of turn a play is scored
    to plan ahead; confirming it still needs the turn."""
    state: Any = table.state
    if state.current_seat != seat:
        state = state.model_copy(update={"turn_pos": state.turn_order.index(seat)})
    return state


def preview_for(table: Any, seat: int, placements: list[tuple[str, str]]) -> PlayPreview:
    """What the play would score now (out of turn: as if it were the seat's turn)."""
    return preview_play(as_if_turn(table, seat), seat, placements)


def scores_with(state: Any, seat: int, placements: list[tuple[str, str]], tile: str,
                squares: list[str]) -> dict[str, int]:
    """Squares where ``tile`` added to ``placements`` makes a legal play now,
    with what that play scores: the builder lists them first, ticked."""
    out = {}
    for square in squares:
        preview = preview_play(state, seat, placements + [(tile, square)])
        if preview.legal:
            out[square] = preview.points
    return out


def base(table: Any, locale: str = "en") -> Any:
    """The board part of the public picture (the squares, not the panel or the track)."""
    def draw(state: Any) -> Any:
        import io

        from PIL import Image

        from render.setup import PANEL_Y, WIDTH

        png = table.definition.renderer.board_png(table.engine.public_view(state), locale)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return image.crop((0, 0, WIDTH, PANEL_Y))

    return base_board(table, f"setup:{locale}", draw)


def preview_png(table: Any, placements: list[tuple[str, str]], free: list[str], scoring: list[str],
                text: str, locale: str = "en") -> bytes:
    """The public board: free squares ringed green, the squares of the play
    ringed thick, the squares that would score ringed orange."""
    from render.setup import square_box

    image = base(table, locale).copy()
    chosen = {sq for _, sq in placements}
    for square in free:
        overlay.mark(image, overlay.Box(*square_box(square)), "target")
    for square in scoring:
        if square not in chosen:
            overlay.mark(image, overlay.Box(*square_box(square)), "source")
    for tile, square in placements:
        overlay.mark(image, overlay.Box(*square_box(square)), "chosen")
        overlay.label(image, overlay.Box(*square_box(square)), tile)
    return overlay.encode(overlay.legend(overlay.caption(image, text), legend_entries(free, placements, scoring,
                                                                                       locale)))


def legend_entries(free: list[str], placements: list[tuple[str, str]], scoring: list[str],
                   locale: str) -> list[tuple[overlay.Style, str]]:
    """The rings a preview shows, with what they mean, in the viewer's words."""
    shown: list[tuple[overlay.Style, list[Any]]] = [("target", free), ("chosen", placements), ("source", scoring)]
    return [(style, t(f"render.setup.legend_{style}", locale)) for style, marks in shown if marks]


fits = rules.fits  # the builder and the web board (games/setup.py) share it


@dataclass
class Walk:
    """A path of choices read step by step; a step with one legal choice
    takes it without a segment of the path (``auto`` lists those)."""

    placements: list[tuple[str, str]] = field(default_factory=list)
    picked: str | None = None
    auto: list[str] = field(default_factory=list)


def only(choices: list[str]) -> str | None:
    """The choice a step takes by itself: its one legal choice."""
    return choices[0] if len(choices) == 1 else None


def walk(state: Any, seat: int, view: SetupPrivateView, path: tuple[str, ...]) -> Walk:
    usable = list(dict.fromkeys(view.hand + view.common))
    done, rest = Walk(), list(path)
    while True:
        used = [tile for tile, _ in done.placements]
        free = [sq for sq in view.allowed_squares if sq not in {sq for _, sq in done.placements}]
        if done.picked is not None:
            square = only(free)
            if square is not None:
                done.auto.append(square)
            elif rest and rest[0] in free:
                square = rest.pop(0)
            elif rest:
                raise IllegalAction("builder.gone")
            else:
                return done
            done.placements.append((done.picked, square))
            done.picked = None
            continue
        tiles = tile_choices(usable, done.placements) if len(used) < MAX_TILES else []
        tile = only(tiles) if free and done.placements else None
        if tile is not None and not preview_play(state, seat, done.placements).legal:
            done.picked = tile
            done.auto.append(tile)
        elif rest and rest[0] in tiles:
            done.picked = rest.pop(0)
        elif rest:
            raise IllegalAction("builder.gone")
        else:
            return done


def tile_choices(usable: list[str], placements: list[tuple[str, str]]) -> list[str]:
    used = {tile for tile, _ in placements}
    return [tile for tile in usable if tile not in used and fits(placements, tile)]


class SetupBuilder:
    game_type = "setup"

    def warm(self, table: Any, locale: str = "en") -> None:
        base(table, locale)

    def quick(self, table: Any, seat: int, name: str) -> BaseModel:
        raise IllegalAction("builder.gone")

    def done_text(self, action: BaseModel, locale: str) -> str:
        if isinstance(action, PlayAction):
            return t("setup.build.played", locale, move=format_placements(action.placements))
        return "✅ " + t("setup.done.swap", locale)

    def screen(self, table: Any, seat: int, path: tuple[str, ...], locale: str) -> Screen:
        view: SetupPrivateView = table.engine.private_view(table.state, seat)
        lines = [t("setup.build.title", locale, game=game_name("setup", locale), id=table.id),
                 table.definition.renderer.hand_text(view, locale)]
        if not view.your_turn:
            lines.append(waiting_line(table, locale))
        if path[:1] == (SWAP,):
            return self._swap(view, path, lines, locale)
        return self._play(table, seat, view, path, lines, locale)

    def _swap(self, view: SetupPrivateView, path: tuple[str, ...], lines: list[str], locale: str) -> Screen:
        hand = list(dict.fromkeys(view.hand))
        menu = Menu(t("builder.setup.pick_swap", locale), [Option(tile, rules.plain(tile)) for tile in hand], (SWAP,),
                    max_values=len(hand))
        alone = only(hand)
        if len(path) == 1 and alone is None:
            return Screen(lines + [t("builder.setup.swap_start", locale)], menu)
        tiles = [alone] if len(path) == 1 and alone is not None else path[1].split(ids.MULTI)
        if len(path) > 2 or any(tile not in hand for tile in tiles):
            raise IllegalAction("builder.gone")
        if len(path) == 1:
            lines = lines + [t("setup.build.auto", locale, choices=rules.plain(" ".join(tiles)))]
        menu.chosen = tuple(tiles)
        return Screen(lines + [t("builder.setup.swap_ready", locale, tiles=rules.plain(" ".join(tiles)))], menu,
                      action=SwapAction(tiles=tiles))

    def _play(self, table: Any, seat: int, view: SetupPrivateView, path: tuple[str, ...], lines: list[str],
              locale: str) -> Screen:
        state = as_if_turn(table, seat)
        steps = walk(state, seat, view, path)
        screen = self._steps(table, seat, view, state, steps, path, lines, locale)
        if steps.auto:
            screen.lines = screen.lines + [t("setup.build.auto", locale, choices=rules.plain(" ".join(steps.auto)))]
        return screen

    def _steps(self, table: Any, seat: int, view: SetupPrivateView, state: Any, steps: Walk, path: tuple[str, ...],
               lines: list[str], locale: str) -> Screen:
        placements, picked = steps.placements, steps.picked
        used_squares = [sq for _, sq in placements]
        free = [sq for sq in view.allowed_squares if sq not in used_squares]
        buttons = [] if path or not view.hand else [Button(t("builder.setup.swap", locale), ids.GOTO, (SWAP,))]
        if picked is not None:  # a tile waits for its square
            tops = table.state.visible_board()
            scoring = scores_with(state, seat, placements, picked, free)

            def square_option(sq: str) -> Option:
                where = t("setup.build.covers", locale, tile=rules.plain(tops[sq])) if sq in tops \
                    else t("setup.build.empty", locale)
                if sq in scoring:
                    where = "✓ " + t("builder.setup.scores", locale, points=scoring[sq]) + " · " + where
                return Option(sq, sq, where)

            ordered = sorted(free, key=lambda sq: sq not in scoring)  # plays that are legal now first
            menu = Menu(t("setup.build.pick_square", locale, tile=rules.plain(picked)),
                        [square_option(sq) for sq in ordered], path)
            lines.append(t("setup.build.placed", locale, move=format_placements(placements)) if placements
                         else t("setup.build.start", locale))
            return Screen(lines, menu, buttons, preview=lambda: preview_png(
                table, placements, free, [], f"{format_placements(placements)} + {picked} → ?".lstrip(" +"), locale))
        tiles = tile_choices(list(dict.fromkeys(view.hand + view.common)), placements)
        playable = {tile for tile in tiles if scores_with(state, seat, placements, tile, free)}

        def tile_option(tile: str) -> Option:
            where = t("setup.build.from_hand" if tile in view.hand else "setup.build.from_common", locale)
            return Option(tile, rules.plain(tile), ("✓ " if tile in playable else "") + where)

        tiles.sort(key=lambda tile: tile not in playable)  # tiles that make a legal play now first
        menu = Menu(t("setup.build.pick_tile", locale), [tile_option(tile) for tile in tiles], path) \
            if tiles and len(placements) < MAX_TILES else None
        if not placements:
            return Screen(lines + [t("setup.build.start", locale)], menu, buttons)
        lines.append(t("setup.build.placed", locale, move=format_placements(placements)))
        preview = preview_for(table, seat, placements)
        action = None
        if preview.legal:
            parts = [t("setup.preview.ok", locale, points=preview.points)] + [
                t("setup.preview.bonus", locale, seat=table.seats[other].name, points=bonus)
                for other, bonus in sorted(preview.bonuses.items())]
            lines.append("✅ " + ("" if locale.startswith("zh") else " ").join(parts))
            lines.append(t("setup.preview.confirm", locale) if view.your_turn else t("setup.build.wait_turn", locale))
            action = PlayAction(placements=placements)
            text = f"{format_placements(placements)}  +{preview.points}"
        else:
            lines.append("⚠️ " + t(preview.error_key or "setup.err.bad_action", locale, **preview.error_params))
            text = format_placements(placements)
        return Screen(lines, menu, buttons, action=action, preview=lambda: preview_png(
            table, placements, free, list(preview.scoring_squares), text, locale))


BUILDER = SetupBuilder()
