"""A new user's rough edges with tournaments (issue 32), on Discord
(SimCord): the rounds asked at `new` follow the entrants who came, "1 round"
not "1 rounds", `/tournament standings` inside a match's thread, no Rematch
under a match (and an old Rematch button refused)."""
from __future__ import annotations

import pytest

from i18n import plural_form, t
from tables.errors import TableError
from tests.conftest import TEST_EXTENSIONS, Table, last_reply
from tests.tournaments.test_tournament_discord import play_threads, said, signup_message

EXTENSIONS = [*TEST_EXTENSIONS, "cogs.community.tournament.extension"]


@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(extensions=EXTENSIONS)


@pytest.fixture
async def hall(simcord_env):
    return Table(simcord_env, names=("alice", "bob"))


def format_line(hall: Table) -> str:
    return signup_message(hall).embeds[0].description.splitlines()[0]


async def sign_up_both_and_start(hall: Table, **options) -> None:
    alice, bob = hall.members
    asked = last_reply(await alice.slash(hall.channel, "tournament new", game="highcard", **options))
    assert "⚠️" not in (asked.content or "")
    for member in (alice, bob):
        await member.click(signup_message(hall), custom_id="tt:tourney:join:1")
    started = last_reply(await alice.click(signup_message(hall), custom_id="tt:tourney:start:1"))
    assert "⚠️" not in (started.content or ""), started.content
    await hall.env.settle()


async def test_a_swiss_asked_for_two_rounds_with_two_entrants_starts_and_plays_one(hall):
    alice = hall.members[0]
    await alice.slash(hall.channel, "tournament new", game="highcard", format="swiss", rounds=2)
    assert format_line(hall) == "Swiss · up to 2 rounds (fewer if the entrants allow fewer)"
    await alice.click(signup_message(hall), custom_id="tt:tourney:join:1")
    await hall.members[1].click(signup_message(hall), custom_id="tt:tourney:join:1")
    started = last_reply(await alice.click(signup_message(hall), custom_id="tt:tourney:start:1"))
    await hall.env.settle()
    assert "⚠️" not in (started.content or ""), started.content
    assert format_line(hall) == "Swiss · 1 round"
    assert said(hall.channel)[-1].content.splitlines()[0] == "🏆 Tournament #1 · round 1 of 1"
    await play_threads(hall, 1)
    service = hall.env.bot.get_cog("TournamentCog").service
    assert (await service.get(1)).status == "finished"


async def test_a_two_entrant_knockout_says_one_round_in_every_language(hall):
    await sign_up_both_and_start(hall, format="knockout", rounds=3)  # a knockout plays its bracket
    assert format_line(hall) == "Knockout · 1 round"
    assert t("tournament.rounds", "en", count=2) == "2 rounds"
    assert t("tournament.rounds", "zh-CN", count=1) == "1 轮" and t("tournament.rounds", "zh-TW", count=1) == "1 輪"
    assert [plural_form(locale, 1) for locale in ("en", "zh-CN", "zh-TW")] == ["one", "other", "other"]


async def test_standings_answer_inside_a_match_thread(hall):
    await sign_up_both_and_start(hall, format="round-robin")
    thread = hall.channel.threads[0]
    asked = last_reply(await hall.members[1].slash(thread, "tournament standings"))
    assert asked.content.startswith("📊 Tournament #1 · standings after round"), asked.content
    await play_threads(hall, 1)
    asked = last_reply(await hall.members[0].slash(thread, "tournament standings"))
    assert asked.content.startswith("📊 Tournament #1 · standings after round 1 of 1"), asked.content
    assert [a.filename for a in asked.attachments] == ["standings.png"] and asked.flags.ephemeral


async def test_a_match_offers_review_but_no_rematch(hall):
    await sign_up_both_and_start(hall, format="swiss")
    thread = hall.channel.threads[0]
    await play_threads(hall, 1)
    game_id = (await hall.env.bot.get_cog("TournamentCog").service.repo.matches(1))[0].game_id
    results = next(m for m in reversed(thread.history()) if m.components)
    assert [c.custom_id for row in results.components for c in row.children] == [f"tt:review:{game_id}"]
    # A Rematch button from before this rule (its custom id) is refused and opens nothing.
    with pytest.raises(TableError) as error:
        await hall.service.rematch(game_id, hall.members[0].id, "alice")
    assert t(error.value.key, "en", **error.value.params).startswith(f"Game #{game_id} was a tournament match")
    assert hall.service.in_channel(thread.id) is None and hall.service.in_channel(hall.channel.id) is None
