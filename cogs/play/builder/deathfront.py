"""Death Front by clicking. Each step's menu lists only what is legal now:
deploy (card → cell) or move (unit → cell, Fast units two steps), facility
(card → cell), skill (card → target), attack (target → attackers, with the
summed attack against the defence shown before Confirm); Keep / Mulligan,
Keep hand / discard-and-draw, advance or Stay, Pass (done with the step) and
the answer to an end-of-game proposal as buttons. Confirm can also finish
the player's step with the action ("Confirm, done"); the last card of the
hand says it ends the game at resolution; proposing to end the game opens a
screen of its own with Confirm (one tap never proposes)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from cogs.play.builder import ids
from cogs.play.builder.items import waiting_line
from cogs.play.builder.model import Button, Menu, Option, Screen
from cogs.play.builder.preview import base_board
from engines.base import IllegalAction
from engines.deathfront import choices, flow
from engines.deathfront import rules as R
from engines.deathfront.cards import card_name
from engines.deathfront.models import (
    HAND_LIMIT,
    AgreeEnd,
    Attack,
    DeathFrontState,
    DeclineEnd,
    Deploy,
    Discard,
    Keep,
    Move,
    Mulligan,
    Pass,
    PlaceFacility,
    PlaySkill,
    ProposeEnd,
    SkipDraw,
)
from engines.deathfront.notation import card_label
from i18n import t
from render import overlay
from tables.text import game_name

QUICK = {"keep": Keep, "mulligan": Mulligan, "skip": SkipDraw, "pass": Pass,
         "agree": AgreeEnd, "decline": DeclineEnd}
STEP_MENUS = {"deploy": "pick_action", "facility": "pick_facility", "skill": "pick_skill", "attack": "pick_target"}
PROPOSE = "end"  # the path of the proposal's own screen
FINISH = "fin"  # the last segment of Confirm's path that also ends the player's step


def _gone() -> IllegalAction:
    return IllegalAction("builder.gone")


def board_order(cell: str) -> tuple[int, str]:
    """Cells as the board is drawn: row 7 on top, columns A to E."""
    label = choices.split_target(cell)[0]
    return -int(label[1:]), label[0]


def _card_at(state: DeathFrontState, cell: str) -> str:
    label, at_facility = choices.split_target(cell)
    uid = state.facilities.get(label) if at_facility else state.pieces.get(label) or state.facilities.get(label)
    return uid or ""


def base(table: Any, locale: str = "en") -> tuple[Any, Any]:
    """The public board picture in the viewer's language and its geometry (cell boxes)."""
    def draw(state: Any) -> Any:
        from render.deathfront import BoardPicture

        picture = BoardPicture(table.engine.public_view(state), locale)
        return picture.draw(), picture

    return base_board(table, f"deathfront:{locale}", draw)


def preview_png(table: Any, sources: list[str], targets: list[str], chosen: list[str], text: str,
                name: str = "", locale: str = "en") -> bytes:
    """The public board with the acting card(s) ringed orange, every legal
    target ringed green with a dot and the chosen cells ringed thick (with
    ``name``, the card that would stand there, written on them). The board
    only, without the players and legend under it: the whole grid, your own
    rows too, fits a phone screen."""
    board, picture = base(table, locale)
    image = board.crop((0, 0, board.width, picture.grid_bottom))

    def box(cell: str) -> overlay.Box:
        label = choices.split_target(cell)[0] if ">" not in cell else cell.split(">")[-1]
        return overlay.Box(*picture.cell_box(label))

    for style, cells in (("target", [c for c in targets if c not in chosen]), ("source", sources),
                         ("chosen", chosen)):
        for cell in cells:
            overlay.mark(image, box(cell), style)  # type: ignore[arg-type]
    for cell in chosen if name else []:
        overlay.label(image, box(cell), name)
    return overlay.encode(overlay.caption(image, text))


