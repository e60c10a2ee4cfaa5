"""Death Front: Blitzkrieg — the rules engine (see docs/rules/deathfront.md)."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engines.base import Event, GameEngine, IllegalAction, Result, Rng, SeatInfo

from . import board, views, worlds
from . import rules as R
from .cards import ALLIED_FACTIONS, default_cards
from .models import (
    ACTION_ADAPTER,
    HAND_LIMIT,
    AgreeEnd,
    Arrow,
    Attack,
    DeathFrontConfig,
    DeathFrontPrivateView,
    DeathFrontPublicView,
    DeathFrontState,
    DeclineEnd,
    Deploy,
    Discard,
    EndVote,
    Keep,
    Move,
    Mulligan,
    Pass,
    PendingAdvance,
    PlaceFacility,
    PlaySkill,
    ProposeEnd,
    SkipDraw,
)
from .notation import resolve_card
from .skills import SKILLS, skill_options

# Action order of round 1 by faction; each round the first actor moves to the end.
BASE_ORDER = ("us", "ss", "uk", "wehrmacht")
ACTION_STEPS = ("deploy", "facility", "skill", "attack")
NEXT_STEP = {"deploy": "facility", "facility": "skill", "skill": "attack"}


def ev(key: str, **params: Any) -> Event:
    return Event(key=f"deathfront.ev.{key}", params=params)


def illegal(key: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"deathfront.err.{key}", **params)


class DeathFrontEngine(GameEngine[DeathFrontConfig, DeathFrontState]):
    game_type = "deathfront"
    config_model = DeathFrontConfig
    state_model = DeathFrontState
    action_adapter = ACTION_ADAPTER
    greedy_ai = "engines.deathfront.ai:choose_action"
    search_knowledge = "engines.deathfront.ai_search:make_knowledge"

    # ---- seats and life cycle ---------------------------------------------
    def seat_range(self, config: DeathFrontConfig) -> tuple[int, int]:
        return (2, 4) if config.factions is None else (config.players, config.players)

    def allowed_seat_counts(self, config: DeathFrontConfig) -> list[int]:
        """2 or 4; with factions chosen in the lobby, exactly that many."""
        return [2, 4] if config.factions is None else [config.players]

    def new_game(self, config: DeathFrontConfig, seats: list[SeatInfo], seed: int) -> DeathFrontState:
        if len(seats) not in self.allowed_seat_counts(config):
            raise illegal("seat_count", need=config.players, got=len(seats))
        if config.factions is None:
            config = config.model_copy(update={"players": len(seats)})
        cards = default_cards()
        factions = config.seat_factions()
        rng = Rng(seed=seed)
        decks = []
        for faction in factions:
            deck = list(cards.decks[faction])
            rng.shuffle(deck)
            decks.append(deck)
        hands = [[deck.pop() for _ in range(HAND_LIMIT)] for deck in decks]
        columns = board.column_count(config.players)
        return DeathFrontState(
            config=config,
            names=[s.name for s in seats],
            factions=factions,
            rng=rng,
            decks=decks,
            hands=hands,
            discards=[[] for _ in seats],
            frontline=cards.frontline[:columns],
            waiting=list(range(len(seats))),
            mulliganed=[False] * len(seats),
            proposed_round=[-1] * len(seats),
        )

    def teams(self, state: DeathFrontState) -> list[int] | None:
        if state.players == 2:
            return None
        return [R.side_of_seat(state, s) for s in range(state.players)]

    def result(self, state: DeathFrontState) -> Result | None:
        return state.result

    # ---- whose turn ------------------------------------------------------------
    def to_act(self, state: DeathFrontState) -> list[int]:
        if state.result is not None:
            return []
        if state.end_vote is not None:
            return sorted(state.end_vote.waiting)
        if state.step in ("mulligan", "draw"):
            return sorted(state.waiting)
        if state.pending_advance is not None:
            return [state.pending_advance.seat]
        return [state.order[state.actor]]

    def legal_actions(self, state: DeathFrontState, seat: int) -> list[BaseModel]:
        """Complete except for card copies (one per card kind), skills (see
        ``skills.skill_options``) and combined attacks: per target all ready
        attackers, each one alone, and the fewest that win."""
        if seat not in self.to_act(state):
            return []
        if state.end_vote is not None:
            return [AgreeEnd(), DeclineEnd()]
        if state.step == "mulligan":
            return [Keep(), Mulligan()]
        if state.step == "draw":
            kinds = {R.card(u).id: u for u in state.hands[seat]}
            return [SkipDraw(), *(Discard(card=u) for u in kinds.values())]
        if state.pending_advance is not None:
            pa = state.pending_advance
            return [Move(from_cell=c, to_cell=pa.cell) for c in pa.candidates] + [Pass()]
        actions = self._step_actions(state, seat) + [Pass()]
        if state.proposed_round[seat] != state.round:
            actions.append(ProposeEnd())
        return actions

    def _step_actions(self, state: DeathFrontState, seat: int, first_only: bool = False) -> list[BaseModel]:
        out: list[BaseModel] = []
        if state.step == "deploy":
            for uid in _one_per_kind(state.hands[seat], ("unit", "resource")):
                out += [Deploy(card=uid, cell=c) for c in R.deploy_cells(state, seat, uid)]
                if first_only and out:
                    return out
            for cell, uid in list(state.pieces.items()):
                if R.seat_of(state, uid) == seat:
                    out += [Move(from_cell=cell, to_cell=t) for t in R.move_paths(state, seat, cell)]
                    if first_only and out:
                        return out
        elif state.step == "facility":
            cells = R.facility_cells(state, seat)
            for uid in _one_per_kind(state.hands[seat], ("facility",)):
                out += [PlaceFacility(card=uid, cell=c) for c in cells]
        elif state.step == "skill":
            for uid in _one_per_kind(state.hands[seat], ("skill",)):
                out += skill_options(state, seat, uid)
        elif state.step == "attack":
            for target in R.attackable_targets(state, seat):
                out += _attack_options(state, seat, target)
                if first_only and out:
                    return out
        return out

    def _can_do_something(self, state: DeathFrontState, seat: int) -> bool:
        return bool(self._step_actions(state, seat, first_only=True))

    # ---- apply -------------------------------------------------------------------
    def _apply(self, state: DeathFrontState, seat: int, action: BaseModel) -> list[Event]:
        if state.result is not None:
            raise illegal("game_over")
        if not 0 <= seat < state.players:
            raise illegal("not_seated")
        kind = getattr(action, "kind", None)
        if state.end_vote is not None:
            if kind not in ("agree_end", "decline_end") or seat not in state.end_vote.waiting:
                raise illegal("end_vote_open")
        elif kind in ("agree_end", "decline_end"):
            raise illegal("no_end_vote")
        if seat not in self.to_act(state):
            raise illegal("not_your_turn")
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None:
            raise illegal("unknown_action")
        events: list[Event] = handler(state, seat, action)
        self._advance(state, events)
        return events

    # -- setup and draw ------------------------------------------------------------
    def _do_keep(self, state: DeathFrontState, seat: int, action: Keep) -> list[Event]:
        self._need_step(state, "mulligan")
        return self._hold(state, seat, ev("keep", seat=seat))

    def _do_mulligan(self, state: DeathFrontState, seat: int, action: Mulligan) -> list[Event]:
        self._need_step(state, "mulligan")
        if state.mulliganed[seat]:
            raise illegal("mulligan_used")
        deck = state.decks[seat]
        deck.extend(state.hands[seat])
        state.hands[seat] = []
        state.rng.shuffle(deck)
        state.hands[seat] = [deck.pop() for _ in range(min(HAND_LIMIT, len(deck)))]
        state.mulliganed[seat] = True
        return self._hold(state, seat, ev("mulligan", seat=seat))

    def _do_skip_draw(self, state: DeathFrontState, seat: int, action: SkipDraw) -> list[Event]:
        self._need_step(state, "draw")
        return self._hold(state, seat, ev("skip_draw", seat=seat))

    def _do_discard(self, state: DeathFrontState, seat: int, action: Discard) -> list[Event]:
        self._need_step(state, "draw")
        uid = self._hand_card(state, seat, action.card)
        state.hands[seat].remove(uid)
        state.discards[seat].append(uid)
        while len(state.secret_discards) < state.players:
            state.secret_discards.append([])
        state.secret_discards[seat].append(uid)
        self._draw(state, seat)
        return self._hold(state, seat, ev("discard_draw", seat=seat))

    @staticmethod
    def _hold(state: DeathFrontState, seat: int, event: Event) -> list[Event]:
        """A simultaneous choice stays hidden (no event, no trace in the
        public view) until every seat has chosen; see ``_reveal``."""
        state.waiting.remove(seat)
        state.held_events.append(event)
        return []

    @staticmethod
    def _reveal(state: DeathFrontState, events: list[Event]) -> None:
        events.extend(sorted(state.held_events, key=lambda e: e.params["seat"]))
        state.held_events = []

    # -- deploy step -----------------------------------------------------------------
    def _do_deploy(self, state: DeathFrontState, seat: int, action: Deploy) -> list[Event]:
        self._need_step(state, "deploy")
        uid = self._hand_card(state, seat, action.card)
        card = R.card(uid)
        if card.type not in ("unit", "resource"):
            raise illegal("not_deployable", card=card.name.en, card_id=card.id)
        cell = self._cell(state, action.cell)
        if action.cell not in R.deploy_cells(state, seat, uid):
            raise self._placement_error(state, seat, uid, cell)
        state.hands[seat].remove(uid)
        state.moved.append(uid)  # a card deployed this round does not also move
        events = [ev("deploy", seat=seat, card=card.name.en, card_id=card.id, cell=action.cell)]
        if card.type == "unit":
            state.had_units[R.side_of(state, uid)] = True
        self._enter(state, uid, action.cell, events)
        self._next_actor(state, passed=False)
        return events

    def _placement_error(self, state: DeathFrontState, seat: int, uid: str,
                         cell: board.Cell) -> IllegalAction:
        label = board.name(cell)
        card = R.card(uid)
        if label in state.pieces:
            return illegal("occupied", cell=label)
        if board.territory_of(cell[1]) != R.side_of_seat(state, seat):
            if cell[1] == board.FRONT_ROW:
                return illegal("front_line_needs_airborne", cell=label)
            return illegal("not_own_territory", cell=label)
        if card.armoured:
            return illegal("anti_tank_obstacle", cell=label)
        return illegal("cannot_enter", cell=label)

    def _do_move(self, state: DeathFrontState, seat: int, action: Move) -> list[Event]:
        if state.pending_advance is not None:
            return self._advance_into(state, seat, action)
        self._need_step(state, "deploy")
        self._cell(state, action.from_cell)
        to_cell = self._cell(state, action.to_cell)
        uid = state.pieces.get(action.from_cell)
        if uid is None or R.seat_of(state, uid) != seat:
            raise illegal("not_your_card", cell=action.from_cell)
        if uid in state.moved:
            raise illegal("already_moved", cell=action.from_cell)
        paths = R.move_paths(state, seat, action.from_cell)
        if action.to_cell not in paths:
            start = board.at(action.from_cell)
            distance = abs(start[0] - to_cell[0]) + abs(start[1] - to_cell[1])
            if distance > (2 if R.card(uid).has("fast") else 1) or distance == 0:
                raise illegal("too_far", cell=action.to_cell)
            if action.to_cell in state.pieces:
                raise illegal("occupied", cell=action.to_cell)
            enemy_ground = board.territory_of(to_cell[1]) not in (None, R.side_of(state, uid))
            if R.card(uid).has("indirect") and enemy_ground:
                raise illegal("indirect_enemy_territory", cell=action.to_cell)
            raise illegal("cannot_enter", cell=action.to_cell)
        card = R.card(uid)
        del state.pieces[action.from_cell]
        state.moved.append(uid)
        events = [ev("move", seat=seat, card=card.name.en, card_id=card.id, from_cell=action.from_cell,
                     to_cell=action.to_cell)]
        for label in paths[action.to_cell]:
            if not self._enter(state, uid, label, events):
                break
            if label != action.to_cell:
                del state.pieces[label]
        state.last = Arrow(kind="move", seat=seat, sources=[action.from_cell], target=action.to_cell)
        self._next_actor(state, passed=False)
        return events

    def _advance_into(self, state: DeathFrontState, seat: int, action: Move) -> list[Event]:
        pa = state.pending_advance
        assert pa is not None
        if action.to_cell != pa.cell or action.from_cell not in pa.candidates:
            raise illegal("bad_advance", cell=pa.cell)
        uid = state.pieces.pop(action.from_cell)
        events = [ev("advance", seat=seat, card=R.card(uid).name.en, card_id=R.card(uid).id, from_cell=action.from_cell,
                     to_cell=pa.cell)]
        self._enter(state, uid, pa.cell, events)
        state.last = Arrow(kind="move", seat=seat, sources=[action.from_cell], target=pa.cell)
        state.pending_advance = None
        self._next_actor(state, passed=False)
        return events

    # -- facility and skill steps -----------------------------------------------------
    def _do_facility(self, state: DeathFrontState, seat: int, action: PlaceFacility) -> list[Event]:
        self._need_step(state, "facility")
        uid = self._hand_card(state, seat, action.card)
        card = R.card(uid)
        if card.type != "facility":
            raise illegal("not_facility", card=card.name.en, card_id=card.id)
        cell = self._cell(state, action.cell)
        if action.cell not in R.facility_cells(state, seat):
            if board.territory_of(cell[1]) != R.side_of_seat(state, seat):
                raise illegal("not_own_territory", cell=action.cell)
            if action.cell in state.facilities:
                raise illegal("has_facility", cell=action.cell)
            raise illegal("enemy_on_square", cell=action.cell)
        state.hands[seat].remove(uid)
        state.facilities[action.cell] = uid
        self._next_actor(state, passed=False)
        return [ev("facility", seat=seat, card=card.name.en, card_id=card.id, cell=action.cell)]

    def _do_skill(self, state: DeathFrontState, seat: int, action: PlaySkill) -> list[Event]:
        self._need_step(state, "skill")
        uid = self._hand_card(state, seat, action.card)
        card = R.card(uid)
        if card.type != "skill":
            raise illegal("not_skill", card=card.name.en, card_id=card.id)
        events = [ev("skill", seat=seat, card=card.name.en, card_id=card.id)]
        effect = SKILLS[card.effect or ""]
        events += effect(self, state, seat, card, action.target)
        state.hands[seat].remove(uid)
        state.discards[seat].append(uid)
        self._next_actor(state, passed=False)
        return events

    # -- attack step -------------------------------------------------------------------
    def _do_attack(self, state: DeathFrontState, seat: int, action: Attack) -> list[Event]:
        self._need_step(state, "attack")
        if state.pending_advance is not None:
            raise illegal("advance_pending")
        self._cell(state, action.target)
        target = R.target_uid(state, seat, action.target, action.at_facility)
        if target is None:
            raise illegal("no_target", cell=action.target)
        if not action.attackers:
            raise illegal("no_attackers")
        if len(set(action.attackers)) != len(action.attackers):
            raise illegal("duplicate_attacker")
        for label in action.attackers:
            self._check_attacker(state, seat, label, action.target)
        target_card = R.card(target)
        total = R.attack_total(state, action.attackers, target)
        defence = R.defence(state, target, action.target, action.attackers)
        destroyed = total > defence
        for label in action.attackers:
            state.exhausted.append(state.pieces[label])
        key = "attack_hit" if destroyed else "attack_miss"
        events = [
            ev(key, seat=seat, target_seat=R.seat_of(state, target), card=target_card.name.en, card_id=target_card.id,
               cell=action.target,
               attackers=", ".join(action.attackers), total=total, defence=defence)
        ]
        state.last = Arrow(kind="attack", seat=seat, sources=list(action.attackers), target=action.target,
                           total=total, defence=defence, destroyed=destroyed)
        if destroyed:
            self._destroy(state, target, action.target)
            if target_card.type == "unit":
                movers = [a for a in action.attackers if R.may_enter(state, state.pieces[a], action.target)]
                if movers:
                    state.pending_advance = PendingAdvance(seat=seat, cell=action.target, candidates=movers)
                    return events
        self._next_actor(state, passed=False)
        return events

    def _check_attacker(self, state: DeathFrontState, seat: int, label: str, target: str) -> None:
        self._cell(state, label)
        uid = state.pieces.get(label)
        if uid is None or R.seat_of(state, uid) != seat or not R.is_unit(uid):
            raise illegal("not_your_unit", cell=label)
        if uid in state.exhausted:
            raise illegal("exhausted", cell=label)
        if uid in state.smoked:
            raise illegal("smoked", cell=label)
        if target not in R.range_cells(state, label, uid):
            raise illegal("out_of_range", cell=label, target=target)
        if not R.is_supplied(state, label, uid):
            raise illegal("not_supplied", cell=label, level=R.card(uid).level)

    # -- pass and ending by agreement ------------------------------------------------------
    def _do_pass(self, state: DeathFrontState, seat: int, action: Pass) -> list[Event]:
        if state.pending_advance is not None:
            state.pending_advance = None
            self._next_actor(state, passed=False)
            return [ev("stay", seat=seat)]
        if state.step not in ACTION_STEPS:
            raise illegal("wrong_step")
        self._next_actor(state, passed=True)
        return [ev("pass", seat=seat)]

    def _do_propose_end(self, state: DeathFrontState, seat: int, action: ProposeEnd) -> list[Event]:
        if state.step not in ACTION_STEPS:
            raise illegal("wrong_step")
        if state.proposed_round[seat] == state.round:
            raise illegal("already_proposed")
        state.proposed_round[seat] = state.round
        state.end_vote = EndVote(proposer=seat, waiting=[s for s in range(state.players) if s != seat])
        return [ev("end_proposed", seat=seat)]

    def _do_agree_end(self, state: DeathFrontState, seat: int, action: AgreeEnd) -> list[Event]:
        assert state.end_vote is not None
        state.end_vote.waiting.remove(seat)
        events = [ev("end_agreed", seat=seat)]
        if not state.end_vote.waiting:
            state.end_vote = None
            self._finish_by_territory(state, "agreed", events)
        return events

    def _do_decline_end(self, state: DeathFrontState, seat: int, action: DeclineEnd) -> list[Event]:
        state.end_vote = None
        return [ev("end_declined", seat=seat)]

    # ---- flow ------------------------------------------------------------------------
    def _advance(self, state: DeathFrontState, events: list[Event]) -> None:
        """Run everything automatic until a player must decide or the game ends.
        A player with nothing to do but pass passes automatically."""
        while state.result is None and state.end_vote is None:
            if state.step == "mulligan":
                if state.waiting:
                    return
                self._reveal(state, events)
                self._start_round(state, events)
            elif state.step == "draw":
                if state.waiting:
                    return
                self._reveal(state, events)
                self._start_step(state, "deploy", events)
            elif state.pending_advance is not None:
                return
            elif state.passes >= state.players:
                self._end_step(state, events)
            elif self._can_do_something(state, state.order[state.actor]):
                return
            else:
                self._next_actor(state, passed=True)

    def _next_actor(self, state: DeathFrontState, passed: bool) -> None:
        state.passes = state.passes + 1 if passed else 0
        state.actor = (state.actor + 1) % state.players

    def _start_round(self, state: DeathFrontState, events: list[Event]) -> None:
        state.round += 1
        state.order = action_order(state.factions, state.round)
        state.moved, state.exhausted, state.smoked = [], [], []
        state.supply_drop, state.last_stand = [], []
        state.last = None
        state.step = "draw"
        state.waiting = []
        events.append(ev("round_start", round=state.round, seat=state.order[0]))
        for seat in state.order:
            if not state.decks[seat]:
                continue
            if len(state.hands[seat]) < HAND_LIMIT:
                self._draw(state, seat)
            else:
                state.waiting.append(seat)

    def _start_step(self, state: DeathFrontState, step: str, events: list[Event]) -> None:
        state.step = step  # type: ignore[assignment]
        state.actor, state.passes = 0, 0
        events.append(ev(f"step_{step}", round=state.round))
        if step == "deploy":
            self._check_breakthrough(state, events)

    def _end_step(self, state: DeathFrontState, events: list[Event]) -> None:
        if state.step == "deploy":
            self._deploy_step_cleanup(state, events)
        if state.step in NEXT_STEP:
            self._start_step(state, NEXT_STEP[state.step], events)
        else:
            self._resolve(state, events)
            if state.result is None:
                self._start_round(state, events)

    def _check_breakthrough(self, state: DeathFrontState, events: list[Event]) -> None:
        """A unit at enemy depth 3 must move on to depth 4: it breaks through at
        the start of the deploy/move step (in action order)."""
        for seat in state.order:
            side = R.side_of_seat(state, seat)
            for label, uid in sorted(state.pieces.items()):
                if not R.is_unit(uid) or R.seat_of(state, uid) != seat or R.card(uid).has("indirect"):
                    continue
                if board.enemy_depth(side, board.at(label)[1]) == 3:
                    events.append(ev("breakthrough", seat=seat, card=R.card(uid).name.en, card_id=R.card(uid).id, cell=label))
                    self._finish(state, side, "breakthrough", events)
                    return

    def _deploy_step_cleanup(self, state: DeathFrontState, events: list[Event]) -> None:
        cols = R.columns(state)
        lost_resources = []
        for label, uid in state.pieces.items():
            if R.card(uid).type != "resource":
                continue
            side = R.side_of(state, uid)
            for n in board.neighbours(board.at(label), cols):
                other = state.pieces.get(board.name(n))
                if other and R.is_unit(other) and R.side_of(state, other) != side:
                    lost_resources.append((label, uid))
                    break
        removed_facilities = []
        for label, uid in state.facilities.items():
            side = R.side_of(state, uid)
            here = board.at(label)
            near = [label] + [board.name(n) for n in board.neighbours(here, cols)]
            if any(
                (o := state.pieces.get(c)) and R.card(o).has("engineer") and R.side_of(state, o) != side
                for c in near
            ):
                removed_facilities.append((label, uid))
        for label, uid in lost_resources:
            events.append(ev("resource_lost", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id,
                             cell=label))
            self._destroy(state, uid, label)
        for label, uid in removed_facilities:
            events.append(ev("facility_removed", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id,
                             cell=label))
            self._destroy(state, uid, label)

    def _resolve(self, state: DeathFrontState, events: list[Event]) -> None:
        has_units = [bool(R.units_of_side(state, side)) for side in (0, 1)]
        # A side that has had units and has none loses, unless neither side
        # has a unit left (then play goes on: rulings, Elimination).
        lost = [state.had_units[s] and not has_units[s] and has_units[1 - s] for s in (0, 1)]
        if lost[0] or lost[1]:
            self._finish(state, 1 if lost[0] else 0, "elimination", events)
        elif any(not hand for hand in state.hands):
            self._finish_by_territory(state, "no_cards", events)
        elif state.round >= state.config.round_limit:
            self._finish_by_territory(state, "round_limit", events)

    def _finish_by_territory(self, state: DeathFrontState, reason: str, events: list[Event]) -> None:
        held = R.territory(state)
        winner = None if held[0] == held[1] else (0 if held[0] > held[1] else 1)
        self._finish(state, winner, reason, events)

    def _finish(self, state: DeathFrontState, winner_side: int | None, reason: str,
                events: list[Event]) -> None:
        sides = [R.side_of_seat(state, s) for s in range(state.players)]
        held = R.territory(state)
        ranks = [1 if winner_side is None or side == winner_side else 2 for side in sides]
        state.result = Result(
            ranks=ranks,
            teams=sides if state.players == 4 else None,
            scores=[float(held[side]) for side in sides],
            reason=f"deathfront.end.{reason}",
        )
        state.step = "over"
        state.pending_advance = None
        state.end_vote = None
        held_params = {"allies": held[0], "axis": held[1]}
        if winner_side is None:
            events.append(ev("draw", reason=reason, **held_params))
        else:
            events.append(ev("allies_win" if winner_side == 0 else "axis_win", reason=reason, **held_params))

    # ---- card movement helpers ------------------------------------------------------------
    def _draw(self, state: DeathFrontState, seat: int) -> None:
        if state.decks[seat] and len(state.hands[seat]) < HAND_LIMIT:
            state.hands[seat].append(state.decks[seat].pop())

    def _enter(self, state: DeathFrontState, uid: str, label: str, events: list[Event]) -> bool:
        """Put ``uid`` on ``label``; an enemy minefield there destroys a unit
        (not an Engineer) and is spent. False if the card was destroyed."""
        if R.mine_hits(state, uid, label):
            mine = state.facilities[label]
            events.append(ev("mine", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id, cell=label,
                             mine_seat=R.seat_of(state, mine)))
            self._to_discard(state, uid)
            self._destroy(state, mine, label)
            return False
        state.pieces[label] = uid
        return True

    def _destroy(self, state: DeathFrontState, uid: str, label: str) -> None:
        if state.pieces.get(label) == uid:
            del state.pieces[label]
        elif state.facilities.get(label) == uid:
            del state.facilities[label]
        for lst in (state.exhausted, state.smoked):
            if uid in lst:
                lst.remove(uid)
        self._to_discard(state, uid)

    def _to_discard(self, state: DeathFrontState, uid: str) -> None:
        state.discards[R.seat_of(state, uid)].append(uid)

    # ---- checks ----------------------------------------------------------------------------
    def _need_step(self, state: DeathFrontState, step: str) -> None:
        if state.step != step or (state.pending_advance is not None and step != "attack"):
            raise illegal("wrong_step")

    def _cell(self, state: DeathFrontState, label: str) -> board.Cell:
        cell = R.cell_of(label, state)
        if cell is None:
            raise illegal("bad_cell", cell=label)
        return cell

    def _hand_card(self, state: DeathFrontState, seat: int, ref: str) -> str:
        """A card in ``seat``'s hand by uid, card id (any copy) or name."""
        uid = resolve_card(state.hands[seat], ref)
        if uid is None:
            raise illegal("not_in_hand", card=ref)
        return uid

    # ---- views --------------------------------------------------------------------------------
    def public_view(self, state: DeathFrontState) -> DeathFrontPublicView:
        return views.public_view(state, self.to_act(state))

    def hidden_hand(self, state: DeathFrontState, seat: int):
        return list(state.hands[seat])

    def private_view(self, state: DeathFrontState, seat: int) -> DeathFrontPrivateView:
        return views.private_view(state, seat)

    def information_state(self, state: DeathFrontState, seat: int) -> DeathFrontState:
        return worlds.information_state(state, seat)

    def sample_world(self, info: DeathFrontState, seat: int, rng: random.Random) -> DeathFrontState:
        return worlds.sample_world(info, seat, rng)


