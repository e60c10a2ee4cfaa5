"""/replay and ``python -m tables.replay``: an animated GIF of the public
board rebuilt from seed + action log; frames sampled evenly (first and last
kept) and the file kept under Discord's inline limit."""
import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from tables import replay
from tests.conftest import last_reply
from tests.platform.history_kit import long_game


def gif_frames(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    frames = []
    for index in range(image.n_frames):
        image.seek(index)
        frames.append(image.convert("RGB"))
    return frames


def difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


# -- units ---------------------------------------------------------------
@pytest.mark.parametrize("count, limit", [(1, 5), (5, 5), (6, 5), (61, 48), (301, 48), (1000, 2), (7, 3)])
def test_sampling_is_even_and_keeps_the_first_and_the_last(count, limit):
    picked = replay.sample(count, limit)
    assert picked[0] == 0 and picked[-1] == count - 1
    assert len(picked) == min(count, limit) and picked == sorted(set(picked))
    if count > limit:
        gaps = [b - a for a, b in zip(picked, picked[1:])]
        assert max(gaps) - min(gaps) <= 1


def noisy_frames(count: int, size=(400, 200)) -> list[Image.Image]:
    rng = random.Random(7)
    return [Image.frombytes("RGB", size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * 3)))
            for _ in range(count)]


def test_the_size_cap_drops_frames_then_shrinks_them():
    frames = noisy_frames(12)
    whole = replay.encode_gif(frames)
    data, used = replay.fit(frames, max_bytes=len(whole) // 3)
    assert len(data) <= len(whole) // 3
    assert 2 <= used < 12
    kept = gif_frames(data)
    assert difference(kept[0], frames[0].convert("RGB")) < 40 and difference(kept[-1], frames[-1]) < 40
    single = len(replay.encode_gif(frames[:1]))
    tiny, used = replay.fit(frames, max_bytes=int(single * 1.3))
    assert used == 2 and len(tiny) <= single * 1.3
    assert Image.open(io.BytesIO(tiny)).width < 400  # the first and the last frame, made smaller


def test_frames_of_different_sizes_share_one_canvas_without_leftovers():
    big = Image.new("RGB", (300, 200), "red")
    small = Image.new("RGB", (100, 50), "white")
    small.paste((0, 0, 255), (40, 20, 60, 30))  # a blue mark in the middle
    first, second = gif_frames(replay.encode_gif([big, small]))
    assert first.size == second.size == (300, 200)
    assert second.getpixel((5, 5)) == (255, 255, 255)  # no red left from the first frame
    assert second.getpixel((150, 100)) == (0, 0, 255)  # the small frame, centred


def test_an_impossible_cap_is_refused():
    with pytest.raises(replay.ReplayTooLarge):
        replay.fit(noisy_frames(3), max_bytes=1000)


# -- Discord ---------------------------------------------------------------
async def test_replay_of_a_finished_game_shows_every_move_and_ends_on_the_final_board(table):
    game_id = await long_game(table, cards=12)
    alice = table.members[0]
    answer = last_reply(await alice.slash(table.channel, "replay", game_id=game_id))
    assert not answer.ephemeral and "13 frames of 12 moves" in answer.content
    [attachment] = answer.attachments
    assert attachment.filename == f"replay-{game_id}.gif"
    data = table.env.backend.cdn.get(attachment.url)
    assert len(data) <= replay.MAX_BYTES
    frames = gif_frames(data)
    assert len(frames) == 13
    spec = table.env.bot.registry.get("highcard")
    record = await table.service.games.get(game_id)
    final = await table.service.replay(record)
    final_board = Image.open(io.BytesIO(spec.renderer.board_png(spec.engine.public_view(final)))).convert("RGB")
    assert difference(frames[-1], final_board) < 1.0
    assert difference(frames[0], final_board) > difference(frames[-1], final_board) + 1.0


async def test_a_long_game_is_sampled_and_the_finished_file_is_cached(table, monkeypatch):
    game_id = await long_game(table, cards=60)
    alice, bob = table.members
    calls = []
    real = replay.build
    monkeypatch.setattr(replay, "build", lambda *a, **k: calls.append(1) or real(*a, **k))
    first = last_reply(await alice.slash(table.channel, "replay", game_id=game_id))
    frames = gif_frames(table.env.backend.cdn.get(first.attachments[0].url))
    assert 2 < len(frames) <= replay.MAX_FRAMES  # sampled (identical neighbours are merged)
    assert f"{len(frames)} frames of 60 moves" in first.content
    second = last_reply(await bob.slash(table.channel, "replay", game_id=game_id))
    assert calls == [1] and "60 moves" in second.content


async def test_replay_of_the_live_game_goes_up_to_now(table):
    live = await table.open_and_start()
    for _ in range(3):
        seat = table.live().to_act()[0]
        await table.member_for_seat(seat).slash(table.channel, "highcard play",
                                                card=max(table.live().state.hands[seat]))
    answer = last_reply(await table.members[1].slash(table.channel, "replay"))
    assert "4 frames of 3 moves (so far)" in answer.content
    assert table.live().id == live.id


def test_the_offline_command_writes_the_gif(tmp_path, capsys):
    import asyncio

    from db.database import Database
    from tables.registry import default_registry
    from tables.service import TableService

    async def play() -> int:
        db = Database(str(tmp_path / "t.db"))
        await db.open()
        service = TableService(db, default_registry())
        table = await service.open_lobby("setup", 1, 2, 10, "alice", seed=5)
        await service.join(table.id, 11, "bob")
        await service.start(table.id, 10)
        rng = random.Random(1)
        for _ in range(6):
            seat = table.to_act()[0]
            await service.act(table.id, table.seats[seat].user_id, table.engine.ai_action(table.state, seat, rng))
        await service.shutdown()
        await db.close()
        return table.id

    game_id = asyncio.run(play())
    out = tmp_path / "replay.gif"
    assert replay.main(["--db", f"sqlite:///{tmp_path}/t.db", "--game", str(game_id), "--out", str(out)]) == 0
    assert len(gif_frames(out.read_bytes())) == 7
    assert "6 moves, 7 frames" in capsys.readouterr().out
    chinese = tmp_path / "replay-zh.gif"  # the frames are drawn in the language asked for
    assert replay.main(["--db", f"sqlite:///{tmp_path}/t.db", "--game", str(game_id), "--out", str(chinese),
                        "--lang", "zh-CN"]) == 0
    english_frames, chinese_frames = gif_frames(out.read_bytes()), gif_frames(chinese.read_bytes())
    assert len(chinese_frames) == 7
    assert difference(english_frames[-1], chinese_frames[-1]) > 0
    assert replay.main(["--db", f"sqlite:///{tmp_path}/t.db", "--game", "999", "--out", str(out)]) == 1
