"""SETUP as a ``GameEngine``: turns, hands, the bag, scoring and the end."""
from __future__ import annotations

import random

from pydantic import BaseModel

from engines.base import Event, GameEngine, IllegalAction, Result, Rng, SeatInfo, event
from engines.setup import rules, worlds
from engines.setup.models import (
    LastMove,
    PlayAction,
    SetupConfig,
    SetupPrivateView,
    SetupPublicView,
    SetupState,
    SquareView,
    SwapAction,
    action_adapter,
)
from engines.setup.plays import candidate_plays
from engines.setup.rules import TEAM_OF_SEAT, ffa_ranks, team_ranks

TEAM_ORDER = [0, 2, 1, 3]  # figure-eight: A1 -> B1 -> A2 -> B2
TEAM_LETTERS = "AB"


def seat_label(seat: int, mode: str) -> str:
    if mode == "teams":
        return f"{TEAM_LETTERS[TEAM_OF_SEAT[seat]]}{seat % 2 + 1}"
    return f"P{seat + 1}"


def partner_of(seat: int) -> int:
    return seat ^ 1  # seats 0+1 and 2+3 are partners


def format_placements(placements: list[tuple[str, str]]) -> str:
    return rules.plain(", ".join(f"{tile} {square}" for tile, square in placements))