def action_order(factions: list[str], round_number: int) -> list[int]:
    """Seats in action order: round 1 US, SS, UK, Wehrmacht (2 players: the
    Allied player first); each round the first actor moves to the end."""
    present = [f for f in BASE_ORDER if f in factions]
    if len(present) == 2:
        present.sort(key=lambda f: not is_allied(f))
    shift = (round_number - 1) % len(present)
    return [factions.index(f) for f in present[shift:] + present[:shift]]


def _one_per_kind(hand: list[str], types: tuple[str, ...]) -> list[str]:
    seen: dict[str, str] = {}
    for uid in hand:
        card = R.card(uid)
        if card.type in types and card.id not in seen:
            seen[card.id] = uid
    return list(seen.values())


def _attack_options(state: DeathFrontState, seat: int, target: str) -> list[Attack]:
    attackers = R.ready_attackers(state, seat, target)
    if not attackers:
        return []
    options = [attackers] + [[a] for a in attackers]
    uid = R.target_uid(state, seat, target)
    assert uid is not None
    fewest = R.fewest_winning(state, attackers, uid, target)
    if fewest:
        options.append(fewest)
    seen, out = set(), []
    for group in options:
        key = tuple(sorted(group))
        if key not in seen:
            seen.add(key)
            out.append(Attack(target=target, attackers=list(key)))
    piece, facility = state.pieces.get(target), state.facilities.get(target)
    if piece and facility and R.side_of(state, facility) != R.side_of_seat(state, seat) and \
            R.side_of(state, piece) != R.side_of_seat(state, seat):
        out.append(Attack(target=target, attackers=attackers, at_facility=True))
    return out


def is_allied(faction: str) -> bool:
    return faction in ALLIED_FACTIONS
