"""Issue 20's proof, "one definition per game": Take-away, a game that lives
only in tests/support/toy, is registered with one line and then plays
through the table service, Discord (SimCord), the simulator and the arena
with no other edit. Its hands are hidden: the other seat's cards never show
in a public message, a board or the replay."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot import extensions_for
from db.database import Database
from engines.base import IllegalAction, SeatInfo
from i18n import LOCALES, t
from tables import arena
from tables.errors import TableError
from tables.notifier import NullNotifier
from tables.registry import default_registry
from tables.service import TableService
from tables.simulate import simulate
from tables.text import game_name
from tests.click.clicking import option_values, pick, press, show_hand
from tests.conftest import Table, last_reply
from tests.support import toy
from tests.support.toy.engine import Take, ToyPublicView

REGISTRY = default_registry()
REGISTRY.add(toy.DEFINITION)  # the one line
ENGINE, RENDERER = toy.DEFINITION.engine, toy.DEFINITION.renderer
ALICE, BOB = 100, 200


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def same_picture(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(image(a), image(b)).getbbox() is None


def play_out(state, moves: list[tuple[int, int]] | None = None):
    """The engine alone, each seat playing its AI's card: the final state."""
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        action = ENGINE.ai_action(state, seat, None)
        state, _ = ENGINE.apply(state, seat, action)
        if moves is not None:
            moves.append((seat, action.card))
    return state


def check_ending(state, moves: list[tuple[int, int]]) -> int:
    """The rules' outcome: the counters taken are the cards played; the last
    mover took the last counter or left the other seat no card to play."""
    assert sum(card for _, card in moves) == state.config.pile - state.pile
    last = moves[-1][0]
    if state.pile == 0:
        assert state.reason == "toy.end.last"
    else:
        assert state.reason == "toy.end.stuck" and all(c > state.pile for c in state.hands[1 - last])
    assert state.winner == last and ENGINE.result(state).ranks == [1 if s == last else 2 for s in range(2)]
    return last


def test_its_words_come_from_its_own_catalogue_in_every_language():
    assert [game_name("toy", loc) for loc in LOCALES] == ["Take-away", "拿筹码", "拿籌碼"]
    assert t("toy.log.took", "zh-TW", seat="李雷", card=3, left=12) == "李雷 打出 3，拿走 3 個籌碼（剩 12 個）。"
    state = ENGINE.new_game(ENGINE.default_config(), [SeatInfo(name="李雷"), SeatInfo(name="bob")], 1)
    boards = {RENDERER.board_png(ENGINE.public_view(state), loc) for loc in LOCALES}
    en, cn, tw = (RENDERER.hand_png(ENGINE.private_view(state, 0), loc) for loc in LOCALES)
    assert len(boards) == 3 and en != cn == tw  # "你的手牌" in both scripts


# -- the table service ----------------------------------------------------------------
class Recorder(NullNotifier):
    def __init__(self) -> None:
        self.events, self.summaries, self.hands = [], [], []

    async def board_updated(self, table, events, finished) -> None:
        self.events += events
        self.summaries += [finished] if finished else []

    async def hands_changed(self, table, seats, turn_seats=()) -> None:
        self.hands.append(list(seats))


