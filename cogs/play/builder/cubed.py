"""CUBED by clicking: piece → cell and rotation in one menu (axial q,r, only
where and how it fits; the rotation is named where more than one fits),
previewed → Confirm; Draw, Draw 3 and Pass as buttons; Keep (Draw 3, keep 1)
and Give (Fill the void) as menus."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from cogs.play.builder import ids
from cogs.play.builder.items import waiting_line
from cogs.play.builder.model import Button, Menu, Option, Screen
from cogs.play.builder.preview import base_board
from engines.base import IllegalAction
from engines.cubed import choices
from engines.cubed.labels import cell_labels, piece_label
from engines.cubed.models import (
    CubedState,
    Draw3Action,
    DrawAction,
    GiveAction,
    KeepAction,
    PassAction,
    PlaceAction,
)
from engines.cubed.pieces import PIECES_BY_ID
from engines.cubed.rules import Cell, rotate
from i18n import t
from render import overlay
from tables.text import game_name

QUICK = {"draw": DrawAction, "draw3": Draw3Action, "pass": PassAction}


def _gone() -> IllegalAction:
    return IllegalAction("builder.gone")


def piece_option(state: CubedState, piece: str, locale: str) -> Option:
    info = PIECES_BY_ID[piece]
    points = state.config.points.of(info.kind)
    return Option(piece, t("builder.cubed.piece", locale, piece=piece_label(piece, locale), kind=t(f"cubed.kind.{info.kind}", locale),
                           points=points), " / ".join(t(f"cubed.colour.{face}", locale) for face in info.faces))


def base(table: Any, locale: str = "en") -> tuple[Any, Any]:
    """The board part of the public picture (no score panel) in the viewer's language, and its layout."""
    def draw(state: Any) -> Any:
        from render.cubed import BoardLayout, CubedRenderer

        # the new round's table, not the recap of the last one drawn while it is empty
        view = table.engine.public_view(state).model_copy(update={"previous_table": []})
        layout = BoardLayout.fit(view)
        return CubedRenderer().board_image(view, locale).crop((0, 0, layout.width, layout.height)), layout

    return base_board(table, f"cubed:{locale}", draw)


def preview_png(table: Any, seat: int, piece: str, targets: list[Cell], cell: Cell | None = None,
                rotation: int = 0, locale: str = "en") -> bytes:
    """The board with every cell where ``piece`` fits ringed; with ``cell``,
    the piece drawn there in ``rotation``. Drawn from the public view plus
    the viewer's own piece: nothing hidden from the viewer."""
    from render.cubed import cube_sprite

    board, layout = base(table, locale)
    image = board.copy()
    for target in targets:
        if target != cell:
            overlay.mark(image, overlay.Hex(*layout.centre(*target), layout.size), "target")
    faces = PIECES_BY_ID[piece].faces
    if cell is not None:
        cx, cy = layout.centre(*cell)
        overlay.paste_centred(image, cube_sprite(tuple(rotate(faces, rotation)), layout.size, locale), cx, cy)
        overlay.mark(image, overlay.Hex(cx, cy, layout.size), "chosen")
        text = f"{piece}  →  {choices.cell_text(cell)}   ↻ {rotation}"
    else:
        overlay.paste_centred(image, cube_sprite(tuple(faces), 28, locale), 34, 34)
        text = f"{piece}  →  ?"
    return overlay.encode(overlay.caption(image, text))


SPOT = "r"  # between a cell's token and a rotation in one path segment


def spot_value(cell: Cell, rotation: int) -> str:
    """A cell-and-rotation option, one path segment (Back returns to the cells): ``2_-1r1``."""
    return f"{choices.cell_token(cell)}{SPOT}{rotation}"


