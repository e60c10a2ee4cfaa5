"""A table's JSON, its pictures and its regions are of one state: the answer
names that state's version, its picture URLs name it too, and a picture is
drawn from the state of the version its URL names — even when the table
moves on while the answer is made or the picture is drawn (issue 35: a
refresh while the AI moved stored the old hand under the new version)."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tables import replay
from tests.webboard.kit import local_player, new_table, table_json, web_front
from web.game_log import GameLog


class MovingDrawing:
    """Draws in a thread like the web does without a pool; before its next
    picture it first lets ``meanwhile`` run (a move made by someone else)."""

    def __init__(self) -> None:
        self.meanwhile: Callable[[], Awaitable[None]] | None = None

    async def draw(self, renderer: Any, kind: str, view: Any, locale: str, key: Any = None) -> bytes:
        if self.meanwhile is not None:
            run, self.meanwhile = self.meanwhile, None
            await run()
        return bytes(await asyncio.to_thread(getattr(renderer, f"{kind}_png"), view, locale))


async def states_by_version(front: Any, table_id: int) -> dict[int, Any]:
    """Every state the table has been in, by version, rebuilt from its action log."""
    table = front.service.get(table_id)
    rows = await front.service.games.actions(table_id)
    actions = [(seq, seat, action) for seq, seat, action, _ in rows]
    return {step.seq: step.state for step in replay.steps(table.definition, table.record, actions)}


async def test_a_move_made_while_the_answer_is_made_is_not_mixed_into_it(database_url, monkeypatch):
    drawing = MovingDrawing()
    async with web_front(database_url, drawing=drawing) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=2, options={"rounds": 1})
        table = front.service.get(table_id)
        first_to_act = table.engine.to_act(table.state)[0]
        action = table.engine.action_to_json(table.engine.legal_actions(table.state, first_to_act)[0])
        version, old_state = table.record.version, table.state

        async def move() -> None:
            answer = await ada.post(f"/api/tables/{table_id}/actions",
                                    json={"action": action, "version": version, "seat": first_to_act})
            assert answer.status == 200, await answer.text()

        # The move lands while the answer is being made (its log is read last).
        lines = GameLog.lines
        pending: list[Callable[[], Awaitable[None]]] = [move]

        async def moving_lines(self: GameLog, *args: Any) -> list[str]:
            if pending:
                await pending.pop()()
            return await lines(self, *args)

        monkeypatch.setattr(GameLog, "lines", moving_lines)
        seen = await table_json(ada, table_id, seat=first_to_act)
        monkeypatch.setattr(GameLog, "lines", lines)
        assert not pending and table.record.version > version
        renderer, engine = table.definition.renderer, table.engine
        assert seen["version"] == version and f"v={version}" in seen["hand"]["png"]
        assert [m["action"] for m in seen["moves"]] == [
            engine.action_to_json(a) for a in engine.legal_actions(old_state, first_to_act)]
        own = engine.private_view(old_state, first_to_act)
        assert seen["hand"]["regions"] == [{"id": r.id, "kind": r.kind, "box": list(r.box)}
                                           for r in renderer.hand_regions(own, "en")]
        assert [seen["hand"]["width"], seen["hand"]["height"]] == list(renderer.hand_size(own, "en"))
        # Its pictures are still of that version, though the table moved on.
        hand = await ada.get(seen["hand"]["png"])
        assert hand.status == 200 and await hand.read() == renderer.hand_png(own, "en")
        board = await ada.get(seen["board"]["png"])
        assert await board.read() == renderer.board_png(engine.public_view(old_state), "en")
        again = await table_json(ada, table_id, seat=first_to_act)
        assert again["version"] == table.record.version > seen["version"]
        assert f"v={again['version']}" in again["hand"]["png"] and again["moves"] != seen["moves"]
        await ada.close()


async def test_a_move_made_while_a_picture_is_drawn_does_not_change_that_picture(database_url):
    drawing = MovingDrawing()
    async with web_front(database_url, drawing=drawing) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "setup", ai=[], humans=2, options={})
        table = front.service.get(table_id)
        seat = table.engine.to_act(table.state)[0]
        seen = await table_json(ada, table_id, seat=seat)
        old_state, renderer, engine = table.state, table.definition.renderer, table.engine

        async def move() -> None:
            answer = await ada.post(f"/api/tables/{table_id}/actions",
                                    json={"action": seen["moves"][0]["action"], "version": seen["version"]})
            assert answer.status == 200, await answer.text()

        drawing.meanwhile = move
        hand = await ada.get(seen["hand"]["png"])
        assert drawing.meanwhile is None and table.record.version > seen["version"]
        assert await hand.read() == renderer.hand_png(engine.private_view(old_state, seat), "en")
        # The new version's picture is the new state's (the old one was not kept under it).
        now = await ada.get(f"/api/tables/{table_id}/hand.png?v={table.record.version}&seat={seat}")
        assert await now.read() == renderer.hand_png(engine.private_view(table.state, seat), "en")
        # A version this process never showed is refused, not drawn from another state.
        unknown = await ada.get(f"/api/tables/{table_id}/board.png?v={table.record.version + 5}")
        assert unknown.status == 404 and (await unknown.json())["error"] == "web.err.other_version"
        bad = await ada.get(f"/api/tables/{table_id}/board.png?v=x")
        assert bad.status == 400
        await ada.close()


async def test_refreshing_while_the_ai_moves_never_serves_another_positions_picture(database_url):
    """A page refreshing as fast as it can while its move's answer — three AI
    seats' moves — is on the way: every JSON's pictures are its version's."""
    async with web_front(database_url) as front:
        ada = await local_player(front)
        watcher = await front.client()
        watcher.session.cookie_jar.update_cookies(ada.session.cookie_jar.filter_cookies(ada.make_url("/")))
        table_id = await new_table(ada, "cubed", ai=["greedy"] * 3, options={"rounds": 1})
        table = front.service.get(table_id)
        thinking = front.service.thinking
        choose = thinking.choose

        async def thoughtful(*args: Any, **kwargs: Any) -> Any:  # an AI taking its time, as a search does
            await asyncio.sleep(0.15)
            return await choose(*args, **kwargs)

        thinking.choose = thoughtful  # type: ignore[method-assign]
        fetched: list[tuple[int, str, bytes]] = []
        versions: set[int] = set()

        async def refresh_while(task: asyncio.Task[Any]) -> None:
            while True:
                data = await table_json(watcher, table_id)
                versions.add(data["version"])
                for kind in ("board", "hand"):
                    if data[kind] is not None:
                        answer = await watcher.get(data[kind]["png"])
                        if answer.status == 200:
                            fetched.append((data["version"], kind, await answer.read()))
                if task.done():
                    return

        for _ in range(8):
            data = await table_json(ada, table_id)
            if data["status"] != "playing" or not data["moves"]:
                break
            post = asyncio.create_task(ada.post(f"/api/tables/{table_id}/actions", json={
                "action": data["moves"][0]["action"], "version": data["version"]}))
            await refresh_while(post)
            assert (await post).status == 200
        states = await states_by_version(front, table_id)
        engine, renderer = table.engine, table.definition.renderer
        expected: dict[tuple[int, str], bytes] = {}
        wrong = []
        for version, kind, png in fetched:
            if (version, kind) not in expected:
                state = states[version]
                view = engine.public_view(state) if kind == "board" else engine.private_view(state, 0)
                expected[(version, kind)] = getattr(renderer, f"{kind}_png")(view, "en")
            if png != expected[(version, kind)]:
                wrong.append((version, kind))
        assert len(fetched) >= 40 and len(versions) > 8, (len(fetched), versions)
        assert wrong == []
        await watcher.close()
        await ada.close()


