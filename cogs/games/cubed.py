"""/cubed: the lobby, solo games and every move of CUBED.

Cells are typed as the number drawn on the board or as axial ``q,r``
(engines/cubed/labels.py). Autocomplete is personal and legal: ``piece`` lists
your own hand, ``cell`` only the cells where the chosen piece fits, with the
rotations that work there."""
from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands
from pydantic import BaseModel

from cogs.common import bot_of, refusals, reply, user_locale
from cogs.games.base import GameCog
from cogs.seats import my_seat, my_seat_or_none
from engines.base import IllegalAction
from engines.cubed import labels
from engines.cubed.models import (
    POINTS_PRESETS,
    CubedState,
    Draw3Action,
    DrawAction,
    GiveAction,
    HandPiece,
    KeepAction,
    PassAction,
    PlaceAction,
    normalize_piece_id,
)
from engines.cubed.moves import legal_placements
from i18n import t
from tables.service import LiveTable
from tables.text import safe_name

GAME = "cubed"
MAX_CHOICES = 25
# After an accepted action, what the caller may do next while it is still their turn.
NEXT_STEP = {"drawn": "cubed.hint.drawn", "bonus": "cubed.hint.bonus", "give": "cubed.hint.give"}


def _text(key: str, english: str) -> locale_str:
    """A command or option description; its translations live under ``cubed.cmd.*``."""
    return locale_str(english, key=f"cubed.cmd.{key}")


POINTS_CHOICES = [Choice(name=locale_str(name.capitalize(), key=f"cubed.points.{name}"), value=name)
                  for name in POINTS_PRESETS]


# ---- autocomplete ----------------------------------------------------------------------
def _player(interaction: discord.Interaction) -> tuple[LiveTable, CubedState, int] | None:
    """This channel's CUBED game and the caller's seat in it, if they play in it."""
    found = my_seat_or_none(interaction, GAME)
    if found is None:
        return None
    table, seat = found
    return table, table.state, seat  # type: ignore[return-value]


