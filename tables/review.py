"""Post-game review: a finished game replayed from seed + action log to
each decision of one seat, judged by the search AI (``engines.search.review``).

``review_seat`` is the job (CPU-bound: the thinking pool runs it in a
process). Its answer is plain JSON and says nothing in any language, so it
is stored once per game and seat (``db.reviews``) and worded for each
viewer when shown (``tables.review_show``). It names only the seat's own
actions and the better ones it had: no hidden card of another seat.
"""
from __future__ import annotations

from typing import Any, Callable

from db.models import GameRecord
from engines import ai
from engines.base import GameEngine
from engines.search.knowledge import Knowledge
from engines.search.review import Decision, Verdict, final, review, screen, shown
from tables.live import seat_infos

FORMAT = 1  # bumped when the stored answer changes shape or meaning (older ones are judged again)
LEVEL = "hard"  # whose knowledge judges


def review_seed(game_id: int, seat: int) -> str:
    return f"review:{game_id}:{seat}"


def replayed(engine: GameEngine[Any, Any], record: GameRecord,
             actions: list[tuple[int, int, dict[str, Any]]]) -> list[tuple[int, int, Any, Any]]:
    """(seq, seat, state before, action) for every action of the log."""
    state = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
    out = []
    for seq, seat, data in actions:
        action = engine.action_from_json(data)
        out.append((seq, seat, state, action))
        state, _ = engine.apply(state, seat, action)
    return out


def decisions(engine: GameEngine[Any, Any], record: GameRecord, actions: list[tuple[int, int, dict[str, Any]]],
              seat: int) -> list[Decision]:
    return [Decision(seq, state, by, action) for seq, by, state, action in replayed(engine, record, actions)
            if by == seat]


def verdict_json(engine: GameEngine[Any, Any], verdict: Verdict) -> dict[str, Any]:
    return {"seq": verdict.seq, "played": engine.action_to_json(verdict.played),
            "best": engine.action_to_json(verdict.best), "value_played": round(verdict.value_played, 4),
            "value_best": round(verdict.value_best, 4), "gains": {k: round(v, 3) for k, v in verdict.gains.items()},
            "exact": verdict.exact, "wins_now": verdict.wins_now}


def _knowledge(engine: GameEngine[Any, Any]) -> Knowledge | None:
    try:
        return ai.knowledge_for(engine, LEVEL)
    except KeyError:
        return None  # a game without a search AI has nothing to judge with


def judge_decisions(engine: GameEngine[Any, Any], game_id: int, seat: int,
                    found: list[Decision]) -> dict[str, Any]:
    """The review of ``found`` (one seat's decisions) as stored JSON."""
    knowledge = _knowledge(engine)
    verdicts = [] if knowledge is None else review(engine, knowledge, found, review_seed(game_id, seat))
    return answer(engine, verdicts)


def answer(engine: GameEngine[Any, Any], verdicts: list[Verdict]) -> dict[str, Any]:
    return {"format": FORMAT, "items": [verdict_json(engine, v) for v in shown(verdicts)]}


def review_seat(engine: GameEngine[Any, Any], record: GameRecord, actions: list[tuple[int, int, dict[str, Any]]],
                seat: int) -> dict[str, Any]:
    """The three decisions of ``seat`` the AI judged worst, with the better
    actions and their gains (``engines.search.review.Verdict``)."""
    return judge_decisions(engine, record.id, seat, decisions(engine, record, actions, seat))


# The same work in pieces, for a pool whose one worker also plays AI moves: a
# move waits for one piece, not a whole review. Each piece replays the game.
def seats_decisions(record: GameRecord, actions: list[tuple[int, int, dict[str, Any]]], seat: int) -> list[int]:
    return [seq for seq, by, _ in actions if by == seat]


def screen_part(engine: GameEngine[Any, Any], record: GameRecord, actions: list[tuple[int, int, dict[str, Any]]],
                seat: int, seqs: list[int]) -> list[tuple[int, float]]:
    return _judge_part(screen, engine, record, actions, seat, seqs)


def final_part(engine: GameEngine[Any, Any], record: GameRecord, actions: list[tuple[int, int, dict[str, Any]]],
               seat: int, seqs: list[int]) -> list[Verdict]:
    return _judge_part(final, engine, record, actions, seat, seqs)


def _judge_part(judge: Callable[..., list[Any]], engine: GameEngine[Any, Any], record: GameRecord,
                actions: list[tuple[int, int, dict[str, Any]]], seat: int, seqs: list[int]) -> list[Any]:
    """``judge`` (the screening or the final pass) over the decisions ``seqs`` of ``seat``."""
    knowledge = _knowledge(engine)
    if knowledge is None:
        return []
    wanted = set(seqs)
    found = [d for d in decisions(engine, record, actions, seat) if d.seq in wanted]
    return judge(engine, knowledge, found, review_seed(record.id, seat))