async def test_the_table_service_plays_it_and_writes_results_and_ratings():
    db = Database(":memory:")
    await db.open()
    notifier = Recorder()
    service = TableService(db, REGISTRY, notifier)
    table = await service.open_lobby("toy", 1, 10, ALICE, "alice", {"pile": 15}, seed=4)
    await service.join(table.id, BOB, "bob")
    await service.start(table.id, ALICE)
    seat = table.to_act()[0]
    with pytest.raises(TableError):  # out of turn
        await service.act(table.id, table.seats[1 - seat].user_id, Take(card=table.state.hands[1 - seat][0]))
    missing = next(c for c in range(1, 10) if c not in table.state.hands[seat])
    with pytest.raises(IllegalAction) as refused:
        await service.act(table.id, table.seats[seat].user_id, Take(card=missing))
    assert refused.value.key == "toy.err.not_in_hand" and table.record.version == 0
    moves = []
    while table.record.status == "playing":
        seat = table.to_act()[0]
        card = ENGINE.ai_action(table.state, seat, None).card
        events = await service.act(table.id, table.seats[seat].user_id, Take(card=card))
        assert events[0].params == {"seat": seat, "card": card, "left": table.state.pile}
        moves.append((seat, card))
    await service.announcing.join()
    final = table.state
    assert final == play_out(ENGINE.new_game(ENGINE.config_from_json({"pile": 15}),
                                             [SeatInfo(name="alice"), SeatInfo(name="bob")], 4))
    winner = check_ending(final, moves)
    assert (winner, final.pile, final.reason) == (0, 0, "toy.end.last")  # seed 4: alice takes the last counter
    assert [e.key for e in notifier.events] == ["core.log.started"] + ["toy.log.took"] * len(moves)
    assert len(notifier.hands) == len(moves)  # each move's replacement card changed one hand
    [summary] = notifier.summaries
    assert summary.rated and summary.reason == "toy.end.last"
    assert {(st.seat, st.rank, st.score) for st in summary.standings} == {
        (s, 1 if s == winner else 2, float(sum(c for m, c in moves if m == s))) for s in range(2)}
    rows = await service.games.results(table.id)
    assert [(r["user_id"], r["rank"], r["outcome"]) for r in rows] == [(ALICE, 1, "win"), (BOB, 2, "loss")]
    ratings = await service.ratings.get_many(1, "toy", [ALICE, BOB])
    assert set(ratings) == {ALICE, BOB}
    assert await service.replay(await service.games.get(table.id)) == final
    await service.shutdown()
    await db.close()


# -- Discord (SimCord) -----------------------------------------------------------------
@pytest.fixture
def simcord_bot(bot_builder):
    return bot_builder(REGISTRY, list(extensions_for(REGISTRY)))


def public_texts(channel) -> list[str]:
    return [m.content + "".join(str(e.to_dict()) for e in m.embeds) for m in channel.history() if not m.flags.ephemeral]


def assert_hidden(t: Table, cards: list[int]) -> None:
    """No public message shows a hand, nor any of these unplayed cards as a hand does."""
    for text in public_texts(t.channel):
        assert "Your cards" not in text and not any(f"[{c}]" in text for c in cards), text