class DeathFrontBuilder:
    game_type = "deathfront"

    def warm(self, table: Any, locale: str = "en") -> None:
        base(table, locale)

    def quick(self, table: Any, seat: int, name: str) -> BaseModel:
        if name not in QUICK:
            raise _gone()
        return QUICK[name]()

    def details(self, table: Any, seat: int, view: Any, locale: str) -> list[str]:
        """The hand's card facts, behind the panel's Details button: the step's
        instruction and the controls come first on a phone."""
        return table.definition.renderer.hand_text(view, locale).splitlines()

    def screen(self, table: Any, seat: int, path: tuple[str, ...], locale: str) -> Screen:
        state: DeathFrontState = table.state
        lines = [t("builder.title", locale, game=game_name("deathfront", locale), id=table.id)]
        if seat not in table.to_act():
            return Screen(lines + [waiting_line(table, locale)],
                          buttons=[Button(t("builder.refresh", locale), ids.REFRESH)])
        if state.end_vote is not None:
            lines.append(t("builder.deathfront.vote_start", locale, player=table.seats[state.end_vote.proposer].name))
            return Screen(lines, buttons=[self._quick("agree", locale, "success"), self._quick("decline", locale)])
        own = flow.own_step(state, seat)  # round 1's draw choice may come before the others' mulligan
        if own == "mulligan":
            buttons = [self._quick("keep", locale, "success")]
            if not state.mulliganed[seat]:
                buttons.append(self._quick("mulligan", locale))
            return Screen(lines + [t("builder.deathfront.mulligan_start", locale, hand_limit=HAND_LIMIT)], buttons=buttons)
        if own == "draw":
            return self._discard(state, seat, path, lines, locale)
        if state.pending_advance is not None:
            return self._advance(table, state, path, lines, locale)
        lines.append(t("builder.deathfront.step", locale, step=t(f"deathfront.step.{state.step}", locale)))
        buttons = [self._quick("pass", locale)]
        if state.proposed_round[seat] != state.round:
            buttons.append(Button(t("builder.deathfront.propose", locale), ids.GOTO, (PROPOSE,)))
        if path == (PROPOSE,):
            return self._propose(table, state, seat, lines, locale)
        if path and path[-1] == FINISH:
            return self._finishing(self.screen(table, seat, path[:-1], locale))
        if not path:
            options = self._first_options(state, seat, locale)
            if not options:
                lines.append(t("builder.deathfront.nothing", locale))
                return Screen(lines, buttons=buttons)
            lines.append(t("builder.deathfront.start", locale))
            return Screen(lines, Menu(t(f"builder.deathfront.{STEP_MENUS[state.step]}", locale), options, ()),
                          buttons)
        kind = path[0]
        handler = {"d": self._deploy, "m": self._move, "f": self._facility, "k": self._skill,
                   "a": self._attack}.get(kind)
        if handler is None or {"d": "deploy", "m": "deploy", "f": "facility", "k": "skill",
                               "a": "attack"}[kind] != state.step:
            raise _gone()
        screen = handler(table, state, seat, path, lines, locale)
        if screen.action is not None:
            if choices.plays_last_card(state, seat, screen.action):
                screen.lines.append(t("deathfront.confirm.last_card", locale))
            if flow.passing_ends_step(state) and not getattr(table, "scripted", False):
                screen.buttons.append(Button(t("builder.deathfront.confirm_done", locale), ids.CONFIRM,
                                             path + (FINISH,), "success"))
        screen.buttons += buttons
        return screen

    @staticmethod
    def _finishing(screen: Screen) -> Screen:
        """The screen of the path before, whose action also ends the step."""
        if screen.action is None or "done" not in type(screen.action).model_fields:
            raise _gone()
        screen.action = screen.action.model_copy(update={"done": True})
        return screen

    def _propose(self, table: Any, state: DeathFrontState, seat: int, lines: list[str], locale: str) -> Screen:
        """Proposing to end the game: its own screen, committed by Confirm."""
        if state.proposed_round[seat] == state.round:
            raise _gone()
        held = R.territory(state)
        return Screen(lines + [t("deathfront.confirm.propose_end", locale, allies=held[0], axis=held[1])],
                      action=ProposeEnd())

    def _quick(self, name: str, locale: str, style: str = "secondary") -> Button:
        label = {"skip": "keep_hand"}.get(name, name)
        return Button(t(f"builder.deathfront.{label}", locale), ids.QUICK, (name,), style)

    # -- the first choice of a step ------------------------------------------------------
    def _first_options(self, state: DeathFrontState, seat: int, locale: str) -> list[Option]:
        """As buttons: a card by its name (Details has its facts), cards to
        deploy on one row and units to move on the next, targets as the board
        lies."""
        def card(kind: str, uid: str, key: str | None = None) -> Option:
            label = card_label(R.card(uid), locale)
            text = t(f"builder.deathfront.{key}", locale, card=label) if key else label
            short = t(f"builder.deathfront.{key}", locale, card=card_name(uid, locale)) if key \
                else card_name(uid, locale)
            return Option(f"{kind}{ids.SEP}{uid}", text, short=short)

        if state.step == "deploy":
            return ([card("d", u, "deploy_option") for u in choices.deployable(state, seat)]
                    + [Option(f"m{ids.SEP}{c}", t("builder.deathfront.move_option", locale, cell=c,
                                                  card=card_name(state.pieces[c], locale)), group=1)
                       for c in choices.movable(state, seat)])
        if state.step == "facility":
            return [card("f", u) for u in choices.facilities(state, seat)]
        if state.step == "skill":
            return [card("k", u) for u in choices.skills(state, seat)]
        if state.step == "attack":
            return [Option(f"a{ids.SEP}{c}", self._cell_text(state, c, locale), group=-board_order(c)[0])
                    for c in sorted(choices.attack_targets(state, seat), key=board_order)]
        return []

    @staticmethod
    def _cell_text(state: DeathFrontState, cell: str, locale: str) -> str:
        uid = _card_at(state, cell)
        return f"{cell} · {card_name(uid, locale)}" if uid else cell

    def _cells_menu(self, state: DeathFrontState, placeholder: str, cells: list[str], base: tuple[str, ...],
                    locale: str, chosen: tuple[str, ...] = ()) -> Menu:
        """Cells to pick; as buttons, a row per row of the board where they fit."""
        return Menu(placeholder, [Option(c, self._cell_text(state, c, locale), group=-board_order(c)[0])
                                  for c in sorted(cells, key=board_order)], base, chosen=chosen)

    # -- deploy, move, facility ------------------------------------------------------------------
    def _deploy(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
                locale: str) -> Screen:
        return self._card_to_cell(table, state, seat, path, lines, locale, choices.deployable(state, seat),
                                  lambda uid: R.deploy_cells(state, seat, uid), Deploy, "chosen_deploy")

    def _facility(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
                  locale: str) -> Screen:
        return self._card_to_cell(table, state, seat, path, lines, locale, choices.facilities(state, seat),
                                  lambda uid: R.facility_cells(state, seat), PlaceFacility, "chosen_facility")

    def _card_to_cell(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...],
                      lines: list[str], locale: str, cards: list[str], cells_of: Any, model: Any,
                      done_key: str) -> Screen:
        if len(path) < 2 or path[1] not in cards or len(path) > 3:
            raise _gone()
        uid = path[1]
        cells = cells_of(uid)
        name = card_name(uid, locale)
        latin = name  # the card as the viewer reads it
        menu = self._cells_menu(state, t("builder.deathfront.pick_cell", locale, card=name), cells, path[:2], locale)
        if len(path) == 2:
            return Screen(lines + [t("builder.deathfront.pick_card", locale)], menu,
                          preview=lambda: preview_png(table, [], cells, [], f"{latin} → ?", locale=locale))
        cell = path[2]
        if cell not in cells:
            raise _gone()
        menu.chosen = (cell,)
        return Screen(lines + [t(f"builder.deathfront.{done_key}", locale, card=name, cell=cell),
                               t("builder.confirm_hint", locale)], menu,
                      action=model(card=uid, cell=cell),
                      preview=lambda: preview_png(table, [], cells, [cell], f"{latin} → {cell}", latin, locale=locale))

    def _move(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
              locale: str) -> Screen:
        if len(path) < 2 or len(path) > 3:
            raise _gone()
        origin = path[1]
        targets = choices.move_targets(state, seat, origin)
        if not targets:
            raise _gone()
        latin = card_name(state.pieces[origin], locale)
        menu = self._cells_menu(state, t("builder.deathfront.pick_move", locale, cell=origin), targets, path[:2], locale)
        if len(path) == 2:
            return Screen(lines + [t("builder.deathfront.pick_card", locale)], menu,
                          preview=lambda: preview_png(table, [origin], targets, [], f"{latin} {origin} → ?", locale=locale))
        to_cell = path[2]
        if to_cell not in targets:
            raise _gone()
        menu.chosen = (to_cell,)
        return Screen(lines + [t("builder.deathfront.chosen_move", locale, from_cell=origin, to_cell=to_cell),
                               t("builder.confirm_hint", locale)], menu,
                      action=Move(from_cell=origin, to_cell=to_cell),
                      preview=lambda: preview_png(table, [origin], targets, [to_cell], f"{latin} {origin} → {to_cell}",
                                                  latin, locale=locale))

    # -- skill -------------------------------------------------------------------------------
    def _skill(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
               locale: str) -> Screen:
        if len(path) < 2 or path[1] not in choices.skills(state, seat) or len(path) > 3:
            raise _gone()
        uid = path[1]
        name = latin = card_name(uid, locale)
        targets = choices.skill_targets(state, seat, uid)
        if targets == [None]:  # Supply Drop, Last Stand: no target
            if len(path) > 2:
                raise _gone()
            return Screen(lines + [t("builder.deathfront.chosen_skill", locale, card=name, target=""),
                                   t("builder.confirm_hint", locale)], action=PlaySkill(card=uid))
        cells = [x for x in targets if x]
        multi = (R.card(uid).targets or 1) if R.card(uid).effect == "smoke" else 1  # cards.toml
        menu = self._cells_menu(state, t("builder.deathfront.pick_skill_target", locale, card=name), cells,
                                path[:2], locale)
        menu.max_values = multi
        if len(path) == 2:
            return Screen(lines + [t("builder.deathfront.pick_card", locale)], menu,
                          preview=lambda: preview_png(table, [], cells, [], f"{latin} → ?", locale=locale))
        picked = path[2].split(ids.MULTI)
        if any(p not in cells for p in picked) or len(picked) > multi:
            raise _gone()
        menu.chosen = tuple(picked)
        target = ",".join(picked)
        return Screen(lines + [t("builder.deathfront.chosen_skill", locale, card=name,
                                 target=t("builder.deathfront.skill_on", locale, target=target)),
                               t("builder.confirm_hint", locale)], menu,
                      action=PlaySkill(card=uid, target=target),
                      preview=lambda: preview_png(table, [], cells, picked, f"{latin} → {target}", locale=locale))

    # -- attack --------------------------------------------------------------------------------
    def _attack(self, table: Any, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
                locale: str) -> Screen:
        if len(path) < 2 or path[1] not in choices.attack_targets(state, seat) or len(path) > 3:
            raise _gone()
        target = path[1]
        ready = choices.attackers_for(state, seat, target)
        menu = self._cells_menu(state, t("builder.deathfront.pick_attackers", locale, target=target), ready,
                                path[:2], locale)
        menu.max_values, menu.min_values = len(ready), 1
        # Every unit that reaches the target starts picked (one tap fewer per
        # attacker, issue 31); a tap takes one out, the last one stays.
        if len(path) == 2:
            lines = lines + [t("builder.deathfront.all_attackers", locale, cells=", ".join(ready)) if len(ready) > 1 else
                             t("builder.deathfront.one_attacker", locale, cell=ready[0] if ready else "?")]
        attackers = path[2].split(ids.MULTI) if len(path) > 2 else ready
        odds = choices.attack_odds(state, seat, target, attackers)
        if odds is None or any(a not in ready for a in attackers):
            raise _gone()
        total, defence = odds
        outcome = t("builder.deathfront.odds_win" if total > defence else "builder.deathfront.odds_fail", locale,
                    defence=defence)
        menu.chosen = tuple(attackers)
        label, at_facility = choices.split_target(target)
        return Screen(lines + [t("builder.deathfront.odds", locale, total=total, defence=defence, outcome=outcome),
                               t("builder.confirm_hint", locale)], menu if len(ready) > 1 else None,
                      action=Attack(target=label, attackers=attackers, at_facility=at_facility),
                      preview=lambda: preview_png(table, [target], ready, attackers,
                                                  f"{'+'.join(attackers)} → {target}: {total} vs {defence}", locale=locale))

    # -- draw step, advance ----------------------------------------------------------------------
    def _discard(self, state: DeathFrontState, seat: int, path: tuple[str, ...], lines: list[str],
                 locale: str) -> Screen:
        cards = choices.discardable(state, seat)
        menu = Menu(t("builder.deathfront.pick_discard", locale),
                    [Option(u, card_label(R.card(u), locale), short=card_name(u, locale)) for u in cards], ())
        buttons = [self._quick("skip", locale, "primary")]
        if not path:
            return Screen(lines + [t("builder.deathfront.draw_start", locale)], menu, buttons)
        if path[0] not in cards or len(path) > 1:
            raise _gone()
        menu.chosen = path
        return Screen(lines + [t("builder.deathfront.chosen_discard", locale, card=card_name(path[0], locale)),
                               t("builder.confirm_hint", locale)], menu, buttons, action=Discard(card=path[0]))

    def _advance(self, table: Any, state: DeathFrontState, path: tuple[str, ...], lines: list[str],
                 locale: str) -> Screen:
        pa = state.pending_advance
        assert pa is not None
        lines.append(t("builder.deathfront.advance_start", locale, cell=pa.cell))
        menu = self._cells_menu(state, t("builder.deathfront.pick_advance", locale, cell=pa.cell), pa.candidates,
                                (), locale)
        buttons = [self._quick("stay", locale)]
        if not path:
            return Screen(lines, menu, buttons,
                          preview=lambda: preview_png(table, pa.candidates, [pa.cell], [], f"? → {pa.cell}", locale=locale))
        if path[0] not in pa.candidates or len(path) > 1:
            raise _gone()
        menu.chosen = path
        return Screen(lines + [t("builder.deathfront.chosen_advance", locale, cell=path[0])], menu, buttons,
                      action=Move(from_cell=path[0], to_cell=pa.cell),
                      preview=lambda: preview_png(table, [path[0]], [pa.cell], [pa.cell], f"{path[0]} → {pa.cell}", locale=locale))


QUICK["stay"] = Pass
BUILDER = DeathFrontBuilder()
