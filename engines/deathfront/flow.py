"""Turn flow: the mulligan and the draw (simultaneous, hidden until all have
chosen), the action order, steps and rounds, passing, ending by agreement,
and the automatic part between decisions (breakthroughs, lost resources and
facilities, the end of the game)."""
from __future__ import annotations

from typing import Any

from engines.base import Event, GameEngine, Result

from . import board
from . import rules as R
from .able import can_do_something
from .cards import ALLIED_FACTIONS
from .changes import destroy, draw, hand_card, hold, next_actor
from .messages import ev, illegal
from .models import (
    HAND_LIMIT,
    AgreeEnd,
    DeathFrontState,
    DeclineEnd,
    Discard,
    EndVote,
    Keep,
    Mulligan,
    Pass,
    ProposeEnd,
    SkipDraw,
    Step,
)

# Action order of round 1 by faction; each round the first actor moves to the end.
BASE_ORDER = ("us", "ss", "uk", "wehrmacht")
ACTION_STEPS = ("deploy", "facility", "skill", "attack")
NEXT_STEP: dict[str, Step] = {"deploy": "facility", "facility": "skill", "skill": "attack"}


def action_order(factions: list[str], round_number: int) -> list[int]:
    """Seats in action order: round 1 US, SS, UK, Wehrmacht (2 players: the
    Allied player first); each round the first actor moves to the end."""
    present = [f for f in BASE_ORDER if f in factions]
    if len(present) == 2:
        present.sort(key=lambda f: not is_allied(f))
    shift = (round_number - 1) % len(present)
    return [factions.index(f) for f in present[shift:] + present[:shift]]


def is_allied(faction: str) -> bool:
    return faction in ALLIED_FACTIONS


# ---- mulligan and draw (handlers) -------------------------------------------------------
OPENING_EVENTS = ("keep", "mulligan")  # revealed when every mulligan choice is in


def own_step(state: DeathFrontState, seat: int) -> Step:
    """The step as ``seat`` plays it. In the opening, a player who has
    answered the mulligan answers round 1's draw choice at once, while the
    others still choose (decision 2): "draw" for them, else ``state.step``."""
    if state.step == "mulligan" and seat not in state.waiting and _opening_draw_open(state, seat):
        return "draw"
    return state.step


def _opening_draw_open(state: DeathFrontState, seat: int) -> bool:
    """Will round 1's draw ask ``seat`` (a full hand, a deck), not answered yet?"""
    return seat not in state.early_draw and bool(state.decks[seat]) and len(state.hands[seat]) >= HAND_LIMIT


def choosing(state: DeathFrontState) -> list[int]:
    """Seats with a simultaneous choice open: the mulligan's and, for those
    who answered it, round 1's draw choice; in a draw step, its own."""
    if state.step == "mulligan":
        return [s for s in range(state.players) if s in state.waiting or own_step(state, s) == "draw"]
    return sorted(state.waiting)


def _need_choice(state: DeathFrontState, seat: int, step: Step) -> None:
    if own_step(state, seat) != step or (step == "mulligan" and seat not in state.waiting):
        raise illegal("wrong_step")


def keep(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Keep) -> list[Event]:
    _need_choice(state, seat, "mulligan")
    return hold(state, seat, ev("keep", seat=seat))


def mulligan(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Mulligan) -> list[Event]:
    _need_choice(state, seat, "mulligan")
    if state.mulliganed[seat]:
        raise illegal("mulligan_used")
    deck = state.decks[seat]
    deck.extend(state.hands[seat])
    state.hands[seat] = []
    state.rng.shuffle(deck)
    state.hands[seat] = [deck.pop() for _ in range(min(HAND_LIMIT, len(deck)))]
    state.mulliganed[seat] = True
    return hold(state, seat, ev("mulligan", seat=seat))


def skip_draw(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: SkipDraw) -> list[Event]:
    _need_choice(state, seat, "draw")
    return _hold_draw(state, seat, ev("skip_draw", seat=seat))


def discard(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Discard) -> list[Event]:
    _need_choice(state, seat, "draw")
    uid = hand_card(state, seat, action.card)
    state.hands[seat].remove(uid)
    state.discards[seat].append(uid)
    while len(state.secret_discards) < state.players:
        state.secret_discards.append([])
    state.secret_discards[seat].append(uid)
    draw(state, seat)
    return _hold_draw(state, seat, ev("discard_draw", seat=seat))


