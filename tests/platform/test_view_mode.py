"""/settings view mode:Image|Text and cogs/play/pictures.picture: a text-mode
player gets the state in words instead of a picture; every picture carries
its alt text; a public board is always a described picture."""
from __future__ import annotations

from cogs.play.pictures import picture
from tests.conftest import Table, last_reply
from tests.support.highcard import HighcardRenderer, PrivateView, PublicView


async def test_the_setting_is_stored_and_confirmed_in_the_callers_language(simcord_env, locales):
    t = Table(simcord_env)
    alice, bob = t.members
    locales[bob.id] = "zh-TW"
    answer = last_reply(await alice.slash(t.channel, "settings view", mode="text"))
    assert answer.ephemeral and answer.content.startswith("Boards and hands you are sent privately come as text")
    answer = last_reply(await bob.slash(t.channel, "settings view", mode="image"))
    assert answer.ephemeral and "圖片" in answer.content
    settings = t.service.settings
    assert (await settings.view_mode(alice.id), await settings.view_mode(bob.id)) == ("text", "image")
    answer = last_reply(await alice.slash(t.channel, "settings view", mode="image"))
    assert answer.content.startswith("Boards and hands come to you as pictures")
    assert await settings.view_mode(alice.id) == "image"


async def test_picture_gives_a_described_file_or_words_by_the_players_choice(simcord_env):
    t = Table(simcord_env)
    alice, bob = t.members
    await alice.slash(t.channel, "settings view", mode="text")
    bot, renderer = simcord_env.bot, HighcardRenderer()
    hand = PrivateView(seat=0, hand=[3, 17, 9])
    file, text = await picture(bot, alice.id, renderer, "hand", hand, "en")
    assert file is None and text == "Cards: 3 17 9"
    file, text = await picture(bot, bob.id, renderer, "hand", hand, "en", name="mine.png")
    assert text == "" and file is not None
    assert (file.filename, file.description) == ("mine.png", "Cards: 3 17 9")
    board = PublicView(played=[[5], [*range(1, 12)]], hand_counts=[2, 2], deck_count=4, turn=0)
    file, text = await picture(bot, None, renderer, "board", board, "en")  # public: always a picture
    assert text == "" and file is not None and file.filename == "board.png"
    assert file.description == renderer.board_alt(board, "en") and "P2: 1 2 3" in file.description
    file, text = await picture(bot, alice.id, renderer, "board", board, "en")  # a private board: words
    assert file is None and text.startswith("deck 4\nP1: 5 (sum 5)")


async def test_the_board_command_posts_the_picture_with_its_alt_text(simcord_env):
    t = Table(simcord_env)
    alice, _ = t.members
    await alice.slash(t.channel, "settings view", mode="text")
    live = await t.open_and_start()
    await t.env.settle()
    message = last_reply(await alice.slash(t.channel, "board"))
    view = live.engine.public_view(live.state)
    assert [(a.filename, a.description) for a in message.attachments] == [
        ("board.png", HighcardRenderer().board_alt(view, "en"))]


class BrokenWords(HighcardRenderer):
    def hand_alt(self, view: PrivateView, locale: str = "en") -> str:
        raise KeyError("secret-card-17")


async def test_a_failing_alt_text_keeps_the_picture_and_logs_no_hidden_words(simcord_env, caplog):
    t = Table(simcord_env)
    file, text = await picture(simcord_env.bot, t.members[0].id, BrokenWords(), "hand",
                               PrivateView(seat=0, hand=[17]), "en")
    assert file is not None and file.description is None and text == ""
    assert "BrokenWords: no hand alt text (KeyError)" in caplog.text and "secret" not in caplog.text


async def test_text_mode_panels_and_dms_carry_words_and_every_picture_its_alt_text(simcord_env):
    """A text-mode player's panel and turn DM have no picture but the hand
    (and the board) in words; the image-mode player's panel and every board
    in the channel carry the picture with its description."""
    t = Table(simcord_env)
    alice, bob = t.members
    simcord_env.bot.notifier.away_seconds = 0  # turn DMs go out
    await alice.slash(t.channel, "settings view", mode="text")
    live = await t.open_and_start()
    await t.env.settle()
    renderer = HighcardRenderer()
    for member in (alice, bob):
        seat = live.seat_of(member.id)
        panel = last_reply(await member.slash(t.channel, "hand"))
        hand = live.engine.private_view(live.state, seat)
        if member is alice:
            assert panel.attachments == []
            assert renderer.hand_text_full(hand, "en") in panel.content
            assert renderer.board_text(live.engine.public_view(live.state), "en")[:20] in panel.content
        else:
            assert [(a.filename, a.description) for a in panel.attachments] == [
                ("hand.png", renderer.hand_alt(hand, "en"))]
    board = t.board_message()
    assert [a.description for a in board.attachments] == [renderer.board_alt(live.engine.public_view(live.state), "en")]
    await t.play_to_end()
    await t.env.settle()
    alice_dms = alice.user.dm_channel.history() if alice.user.dm_channel else []
    assert alice_dms and all(m.attachments == [] for m in alice_dms)
    bob_dms = bob.user.dm_channel.history()
    assert bob_dms and all(a.description for m in bob_dms for a in m.attachments)
