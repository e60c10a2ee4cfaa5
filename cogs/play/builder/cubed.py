"""CUBED by clicking: piece → cell and rotation in one choice (the board's
cell labels, only where and how it fits; the rotation is named where more
than one fits), previewed → Confirm; Draw, Draw 3 and Pass as buttons; Keep
(Draw 3, keep 1) and Give (Fill the void). Pieces are named in words
(``engines.cubed.labels.piece_label``), cells by their board labels; the
choices are buttons where they fit (cogs/play/builder/controls.py). A piece
with one place to go, or the first piece of a round (the centre; its three
rotations are one start turned around), goes straight to Confirm with that
place picked, and the other rotations stay one tap away."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from cogs.play.builder import ids
from cogs.play.builder.items import waiting_line
from cogs.play.builder.model import Button, Menu, Option, Screen
from cogs.play.builder.preview import base_board
from engines.base import IllegalAction
from engines.cubed import choices
from engines.cubed.labels import cell_labels, piece_label, pieces_label
from engines.cubed.models import (
    CubedPrivateView,
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
    words = piece_label(piece, locale)
    return Option(piece, words, t("builder.cubed.piece", locale, kind=t(f"cubed.kind.{info.kind}", locale),
                                  points=points), words)


def one_per_look(pieces: list[str]) -> list[str]:
    """Each piece id once, and one copy of each blocker colour (alike in play)."""
    seen: dict[tuple[str, ...], str] = {}
    for piece in pieces:
        seen.setdefault(tuple(PIECES_BY_ID[piece].faces), piece)
    return list(seen.values())


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
    words = piece_label(piece, locale)
    if cell is not None:
        cx, cy = layout.centre(*cell)
        overlay.paste_centred(image, cube_sprite(tuple(rotate(faces, rotation)), layout.size, locale), cx, cy)
        overlay.mark(image, overlay.Hex(cx, cy, layout.size), "chosen")
        text = f"{words}  →  {cell_labels(table.state).get(cell, '?')}   ↻ {rotation}"
    else:
        overlay.paste_centred(image, cube_sprite(tuple(faces), 28, locale), 34, 34)
        text = f"{words}  →  ?"
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

    def details(self, table: Any, seat: int, view: CubedPrivateView, locale: str) -> list[str]:
        """The hand in words, behind the panel's Details button: by kind, with the points each counts."""
        lines = [t("builder.cubed.hand", locale, count=len(view.hand), points=sum(p.points for p in view.hand))]
        for kind in ("blocker", "one", "two", "three"):
            pieces = [p for p in view.hand if p.kind == kind]
            if pieces:
                lines.append(t("builder.cubed.hand_kind", locale, kind=t(f"cubed.kind.{kind}", locale),
                               points=pieces[0].points, pieces=pieces_label([p.id for p in pieces], locale)))
        return lines

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
            pieces = one_per_look(choices.fitting_pieces(state, seat))
            lines.append(t("builder.cubed.start" if pieces else "builder.cubed.none_fit", locale))
            menu = Menu(t("builder.cubed.pick_piece", locale), [piece_option(state, p, locale) for p in pieces], (),
                        prompt=False)
            return Screen(lines, menu if pieces else None, self._buttons(table, state, seat, locale))
        piece = path[0]
        where = choices.placements_of(state, seat, piece)
        if not where or len(path) > 2:
            raise _gone()
        targets = list(where)
        words = piece_label(piece, locale)
        labels = cell_labels(state)
        menu = Menu(t("builder.cubed.pick_cell", locale, piece=words), self._spots(where, labels, locale), path[:1])
        spots = [(cell, k) for cell, rotations in where.items() for k in rotations]
        if len(path) == 1:
            if len(spots) > 1 and state.table:
                lines.append(t("builder.cubed.chosen_piece", locale, piece=words))
                return Screen(lines, menu, preview=lambda: preview_png(table, seat, piece, targets, locale=locale))
            cell, rotation = spots[0]  # one place fits, or the round's first piece: picked for you
            lines.append(t("builder.cubed.one_spot" if len(spots) == 1 else "builder.cubed.first_piece", locale,
                           cell=labels.get(cell, "?"), rotation=rotation))
        else:
            token, _, chosen = path[1].partition(SPOT)
            cell = choices.parse_token(token)  # type: ignore[assignment]
            if cell not in where or not chosen.isdigit() or int(chosen) not in where[cell]:
                raise _gone()
            rotation = int(chosen)
        menu.chosen, menu.prompt = (spot_value(cell, rotation),), False
        lines += [t("builder.cubed.chosen_cell", locale, piece=words, cell=labels.get(cell, "?"), rotation=rotation),
                  t("builder.confirm_hint", locale)]
        return Screen(lines, menu, action=PlaceAction(piece=piece, cell=cell, rotation=rotation),
                      preview=lambda: preview_png(table, seat, piece, targets, cell, rotation, locale))

    @staticmethod
    def _spots(where: dict[Cell, list[int]], labels: dict[Cell, str], locale: str) -> list[Option]:
        """One option per cell and rotation that fits: the cell and its
        rotation are one choice (one tap), the rotation named only where
        more than one fits; as buttons, a row per cell where they fit."""
        out = []
        for number, (cell, rotations) in enumerate(where.items()):
            name = labels.get(cell)
            label = t("builder.cubed.cell", locale, cell=name) if name else t("builder.cubed.no_label", locale)
            for k in rotations:
                if len(rotations) == 1:
                    out.append(Option(spot_value(cell, k), label, short=name or label, group=number))
                    continue
                out.append(Option(spot_value(cell, k), f"{label} · {t('builder.cubed.rotation', locale, rotation=k)}",
                                  t("builder.cubed.rotation_hint", locale, degrees=120 * k),
                                  t("builder.cubed.spot", locale, cell=name or "?", rotation=k), number))
        return out

    def _keep(self, state: CubedState, path: tuple[str, ...], lines: list[str], locale: str) -> Screen:
        pending = one_per_look(state.pending)
        menu = Menu(t("builder.cubed.pick_keep", locale), [piece_option(state, p, locale) for p in pending], ())
        if not path:
            return Screen(lines + [t("builder.cubed.keep_start", locale)], menu)
        if path[0] not in pending or len(path) > 1:
            raise _gone()
        menu.chosen, menu.prompt = path, False
        return Screen(lines + [t("builder.cubed.keep_chosen", locale, piece=piece_label(path[0], locale)),
                               t("builder.confirm_hint", locale)], menu, action=KeepAction(piece=path[0]))

    def _give(self, table: Any, state: CubedState, seat: int, path: tuple[str, ...], lines: list[str],
              locale: str) -> Screen:
        end = [Button(t("builder.cubed.end_turn", locale), ids.QUICK, ("pass",))]
        hand = one_per_look(state.hands[seat])
        if not path:
            menu = Menu(t("builder.cubed.pick_gift", locale), [piece_option(state, p, locale) for p in hand], (),
                        prompt=False)
            return Screen(lines + [t("builder.cubed.give_start", locale)], menu, end)
        piece = path[0]
        if piece not in hand or len(path) > 2:
            raise _gone()
        words = piece_label(piece, locale)
        others = [s for s in range(len(state.hands)) if s != seat]
        menu = Menu(t("builder.cubed.pick_player", locale, piece=words),
                    [Option(str(s), table.seats[s].name[:100]) for s in others], path[:1], prompt=False)
        if len(path) == 1:
            return Screen(lines + [t("builder.cubed.give_chosen", locale, piece=words)], menu, end)
        if not path[1].isdigit() or int(path[1]) not in others:
            raise _gone()
        to_seat = int(path[1])
        menu.chosen = (path[1],)
        return Screen(lines + [t("builder.cubed.give_ready", locale, piece=words, player=table.seats[to_seat].name),
                               t("builder.confirm_hint", locale)], menu, end,
                      action=GiveAction(piece=piece, to_seat=to_seat))


BUILDER = CubedBuilder()