def _hold_draw(state: DeathFrontState, seat: int, event: Event) -> list[Event]:
    """A draw choice, hidden until the draw step ends; answered in the
    opening, it is noted so that round 1's draw does not ask again."""
    if state.step == "draw":
        return hold(state, seat, event)
    state.early_draw.append(seat)
    state.held_events.append(event)
    return []


def reveal(state: DeathFrontState, events: list[Event], kinds: tuple[str, ...] | None = None) -> None:
    """Announce the held choices (of ``kinds``; None: all), in seat order."""
    shown: list[Event] = []
    still_held: list[Event] = []
    for event in state.held_events:
        (shown if kinds is None or event.key.rsplit(".", 1)[-1] in kinds else still_held).append(event)
    events.extend(sorted(shown, key=lambda e: e.params["seat"]))
    state.held_events = still_held


# ---- pass and ending by agreement (handlers) ------------------------------------------------
def pass_turn(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: Pass) -> list[Event]:
    if state.pending_advance is not None:
        state.pending_advance = None
        next_actor(state, passed=False)
        return [ev("stay", seat=seat)]
    if state.step not in ACTION_STEPS:
        raise illegal("wrong_step")
    next_actor(state, passed=True)
    if not passing_ends_step(state):
        return [ev("pass", seat=seat)]
    state.done.append(seat)
    return [ev("pass_done", seat=seat)]


def passing_ends_step(state: DeathFrontState) -> bool:
    """Ruleset 2: a pass is "done for this step" (decision 3); ruleset 1
    (games stored before): a pass in a row, asked again once another acts."""
    return state.config.ruleset >= 2


def finish_step(state: DeathFrontState, seat: int, events: list[Event]) -> None:
    """An action that also ends its player's step (its ``done``)."""
    if passing_ends_step(state) and state.step in ACTION_STEPS and seat not in state.done \
            and state.result is None:
        state.done.append(seat)
        events.append(ev("finished", seat=seat))


def propose_end(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int,
                action: ProposeEnd) -> list[Event]:
    if state.step not in ACTION_STEPS:
        raise illegal("wrong_step")
    if state.proposed_round[seat] == state.round:
        raise illegal("already_proposed")
    state.proposed_round[seat] = state.round
    state.end_vote = EndVote(proposer=seat, waiting=[s for s in range(state.players) if s != seat])
    return [ev("end_proposed", seat=seat)]


def agree_end(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int, action: AgreeEnd) -> list[Event]:
    assert state.end_vote is not None
    state.end_vote.waiting.remove(seat)
    events = [ev("end_agreed", seat=seat)]
    if not state.end_vote.waiting:
        state.end_vote = None
        _finish_by_territory(state, "agreed", events)
    return events


def decline_end(engine: GameEngine[Any, Any], state: DeathFrontState, seat: int,
                action: DeclineEnd) -> list[Event]:
    state.end_vote = None
    return [ev("end_declined", seat=seat)]


# ---- between decisions ------------------------------------------------------------------------
def advance(state: DeathFrontState, events: list[Event]) -> None:
    """Run everything automatic until a player must decide or the game ends.
    A player done with the step is skipped without a word (they said so); a
    player with nothing to do now is passed automatically: one log line
    (marked forced, shown ⏩) names every seat that was in a row. The step
    ends once every seat in a row has not acted."""
    passed: list[int] = []
    while state.result is None and state.end_vote is None:
        if state.step == "mulligan":
            if state.waiting:
                break
            reveal(state, events, OPENING_EVENTS)
            start_round(state, events)
        elif state.step == "draw":
            if state.waiting:
                break
            reveal(state, events)
            start_step(state, "deploy", events)
        elif state.pending_advance is not None:
            break
        elif state.passes >= state.players:
            _passed_for(passed, events)
            end_step(state, events)
        elif state.order[state.actor] in state.done:
            next_actor(state, passed=True)  # done with this step: never asked again in it
        elif can_do_something(state, state.order[state.actor]):
            break
        else:
            passed.append(state.order[state.actor])
            next_actor(state, passed=True)
    _passed_for(passed, events)


def _passed_for(seats: list[int], events: list[Event]) -> None:
    """The automatic passes of a run of seats with nothing to do, as one
    event (they follow from public facts: the step moved past them)."""
    if seats:
        events.append(ev("auto_pass", seats=list(dict.fromkeys(seats)), forced=True))
        seats.clear()


