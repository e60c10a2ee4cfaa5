"""The words of a finished game's results message."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.views import ai_level_text
from i18n import t
from tables.text import game_name, safe_name

if TYPE_CHECKING:
    from tables.service import GameSummary, LiveTable


def results_text(table: "LiveTable", summary: "GameSummary", locale: str) -> str:
    """The title, how the game ended, one line per player (rank, score,
    rating change) and why it was not rated. Players are mentioned: the
    message pings them. A shared first place (a draw) reads as a draw, and
    scores that say nothing (all zero, e.g. after an agreed end) are left out."""
    lines = [t("core.result.title", locale, game=game_name(table.record.game_type, locale), id=table.id),
             t(summary.reason, locale)]
    standings = sorted(summary.standings, key=lambda s: (s.rank, s.seat))
    all_drawn = len({st.rank for st in standings}) == 1 and len(standings) > 1
    scores_tell = any(st.score not in (None, 0) for st in standings)
    for st in standings:
        seat = table.seats[st.seat]
        name = f"<@{seat.user_id}>" if seat.user_id is not None else \
            f"🤖 {safe_name(seat.name)} ({ai_level_text(seat.ai_level, locale)})"
        line = t("core.result.draw_line" if all_drawn else "core.result.line", locale, rank=st.rank, name=name)
        if scores_tell and st.score is not None:
            line += " · " + t("core.result.score", locale, score=f"{st.score:g}")
        if st.rating_after is not None:
            line += " · " + rating_change(st.rating_before, st.rating_after, locale)
        if st.resigned:
            line += " · " + t("core.result.resigned", locale)
        lines.append(line)
    if not summary.rated:
        lines.append(t(summary.unrated_reason or "core.result.unrated", locale))
    if summary.ai_marked:
        lines.append(t("core.result.ai_marked", locale))
    return "\n".join(lines)


def rating_change(before: float | None, after: float, locale: str) -> str:
    """"rating 10.2 → 11.5 (+1.3)"; a first rated game: "first rating 11.5"."""
    if before is None:
        return t("core.result.first_rating", locale, after=f"{after:.1f}")
    return t("core.result.rating_delta", locale, before=f"{before:.1f}", after=f"{after:.1f}",
             delta=f"{after - before:+.1f}")
