"""Death Front's turn figures (issue 31 item 2), engine level: 2-player games
of 6 rounds played by a person-like policy in both seats (the greedy AI's
choice; with ``finish``, an action also ends its player's step when the AI
would pass next in that step, as a person who knows they are done would
say so with the action). Counted per seat:

- actions: everything the person chose (the table's forced moves apart);
- passes: the ``pass`` actions in an action step (a stay after a kill,
  also a ``pass``, is counted apart as ``stays``);
- turns: how often the set of seats to act gains that seat, per round (the
  times a person is handed the turn: each one a ping on Discord);
- notified: per player of a game that reached the round limit, the turns
  plus the results' mention, a round (the SimCord test's count); and round
  1's turns per player of those games by the step they were given in (the
  start's are the mulligan's).

Also the engine's CPU per action (``engine.apply``) and per question "can
this player do anything" (``flow.can_do_something``, asked before every
turn). ``python -m bench.deathfront_turns --games 40``; it runs on an older
tree too (copy it there) for a before/after pair. The test (tests/
deathfront/test_deathfront_turns.py) holds the targets: passes ≤ 25 % of a
person's actions, ≤ 4 turns per player per round."""
from __future__ import annotations

import argparse
import os
import random
import time
from dataclasses import dataclass, field
from statistics import mean, median
from typing import Any

from pydantic import BaseModel

from engines.base import SeatInfo
from engines.deathfront import ai as greedy
from engines.deathfront import flow
from engines.deathfront.engine import DeathFrontEngine
from engines.deathfront.models import DeathFrontConfig, DeathFrontState, Deploy, Pass

ENGINE = DeathFrontEngine()
ROUNDS = 6
ACTION_STEPS = ("deploy", "facility", "skill", "attack")


@dataclass
class TurnCounts:
    """One game's figures, per seat."""

    rounds: int = 0
    limit: int = ROUNDS  # the round limit played to
    first_round: dict[str, int] = field(default_factory=dict)  # round 1's turns (both seats) by the step given
    actions: list[int] = field(default_factory=lambda: [0, 0])
    passes: list[int] = field(default_factory=lambda: [0, 0])
    stays: list[int] = field(default_factory=lambda: [0, 0])
    finishing: list[int] = field(default_factory=lambda: [0, 0])  # actions that also end the step
    turns: list[dict[int, int]] = field(default_factory=lambda: [{}, {}])  # seat -> round -> turns
    forced: int = 0
    apply_seconds: list[float] = field(default_factory=list)
    able_seconds: list[float] = field(default_factory=list)  # each "can this player do anything"


def supports_finishing() -> bool:
    return "done" in Deploy.model_fields


def finishes_step(state: DeathFrontState, seat: int, action: BaseModel, rng: random.Random) -> bool:
    """Would the policy pass next in this step after ``action``? Then a
    person says "and I am done" with it (one action instead of two)."""
    if getattr(action, "kind", "") == "pass" or state.step not in ACTION_STEPS or state.end_vote is not None:
        return False
    after, _ = ENGINE.apply(state, seat, action)
    if after.step != state.step or after.round != state.round or after.result is not None:
        return False
    if after.pending_advance is not None:
        return False  # the advance choice comes first; it may finish the step itself
    return greedy.choose_action(ENGINE, after, seat, random.Random(rng.random())) == Pass()


def choose(state: DeathFrontState, seat: int, rng: random.Random, finish: bool) -> BaseModel:
    action = greedy.choose_action(ENGINE, state, seat, rng)
    if finish and supports_finishing() and "done" in type(action).model_fields \
            and finishes_step(state, seat, action, rng):
        action = action.model_copy(update={"done": True})
    return action


def play(seed: int, finish: bool = False, rounds: int = ROUNDS) -> TurnCounts:
    counts = TurnCounts()
    asked = flow.can_do_something

    def timed(state: DeathFrontState, seat: int) -> bool:
        start = time.process_time()
        answer = asked(state, seat)
        counts.able_seconds.append(time.process_time() - start)
        return answer

    flow.can_do_something = timed  # type: ignore[assignment]
    try:
        return _play(seed, finish, rounds, counts)
    finally:
        flow.can_do_something = asked