def start_round(state: DeathFrontState, events: list[Event]) -> None:
    state.round += 1
    state.order = action_order(state.factions, state.round)
    state.moved, state.exhausted, state.smoked = [], [], []
    state.supply_drop, state.last_stand = [], []
    state.last = None
    state.step = "draw"
    state.waiting = []
    events.append(ev("round_start", round=state.round, seat=state.order[0]))
    for seat in state.order:
        if not state.decks[seat] or seat in state.early_draw:
            continue
        if len(state.hands[seat]) < HAND_LIMIT:
            draw(state, seat)
        else:
            state.waiting.append(seat)
    state.early_draw = []


def start_step(state: DeathFrontState, step: Step, events: list[Event]) -> None:
    state.step = step
    state.actor, state.passes = 0, 0
    state.done = []
    events.append(ev(f"step_{step}", round=state.round))
    if step == "deploy":
        _check_breakthrough(state, events)


def end_step(state: DeathFrontState, events: list[Event]) -> None:
    if state.step == "facility":  # the deployment phase (draw, deploy/move, facilities) is complete
        _deployment_phase_cleanup(state, events)
    if state.step in NEXT_STEP:
        start_step(state, NEXT_STEP[state.step], events)
    else:
        _resolve(state, events)
        if state.result is None:
            start_round(state, events)


def _check_breakthrough(state: DeathFrontState, events: list[Event]) -> None:
    """A unit at enemy depth 3 must move on to depth 4: it breaks through at
    the start of the deploy/move step (in action order)."""
    for seat in state.order:
        side = R.side_of_seat(state, seat)
        for label, uid in sorted(state.pieces.items()):
            if not R.is_unit(uid) or R.seat_of(state, uid) != seat or R.card(uid).has("indirect"):
                continue
            if board.enemy_depth(side, board.at(label)[1]) == 3:
                events.append(ev("breakthrough", seat=seat, card=R.card(uid).name.en, card_id=R.card(uid).id, cell=label))
                _finish(state, side, "breakthrough", events)
                return


def _deployment_phase_cleanup(state: DeathFrontState, events: list[Event]) -> None:
    """部署階段完成時: resources orthogonally next to an enemy unit are lost,
    enemy facilities next to (or under) an Engineer are removed, including
    facilities placed in the facility step just ended."""
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
    removed_facilities = [(label, uid) for label, uid in state.facilities.items()
                          if R.engineer_near(state, label, R.side_of(state, uid))]
    for label, uid in lost_resources:
        events.append(ev("resource_lost", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id,
                         cell=label))
        destroy(state, uid, label)
    for label, uid in removed_facilities:
        events.append(ev("facility_removed", seat=R.seat_of(state, uid), card=R.card(uid).name.en, card_id=R.card(uid).id,
                         cell=label))
        destroy(state, uid, label)


def _resolve(state: DeathFrontState, events: list[Event]) -> None:
    has_units = [bool(R.units_of_side(state, side)) for side in (0, 1)]
    # A side that has had units and has none loses, unless neither side
    # has a unit left (then play goes on: rulings, Elimination).
    lost = [state.had_units[s] and not has_units[s] and has_units[1 - s] for s in (0, 1)]
    if lost[0] or lost[1]:
        _finish(state, 1 if lost[0] else 0, "elimination", events)
    elif any(out_of_cards(state, seat) for seat in range(state.players)):
        _finish_by_territory(state, "no_cards", events)
    elif state.round >= state.config.round_limit:
        _finish_by_territory(state, "round_limit", events)


def out_of_cards(state: DeathFrontState, seat: int) -> bool:
    """"有一名玩家已經沒有手牌": the player holds no card in hand (the deck
    does not count), so the game ends at resolution (decision 12). Ruleset 1
    (games stored before): only with the deck empty too."""
    if state.config.ruleset == 1:
        return not state.hands[seat] and not state.decks[seat]
    return not state.hands[seat]


def _finish_by_territory(state: DeathFrontState, reason: str, events: list[Event]) -> None:
    held = R.territory(state)
    winner = None if held[0] == held[1] else (0 if held[0] > held[1] else 1)
    _finish(state, winner, reason, events)


def _finish(state: DeathFrontState, winner_side: int | None, reason: str, events: list[Event]) -> None:
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
