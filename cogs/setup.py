"""/setup: the lobby, plays, swaps, personal autocomplete and the move builder
of SETUP (连线计划). Input is parsed forgivingly by engines/setup/notation.py;
the builder lets a player pick tiles and squares from menus and see what the
play would score (``preview_play``) before confirming it."""
from __future__ import annotations

import re
import secrets
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from cogs.common import bot_of, refusals, user_locale
from cogs.game_base import GameCog
from engines.base import IllegalAction
from engines.setup.engine import format_placements
from engines.setup.models import PlayAction, SetupPrivateView, SwapAction
from engines.setup.notation import (
    PlayPreview,
    complete_move_text,
    complete_swap_text,
    parse_move,
    parse_swap,
    preview_play,
)
from i18n import t
from tables.errors import TableError
from tables.service import LiveTable
from tables.text import game_name

GAME = "setup"
MAX_CHOICES = 25
BUILDER_TIMEOUT = 14 * 60  # an interaction token lasts 15 minutes


def _text(key: str, english: str) -> locale_str:
    """A command or option description; its translations live under ``setup.cmd.*``."""
    return locale_str(english, key=f"setup.cmd.{key}")


MODE_CHOICES = [
    Choice(name=locale_str("Free-for-all (2–4 players)", key="setup.mode.ffa"), value="ffa"),
    Choice(name=locale_str("2 vs 2 teams", key="setup.mode.teams"), value="teams"),
]


# ---- whose game, whose seat ------------------------------------------------------
def playing_seat(table: LiveTable, user_id: int) -> int:
    """The caller's seat in a game being played, or a refusal."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("core.err.not_seated")
    if table.record.status != "playing" or table.state is None:
        raise TableError("core.err.not_playing")
    if table.seats[seat].ai == "resigned":
        raise TableError("core.err.resigned")
    return seat


def _private_view(interaction: discord.Interaction) -> SetupPrivateView | None:
    """The caller's own view of this channel's SETUP game, if they play in it."""
    table = bot_of(interaction).tables.in_channel(interaction.channel_id)
    if table is None or table.record.game_type != GAME:
        return None
    try:
        seat = playing_seat(table, interaction.user.id)
    except TableError:
        return None
    return table.engine.private_view(table.state, seat)


def _choices(texts: list[str]) -> list[Choice[str]]:
    return [Choice(name=text, value=text) for text in texts if 0 < len(text) <= 100][:MAX_CHOICES]


async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Your own tiles and the common hand, then the squares you may use."""
    view = _private_view(interaction)
    return _choices(complete_move_text(view, current, MAX_CHOICES)) if view else []


async def tiles_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Tiles of your own hand only (the common hand cannot be swapped)."""
    view = _private_view(interaction)
    return _choices(complete_swap_text(view, current, MAX_CHOICES)) if view else []


# ---- the move builder ------------------------------------------------------------------
def preview_for(table: LiveTable, seat: int, placements: list[tuple[str, str]]) -> PlayPreview:
    """What the play would score now. Out of turn it is scored as if it were
    the seat's turn (to plan ahead); confirming still needs the turn."""
    state: Any = table.state
    if state.current_seat != seat:
        state = state.model_copy(update={"turn_pos": state.turn_order.index(seat)})
    return preview_play(state, seat, placements)