class SetupEngine(GameEngine[SetupConfig, SetupState]):
    game_type = "setup"
    config_model = SetupConfig
    state_model = SetupState
    action_adapter = action_adapter
    greedy_ai = "engines.setup.ai:choose_action"
    search_knowledge = "engines.setup.ai_search:make_knowledge"

    # ---- seats and life cycle ------------------------------------------
    def seat_range(self, config: SetupConfig) -> tuple[int, int]:
        return (4, 4) if config.mode == "teams" else (2, 4)

    def new_game(self, config: SetupConfig, seats: list[SeatInfo], seed: int) -> SetupState:
        low, high = self.seat_range(config)
        if not low <= len(seats) <= high:
            raise IllegalAction("setup.err.seat_count", count=len(seats), min=low, max=high)
        rng = Rng(seed=seed)
        bag = list(rules.ALL_TILES)
        rng.shuffle(bag)
        stacks: dict[str, list[str]] = {sq: [] for sq in rules.SQUARES}
        for sq in rules.PUBLIC_SQUARES:
            stacks[sq].append(bag.pop())
        hands = [[bag.pop() for _ in range(rules.HAND_SIZE)] for _ in seats]
        common = [bag.pop() for _ in range(rules.COMMON_SIZE)]
        order = list(TEAM_ORDER) if config.mode == "teams" else list(range(len(seats)))
        drawn = rng.randrange(len(order))  # drawn either way: the same deal whoever starts
        if config.first_seat is not None and config.first_seat >= len(seats):
            raise ValueError(f"first_seat {config.first_seat}: only {len(seats)} seats")
        return SetupState(
            config=config, seats=list(seats), rng=rng, bag=bag, stacks=stacks,
            common=common, hands=hands, scores=[0] * len(seats), turn_order=order,
            turn_pos=drawn if config.first_seat is None else order.index(config.first_seat),
            last_placed=[-1] * len(seats),
        )

    def to_act(self, state: SetupState) -> list[int]:
        return [] if state.finished else [state.current_seat]

    def teams(self, state: SetupState) -> list[int] | None:
        return list(TEAM_OF_SEAT) if state.config.mode == "teams" else None

    # ---- legality --------------------------------------------------------
    def legal_actions(self, state: SetupState, seat: int) -> list[BaseModel]:
        """A representative subset: every legal one-tile play, the AI's best
        multi-tile plays, swapping each single tile and swapping the whole hand."""
        if state.finished or seat != state.current_seat:
            return []
        actions: list[BaseModel] = [PlayAction(placements=c.placements) for c in candidate_plays(state, seat)]
        hand = state.hands[seat]
        actions += [SwapAction(tiles=[tile]) for tile in hand]
        if len(hand) > 1:
            actions.append(SwapAction(tiles=list(hand)))
        return actions

    def check_turn(self, state: SetupState, seat: int) -> None:
        if state.finished:
            raise IllegalAction("setup.err.game_over")
        if seat != state.current_seat:
            raise IllegalAction("setup.err.not_your_turn")

    def check_play(self, state: SetupState, seat: int, placements: list[tuple[str, str]]) -> frozenset[str]:
        """Validate a play for ``seat`` (turn aside); returns the scoring squares."""
        if not 1 <= len(placements) <= rules.MAX_TILES_PER_PLAY:
            raise IllegalAction("setup.err.play_count", min=1, max=rules.MAX_TILES_PER_PLAY)
        allowed = rules.allowed_squares(seat, state.num_players)
        seen_tiles: set[str] = set()
        seen_squares: set[str] = set()
        for tile, square in placements:
            if not rules.is_tile(tile):
                raise IllegalAction("setup.err.unknown_tile", tile=rules.plain(tile))
            if square not in rules.SQUARE_POSITIONS:
                raise IllegalAction("setup.err.unknown_square", square=square)
            if tile in seen_tiles:
                raise IllegalAction("setup.err.duplicate_tile", tile=rules.plain(tile))
            if square in seen_squares:
                raise IllegalAction("setup.err.duplicate_square", square=square)
            seen_tiles.add(tile)
            seen_squares.add(square)
            if square not in allowed:
                raise IllegalAction("setup.err.square_not_allowed", square=square)
            if tile not in state.hands[seat] and tile not in state.common:
                if state.config.mode == "teams" and tile in state.hands[partner_of(seat)]:
                    raise IllegalAction("setup.err.partner_tile", tile=rules.plain(tile))
                raise IllegalAction("setup.err.tile_not_available", tile=rules.plain(tile))
        placed = {square: tile for tile, square in placements}
        return rules.scoring_squares(state.visible_board(), placed)

    def check_swap(self, state: SetupState, seat: int, tiles: list[str]) -> None:
        if not tiles:
            raise IllegalAction("setup.err.swap_empty")
        if len(set(tiles)) != len(tiles):
            duplicate = next(t for t in tiles if tiles.count(t) > 1)
            raise IllegalAction("setup.err.duplicate_tile", tile=rules.plain(duplicate))
        for tile in tiles:
            if tile not in state.hands[seat]:
                raise IllegalAction("setup.err.swap_not_in_hand", tile=rules.plain(tile))

    # ---- applying --------------------------------------------------------
    def copy_state(self, state: SetupState) -> SetupState:
        """Fresh lists; the config, the seats and the last move are frozen and shared."""
        return state.model_copy(update={
            "seats": list(state.seats),
            "rng": state.rng.model_copy(),
            "bag": list(state.bag),
            "stacks": {square: list(stack) for square, stack in state.stacks.items()},
            "common": list(state.common),
            "hands": [list(hand) for hand in state.hands],
            "scores": list(state.scores),
            "turn_order": list(state.turn_order),
            "last_placed": list(state.last_placed),
        })

    def _apply(self, state: SetupState, seat: int, action: BaseModel) -> list[Event]:
        self.check_turn(state, seat)
        handler = self.handler_for(action)
        if handler is None:
            raise IllegalAction("setup.err.bad_action")
        events = handler(self, state, seat, action)
        state.move_number += 1
        events += self._maybe_finish(state)
        if not state.finished:
            state.turn_pos = (state.turn_pos + 1) % len(state.turn_order)
        return events

    def _play(self, state: SetupState, seat: int, action: PlayAction) -> list[Event]:
        placements = action.placements
        scoring = self.check_play(state, seat, placements)
        for tile, square in placements:
            source = state.hands[seat] if tile in state.hands[seat] else state.common
            source.remove(tile)
            state.stacks[square].append(tile)
        points = len(scoring)
        bonuses = rules.bonus_points(scoring, seat, state.num_players)
        state.scores[seat] += points
        for other, bonus in bonuses.items():
            state.scores[other] += bonus
        state.last_placed[seat] = state.move_number
        state.consecutive_swaps = 0
        state.last_move = LastMove(
            seat=seat, kind="play", placements=[(tile, square) for tile, square in placements],
            scoring_squares=sorted(scoring, key=rules.SQUARES.index), points=points, bonuses=bonuses,
        )
        events = [event("setup.ev.play", seat=seat, move=format_placements(placements), points=points,
                        total=state.scores[seat])]
        owners = rules.square_owners(state.num_players)
        for other, bonus in bonuses.items():
            on_squares = [sq for sq in rules.SQUARES if sq in scoring and owners[sq] == other]
            board = state.visible_board()
            events.append(event("setup.ev.bonus", seat=other, by_seat=seat,
                                tiles=rules.plain(", ".join(f"{board[sq]} {sq}" for sq in on_squares)),
                                points=bonus, total=state.scores[other]))
        events += self._refill(state, state.common, rules.COMMON_SIZE)
        events += self._refill(state, state.hands[seat], rules.HAND_SIZE)
        return events

    def _swap(self, state: SetupState, seat: int, action: SwapAction) -> list[Event]:
        tiles = action.tiles
        self.check_swap(state, seat, tiles)
        hand = state.hands[seat]
        for tile in tiles:
            hand.remove(tile)
            state.bag.append(tile)
        state.rng.shuffle(state.bag)
        for _ in tiles:
            hand.append(state.bag.pop())
        state.consecutive_swaps += 1
        state.last_move = LastMove(seat=seat, kind="swap", swapped=len(tiles))
        return [event("setup.ev.swap", seat=seat, count=len(tiles))]

    action_handlers = {PlayAction: _play, SwapAction: _swap}

    def _refill(self, state: SetupState, target: list[str], size: int) -> list[Event]:
        events: list[Event] = []
        while len(target) < size:
            if not state.bag:
                recycled = self._recycle_covered(state)
                if not recycled:
                    break
                events.append(event("setup.ev.recycle", count=recycled))
            target.append(state.bag.pop())
        return events

    def _recycle_covered(self, state: SetupState) -> int:
        """Empty bag: every covered tile goes back into the bag, reshuffled."""
        for square, stack in state.stacks.items():
            if len(stack) > 1:
                state.bag.extend(stack[:-1])
                state.stacks[square] = stack[-1:]
        state.rng.shuffle(state.bag)
        return len(state.bag)

    def _maybe_finish(self, state: SetupState) -> list[Event]:
        events: list[Event] = []
        if max(state.scores) >= state.config.finish_line(state.num_players):
            state.end_reason = "setup.end.finish_line"
        elif state.consecutive_swaps >= state.config.stall_rounds * state.num_players:
            state.end_reason = "setup.end.stalled"
            events.append(event("setup.ev.stalled", rounds=state.config.stall_rounds))
        else:
            return events
        state.finished = True
        result = self.result(state)
        assert result is not None
        if state.config.mode == "teams":
            winners = [s for s in range(4) if result.ranks[s] == 1]
            if len(winners) == 2:
                events.append(event("setup.ev.team_winner", team=TEAM_LETTERS[TEAM_OF_SEAT[winners[0]]],
                                    first_seat=winners[0], second_seat=winners[1]))
            else:
                events.append(event("setup.ev.draw"))
        else:
            winners = [s for s in range(state.num_players) if result.ranks[s] == 1]
            if len(winners) == 1:
                events.append(event("setup.ev.winner", seat=winners[0], points=state.scores[winners[0]]))
            else:
                events.append(event("setup.ev.draw"))
        return events

    # ---- result ------------------------------------------------------------
    def result(self, state: SetupState) -> Result | None:
        if not state.finished:
            return None
        scores = [float(s) for s in state.scores]
        if state.config.mode == "teams":
            ranks = team_ranks(state.scores, state.last_placed)
            return Result(ranks=ranks, teams=list(TEAM_OF_SEAT), scores=scores, reason=state.end_reason)
        ranks = ffa_ranks(state.scores, state.last_placed)
        return Result(ranks=ranks, scores=scores, reason=state.end_reason)

    def scores(self, state: SetupState) -> list[float] | None:
        return [float(s) for s in state.scores]

    # ---- views ---------------------------------------------------------------
    def public_view(self, state: SetupState) -> SetupPublicView:
        owners = rules.square_owners(state.num_players)
        mode = state.config.mode
        result = self.result(state)
        return SetupPublicView(
            mode=mode,
            num_players=state.num_players,
            finish=state.config.finish_line(state.num_players),
            squares=[
                SquareView(square=sq, owner=owners[sq], top=stack[-1] if stack else None,
                           under=max(len(stack) - 1, 0))
                for sq, stack in ((sq, state.stacks[sq]) for sq in rules.SQUARES)
            ],
            common=list(state.common),
            bag_count=len(state.bag),
            hand_counts=[len(h) for h in state.hands],
            scores=list(state.scores),
            seat_labels=[seat_label(s, mode) for s in range(state.num_players)],
            seat_names=[seat.name for seat in state.seats],
            teams=self.teams(state),
            turn_order=list(state.turn_order),
            to_act=None if state.finished else state.current_seat,
            move_number=state.move_number,
            last_move=state.last_move.model_copy(deep=True) if state.last_move else None,
            finished=state.finished,
            ranks=result.ranks if result else None,
        )

    def hidden_hand(self, state: SetupState, seat: int) -> dict[str, list[str] | None]:
        partner = state.hands[partner_of(seat)] if state.config.mode == "teams" else None
        return {"hand": list(state.hands[seat]), "partner": partner}

    def hidden_hand_changed(self, before: SetupState, after: SetupState, seat: int) -> bool:
        """``hidden_hand``'s hand and partner's hand compared in place (it is never None)."""
        if before.hands[seat] != after.hands[seat]:
            return True
        partner = partner_of(seat)
        return (before.hands[partner] if before.config.mode == "teams" else None) \
            != (after.hands[partner] if after.config.mode == "teams" else None)

    def information_state(self, state: SetupState, seat: int) -> SetupState:
        return worlds.information_state(state, seat)

    def sample_world(self, info: SetupState, seat: int, rng: random.Random) -> SetupState:
        return worlds.sample_world(info, seat, rng)

    def private_view(self, state: SetupState, seat: int) -> SetupPrivateView:
        mode = state.config.mode
        view = SetupPrivateView(
            seat=seat, seat_label=seat_label(seat, mode), mode=mode,
            hand=list(state.hands[seat]), common=list(state.common),
            allowed_squares=list(rules.allowed_squares(seat, state.num_players)),
            your_turn=not state.finished and state.current_seat == seat, seat_name=state.seats[seat].name,
        )
        if mode == "teams":
            partner = partner_of(seat)
            view.partner_seat = partner
            view.partner_label = seat_label(partner, mode)
            view.partner_hand = list(state.hands[partner])
            view.partner_name = state.seats[partner].name
            view.partner_turn = not state.finished and state.current_seat == partner
            view.partner_squares = list(rules.allowed_squares(partner, state.num_players))
        return view
