"""Death Front in words: the board's alt text (public view only) and a
hand's (one seat's private view), and their longer forms for text-only
players. Cards are named as players know them (cards.toml), never by id."""
from __future__ import annotations

from collections import Counter

from engines.deathfront.cards import card_name
from engines.deathfront.models import DeathFrontPrivateView, DeathFrontPublicView, TileView
from i18n import t
from render.deathfront.hand import card_stats
from render.deathfront.style import faction_tag, seat_name
from render.words import Line, fit_lines, group_separator, listing, side_by_side, tagged

SIDES = ("allies", "axis")


def _seat(view: DeathFrontPublicView, seat: int, locale: str) -> str:
    return tagged(seat_name(view, seat, locale), faction_tag(view.seats[seat].faction, locale), locale)


def _title(view: DeathFrontPublicView, locale: str) -> str:
    phase = t(f"deathfront.phase.{view.phase}", locale)
    step = t(f"deathfront.step.{view.step}", locale)
    if view.result is not None or step == phase:
        return t("render.deathfront.header_phase", locale, round=view.round, limit=view.round_limit, phase=phase)
    return t("render.deathfront.header", locale, round=view.round, limit=view.round_limit, phase=phase, step=step)


def _status(view: DeathFrontPublicView, locale: str) -> str:
    if view.result is not None:
        winners = {view.seats[s].side for s, rank in enumerate(view.result.ranks) if rank == 1}
        word = t("render.deathfront." + ("draw" if len(winners) == 2 else
                                         "allies_win" if winners == {0} else "axis_win"), locale)
        reason = t(view.result.reason, locale) if view.result.reason else ""
        return f"{word} · {reason}" if reason and not reason.startswith("deathfront.") else word
    names = ", ".join(_seat(view, s, locale) for s in (view.end_vote.waiting if view.end_vote else view.to_act))
    if view.end_vote is not None:
        return t("render.deathfront.end_vote", locale, names=names)
    if view.pending_advance is not None:
        return t("render.deathfront.advance", locale, name=_seat(view, view.pending_advance.seat, locale),
                 cell=view.pending_advance.cell)
    return t("render.deathfront.to_act", locale, names=names)


def _players(view: DeathFrontPublicView, locale: str) -> Line:
    order = view.order or list(range(len(view.seats)))
    items = [t("alt.deathfront.player", locale, name=_seat(view, s, locale),
               side=t(f"deathfront.side.{SIDES[view.seats[s].side]}", locale),
               counts=t("render.deathfront.counts", locale, hand=view.seats[s].hand_count,
                        deck=view.seats[s].deck_count, discard=view.seats[s].discard_count))
             for s in order]
    territory = t("render.deathfront.territory", locale, allies=view.territory[0], axis=view.territory[1])
    return Line.of(group_separator(locale).join(items) + "\n" + territory, territory)


def _tile(tile: TileView, locale: str) -> str:
    card = tile.card
    name = f"{tile.cell} " + tagged(card_name(card.id, locale), faction_tag(card.faction, locale), locale)
    if card.type == "resource":
        return name + " " + t("alt.deathfront.resource", locale, level=card.level, defence=card.defence)
    marks = [t("alt.deathfront." + mark, locale) for mark, on in (("used", tile.exhausted), ("smoked", tile.smoked))
             if on]
    return " ".join([name, f"{card.attack}/{card.defence}", *marks])


def _side(view: DeathFrontPublicView, side: int, locale: str) -> Line:
    tiles = sorted((tile for tile in view.tiles if tile.side == side), key=lambda tile: tile.cell)
    units = sum(1 for tile in tiles if tile.card.type == "unit")
    summary = t("alt.deathfront.side_count", locale, units=units, resources=len(tiles) - units)
    label = t(f"deathfront.side.{SIDES[side]}", locale)
    if not tiles:
        return Line.of(t("alt.common.label", locale, label=label, text=t("alt.common.none", locale)))
    return listing(label, [_tile(tile, locale) for tile in tiles], locale, summary, grouped=True)


def _facilities(view: DeathFrontPublicView, locale: str) -> Line:
    if not view.facilities:
        return Line.of("")
    items = [t("alt.deathfront.facility", locale, cell=tile.cell, name=card_name(tile.card.id, locale),
               tag=faction_tag(tile.card.faction, locale), defence=tile.card.defence)
             for tile in view.facilities]
    return listing(t("alt.deathfront.facilities", locale), items, locale,
                   t("alt.deathfront.facility_count", locale, n=len(items)))


def _last(view: DeathFrontPublicView, locale: str) -> str:
    last = view.last
    if last is None:
        return ""
    text = t(f"alt.deathfront.last_{last.kind}", locale, name=_seat(view, last.seat, locale),
             cells=", ".join(last.sources), target=last.target)
    if last.total is not None:
        key = "destroyed" if last.destroyed else "held"
        text += " · " + t(f"render.deathfront.{key}", locale, total=last.total, defence=last.defence)
    return text


def board_words(view: DeathFrontPublicView, locale: str, limit: int) -> str:
    return fit_lines([_title(view, locale), _status(view, locale), _last(view, locale), _players(view, locale),
                      _facilities(view, locale), side_by_side(_side(view, 0, locale), _side(view, 1, locale))],
                     limit)


def hand_words(view: DeathFrontPrivateView, locale: str, limit: int) -> str:
    title = t("render.deathfront.hand_title", locale, faction=t(f"deathfront.faction.{view.faction}", locale),
              count=len(view.hand), deck=view.deck_count)
    if view.can_mulligan:
        title += " " + t("render.deathfront.mulligan", locale)
    counts = Counter(card.id for card in view.hand)
    lines: list[Line | str] = [title]
    seen: set[str] = set()
    for card in view.hand:
        if card.id in seen:
            continue
        seen.add(card.id)
        name = card_name(card.id, locale)
        if counts[card.id] > 1:
            name += " " + t("deathfront.label.copies", locale, n=counts[card.id])
        lines.append(Line.of(t("alt.common.label", locale, label=name, text=card_stats(card, locale)), name))
    return fit_lines(lines, limit)