class MoveBuilder(discord.ui.View):
    """A private message with menus: pick a tile, then its square; repeat;
    the preview line tells what the play scores; Confirm plays it.

    The placements live in this view (one per open builder); an open builder
    does not survive a restart, but the Build move button that opens one does."""

    def __init__(self, game_id: int, user_id: int, locale: str) -> None:
        super().__init__(timeout=BUILDER_TIMEOUT)
        self.game_id = game_id
        self.user_id = user_id
        self.locale = locale
        self.placements: list[tuple[str, str]] = []
        self.tile: str | None = None  # picked, square not yet chosen
        self.notice: str | None = None  # a refusal to show once
        self.token = secrets.token_hex(4)  # tells this builder's menus from another's

    # -- drawing -------------------------------------------------------------
    def render(self, table: LiveTable) -> str:
        """Rebuild the menus from the live game and return the message text."""
        lo = self.locale
        seat = playing_seat(table, self.user_id)
        view: SetupPrivateView = table.engine.private_view(table.state, seat)
        usable = list(dict.fromkeys(view.hand + view.common))
        # The common hand may have changed since the builder opened.
        self.placements = [(tile, sq) for tile, sq in self.placements if tile in usable]
        placed_tiles = {tile for tile, _ in self.placements}
        used_squares = {sq for _, sq in self.placements}
        if self.tile not in usable or self.tile in placed_tiles:
            self.tile = None

        self.clear_items()
        tiles = [tile for tile in usable if tile not in placed_tiles]
        from_hand, from_common = t("setup.build.from_hand", lo), t("setup.build.from_common", lo)
        tile_menu = discord.ui.Select(
            custom_id=f"tt:setup:b:{self.token}:tile", row=0,
            placeholder=t("setup.build.pick_tile", lo),
            options=[discord.SelectOption(
                label=tile, value=tile, default=tile == self.tile,
                description=from_hand if tile in view.hand else from_common,
            ) for tile in tiles] or [discord.SelectOption(label="—", value="-")],
            disabled=not tiles or len(self.placements) >= 8,
        )
        tile_menu.callback = self.on_tile  # type: ignore[method-assign]
        self.add_item(tile_menu)

        tops = table.state.visible_board()  # type: ignore[union-attr]
        squares = [sq for sq in view.allowed_squares if sq not in used_squares]
        square_menu = discord.ui.Select(
            custom_id=f"tt:setup:b:{self.token}:square", row=1,
            placeholder=(t("setup.build.pick_square", lo, tile=self.tile) if self.tile
                         else t("setup.build.tile_first", lo)),
            options=[discord.SelectOption(label=sq, value=sq, description=(
                t("setup.build.covers", lo, tile=tops[sq]) if sq in tops else t("setup.build.empty", lo)))
                for sq in squares] or [discord.SelectOption(label="—", value="-")],
            disabled=self.tile is None or not squares,
        )
        square_menu.callback = self.on_square  # type: ignore[method-assign]
        self.add_item(square_menu)

        preview = preview_for(table, seat, self.placements) if self.placements else None
        for action, style, disabled in (
            ("confirm", discord.ButtonStyle.success, preview is None or not preview.legal),
            ("undo", discord.ButtonStyle.secondary, not self.placements),
            ("cancel", discord.ButtonStyle.danger, False),
        ):
            button = discord.ui.Button(label=t(f"setup.build.{action}", lo), style=style, row=2,
                                       disabled=disabled, custom_id=f"tt:setup:b:{self.token}:{action}")
            button.callback = getattr(self, f"on_{action}")  # type: ignore[method-assign]
            self.add_item(button)
        return self.text(table, seat, view, preview)

    def text(self, table: LiveTable, seat: int, view: SetupPrivateView, preview: PlayPreview | None) -> str:
        lo = self.locale
        lines = [t("setup.build.title", lo, game=game_name(GAME, lo), id=table.id),
                 t("setup.build.hand", lo, label=view.seat_label, tiles=" ".join(view.hand),
                   common=" ".join(view.common))]
        if view.partner_hand is not None:
            lines.append(t("setup.build.partner", lo, label=view.partner_label, tiles=" ".join(view.partner_hand)))
        if not self.placements:
            lines.append(t("setup.build.start", lo))
        else:
            lines.append(t("setup.build.placed", lo, move=format_placements(self.placements)))
        if preview is not None and preview.legal:
            parts = [t("setup.preview.ok", lo, points=preview.points)] + [
                t("setup.preview.bonus", lo, seat=table.seats[other].name, points=bonus)
                for other, bonus in sorted(preview.bonuses.items())
            ]
            lines.append("✅ " + ("" if lo.startswith("zh") else " ").join(parts))
            lines.append(t("setup.preview.confirm", lo) if view.your_turn else t("setup.build.wait_turn", lo))
        elif preview is not None:
            lines.append("⚠️ " + t(preview.error_key or "setup.err.bad_action", lo, **preview.error_params))
        if self.notice:
            lines.append("⚠️ " + self.notice)
            self.notice = None
        return "\n".join(lines)

    # -- callbacks -------------------------------------------------------------
    async def _redraw(self, interaction: discord.Interaction) -> None:
        """Answer a menu or button by redrawing this message from the live game."""
        try:
            content, view = self.render(bot_of(interaction).tables.require_game(self.game_id)), self
        except (TableError, IllegalAction) as error:  # the game ended, or you resigned
            self.stop()
            content, view = "⚠️ " + t(error.key, self.locale, **error.params), None
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content, view=view)
        else:
            await interaction.response.edit_message(content=content, view=view)

    @staticmethod
    def _value(interaction: discord.Interaction) -> str:
        values = (interaction.data or {}).get("values") or [""]  # type: ignore[union-attr]
        return str(values[0])

    async def on_tile(self, interaction: discord.Interaction) -> None:
        self.tile = self._value(interaction)
        await self._redraw(interaction)

    async def on_square(self, interaction: discord.Interaction) -> None:
        square = self._value(interaction)
        if self.tile is not None and square != "-":
            self.placements.append((self.tile, square))
            self.tile = None
        await self._redraw(interaction)

    async def on_undo(self, interaction: discord.Interaction) -> None:
        if self.placements:
            self.placements.pop()
        self.tile = None
        await self._redraw(interaction)

    async def on_cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=t("setup.build.cancelled", self.locale), view=None)

    async def on_confirm(self, interaction: discord.Interaction) -> None:
        action = PlayAction(placements=list(self.placements))
        await interaction.response.defer()  # AI seats may move before the answer
        try:
            await bot_of(interaction).tables.act(self.game_id, self.user_id, action)
        except (TableError, IllegalAction) as error:  # e.g. not your turn yet: the builder stays
            self.notice = t(error.key, self.locale, **error.params)
            await self._redraw(interaction)
            return
        self.stop()
        played = t("setup.build.played", self.locale, move=format_placements(action.placements))
        await interaction.edit_original_response(content=played, view=None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id


async def open_builder(interaction: discord.Interaction, table: LiveTable) -> None:
    """Answer privately with a fresh move builder for the caller."""
    if table.record.game_type != GAME:
        raise TableError("core.err.other_game", game=game_name(table.record.game_type, "en"))
    playing_seat(table, interaction.user.id)
    builder = MoveBuilder(table.id, interaction.user.id, await user_locale(interaction))
    content = builder.render(table)
    await interaction.response.send_message(content, view=builder, ephemeral=True)


class BuildButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:setup:build:(?P<game>\d+)"):
    """"Build move" under the board: opens a private builder. Survives restarts."""

    def __init__(self, game_id: int, label: str = "Build move") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="🧩", style=discord.ButtonStyle.primary,
            custom_id=f"tt:setup:build:{game_id}",
        ))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> "BuildButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with refusals(interaction):
            await open_builder(interaction, bot_of(interaction).tables.require_game(self.game_id))


