"""The CUBED engine: turns, rounds, variants and solo (docs/rules/cubed.md)."""
from __future__ import annotations

import random
from typing import ClassVar

from pydantic import BaseModel

from engines.base import Event, GameEngine, Messages, Result, Rng, SeatInfo
from engines.cubed import labels, worlds
from engines.cubed.models import (
    ACTION_ADAPTER,
    CellLabel,
    CubedConfig,
    CubedPrivateView,
    CubedPublicView,
    CubedState,
    Draw3Action,
    DrawAction,
    GiveAction,
    HandPiece,
    KeepAction,
    PassAction,
    PastPiece,
    PlaceAction,
    Placement,
    TablePiece,
)
from engines.cubed.moves import has_placement, legal_placements
from engines.cubed.pieces import ALL_IDS, PIECES_BY_ID, shown_faces
from engines.cubed.rules import (
    CENTRE,
    Cell,
    blocked_cells,
    is_enclosed,
    neighbour_arcs,
    rotate,
    shown_error,
)
from engines.cubed.table_view import TableView, keep_view, share_view, table_view

HAND_SIZES = {2: 25, 3: 20, 4: 18, 5: 15, 6: 13, 7: 11, 8: 10, 9: 8, 10: 8, 11: 7}
SOLO_HAND = 25
SOLO_MAX_BLOCKERS = 3
SOLO_MAX_DRAWS = 2
THREE_DRAW = 3


MESSAGES = Messages("cubed")
_err = MESSAGES.illegal
_ev = MESSAGES.event


def hand_points(state: CubedState, seat: int) -> int:
    return sum(state.config.points.of(PIECES_BY_ID[p].kind) for p in state.hands[seat])


def recent_placements(state: CubedState) -> list[tuple[int, int]]:
    """Cells placed since the current seat last placed a piece this round."""
    table = state.table
    last_own = max((i for i, p in enumerate(table) if p.seat == state.current), default=-1)
    return [p.cell for p in table[last_own + 1:] if p.seat >= 0]


