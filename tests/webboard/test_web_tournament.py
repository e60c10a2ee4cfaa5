"""A server's tournament on the board (issue 35 item 5): its standings
(picture and words) and the reader's next match, for Discord sessions that
may read the Activity's channel; refused with a localized answer when the
server has none, for an unknown id, outside the channel, in local play."""
from __future__ import annotations

import base64

from tables.tournaments.service import TournamentService
from tests.webboard.community_data import ADA, BO, CY
from tests.webboard.test_web_community import VIEWERS, answer, discord_client, refused
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front

URL = f"/api/channels/{CHANNEL}/tournaments?guild_id={GUILD}"


async def test_a_tournament_s_standings_and_your_next_match(database_url):
    async with discord_front(database_url, FakeViewers(VIEWERS | {(CY, GUILD, CHANNEL)})) as front:
        ada, bo = await discord_client(front, ADA, "Ada"), await discord_client(front, BO, "Bo", "zh-CN")
        cy = await discord_client(front, CY, "Cy")
        await refused(await ada.get(URL), 404, "web.err.no_tournament")
        tournaments = TournamentService(front.service)
        made = await tournaments.new(GUILD, CHANNEL, ADA, "cubed", "round-robin")
        for user, name in ((ADA, "Ada"), (BO, "Bo"), (CY, "Cy")):
            await tournaments.join(made.id, user, name)
        signup = await answer(await ada.get(URL))
        assert signup["status"] == "signup" and signup["lines"] == [] and signup["standings"] is None
        assert signup["next"] is None and f"Tournament #{made.id}" in signup["title"]
        await tournaments.start(made.id, ADA)
        running = await answer(await ada.get(URL))
        assert running["round"] == 1 and [line["name"] for line in running["lines"]] != []
        nexts = {who: (await answer(await client.get(URL)))["next"] for who, client in
                 (("ada", ada), ("bo", bo), ("cy", cy))}
        byes = [who for who, n in nexts.items() if n["opponent"] is None]
        assert len(byes) == 1 and ("bye" in nexts[byes[0]]["text"] or "轮空" in nexts[byes[0]]["text"])
        playing = {who: n for who, n in nexts.items() if n["opponent"] is not None}
        assert len(playing) == 2 and all(n["table_id"] for n in playing.values())
        assert len({n["table_id"] for n in playing.values()}) == 1  # the two play each other
        png = base64.b64decode(running["standings"].removeprefix("data:image/png;base64,"))
        assert png.startswith(b"\x89PNG") and running["alt"].startswith(f"The standings of tournament #{made.id}")
        await refused(await ada.get(URL + "&id=999"), 404, "web.err.no_tournament")
        await refused(await ada.get(URL + "&id=x"), 404, "web.err.no_tournament")
        outsider = await discord_client(front, 5, "Eve")
        await refused(await outsider.get(URL), 403, "activity.err.not_in_channel")
        for client in (ada, bo, cy, outsider):
            await client.close()
