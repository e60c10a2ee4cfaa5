"""The Discord side of the table service: what players see after every
committed change.

A game has one board message in its channel: the picture, what happened
since the player to act last moved, and whose turn it is. When the turn
passes to a person, the board is posted again as a new message that
mentions them (so the notification carries the board and what the others
did) and the previous board message is deleted; other changes edit the
board in place. So a move costs at most two requests. A person watching
their private panel (clicked it in the last ``WATCHING_SECONDS``) is still
mentioned: the panel's quiet redraw notifies nobody, and a player who locks
the phone after moving must not miss the turn. Each player may choose fewer
mentions (``/settings ping``): ``away`` skips the mention while they are
watching their panel, ``dm`` tells them by DM instead (mentioned after all
when their DMs are closed). The game's end is one new message: the last
board, the results and a mention of every player. Hand DMs (``/settings
dm``) go only to a player who has been away (``AWAY_SECONDS`` without
touching the bot), with the server's name and a button to the board. Where a player's click left a fresh interaction in the
channel, the board goes out as its follow-up (``cogs/play/interaction_routes.py``:
not under the bot token's global rate limit), else with the bot token."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import channel_by_id, draw, guild_locale
from cogs.community.team_threads import TeamThreads
from cogs.host import Host
from cogs.learn import latest as latest_answers
from cogs.lobby.message import LobbyMessages
from cogs.lobby.rematch import rematch_view
from cogs.play.board_log import BoardLog
from cogs.play.builder.items import compose
from cogs.play.hands import dm_hand, dm_locale
from cogs.play.interaction_routes import InteractionRoutes
from cogs.play.panel_view import PanelMessage, closed
from cogs.play.panels import Panel, Panels
from cogs.play.pictures import described_file
from cogs.play.results_text import results_text
from cogs.views import board_view
from engines import ai
from engines.base import Event
from engines.paths import load
from i18n import t
from tables.text import game_name, safe_name, turn_hint

if TYPE_CHECKING:
    from tables.service import GameSummary, LiveTable

log = logging.getLogger(__name__)
MAX_LOG_LINES = 40  # the board keeps the last full round; long rounds are cut to fit
MAX_CONTENT = 1900
WATCHING_SECONDS = 60  # a click this recent: the player is looking at their panel
AWAY_SECONDS = 10 * 60  # no click or command this long: the player is away, a DM may reach them
PANEL_LINES = 6  # what the others did, at the top of a redrawn panel


def board_url(table: "LiveTable") -> str | None:
    record = table.record
    if record.board_message_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}/{record.board_message_id}"


def mentions(user_ids: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


class DiscordNotifier:
    def __init__(self, bot: Host, activity: bool = False, interaction_routes: bool = True) -> None:
        self.bot = bot
        self.activity = activity  # the board carries "Open board" (cogs/play/activity.py)
        # Clicks' follow-ups carry the board where they can (None: always the bot token).
        self.routes = InteractionRoutes(lambda: self.bot.tables.clock(), self._pace) if interaction_routes else None
        self.log = BoardLog()
        self.lobby = LobbyMessages(bot, self._channel, self._locale)
        self.teams = TeamThreads(bot, self._channel, self._locale)  # team games' private threads
        self.panels = Panels(lambda: self.bot.tables.clock(), lambda locale: t("panel.asleep", locale))
        self.seen: dict[int, float] = {}  # user id -> when they last touched the bot (the service's clock)
        self.away_seconds: float = AWAY_SECONDS
        self._board_locks: dict[int, asyncio.Lock] = {}
        # Per game: (the state, {(seat, locale): hint}). A hint lists the legal
        # action kinds, which costs SETUP a search; the board and the DM share it.
        self._hints: dict[int, tuple[Any, dict[tuple[int, str], str]]] = {}

    # -- plumbing --------------------------------------------------------------
    def game_items(self, table: "LiveTable", locale: str) -> list[discord.ui.Item]:
        parts = table.definition.discord
        factory = load(parts.board_items) if parts is not None and parts.board_items else None
        return factory(table.id, locale) if factory else []

    def board_view(self, table: "LiveTable", locale: str) -> discord.ui.View:
        return board_view(table.id, locale, extra=self.game_items(table, locale), activity=self.activity)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel: discord.abc.Messageable | None = await channel_by_id(self.bot, channel_id)
        return channel

    async def _locale(self, table: "LiveTable") -> str:
        guild = self.bot.get_guild(table.record.guild_id) if table.record.guild_id else None
        if guild is None:
            language, _ = await self.bot.tables.queries.guild_settings(table.record.guild_id)
            return language or "en"
        return await guild_locale(self.bot, guild)

    def saw(self, user_id: int, interaction: Any = None) -> None:
        """The user touched the bot (any command or click); the interaction may carry the next board."""
        self.seen[user_id] = self.bot.tables.clock()
        if interaction is not None and self.routes is not None:
            self.routes.clicked(interaction)

    async def _pace(self, channel_id: int, kind: str) -> None:
        """A follow-up's slot in its channel's window (the bot's REST budget, when on)."""
        budget = getattr(self.bot, "rest_budget", None)
        if budget is not None:
            await budget.acquire_channel(channel_id, kind)

    def idle_for(self, user_id: int) -> float:
        seen = self.seen.get(user_id)
        return float("inf") if seen is None else self.bot.tables.clock() - seen

    # -- lobby (cogs/lobby/message.py) ------------------------------------------
    def lobby_embed(self, table: "LiveTable", locale: str, closed_reason: str | None = None) -> discord.Embed:
        return self.lobby.lobby_embed(table, locale, closed_reason)

    async def post_lobby(self, interaction: discord.Interaction, table: "LiveTable", locale: str) -> None:
        await self.lobby.post_lobby(interaction, table, locale)

    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        await self.lobby.lobby_updated(table, closed_reason)
        if table.record.status == "playing":  # the start: the teams' threads
            await self.teams.started(table)

    # -- the board's words ------------------------------------------------------
    def turn_line(self, table: "LiveTable", locale: str) -> str:
        names = []
        for seat in table.to_act():
            s = table.seats[seat]
            if s.user_id is not None and not s.is_ai:
                names.append(f"<@{s.user_id}>")
            else:  # an AI, shown with the level it plays at (a taken-over seat: the timeout level)
                level = ai.normalize_level(s.ai_level if s.ai_reason == "added" else ai.TIMEOUT_LEVEL)
                names.append(t("ai.board.seat", locale, name=safe_name(s.name), level=t(f"ai.level.{level}", locale)))
        return t("core.board.turn", locale, players=", ".join(names)) if names else ""

    async def turn_hint(self, table: "LiveTable", seat: int, locale: str) -> str:
        """``tables.text.turn_hint``, once per state, seat and language, in the
        drawing pool: it lists the legal actions, which costs SETUP a search."""
        state, hints = self._hints.get(table.id, (None, {}))
        if state is not table.state:
            hints = {}
            self._hints[table.id] = (table.state, hints)
        if (seat, locale) not in hints:
            pool = getattr(self.bot, "drawing", None)
            args = (table.record.game_type, table.engine, table.state, seat, locale)
            hints[(seat, locale)] = await pool.compute(turn_hint, *args) if pool is not None else turn_hint(*args)
        return hints[(seat, locale)]

    async def footer(self, table: "LiveTable", locale: str) -> str:
        """Whose turn: the humans to act mentioned, with what they may do."""
        humans = [s for s in table.to_act() if table.seats[s].user_id is not None and not table.seats[s].is_ai]
        if not humans or table.state is None:
            return self.turn_line(table, locale)
        by_hint: dict[str, list[int]] = {}  # players choosing at once may be at different steps (Death Front)
        for seat in humans:
            by_hint.setdefault(await self.turn_hint(table, seat, locale), []).append(seat)
        return "\n".join(t("core.turn.ping", locale, players=", ".join(f"<@{table.seats[s].user_id}>" for s in seats),
                            game=game_name(table.record.game_type, locale), id=table.id, what=hint)
                          for hint, seats in by_hint.items())

    def board_content(self, table: "LiveTable", events: list[Event], locale: str,
                      finished: "GameSummary | None", footer: str | None = None) -> str:
        """The header, the log lines of the last full round (the given
        events when none are remembered) and whose turn it is."""
        header = f"**{game_name(table.record.game_type, locale)}** · #{table.id}"
        shown = self.log.since(table, table.to_act()) if self.log.knows(table.id) else events
        lines = self.log.lines(table, shown, locale)[-MAX_LOG_LINES:]
        if finished is not None:
            footer = t("core.board.over", locale)
        elif footer is None:
            footer = self.turn_line(table, locale)
        while lines and len("\n".join([header, *lines, footer])) > MAX_CONTENT:
            lines.pop(0)  # the oldest lines go first
        content = "\n".join(p for p in [header, *lines, footer] if p)
        return content if len(content) <= MAX_CONTENT else content[: MAX_CONTENT - 1] + "…"

    def results_text(self, table: "LiveTable", summary: "GameSummary", locale: str) -> str:
        return results_text(table, summary, locale)

    # -- after a change ------------------------------------------------------------
    async def board_updated(self, table: "LiveTable", events: list[Event],
                            finished: "GameSummary | None") -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table: "LiveTable", batches: list[list[Event]],
                                    finished: "GameSummary | None",
                                    turn: tuple[list[int], list[int]] | None = None) -> None:
        """One board for one or more changes (they piled up while the last
        board was drawn), drawn once from the newest state. ``turn``: the
        humans to act and those of them newly to act (see the module)."""
        channel = await self._channel(table.record.channel_id)
        if channel is None or table.state is None:
            return
        locale = await self._locale(table)
        if not self.log.knows(table.id) and table.record.version > 0:
            await self.log.refill(self.bot.tables, table)  # after a restart: the log already holds these changes
        else:
            for batch in batches:
                self.log.remember(table, batch)
        events = [e for batch in batches for e in batch]
        await latest_answers.of(self.bot).game_moved_on(table.id, table.record.version)  # stale "Play it" disabled
        lock = self._board_locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            if finished is not None:  # the game's last words (a round's summary), then the results
                await self._announce(table, channel, batches, locale)
                await self._post_results(table, channel, finished, locale)
                await self.teams.ended(table)
                return
            told = await self._refresh_panels(table)
            ping = await self._to_mention(table, turn[1] if turn is not None else [], told)
            await self._show_board(table, channel, events, locale, ping)
            await self._announce(table, channel, batches, locale)
        await self.teams.changed(table)

    async def _to_mention(self, table: "LiveTable", seats: list[int], told: set[int]) -> list[int]:
        """The people newly to act whom the new board mentions, as each chose
        (``/settings ping``): every time (the default); not while they watch
        their panel (``away``); not when a DM tells them (``dm``), unless
        their DMs are closed."""
        mention = []
        for seat in seats:
            user = table.seats[seat].user_id
            if user is None:
                continue
            mode = await self.bot.tables.queries.ping_mode(user)
            if mode == "away" and user in told and self.idle_for(user) < WATCHING_SECONDS:
                continue
            if mode == "dm" and not table.seats[seat].dm_failed:
                continue
            mention.append(user)
        return mention

    async def _show_board(self, table: "LiveTable", channel: Any, events: list[Event], locale: str,
                          ping: list[int]) -> None:
        """Edit the board in place, or post it anew mentioning ``ping``."""
        content = self.board_content(table, events, locale, None, await self.footer(table, locale))
        image, public = await self._board_picture(table, locale)
        view = self.board_view(table, locale)

        def picture() -> discord.File:
            return self._board_file(table, image, public, locale)

        board_id = table.record.board_message_id
        if ping or board_id is None:
            await self._post_anew(table, channel, content, picture, view, ping)
            return
        if self.routes is not None and await self.routes.edit(table.record.channel_id, board_id, content=content,
                                                              attachments=[picture()], view=view):
            return
        try:
            await channel.get_partial_message(board_id).edit(content=content, attachments=[picture()], view=view)
        except discord.NotFound:  # deleted by someone: post it again
            await self._post_anew(table, channel, content, picture, view, ping)
        except discord.HTTPException as exc:
            log.warning("game %s: could not update the board (HTTP %s)", table.id, exc.status)

    async def _post_anew(self, table: "LiveTable", channel: Any, content: str, picture: Callable[[], discord.File],
                         view: discord.ui.View | None, ping: list[int]) -> None:
        """A new board message; the previous one (and an old separate ping) deleted.
        ``picture`` makes the file (again, when a follow-up was refused)."""
        old = [m for m in (table.record.board_message_id, table.record.ping_message_id) if m is not None]
        channel_id = table.record.channel_id
        try:
            message = None if self.routes is None else await self.routes.send(
                channel_id, content, file=picture(), view=view, allowed_mentions=mentions(ping))
            if message is None:
                message = await channel.send(content, file=picture(), view=view, allowed_mentions=mentions(ping))
        except discord.HTTPException as exc:
            log.warning("game %s: could not post the board (HTTP %s)", table.id, exc.status)
            return
        await self.bot.tables.set_message_ids(table, board=message.id, ping=None)
        for message_id in old:
            if self.routes is not None and await self.routes.delete(channel_id, message_id):
                continue
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                pass  # already gone

    async def _post_results(self, table: "LiveTable", channel: Any, finished: "GameSummary",
                            locale: str) -> None:
        """The last board with the results, mentioning every player; the
        panels lose their controls; the game is forgotten here."""
        await self.panels.close(table.id, lambda panel: self._closed_panel(table, panel))
        image, public = await self._board_picture(table, locale)
        players = [s.user_id for s in table.seats if s.user_id is not None]
        buttons = rematch_view(table.id, locale, rematch=await self.bot.tables.offers_rematch(table.id))
        await self._post_anew(table, channel, self.results_text(table, finished, locale),
                              lambda: self._board_file(table, image, public, locale), buttons, players)
        self._forget(table.id)

    @staticmethod
    def _closed_panel(table: "LiveTable", panel: Panel) -> PanelMessage:
        """A panel at the end: the answer to its last click, and that the game is over."""
        return closed("\n".join([*panel.notes, t("panel.over", panel.locale, id=table.id)]))

    async def _board_picture(self, table: "LiveTable", locale: str) -> tuple[bytes, Any]:
        public = table.engine.public_view(table.state)
        renderer = table.definition.renderer
        return await draw(self.bot, renderer, "board", public, locale, key=(table.id, "board", locale)), public

    @staticmethod
    def _board_file(table: "LiveTable", image: bytes, public: Any, locale: str) -> discord.File:
        """The board picture with its alt text (the state in words)."""
        return described_file(image, table.definition.renderer, "board", public, locale, "board.png")

    async def _announce(self, table: "LiveTable", channel: Any, batches: list[list[Event]], locale: str) -> None:
        """The game's own public lines for these changes (e.g. a round's summary)."""
        announcer = table.definition.announcer
        if announcer is None or table.state is None:
            return
        for batch in batches:
            for text in announcer(table.state, batch, [s.name for s in table.seats], locale):
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

    # -- panels ----------------------------------------------------------------------
    async def panel_head(self, table: "LiveTable", seat: int, locale: str) -> list[str]:
        """The top of a player's panel: what the others did since their
        last move, and that it is their turn."""
        lines = self.log.lines(table, self.log.missed_by(table, seat), locale)[-PANEL_LINES:]
        if table.record.status != "playing" or table.state is None:
            return lines
        if seat in table.to_act():  # (a waiting player's builder says whom they wait for)
            lines.append("🔔 " + t("panel.your_turn", locale, what=await self.turn_hint(table, seat, locale)))
        return lines

    async def _refresh_panels(self, table: "LiveTable") -> set[int]:
        """Redraw every live panel of the table; the users whose panel now
        shows the newest state."""
        version = table.record.version

        async def redraw(panel: Panel) -> PanelMessage | None:
            if table.seat_of(panel.user_id) != panel.seat or table.state is None:
                return None
            head = await self.panel_head(table, panel.seat, panel.locale)
            return await compose(self.bot, table, panel.seat, panel.locale, head=head)

        await self.panels.refresh(table.id, version, redraw)
        return {p.user_id for p in self.panels.of_table(table.id) if p.version >= version}

    # -- turns, hands, DMs ---------------------------------------------------------------
    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        """The board carries whose turn it is (``board_updated_batches``);
        only an old separate ping message is removed here."""
        if table.record.ping_message_id is None:
            return
        channel = await self._channel(table.record.channel_id)
        if channel is not None:
            try:
                await channel.get_partial_message(table.record.ping_message_id).delete()
            except discord.HTTPException:
                pass
        await self.bot.tables.set_message_ids(table, ping=None)

    async def hands_changed(self, table: "LiveTable", seats: list[int], turn_seats: list[int] = ()) -> None:
        """DMs as each player chose: the "your turn" DM at every turn when
        their turns come by DM (``/settings ping dm``); otherwise by
        ``/settings dm``: ``hand`` — the hand whenever it changes; ``turn``
        (default) — the hand when it becomes their turn, if they have been
        away; ``off``."""
        server_locale = await self._locale(table)
        settings = self.bot.tables.queries
        for seat in sorted(set(seats) | set(turn_seats)):
            user_id = table.seats[seat].user_id
            if user_id is None:
                continue
            mode = await settings.dm_mode(user_id)
            # (the DM goes out after the mover's answer: the turn may have passed on already)
            their_turn = seat in turn_seats and seat in table.to_act()
            by_dm = their_turn and await settings.ping_mode(user_id) == "dm"
            turn = by_dm or (their_turn and mode == "turn" and self.idle_for(user_id) >= self.away_seconds)
            if not (turn or (mode == "hand" and seat in seats)):
                continue
            locale = await dm_locale(self.bot, user_id, server_locale)
            hint = await self.turn_hint(table, seat, locale) if turn else None
            sent = await dm_hand(self.bot, table, seat, locale, turn_hint=hint, board_url=board_url(table),
                                 server=self._server_name(table), asked=by_dm)
            if sent is False:
                await self.bot.tables.mark_dm_failed(table, seat, True)
                await self._note_dm_failed(table, seat, server_locale, mention=by_dm)

    async def _note_dm_failed(self, table: "LiveTable", seat: int, locale: str, mention: bool) -> None:
        """Said once in the channel, with nothing of the hand. A player whose
        turns come by DM is mentioned there instead, so the turn still reaches them."""
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        user_id = table.seats[seat].user_id
        if mention and user_id is not None:
            await channel.send(t("core.ping.dm_failed", locale, player=f"<@{user_id}>"),
                               allowed_mentions=mentions([user_id]))
            return
        await channel.send(t("core.hand.dm_failed", locale, player=safe_name(table.seats[seat].name)))

    def _server_name(self, table: "LiveTable") -> str | None:
        guild = self.bot.get_guild(table.record.guild_id) if table.record.guild_id else None
        return guild.name if guild is not None else None

    async def rematch_opened(self, channel: discord.abc.Messageable, table: "LiveTable", old: Any, locale: str) -> None:
        """One ping for the finished game's other players."""
        others = [s.user_id for s in old.seats if s.user_id is not None and s.user_id != table.record.host_id]
        if not others:
            return
        await channel.send(
            t("core.rematch.ping", locale, players=" ".join(f"<@{u}>" for u in others),
              host=f"<@{table.record.host_id}>", game=game_name(old.game_type, locale), id=old.id),
            allowed_mentions=mentions(others),
        )

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        channel = await self._channel(table.record.channel_id)
        user_id = table.seats[seat].user_id
        if channel is None or user_id is None:
            return
        locale = await self._locale(table)
        await channel.send(t("core.board.reminder", locale, player=f"<@{user_id}>", minutes=max(1, minutes_left)),
                           allowed_mentions=mentions([user_id]))

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        locale = await self._locale(table)
        await self.panels.close(table.id, lambda panel: self._closed_panel(table, panel))
        if table.record.board_message_id is not None:
            try:
                await channel.get_partial_message(table.record.board_message_id).edit(view=None)
            except discord.HTTPException:
                pass
        await channel.send(t("core.board.ended_by_manager", locale, id=table.id))
        await self.turn_changed(table, [], [])
        await self.teams.ended(table)
        self._forget(table.id)

    def _forget(self, table_id: int) -> None:
        self.log.forget(table_id)
        self._hints.pop(table_id, None)
        self._board_locks.pop(table_id, None)
        self.panels.forget_table(table_id)
