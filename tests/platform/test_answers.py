"""Clearer answers: whose turn it is, which step and what is possible,
what a successful action did, and Death Front's confirmation before an
action that ends the game by emptying the player's hand."""
import random

from engines.deathfront.models import Pass
from tests.conftest import last_reply
from tests.platform.follow_kit import Game, simcord_bot  # noqa: F401


async def test_a_wrong_step_names_the_step_and_what_is_possible(simcord_env):
    game = Game(simcord_env, "deathfront")
    live = await game.start()
    assert live.state.step == "mulligan"
    alice = game.members[0]
    answer = last_reply(await alice.slash(game.channel, "deathfront pass"))
    assert answer.ephemeral
    assert answer.content == "⚠️ That action is not possible in the Mulligan step. Now you can: keep your hand or mulligan."
    assert game.live().record.version == 0


async def test_a_success_says_what_was_done(simcord_env):
    game = Game(simcord_env, "deathfront")
    await game.start()
    alice = game.members[0]
    answer = last_reply(await alice.slash(game.channel, "deathfront mulligan"))
    assert answer.content.startswith("✅ You took a new hand of 8")
    # The choice stays hidden until every seat has chosen (docs/rules/deathfront.md, decision 2).
    assert "alice takes a new hand." not in answer.content
    bob = game.members[1]
    answer = last_reply(await bob.slash(game.channel, "deathfront keep"))
    assert answer.content.startswith("✅")
    assert "bob keeps" in answer.content


def out_of_cards(state, seat) -> None:
    """As if the seat had played its last card with nothing left to draw
    (docs/rules/deathfront.md, decision 12: only then does the game end)."""
    state.discards[seat] += state.hands[seat] + state.decks[seat]
    state.hands[seat], state.decks[seat] = [], []


def ends_with_empty_hand(live, seat) -> bool:
    """Would passing now end the game if this seat had no cards left?"""
    if live.state.step not in ("deploy", "facility", "skill", "attack"):
        return False
    trial = live.state.model_copy(deep=True)
    out_of_cards(trial, seat)
    try:
        after, _ = live.engine.apply(trial, seat, Pass())
    except Exception:
        return False
    return live.engine.is_over(after)


async def test_death_front_asks_before_emptying_the_hand_ends_the_game(simcord_env):
    game = Game(simcord_env, "deathfront")
    await game.start()
    rng = random.Random(3)
    while not ends_with_empty_hand(live := game.live(), seat := live.to_act()[0]):
        await game.play_one(rng)
    member = game.member(live.seats[seat].user_id)
    version = live.record.version
    trial = live.state.model_copy(deep=True)
    trial.hands[seat] = []  # the last card played, but cards are left to draw: the game goes on
    assert not live.engine.is_over(live.engine.apply(trial, seat, Pass())[0])
    out_of_cards(live.state, seat)  # nothing left to draw either: passing ends the game
    answer = last_reply(await member.slash(game.channel, "deathfront pass"))
    assert answer.ephemeral and "empties your hand with no cards left to draw, which ends the game" in answer.content
    assert game.live().record.version == version  # nothing happened yet
    await member.click(answer, label="Confirm")
    assert game.live() is None  # confirmed: the game ended
    assert (await game.service.games.get(live.id)).status == "finished"
