"""Team threads (issue 24): when a team game starts, each team with a person
in it gets a private thread in the game's channel (its parent channel when
the game runs in a thread), with exactly its people added, named after the
game. Where the rules let partners see each other's hands
(``TeamSides.shared_hands``) the bot keeps one message there showing the
team's hands (with the common ones), edited after a change that changes
what it shows (an edit notifies nobody: no spam). Members with Manage Threads or Administrator, and the
server's owner, can read every private thread: if an opponent can, no hand
goes there (one note instead; each player's private hand view already shows
the partner's). The threads are archived and locked at the end.

Thread ids live in the database (db/team_threads.py), so a restart keeps
posting to the same threads and the process that announces the end (the
change bus) archives them. Without the permissions the game runs as usual and
the host is told once, at the start, which permission is missing."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import discord

from cogs.common import draw
from cogs.host import Host
from cogs.play.hands import dm_locale
from cogs.play.pictures import described_file
from games.teams import TeamSides
from i18n import t
from tables.records import TeamThread, TeamThreadRepo
from tables.teams import SIDES, team_sides
from tables.text import game_name, safe_name

if TYPE_CHECKING:
    from tables.service import LiveTable

log = logging.getLogger(__name__)
# What the bot needs in the parent channel: make the threads, add members and
# post there, and lock them at the end.
NEEDED = ("create_private_threads", "send_messages_in_threads", "manage_threads")
ARCHIVE_MINUTES = 10080  # a week: a slow game's thread does not archive itself mid-game
MEMBER_SECONDS = 300  # a fetched member (their roles) is fetched again after this long
HIDDEN = 0  # hands_message_id: hands withheld (an opponent could read the thread), the note posted


def team_of(table: "LiveTable") -> TeamSides | None:
    """The game's sides when this is a team game in a server."""
    if table.record.guild_id is None or table.state is None or table.engine.teams(table.state) is None:
        return None
    return team_sides(table.definition, table.record.config, len(table.seats))


def members(table: "LiveTable") -> dict[int, list[int]]:
    """Side -> its seats, as the engine counts teams."""
    teams = table.engine.teams(table.state) if table.state is not None else None
    return {side: [seat for seat, team in enumerate(teams or []) if team == side] for side in SIDES}


def people(table: "LiveTable", seats: list[int]) -> list[int]:
    return [uid for uid in (table.seats[s].user_id for s in seats) if uid is not None]


