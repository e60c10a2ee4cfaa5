"""Death Front: Blitzkrieg — the rules engine (see docs/rules/deathfront.md)."""
from __future__ import annotations

import random

from pydantic import BaseModel

from engines.base import Event, GameEngine, Result, Rng, SeatInfo
from engines.plain_copy import plain_copy

from . import board, combat, deployment, flow, views, worlds
from . import rules as R
from .able import can_do_something
from .cards import default_cards
from .flow import action_order
from .messages import illegal
from .models import (
    ACTION_ADAPTER,
    HAND_LIMIT,
    AgreeEnd,
    Attack,
    DeathFrontConfig,
    DeathFrontPrivateView,
    DeathFrontPublicView,
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
from .options import step_actions

__all__ = ["DeathFrontEngine", "action_order"]


class DeathFrontEngine(GameEngine[DeathFrontConfig, DeathFrontState]):
    game_type = "deathfront"
    # A seat with nothing to do but pass is passed by ``flow.advance`` itself
    # (logged ⏩); the table plays any other single legal action. The list
    # samples card copies and attack groups, but one entry means one action:
    # an action step always lists Pass beside any real option.
    plays_forced_actions = True
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
            return flow.choosing(state)
        if state.pending_advance is not None:
            return [state.pending_advance.seat]
        return [state.order[state.actor]]

    def seat_step(self, state: DeathFrontState, seat: int) -> str:
        """The step as ``seat`` plays it (``flow.own_step``), for the texts
        that name it: "draw" for a seat answering round 1's draw choice while
        others still choose their mulligan (decision 22)."""
        return flow.own_step(state, seat)

    def legal_actions(self, state: DeathFrontState, seat: int) -> list[BaseModel]:
        """Complete except for card copies (one per card kind), skills (see
        ``skills.skill_options``) and combined attacks: per target all ready
        attackers, each one alone, and the fewest that win."""
        if seat not in self.to_act(state):
            return []
        if state.end_vote is not None:
            return [AgreeEnd(), DeclineEnd()]
        step = flow.own_step(state, seat)
        if step == "mulligan":
            return [Keep(), Mulligan()]
        if step == "draw":
            kinds = {R.card(u).id: u for u in state.hands[seat]}
            return [SkipDraw(), *(Discard(card=u) for u in kinds.values())]
        if state.pending_advance is not None:
            pa = state.pending_advance
            return [Move(from_cell=c, to_cell=pa.cell) for c in pa.candidates] + [Pass()]
        actions = step_actions(state, seat) + [Pass()]
        if state.proposed_round[seat] != state.round:
            actions.append(ProposeEnd())
        return actions

    def forced_action(self, state: DeathFrontState, seat: int) -> BaseModel | None:
        """``legal_actions``' one entry when it has one, without listing the
        options (asked after every action): mulligan, an end vote and an
        advance with candidates always offer two; a draw with cards to
        discard too; an action step offers Pass beside Propose End and any
        option, and a seat that ``able.can_do_something`` has an option."""
        step = flow.own_step(state, seat)
        if seat not in self.to_act(state) or state.end_vote is not None or step == "mulligan":
            return None
        if step == "draw":
            return None if state.hands[seat] else SkipDraw()
        if state.pending_advance is not None:
            return None if state.pending_advance.candidates else Pass()
        if state.proposed_round[seat] != state.round or can_do_something(state, seat):
            return None
        return None if step_actions(state, seat) else Pass()

    # ---- apply -------------------------------------------------------------------
    def copy_state(self, state: DeathFrontState) -> DeathFrontState:
        """A deep copy without the JSON round trip (the state is plain data)."""
        return plain_copy(state)

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
        handler = self.handler_for(action)
        if handler is None:
            raise illegal("unknown_action")
        answering_advance = state.pending_advance is not None
        events = handler(self, state, seat, action)
        if getattr(action, "done", False) and not answering_advance:
            flow.finish_step(state, seat, events)
        flow.advance(state, events)
        return events

    action_handlers = {
        Keep: flow.keep,
        Mulligan: flow.mulligan,
        SkipDraw: flow.skip_draw,
        Discard: flow.discard,
        Deploy: deployment.deploy,
        Move: deployment.move,
        PlaceFacility: deployment.place_facility,
        PlaySkill: combat.play_skill,
        Attack: combat.attack,
        Pass: flow.pass_turn,
        ProposeEnd: flow.propose_end,
        AgreeEnd: flow.agree_end,
        DeclineEnd: flow.decline_end,
    }

    # ---- views --------------------------------------------------------------------------------
    def public_view(self, state: DeathFrontState) -> DeathFrontPublicView:
        return views.public_view(state, self.to_act(state))

    def hidden_hand(self, state: DeathFrontState, seat: int) -> list[str]:
        return list(state.hands[seat])

    def hidden_hand_changed(self, before: DeathFrontState, after: DeathFrontState, seat: int) -> bool:
        """``hidden_hand`` compared in place (it is never None)."""
        return before.hands[seat] != after.hands[seat]

    def private_view(self, state: DeathFrontState, seat: int) -> DeathFrontPrivateView:
        return views.private_view(state, seat)

    def information_state(self, state: DeathFrontState, seat: int) -> DeathFrontState:
        return worlds.information_state(state, seat)

    def sample_world(self, info: DeathFrontState, seat: int, rng: random.Random) -> DeathFrontState:
        return worlds.sample_world(info, seat, rng)