class CubedBuilder:
    game_type = "cubed"

    def warm(self, table: Any, locale: str = "en") -> None:
        base(table, locale)

    def quick(self, table: Any, seat: int, name: str) -> BaseModel:
        if name not in QUICK:
            raise _gone()
        return QUICK[name]()

    def screen(self, table: Any, seat: int, path: tuple[str, ...], locale: str) -> Screen:
        state: CubedState = table.state
        title = t("builder.title", locale, game=game_name("cubed", locale), id=table.id)
        if seat not in table.to_act():
            return Screen([title, waiting_line(table, locale)],
                          buttons=[Button(t("builder.refresh", locale), ids.REFRESH)])
        if state.phase == "keep":
            return self._keep(state, path, [title], locale)
        if state.phase == "give":
            return self._give(table, state, seat, path, [title], locale)
        return self._place(table, state, seat, path, [title], locale)

    # -- the steps -----------------------------------------------------------------------
    def _buttons(self, table: Any, state: CubedState, seat: int, locale: str) -> list[Button]:
        legal = {type(a) for a in table.engine.legal_actions(state, seat) if not isinstance(a, PlaceAction)}
        out = []
        if DrawAction in legal:
            out.append(Button(t("builder.cubed.draw", locale), ids.QUICK, ("draw",), "primary"))
        if Draw3Action in legal:
            out.append(Button(t("builder.cubed.draw3", locale), ids.QUICK, ("draw3",)))
        if PassAction in legal:
            label = "builder.cubed.pass" if state.phase == "turn" else "builder.cubed.end_turn"
            out.append(Button(t(label, locale), ids.QUICK, ("pass",)))
        return out

    def _place(self, table: Any, state: CubedState, seat: int, path: tuple[str, ...], lines: list[str],
               locale: str) -> Screen:
        if state.phase in ("drawn", "bonus"):
            lines.append(t(f"builder.cubed.{state.phase}", locale))
        if not path:
            pieces = choices.fitting_pieces(state, seat)
            lines.append(t("builder.cubed.start" if pieces else "builder.cubed.none_fit", locale))
            menu = Menu(t("builder.cubed.pick_piece", locale), [piece_option(state, p, locale) for p in pieces], ())
            return Screen(lines, menu if pieces else None, self._buttons(table, state, seat, locale))
        piece = path[0]
        where = choices.placements_of(state, seat, piece)
        if not where:
            raise _gone()
        targets = list(where)
        menu = Menu(t("builder.cubed.pick_cell", locale, piece=piece), self._spots(state, where, locale), path[:1])
        if len(path) == 1:
            lines.append(t("builder.cubed.chosen_piece", locale, piece=piece))
            return Screen(lines, menu, preview=lambda: preview_png(table, seat, piece, targets, locale=locale))
        token, _, chosen = path[1].partition(SPOT)
        cell = choices.parse_token(token)
        if cell not in where or len(path) > (2 if chosen else 3):
            raise _gone()
        rotations = where[cell]
        chosen = chosen or (path[2] if len(path) == 3 else str(rotations[0]))  # or a panel drawn before spots
        rotation = int(chosen) if chosen.isdigit() else -1
        if rotation not in rotations:
            raise _gone()
        menu.chosen = (spot_value(cell, rotation),)
        lines += [t("builder.cubed.chosen_cell", locale, piece=piece, cell=choices.cell_text(cell), rotation=rotation),
                  t("builder.confirm_hint", locale)]
        return Screen(lines, menu, action=PlaceAction(piece=piece, cell=cell, rotation=rotation),
                      preview=lambda: preview_png(table, seat, piece, targets, cell, rotation, locale))

    @staticmethod
    def _spots(state: CubedState, where: dict[Cell, list[int]], locale: str) -> list[Option]:
        """One option per cell and rotation that fits: the cell and its
        rotation are one choice (one tap), the rotation named only where
        more than one fits."""
        names = cell_labels(state)
        out = []
        for cell, rotations in where.items():
            label = t("builder.cubed.cell", locale, cell=choices.cell_text(cell))
            where_text = t("builder.cubed.cell_label", locale, label=names[cell]) if cell in names \
                else t("builder.cubed.no_label", locale)
            for k in rotations:
                if len(rotations) == 1:
                    out.append(Option(spot_value(cell, k), label, where_text))
                    continue
                out.append(Option(spot_value(cell, k), f"{label} · {t('builder.cubed.rotation', locale, rotation=k)}",
                                  f"{where_text} · {t('builder.cubed.rotation_hint', locale, degrees=120 * k)}"))
        return out

    def _keep(self, state: CubedState, path: tuple[str, ...], lines: list[str], locale: str) -> Screen:
        pending = list(dict.fromkeys(state.pending))
        menu = Menu(t("builder.cubed.pick_keep", locale), [piece_option(state, p, locale) for p in pending], ())
        if not path:
            return Screen(lines + [t("builder.cubed.keep_start", locale)], menu)
        if path[0] not in pending or len(path) > 1:
            raise _gone()
        menu.chosen = path
        return Screen(lines + [t("builder.cubed.keep_chosen", locale, piece=path[0]), t("builder.confirm_hint", locale)],
                      menu, action=KeepAction(piece=path[0]))

    def _give(self, table: Any, state: CubedState, seat: int, path: tuple[str, ...], lines: list[str],
              locale: str) -> Screen:
        end = [Button(t("builder.cubed.end_turn", locale), ids.QUICK, ("pass",))]
        hand = list(dict.fromkeys(state.hands[seat]))
        if not path:
            menu = Menu(t("builder.cubed.pick_gift", locale), [piece_option(state, p, locale) for p in hand], ())
            return Screen(lines + [t("builder.cubed.give_start", locale)], menu, end)
        piece = path[0]
        if piece not in hand or len(path) > 2:
            raise _gone()
        others = [s for s in range(len(state.hands)) if s != seat]
        menu = Menu(t("builder.cubed.pick_player", locale, piece=piece),
                    [Option(str(s), table.seats[s].name[:100]) for s in others], path[:1])
        if len(path) == 1:
            return Screen(lines + [t("builder.cubed.give_chosen", locale, piece=piece)], menu, end)
        if not path[1].isdigit() or int(path[1]) not in others:
            raise _gone()
        to_seat = int(path[1])
        menu.chosen = (path[1],)
        return Screen(lines + [t("builder.cubed.give_ready", locale, piece=piece, player=table.seats[to_seat].name),
                               t("builder.confirm_hint", locale)], menu, end,
                      action=GiveAction(piece=piece, to_seat=to_seat))


BUILDER = CubedBuilder()
