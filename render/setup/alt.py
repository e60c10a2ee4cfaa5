"""SETUP in words: the board's alt text (public view only) and a hand's
(one seat's private view), and their longer forms for text-only players.
Tiles keep their suit symbols (what commands take; screen readers name
them: "black heart suit 7"), asked for in their text form."""
from __future__ import annotations

from engines.setup import rules
from engines.setup.models import SetupPrivateView, SetupPublicView
from i18n import t
from render.words import Line, fit_lines, group_separator, listing, separator


def _seat(view: SetupPublicView, seat: int, locale: str) -> str:
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    label = view.seat_labels[seat]
    return f"{label} {name}" if name and name != label else label


def _tiles(tiles: list[str], locale: str) -> str:
    return rules.plain(separator(locale).join(tiles)) if tiles else t("alt.common.none", locale)


def _status(view: SetupPublicView, locale: str) -> str:
    if view.finished:
        winners = [s for s, rank in enumerate(view.ranks or []) if rank == 1]
        if len(winners) == view.num_players:
            return t("render.setup.over_tie", locale)
        if view.teams is not None:
            return t("render.setup.over_team", locale, team=view.seat_labels[winners[0]][0])
        return t("render.setup.over_winner", locale, names=" + ".join(_seat(view, s, locale) for s in winners))
    if view.to_act is None:
        return ""
    return t("alt.setup.to_play", locale, name=_seat(view, view.to_act, locale))


def _scores(view: SetupPublicView, locale: str) -> Line:
    order = sorted(range(view.num_players), key=view.turn_order.index)
    full = [t("alt.setup.score", locale, name=_seat(view, s, locale), score=view.scores[s], hand=view.hand_counts[s])
            for s in order]
    short = [t("alt.setup.score_short", locale, name=view.seat_labels[s], score=view.scores[s]) for s in order]
    label = t("alt.setup.scores", locale, finish=view.finish)
    return Line.of(t("alt.common.label", locale, label=label, text=group_separator(locale).join(full)),
                   t("alt.common.label", locale, label=label, text=separator(locale).join(short)))


def _squares(view: SetupPublicView, locale: str) -> Line:
    items = []
    for sq in view.squares:
        if sq.top is None:
            continue
        text = f"{sq.square} {rules.plain(sq.top)}"
        if sq.under:
            text += t("alt.setup.under", locale, n=sq.under)
        items.append(text)
    covered = len(items)
    empty = [sq.square for sq in view.squares if sq.top is None]
    if empty:
        items.append(t("alt.setup.empty", locale, squares=" ".join(empty)))
    summary = t("alt.setup.squares_count", locale, n=covered, total=len(view.squares))
    return listing(t("alt.setup.squares", locale), items, locale, summary, grouped=True)


def _last_move(view: SetupPublicView, locale: str) -> str:
    last = view.last_move
    if last is None:
        return ""
    name = _seat(view, last.seat, locale)
    if last.kind == "swap":
        return t("alt.setup.last_swap", locale, name=name, n=last.swapped)
    placed = rules.plain(", ".join(f"{tile} {sq}" for tile, sq in last.placements))
    text = t("alt.setup.last_play", locale, name=name, move=placed, points=last.points)
    bonuses = [t("alt.setup.bonus", locale, name=view.seat_labels[s], n=n) for s, n in last.bonuses.items()]
    return " · ".join([text, *bonuses])


def board_words(view: SetupPublicView, locale: str, limit: int) -> str:
    mode = (t("render.setup.mode_teams", locale) if view.mode == "teams"
            else t("render.setup.mode_players", locale, n=view.num_players))
    title = t("alt.setup.title", locale, game=t("render.setup.title", locale), mode=mode, move=view.move_number + 1)
    common = t("alt.setup.common", locale, tiles=_tiles(view.common, locale), bag=view.bag_count)
    return fit_lines([title, _status(view, locale), _scores(view, locale), _last_move(view, locale), common,
                      _squares(view, locale)], limit)


def hand_words(view: SetupPrivateView, locale: str, limit: int) -> str:
    title = t("alt.setup.hand_title", locale, label=view.seat_label)
    if view.your_turn:
        title += " " + t("alt.setup.your_turn", locale)
    lines = [title, t("alt.setup.hand", locale, tiles=_tiles(view.hand, locale))]
    if view.partner_hand is not None:
        partner = f"{view.partner_label or ''} {(view.partner_name or '').strip()}".strip()
        lines.append(t("alt.setup.partner", locale, name=partner, tiles=_tiles(view.partner_hand, locale)))
    lines.append(t("alt.setup.hand_common", locale, tiles=_tiles(view.common, locale)))
    lines.append(t("alt.setup.allowed", locale, squares=" ".join(view.allowed_squares)))
    return fit_lines(lines, limit)