def _play(seed: int, finish: bool, rounds: int, counts: TurnCounts) -> TurnCounts:
    config = DeathFrontConfig(players=2, round_limit=rounds)
    state = ENGINE.new_game(config, [SeatInfo(name="P0"), SeatInfo(name="P1")], seed)
    rng = random.Random(seed)
    acting: set[int] = set()

    def note_turns(now: DeathFrontState) -> None:
        nonlocal acting
        after = set(ENGINE.to_act(now))
        for seat in after - acting:
            per_round = counts.turns[seat]
            number = max(now.round, 1)
            per_round[number] = per_round.get(number, 0) + 1
            if number == 1:
                counts.first_round[now.step] = counts.first_round.get(now.step, 0) + 1
        acting = after

    note_turns(state)
    for _ in range(5000):
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_act(state)[0]
        forced = ENGINE.forced_action(state, seat)
        if forced is not None:
            action = forced
            counts.forced += 1
        else:
            action = choose(state, seat, rng, finish)
            counts.actions[seat] += 1
            if getattr(action, "kind", "") == "pass":
                if state.pending_advance is not None:
                    counts.stays[seat] += 1
                else:
                    counts.passes[seat] += 1
            elif getattr(action, "done", False):
                counts.finishing[seat] += 1
        start = time.process_time()
        state, _ = ENGINE.apply(state, seat, action)
        counts.apply_seconds.append(time.process_time() - start)
        note_turns(state)
    counts.rounds, counts.limit = state.round, rounds
    return counts


def notified_per_round(games: list[TurnCounts]) -> list[float]:
    """Per player and game that reached the round limit: the notifications
    a round (every hand-over, the start's included, plus the results, which
    mention everyone), as the SimCord test counts them."""
    return [(sum(g.turns[seat].values()) + 1) / g.rounds for g in games if g.rounds == g.limit for seat in (0, 1)]


def summary(games: list[TurnCounts]) -> dict[str, Any]:
    actions = sum(sum(g.actions) for g in games)
    passes = sum(sum(g.passes) for g in games)
    stays = sum(sum(g.stays) for g in games)
    rounds = sum(g.rounds for g in games)
    per_round = [n for g in games for seat in (0, 1) for n in g.turns[seat].values()]
    per_seat_round = sum(per_round) / (2 * rounds) if rounds else 0.0
    worst_share = max((g.passes[s] / g.actions[s] for g in games for s in (0, 1) if g.actions[s]), default=0.0)
    applies = sorted(x for g in games for x in g.apply_seconds)
    asks = sorted(x for g in games for x in g.able_seconds)
    notified = notified_per_round(games)
    full = [g for g in games if g.rounds == g.limit]
    first_round = {step: sum(g.first_round.get(step, 0) for g in full) / (2 * len(full)) if full else 0.0
                   for step in ("mulligan", "draw", "deploy", "facility", "skill", "attack")}
    return {
        **{f"round1_turns_{step}": n for step, n in first_round.items()},
        "player_games_to_the_limit": len(notified),
        "notified_per_player_round_mean": mean(notified) if notified else 0.0,
        "notified_per_player_round_max": max(notified, default=0.0),
        "player_games_above_4": sum(n > 4 for n in notified),
        "games": len(games), "rounds": rounds, "actions": actions, "passes": passes, "stays": stays,
        "finishing": sum(sum(g.finishing) for g in games), "forced": sum(g.forced for g in games),
        "pass_share": passes / actions if actions else 0.0,
        "pass_and_stay_share": (passes + stays) / actions if actions else 0.0,
        "worst_seat_pass_share": worst_share,
        "turns_per_player_round": per_seat_round,
        "most_turns_in_a_round": max(per_round, default=0),
        "actions_per_player_round": actions / (2 * rounds) if rounds else 0.0,
        "apply_ms_median": median(applies) * 1000 if applies else 0.0,
        "apply_ms_p95": applies[int(0.95 * (len(applies) - 1))] * 1000 if applies else 0.0,
        "apply_ms_mean": mean(applies) * 1000 if applies else 0.0,
        "able_ms_median": median(asks) * 1000 if asks else 0.0,
        "able_ms_p95": asks[int(0.95 * (len(asks) - 1))] * 1000 if asks else 0.0,
        "able_ms_per_action": sum(asks) / len(applies) * 1000 if applies else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.deathfront_turns", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    for finish in (False, True) if supports_finishing() else (False,):
        games = [play(args.seed + n, finish, args.rounds) for n in range(args.games)]
        figures = summary(games)
        name = "pass, then finish with the action" if finish else "pass only"
        print(f"{name}: " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                      for k, v in figures.items()))
    print(f"load average before {load:.2f}, after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
