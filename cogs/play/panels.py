"""One private panel per player per game, kept up to date in place.

A panel is the ephemeral message "Show hand" (or ``/hand``) answers with:
the hand and the move builder's controls. Discord lets the bot edit an
ephemeral message only through the token of an interaction on it, for 15
minutes. So the bot remembers, per (table, player), the latest interaction
that can edit the panel:

- a new "Show hand" deletes the player's previous panel (while its token
  lives) and becomes the panel;
- every click on the panel renews the token;
- when the game moves on, every live panel of the table is redrawn (the
  waiting player's shows "your turn" when it comes; no control keeps an old
  version); when the game ends, the panels lose their controls;
- a minute before the token runs out, the panel loses its controls and says
  to press "Show hand" again, so no panel the bot can no longer change keeps
  working controls.

Panels live in memory: after a restart, an older panel's click is answered
with fresh controls (its version is stale), as before.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from cogs.play.panel_view import PanelMessage

log = logging.getLogger(__name__)
TOKEN_SECONDS = 15 * 60  # Discord: an interaction token edits its messages for 15 minutes
SLEEP_MARGIN = 60  # the panel is put to sleep this long before its token runs out


@dataclass
class Panel:
    table_id: int
    user_id: int
    seat: int
    locale: str
    interaction: discord.Interaction  # the latest one whose token edits the panel
    since: float  # when that interaction came (the bot's clock)
    version: int  # the table version the panel shows
    message_id: int | None = None  # the panel's message, once known
    busy: int = 0  # clicks being answered: a refresh leaves the panel to them
    notes: list[str] = field(default_factory=list)  # the answer to the last click, kept when the game ends
    sleeper: asyncio.Task[None] | None = None


class Panels:
    def __init__(self, clock: Callable[[], float], asleep: Callable[[str], str]) -> None:
        self.clock = clock
        self.asleep = asleep  # locale -> the words of a panel put to sleep
        self._panels: dict[tuple[int, int], Panel] = {}

    def get(self, table_id: int, user_id: int) -> Panel | None:
        """The player's live panel (its sleeper puts an expiring one to sleep)."""
        panel = self._panels.get((table_id, user_id))
        return panel if panel is not None and self.alive(panel) else None

    def of_table(self, table_id: int) -> list[Panel]:
        return [p for (tid, uid), p in list(self._panels.items()) if tid == table_id and self.get(tid, uid)]

    def alive(self, panel: Panel) -> bool:
        return self.clock() - panel.since < TOKEN_SECONDS - SLEEP_MARGIN

    async def opened(self, interaction: discord.Interaction, table_id: int, seat: int, locale: str,
                     version: int, message_id: int | None) -> Panel:
        """``interaction``'s original response (message ``message_id``) is
        now the player's panel; the previous one is deleted while the bot
        still can."""
        await self._replace(table_id, interaction.user.id, message_id)
        panel = Panel(table_id, interaction.user.id, seat, locale, interaction, self.clock(), version, message_id)
        self._keep(panel)
        return panel

    async def clicked(self, interaction: discord.Interaction, table_id: int, seat: int, locale: str) -> Panel:
        """A click on a panel: its interaction renews the panel's token. An
        older panel clicked (one the bot could no longer edit) becomes the
        panel, and the newer one is deleted."""
        message_id = interaction.message.id if interaction.message is not None else None
        panel = self.get(table_id, interaction.user.id)
        if panel is None or panel.message_id != message_id:
            await self._replace(table_id, interaction.user.id, message_id)
            panel = Panel(table_id, interaction.user.id, seat, locale, interaction, self.clock(), -1, message_id)
        panel.interaction, panel.since, panel.locale, panel.seat = interaction, self.clock(), locale, seat
        self._keep(panel)
        return panel

    async def _replace(self, table_id: int, user_id: int, message_id: int | None) -> None:
        old = self._panels.get((table_id, user_id))  # asleep or not: deleted while the token lets us
        if old is None or (message_id is not None and old.message_id == message_id):
            return
        self._forget(old)
        try:
            await old.interaction.delete_original_response()
        except discord.HTTPException:
            pass  # already gone (the player dismissed it)

    async def show(self, panel: Panel, message: PanelMessage, version: int) -> bool:
        """Edit the panel to ``message``; False when Discord refused (the
        player dismissed it, or the token ran out): the panel is forgotten."""
        try:
            await panel.interaction.edit_original_response(**message.edit_kwargs())
        except discord.HTTPException as exc:
            log.info("game %s: panel of seat %d is gone (HTTP %s)", panel.table_id, panel.seat, exc.status)
            self._forget(panel)
            return False
        panel.version = version
        return True

    async def refresh(self, table_id: int, version: int,
                      compose: Callable[[Panel], Awaitable[PanelMessage | None]]) -> int:
        """Redraw every live panel of the table not already showing
        ``version``. Returns how many were redrawn."""
        shown = 0
        for panel in self.of_table(table_id):
            if panel.busy or panel.version >= version:
                continue
            message = await compose(panel)
            if message is None or panel.busy or panel.version >= version:
                continue
            shown += await self.show(panel, message, version)
        return shown

    async def close(self, table_id: int, message: Callable[[Panel], PanelMessage]) -> None:
        """The game is over: every live panel keeps its words, loses its controls."""
        for panel in self.of_table(table_id):
            self._forget(panel)
            try:
                await panel.interaction.edit_original_response(**message(panel).edit_kwargs())
            except discord.HTTPException:
                pass

    # -- keeping -----------------------------------------------------------
    def _keep(self, panel: Panel) -> None:
        self._panels[(panel.table_id, panel.user_id)] = panel
        if panel.sleeper is not None:
            panel.sleeper.cancel()
        panel.sleeper = asyncio.create_task(self._sleep_later(panel), name=f"panel-{panel.table_id}")

    def _forget(self, panel: Panel) -> None:
        if self._panels.get((panel.table_id, panel.user_id)) is panel:
            del self._panels[(panel.table_id, panel.user_id)]
        if panel.sleeper is not None and panel.sleeper is not asyncio.current_task():
            panel.sleeper.cancel()
        panel.sleeper = None

    async def _sleep_later(self, panel: Panel) -> None:
        await asyncio.sleep(max(0.0, panel.since + TOKEN_SECONDS - SLEEP_MARGIN - self.clock()))
        if self._panels.get((panel.table_id, panel.user_id)) is not panel:
            return
        self._forget(panel)
        try:
            await panel.interaction.edit_original_response(content=self.asleep(panel.locale), attachments=[],
                                                           view=None)
        except discord.HTTPException:
            pass

    def forget_table(self, table_id: int) -> None:
        for panel in [p for (tid, _), p in self._panels.items() if tid == table_id]:
            self._forget(panel)