class CubedEngine(GameEngine[CubedConfig, CubedState]):
    game_type: ClassVar[str] = "cubed"
    # A seat whose pieces fit nowhere can only draw, then only pass: played at once.
    plays_forced_actions: ClassVar[bool] = True
    config_model: ClassVar[type[BaseModel]] = CubedConfig
    state_model: ClassVar[type[BaseModel]] = CubedState
    action_adapter = ACTION_ADAPTER
    greedy_ai = "engines.cubed.ai:choose_action"
    search_knowledge = "engines.cubed.ai_search:make_knowledge"

    # ---- seats and life cycle ---------------------------------------------
    def seat_range(self, config: CubedConfig) -> tuple[int, int]:
        return (1, 1) if config.solo else (2, 11)

    def new_game(self, config: CubedConfig, seats: list[SeatInfo], seed: int) -> CubedState:
        lo, hi = self.seat_range(config)
        if not lo <= len(seats) <= hi:
            raise ValueError(f"CUBED needs {lo}-{hi} seats, got {len(seats)}")
        if config.first_seat is not None and config.first_seat >= len(seats):
            raise ValueError(f"first_seat {config.first_seat}: only {len(seats)} seats")
        if config.solo:
            config = config.model_copy(update={"rounds": 1, "bridge": False, "fill": False, "draw3": False,
                                               "first_seat": None})
        state = CubedState(
            config=config,
            seat_names=[s.name for s in seats],
            rng=Rng(seed=seed),
            totals=[0] * len(seats),
        )
        if config.solo:
            self._start_solo(state)
        else:
            drawn = state.rng.randrange(len(seats))  # drawn either way: the same deal whoever starts
            self._start_round(state, starter=drawn if config.first_seat is None else config.first_seat)
        return state

    def to_act(self, state: CubedState) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def result(self, state: CubedState) -> Result | None:
        if state.phase != "over":
            return None
        if state.config.solo:
            won = state.solo_outcome == "won"
            return Result(
                ranks=[1 if won else 2],
                scores=[float(hand_points(state, 0))],
                reason="cubed.end.solo_win" if won else "cubed.end.solo_loss",
            )
        totals = state.totals
        ranks = [1 + sum(1 for other in totals if other < mine) for mine in totals]
        return Result(ranks=ranks, scores=[float(t) for t in totals], reason="cubed.end.rounds")

    lowest_score_wins = True

    def scores(self, state: CubedState) -> list[float] | None:
        """The totals of the rounds played (lowest wins); None in round one."""
        if state.config.solo or not state.round_scores:
            return None
        return [float(t) for t in state.totals]

    # ---- legal actions ------------------------------------------------------
    def legal_actions(self, state: CubedState, seat: int) -> list[BaseModel]:
        if state.phase == "over" or seat != state.current:
            return []
        if state.phase == "keep":
            return [KeepAction(piece=p) for p in dict.fromkeys(state.pending)]
        if state.phase == "give":
            others = [s for s in range(len(state.hands)) if s != seat]
            gifts: list[BaseModel] = [
                GiveAction(piece=p, to_seat=s) for p in dict.fromkeys(state.hands[seat]) for s in others
            ]
            return gifts + [PassAction()]
        actions: list[BaseModel] = list(legal_placements(state, seat))
        if state.config.solo:
            # "If you cannot place a piece, you must draw": a draw only when nothing fits.
            if not actions and state.bag and state.solo_draws < SOLO_MAX_DRAWS:
                actions.append(DrawAction())
            return actions
        return actions + self._other_actions(state)

    def copy_state(self, state: CubedState) -> CubedState:
        """Fresh lists; the placements, the config and the tuples are frozen and
        shared, and so is the table's view until the copy's table changes."""
        copy = state.model_copy(update={
            "seat_names": list(state.seat_names),
            "rng": state.rng.model_copy(),
            "bag": list(state.bag),
            "hands": [list(hand) for hand in state.hands],
            "pending": list(state.pending),
            "table": list(state.table),
            "round_scores": [list(scores) for scores in state.round_scores],
            "totals": list(state.totals),
            "previous_table": list(state.previous_table),
        })
        share_view(state, copy)
        return copy

    def forced_action(self, state: CubedState, seat: int) -> BaseModel | None:
        """As ``GameEngine.forced_action``, without listing the placements:
        outside solo a turn offers the placements and one or two other
        actions (``_other_actions``), so it is forced only when it offers one
        other action and no piece fits."""
        if not state.config.solo and state.phase in ("turn", "drawn", "bonus") and seat == state.current:
            others = self._other_actions(state)
            if len(others) > 1 or has_placement(state, seat):
                return None
            return others[0]
        return super().forced_action(state, seat)

    @staticmethod
    def _other_actions(state: CubedState) -> list[BaseModel]:
        """A turn's actions besides placing (outside solo): draw (and draw 3)
        while the bag holds pieces, else pass; after a draw or a bonus, pass."""
        if state.phase != "turn":
            return [PassAction()]
        if not state.bag:
            return [PassAction()]
        return [DrawAction(), Draw3Action()] if state.config.draw3 else [DrawAction()]

    # ---- applying actions -----------------------------------------------------
    def _apply(self, state: CubedState, seat: int, action: BaseModel) -> list[Event]:
        if state.phase == "over":
            raise _err("game_over")
        if seat != state.current:
            raise _err("not_your_turn")
        handler = self.handler_for(action)
        if handler is None:
            raise _err("unknown_action")
        if state.phase == "keep" and not isinstance(action, KeepAction):
            raise _err("must_keep")
        return handler(self, state, seat, action)

    def _place(self, state: CubedState, seat: int, action: PlaceAction) -> list[Event]:
        if state.phase == "give":
            raise _err("give_or_pass")
        piece = self._own_piece(state, seat, action.piece)
        if action.rotation not in (0, 1, 2):
            raise _err("bad_rotation", rotation=action.rotation)
        cell = (int(action.cell[0]), int(action.cell[1]))
        view = table_view(state)
        table, blocked = view.table, view.blocked
        name = self._cell_name(view, cell)
        if not table and cell != CENTRE:
            raise _err("first_centre", piece=piece, cell=name)
        code = shown_error(table, blocked, rotate(PIECES_BY_ID[piece].faces, action.rotation), cell)
        if code:
            raise _err(code, piece=piece, cell=name)
        arcs = neighbour_arcs(table, cell)
        enclosed = is_enclosed(table, cell)

        state.hands[seat].remove(piece)
        placement = Placement(piece=piece, q=cell[0], r=cell[1], rotation=action.rotation, seat=seat)
        state.table.append(placement)
        keep_view(state, view.after({**table, cell: shown_faces(piece, action.rotation)}, PIECES_BY_ID[piece].faces,
                                    cell))
        state.last_placed = cell
        # The log names the stable axial cell: board labels are renumbered after every placement.
        events = [_ev("placed", seat=seat, piece=piece, cell=f"{cell[0]},{cell[1]}", label=name, q=cell[0], r=cell[1],
                      rotation=action.rotation)]

        if state.config.solo:
            state.solo_draws = 0
            return events + self._check_solo(state)
        if not state.hands[seat]:
            return events + self._end_round(state, out_seat=seat)
        if state.phase != "bonus":
            if state.config.bridge and arcs >= 2:
                state.phase = "bonus"
                return events + [_ev("bridge", seat=seat)]
            if state.config.fill and enclosed and len(state.hands[seat]) >= 2:
                state.phase = "give"
                return events + [_ev("fill", seat=seat)]
        return events + self._end_turn(state, placed=True)

    def _cell_name(self, view: TableView, cell: Cell) -> str:
        """The cell's label as players see it, for messages."""
        return view.label_of(cell) or f"{cell[0]},{cell[1]}"

    def _draw(self, state: CubedState, seat: int, action: DrawAction) -> list[Event]:
        if state.config.solo:
            if has_placement(state, seat):
                raise _err("solo_must_place")
            if state.solo_draws >= SOLO_MAX_DRAWS:
                raise _err("solo_draw_limit")
        elif state.phase != "turn":
            raise _err("already_drew" if state.phase == "drawn" else self._phase_hint(state))
        if not state.bag:
            raise _err("bag_empty")
        state.hands[seat].append(self._take_from_bag(state))
        events = [_ev("drew", seat=seat, bag=len(state.bag))]
        if state.config.solo:
            state.solo_draws += 1
            return events + self._check_solo(state)
        state.phase = "drawn"
        return events

    def _pass(self, state: CubedState, seat: int, action: PassAction) -> list[Event]:
        if state.config.solo:
            raise _err("solo_no_pass")
        if state.phase == "turn":
            if state.bag:
                raise _err("cannot_pass")
            return [_ev("passed", seat=seat)] + self._end_turn(state, placed=False)
        if state.phase == "drawn":
            return [_ev("passed", seat=seat)] + self._end_turn(state, placed=False)
        # bonus or give declined: the turn had its placement
        return [_ev("ended", seat=seat)] + self._end_turn(state, placed=True)

    def _draw3(self, state: CubedState, seat: int, action: Draw3Action) -> list[Event]:
        if not state.config.draw3:
            raise _err("draw3_off")
        if state.phase != "turn":
            raise _err("draw3_start")
        if not state.bag:
            raise _err("bag_empty")
        for _ in range(min(THREE_DRAW, len(state.bag))):
            state.pending.append(self._take_from_bag(state))
        state.phase = "keep"
        return [_ev("drew3", seat=seat, count=len(state.pending))]

    def _keep(self, state: CubedState, seat: int, action: KeepAction) -> list[Event]:
        if state.phase != "keep":
            raise _err("nothing_to_keep")
        if action.piece not in state.pending:
            raise _err("not_pending", piece=action.piece)
        state.pending.remove(action.piece)
        state.hands[seat].append(action.piece)
        returned = len(state.pending)
        state.bag.extend(state.pending)
        state.pending = []
        return [_ev("kept", seat=seat, returned=returned)] + self._end_turn(state, placed=False)

    def _give(self, state: CubedState, seat: int, action: GiveAction) -> list[Event]:
        if state.phase != "give":
            raise _err("no_give")
        piece = self._own_piece(state, seat, action.piece)
        if not (0 <= action.to_seat < len(state.hands)) or action.to_seat == seat:
            raise _err("bad_target")
        if len(state.hands[seat]) < 2:
            raise _err("last_piece")
        state.hands[seat].remove(piece)
        state.hands[action.to_seat].append(piece)
        return [_ev("gave", seat=seat, to_seat=action.to_seat)] + self._end_turn(state, placed=True)

    action_handlers = {
        PlaceAction: _place,
        DrawAction: _draw,
        PassAction: _pass,
        Draw3Action: _draw3,
        KeepAction: _keep,
        GiveAction: _give,
    }

    # ---- turn and round flow --------------------------------------------------
    def _phase_hint(self, state: CubedState) -> str:
        return {"bonus": "bonus_place_or_pass", "give": "give_or_pass", "keep": "must_keep"}.get(
            state.phase, "wrong_phase"
        )

    def _own_piece(self, state: CubedState, seat: int, piece: str) -> str:
        if piece not in PIECES_BY_ID:
            raise _err("unknown_piece", piece=piece[:12])
        if piece not in state.hands[seat]:
            raise _err("not_in_hand", piece=piece)
        return piece

    def _take_from_bag(self, state: CubedState) -> str:
        return state.bag.pop(state.rng.randrange(len(state.bag)))

    def _end_turn(self, state: CubedState, placed: bool) -> list[Event]:
        if placed:
            state.passes = 0
        else:
            state.passes = state.passes + 1 if not state.bag else 0
        if state.passes >= len(state.hands):
            return self._end_round(state, out_seat=None)
        state.current = (state.current + 1) % len(state.hands)
        state.phase = "turn"
        return []

    def _start_round(self, state: CubedState, starter: int) -> list[Event]:
        seats = len(state.seat_names)
        state.round += 1
        state.bag = list(ALL_IDS)
        state.table = []
        state.pending = []
        state.hands = [[self._take_from_bag(state) for _ in range(HAND_SIZES[seats])] for _ in range(seats)]
        state.current = starter
        state.phase = "turn"
        state.passes = 0
        state.last_placed = None
        return [_ev("round_start", round=state.round, rounds=state.config.rounds, seat=starter)]

    def _end_round(self, state: CubedState, out_seat: int | None) -> list[Event]:
        seats = len(state.hands)
        scores = [0 if s == out_seat else hand_points(state, s) for s in range(seats)]
        state.round_scores.append(scores)
        state.previous_table = list(state.table)
        state.totals = [t + s for t, s in zip(state.totals, scores)]
        if out_seat is not None:
            events = [_ev("round_out", round=state.round, seat=out_seat)]
            winner = out_seat
        else:
            events = [_ev("round_blocked", round=state.round)]
            order = [(state.current + 1 + i) % seats for i in range(seats)]  # next starter first
            winner = min(order, key=lambda s: scores[s])
        events += [
            _ev("round_score", seat=s, round=state.round, points=scores[s], total=state.totals[s])
            for s in range(seats)
        ]
        if state.round < state.config.rounds:
            return events + self._start_round(state, starter=winner)
        state.phase = "over"
        best = min(state.totals)
        return events + [_ev("winner", seat=s, total=t) for s, t in enumerate(state.totals) if t == best]

    # ---- solo ---------------------------------------------------------------------
    def _start_solo(self, state: CubedState) -> None:
        state.round = 1
        state.bag = list(ALL_IDS)
        hand: list[str] = []
        set_aside: list[str] = []
        while len(hand) < SOLO_HAND:
            piece = self._take_from_bag(state)
            blockers = sum(PIECES_BY_ID[p].is_blocker for p in hand)
            if PIECES_BY_ID[piece].is_blocker and blockers >= SOLO_MAX_BLOCKERS:
                set_aside.append(piece)  # returned after the hand is complete
            else:
                hand.append(piece)
        start = self._take_from_bag(state)
        while PIECES_BY_ID[start].is_blocker:
            set_aside.append(start)
            start = self._take_from_bag(state)
        state.bag.extend(set_aside)
        state.hands = [hand]
        state.table = [Placement(piece=start, q=CENTRE[0], r=CENTRE[1], rotation=0)]
        state.current = 0
        state.phase = "turn"

    def _check_solo(self, state: CubedState) -> list[Event]:
        if not state.hands[0]:
            state.solo_outcome = "won"
            state.phase = "over"
            return [_ev("solo_won", seat=0)]
        if has_placement(state, 0):
            return []
        if state.solo_draws >= SOLO_MAX_DRAWS or not state.bag:
            state.solo_outcome = "lost"
            state.phase = "over"
            return [_ev("solo_lost", seat=0, left=len(state.hands[0]), points=hand_points(state, 0))]
        return []

    # ---- views -----------------------------------------------------------------------
    def public_view(self, state: CubedState) -> CubedPublicView:
        result = self.result(state)
        return CubedPublicView(
            config=state.config,
            seat_names=state.seat_names,
            round=state.round,
            rounds=state.config.rounds,
            current=state.current,
            phase=state.phase,
            table=self._table_view(state.table),
            blocked=sorted(blocked_cells(state.table_dict())),
            labels=[] if state.phase == "over" else [
                CellLabel(label=name, q=c[0], r=c[1]) for c, name in labels.cell_labels(state).items()
            ],
            hand_sizes=[len(h) for h in state.hands],
            bag_count=len(state.bag),
            pending_count=len(state.pending),
            round_scores=state.round_scores,
            totals=state.totals,
            solo_draws=state.solo_draws,
            solo_outcome=state.solo_outcome,
            last_placed=state.last_placed,
            recent_placed=recent_placements(state),
            winners=[s for s, rank in enumerate(result.ranks) if rank == 1] if result else [],
            previous_table=[] if state.table else [
                PastPiece(q=p.q, r=p.r, faces=rotate(PIECES_BY_ID[p.piece].faces, p.rotation))
                for p in state.previous_table
            ],
        )

    @staticmethod
    def _table_view(placements: list[Placement]) -> list[TablePiece]:
        return [
            TablePiece(piece=p.piece, q=p.q, r=p.r, rotation=p.rotation,
                       faces=rotate(PIECES_BY_ID[p.piece].faces, p.rotation))
            for p in placements
        ]

    def hidden_hand(self, state: CubedState, seat: int) -> dict[str, list[str]]:
        # From the state: the private view would also work out every legal placement.
        pending = state.pending if seat == state.current else []
        return {"hand": list(state.hands[seat]), "pending": list(pending)}

    def hidden_hand_changed(self, before: CubedState, after: CubedState, seat: int) -> bool:
        """``hidden_hand``'s two lists compared in place (it is never None)."""
        return before.hands[seat] != after.hands[seat] or \
            (before.pending if seat == before.current else []) != (after.pending if seat == after.current else [])

    def information_state(self, state: CubedState, seat: int) -> CubedState:
        return worlds.information_state(state, seat)

    def sample_world(self, info: CubedState, seat: int, rng: random.Random) -> CubedState:
        return worlds.sample_world(info, seat, rng)

    def private_view(self, state: CubedState, seat: int) -> CubedPrivateView | None:
        if not 0 <= seat < len(state.hands):
            return None
        points = state.config.points
        fitting = {move.piece for move in legal_placements(state, seat)} if state.phase != "over" else set()

        def view(piece_id: str) -> HandPiece:
            piece = PIECES_BY_ID[piece_id]
            return HandPiece(id=piece.id, faces=piece.faces, kind=piece.kind, points=points.of(piece.kind),
                             fits=piece_id in fitting)

        return CubedPrivateView(
            seat=seat,
            hand=[view(p) for p in state.hands[seat]],
            pending=[view(p) for p in state.pending] if seat == state.current else [],
            phase=state.phase,
            your_turn=state.phase != "over" and seat == state.current,
        )
