"""Clearer answers: whose turn it is, which step and what is possible,
what a successful action did, and Death Front's confirmation before the
last card of the hand (the game then ends at the round's resolution)."""
import random

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


def about_to_deploy(live, seat) -> str | None:
    """A card of the seat's hand that may be deployed now (deploy step), or None."""
    from engines.deathfront import choices

    if live.state.step != "deploy" or live.state.pending_advance is not None:
        return None
    cards = choices.deployable(live.state, seat)
    return cards[0] if cards else None


async def test_death_front_asks_before_the_last_card_which_ends_the_game_at_resolution(simcord_env):
    """Issue 32: an empty hand ends the game at this round's resolution (the
    deck does not count), so playing the last card asks first."""
    from engines.deathfront import rules as R

    game = Game(simcord_env, "deathfront")
    await game.start()
    rng = random.Random(3)
    while (card := about_to_deploy(live := game.live(), seat := live.to_act()[0])) is None:
        await game.play_one(rng)
    member = game.member(live.seats[seat].user_id)
    cell = R.deploy_cells(live.state, seat, card)[0]
    assert live.state.decks[seat]  # cards are left to draw: the hand alone counts now
    live.state.hands[seat] = [card]  # (its other cards played)
    version = live.record.version
    answer = last_reply(await member.slash(game.channel, "deathfront deploy", card=card, cell=cell))
    assert answer.ephemeral and "This is your last card" in answer.content and "end of this round" in answer.content
    assert game.live().record.version == version  # nothing happened yet
    await member.click(answer, label="Confirm")
    assert game.live().record.version > version and not game.live().state.hands[seat]
    assert game.live().state.result is None  # the round goes on
    round_number = live.state.round
    while game.live() is not None:
        assert game.live().state.round == round_number  # no further round
        await game.play_one(rng)
    record = await game.service.games.get(live.id)
    assert record.status == "finished"
