"""/learn's private message: one tutorial step as text, a picture and the
game's own click builder (cogs/play/builder/<game>.py), so the player learns the
real controls. The builder reads a live table; ``TutorialBoard`` is the few
parts of one it reads, over the tutorial's state. Nothing here is a game of
the table service: no games row, no rating, no history."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import discord

from cogs.common import render
from cogs.learn.tutorial.ids import NEW, LearnRef
from cogs.play.builder import ids
from cogs.play.builder.controls import add_menu, screen_buttons
from cogs.play.builder.model import Button, Screen
from cogs.play.builder.registry import builder_of
from cogs.play.panel_view import PanelMessage
from cogs.play.pictures import alt_text
from engines.base import IllegalAction
from engines.tutorial import LEARNER
from games.definition import GameDefinition
from i18n import t
from tables.learning import AI_NAME, Learning
from tables.records import Seat
from tables.text import game_name


@dataclass
class Record:
    """What the builder reads of a game record."""

    id: int
    seed: int
    game_type: str
    version: int


class TutorialBoard:
    """The parts of a live table a game's builder reads, over a tutorial's state."""

    scripted = True  # the tutorial plays the routine parts (the passes that end a step) itself

    def __init__(self, definition: GameDefinition, user_id: int, name: str, step: int, state: Any) -> None:
        self.definition = definition
        self.engine = definition.engine
        self.id = 0  # never a game id: tutorials are not games
        self.state = state
        self.seats = [Seat(user_id=user_id, name=name), Seat(name=AI_NAME)]
        self.record = Record(0, user_id, definition.game_type, step)

    def to_act(self) -> list[int]:
        return list(self.engine.to_act(self.state))


def board(learning: Learning) -> TutorialBoard:
    return TutorialBoard(learning.definition, learning.user_id, learning.name, learning.step, learning.state)


# ---- the message -------------------------------------------------------------------
@dataclass(frozen=True)
class Controls:
    """The tutorial's button and menu classes (``cogs.learn.tutorial.cog`` builds
    them over its click handler, which draws this screen: passed in, not imported)."""

    button: type
    select: type


def controls(session: Learning, screen: Screen | None, path: tuple[str, ...], page: int,
             locale: str, kinds: Controls) -> discord.ui.View:
    """The builder's menu and buttons (as cogs.play.builder.items draws them for a
    real game), carrying the tutorial's ids, and Start over."""
    view = discord.ui.View(timeout=None)
    game, step = session.game_type, session.step
    buttons: list[Button] = []
    if screen is not None:
        add_menu(view, screen, path, page, locale, lambda op, at, where: LearnRef(game, step, op, at, where),
                 kinds.button, kinds.select)
        buttons = screen_buttons(screen, path, locale)
    buttons.append(Button(t("tutorial.start_over", locale), NEW))
    for button in buttons:
        view.add_item(kinds.button(LearnRef(game, step, button.op, 0, button.path), button.label,
                                   "secondary" if button.disabled else button.style, button.disabled))
    return view


def builder_screen(session: Learning, path: tuple[str, ...], locale: str) -> tuple[Screen, tuple[str, ...]]:
    """The game's builder at ``path`` for the learner (the start again when
    ``path`` is no longer a way into a move)."""
    builder = builder_of(board(session))
    if builder is None:
        raise IllegalAction("tutorial.none", game=session.game_type)
    try:
        return builder.screen(board(session), LEARNER, path, locale), path
    except (IllegalAction, ValueError):
        return builder.screen(board(session), LEARNER, (), locale), ()


def action_of(session: Learning, ref: LearnRef, locale: str) -> Any:
    """The action a Confirm or a one-click button builds, or None."""
    builder = builder_of(board(session))
    if builder is None:
        return None
    if ref.op == ids.QUICK:
        return builder.quick(board(session), LEARNER, ref.path[0] if ref.path else "")
    return builder_screen(session, ref.path, locale)[0].action


async def compose(session: Learning, locale: str, kinds: Controls, path: tuple[str, ...] = (), page: int = 0,
                  notes: list[str] | None = None) -> PanelMessage:
    notes = list(notes or [])
    game = game_name(session.game_type, locale)
    if session.finished:
        return await summary(session, locale, notes, kinds)
    tutorial, step = session.tutorial, session.tutorial.steps[session.step]
    screen, path = builder_screen(session, path, locale)
    lines = [t("tutorial.title", locale, game=game),
             t("tutorial.step", locale, step=session.step + 1, steps=len(tutorial.steps),
               name=t(tutorial.key(step, "name"), locale)),
             t(tutorial.key(step, "do"), locale, **tutorial.params)]
    lines += screen.lines[1:]  # the builder's title names a game id a tutorial does not have
    lines += notes + [t("tutorial.private", locale)]
    message = PanelMessage("\n".join(lines), view=controls(session, screen, path, page, locale, kinds), path=path)
    renderer = session.definition.renderer
    public = session.engine_view()
    if screen.preview is not None:
        message.image, message.image_name = await render(screen.preview), "preview.png"
    else:
        message.image = await asyncio.to_thread(board_png, renderer, public, locale, step.highlight)
        message.image_name = "tutorial.png"
    message.description = alt_text(renderer, "board", public, locale)
    return message


def board_png(renderer: Any, public: Any, locale: str, highlight: tuple[Any, ...]) -> bytes:
    """The board with the step's cells outlined (the builder's highlight)."""
    png: bytes = renderer.board_png(public, locale, highlight=highlight) if highlight \
        else renderer.board_png(public, locale)
    return png


async def summary(session: Learning, locale: str, notes: list[str], kinds: Controls) -> PanelMessage:
    """The closing screen: what each step taught, and where to go next."""
    tutorial, game = session.tutorial, game_name(session.game_type, locale)
    lines = notes + [t("tutorial.summary.title", locale, game=game), t("tutorial.summary.learnt", locale)]
    lines += ["• " + t(tutorial.key(step, "learnt"), locale) for step in tutorial.steps]
    lines += [t(f"tutorial.{session.game_type}.next", locale), t("tutorial.summary.again", locale)]
    renderer = session.definition.renderer
    public = session.engine_view()
    image = await asyncio.to_thread(renderer.board_png, public, locale)
    return PanelMessage("\n".join(lines), image, "tutorial.png", controls(session, None, (), 0, locale, kinds),
                        alt_text(renderer, "board", public, locale))

