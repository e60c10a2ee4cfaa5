"""The leak fuzz over the standings routes (issue 35 item 5): leaderboards,
profiles by id, by seat and by a tournament's entrant, asked at random by
players of the channel, a member who may not read it, a session of nobody, with malformed and foreign
ids, seasons and games. Every refusal is a localized 4xx; nothing changes;
no answer carries an item of any hand, another server's player, or a player
forgotten by /privacy delete; a profile names only the player asked for."""
from __future__ import annotations

import json
import random
from typing import Any

from aiohttp import CookieJar
from aiohttp.test_utils import TestClient

from tables.tournaments.service import TournamentService
from tests.webboard.community_data import ADA, BO, CY, DEE, OTHER_GUILD, fill
from tests.webboard.watching import CHANNEL, GUILD, FakeViewers, discord_front, hidden_items, two_player_table

REQUESTS = 400


async def client_of(front: Any, cookie: str | None) -> TestClient:
    client = TestClient(front.server, cookie_jar=CookieJar(unsafe=True))
    await client.start_server()
    if cookie is not None:
        client.session.cookie_jar.update_cookies({"tt_session": cookie})
    return client


async def test_the_standings_routes_refuse_clearly_and_leak_nothing(database_url):
    rng = random.Random(355)
    viewers = FakeViewers({(ADA, GUILD, CHANNEL), (BO, GUILD, CHANNEL)})
    async with discord_front(database_url, viewers) as front:
        await fill(front.service.db)
        await front.service.queries.forget_user(CY)  # Cy asked to be forgotten
        tournaments = TournamentService(front.service)
        made = await tournaments.new(GUILD, CHANNEL, ADA, "cubed", "swiss")
        for user, name in ((ADA, "Ada"), (BO, "Bo")):
            await tournaments.join(made.id, user, name)
        await tournaments.add_ai(made.id, ADA)
        await tournaments.start(made.id, ADA)
        table_id = await two_player_table(front.service, "deathfront", ADA, BO)
        hidden = hidden_items(front.service, table_id)
        assert hidden
        clients = {"ada": await client_of(front, front.cookie(ADA, "Ada")),
                   "bo": await client_of(front, front.cookie(BO, "Bo", "zh-CN")),
                   "dee": await client_of(front, front.cookie(DEE, "Dee", "zh-TW")),
                   "nobody": await client_of(front, None)}
        before = front.service.get(table_id).record.model_dump_json()
        users = [str(u) for u in (ADA, BO, CY, DEE)] + ["0", "x", "-5", "9" * 30, ""]
        seasons = ["", "0", "1", "99", "x", "1e3", "-1"]
        games = ["setup", "cubed", "deathfront", "chess", ""]
        channels = [str(CHANNEL)] * 4 + ["5", "x", "0"]
        guilds = [str(GUILD)] * 4 + [str(OTHER_GUILD), "", "y"]

        def pick() -> tuple[str, str]:
            who = rng.choice(["ada", "ada", "bo", "bo", "dee", "nobody"])
            channel, guild = rng.choice(channels), rng.choice(guilds)
            kind = rng.randrange(5)
            if kind == 4:  # an entrant's profile from the standings
                return who, (f"/api/channels/{channel}/tournaments/{rng.choice([made.id, made.id, made.id + 1, 'x'])}"
                             f"/profile?guild_id={guild}&user_id={rng.choice(users)}")
            if kind == 3:
                return who, f"/api/channels/{channel}/tournaments?guild_id={guild}&id={rng.choice(['', '1', '2', 'x'])}"
            if kind == 0:
                return who, (f"/api/channels/{channel}/leaderboard?guild_id={guild}&game={rng.choice(games)}"
                             f"&season={rng.choice(seasons)}")
            if kind == 1:
                return who, f"/api/channels/{channel}/profile?guild_id={guild}&user_id={rng.choice(users)}"
            return who, f"/api/tables/{rng.choice([table_id, table_id + 1, 'x'])}/seats/{rng.choice(['0', '1', '2', 'x'])}/profile"

        statuses: dict[int, int] = {}
        for _ in range(REQUESTS):
            who, path = pick()
            response = await clients[who].get(path)
            text = await response.text()
            answer = json.loads(text)
            statuses[response.status] = statuses.get(response.status, 0) + 1
            assert response.status in (200, 400, 401, 403, 404), (who, path, response.status, text)
            if response.status != 200:
                assert answer["error"] and answer["message"] and answer["message"] != answer["error"], answer
                continue
            assert who in ("ada", "bo"), (who, path)  # only those who may read the channel
            assert not [item for item in hidden if f'"{item}"' in text], path
            words = json.dumps({k: v for k, v in answer.items() if k != "picture"}, ensure_ascii=False)
            assert not {"Dee", str(DEE), "Cy", str(CY)} & set(words.replace('"', " ").split()), path
            assert '"Dee"' not in words and '"Cy"' not in words
            if "/profile" in path:
                assert answer["user_id"] in (str(ADA), str(BO)) and "picture" in answer
                assert set(answer) == {"user_id", "name", "line", "alt", "picture"}
        assert front.service.get(table_id).record.model_dump_json() == before
        assert statuses.get(200, 0) > 15 and statuses.get(403, 0) and statuses.get(404, 0), statuses
        for client in clients.values():
            await client.close()
