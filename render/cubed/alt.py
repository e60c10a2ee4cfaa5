"""CUBED in words: the board's alt text (public view only) and a hand's
(one seat's private view), and their longer forms for text-only players.
A piece's faces are named top, right, left, in the reader's words (sky,
lilac … in English; the face characters 蓝紫粉 … in Chinese); blockers'
purple faces are X."""
from __future__ import annotations

from engines.cubed.models import CubedPrivateView, CubedPublicView, HandPiece
from i18n import t
from render.words import Line, fit_lines, group_separator, listing, separator

OPEN_PHASES = ("drawn", "bonus", "give", "keep")


def faces(colours: tuple[str, str, str] | list[str], locale: str) -> str:
    """``('sky', 'lilac', 'rose')`` -> ``sky-lilac-rose`` / ``蓝紫粉``."""
    return t("alt.cubed.face_sep", locale).join(t(f"alt.cubed.face.{c}", locale) for c in colours)


def _seat(view: CubedPublicView, seat: int, locale: str) -> str:
    name = view.seat_names[seat].strip() if seat < len(view.seat_names) else ""
    return f"P{seat + 1} {name}" if name and name != f"P{seat + 1}" else f"P{seat + 1}"


def _title(view: CubedPublicView, locale: str) -> str:
    stage = (t("render.cubed.solo", locale) if view.config.solo
             else t("render.cubed.round", locale, round=view.round, rounds=view.rounds))
    variants = [t(f"render.cubed.{n}", locale) for n, on in (("bridge", view.config.bridge),
                                                             ("fill", view.config.fill),
                                                             ("draw3", view.config.draw3)) if on]
    text = t("alt.cubed.title", locale, game=t("render.cubed.title", locale), stage=stage, bag=view.bag_count)
    return text + (" · " + " · ".join(variants) if variants else "")


def _status(view: CubedPublicView, locale: str) -> str:
    if view.config.solo:
        if view.solo_outcome in ("won", "lost"):
            return t(f"render.cubed.{view.solo_outcome}", locale)
        return t("render.cubed.solo_draws", locale, n=view.solo_draws)
    if view.phase == "over":
        return t("render.cubed.winner", locale, names=", ".join(_seat(view, s, locale) for s in view.winners))
    hint = t(f"render.cubed.phase_{view.phase}", locale) if view.phase in OPEN_PHASES else ""
    return t("render.cubed.turn", locale, name=_seat(view, view.current, locale)) + (f" {hint}" if hint else "")


def _scores(view: CubedPublicView, locale: str) -> Line:
    full, short = [], []
    for seat in range(len(view.seat_names)):
        rounds = [str(scores[seat]) for scores in view.round_scores if seat < len(scores)]
        total = view.totals[seat] if seat < len(view.totals) else 0
        key = "alt.cubed.score" if rounds and view.rounds > 1 else "alt.cubed.score_total"
        full.append(t(key, locale, name=_seat(view, seat, locale), hand=view.hand_sizes[seat], total=total,
                      rounds=" ".join(rounds)))
        short.append(t("alt.cubed.score_short", locale, name=f"P{seat + 1}", hand=view.hand_sizes[seat], total=total))
    label = t("alt.cubed.scores", locale)
    return Line.of(t("alt.common.label", locale, label=label, text=group_separator(locale).join(full)),
                   t("alt.common.label", locale, label=label, text=separator(locale).join(short)))


def _last(view: CubedPublicView, locale: str) -> str:
    if view.last_placed is None:
        return ""
    cell = tuple(view.last_placed)
    piece = next((p for p in view.table if (p.q, p.r) == cell), None)
    if piece is None:
        return ""
    return t("alt.cubed.last", locale, faces=faces(piece.faces, locale), cell=f"{piece.q},{piece.r}")


def _table(view: CubedPublicView, locale: str) -> Line:
    if not view.table and view.previous_table:
        items = [f"{p.q},{p.r} {faces(p.faces, locale)}" for p in view.previous_table]
        label = t("render.cubed.recap", locale, n=view.round - 1)
        return listing(label, items, locale, t("alt.cubed.pieces", locale, n=len(items)), grouped=True)
    items = [f"{p.q},{p.r} {faces(p.faces, locale)}" for p in reversed(view.table)]  # newest first: kept longest
    if not items:
        return Line.of(t("alt.common.label", locale, label=t("alt.cubed.table", locale),
                         text=t("render.cubed.empty", locale)))
    return listing(t("alt.cubed.table", locale), items, locale, t("alt.cubed.pieces", locale, n=len(items)),
                   grouped=True)


def _open(view: CubedPublicView, locale: str) -> Line:
    items = [t("alt.cubed.open_cell", locale, label=c.label, cell=f"{c.q},{c.r}") for c in view.labels]
    blocked = " · " + t("alt.cubed.blocked", locale, n=len(view.blocked)) if view.blocked else ""
    if not items:
        return Line.of(t("alt.cubed.cells", locale, n=0) + blocked)
    line = listing(t("alt.cubed.open", locale), items, locale, t("alt.cubed.cells", locale, n=len(items)),
                   grouped=True)
    return Line(tuple(form + blocked for form in line.forms))


def board_words(view: CubedPublicView, locale: str, limit: int) -> str:
    return fit_lines([_title(view, locale), _status(view, locale), _scores(view, locale), _last(view, locale),
                      _open(view, locale), _table(view, locale)], limit)


def _piece(piece: HandPiece, locale: str) -> str:
    points = t("render.cubed.pt" if piece.points == 1 else "render.cubed.pts", locale, n=piece.points)
    text = f"{piece.id} {faces(piece.faces, locale)} {points}"
    return text + (" " + t("render.cubed.fits", locale) if piece.fits else "")


def hand_words(view: CubedPrivateView, locale: str, limit: int) -> str:
    title = t("alt.cubed.hand_title", locale)
    if view.your_turn:
        title += " " + t("alt.cubed.your_turn", locale)
    fits = sum(1 for p in view.hand if p.fits)
    summary = t("alt.cubed.fitting", locale, n=fits)
    hand_label = t("render.cubed.hand", locale, count=len(view.hand), points=sum(p.points for p in view.hand))
    lines: list[Line | str] = [title]
    if view.pending:
        lines.append(listing(t("render.cubed.pending", locale, count=len(view.pending)),
                             [_piece(p, locale) for p in view.pending], locale))
    ordered = sorted(view.hand, key=lambda p: not p.fits)  # what fits now first: it survives a shortened list
    lines.append(listing(hand_label, [_piece(p, locale) for p in ordered], locale, summary))
    return fit_lines(lines, limit)
