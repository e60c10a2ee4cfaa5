"""The Discord side of the table service: lobby messages, the board message,
hand DMs, reminders and results. Runs after every committed change."""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import draw, guild_locale, png_file
from cogs.hands import dm_hand, dm_locale
from cogs.host import Host
from cogs.rematch import rematch_view
from cogs.views import ai_level_text, board_view, lobby_view
from engines import ai
from engines.base import Event
from engines.paths import load
from i18n import has, t
from tables import replay
from tables.text import describe, game_name, safe_name, turn_hint

if TYPE_CHECKING:
    from tables.service import GameSummary, LiveTable

log = logging.getLogger(__name__)
MAX_LOG_LINES = 40  # the board keeps the last full round; long rounds are cut to fit
MAX_CONTENT = 1900
MAX_BATCHES = 64


def board_url(table: "LiveTable") -> str | None:
    record = table.record
    if record.board_message_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}/{record.board_message_id}"


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def config_summary(config: dict, locale: str, game_type: str = "") -> str:
    """The lobby's options with localized names; options left to their
    automatic value and those without a name in the catalogue (internal
    tables, tuning knobs) are not shown."""
    shown = []
    for key, value in config.items():
        if value is None or not has(f"core.option.{key}"):
            continue
        value_key = f"{game_type}.{key}.{value}"  # e.g. <game_type>.mode.teams
        text = t(value_key, locale) if isinstance(value, str) and has(value_key) else _option_value(value)
        shown.append(t("core.lobby.option_pair", locale, name=t(f"core.option.{key}", locale), value=text))
    return " · ".join(shown) if shown else "—"



