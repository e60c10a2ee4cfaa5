"""The tutorials on the web board (web/learn_routes.py, docs/learning.md):
every registered tutorial walked to its end through the API by its moves
JSON, a wrong move refused with the step's explanation and nothing changed,
a reload resuming, Start over, a Discord session sharing /learn's progress,
and bad requests refused in the reader's language."""
from __future__ import annotations

from typing import Any

import pytest

from db.tutorials import TutorialRepo
from engines.tutorial import same_action
from i18n import t
from tables.registry import default_registry
from tests.webboard.kit import cookie_of, local_player, web_front
from web.context import CONTEXT
from web.learn_json import web_key

TUTORIALS = [definition.game_type for definition in default_registry() if definition.tutorial is not None]


async def learning(player: Any, game: str) -> dict[str, Any]:
    answer = await player.get(f"/api/learn/{game}")
    assert answer.status == 200, await answer.text()
    return dict(await answer.json())


async def move(player: Any, game: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    answer = await player.post(f"/api/learn/{game}/move", json=body)
    return answer.status, dict(await answer.json())


def taught_and_other(front: Any, game: str, data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The listed move that is the step's taught one, and one that is not."""
    definition = front.service.registry.get(game)
    expect = definition.tutorial.steps[data["step"]].expect
    taught = [m for m in data["moves"] if same_action(expect, definition.engine.action_from_json(m["action"]))]
    others = [m for m in data["moves"] if m not in taught]
    assert taught, f"step {data['step']}: the taught move is not among the moves"
    return taught[0], (others[0] if others else None)


@pytest.mark.parametrize("game", TUTORIALS)
async def test_a_tutorial_is_walked_to_its_end_by_its_moves(database_url, game):
    async with web_front(database_url) as front:
        player = await local_player(front)
        data = await learning(player, game)
        steps = data["steps"]
        assert steps == len(front.service.registry.get(game).tutorial.steps) and data["step"] == 0
        refused = 0
        for index in range(steps):
            tutorial = front.service.registry.get(game).tutorial
            assert data["step"] == index and not data["finished"] and data["heading"]
            assert data["text"] == t(web_key(tutorial, tutorial.steps[index], "do"), "en", **tutorial.params)
            assert data["board"]["regions"] and data["board"]["png"].startswith(f"/api/learn/{game}/board.png")
            taught, other = taught_and_other(front, game, data)
            if other is not None:  # refused with this step's words; nothing changes
                status, wrong = await move(player, game, {"action": other["action"], "step": index})
                tutorial = front.service.registry.get(game).tutorial
                key = f"tutorial.{game}.{tutorial.steps[index].name}.wrong"
                assert status == 422 and wrong["error"] == key and wrong["step"] == index
                explained = t(web_key(tutorial, tutorial.steps[index], "wrong"), "en", **tutorial.params)
                assert wrong["message"] == t("tutorial.wrong", "en", text=explained)
                again = await learning(player, game)
                assert again["step"] == index and again["moves"] == data["moves"]
                refused += 1
            status, data = await move(player, game, {"action": taught["action"], "step": index})
            assert status == 200, data
            assert data["notes"][0] == t("tutorial.well_done", "en")
        assert refused >= steps - 1
        assert data["finished"] and data["moves"] == [] and data["summary"]["lines"]
        assert len(data["summary"]["lines"]) == steps
        board = await player.get(data["board"]["png"])
        assert board.status == 200 and (await board.read()).startswith(b"\x89PNG")
        status, over = await move(player, game, {"action": taught["action"], "step": steps})
        assert status == 409 and over["error"] == "tutorial.over"
        assert (await front.service.games.get(1)) is None  # a tutorial is never a game


def test_a_step_that_names_discords_controls_has_the_webs_words():
    tutorial = default_registry().get("setup").tutorial
    swap = next(step for step in tutorial.steps if step.name == "swap")
    assert web_key(tutorial, swap, "do") == "tutorial.setup.swap.do_web"
    assert web_key(tutorial, tutorial.steps[0], "do") == "tutorial.setup.set.do"


async def test_a_reload_resumes_and_start_over_begins_again(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front)
        data = await learning(player, "setup")
        taught, _ = taught_and_other(front, "setup", data)
        status, data = await move(player, "setup", {"action": taught["action"], "step": 0})
        assert status == 200 and data["step"] == 1
        reloaded = await front.client(cookie_of(player))
        again = await learning(reloaded, "setup")
        assert again["step"] == 1 and again["moves"] == data["moves"]
        answer = await reloaded.post("/api/learn/setup/restart")
        assert answer.status == 200
        restarted = await answer.json()
        assert restarted["step"] == 0 and restarted["notes"] == [t("tutorial.started_over", "en")]
        assert (await learning(player, "setup"))["step"] == 0
        stranger = await local_player(front, "Bo")
        assert (await learning(stranger, "cubed"))["step"] == 0  # progress is per user and game


async def test_a_discord_session_continues_where_learn_left_off(database_url):
    async with web_front(database_url) as front:
        user_id = 4242
        # What Discord's /learn stored: this user finished step 1 of SETUP.
        player = await local_player(front)
        data = await learning(player, "setup")
        taught, _ = taught_and_other(front, "setup", data)
        await move(player, "setup", {"action": taught["action"], "step": 0})
        progress = await TutorialRepo(front.service.db).get(front.server.app[CONTEXT].sessions.read(
            cookie_of(player)).uid, "setup")
        assert progress is not None and progress.step == 1
        await TutorialRepo(front.service.db).save(user_id, "setup", progress.step, progress.state)
        _, cookie = front.server.app[CONTEXT].sessions.new(user_id, "Ada", "zh-CN", "discord")
        discord_player = await front.client(cookie)
        data = await learning(discord_player, "setup")
        assert data["step"] == 1 and data["locale"] == "zh-CN"
        assert data["heading"] == t("tutorial.step", "zh-CN", step=2, steps=data["steps"],
                                    name=t("tutorial.setup.run.name", "zh-CN"))


async def test_bad_requests_are_refused_in_the_readers_language_and_change_nothing(database_url):
    async with web_front(database_url) as front:
        player = await local_player(front, locale="zh-CN")
        before = await learning(player, "setup")
        taught, _ = taught_and_other(front, "setup", before)
        cases = [
            ("/api/learn/nogame", None, 404, "web.err.no_tutorial"),
            ("/api/learn/highcard", None, 404, "web.err.no_tutorial"),
            ("/api/learn/setup/move", {"action": taught["action"]}, 400, "web.err.bad_step"),
            ("/api/learn/setup/move", {"action": taught["action"], "step": 3}, 409, "web.err.learn_moved_on"),
            ("/api/learn/setup/move", {"action": "x", "step": 0}, 400, "web.err.bad_action"),
            ("/api/learn/setup/move", {"action": {"kind": "nonsense"}, "step": 0}, 400, "web.err.bad_action"),
            ("/api/learn/setup/move", {"action": taught["action"], "step": True}, 400, "web.err.bad_step"),
        ]
        for path, body, status, key in cases:
            answer = await (player.get(path) if body is None else player.post(path, json=body))
            refusal = await answer.json()
            assert (answer.status, refusal["error"]) == (status, key), (path, body, refusal)
            params = {"step": 1} if key == "web.err.learn_moved_on" else {}
            assert refusal["message"] == t(key, "zh-CN", **params)
        bad_json = await player.post("/api/learn/setup/move", data=b"[1]", headers={"Content-Type": "application/json"})
        assert bad_json.status == 400
        anonymous = await front.client()
        assert (await anonymous.get("/api/learn/setup")).status == 401
        after = await learning(player, "setup")
        assert after["step"] == 0 and after["moves"] == before["moves"]
        games = await (await player.get("/api/games")).json()
        assert {g["game"] for g in games["games"] if g["tutorial"]} == set(TUTORIALS)
