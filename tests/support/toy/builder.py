"""Take-away by clicking: a menu of the cards you may play (each says how
many counters it leaves), then Confirm."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from cogs.play.builder import ids
from cogs.play.builder.model import Button, Menu, Option, Screen
from engines.base import IllegalAction
from i18n import t
from tables.text import game_name
from tests.support.toy.engine import Take


class ToyBuilder:
    game_type = "toy"

    def quick(self, table: Any, seat: int, name: str) -> BaseModel:
        raise IllegalAction("builder.gone")  # no one-click buttons

    def done_text(self, action: BaseModel, locale: str) -> str:
        assert isinstance(action, Take)
        return "✅ " + t("toy.build.done", locale, card=action.card)

    def screen(self, table: Any, seat: int, path: tuple[str, ...], locale: str) -> Screen:
        title = t("builder.title", locale, game=game_name("toy", locale), id=table.id)
        if seat not in table.to_act():
            waiting = ", ".join(table.seats[s].name for s in table.to_act())
            return Screen([title, t("builder.wait", locale, players=waiting)],
                          buttons=[Button(t("builder.refresh", locale), ids.REFRESH)])
        view = table.engine.private_view(table.state, seat)
        playable = [c for c in view.hand if c <= view.pile]
        menu = Menu(t("toy.build.pick", locale), [
            Option(str(c), t("toy.build.card", locale, card=c), t("toy.build.leaves", locale, left=view.pile - c))
            for c in playable], ())
        lines = [title, t("toy.build.pile", locale, pile=view.pile)]
        if not path:
            return Screen(lines + [t("toy.build.start", locale)], menu)
        if len(path) > 1 or not path[0].isdigit() or int(path[0]) not in playable:
            raise IllegalAction("builder.gone")
        chosen = int(path[0])
        menu.chosen = (path[0],)
        lines += [t("toy.build.chosen", locale, card=chosen, left=view.pile - chosen), t("builder.confirm_hint", locale)]
        return Screen(lines, menu, action=Take(card=chosen))


BUILDER = ToyBuilder()