def board_items(game_id: int, locale: str) -> list[discord.ui.Item]:
    """What SETUP adds under its board (and could add under a private hand)."""
    return [BuildButton(game_id, t("setup.build.button", locale))]


# ---- the cog -----------------------------------------------------------------------------
class SetupCog(GameCog, name="setup"):
    game_id = GAME
    group = app_commands.Group(
        name="setup", description=_text("group", "SETUP (连线计划): make tile combos, race to the finish"))

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BuildButton)
        self.bot.notifier.extra_items[GAME] = board_items  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BuildButton)
        self.bot.notifier.extra_items.pop(GAME, None)  # type: ignore[attr-defined]

    # -- commands ----------------------------------------------------------------
    @group.command(name="new", description=_text("new", "Open a SETUP lobby in this channel"))
    @app_commands.describe(
        mode=_text("opt.mode", "Free-for-all (2–4 players) or 2 vs 2 teams"),
        finish=_text("opt.finish", "Finish line, 2–50 (default 40 / 35 / 30 for 2 / 3 / 4 players)"),
    )
    @app_commands.choices(mode=MODE_CHOICES)
    async def new(self, interaction: discord.Interaction, mode: str = "ffa",
                  finish: app_commands.Range[int, 2, 50] | None = None) -> None:
        async with refusals(interaction):
            config: dict[str, Any] = {"mode": mode}
            if finish is not None:
                config["finish"] = finish
            await self.open_lobby(interaction, config)

    @group.command(name="play", description=_text("play", "Place tiles: tile then square, e.g. ★7 C1, ♥7 S1"))
    @app_commands.describe(
        move=_text("opt.move", "Tile then square, pairs separated by commas: ★7 C1, ♥7 S1"))
    @app_commands.autocomplete(move=move_autocomplete)
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        async with refusals(interaction):
            self.table(interaction)  # "no game here" comes before "cannot read that"
            await self.submit(interaction, PlayAction(placements=parse_move(move)), "setup.done.play")

    @group.command(name="swap",
                   description=_text("swap", "Swap tiles of your own hand with the bag, e.g. ♥3 ★9"))
    @app_commands.describe(tiles=_text("opt.tiles", "Tiles of your own hand, e.g. ♥3 ★9"))
    @app_commands.autocomplete(tiles=tiles_autocomplete)
    async def swap(self, interaction: discord.Interaction, tiles: str) -> None:
        async with refusals(interaction):
            self.table(interaction)
            await self.submit(interaction, SwapAction(tiles=parse_swap(tiles)), "setup.done.swap")

    @group.command(name="build",
                   description=_text("build", "Build a move from menus and see its score first"))
    async def build(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await open_builder(interaction, self.table(interaction))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SetupCog(bot))