class TeamThreads:
    def __init__(self, bot: Host, channel: Callable[[int], Awaitable[Any]],
                 locale: Callable[["LiveTable"], Awaitable[str]]) -> None:
        self.bot = bot
        self._channel = channel  # async (channel id) -> the channel, or None
        self._locale = locale  # async (table) -> the server's language
        self._rows: dict[int, dict[int, TeamThread]] = {}  # game id -> side -> row
        self._shown: dict[tuple[int, int], str] = {}  # (game id, side) -> the view last drawn there
        # user id -> (when fetched, the member): without the members intent the cache has no
        # members, and a fetch per change and opponent would cost a request each.
        self._members: dict[int, tuple[float, discord.Member]] = {}

    @property
    def repo(self) -> TeamThreadRepo:
        return self.bot.tables.queries.team_threads

    async def rows(self, table: "LiveTable") -> dict[int, TeamThread]:
        if table.id not in self._rows:  # after a restart: from the database
            self._rows[table.id] = {row.side: row for row in await self.repo.of_game(table.id)}
        return self._rows[table.id]

    async def parent(self, table: "LiveTable") -> Any:
        channel = await self._channel(table.record.channel_id)
        if isinstance(channel, discord.Thread):  # a tournament match runs in a thread: threads go beside it
            return channel.parent or await self._channel(channel.parent_id)
        return channel

    # The three entry points never fail the change that called them (the start, a board,
    # the end): a team thread is an extra. Errors are logged by type only (a view may be in one).
    async def started(self, table: "LiveTable") -> None:
        await self._safely(table, "make", self._start(table))

    async def changed(self, table: "LiveTable") -> None:
        await self._safely(table, "update", self._change(table))

    async def ended(self, table: "LiveTable") -> None:
        await self._safely(table, "archive", self._end(table))

    @staticmethod
    async def _safely(table: "LiveTable", what: str, work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as error:  # noqa: BLE001 - see above
            log.error("game %s: could not %s the team threads: %s", table.id, what, type(error).__name__)

    # -- the start -------------------------------------------------------------------
    async def _start(self, table: "LiveTable") -> None:
        sides = team_of(table)
        if sides is None or not await self.repo.claim(table.id, list(SIDES)):
            return  # not a team game, or its threads were made already
        parent = await self.parent(table)
        guild = getattr(parent, "guild", None)
        if parent is None or guild is None:
            return
        locale = await self._locale(table)
        missing = [name for name in NEEDED if not getattr(parent.permissions_for(guild.me), name)]
        if missing:
            await self._tell_host(table, missing, locale)
            self._rows[table.id] = {side: TeamThread(table.id, side, None, None, False) for side in SIDES}
            return
        rows: dict[int, TeamThread] = {}
        for side, seats in members(table).items():
            users = people(table, seats)
            thread_id = await self._make(table, parent, sides, side, users, locale) if users else None
            rows[side] = TeamThread(table.id, side, thread_id, None, False)
        self._rows[table.id] = rows

    async def _make(self, table: "LiveTable", parent: Any, sides: TeamSides, side: int, users: list[int],
                    locale: str) -> int | None:
        name = t("teams.thread.name", locale, game=game_name(table.record.game_type, locale), id=table.id,
                 side=t(sides.labels[side], locale))[:100]
        try:
            thread = await parent.create_thread(name=name, type=discord.ChannelType.private_thread,
                                                invitable=False, auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException as exc:
            log.warning("game %s: could not make a team thread (HTTP %s)", table.id, exc.status)
            return None
        await self.repo.set_thread(table.id, side, thread.id)
        for user in users:
            try:
                await thread.add_user(discord.Object(id=user))
            except discord.HTTPException as exc:
                log.warning("game %s: could not add a player to a team thread (HTTP %s)", table.id, exc.status)
        names = t("core.act.comma", locale).join(safe_name(table.seats[s].name) for s in members(table)[side])
        intro = "teams.thread.intro_hands" if sides.shared_hands else "teams.thread.intro_talk"
        try:
            await thread.send(t(intro, locale, side=t(sides.labels[side], locale), players=names,
                                game=game_name(table.record.game_type, locale), id=table.id),
                              allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("game %s: could not post in a team thread (HTTP %s)", table.id, exc.status)
        return int(thread.id)

    async def _tell_host(self, table: "LiveTable", missing: list[str], server_locale: str) -> None:
        """Once per game: which permission the team threads need, in the host's language."""
        host = table.record.host_id
        locale = await dm_locale(self.bot, host, server_locale)
        names = t("core.act.comma", locale).join(t(f"teams.permission.{name}", locale) for name in missing)
        channel = await self._channel(table.record.channel_id)
        if channel is None:
            return
        try:
            await channel.send(t("teams.thread.missing", locale, host=f"<@{host}>", permissions=names),
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=host)],
                                                                        everyone=False, roles=False))
        except discord.HTTPException as exc:
            log.warning("game %s: could not tell the host about team threads (HTTP %s)", table.id, exc.status)

    # -- hands -------------------------------------------------------------------------
    async def _change(self, table: "LiveTable") -> None:
        """After a change: redraw each team's hands where what they show
        changed (shared-hands games only; the first time after a restart too)."""
        sides = team_of(table)
        if sides is None or not sides.shared_hands or table.record.status != "playing":
            return
        rows = await self.rows(table)
        for side, team in members(table).items():
            row = rows.get(side)
            if row is None or row.thread_id is None or not team:
                continue
            human = next((s for s in team if table.seats[s].user_id is not None), team[0])
            # The seat's hand and its partner's: the team's, drawn for both of them.
            view = sides.team_view(table.engine.private_view(table.state, human))
            shown = view.model_dump_json()
            if self._shown.get((table.id, side)) != shown:
                await self._show_hands(table, sides, row, team, view)
                self._shown[(table.id, side)] = shown

    async def _show_hands(self, table: "LiveTable", sides: TeamSides, row: TeamThread, team: list[int],
                          view: Any) -> None:
        thread = await self._channel(row.thread_id)  # type: ignore[arg-type]
        if thread is None:
            return
        locale = await self._locale(table)
        opponents = people(table, [s for s in range(len(table.seats)) if s not in team])
        if await self._may_read(table, thread, opponents):
            if row.hands_message_id != HIDDEN:  # withdrawn once, with one note
                await self._delete(thread, row.hands_message_id)
                await self._send(table, thread, t("teams.thread.hands_withheld", locale))
                await self._remember(table, row, HIDDEN)
            return
        renderer = table.definition.renderer
        image = await draw(self.bot, renderer, "hand", view, locale, key=(table.id, "team", row.side, locale))
        names = [f"{safe_name(table.seats[s].name)}" for s in team]
        content = t("teams.thread.hands", locale, side=t(sides.labels[row.side], locale),
                    players=t("core.act.comma", locale).join(names), id=table.id)
        file = described_file(image, renderer, "hand", view, locale, "team-hands.png")
        if row.hands_message_id:
            try:
                await thread.get_partial_message(row.hands_message_id).edit(content=content, attachments=[file])
                return
            except discord.NotFound:
                file = described_file(image, renderer, "hand", view, locale, "team-hands.png")
            except discord.HTTPException as exc:
                log.warning("game %s: could not update a team's hands (HTTP %s)", table.id, exc.status)
                return
        message = await self._send(table, thread, content, file)
        if message is not None:
            await self._remember(table, row, message.id)

    async def _may_read(self, table: "LiveTable", thread: Any, opponents: list[int]) -> bool:
        """Whether an opponent could read the private thread anyway (Manage
        Threads, Administrator, the owner). Unknown counts as yes."""
        parent = getattr(thread, "parent", None) or await self.parent(table)
        guild = getattr(parent, "guild", None)
        if parent is None or guild is None:
            return True
        for user_id in opponents:
            member = guild.get_member(user_id)
            fetched = self._members.get(user_id)
            now = self.bot.tables.clock()
            if member is None and fetched is not None and now - fetched[0] < MEMBER_SECONDS:
                member = fetched[1]
            elif member is None:
                try:
                    member = await guild.fetch_member(user_id)
                except discord.NotFound:
                    continue  # gone from the server: reads nothing there
                except discord.HTTPException:
                    return True
                self._members[user_id] = (now, member)
            perms = parent.permissions_for(member)
            if perms.manage_threads or perms.administrator or member.id == guild.owner_id:
                return True
        return False

    async def _remember(self, table: "LiveTable", row: TeamThread, message_id: int) -> None:
        await self.repo.set_hands_message(table.id, row.side, message_id)
        (await self.rows(table))[row.side] = TeamThread(table.id, row.side, row.thread_id, message_id, row.archived)

    async def _send(self, table: "LiveTable", thread: Any, content: str,
                    file: discord.File | None = None) -> discord.Message | None:
        try:
            kwargs: dict[str, Any] = {"file": file} if file is not None else {}
            message: discord.Message = await thread.send(content, allowed_mentions=discord.AllowedMentions.none(),
                                                         **kwargs)
            return message
        except discord.HTTPException as exc:
            log.warning("game %s: could not post in a team thread (HTTP %s)", table.id, exc.status)
            return None

    @staticmethod
    async def _delete(thread: Any, message_id: int | None) -> None:
        if message_id:
            try:
                await thread.get_partial_message(message_id).delete()
            except discord.HTTPException:
                pass  # already gone

    # -- the end ------------------------------------------------------------------------
    async def _end(self, table: "LiveTable") -> None:
        """Archive and lock the game's team threads (once, whichever process gets here)."""
        if team_of(table) is None:
            return
        rows = await self.rows(table)
        self._rows.pop(table.id, None)
        for side in SIDES:
            self._shown.pop((table.id, side), None)
        for seat in table.seats:
            if seat.user_id is not None:
                self._members.pop(seat.user_id, None)
        if not any(row.thread_id for row in rows.values()) or not await self.repo.mark_archived(table.id):
            return
        locale = await self._locale(table)
        for row in rows.values():
            thread = await self._channel(row.thread_id) if row.thread_id else None
            if thread is None:
                continue
            await self._send(table, thread, t("teams.thread.over", locale, id=table.id))
            try:
                await thread.edit(archived=True, locked=True)
            except discord.HTTPException as exc:
                log.warning("game %s: could not archive a team thread (HTTP %s)", table.id, exc.status)