class DiscordNotifier:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # Per game: the latest event batches (one per change), for the board's log.
        self.recent: dict[int, deque[list[Event]]] = {}
        self._ping_locks: dict[int, asyncio.Lock] = {}
        # Per game: (the state, {(seat, locale): hint}). A hint lists the legal
        # action kinds, which costs SETUP a search; the ping and the turn DM share it.
        self._hints: dict[int, tuple[Any, dict[tuple[int, str], str]]] = {}

    def game_items(self, table: "LiveTable", locale: str) -> list[discord.ui.Item]:
        parts = table.definition.discord
        factory = load(parts.board_items) if parts is not None and parts.board_items else None
        return factory(table.id, locale) if factory else []

    def board_view(self, table: "LiveTable", locale: str) -> discord.ui.View:
        return board_view(table.id, locale, extra=self.game_items(table, locale))

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def _locale(self, table: "LiveTable") -> str:
        guild = self.bot.get_guild(table.record.guild_id) if table.record.guild_id else None
        if guild is None:
            language, _ = await self.bot.tables.settings.guild(table.record.guild_id)
            return language or "en"
        return await guild_locale(self.bot, guild)

    # -- lobby ---------------------------------------------------------
    def lobby_embed(self, table: "LiveTable", locale: str, closed_reason: str | None = None) -> discord.Embed:
        record = table.record
        lo, hi = table.seat_range()
        title = t("core.lobby.title", locale, game=game_name(record.game_type, locale), id=record.id)
        if record.status == "playing" or record.status == "finished":
            description = t("core.lobby.started", locale)
        elif closed_reason:
            description = t(closed_reason, locale)
        else:
            description = t("core.lobby.help", locale, min=lo, max=hi)
        embed = discord.Embed(title=title, description=description, colour=discord.Colour.blurple())
        seats = "\n".join(
            f"{i + 1}. {'🤖 ' if s.ai_reason == 'added' else ''}{safe_name(s.name)}"
            + (" 👑" if s.user_id == record.host_id else "")
            + (f" · {ai_level_text(s.ai_level, locale)}" if s.ai_reason == "added" else "")
            + "".join(f" · {self._option_text(record.game_type, key, value, locale)}"
                      for key, value in s.options.items())
            for i, s in enumerate(record.seats)
        )
        embed.add_field(name=t("core.lobby.seats", locale, count=len(record.seats), min=lo, max=hi),
                        value=seats or "—", inline=False)
        embed.add_field(name=t("core.lobby.options", locale), value=config_summary(record.config, locale, record.game_type), inline=False)
        return embed

    @staticmethod
    def _option_text(game_type: str, key: str, value: object, locale: str) -> str:
        """A seat's own choice, by its localized name where there is one
        (``<game_type>.faction.us`` → "US" / "美軍")."""
        value_key = f"{game_type}.{key}.{value}"
        return t(value_key, locale) if has(value_key) else str(value)

    async def post_lobby(self, interaction: discord.Interaction, table: "LiveTable", locale: str) -> None:
        """The first lobby message, as the answer to `/<game> new`."""
        await interaction.followup.send(embed=self.lobby_embed(table, locale), view=lobby_view(table.id, locale=locale))
        message = await interaction.original_response()
        await self.bot.tables.set_message_ids(table, lobby=message.id)

    async def lobby_updated(self, table: "LiveTable", closed_reason: str | None = None) -> None:
        if table.record.lobby_message_id is None:
            return
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        locale = await self._locale(table)
        open_ = table.record.status == "lobby"
        try:
            await channel.get_partial_message(table.record.lobby_message_id).edit(  # type: ignore[union-attr]
                embed=self.lobby_embed(table, locale, closed_reason), view=lobby_view(table.id, open_, locale, any(s.ai_reason == "added" for s in table.seats)),
            )
        except discord.HTTPException as exc:
            log.warning("game %s: could not edit the lobby message (HTTP %s)", table.id, exc.status)

    # -- board ---------------------------------------------------------
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

    def board_content(self, table: "LiveTable", events: list[Event], locale: str,
                      finished: "GameSummary | None") -> str:
        """The header, the log lines of the last full round (the given
        events when none are remembered) and whose turn it is."""
        header = f"**{game_name(table.record.game_type, locale)}** · #{table.id}"
        batches = self.recent.get(table.id)
        shown = [e for batch in self.last_round(table, batches) for e in batch] if batches else events
        lines = [f"• {describe(e, table.seats, locale, table.definition.localize_params)}" for e in shown][-MAX_LOG_LINES:]
        footer = self.turn_line(table, locale) if finished is None else t("core.board.over", locale)
        while lines and len("\n".join([header, *lines, footer])) > MAX_CONTENT:
            lines.pop(0)  # the oldest lines go first
        content = "\n".join(p for p in [header, *lines, footer] if p)
        return content if len(content) <= MAX_CONTENT else content[: MAX_CONTENT - 1] + "…"

    def remember(self, table: "LiveTable", events: list[Event]) -> None:
        if events:
            self.recent.setdefault(table.id, deque(maxlen=MAX_BATCHES)).append(list(events))

    async def refill(self, table: "LiveTable") -> None:
        """Rebuild the remembered changes from the action log (one per action)."""
        rows = await self.bot.tables.games.actions(table.id)
        actions = [(seq, seat, action) for seq, seat, action, _ in rows]

        def batches() -> list[list[Event]]:
            return [step.events for step in replay.steps(table.definition, table.record, actions) if step.events]

        try:
            found = await asyncio.to_thread(batches)
        except Exception:  # a log that no longer replays must not stop the board
            log.exception("game %s: could not rebuild the board's log", table.id)
            found = []
        self.recent[table.id] = deque(found[-MAX_BATCHES:], maxlen=MAX_BATCHES)

    @staticmethod
    def last_round(table: "LiveTable", batches: "deque[list[Event]]") -> list[list[Event]]:
        """The changes since (and including) the last move of a player now to
        act: everything they missed. Every remembered change when unknown."""
        to_act = set(table.to_act())
        out: list[list[Event]] = []
        for batch in reversed(batches):
            out.append(batch)
            if batch[0].params.get("seat") in to_act:
                break
        return out[::-1]

    async def board_updated(self, table: "LiveTable", events: list[Event],
                            finished: "GameSummary | None") -> None:
        await self.board_updated_batches(table, [events], finished)

    async def board_updated_batches(self, table: "LiveTable", batches: list[list[Event]],
                                    finished: "GameSummary | None") -> None:
        """One board for one or more changes (they piled up while the last
        board was drawn): drawn once from the newest state; the log keeps
        one batch per change."""
        channel = await self._channel(table.record.channel_id)
        if channel is None or table.state is None:
            return
        locale = await self._locale(table)
        if table.id not in self.recent and table.record.version > 0:
            await self.refill(table)  # after a restart: the log already holds these changes
        else:
            for batch in batches:
                self.remember(table, batch)
        events = [e for batch in batches for e in batch]
        # Text and picture from one instant: the newest state, whichever change is announced.
        content = self.board_content(table, events, locale, finished)
        public = table.engine.public_view(table.state)
        image = await draw(self.bot, table.definition.renderer, "board", public, locale, key=(table.id, "board", locale))
        view = self.board_view(table, locale) if finished is None else None
        file = png_file(image, "board.png")
        message_id = table.record.board_message_id
        try:
            if message_id is None:
                message = await channel.send(content, file=file, view=view)
                await self.bot.tables.set_message_ids(table, board=message.id)
            else:
                await channel.get_partial_message(message_id).edit(  # type: ignore[union-attr]
                    content=content, attachments=[file], view=view,
                )
        except discord.HTTPException as exc:
            log.warning("game %s: could not update the board (HTTP %s)", table.id, exc.status)
        announcer = table.definition.announcer
        if announcer is not None:
            for batch in batches:
                for text in announcer(table.state, batch, [s.name for s in table.seats], locale):
                    await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        if finished is not None:
            self.recent.pop(table.id, None)
            await channel.send(self.results_text(table, finished, locale), view=rematch_view(table.id, locale))

    def results_text(self, table: "LiveTable", summary: "GameSummary", locale: str) -> str:
        lines = [t("core.result.title", locale, game=game_name(table.record.game_type, locale), id=table.id),
                 t(summary.reason, locale)]
        for st in sorted(summary.standings, key=lambda s: (s.rank, s.seat)):
            seat = table.seats[st.seat]
            name = f"<@{seat.user_id}>" if seat.user_id is not None else \
                f"🤖 {safe_name(seat.name)} ({ai_level_text(seat.ai_level, locale)})"
            line = t("core.result.line", locale, rank=st.rank, name=name)
            if st.score is not None:
                line += " · " + t("core.result.score", locale, score=f"{st.score:g}")
            if st.rating_after is not None:
                before = f"{st.rating_before:.1f}" if st.rating_before is not None else "—"
                line += " · " + t("core.result.rating", locale, before=before, after=f"{st.rating_after:.1f}")
            if st.resigned:
                line += " · " + t("core.result.resigned", locale)
            lines.append(line)
        if not summary.rated:
            lines.append(t(summary.unrated_reason or "core.result.unrated", locale))
        if summary.ai_marked:
            lines.append(t("core.result.ai_marked", locale))
        return "\n".join(lines)

    # -- turn pings, hands, reminders --------------------------------------
    async def turn_changed(self, table: "LiveTable", seats: list[int], new_seats: list[int]) -> None:
        """Replace the game's one live "your turn" message. It names every
        human to act; only those who were not to act before are pinged."""
        lock = self._ping_locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            channel = await self._channel(table.record.channel_id)
            if channel is None:
                return
            old = table.record.ping_message_id
            if old is not None:
                try:
                    await channel.get_partial_message(old).delete()  # type: ignore[union-attr]
                except discord.HTTPException:
                    pass  # already gone
            message_id = None
            users = [table.seats[s].user_id for s in seats if table.seats[s].user_id is not None]
            if users and table.record.status == "playing" and table.state is not None:
                locale = await self._locale(table)
                text = await self.ping_text(table, seats, locale)
                pinged = [discord.Object(table.seats[s].user_id) for s in new_seats
                          if table.seats[s].user_id is not None]
                try:
                    message = await channel.send(text, allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, replied_user=False, users=pinged))
                    message_id = message.id
                except discord.HTTPException as exc:
                    log.warning("game %s: could not post the turn ping (HTTP %s)", table.id, exc.status)
            await self.bot.tables.set_message_ids(table, ping=message_id)
            if table.record.status != "playing":
                self._ping_locks.pop(table.id, None)
                self._hints.pop(table.id, None)

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

    async def ping_text(self, table: "LiveTable", seats: list[int], locale: str) -> str:
        players = ", ".join(f"<@{table.seats[s].user_id}>" for s in seats if table.seats[s].user_id is not None)
        hint = await self.turn_hint(table, seats[0], locale)
        text = t("core.turn.ping", locale, players=players, game=game_name(table.record.game_type, locale),
                 id=table.id, what=hint)
        url = board_url(table)
        return text + (" · " + t("core.turn.board_link", locale, url=url) if url else "")

    async def hands_changed(self, table: "LiveTable", seats: list[int], turn_seats: list[int] = ()) -> None:
        """DMs as each player chose: ``hand`` — the hand whenever it changes;
        ``turn`` (default) — the hand when it becomes their turn; ``off``."""
        server_locale = await self._locale(table)
        settings = self.bot.tables.settings
        for seat in sorted(set(seats) | set(turn_seats)):
            user_id = table.seats[seat].user_id
            if user_id is None:
                continue
            mode = await settings.dm_mode(user_id)
            # (the DM goes out after the mover's answer: the turn may have passed on already)
            turn = mode == "turn" and seat in turn_seats and seat in table.to_act()
            if not (turn or (mode == "hand" and seat in seats)):
                continue
            locale = await dm_locale(self.bot, user_id, server_locale)
            hint = await self.turn_hint(table, seat, locale) if turn else None
            sent = await dm_hand(self.bot, table, seat, locale, turn_hint=hint, board_url=board_url(table))
            if sent is False:
                await self.bot.tables.mark_dm_failed(table, seat, True)
                channel = await self._channel(table.record.channel_id)
                if channel is not None:
                    await channel.send(t("core.hand.dm_failed", server_locale,
                                         player=safe_name(table.seats[seat].name)))

    async def rematch_opened(self, channel: discord.abc.Messageable, table: "LiveTable", old, locale: str) -> None:
        """One ping for the finished game's other players."""
        others = [s.user_id for s in old.seats if s.user_id is not None and s.user_id != table.record.host_id]
        if not others:
            return
        await channel.send(
            t("core.rematch.ping", locale, players=" ".join(f"<@{u}>" for u in others),
              host=f"<@{table.record.host_id}>", game=game_name(old.game_type, locale), id=old.id),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                     users=[discord.Object(u) for u in others]),
        )

    async def turn_reminder(self, table: "LiveTable", seat: int, minutes_left: int) -> None:
        channel = await self._channel(table.record.channel_id)
        user_id = table.seats[seat].user_id
        if channel is None or user_id is None:
            return
        locale = await self._locale(table)
        await channel.send(t("core.board.reminder", locale, player=f"<@{user_id}>", minutes=max(1, minutes_left)),
                           allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                                    users=[discord.Object(user_id)]))

    async def game_ended_by_manager(self, table: "LiveTable") -> None:
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        locale = await self._locale(table)
        if table.record.board_message_id is not None:
            try:
                await channel.get_partial_message(table.record.board_message_id).edit(view=None)
            except discord.HTTPException:
                pass
        await channel.send(t("core.board.ended_by_manager", locale, id=table.id))
        await self.turn_changed(table, [], [])