async def test_an_answer_read_before_the_pages_hear_of_its_change_has_that_changes_lines(database_url):
    """The announcing queue tells the pages after the player is answered: a
    read in between names the new version, so it carries the new lines too
    (the last CI's Death Front game ended with a log two changes short)."""
    async with web_front(database_url) as front:
        ada = await local_player(front)
        table_id = await new_table(ada, "cubed", ai=[], humans=2, options={"rounds": 1})
        before = await table_json(ada, table_id)
        held = asyncio.Event()
        told = front.notifier.board_updated_batches

        async def late(*args: Any, **kwargs: Any) -> None:
            await held.wait()
            await told(*args, **kwargs)

        front.notifier.board_updated_batches = late  # type: ignore[method-assign]
        seat = before["to_act"][0]
        answer = await ada.post(f"/api/tables/{table_id}/actions", json={
            "action": before["moves"][0]["action"], "version": before["version"], "seat": seat})
        assert answer.status == 200, await answer.text()
        try:
            early = await table_json(ada, table_id, seat=seat)
        finally:
            held.set()  # else the service's closing waits for the held announcement
        assert early["version"] == before["version"] + 1
        assert len(early["log"]) > len(before["log"]) and early["log"][:len(before["log"])] == before["log"]
        await front.service.announcing.join()
        await front.notifier.settled()
        assert (await table_json(ada, table_id, seat=seat))["log"] == early["log"]
