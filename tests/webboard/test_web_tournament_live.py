"""A tournament's standings on the board follow its matches, and its
entrants' names open their profiles (issue 35): each standing names its
players (none for an AI entrant); an entrant's profile is the card (empty for
one with no game finished yet), refused for anyone who is not an entrant of
one of the server's tournaments; when a match's game ends, the pages of the
server hear ``{"type": "tournament"}`` once the match is recorded, and the
standings they then ask for show it."""
from __future__ import annotations

from tables.tournaments.service import TournamentService
from tests.webboard.community_data import ADA, BO, CY
from tests.webboard.kit import next_message
from tests.webboard.test_web_community import VIEWERS, answer, discord_client, refused
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front

URL = f"/api/channels/{CHANNEL}/tournaments?guild_id={GUILD}"


def profile_url(tournament_id: int, user: object) -> str:
    return f"/api/channels/{CHANNEL}/tournaments/{tournament_id}/profile?guild_id={GUILD}&user_id={user}"


async def test_entrants_open_profiles_and_the_standings_follow_a_match(database_url):
    async with discord_front(database_url, FakeViewers(VIEWERS | {(CY, GUILD, CHANNEL)})) as front:
        ada, cy = await discord_client(front, ADA, "Ada"), await discord_client(front, CY, "Cy")
        tournaments = TournamentService(front.service)
        made = await tournaments.new(GUILD, CHANNEL, ADA, "cubed", "round-robin")
        for user, name in ((ADA, "Ada"), (BO, "Bo"), (CY, "Cy")):
            await tournaments.join(made.id, user, name)
        await tournaments.add_ai(made.id, ADA)
        await tournaments.start(made.id, ADA)
        await tournaments.flow.settle()
        running = await answer(await ada.get(URL))
        people = {line["name"]: line["people"] for line in running["lines"]}
        assert people["Bo"] == [{"user_id": str(BO), "name": "Bo"}] and people["AI 1"] == []

        card = await answer(await ada.get(profile_url(made.id, CY)))  # no game finished yet: the empty card
        assert card["name"] == "Cy" and card["user_id"] == str(CY) and card["picture"].startswith("data:image/png")
        for url in (profile_url(made.id, 5), profile_url(made.id, "x"), profile_url(made.id + 1, CY),
                    profile_url("x", CY)):
            await refused(await ada.get(url), 404, "web.err.unknown_player")
        eve = await discord_client(front, 5, "Eve")
        await refused(await eve.get(profile_url(made.id, CY)), 403, "activity.err.not_in_channel")

        # A page of the server with no game (the channel's Activity) hears the match end, once recorded.
        page = await cy.ws_connect(f"/api/channels/{CHANNEL}/ws?guild_id={GUILD}")
        match = next(m for m in await front.service.queries.tournament_matches(made.id)
                     if m.game_id is not None and front.service.get(m.game_id) is not None)
        table = front.service.get(match.game_id)
        loser = next(s.user_id for s in table.seats if s.user_id is not None)
        await front.service.resign(table.id, loser)
        assert await next_message(page, 30) == {"type": "tournament", "tournament_id": made.id}
        recorded = {m.game_id: m.recorded for m in await front.service.queries.tournament_matches(made.id)}
        assert recorded[table.id]
        after = await answer(await cy.get(URL))
        assert after["lines"] != running["lines"]  # the result is in the standings the page asks for
        await tournaments.flow.settle()
        await page.close()
        for client in (ada, cy, eve):
            await client.close()