def _matching(pairs: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    """(name, piece id) pairs whose id contains what was typed so far (any case,
    full-width too); when no id does, those whose name in words does (``rose``,
    ``粉红``): ``LAC`` is an id before it is the letters of lilac."""
    typed = normalize_piece_id(current).replace(" ", "")
    found = [(name, value) for name, value in pairs if typed in value]
    if not found:
        words = unicodedata.normalize("NFKC", current).strip().casefold()
        found = [(name, value) for name, value in pairs if words in name.casefold()]
    return [Choice(name=name[:100], value=value) for name, value in found][:MAX_CHOICES]


def piece_caption(piece: HandPiece, locale: str) -> str:
    """E.g. ``✓ SLR · three-colour · worth 1``: the check marks a piece that fits now."""
    kind = t(f"cubed.kind.{piece.kind}", locale)
    caption = t("cubed.ac.piece", locale, piece=labels.piece_label(piece.id, locale), kind=kind, points=piece.points)
    return ("✓ " if piece.fits else "") + caption


def piece_autocomplete(pending: bool):
    """Your own pieces: the hand (those that fit first), or for keep the pieces
    drawn by Draw 3, keep 1."""

    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        player = _player(interaction)
        if player is None:
            return []
        table, state, seat = player
        view = table.engine.private_view(state, seat)
        if view is None:
            return []
        pieces = view.pending if pending else sorted(view.hand, key=lambda p: not p.fits)
        locale = await user_locale(interaction)
        return _matching([(piece_caption(p, locale), p.id) for p in pieces], current)

    return complete


async def cell_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The labelled cells where the chosen piece fits, naming the rotations that
    work; without a piece, the cells where some piece of your hand fits."""
    player = _player(interaction)
    if player is None:
        return []
    _, state, seat = player
    locale = await user_locale(interaction)
    piece = str(getattr(interaction.namespace, "piece", None) or "")
    if piece:
        pairs = [(t("cubed.ac.cell", locale, cell=label, rotations=", ".join(map(str, rots))), label)
                 for label, _cell, rots in labels.legal_cells_for(state, seat, piece)]
    else:
        names = labels.cell_labels(state)
        fitting = {move.cell for move in legal_placements(state, seat)}
        pairs = [(label, label) for cell, label in names.items() if cell in fitting]
    typed = normalize_piece_id(current).lstrip("#")  # full-width digits too
    return [Choice(name=name[:100], value=value) for name, value in pairs
            if value.startswith(typed)][:MAX_CHOICES]


# ---- the cog -------------------------------------------------------------------------------
class CubedCog(GameCog, name="cubed"):
    game_type = GAME
    group = app_commands.Group(name="cubed", guild_only=True,
                               description=_text("group", "Play CUBED, dominoes with hexagonal pieces"))

    async def _act(self, interaction: discord.Interaction, action: BaseModel, key: str,
                   **params: Any) -> None:
        """Apply the caller's action and answer privately: what happened, what
        they drew (only they see it) and what they may do next. A round that
        ended gets a public summary (see ``announce_rounds``)."""
        table, seat = my_seat(interaction, self.game_type)
        before = list(table.state.hands[seat]) if table.state is not None else []
        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot_of(interaction).tables.act(table.id, interaction.user.id, action)
        locale = await user_locale(interaction)
        state: CubedState = table.state  # type: ignore[assignment]
        if isinstance(action, DrawAction):  # only the drawer sees what they drew
            params["piece"] = labels.pieces_label((Counter(state.hands[seat]) - Counter(before)).elements(),
                                                  locale) or "—"
        if isinstance(action, Draw3Action):
            params["pieces"] = labels.pieces_label(state.pending, locale) or "—"
        lines = ["✅ " + t(key, locale, **labels.localize_piece_params(params, locale))]
        if state.phase in NEXT_STEP and seat in table.to_act():
            lines.append(t(NEXT_STEP[state.phase], locale))
        await reply(interaction, "\n".join(lines))

    # -- starting ----------------------------------------------------------------
    @group.command(name="new", description=_text("new", "Open a CUBED lobby"))
    @app_commands.describe(
        rounds=_text("opt.rounds", "Number of rounds: 1 (quick) or 3"),
        bridge=_text("opt.bridge", "Variant Bridge the gap"),
        fill=_text("opt.fill", "Variant Fill the void"),
        draw3=_text("opt.draw3", "Variant Draw 3, keep 1"),
        points=_text("opt.points", "Points for pieces left in hand (per kind: Options in the lobby)"),
    )
    @app_commands.choices(points=POINTS_CHOICES)
    async def new(self, interaction: discord.Interaction, rounds: Literal[1, 3] = 3,
                  bridge: bool = False, fill: bool = False, draw3: bool = False,
                  points: str = "standard") -> None:
        async with refusals(interaction):
            config = {"rounds": rounds, "bridge": bridge, "fill": fill, "draw3": draw3, "points": points}
            await self.open_lobby(interaction, config)

    @group.command(name="solo", description=_text("solo", "Start a solo game of CUBED"))
    async def solo(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self.open_and_start(interaction, {"solo": True})

    # -- moves -------------------------------------------------------------------------
    @group.command(name="place", description=_text("place", "Place a piece from your hand"))
    @app_commands.describe(
        piece=_text("opt.piece", "Piece id from your hand, e.g. SLR"),
        cell=_text("opt.cell", "Number shown on the board, or q,r"),
        rotation=_text("opt.rotation", "0, 1 or 2 (clockwise turns of 120°); empty: the first that fits"),
    )
    @app_commands.autocomplete(piece=piece_autocomplete(pending=False), cell=cell_autocomplete)
    async def place(self, interaction: discord.Interaction, piece: str, cell: str,
                    rotation: Literal[0, 1, 2] | None = None) -> None:
        async with refusals(interaction):
            table, seat = my_seat(interaction, self.game_type)
            where = labels.parse_cell(cell, table.state)
            if rotation is None:  # the first rotation that fits there, else 0 (and the engine says why)
                rotation = next(iter(labels.fitting_rotations(table.state, seat, piece, where)), 0)
            action = PlaceAction(piece=piece, cell=where, rotation=rotation)
            name = labels.cell_name(table.state, where)
            await self._act(interaction, action, "cubed.ok.placed", piece=action.piece, cell=name,
                            rotation=rotation)

    @group.command(name="draw", description=_text("draw", "Draw a piece from the bag"))
    async def draw(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self._act(interaction, DrawAction(), "cubed.ok.drew")

    @group.command(name="pass", description=_text("pass", "Pass, or end your turn"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self._act(interaction, PassAction(), "cubed.ok.passed")

    # -- variants ----------------------------------------------------------------------
    @group.command(name="draw3",
                   description=_text("draw3", "Draw 3, keep 1: draw up to three pieces instead of playing"))
    async def draw3(self, interaction: discord.Interaction) -> None:
        async with refusals(interaction):
            await self._act(interaction, Draw3Action(), "cubed.ok.drew3")

    @group.command(name="keep", description=_text("keep", "Draw 3, keep 1: choose the piece to keep"))
    @app_commands.describe(piece=_text("opt.piece", "Piece id from your hand, e.g. SLR"))
    @app_commands.autocomplete(piece=piece_autocomplete(pending=True))
    async def keep(self, interaction: discord.Interaction, piece: str) -> None:
        async with refusals(interaction):
            action = KeepAction(piece=piece)
            await self._act(interaction, action, "cubed.ok.kept", piece=action.piece)

    @group.command(name="give", description=_text("give", "Fill the void: give a piece to another player"))
    @app_commands.describe(piece=_text("opt.piece", "Piece id from your hand, e.g. SLR"),
                           player=_text("opt.player", "The player who receives the piece"))
    @app_commands.autocomplete(piece=piece_autocomplete(pending=False))
    async def give(self, interaction: discord.Interaction, piece: str, player: discord.Member) -> None:
        async with refusals(interaction):
            to_seat = self.table(interaction).seat_of(player.id)
            if to_seat is None:
                raise IllegalAction("cubed.err.not_a_player", player=player.display_name)
            action = GiveAction(piece=piece, to_seat=to_seat)
            await self._act(interaction, action, "cubed.ok.gave", piece=action.piece,
                            player=safe_name(player.display_name))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CubedCog(bot))