async def test_discord_lobby_board_hand_builder_history_and_replay(simcord_env):
    t = Table(simcord_env)
    alice, bob = t.members
    await alice.slash(t.channel, "toy new", pile=15)
    lobby = t.lobby_message()
    assert lobby.embeds[0].title.startswith("Take-away — lobby #")
    assert "Counters: 15" in str(lobby.embeds[0].to_dict())
    await bob.click(lobby, label="Join")
    await alice.click(t.lobby_message(), label="Start")
    live = t.live()
    game_id, cdn = live.id, simcord_env.backend.cdn
    board = t.board_message()
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert same_picture(cdn.get(board.attachments[0].url), RENDERER.board_png(ENGINE.public_view(live.state)))

    seat = live.to_act()[0]
    mover, waiter = t.member_for_seat(seat), t.member_for_seat(1 - seat)
    waiting = await show_hand(waiter, board)  # out of turn: the own hand, no menu, a Refresh button
    assert "Waiting for" in waiting.content and "Refresh" in str(waiting.components)
    assert f"Your cards: {' '.join(f'[{c}]' for c in live.state.hands[1 - seat])}" in waiting.content
    assert not any(f"[{c}]" in waiting.content for c in live.state.hands[seat])
    missing = next(c for c in range(1, 10) if c not in live.state.hands[seat])
    refused = last_reply(await mover.slash(t.channel, "toy take", card=missing))
    assert refused.ephemeral and f"Card {missing} is not in your hand." in refused.content
    assert "not your turn" in last_reply(await waiter.slash(t.channel, "toy take", card=1)).content
    card = ENGINE.ai_action(live.state, seat, None).card  # the first move typed, the others clicked
    typed = last_reply(await mover.slash(t.channel, "toy take", card=card))
    assert f"played {card} and took {card} counters ({15 - card} left)" in typed.content
    moves, clicked = [(seat, card)], 0
    while (live := t.live()) is not None:
        seat, pile = live.to_act()[0], live.state.pile
        mover, hand, other = t.member_for_seat(seat), live.state.hands[seat], live.state.hands[1 - seat]
        assert_hidden(t, hand + other)
        board = t.board_message()
        assert f"({pile} left)" in board.content  # the last move's log line
        assert same_picture(cdn.get(board.attachments[0].url), RENDERER.board_png(ENGINE.public_view(live.state)))
        reply = await show_hand(mover, board)
        assert f"Your cards: {' '.join(f'[{c}]' for c in hand)}" in reply.content
        assert not any(f"[{c}]" in reply.content for c in other)  # only the clicker's hand
        assert same_picture(cdn.get(reply.attachments[0].url), RENDERER.hand_png(ENGINE.private_view(live.state, seat)))
        assert option_values(reply) == [str(c) for c in hand if c <= pile]
        card = ENGINE.ai_action(live.state, seat, None).card
        chosen = await pick(mover, reply, str(card))
        assert f"Card **{card}** leaves **{pile - card}**" in chosen.content
        done = await press(mover, chosen, "Confirm")
        assert f"You played {card}." in done.content
        assert sum(live.state.played[seat]) == sum(c for s, c in moves if s == seat) + card  # applied
        moves.append((seat, card))
        clicked += 1
    record = await t.service.games.get(game_id)
    final = await t.service.replay(record)
    winner = check_ending(final, moves)
    assert record.status == "finished" and clicked == len(moves) - 1 >= 1
    assert "final standings" in t.channel.history()[-1].content
    board = next(m for m in t.channel.history() if m.id == record.board_message_id)
    assert "final standings" in board.content  # the results carry the last board
    assert [c.custom_id for row in board.components for c in row.children] == [f"tt:rematch:{game_id}", f"tt:review:{game_id}"]
    assert same_picture(cdn.get(board.attachments[0].url), RENDERER.board_png(ENGINE.public_view(final)))
    rows = await t.service.games.results(game_id)
    assert [r["seat"] for r in rows if r["rank"] == 1] == [winner]
    assert_hidden(t, final.hands[0] + final.hands[1])

    page = last_reply(await alice.slash(t.channel, "history", game_id=game_id))
    names = [s.name for s in record.seats]
    for n, (s, c) in enumerate(moves, start=1):
        assert f"{n}. {names[s]} played {c} and took {c} counters" in page.content
    assert not any(f"[{c}]" in page.content for c in final.hands[0] + final.hands[1])

    answer = last_reply(await bob.slash(t.channel, "replay", game_id=game_id))
    assert not answer.ephemeral and f"{len(moves) + 1} frames of {len(moves)} moves" in answer.content
    gif = Image.open(io.BytesIO(cdn.get(answer.attachments[0].url)))
    assert gif.format == "GIF" and gif.n_frames == len(moves) + 1
    gif.seek(gif.n_frames - 1)
    last_frame, final_board = gif.convert("RGB"), image(RENDERER.board_png(ENGINE.public_view(final)))
    assert sum(ImageStat.Stat(ImageChops.difference(last_frame, final_board)).mean) / 3 < 1.0  # GIF palette only
    assert not {"hands", "hand", "deck"} & set(ToyPublicView.model_fields)  # frames are drawn from this alone


# -- the simulator and the arena -----------------------------------------------------------
async def test_the_simulator_plays_it_to_the_end_and_writes_every_board(tmp_path, capsys):
    summary = await simulate("toy", 2, seed=3, out=tmp_path, registry=REGISTRY)
    moves = []
    final = play_out(ENGINE.new_game(ENGINE.default_config(), [SeatInfo(name="Player 1"), SeatInfo(name="Player 2")],
                                     3), moves)
    winner = check_ending(final, moves)
    assert {st.seat: st.rank for st in summary.standings} == {winner: 1, 1 - winner: 2}
    frames = sorted(tmp_path.glob("turn-*.png"))
    assert len(frames) == len(moves) + 1  # the dealt game, then one board per move
    assert same_picture((tmp_path / "final.png").read_bytes(), RENDERER.board_png(ENGINE.public_view(final)))
    assert image(frames[0].read_bytes()).size == image(frames[-1].read_bytes()).size == (400, 188)
    out = capsys.readouterr().out
    assert "Take-away" in out and f"played {moves[-1][1]}" in out and "board images written" in out


def test_the_arena_plays_it_between_two_levels():
    out = arena.run("toy", 2, games=4, seed=1, a="greedy", b="greedy", progress=False, registry=REGISTRY)
    expected = {"a": 0, "b": 0}
    for index in range(4):
        state = ENGINE.new_game(ENGINE.default_config(), [SeatInfo(name=f"AI {n + 1}", is_ai=True) for n in (0, 1)],
                                arena.game_seed(1, index))
        levels = arena.seat_levels(ENGINE, state, 2, index, "a", "b")
        expected[levels[play_out(state).winner]] += 1
    assert (out["games"], out["a_wins"], out["b_wins"], out["draws"]) == (4, expected["a"], expected["b"], 0)
