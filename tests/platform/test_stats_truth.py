"""Stats that tell the truth: a draw is not a win, a lost solo game is not a
win, competition ranks (1, 1, 3) are stored and shown, solo games say they
are not rated, and /leaderboard aligns CJK names and is private unless asked."""
import pytest

from engines.base import Result
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tests.conftest import Table, last_reply
from tests.support.highcard import HighcardEngine, HighcardRenderer


class FixedEngine(HighcardEngine):
    """Highcard whose final ranks are given (ties, solo losses)."""

    def __init__(self, chosen: dict) -> None:
        self.chosen = chosen  # read when used: the test sets it after the bot is built

    def seat_range(self, config):
        return self.chosen["seats"]

    def result(self, state):
        if any(state.hands):
            return None
        ranks = self.chosen["ranks"]
        return Result(ranks=ranks, scores=[0.0] * len(ranks), reason="highcard.end.done")


@pytest.fixture
def engine_ranks():
    return {"ranks": [1, 1], "seats": (2, 4)}


@pytest.fixture
def simcord_bot(bot_builder, engine_ranks):
    engine = FixedEngine(engine_ranks)
    return bot_builder(GameRegistry([GameDefinition(engine, HighcardRenderer())]))


async def outcomes(t: Table, game_id: int) -> list[tuple[int, str]]:
    rows = await t.service.db.fetchall("SELECT rank, outcome FROM results WHERE game_id = ? ORDER BY seat",
                                       (game_id,))
    return [(r["rank"], r["outcome"]) for r in rows]


async def test_a_draw_is_not_a_win(simcord_env):
    t = Table(simcord_env)
    game_id = (await t.open_and_start()).id
    await t.play_to_end()
    assert await outcomes(t, game_id) == [(1, "draw"), (1, "draw")]
    stats = last_reply(await t.members[0].slash(t.channel, "stats"))
    assert "Games 1 · Wins 0 · Draws 1" in stats.embeds[0].fields[0].value
    rows = await t.service.ratings.board(t.guild.id, "highcard")
    assert [r.wins for r in rows] == [0, 0] and [r.games for r in rows] == [1, 1]


async def test_competition_ranks_one_one_three_are_stored_and_shown(simcord_env, engine_ranks):
    engine_ranks["ranks"] = [1, 3, 1]
    t = Table(simcord_env, names=("alice", "bob", "carol"))
    game_id = (await t.open_and_start()).id
    await t.play_to_end()
    assert await outcomes(t, game_id) == [(1, "draw"), (3, "loss"), (1, "draw")]
    results = t.channel.history()[-1].content
    bob = t.members[1]
    assert f"**3.** <@{bob.id}>" in results and "**2.**" not in results


async def test_a_sole_first_place_is_a_win(simcord_env, engine_ranks):
    engine_ranks["ranks"] = [2, 1]
    t = Table(simcord_env)
    game_id = (await t.open_and_start()).id
    await t.play_to_end()
    assert await outcomes(t, game_id) == [(2, "loss"), (1, "win")]
    stats = last_reply(await t.members[1].slash(t.channel, "stats"))
    assert "Wins 1 · Draws 0" in stats.embeds[0].fields[0].value


async def test_a_lost_solo_game_is_not_a_win_and_says_solo_games_are_not_rated(simcord_env, engine_ranks):
    engine_ranks.update(ranks=[2], seats=(1, 1))
    t = Table(simcord_env, names=("alice",))
    game_id = (await t.open_and_start()).id
    await t.play_to_end()
    assert await outcomes(t, game_id) == [(2, "loss")]
    results = t.channel.history()[-1].content
    assert "Solo games are not rated." in results and "AI seats" not in results
    stats = last_reply(await t.members[0].slash(t.channel, "stats"))
    assert "Games 1 · Wins 0 · Draws 0" in stats.embeds[0].fields[0].value


async def test_leaderboard_aligns_cjk_names_and_is_private_unless_asked(simcord_env, engine_ranks):
    engine_ranks["ranks"] = [1, 2]
    t = Table(simcord_env, names=("王小明", "bob"))
    await t.open_and_start()
    await t.play_to_end()
    private = last_reply(await t.members[1].slash(t.channel, "leaderboard", game="highcard"))
    assert private.ephemeral
    from cogs.core import text_width

    block = private.content.split("```")[1].strip("\n").splitlines()
    assert len(block) == 3 and "王小明" in private.content
    widths = {text_width(line) for line in block}
    assert len(widths) == 1  # every column ends at the same place
    public = last_reply(await t.members[1].slash(t.channel, "leaderboard", game="highcard", public=True))
    assert not public.ephemeral
